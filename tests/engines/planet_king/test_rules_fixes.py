"""The Planet King's "Rules fixes" issue: each test is built from the rulebook's own words (the line it cites)."""
from __future__ import annotations

import random

from engines.planet_king import GAME
from tests.engines.planet_king.support import ev, fresh, log_of, nb, pick, prompt, stack, text_log


def finish_with_heuristic(s: dict, seed: int = 0) -> dict:
    """Play the rest of the game with the heuristic bot (it sees only its seat's view)."""
    bot, rnd = GAME.bots["heuristic"], random.Random(seed)
    while s["outcome"] is None:
        role = GAME.active_roles(s)[0]
        verb, arg = bot(GAME, GAME.view(s, role), role, rnd)
        s = GAME.play(s, role, verb, arg).state
    return s


# ----- 1. Hothead -------------------------------------------------------------------------------------------------
def test_hothead_opening_war_musters_the_army_of_italy():
    """Line 817: "War is declared without the need for a fortune test. With war declared the steps of Declaration of
    War are performed: place the appropriate markers, appoint leaders and move units"; line 383: "The player can
    move any unit in adjacent wars, territories, and/or nobles at Court to the army box of the war"."""
    s = fresh("hothead")
    text, acts = prompt(s)
    assert text.startswith("Muster the army of War in Italy")
    offered = [a["label"] for a in acts]
    assert any("GONZALO FDEZ. DE CÓRDOBA takes command" in x for x in offered)
    assert any("Spanish tercio in Italy" in x for x in offered)
    assert any("fleet in Plus Ultra" in x for x in offered)
    assert s["wars"]["pk:war:italy"]["enemy"] in ("pk:leader:emmanuel-of-savoy", "pk:leader:la-motte")


def test_hothead_can_be_won():
    """Line 815: "Major Victory: Win the Italian War and have the Viceroyalty of Italy occupied by a noble with a
    political or governmental rating of 2." A scripted line: the army mustered at the declaration (line 817), a
    provincial tercio raised in the Italian war (line 549), two campaigns by Córdoba (lines 530-531) on two ACTION
    cards that are not consecutive government actions (line 511), and CASTEL RODRIGO appointed Viceroy of Italy
    (line 496)."""
    s = fresh("hothead")
    stack(s, [ev("ACTION", 2), ev("EXCELLENT HARVESTS"), ev("HUNTING DAY"), ev("ACTION", 0), ev("ACTION", 1),
              ev("FRANCO-SPANISH WAR", 1), ev("THE PLAGUE")])
    s["decks"]["nobles"] = [nb("CASTEL RODRIGO"), nb("FERNÁNDEZ DE CASTRO (father)"), nb("AMBROSIO DE SPINOLA")]
    for label in ("GONZALO", "Spanish tercio in Italy", "provincial tercio in Italy", "fleet in Plus Ultra",
                  # ACTION 1: a provincial tercio in the war (3 SP against 3), a campaign, a new Viceroy
                  "simple", "Provincial", "War in Italy", "government", "Campaign", "War in Italy",
                  "political", "Appoint", "Viceroy of Italy", "Return GARCÍA",
                  # ACTION 2: no government action (a campaign cannot follow a campaign on the same front)
                  "political", "Appoint", "Court", "No more",
                  # ACTION 3: the second campaign wins the war
                  "government", "Campaign", "War in Italy", "Keep", "The provincial tercio"):
        s = pick(s, label)
    assert s["wars"]["pk:war:italy"]["status"] == "peace"
    assert ["pk:war:italy", "win"] == s["war_results"][-1][:2]
    s = finish_with_heuristic(s)
    assert s["outcome"]["level"] == "major_victory", text_log(s)
