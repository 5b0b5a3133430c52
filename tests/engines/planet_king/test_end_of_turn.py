"""The End of Turn phase (End of Turn Phase; Victory) — examples."""

from engines.planet_king import end_of_turn, end_of_turn_court, military, victory
from engines.planet_king.components import PLUS_ULTRA
from engines.planet_king.scoring import court_happiness, court_prestige, enlightenment
from tests.engines.planet_king.support import empty_court, ev, fresh, nb, pick, run, seat, stack, text_log


def test_example_indies_income_turn_5():
    """End of turn 5: a fleet, two Indies fleets, the Galleon and a Pirate in Plus Ultra; the Viceroy has
    Government 2. The pirate test is negative: one Indies fleet is lost. 2 + 2 + 1 = 5 due, but only 4 ducats
    remain in the Indies (three raided territories): 4 collected."""
    s = fresh("planet_king")
    s["turn"] = 5
    s["offices"]["viceroy_of_the_indies"] = nb("DIEGO CARRILLO")  # Government 2
    s["plus_ultra"] = {"indies_fleets": 2, "pirates": 1, "galleon": True}
    assert any(u["loc"] == PLUS_ULTRA and u["type"] == "fleet" for u in s["units"])
    for t in s["territories"].values():
        t["ducats"] = 0
    s["territories"]["pk:territory:peru"]["ducats"] = 3
    s["territories"]["pk:territory:philippines"]["ducats"] = 1
    s["treasury"] = 0
    stack(s, [ev("THE PLAGUE")])
    run(s, end_of_turn.eot_indies)
    assert s["treasury"] == 4
    assert s["plus_ultra"] == {"indies_fleets": 0, "pirates": 0, "galleon": False}


def test_example_first_turn_income():
    """Example First Game Turn: no pirates; 2 (Viceroy) + 2 (Indies fleet) + 1 (Galleon) from the Indies; 4 for
    Castile and Aragon; 3 for Italy and Flanders (FERNÁNDEZ DE CASTRO 2, ISABEL CLARA EUGENIA 2 − 1)."""
    s = fresh("anni_mirabiles")
    seat(s, viceroy_of_the_indies="DIEGO CARRILLO", viceroy_of_italy="FERNÁNDEZ DE CASTRO (father)")
    s["plus_ultra"] = {"indies_fleets": 1, "pirates": 0, "galleon": True}
    s["treasury"] = 0
    run(s, end_of_turn.eot_indies)
    assert s["treasury"] == 5
    run(s, end_of_turn.eot_income)
    assert s["treasury"] == 12


def test_example_queen_mortality_two_turns():
    """ELISABETH OF FRANCE: negative on turn 1, a sickly marker; negative again next turn: she dies."""
    s = fresh("anni_mirabiles")
    s["children"] = []
    stack(s, [ev("THE PLAGUE")])
    run(s, end_of_turn_court.mortality)
    assert s["queen_sickly"] and s["court"]["queen"] == nb("ELISABETH OF FRANCE")
    stack(s, [ev("TRAITOR")])
    run(s, end_of_turn_court.mortality)
    assert nb("ELISABETH OF FRANCE") in s["gone"]


def test_example_first_turn_mortality_sickly_heir_survives_on_positive():
    """Example First Game Turn: the sickly heir survives with EXCELLENT HARVESTS (+1 VP); the Queen gets PIRATES
    (negative): sickly."""
    s = fresh("anni_mirabiles")
    s["children"] = [
        {"id": "pk:child:baltasar-carlos", "name": "Baltasar Carlos", "male": True, "legit": True, "sickly": True}
    ]
    s["heir"] = "pk:child:baltasar-carlos"
    stack(s, [ev("EXCELLENT HARVESTS"), ev("PIRATES")])
    run(s, end_of_turn_court.mortality)
    assert s["heir"] == "pk:child:baltasar-carlos" and s["vp"]["king"] == 1 and s["queen_sickly"]


def test_sickly_child_dies_on_a_second_neutral():
    s = fresh("anni_mirabiles")
    s["children"] = [{"id": "pk:child:juan", "name": "Juan", "male": True, "legit": True, "sickly": True}]
    s["heir"] = "pk:child:juan"
    stack(s, [ev("FALL FROM GRACE"), ev("PATRON")])
    run(s, end_of_turn_court.mortality)
    assert s["heir"] is None and s["marks"]["happiness"] == -2 and s["marks"]["prestige"] == -1


