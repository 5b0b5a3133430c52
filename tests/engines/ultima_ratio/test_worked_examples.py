"""Worked examples of the rulebook played in the flow where no other test plays them whole (the table of every
example and its test is in ENGINE.md › Worked examples): 18.3 (l. 1282) and 23.1.2 (l. 1839)."""
from __future__ import annotations

from engines.ultima_ratio import state as st
from tests.engines.ultima_ratio.support import advance, at_first_impulse, ctx, legal, moves, play, step

TROOP = [("build", "build_troop"), ("grade", "2-3"), ("area", "portugal"), ("stop", None)]


def test_example_18_3_a_rebellion_keeps_the_holder_but_no_strategic_movement_through_it():
    """l. 1282: "When a rebellion appears in an area, the major power remains the nominal holder, although it stops
    controlling the area (it cannot, for example, trace strategic movements)"."""
    s = at_first_impulse(deploy=TROOP)
    before = moves(s, ("done", None), ("act", ["portugal", "strategic_move"]), ("unit", "portugal-troop-1"))
    assert "alentejo" in legal(before)["area"]
    s["areas"]["alentejo"].update(control=None, marker="R2")               # a revolt in Alentejo
    g = ctx(s)
    assert g.s["areas"]["alentejo"]["owner"] == "portugal"                 # the nominal holder
    assert not st.controls(g.s, "portugal", "alentejo")
    s = moves(s, ("done", None), ("act", ["portugal", "strategic_move"]), ("unit", "portugal-troop-1"))
    assert legal(s) == {"area": ["oporto"], "sea": ["east-atlantic"]}      # no path through Alentejo


def test_example_23_1_2_veterans_and_extraordinary_leaders_at_the_end_of_the_turn():
    """l. 1839: "Spain throughout the turn managed to veteranize 3 troops, and had 2 extraordinary leaders. Half of
    the veterans rounding up (2 troops) are turned to their regular side. The two extraordinary leaders are also
    turned to their ordinary face." — here with Portugal; the player picks the two veterans that turn."""
    s = at_first_impulse()
    for n in (1, 2, 3):
        s["units"][f"portugal-troop-{n}"].update(loc="area:portugal", veteran=True)
    drawn = s["leader_pool"][:2]
    s["leader_pool"] = s["leader_pool"][2:]
    for lid, troop in zip(drawn, ("portugal-troop-1", "portugal-troop-2")):
        s["leaders"][lid] = {"power": "portugal", "unit": troop, "extraordinary": True}
    s = advance(s, "flip_veterans")
    assert s["stack"][-1]["count"] == 2                                    # half of 3, rounding up
    s, _ = play(s, "unit", "portugal-troop-2")
    s, _ = play(s, "unit", "portugal-troop-3")
    assert [s["units"][f"portugal-troop-{n}"]["veteran"] for n in (1, 2, 3)] == [True, False, False]
    assert step(s) == "disband_units"
    assert [s["leaders"][lid]["extraordinary"] for lid in drawn] == [False, False]   # both ordinary now
    assert {s["leaders"][lid]["unit"] for lid in drawn} == {"portugal-troop-1", "portugal-troop-2"}
