"""21.6 Collapse (``diplomacy/collapse.py`` with ``peace.py``): the collapsing power negotiates with every enemy, the
winner keeps its areas, and at peace with all it leaves the game. Positions: test_peace.py's (Portugal, player 1, at
war with Spain, player 2). Line numbers are those of shared/rules/ultima-ratio-regis.txt."""

from __future__ import annotations

from engines.ultima_ratio.diplomacy import collapse, peace
from tests.engines.ultima_ratio.support import GAME, ctx
from tests.engines.ultima_ratio.support_war import area, legal, play, power, step, unit
from tests.engines.ultima_ratio.test_peace import at_war, run
from tests.engines.ultima_ratio.test_state_types import valid


def collapsing() -> dict:
    """Portugal at war with Spain (which took 2 of its morale and controls Alentejo with a troop) and with France
    (player 3, Portugal took 1 of its morale); Portugal collapses."""
    s = at_war(given_by_portugal=2)
    power(s, "power:france", seat="player3")
    s["morale"]["power:france"] = {"power:portugal": 1}
    area(s, "area:alentejo", "power:portugal", control="power:spain")
    unit(s, "power:spain-troop-1", "troop", "area:alentejo")
    g = ctx(s)
    collapse.begin(g, "power:portugal")
    return g.s


def test_a_collapsing_power_cannot_end_a_war_voluntarily_and_must_negotiate_with_every_enemy():
    """21.6 (l. 1774): "the major powers cannot end the war voluntarily"; "The major power that collapses is now
    forced to negotiate peace with any other major powers with which it was at war (even if it was winning)"."""
    s = collapsing()
    valid(s)
    assert s["collapsing"] == ["power:portugal"] and "open_peace" not in legal(s)
    due = peace.forced_due(ctx(s))
    assert due == {"power": "power:portugal", "enemies": ["power:france", "power:spain"], "cause": "collapse"}


def test_the_winner_keeps_the_areas_and_at_peace_with_all_the_power_rests_in_peace():
    """21.6 (l. 1776-1779): "the loser (the collapsing major power) does not recover the areas controlled by the
    winner, but these pass directly as its possessions"; "Once at peace with all its enemies, ... rest in peace!
    Eliminate all its military units, ... place independent (active A3) counters in all the territories it still
    controlled, and the major power card is discarded"."""
    s = collapsing()
    s = run(s, {"step": "forced_negotiations", **peace.forced_due(ctx(s))})
    assert step(s) == "forced_negotiations" and legal(s) == {
        "negotiate": [["power:portugal", "power:france"], ["power:portugal", "power:spain"]]
    }
    s, log = play(s, "negotiate", ["power:portugal", "power:spain"])
    assert step(s) == "peace_conditions" and GAME.active_roles(s) == ["player2"]
    s, log = play(s, "done", None)
    assert s["areas"]["area:alentejo"]["owner"] == "power:spain" and "log.collapse_area_kept" in [e["msg"] for e in log]
    assert "power:portugal" in s["powers"]  # still at war with France: asked at once (21.4.2's moment, P-10)
    assert step(s) == "forced_negotiations" and legal(s) == {"negotiate": [["power:portugal", "power:france"]]}
    s, log = play(s, "negotiate", ["power:portugal", "power:france"])
    while step(s) == "peace_conditions":
        s, more = play(s, "done", None)
        log += more
    assert "power:portugal" not in s["powers"] and "power:portugal" not in s["seats"]["player1"]["powers"]
    assert not [u for u, info in s["units"].items() if info["power"] == "power:portugal"]
    assert s["areas"]["area:portugal"]["marker"] == "A3" and s["areas"]["area:portugal"]["control"] is None
    assert s["areas"]["area:alentejo"]["owner"] == "power:spain" and "collapsing" not in s
    assert not [pair for pair in s["wars"] if "power:portugal" in pair]
    assert "log.collapse_rest_in_peace" in [e["msg"] for e in log]
    valid(s)


def test_a_power_collapsing_at_peace_leaves_at_once():
    g = ctx(at_war())
    g.s["wars"] = []
    collapse.begin(g, "power:spain")
    assert "power:spain" not in g.s["powers"] and g.s["areas"]["area:castile"]["marker"] == "A3"