def turn_three_court(s):
    empty_court(s)
    seat(
        s,
        geniuses=["FRANCISCO DE QUEVEDO", "LOPE DE VEGA", "LUIS DE GÓNGORA", "FRANCISCO DE ZUBARÁN"],
        nobles=["ANTOINE BRUN", "GASPAR DE BORJA"],
        queen="ELISABETH OF FRANCE",
        mistress="CASILDA MANRIQUE",
    )


def test_example_enlightenment_turn_3():
    """QUEVEDO 2, LOPE DE VEGA 2, GÓNGORA 1, ZURBARÁN 2, BRUN (+1 literature), BORJA (patron): two cards per art,
    so Brun and Góngora are ignored: 7 points, +1 VP, +1 prestige, −1 ducat."""
    s = fresh("planet_king")
    turn_three_court(s)
    assert enlightenment(s) == 7


def test_example_prestige_turn_3():
    """BRUN 1, BORJA 1, ELISABETH 2, CASILDA −1 = 4 (the Valido Olivares has prestige 0), plus the markers +1 +1 −1
    and +1 for the enlightenment: 5, an extra VP."""
    s = fresh("planet_king")
    turn_three_court(s)
    assert court_prestige(s) == 3 + 0  # the example's "4" counts the enlightenment point
    s["marks"] = {"prestige": 1 + 1 - 1, "happiness": 0}
    s["treasury"] = 5
    run(s, end_of_turn_court.eot_scores)
    assert s["last_scores"]["prestige"] == 5


def test_example_happiness_turn_3():
    """ELISABETH 1 + CASILDA 2 = 3; −1 no legitimate child; +4 (HUNTING DAY, CORRALES AND BROTHELS, two bastard
    sons) = 6: one VP and one ducat less."""
    s = fresh("planet_king")
    turn_three_court(s)
    assert court_happiness(s) == 3
    s["marks"] = {"prestige": 1, "happiness": -1 + 4}
    s["treasury"] = 5
    vp = s["vp"]["king"]
    run(s, end_of_turn_court.eot_scores)
    assert s["last_scores"]["happiness"] == 6
    assert s["vp"]["king"] == vp + 1 + 1 + 1  # enlightenment 7, prestige 5, happiness 6


def test_automatic_defeat_on_low_prestige():
    s = fresh("planet_king")
    empty_court(s)
    seat(s, mistress="CASILDA MANRIQUE")
    s["marks"] = {"prestige": -3, "happiness": 5}
    run(s, end_of_turn_court.eot_scores)
    assert s["defeat"]


def test_nations_upkeep_and_provincial_levy():
    s = fresh("planet_king")
    s["treasury"] = 5
    n = sum(1 for u in s["units"] if u["type"] == "nations_tercio")
    run(s, end_of_turn.eot_upkeep)
    s = pick(s, "Pay")
    assert s["treasury"] == 5 - (-(-n // 2))
    run(s, end_of_turn.eot_provincials)
    s = pick(s, "Spain")
    s = pick(s, "Italy")
    assert sum(1 for u in s["units"] if u["type"] == "provincial_tercio") == 2


def test_valido_change_and_wear():
    s = fresh("planet_king")
    s["turn"] = 4
    s["last_scores"] = {"prestige": 4}
    run(s, end_of_turn_court.eot_valido)
    s = pick(s, "Keep")
    assert "wear" in text_log(s).splitlines()[-1]
    run(s, end_of_turn_court.eot_valido)
    s = pick(s, "Appoint")
    assert nb("GASPAR DE GUZMÁN") in s["gone"] and nb("GASPAR DE GUZMÁN") in s["dismissed"]


def test_victory_levels_iupiter_hispano():
    s = fresh("iupiter_hispano")
    for vp, level in ((7, "major_victory"), (5, "historical_outcome"), (2, "defeat"), (1, "neither_king_nor_planet")):
        assert victory.level_for(s, vp) == level


def test_hothead_victory_needs_italy_won_and_a_good_viceroy():
    s = fresh("hothead")
    assert victory.level_for(s, 0) == "defeat"
    s["war_results"].append(["pk:war:italy", "win", 2, 1])
    s["offices"]["viceroy_of_italy"] = nb("CASTEL RODRIGO")
    assert victory.level_for(s, 0) == "major_victory"


def test_construction_deploys_under_construction_fortification():
    s = fresh("planet_king")
    s["forts_building"] = ["pk:territory:peru"]
    military.new_unit(s, "spanish_tercio", military.CONSTRUCTION)
    run(s, end_of_turn.eot_construction)
    s = pick(s, "Spain")
    assert s["territories"]["pk:territory:peru"]["fort"] == 2
