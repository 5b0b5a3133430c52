"""The action menu's offers asked of fewer things (issue 27's view target, branch urr-view2): a declaration of war
asks only the parties a power has a casus belli against unless it spends its last action point, a combined fleet's
flagships are the seat's parties' squadrons at sea (not the whole table's counters, sorted), and a landing asks of the
leaders who moved in the impulse only; whether a troop may be built asks for one grade with a place (9.1, branch
urr-carry: the 3-4 troops' places are not asked when a 2-3 may be built). Each is compared, along whole 9.2 games and
with the state changed so that the shortcut matters (a casus belli planted, the last point, a minor's squadron,
leaders moved, no troop of a grade left, every area besieged), with the question as it was."""

from __future__ import annotations

import contextlib
import copy

import pytest

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.actions import construction
from engines.ultima_ratio.diplomacy import combined_fleets, war
from engines.ultima_ratio.leaders import leader_flow
from engines.ultima_ratio.movement import landings
from engines.ultima_ratio.sequence import impulse

from .test_reading import SIM, positions


def _declarations_as_before(g: Ctx, seat: str) -> list[list[str]]:
    """``war.declarations`` as it was: every power's targets listed, then kept if with a CB or the last point."""
    s, imp, out = g.s, g.s["impulse"], []
    for power in st.powers_of(s, seat):
        if imp["actions"].get(power, 0) <= 0 and not imp.get("extra", 0):
            continue
        last = war.last_point(s, power)
        out += [[power, t] for t in war.targets(g, power) if war.has_cb(s, power, t) or last]
    return out


def _flagships_as_before(s: dict, seat: str) -> list[str]:
    """The squadrons ``combined_fleets.combinations`` looked at before: every counter, sorted, then the seat's."""
    return sorted(
        u
        for u, info in s["units"].items()
        if info["kind"] == "squadron" and st.loc_sea(info["loc"]) and st.seat_of(s, info["power"]) == seat
    )


def _leader_moved_as_before(s: dict, uid: str) -> bool:
    moved = s["impulse"].get("leaders_moved", ())
    return any(info["unit"] == uid and lid in moved for lid, info in s["leaders"].items())


def _variants(s: dict, seat: str) -> list[dict]:
    """The position, and copies where the seat's powers have a CB against every other power in play, or one action
    point left (the last, 21.3.3), or an allied minor's squadron at sea, or every other leader moved (12.3.1)."""
    out = [s]
    powers = [p for p in st.powers_of(s, seat) if p in s["powers"]]
    cb = copy.deepcopy(s)
    against = [*sorted(cb["powers"])[::2], *sorted(cb["minors"])[::2]]  # some majors and minors: a list in between
    cb["casus_belli"] = [[p, o] for p in powers for o in against if o != p] + cb["casus_belli"]
    out.append(cb)
    last = copy.deepcopy(s)
    last["impulse"]["actions"] = dict.fromkeys(powers, 1)
    last["impulse"].pop("extra", None)
    out.append(last)
    minors = [m for m, info in s["minors"].items() if info["ally"] in powers]
    squadrons = [u for u, info in s["units"].items() if info["kind"] == "squadron" and st.loc_sea(info["loc"])]
    if minors and squadrons:
        flagged = copy.deepcopy(s)
        flagged["units"][squadrons[0]]["power"] = minors[0]
        out.append(flagged)
    moved = copy.deepcopy(s)
    moved["impulse"]["leaders_moved"] = [*sorted(moved["leaders"])[::2], "leader:not-in-play"]
    out.append(moved)
    return out


@pytest.mark.parametrize(("seed", "players", "bot"), [(1, 6, "heuristic"), (6, 4, "random")])
def test_the_menus_offers_answer_as_before(seed, players, bot):
    """21.3.3, 21.2.3, 12.3.1: in a reading and out, each offer answers as the question asked before it was cut; the
    targets asked among some parties are the whole list's of those parties."""
    asked = {"declarations": 0, "flagships": 0, "moved": 0}
    for n, (position, role) in enumerate(positions(seed, players, 1500, bot)):
        if n % 15 or position["stack"][-1]["step"] != "power_actions":
            continue
        for s in _variants(position, role):
            g = Ctx(SIM, s)
            declarations = _declarations_as_before(g, role)
            flagships = _flagships_as_before(s, role)
            troops = sorted(u for u, info in s["units"].items() if info["kind"] == "troop")
            moved = [_leader_moved_as_before(s, u) for u in troops]
            for reading in (False, True):
                with st.reading(s) if reading else contextlib.nullcontext():
                    assert war.declarations(g, role) == declarations
                    for power in st.powers_of(s, role):
                        every = war.targets(g, power)
                        for among in (set(every[::2]), set(s["minors"]), set()):
                            assert war.targets(g, power, among) == [t for t in every if t in among]
                    assert combined_fleets.flagships_at_sea(s, role) == flagships
                    assert [landings.leader_moved(s, u) for u in troops] == moved
            asked["declarations"] += bool(declarations)
            asked["flagships"] += bool(flagships)
            asked["moved"] += any(moved)
    assert min(asked.values()) >= 10, asked


