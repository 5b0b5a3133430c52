"""The Events phase and the event cards (Events Phase; Events) — examples and one test per card."""

from engines.planet_king import events, military
from engines.planet_king.components import FLANDERS_WAR, PALATINATE, PLUS_ULTRA, SPAIN
from tests.engines.planet_king.support import (
    empty_court,
    ev,
    fresh,
    labels,
    nb,
    pick,
    play_event,
    rigged,
    run,
    seat,
    stack,
    text_log,
    top_text,
)


def test_example_events_phase_plague():
    """Turn 5 example: THE PLAGUE only removes a ducat."""
    s = fresh("planet_king")
    s["treasury"] = 6
    play_event(s, "THE PLAGUE")
    assert s["treasury"] == 5


def test_example_instability_and_traitor_turn_4():
    """Turn 4: INSTABILITY removes a ducat and draws the Governor of Flanders marker: CARDINAL INFANTE leaves the game
    and FERNÁNDEZ DE LA CUEVA fills the office free. Then TRAITOR draws GASPAR DE BORJA (Court 1; a genius drawn is
    drawn again): neutral, exile."""
    s = fresh("planet_king")
    s["turn"] = 4
    empty_court(s)
    seat(
        s,
        governor_of_flanders="CARDINAL INFANTE",
        viceroy_of_the_indies="RODRIGO PACHECO",
        viceroy_of_italy="LEOPOLD OF HABSBURG",
        ambassador_in_austria="GARCÍA DE AVELLANEDA",
        nobles=["GASPAR DE BORJA", "FERNÁNDEZ DE LA CUEVA"],
        geniuses=["DIEGO VELÁZQUEZ", "BALTASAR GRACIÁN"],
        mistress="MARIANA PÉREZ",
    )
    s["wars"]["pk:war:italy"].update(status="war", leader=nb("FRANCISCO PIMENTEL"))
    s["treasury"] = 5
    s = rigged(s, events.resolve, lambda t: nb("CARDINAL INFANTE") in t["gone"], ev("INSTABILITY"))
    assert s["treasury"] == 4
    assert "options" in s["stack"][-1] and "Governor of Flanders" in top_text(s)
    s = pick(s, "FERNÁNDEZ DE LA CUEVA")
    assert s["offices"]["governor_of_flanders"] == nb("FERNÁNDEZ DE LA CUEVA")
    stack(s, [ev("FALL FROM GRACE")])
    s = rigged(s, events.resolve, lambda t: nb("GASPAR DE BORJA") in t["exiled"], ev("TRAITOR"))
    assert nb("GASPAR DE BORJA") not in s["court"]["nobles"]


def test_traitor_loyal_needs_no_test_and_mercenary_always_falls():
    """Events Phase: a TRAITOR on a loyal (or mercenary) noble performs no fortune test."""
    s = fresh("planet_king")
    empty_court(s)
    seat(s, nobles=["CASTEL RODRIGO"])
    deck = len(s["decks"]["events"])
    play_event(s, "TRAITOR")
    assert len(s["decks"]["events"]) == deck and nb("CASTEL RODRIGO") in s["court"]["nobles"]
    empty_court(s)
    seat(s, nobles=["OTTAVIO PICCOLOMINI"])
    play_event(s, "TRAITOR")
    assert nb("OTTAVIO PICCOLOMINI") in s["gone"] and len(s["decks"]["events"]) == deck


def test_example_patron_not_played_with_four_geniuses():
    s = fresh("planet_king")
    seat(s, geniuses=["DIEGO VELÁZQUEZ", "BALTASAR GRACIÁN", "LOPE DE VEGA", "FRANCISCO DE QUEVEDO"])
    before = list(s["court"]["geniuses"])
    play_event(s, "PATRON")
    assert s["court"]["geniuses"] == before and "without being played" in text_log(s)


def test_patron_brings_the_top_genius():
    s = fresh("planet_king")
    s["court"]["geniuses"] = [nb("DIEGO VELÁZQUEZ"), None, None, None]
    quevedo = nb("FRANCISCO DE QUEVEDO")
    s["decks"]["geniuses"] = [quevedo] + [g for g in s["decks"]["geniuses"] if g != quevedo]
    play_event(s, "PATRON")
    assert quevedo in s["court"]["geniuses"]


