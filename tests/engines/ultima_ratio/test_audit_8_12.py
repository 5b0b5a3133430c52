"""The audit of chapters 8-12 (AUDIT.md › Chapters 8-12): the gaps it found, each with the section it reads."""
from __future__ import annotations

from engines.ultima_ratio import landings, naval, strategic_movement
from tests.engines.ultima_ratio import support_war
from tests.engines.ultima_ratio.support import at_first_impulse, ctx, place


def test_a_squadron_that_plundered_acts_no_more_in_that_impulse_but_in_the_next():
    """11.5.1: "Once resolved, the squadron cannot perform any other action, of any kind, during the rest of the
    impulse" — no naval or strategic move, no landing escort; an earlier impulse's piracy does not count."""
    s = at_first_impulse()
    s = place(place(s, "portugal-squadron-1", "sea:east-atlantic"), "portugal-troop-1", "area:portugal")
    s["units"]["portugal-squadron-1"]["pirated"] = s["impulse"]["n"]
    g = ctx(s)
    assert "portugal-squadron-1" not in naval.naval_movers(g, "portugal")
    assert "portugal-squadron-1" not in strategic_movement.movable(g, "portugal")
    assert "portugal-squadron-1" not in landings.landing_escorts(g, "portugal", "portugal-troop-1")
    s["impulse"]["n"] += 1                                          # the next impulse
    g = ctx(s)
    assert "portugal-squadron-1" in naval.naval_movers(g, "portugal")
    assert "portugal-squadron-1" in strategic_movement.movable(g, "portugal")
    assert "portugal-squadron-1" in landings.landing_escorts(g, "portugal", "portugal-troop-1")


def test_a_squadron_of_another_player_left_without_base_moves_at_once():
    """11.1.1: "If for any reason a squadron is left without a base within this distance, it must move
    immediately upon the occurrence of this circumstance" — also another player's, after the acting player's
    action that took its port (here: none left, so it is destroyed), not at its own player's next impulse."""
    s = support_war.area(support_war.power(support_war.start(), "spain"), "calicut", "spain")
    s = support_war.unit(s, "spain-squadron-1", "squadron", "sea:indian-ocean")
    s["impulse"]["actions"]["spain"] = 0
    s["areas"]["calicut"]["control"] = "portugal"                   # the port taken in this impulse
    s["powers"]["portugal"]["unrest"] = 1
    s = support_war.moves(s, ("done", None), ("act", ["portugal", "lower_unrest"]))
    assert s["units"]["spain-squadron-1"]["loc"] == "eliminated"
