"""Worked examples of the rulebook played in the flow where no other test plays them whole (the table of every
example and its test is in ENGINE.md › Worked examples): 18.3 (l. 1282) and 23.1.2 (l. 1839)."""

from __future__ import annotations

import random

from engines.ultima_ratio import state as st
from engines.ultima_ratio.bots.heuristic import heuristic_bot
from tests.engines.ultima_ratio.support import GAME, advance, at_first_impulse, ctx, legal, moves, play, step

TROOP = [("build", "build_troop"), ("grade", "2-3"), ("area", "portugal"), ("stop", None)]


def test_example_18_3_a_rebellion_keeps_the_holder_but_no_strategic_movement_through_it():
    """l. 1282: "When a rebellion appears in an area, the major power remains the nominal holder, although it stops
    controlling the area (it cannot, for example, trace strategic movements)"."""
    s = at_first_impulse(deploy=TROOP)
    before = moves(s, ("done", None), ("act", ["portugal", "strategic_move"]), ("unit", "portugal-troop-1"))
    assert "alentejo" in legal(before)["area"]
    s["areas"]["alentejo"].update(control=None, marker="R2")  # a revolt in Alentejo
    g = ctx(s)
    assert g.s["areas"]["alentejo"]["owner"] == "portugal"  # the nominal holder
    assert not st.controls(g.s, "portugal", "alentejo")
    s = moves(s, ("done", None), ("act", ["portugal", "strategic_move"]), ("unit", "portugal-troop-1"))
    assert legal(s) == {"area": ["oporto"], "sea": ["east-atlantic"]}  # no path through Alentejo


def test_example_23_1_2_veterans_and_extraordinary_leaders_at_the_end_of_the_turn():
    """l. 1839: "Spain throughout the turn managed to veteranize 3 troops, and had 2 extraordinary leaders. Half of
    the veterans rounding up (2 troops) are turned to their regular side. The two extraordinary leaders are also
    turned to their ordinary face. Next Spain decides to eliminate one of its leaders." — here with Portugal; the
    player picks the two veterans that turn, then eliminates one leader: he goes back to the pool (17.2)."""
    s = at_first_impulse()
    for n in (1, 2, 3):
        s["units"][f"portugal-troop-{n}"].update(loc="area:portugal", veteran=True)
    drawn = s["leader_pool"][:2]
    s["leader_pool"] = s["leader_pool"][2:]
    for lid, troop in zip(drawn, ("portugal-troop-1", "portugal-troop-2"), strict=False):
        s["leaders"][lid] = {"power": "portugal", "unit": troop, "extraordinary": True}
    s = advance(s, "flip_veterans")
    assert s["stack"][-1]["count"] == 2  # half of 3, rounding up
    s, _ = play(s, "unit", "portugal-troop-2")
    s, _ = play(s, "unit", "portugal-troop-3")
    assert [s["units"][f"portugal-troop-{n}"]["veteran"] for n in (1, 2, 3)] == [True, False, False]
    assert step(s) == "disband_units"
    assert [s["leaders"][lid]["extraordinary"] for lid in drawn] == [False, False]  # both ordinary now
    assert {s["leaders"][lid]["unit"] for lid in drawn} == {"portugal-troop-1", "portugal-troop-2"}
    assert legal(s)["eliminate_leader"] == sorted(drawn)
    assert heuristic_bot(GAME, GAME.view(s, "player1"), "player1", random.Random(0)) == ("done", None)  # keeps them
    s, log = play(s, "eliminate_leader", drawn[1])
    assert drawn[1] not in s["leaders"] and drawn[1] in s["leader_pool"]
    assert [e["msg"] for e in log] == ["log.leader_disbanded"]
    assert s["units"]["portugal-troop-2"]["loc"] == "area:portugal"  # his troop stays
    assert legal(s)["eliminate_leader"] == [drawn[0]]
    s, _ = play(s, "done")
    assert set(s["leaders"]) == {drawn[0]} and step(s) != "disband_units"


def test_a_unit_eliminated_at_the_end_of_the_turn_takes_its_leader_back_to_the_pool():
    """23.1.2 with 17.1: a leader is always on a unit; the one on a unit returned to the reserve goes with it
    (``end_of_turn_rules.retire``), unless moved first."""
    s = at_first_impulse()
    s["units"]["portugal-troop-1"].update(loc="area:portugal")
    lid = s["leader_pool"].pop(0)
    s["leaders"][lid] = {"power": "portugal", "unit": "portugal-troop-1", "extraordinary": False}
    s = advance(s, "disband_units")
    s, log = play(s, "eliminate", "portugal-troop-1")
    assert s["units"]["portugal-troop-1"]["loc"] == "available"
    assert lid not in s["leaders"] and lid in s["leader_pool"]
    assert [e["msg"] for e in log] == ["log.leader_disbanded", "log.disbanded"]