def test_example_barbara_van_beck_gains_a_royal_action():
    s = fresh("planet_king")
    s["cubes"]["royal"] = 2
    play_event(s, "BARBARA VAN BECK")
    assert s["cubes"]["royal"] == 3


def test_beaten_to_a_pulp_errata_and_corrales():
    s = fresh("planet_king")
    s["cubes"]["royal"] = 1
    play_event(s, "BEATEN TO A PULP")
    assert s["cubes"]["royal"] == 0 and s["marks"]["happiness"] == 1
    play_event(s, "CORRALES AND BROTHELS")
    assert s["cubes"]["royal"] == 0 and s["marks"]["happiness"] == 2


def test_excellent_harvests_and_treasury_cap():
    s = fresh("planet_king")
    s["treasury"] = 12
    play_event(s, "EXCELLENT HARVESTS")
    assert s["treasury"] == 12
    s["treasury"] = 3
    play_event(s, "EXCELLENT HARVESTS")
    assert s["treasury"] == 4


def test_bankruptcy_on_an_empty_treasury():
    """Special Rules › Bankruptcy: −1 prestige; the debt is paid by an Asiento or by removing tercios or fleets
    (a ducat each), never tercios of Nations or provincial tercios."""
    s = fresh("planet_king")
    s["treasury"] = 0
    play_event(s, "THE PLAGUE")
    assert s["marks"]["prestige"] == -1
    offered = labels(s)
    assert "Make an Asiento" in offered and not any("Nations" in x or "provincial" in x for x in offered)
    t = pick(s, "Make an Asiento")
    assert t["asiento"] == 1 and t["treasury"] == 1 and t["debt"] == 0
    n = len(s["units"])
    t = pick(s, "Remove the fleet")
    assert len(t["units"]) == n - 1 and t["treasury"] == 0 and t["debt"] == 0


def test_mercenaries_and_corruption_per_two_nobles():
    s = fresh("planet_king")
    empty_court(s)
    seat(
        s,
        nobles=["OTTAVIO PICCOLOMINI"],
        viceroy_of_the_indies="DIEGO MEXÍA GUZMÁN",
        viceroy_of_italy="JERÓNIMO DE VILLANUEVA",
    )
    s["treasury"] = 5
    play_event(s, "MERCENARIES")
    assert s["treasury"] == 4
    play_event(s, "CORRUPTION")
    assert s["treasury"] == 3


def test_union_of_arms_first_and_second_use():
    s = fresh("planet_king")
    s["treasury"] = 5
    play_event(s, "UNION OF ARMS")
    s = pick(s, "Play the UNION")
    assert s["treasury"] == 6 and len(s["instability_permanent"]) == 1
    assert s["instability_permanent"][0] in s["decks"]["events"]
    play_event(s, "UNION OF ARMS")
    s = pick(s, "Play the UNION")
    assert s["union"] == 2 and ev("UNION OF ARMS") in s["gone_events"]


def test_union_of_arms_adds_segadors_when_no_instability_left():
    s = fresh("planet_king")
    insts = list(s["decks"]["events"])
    s["instability_permanent"] = [ev("INSTABILITY", i) for i in range(5)]
    play_event(s, "UNION OF ARMS")
    s = pick(s, "Play the UNION")
    assert s["segadors_in_deck"] and ev("GUERRA DELS SEGADORS") in s["decks"]["events"]
    assert insts


def test_uprising_needs_a_war():
    s = fresh("hothead")
    play_event(s, "UPRISING")
    assert sum(t["revolt"] for t in s["territories"].values()) == 1
    for w in s["wars"].values():
        w["status"] = "none"
    s2 = fresh("hothead")
    for w in s2["wars"].values():
        w["status"] = "none"
    play_event(s2, "UPRISING")
    assert sum(t["revolt"] for t in s2["territories"].values()) == 0


