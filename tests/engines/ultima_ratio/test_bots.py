"""The 9.1 heuristic bot (bots.py): it reads its seat's view only and plays The Rise of Portugal to a Victory,
subjugating with naval support, building a leader and leading an army (ENGINE.md › Bots has its table)."""

from __future__ import annotations

import random

import pytest

from engines.ultima_ratio.bots.heuristic import heuristic_bot
from tests.engines.ultima_ratio.support import GAME, ROLE, at_first_impulse, legal, moves, place


def game_log(seed: int) -> tuple[dict, list]:
    rnd, played = random.Random(seed), GAME.begin(seed, {"scenario": "the-rise-of-portugal"})
    state, log = played.state, list(played.log)
    while GAME.outcome(state) is None:
        role = GAME.active_roles(state)[0]
        verb, arg = heuristic_bot(GAME, GAME.view(state, role), role, rnd)
        played = GAME.play(state, role, verb, arg)
        state, log = played.state, log + list(played.log)
    return state, log


@pytest.mark.parametrize("seed", [0, 1])
def test_the_heuristic_bot_wins_the_rise_of_portugal(seed):
    """l. 1947-1950: 20 VP or more is a Victory; the bot takes Portuguese areas on three continents, with naval
    support (11.4.2), a merchant (19.2.2) and a leader (17.2)."""
    state, log = game_log(seed)
    assert GAME.outcome(state)["text"]["msg"] in ("outcome.victory", "outcome.epic")
    keys = {entry["msg"] for entry in log}
    assert {"log.support_announced", "log.leader_drawn", "log.merchant_built"} <= keys, keys
    theaters = {GAME.board.areas[a].theater for a in state["scored_areas"] if state["areas"][a]["owner"]}
    assert {"WM", "Sa", "Af"} <= theaters


def test_it_subjugates_where_it_stands_with_a_squadron_beside_the_area():
    """13.5.3: a troop that did not move and a squadron beside the area (the opposition's disadvantage)."""
    s = at_first_impulse()
    s["powers"]["power:portugal"]["unrest"] = 0  # nothing more urgent (19.1.1)
    s = place(s, "power:portugal-troop-1", "area:mazagan")
    s = place(s, "power:portugal-squadron-1", "sea:east-atlantic")
    s = moves(s, ("done", None))
    picks = []
    for _ in range(6):
        verb, arg = heuristic_bot(GAME, GAME.view(s, ROLE), ROLE, random.Random(0))
        picks.append((verb, arg))
        s = GAME.play(s, ROLE, verb, arg).state
        if verb == "support":
            break
    assert picks[:3] == [
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("subjugate", "area:mazagan"),
    ]
    assert ("support", ["power:portugal-squadron-1", "attacker"]) in picks


def army_position(area: str) -> dict:
    """Two troops and a leader in ``area`` (owned by Portugal), no unrest, at the first action."""
    s = at_first_impulse()
    s["powers"]["power:portugal"]["unrest"] = 0
    s["areas"][area].update(owner="power:portugal", control="power:portugal", marker=None)
    for uid in ("power:portugal-troop-1", "power:portugal-troop-2"):
        s = place(s, uid, f"{area}")
    lid = s["leader_pool"][0]
    s["leader_pool"] = s["leader_pool"][1:]
    s["leaders"][lid] = {"power": "power:portugal", "unit": "power:portugal-troop-1", "extraordinary": False}
    return moves(s, ("done", None))


def bot_moves(s: dict, until: tuple = ("stop", "subjugate"), limit: int = 8) -> tuple[dict, list]:
    picks = []
    for _ in range(limit):
        verb, arg = heuristic_bot(GAME, GAME.view(s, ROLE), ROLE, random.Random(0))
        picks.append((verb, arg))
        s = GAME.play(s, ROLE, verb, arg).state
        if verb in until:
            break
    return s, picks


def test_an_army_lands_with_its_leader_and_all_its_troops_where_they_fit():
    """12.2 / 12.3.1 with a fleet (11.2): the leader's troop takes the troop of its area along and lands on a
    main-map target (Tangier stacks 4, 15.1), escorted by a fleet of two squadrons."""
    s = army_position("area:algarve")
    for uid in ("power:portugal-squadron-4", "power:portugal-squadron-5"):
        s = place(s, uid, "sea:east-atlantic")
    lid = s["leader_pool"][0]
    s["leader_pool"] = s["leader_pool"][1:]
    s["leaders"][lid] = {"power": "power:portugal", "unit": "power:portugal-squadron-4", "extraordinary": False}
    s["impulse"]["start_locs"].update({u: s["units"][u]["loc"] for u in s["units"]})
    s, picks = bot_moves(s)
    assert ("absorb", "power:portugal-troop-2") in picks and ("march", None) in picks, picks
    where = {s["units"][u]["loc"] for u in ("power:portugal-troop-1", "power:portugal-troop-2")}
    assert len(where) == 1 and where != {"area:algarve"}  # together, on Tangier or Mazagan


def test_an_army_does_not_take_along_a_troop_that_cannot_end_with_it():
    """15.1: the mini-map targets beside Bahia stack one troop: the leader's troop goes alone (no absorb-leave
    loop)."""
    s = army_position("area:bahia")
    s["turn"] = 2
    s["powers"]["power:portugal"]["interest"] += ["Sa"]  # l. 1940: from Turn 2
    s, picks = bot_moves(s)
    assert ("absorb", "power:portugal-troop-2") not in picks and picks[-1][0] in ("stop", "subjugate"), picks
    assert s["units"]["power:portugal-troop-2"]["loc"] == "area:bahia"


def test_the_bot_answers_only_from_the_legal_list_in_the_first_impulse():
    s = moves(at_first_impulse(), ("done", None))
    verb, arg = heuristic_bot(GAME, GAME.view(s, ROLE), ROLE, random.Random(0))
    assert arg in legal(s)[verb]


def test_the_bot_places_the_r3_revolts_after_a_dynastic_change():
    """23.3: "For every two points of vitality of the major power, the player will place a R3 revolt" when it is
    deployed again: only ``revolt`` is legal then (the step ``deploy_revolts``), and the bot answered ``done``. Each
    answer is legal."""
    from engines.ultima_ratio.end_of_turn import turn_end
    from tests.engines.ultima_ratio.support import advance, ctx, step

    g = ctx(at_first_impulse())
    turn_end.dynastic_change(g, "power:portugal", collapse=False)
    s = advance(g.s, "deploy_revolts")
    assert s["turn"] == 2 and list(legal(s)) == ["revolt"]
    rnd, placed = random.Random(0), 0
    while step(s) in ("deploy_revolts", "deploy"):
        verb, arg = heuristic_bot(GAME, GAME.view(s, ROLE), ROLE, rnd)
        assert arg in legal(s).get(verb, []), (verb, arg, legal(s))
        placed += verb == "revolt"
        s = GAME.play(s, ROLE, verb, arg).state
    assert placed == 2  # vitality 4 (RULINGS E-4)
