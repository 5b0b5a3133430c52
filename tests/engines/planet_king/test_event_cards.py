"""One test for each event card not covered in test_events.py (Events; War Event Cards)."""

from engines.planet_king import events_common, military, wars
from engines.planet_king.components import FLANDERS_WAR, PALATINATE, SPAIN
from tests.engines.planet_king.support import (
    empty_court,
    ev,
    fresh,
    nb,
    pick,
    play_event,
    rigged,
    seat,
    stack,
    text_log,
    top_text,
)


def test_libertines_exiles_on_a_negative_test():
    s = fresh("planet_king")
    empty_court(s)
    seat(s, nobles=["JUAN ALFONSO ENRÍQUEZ"])
    stack(s, [ev("THE PLAGUE")])
    play_event(s, "LIBERTINES")
    s = pick(s, "JUAN ALFONSO")
    assert nb("JUAN ALFONSO ENRÍQUEZ") in s["exiled"]


def test_libertines_without_libertines_has_no_effect():
    s = fresh("planet_king")
    empty_court(s)
    play_event(s, "LIBERTINES")
    assert "without being played" in text_log(s)


def test_franco_spanish_war_32_moves_the_palatinate():
    s = fresh("planet_king")
    s["turn"] = 3
    pos = s["wars"][PALATINATE]["pos"]
    stack(s, [ev("PATRON"), ev("EXCELLENT HARVESTS")])
    play_event(s, "FRANCO-SPANISH WAR", 1)
    assert s["wars"][PALATINATE]["pos"] == pos - 1


def test_franco_spanish_war_33_french_strength_4():
    s = fresh("planet_king")
    stack(s, [ev("PATRON")])
    play_event(s, "FRANCO-SPANISH WAR", 2)
    assert s["flags"]["fsw33"] and wars.enemy_strength(s, "pk:war:picardy") == 4


def test_portuguese_war_declared_makes_portugal_independent():
    s = fresh("planet_king")
    s["turn"] = 5
    stack(s, [ev("THE PLAGUE")])
    play_event(s, "PORTUGUESE WAR")
    while "options" in s["stack"][-1] and "Muster" in top_text(s):
        s = pick(s, "Done")
    assert s["flags"]["portugal_independent"] and s["flags"]["pw39"]
    assert s["wars"]["pk:war:portugal"]["status"] == "war"
    assert wars.enemy_strength(s, "pk:war:portugal") == 4


def test_flanders_and_turkish_war_cards():
    s = fresh("planet_king")
    pos = s["wars"][FLANDERS_WAR]["pos"]
    stack(s, [ev("THE PLAGUE"), ev("TRAITOR")])
    play_event(s, "FLANDERS WAR")
    assert s["wars"][FLANDERS_WAR]["pos"] == pos - 1
    stack(s, [ev("FALL FROM GRACE")])
    play_event(s, "TURKISH WAR")
    assert s["wars"]["pk:war:ottoman-empire"]["status"] == "none"


def test_austrian_alliance_outcomes():
    """Ambassador political 2: two positive results bring a Habsburg tercio to the Palatinate; none: the Emperor
    takes a tercio, a Military-2 leader or two ducats."""
    s = fresh("planet_king")
    s["offices"]["ambassador_in_austria"] = nb("MANUEL DE MELO")
    stack(s, [ev("PATRON"), ev("EXCELLENT HARVESTS")])
    play_event(s, "AUSTRIAN ALLIANCE")
    assert "habsburg_tercio" in [u["type"] for u in s["units"] if u["loc"] == PALATINATE]
    stack(s, [ev("THE PLAGUE"), ev("TRAITOR")])
    s["treasury"] = 5
    play_event(s, "AUSTRIAN ALLIANCE")
    s = pick(s, "Pay 2 ducats")
    assert s["treasury"] == 3


def test_danish_intervention_and_breitenfeld_1643():
    s = fresh("planet_king")
    pos = s["wars"][PALATINATE]["pos"]
    play_event(s, "DANISH INTERVENTION")
    play_event(s, "BREITENFELD 1643")
    assert s["wars"][PALATINATE]["pos"] == pos - 2


def test_pirates_raid_and_place_a_pirate_marker():
    s = fresh("planet_king")
    s = rigged(s, events_common.raid, lambda t: t["territories"]["pk:territory:mozambique"]["raid"], "PIRATES")
    play_event(s, "PIRATES")
    assert s["plus_ultra"]["pirates"] == 1


def test_raid_in_the_indies_against_a_level_2_fortification():
    """A level 2 fortification: only a negative result lets the raid succeed (a neutral one does not)."""
    s = fresh("planet_king")
    s["territories"]["pk:territory:peru"]["fort"] = 2
    stack(s, [ev("FALL FROM GRACE")])
    s = rigged(s, events_common.raid, lambda t: "peru" in text_log(t).lower(), "RAID IN THE INDIES")
    assert "repels the raid" in text_log(s) and not s["territories"]["pk:territory:peru"]["raid"]


def test_counter_armada_in_spain_takes_two_ducats():
    s = fresh("planet_king")
    s["treasury"] = 5
    s["units"] = [u for u in s["units"] if not (u["loc"] == SPAIN and u["type"] == "fleet")]
    stack(s, [ev("THE PLAGUE")] * 1)
    t = rigged(s, events_common.raid, lambda t: t["territories"][SPAIN]["raid"], "COUNTER-ARMADA", 2)
    assert t["treasury"] == 3


def test_barbary_pirates_and_the_fleet_of_spain():
    s = fresh("planet_king")
    s["treasury"] = 4
    play_event(s, "BARBARY PIRATES")
    assert s["treasury"] == 3
    military.new_unit(s, "fleet", SPAIN)
    stack(s, [ev("PATRON")])
    play_event(s, "BARBARY PIRATES")
    assert s["treasury"] == 3