def test_rivalry_and_fall_from_grace_spare_the_court_painter():
    s = fresh("planet_king")
    s["court"]["geniuses"] = [nb("DIEGO VELÁZQUEZ"), None, None, None]
    s["court"]["painter"] = nb("DIEGO VELÁZQUEZ")
    play_event(s, "RIVALRY")
    play_event(s, "FALL FROM GRACE")
    assert s["court"]["geniuses"][0] == nb("DIEGO VELÁZQUEZ")
    s["court"]["painter"] = None
    play_event(s, "RIVALRY")
    assert nb("DIEGO VELÁZQUEZ") in s["exiled"]


def test_storms_spare_the_manila_galleon():
    s = fresh("planet_king")
    s["plus_ultra"].update(indies_fleets=1, galleon=True)
    fleets = [u for u in s["units"] if u["loc"] == PLUS_ULTRA]
    stack(s, [ev("THE PLAGUE")] * 0 + [ev("INSTABILITY"), ev("TRAITOR")])
    play_event(s, "STORMS")
    assert s["plus_ultra"]["galleon"] and s["plus_ultra"]["indies_fleets"] == 0
    assert len([u for u in s["units"] if u["loc"] == PLUS_ULTRA]) == len(fleets) - 1


def test_spanish_road_closes_then_reopens_for_a_ducat():
    s = fresh("planet_king")
    play_event(s, "SPANISH ROAD")
    assert s["flags"]["valtellina_closed"]
    s["treasury"] = 3
    play_event(s, "SPANISH ROAD")
    s = pick(s, "Spend the ducat")
    assert not s["flags"]["valtellina_closed"] and s["treasury"] == 2


def test_example_wallenstein_first_turn():
    """Example First Game Turn: WALLENSTEIN — the player spends the ducat and moves the Palatinate marker one space
    in his favour."""
    s = fresh("anni_mirabiles")
    s["treasury"] = 9
    pos = s["wars"][PALATINATE]["pos"]
    play_event(s, "WALLENSTEIN")
    s = pick(s, "Spend the ducat")
    assert s["treasury"] == 8 and s["wars"][PALATINATE]["pos"] == pos + 1


def test_palatinate_events_and_lutzen_red_text():
    s = fresh("planet_king")
    play_event(s, "BREITENFELD 1631")
    assert s["flags"]["breitenfeld"] and s["wars"][PALATINATE]["pos"] == 0
    run(s, events.event_done, ev("LÜTZEN"))
    assert ev("DANISH INTERVENTION") in s["pending_removals"] and ev("LÜTZEN") in s["gone_events"]


def test_old_tercio_exchange():
    s = fresh("planet_king")
    s["treasury"] = 2
    play_event(s, "OLD TERCIO")
    s = pick(s, "Spanish tercio in")
    assert s["treasury"] == 1 and "old_tercio" in [u["type"] for u in s["units"] if u["loc"] == SPAIN]


def test_conspiracy_of_nobles_and_corsairs():
    s = fresh("planet_king")
    pos = s["wars"][FLANDERS_WAR]["pos"]
    play_event(s, "CONSPIRACY OF NOBLES")  # Isabel Clara Eugenia is loyal: no test
    assert s["wars"][FLANDERS_WAR]["pos"] == pos - 1 and s["offices"]["governor_of_flanders"]
    play_event(s, "CORSAIRS OF DUNKIRK")
    from engines.planet_king import wars

    assert wars.enemy_strength(s, FLANDERS_WAR) == 3


def test_plus_ultra_cards():
    s = fresh("planet_king")
    play_event(s, "WEST INDIES FLEET")
    play_event(s, "GALLEON OF MANILA")
    assert s["plus_ultra"]["indies_fleets"] == 1 and s["plus_ultra"]["galleon"]
    play_event(s, "NUESTRA SEÑORA DE ATOCHA")
    assert s["plus_ultra"]["indies_fleets"] == 0


def test_construction_deploys_now():
    s = fresh("planet_king")
    military.new_unit(s, "fleet", military.CONSTRUCTION)
    play_event(s, "CONSTRUCTION")
    s = pick(s, "Plus Ultra")
    assert not military.units_at(s, military.CONSTRUCTION)


def test_hunting_day_and_sebastian_de_morra():
    s = fresh("planet_king")
    play_event(s, "HUNTING DAY")
    play_event(s, "SÉBASTIÁN DE MORRA")
    assert s["marks"]["happiness"] == 2


