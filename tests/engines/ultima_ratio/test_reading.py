"""A state's reading (``state.reading``, issue 27's speed): while a view, a legal list or a move's check reads a
state, its counters by location and by power, the areas each power controls and the answers asked again are worked
out once. These tests prove that a reading never disagrees with a scan of the state, that it changes no list a
player is offered, and that nothing moves a counter while its state is read."""

from __future__ import annotations

import contextlib
import random

import orjson
import pytest

from engines.ultima_ratio import state as st
from engines.ultima_ratio.bots.heuristic import heuristic_bot
from engines.ultima_ratio.game import GAME
from engines.ultima_ratio.leaders import leader_state

SIM = GAME.simulation()
KINDS = (None, "troop", "squadron")
# every kind at every place ``units_of`` is asked of (a reading makes them all in one pass over a power's counters)
WHERE = tuple((kind, where) for kind in KINDS for where in (None, "map", "box", "available", "eliminated"))


def positions(seed: int, players: int, moves: int, bot: str = "heuristic"):
    """The positions of a 9.2 game played by ``bot`` from ``seed`` (each with the role to act)."""
    rnd = random.Random(seed)
    pick = heuristic_bot if bot == "heuristic" else SIM.bots[bot]
    state = SIM.begin(seed, {"scenario": "new-order", "players": players}).state
    for _ in range(moves):
        if SIM.outcome(state) is not None:
            return
        role = SIM.active_roles(state)[0]
        yield state, role
        verb, arg = pick(SIM, SIM.view(state, role), role, rnd)
        state = SIM.apply(state, role, verb, arg)


def scanned(s: dict) -> dict:
    """Every question the reading answers from its index, asked outside a reading (a scan of the counters)."""
    powers = sorted({info["power"] for info in s["units"].values()} | set(s["powers"]) | set(s["minors"]))
    there: dict[str, set] = {"area:nowhere": set(), "sea:nowhere": set()}
    for info in s["units"].values():
        there.setdefault(info["loc"], set()).add(info["power"])
    return {
        "at": {
            f"{loc}|{power}|{kind}": st.units_at(s, loc, power, kind)
            for loc, present in sorted(there.items())
            for power in (None, *sorted(present), "nobody")
            for kind in KINDS
        },
        "of": {
            f"{power}|{kind}|{where}": st.units_of(s, power, kind, where) for power in powers for kind, where in WHERE
        },
        "controlled": {power: st.controlled(s, power) for power in powers},
        "by_controls": {power: [a for a in s["areas"] if st.controls(s, power, a)] for power in powers},
        "besieged_by": {power: st.besieged_by(s, power) for power in powers},
        "possessions": {power: st.possessions(s, power) for power in powers},
        "leaders_on": {u: leader_state.leaders_on(s, [u, u]) for u in [*s["units"], "fortress:area:nowhere"]},
        "leaders_on_all": leader_state.leaders_on(s, [*s["units"], *(f"fortress:{a}" for a in s["areas"])]),
        "in_order": st.in_order(s, [*sorted(s["areas"], reverse=True)[::3], "nowhere"]),
    }


@pytest.mark.parametrize(("seed", "players", "bot"), [(1, 6, "heuristic"), (2, 4, "random"), (5, 3, "heuristic")])
def test_a_reading_answers_as_a_scan_of_the_counters(seed, players, bot):
    """At every position of random and heuristic 9.2 games, each question asked within a reading (units by
    location, power and kind; a power's counters; the areas it controls) answers exactly as the scan outside it,
    in the same order (the order of ``s["units"]``)."""
    checked = 0
    for n, (s, _role) in enumerate(positions(seed, players, 300, bot)):
        if n % 2:
            continue
        plain = scanned(s)
        assert plain["controlled"] == plain["by_controls"]
        with st.reading(s):
            assert st.read(s) is not None
            assert scanned(s) == plain
        assert st.read(s) is None
        checked += 1
    assert checked == 150  # none of these games ends so soon


