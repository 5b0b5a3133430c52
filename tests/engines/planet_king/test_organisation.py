"""The Organisation phase (Organisation Phase; Setup) — examples."""

from engines.planet_king import organisation
from engines.planet_king.components import F_PICARDY, C
from tests.engines.planet_king.support import empty_court, ev, fresh, labels, nb, pick, run, seat, top_text


def test_example_first_turn_event_deck_of_fifty():
    """Example First Game Turn: 39 cards without turn indication, DANISH INTERVENTION, WALLENSTEIN, RAID IN THE
    INDIES, 7 ACTION cards and 1 INSTABILITY card: 50 event cards."""
    s = fresh("anni_mirabiles")
    deck = s["decks"]["events"]
    assert len(deck) == 50
    names = [C.EVENTS[e]["name"] for e in deck]
    assert names.count("ACTION") == 7 and names.count("INSTABILITY") == 1
    assert {"DANISH INTERVENTION", "WALLENSTEIN", "RAID IN THE INDIES"} <= set(names)
    assert "HUNTING DAY" not in names


def test_example_placing_action_cubes_olivares():
    """Turn 3: the Valido GASPAR DE GUZMÁN gives three red, two blue, four yellow cubes and a green one
    (industrious)."""
    s = fresh("planet_king")
    s["turn"] = 3
    run(s, organisation.place_cubes)
    assert s["cubes"] == {"royal": 4, "government": 3, "political": 2, "green": 1}


def test_advisor_gives_one_green_cube_however_many():
    s = fresh("planet_king")
    empty_court(s)
    seat(s, nobles=["GASPAR DE BRACAMONTE", "EVERARDO DE NITHARD"], valido="LUIS DE HARO")
    run(s, organisation.place_cubes)
    assert s["cubes"]["green"] == 1


def test_example_instability_cards_turn_3():
    """Turn 3, at war with France, England and the Protestant powers: two INSTABILITY cards."""
    s = fresh("planet_king")
    s["turn"] = 3
    for w in s["wars"].values():
        w["status"] = "none"
    for wid in (F_PICARDY, "pk:war:catalonia", "pk:war:england", "pk:war:palatinate"):
        s["wars"][wid]["status"] = "war"
    run(s, organisation.build_event_deck)
    assert sum(1 for e in s["decks"]["events"] if C.EVENTS[e]["effect"] == "instability") == 2


def test_example_lutzen_red_text_next_organisation():
    """LÜTZEN played on turn 2: DANISH INTERVENTION and BREITENFELD 1631 are removed at the Organisation of turn 3."""
    s = fresh("planet_king")
    s["turn"] = 3
    s["pending_removals"] = [ev("DANISH INTERVENTION"), ev("BREITENFELD 1631")]
    run(s, organisation.build_event_deck)
    assert ev("BREITENFELD 1631") in s["gone_events"] and ev("BREITENFELD 1631") not in s["decks"]["events"]


def test_example_barbary_pirates_removed_after_victory():
    s = fresh("planet_king")
    s["war_results"].append(["pk:war:barbary", "win", 1, 1])
    run(s, organisation.build_event_deck)
    assert ev("BARBARY PIRATES") in s["gone_events"]


def test_conditional_war_cards():
    """FLANDERS WAR (34) with 4 VP; FRANCO-SPANISH WAR (33) with 8 VP; RAID IN THE INDIES only at war with the
    United Provinces; ACTION (14) only after the Union of Arms is completed."""
    s = fresh("planet_king")
    run(s, organisation.build_event_deck)
    assert ev("FLANDERS WAR", 1) not in s["decks"]["events"] and ev("ACTION", 7) not in s["decks"]["events"]
    s["vp"]["king"] = 8
    s["union"] = 2
    run(s, organisation.build_event_deck)
    assert {ev("FLANDERS WAR", 1), ev("FRANCO-SPANISH WAR", 2), ev("ACTION", 7)} <= set(s["decks"]["events"])
    s["wars"]["pk:war:flanders"]["status"] = "none"
    run(s, organisation.build_event_deck)
    assert ev("RAID IN THE INDIES") not in s["decks"]["events"]


def test_example_notable_removal_not_a_card_entered_this_turn():
    """Turn 3: SOR JUANA DE LA CRUZ may be removed from the genius deck, JUAN CARAMUEL (entered on turn 3) not."""
    s = fresh("planet_king")
    s["turn"] = 3
    s["seen_notables"] = [n for n in s["seen_notables"] if n != nb("JUAN CARAMUEL")]
    run(s, organisation.org_notable_decks)
    while "geniuses deck" not in top_text(s):
        s = pick(s, "Remove none")
    offered = labels(s)
    assert not any("CARAMUEL" in x for x in offered)
    assert any("SOR JUANA" in x for x in offered)


def test_difficulty_options_remove_cards():
    s = fresh("planet_king", remove_action_cards=2, remove_total_war=True, remove_question_war_cards=True)
    names = [C.EVENTS[e]["name"] for e in s["decks"]["events"]]
    assert names.count("ACTION") == 5 and "TOTAL WAR" not in names
    assert ev("FRANCO-SPANISH WAR", 1) in s["gone_events"]


def test_war_only_removes_hunting_day_and_an_action():
    s = fresh("war_only")
    assert ev("HUNTING DAY") in s["gone_events"]
    assert sum(1 for e in s["decks"]["events"] if C.EVENTS[e]["name"] == "ACTION") == 6
    assert s["cubes"]["royal"] == 0 and s["decks"]["ladies"] == []


def test_choosing_the_royal_mistress_from_turn_two():
    """From the second turn the King replaces the Royal Mistress (removed from the game) by a lady of prestige 0 or
    less from the Ladies deck; a missing Queen is replaced by a lady of prestige 0 or more."""
    s = fresh("planet_king")
    old = s["court"]["mistress"]
    s["turn"] = 2
    s["court"]["queen"] = None
    run(s, organisation.org_ladies)
    assert "Queen" in top_text(s) or "Mistress" in top_text(s)
    while "Choose the new" in top_text(s):
        s = pick(s, "")
    assert s["court"]["queen"] and s["court"]["mistress"] != old and old in s["gone"]


def test_end_of_turn_actions_need_three_cubes():
    from engines.planet_king import end_of_turn

    s = fresh("planet_king")
    s["cubes"] = {"royal": 1, "government": 1, "political": 0, "green": 0}
    stack_before = len(s["stack"])
    run(s, end_of_turn.eot_actions)
    assert len(s["stack"]) == stack_before
    s["cubes"] = {"royal": 1, "government": 1, "political": 1, "green": 0}
    run(s, end_of_turn.eot_actions)
    assert "End of Turn" in top_text(s)