def test_war_only_discards_happiness_cards_unplayed():
    s = fresh("war_only")
    s["cubes"]["royal"] = 0
    play_event(s, "BARBARA VAN BECK")
    assert s["cubes"]["royal"] == 0 and "discarded unplayed" in text_log(s)


def test_the_ensign_nun_offers_exploration_or_political_action():
    s = fresh("planet_king")
    play_event(s, "THE ENSIGN NUN")
    assert any("exploration" in x for x in labels(s)) and any("political" in x for x in labels(s))


def test_his_majesty_the_king_free_action():
    s = fresh("planet_king")
    s["cubes"]["royal"] = 0
    play_event(s, "HIS MAJESTY THE KING")
    s = pick(s, "royal action")
    s = pick(s, "Cortes")
    assert s["cubes"]["royal"] == 0


def test_the_fronde_brings_conde():
    s = fresh("planet_king")
    s["turn"] = 6
    from engines.planet_king.components import CONDE, F_PICARDY

    s["wars"][F_PICARDY].update(status="war", leader=nb("GUILLAUME DE BETTE"))
    play_event(s, "THE FRONDE")
    s = pick(s, "Picardy")
    s = pick(s, "Picardy")
    assert s["wars"][F_PICARDY]["leader"] == CONDE and s["conde"] == "spain"
    assert "french_tercio" in [u["type"] for u in s["units"] if u["loc"] == F_PICARDY]


def test_guerra_dels_segadors_without_war_with_france():
    s = fresh("planet_king")
    from engines.planet_king.components import F_CATALONIA

    play_event(s, "GUERRA DELS SEGADORS")
    while "options" in s["stack"][-1] and "Muster" in top_text(s):
        s = pick(s, "Done")
    assert s["wars"][F_CATALONIA]["status"] == "war" and s["wars"][F_CATALONIA]["black"] == 3
    assert s["flags"]["catalan_tercio"]


def test_raid_on_an_undefended_territory_always_succeeds():
    """Raid Events: no defence, the raid succeeds although a card is still drawn."""
    from engines.planet_king import events_common

    s = fresh("planet_king")
    s = rigged(s, events_common.raid, lambda t: t["territories"]["pk:territory:philippines"]["raid"], "test")
    assert s["territories"]["pk:territory:philippines"]["ducats"] == 0


def test_the_twilight_of_life_takes_the_mistress_and_her_bastards():
    s = fresh("anni_mirabiles")
    s["children"] = [{"id": "pk:child:juan", "name": "Juan", "male": True, "legit": False, "sickly": False}]
    mistress = s["court"]["mistress"]
    s = rigged(s, events.resolve, lambda t: mistress in t["gone"], ev("THE TWILIGHT OF LIFE"))
    assert s["children"] == [] and s["marks"]["happiness"] == -1


def test_spanish_golden_age_example():
    """Example First Game Turn: VELÁZQUEZ 3, QUEVEDO 2, GRACIÁN 1, PIMENTEL 1 (patron) and MARÍA CALDERÓN 1: eight
    enlightenment points earn a victory point."""
    s = fresh("anni_mirabiles")
    empty_court(s)
    seat(
        s,
        geniuses=["DIEGO VELÁZQUEZ", "FRANCISCO DE QUEVEDO", "BALTASAR GRACIÁN"],
        nobles=["FRANCISCO PIMENTEL"],
        mistress="MARÍA CALDERÓN",
    )
    from engines.planet_king.scoring import enlightenment

    assert enlightenment(s) == 8
    play_event(s, "SPANISH GOLDEN AGE")
    assert s["vp"]["king"] == 1


def test_royal_marriage_without_queen():
    s = fresh("planet_king")
    s["court"]["queen"] = None
    play_event(s, "ROYAL MARRIAGE")
    assert "Queen" in top_text(s)


def test_events_phase_ends_after_five_action_cards():
    s = fresh("planet_king")
    s["played"] = {"action": 4, "total_war": 1}
    assert events.phase_over(s)
    s["played"] = {"action": 4, "total_war": 0}
    assert not events.phase_over(s)