def test_a_powers_counters_at_every_place_are_those_of_a_scan():
    """Along a whole 9.2 game (the dispersed boxes and the box of the eliminated fill up after the first turns), a
    power's counters of each kind at each place (``units_of``, made in one pass per power within a reading) are
    those of the scan outside it, in the same order; every place held counters at some position."""
    met = set()
    for n, (s, _role) in enumerate(positions(1, 6, 2500)):
        if n % 25:
            continue
        powers = sorted({info["power"] for info in s["units"].values()})
        plain = {(power, kind, where): st.units_of(s, power, kind, where) for power in powers for kind, where in WHERE}
        with st.reading(s):
            assert {key: st.units_of(s, *key) for key in plain} == plain, n
        met |= {where for (_power, _kind, where), found in plain.items() if found}
    assert met == {None, "map", "box", "available", "eliminated"}


@pytest.mark.parametrize(("seed", "players"), [(3, 6), (4, 5)])
def test_a_reading_changes_no_list_and_no_state(seed, players, monkeypatch):
    """The legal list, the view and a move's check are the same with and without the reading's index and
    remembered answers, and none of them changes the state."""
    with_reading = []
    for s, role in positions(seed, players, 220):
        before = orjson.dumps(s)
        legal = SIM.legal(s, role)
        view = SIM.view(s, role)
        first = next(((verb, args[0]) for verb, args in legal.items() if args), None)
        allowed = first is not None and SIM.allows(s, role, *first)
        assert orjson.dumps(s) == before
        with_reading.append((s, role, legal, view, first, allowed))
    monkeypatch.setattr(st, "reading", lambda s, keep=False: contextlib.nullcontext())
    for s, role, legal, view, first, allowed in with_reading:
        assert SIM.legal(s, role) == legal
        assert SIM.view(s, role) == view
        assert allowed == (first is not None and SIM.allows(s, role, *first))


def test_a_counter_never_moves_while_its_state_is_read():
    """A rule that moved a counter inside a reading would leave the reading's index stale: it raises instead."""
    s = SIM.begin(1, {"scenario": "new-order", "players": 6}).state
    uid = next(iter(s["units"]))
    with st.reading(s), pytest.raises(RuntimeError):
        st.move_unit(s, uid, "available")
    with st.reading(s), pytest.raises(RuntimeError):
        st.new_unit(s, "power:spain-troop-99", "power:spain", "troop", "2-3")
    other = orjson.loads(orjson.dumps(s))
    with st.reading(s):
        st.move_unit(other, uid, "eliminated")  # another state is not the one being read
    assert other["units"][uid]["loc"] == "eliminated"


def test_a_kept_reading_serves_the_view_the_list_and_the_check_of_one_position():
    """The view, the legal list and a move's check of one position share one kept reading (the prompt asked
    once): each answers as the same question asked of a fresh copy of the state, every offered move is allowed and
    a move not offered is not."""
    for n, (s, role) in enumerate(positions(6, 6, 400)):
        if n % 5:
            continue
        view = SIM.view(s, role)
        assert st.known(s, ("prompt", role)) is None  # outside any reading nothing is known
        with st.reading(s, keep=True):
            assert st.known(s, ("prompt", role)) is not None  # the view's reading was kept, its prompt with it
        legal = SIM.legal(s, role)
        fresh = orjson.loads(orjson.dumps(s))
        assert legal == SIM.legal(fresh, role) == view["prompt"]["legal"]
        assert view == SIM.view(fresh, role)
        for verb, args in legal.items():
            for arg in args:
                assert SIM.allows(s, role, verb, arg)
        assert not SIM.allows(s, role, "no_such_verb", None)
        legal["no_such_verb"] = [None]  # a caller's copy: changing it changes nothing the reading keeps
        assert "no_such_verb" not in SIM.legal(s, role)


def test_a_state_changed_in_place_is_read_anew():
    """A kept reading serves only the state byte for byte as it was: a state changed in place between two questions
    (as tests do) is read again, and answers as a fresh copy of it."""
    for s, role in positions(1, 6, 600):
        if s["stack"][-1]["step"] == "power_actions" and SIM.legal(s, role).get("act"):
            break
    else:
        raise AssertionError("no impulse with actions in the first 600 moves")
    before = SIM.legal(s, role)
    for power in st.powers_of(s, role):
        s["impulse"]["actions"][power] = 0  # no action point left: no action offered
    s["impulse"]["extra"] = 0
    after = SIM.legal(s, role)
    assert after != before and not after.get("act")
    assert after == SIM.legal(orjson.loads(orjson.dumps(s)), role)
    assert not SIM.allows(s, role, "act", before["act"][0])