def _leaderless(s: dict) -> list[dict]:
    """Copies of the position where no power has a leader and the cup has one (so 17.2's question asks for a unit
    to place him on): as it is; with every troop and squadron off the map (only fortresses left); with every
    second fortress's area besieged too; and with every area besieged (only squadrons at sea left)."""
    bare = copy.deepcopy(s)
    bare["leaders"], bare["leader_pool"] = {}, bare["leader_pool"] or ["leader:in-the-cup"]
    off = copy.deepcopy(bare)
    for n, info in enumerate(off["units"].values()):
        info["loc"] = ("available", "eliminated", "box:dispersed")[n % 3]
    sieged = copy.deepcopy(off)
    for area in [a for a, info in sieged["areas"].items() if info["fortress"]][::2]:
        sieged["areas"][area]["siege"] = {"besieger": "power:someone-else"}
    besieged = copy.deepcopy(bare)  # every area under siege: only squadrons at sea may carry him
    for info in besieged["areas"].values():
        info["siege"] = {"besieger": "power:someone-else"}
    return [bare, off, sieged, besieged]


@pytest.mark.parametrize(("seed", "players", "bot"), [(2, 6, "heuristic"), (5, 4, "random")])
def test_a_leader_may_be_built_when_a_counter_may_carry_him(seed, players, bot):
    """17.2: without a leader of its own to replace, a power may build one when a counter of it would carry him
    (``leader_flow.targets``), asked without building its counters; both answers come up."""
    answers = set()
    for n, (position, _role) in enumerate(positions(seed, players, 1200, bot)):
        if n % 40:
            continue
        for s in _leaderless(position):
            g = Ctx(SIM, s)
            for power in sorted(s["powers"]):
                expected = bool(leader_flow.targets(s, power))
                for reading in (False, True):
                    with st.reading(s) if reading else contextlib.nullcontext():
                        assert leader_flow.may_build(g, power) == expected
                answers.add(expected)
    assert answers == {False, True}


def _grade_variants(s: dict) -> list[dict]:
    """The position, and copies where the 2-3 troops are all on the map (only a 3-4 may be built), where every
    area is besieged (no troop may be placed, 9.1), and where the 3-4 troops are all on the map."""
    out = [s]
    for grade in ("2-3", "3-4"):
        none_left = copy.deepcopy(s)
        for info in none_left["units"].values():
            if info["kind"] == "troop" and info["grade"] == grade and info["loc"] == "available":
                info["loc"] = "eliminated"
        out.append(none_left)
    besieged = copy.deepcopy(s)
    for info in besieged["areas"].values():
        info["siege"] = {"besieger": "power:someone-else"}
    out.append(besieged)
    return out


@pytest.mark.parametrize(("seed", "players", "bot"), [(1, 6, "heuristic"), (5, 4, "random")])
def test_the_menu_asks_for_one_grade_of_troop(seed, players, bot):
    """9.1: the menu's question "may a troop be built" (``troop_grades`` with ``first``) is the first grade of the
    whole list, in a reading and out — with both grades, one, or none to build."""
    found = set()
    for n, (position, _role) in enumerate(positions(seed, players, 1200, bot)):
        if n % 40:
            continue
        for s in _grade_variants(position):
            g = Ctx(SIM, s)
            for power in sorted(s["powers"]) + sorted(s["minors"]):
                grades = construction.troop_grades(g, power)
                for reading in (False, True):
                    with st.reading(s) if reading else contextlib.nullcontext():
                        assert construction.troop_grades(g, power, first=True) == grades[:1]
                found.add(tuple(grades))
    assert {("2-3", "3-4"), ("2-3",), ("3-4",), ()} <= found, found


def test_a_grade_found_asks_no_more(monkeypatch):
    """The menu's question (``impulse.ACTIONS``) stops at the first grade with a place: the 3-4 troops' places are
    not asked when a 2-3 troop may be built."""
    for position, _role in positions(1, 6, 400):
        g = Ctx(SIM, position)
        power = next((p for p in sorted(position["powers"]) if construction.troop_grades(g, p) == ["2-3", "3-4"]), None)
        if power is not None:
            break
    else:
        pytest.fail("no position where both grades may be built")
    asked: list[str] = []
    places = construction.troop_places

    def troop_places(g: Ctx, power: str, grade: str, first: bool = False) -> list[str]:
        asked.append(grade)
        return places(g, power, grade, first)

    monkeypatch.setattr(construction, "troop_places", troop_places)
    assert impulse.ACTIONS["build_troop"](g, power) is True  # the menu's question
    assert asked == ["2-3"]
