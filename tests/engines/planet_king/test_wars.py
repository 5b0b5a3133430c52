"""Wars: declaration, progression, campaigns, fronts, the end of a war (Wars; Government Actions › Military
Campaign) — the rulebook's examples with stacked decks."""

from engines.core.types import text
from engines.planet_king import GAME, campaigns, military, wars
from engines.planet_king.components import (
    F_CATALONIA,
    F_ITALY,
    F_PICARDY,
    FLANDERS_WAR,
    FRANCE,
    OTTOMAN,
    PALATINATE,
    UNITED_PROVINCES,
    C,
)
from tests.engines.planet_king.support import ev, fresh, nb, pick, run, stack, text_log, units


def at_war(s, wid, pos=0, leader=None, enemy=None, army=()):
    s["wars"][wid].update(status="war", pos=pos, truce=False, leader=leader, enemy=enemy)
    s["units"] = [u for u in s["units"] if u["loc"] != wid]
    for kind in army:
        military.new_unit(s, kind, wid)


def test_example_progression_of_a_war_tromp():
    """Turn 6: Flanders at red 1, the Marquis de Lede with a veteran and a fleet (3 SP) against 4; Tromp (2) draws
    INSTABILITY (negative) and FALL FROM GRACE (neutral), both with the SP symbol: the marker moves one space to red
    2, the veteran is flipped, Tromp stays."""
    s = fresh("planet_king")
    s["turn"] = 6
    at_war(
        s, FLANDERS_WAR, pos=-1, leader=nb("GUILLAUME DE BETTE"), enemy="pk:leader:tromp", army=["old_tercio", "fleet"]
    )
    at_war(s, "pk:war:england", enemy="pk:leader:blake", army=["fleet"])
    assert military.army_sp(s, FLANDERS_WAR) == 3
    stack(s, [ev("INSTABILITY"), ev("FALL FROM GRACE")])
    run(s, campaigns.war_event, UNITED_PROVINCES)
    assert s["wars"][FLANDERS_WAR]["pos"] == -2
    vet = [u for u in s["units"] if u["loc"] == FLANDERS_WAR and u["type"] == "old_tercio"]
    assert vet and vet[0]["damaged"]
    assert s["wars"][FLANDERS_WAR]["enemy"] == "pk:leader:tromp"


def test_enemy_leader_relieved_when_nothing_happens():
    """Progression of a War: a campaign that neither moves the marker nor removes an SP relieves the enemy leader
    (Nassau in the Example First Game Turn)."""
    s = fresh("planet_king")
    at_war(
        s,
        FLANDERS_WAR,
        pos=-1,
        leader=nb("AMBROSIO DE SPINOLA"),
        enemy="pk:leader:nassau",
        army=["old_tercio", "nations_tercio", "fleet"],
    )
    stack(s, [ev("EXCELLENT HARVESTS"), ev("PATRON")])
    run(s, campaigns.war_event, UNITED_PROVINCES)
    assert s["wars"][FLANDERS_WAR]["pos"] == -1
    assert s["wars"][FLANDERS_WAR]["enemy"] != "pk:leader:nassau"
    assert "relieved of command" in text_log(s)


def test_example_total_war_first_turn():
    """Example First Game Turn: TOTAL WAR attacks Italy and Flanders, not the Palatinate. In Italy La Motte (2)
    against 1.5 SP (strength 3): one neutral and one negative result move the marker one space only."""
    s = fresh("anni_mirabiles")
    at_war(
        s,
        F_ITALY,
        leader=nb("FRANCISCO PIMENTEL"),
        enemy="pk:leader:la-motte",
        army=["spanish_tercio", "provincial_tercio"],
    )
    s["wars"][FLANDERS_WAR]["enemy"] = "pk:leader:nassau"
    assert military.army_sp(s, F_ITALY) == 1.5
    stack(s, [ev("UNION OF ARMS"), ev("THE PLAGUE"), ev("EXCELLENT HARVESTS"), ev("PATRON")])
    palatinate = s["wars"][PALATINATE]["pos"]
    run(s, campaigns.total_war)
    s = pick(s, "The provincial tercio")  # UNION OF ARMS shows the SP elimination symbol: the player chooses
    assert s["wars"][F_ITALY]["pos"] == -1 and units(s, F_ITALY) == ["spanish_tercio"]
    assert s["wars"][PALATINATE]["pos"] == palatinate
    assert s["wars"][FLANDERS_WAR]["enemy"] != "pk:leader:nassau"


def test_example_declaration_of_war_turn_5_instability():
    """Events Phase example, turn 5: FRANCO-SPANISH WAR, the fortune test draws INSTABILITY (negative): war is
    declared; from turn 4 on Picardy and Catalonia open together."""
    s = fresh("planet_king")
    s["turn"] = 5
    s["wars_declared"] = 0
    stack(s, [ev("INSTABILITY"), ev("PATRON")])
    run(s, campaigns.war_event, FRANCE)
    assert s["wars"][F_PICARDY]["status"] == "war" and s["wars"][F_CATALONIA]["status"] == "war"
    assert s["wars"][F_ITALY]["status"] == "none"
    assert s["wars"][F_CATALONIA]["black"] == 3


def test_declaration_turn_three_needs_two_good_tests():
    """From turn 3 two tests; a neutral result in either declares war (turns 1–2: one test)."""
    s = fresh("planet_king")
    s["turn"] = 3
    stack(s, [ev("PATRON"), ev("FALL FROM GRACE")])
    run(s, campaigns.war_event, "pk:power:england")
    assert s["wars"]["pk:war:england"]["status"] == "war"
    s = fresh("planet_king")
    stack(s, [ev("PATRON"), ev("FALL FROM GRACE")])
    run(s, campaigns.war_event, "pk:power:england")
    assert s["wars"]["pk:war:england"]["status"] == "none"


def test_turkish_war_only_on_negative():
    s = fresh("planet_king")
    s["turn"] = 5
    stack(s, [ev("FALL FROM GRACE")])
    run(s, campaigns.war_event, OTTOMAN, turkish=True)
    assert s["wars"]["pk:war:ottoman-empire"]["status"] == "none"
    stack(s, [ev("THE PLAGUE")])
    run(s, campaigns.war_event, OTTOMAN, turkish=True)
    assert s["wars"]["pk:war:ottoman-empire"]["status"] == "war"


def test_two_new_wars_a_turn_at_most():
    s = fresh("planet_king")
    s["wars_declared"] = 2
    before = len(s["decks"]["events"])
    run(s, campaigns.war_event, "pk:power:england")
    assert s["wars"]["pk:war:england"]["status"] == "none"
    assert len(s["decks"]["events"]) == before  # no fortune test drawn


def test_example_war_ended_this_turn_is_ignored():
    """On turn 3 the Flanders war ended in victory; the FLANDERS WAR card drawn later that turn is ignored."""
    s = fresh("planet_king")
    s["turn"] = 3
    at_war(s, FLANDERS_WAR, pos=3, leader=nb("AMBROSIO DE SPINOLA"), enemy="pk:leader:nassau")
    run(s, wars.move, FLANDERS_WAR, 1, "test")
    assert s["wars"][FLANDERS_WAR]["status"] == "peace"
    before = len(s["decks"]["events"])
    run(s, campaigns.war_event, UNITED_PROVINCES)
    assert s["wars"][FLANDERS_WAR]["status"] == "peace" and len(s["decks"]["events"]) == before


def test_example_front_selection_picardy():
    """Turn 6: Picardy at black 2, Catalonia at red 1: the FRANCO-SPANISH WAR campaign is on Picardy."""
    s = fresh("planet_king")
    s["turn"] = 6
    at_war(s, F_PICARDY, pos=2, leader=nb("GUILLAUME DE BETTE"), enemy="pk:leader:turenne", army=["spanish_tercio"])
    at_war(
        s, F_CATALONIA, pos=-1, leader=nb("FERNÁNDEZ DE LA CUEVA"), enemy="pk:leader:harcourt", army=["spanish_tercio"]
    )
    stack(s, [ev("THE PLAGUE"), ev("PATRON"), ev("EXCELLENT HARVESTS")])
    run(s, campaigns.war_event, FRANCE)
    assert s["wars"][F_PICARDY]["pos"] == 1 and s["wars"][F_CATALONIA]["pos"] == -1


def test_end_of_war_victory_points_and_markers():
    """End of a War: VP of the track, +1 happiness and +1 prestige, the commander back to the Court."""
    s = fresh("planet_king")
    at_war(s, F_ITALY, pos=2, leader=nb("FRANCISCO PIMENTEL"), enemy="pk:leader:la-motte", army=["spanish_tercio"])
    s["court"]["nobles"] = [n if n != nb("FRANCISCO PIMENTEL") else None for n in s["court"]["nobles"]]
    run(s, wars.move, F_ITALY, 1, "test")
    assert s["vp"]["king"] == 2 and s["marks"] == {"prestige": 1, "happiness": 1}
    assert nb("FRANCISCO PIMENTEL") in s["court"]["nobles"] or nb("FRANCISCO PIMENTEL") in s["decks"]["nobles"]
    s = pick(s, "Spain")  # the player may move the SP without any restriction
    assert units(s, F_ITALY) == [] and "spanish_tercio" in units(s, "pk:territory:spain")


def test_italian_defeat_closes_the_valtellina():
    s = fresh("planet_king")
    at_war(s, F_ITALY, pos=-2, enemy="pk:leader:la-motte")
    run(s, wars.move, F_ITALY, -1, "test")
    assert s["flags"]["valtellina_closed"] and s["flags"]["italy_ended"]


def test_player_campaign_spinola_first_turn():
    """Example First Game Turn: Spinola (3) campaigns in Flanders, 4 SP against 4: one positive result moves the
    marker one space; an SP elimination symbol with Nassau (2) flips the veteran. It costs two ducats."""
    s = fresh("anni_mirabiles")
    at_war(
        s,
        FLANDERS_WAR,
        pos=-1,
        leader=nb("AMBROSIO DE SPINOLA"),
        enemy="pk:leader:nassau",
        army=["old_tercio", "nations_tercio", "fleet"],
    )
    assert campaigns.campaign_cost(None, nb("AMBROSIO DE SPINOLA")) == 2
    stack(s, [ev("PATRON"), ev("THE PLAGUE"), ev("FALL FROM GRACE")])
    run(s, campaigns.player_campaign, FLANDERS_WAR)
    assert s["wars"][FLANDERS_WAR]["pos"] == 0
    vet = next(u for u in s["units"] if u["loc"] == FLANDERS_WAR and u["type"] == "old_tercio")
    assert vet["damaged"]


def test_campaign_with_inferior_army_needs_two_positives():
    s = fresh("planet_king")
    at_war(s, F_ITALY, leader=nb("GONZALO FDEZ. DE CÓRDOBA"), enemy="pk:leader:la-motte", army=["spanish_tercio"])
    s["wars"][PALATINATE]["leader"] = None
    stack(s, [ev("PATRON"), ev("THE PLAGUE")])
    run(s, campaigns.player_campaign, F_ITALY)
    assert s["wars"][F_ITALY]["pos"] == 0


def test_palatinate_has_no_enemy_leader_and_no_fleets():
    s = fresh("planet_king")
    assert s["wars"][PALATINATE]["enemy"] is None
    assert not military.may_stand(s, "fleet", PALATINATE)
    assert all(C.LEADERS[s["wars"][w]["enemy"]]["power"] == UNITED_PROVINCES for w in [FLANDERS_WAR])


def test_naval_power_without_fleet():
    """England is a naval power: without a fleet the player's campaign counts one SP less, and in the enemy's
    campaign neutral results count as negative."""
    s = fresh("planet_king")
    at_war(
        s,
        "pk:war:england",
        leader=nb("GÓMEZ SUÁREZ"),
        enemy="pk:leader:buckingham",
        army=["spanish_tercio", "spanish_tercio"],
    )
    assert military.army_sp(s, "pk:war:england") == 1
    assert military.army_sp(s, "pk:war:england", enemy_campaign=True) == 2
    stack(s, [ev("FALL FROM GRACE")])  # neutral (strategy 1, difference 1)
    run(s, campaigns.war_event, "pk:power:england")
    assert s["wars"]["pk:war:england"]["pos"] == -1
    assert units(s, "pk:war:england") == ["spanish_tercio"]  # the card's SP symbol: one tercio lost


def test_a_battles_ordinal_reads_in_spanish_in_the_log_and_its_place_as_printed():
    """Battle Name Generator: the campaign's name in the log; in Spanish the printed ordinal ("1st Breda") reads
    "1.ª Breda" (issue 29), a name without one as printed, and English as the rulebook prints it."""
    entry = text("log.the_campaign_is_remembered_as", table="1st Breda", row=1, col=1)
    assert GAME.renderer("es").text(entry) == "La campaña se recuerda como 1.ª Breda (1, 1)."
    assert GAME.renderer("en").text(entry) == "The campaign is remembered as 1st Breda (1, 1)."
    assert GAME.name_of("3rd Groenlo", "es") == "3.ª Groenlo" and GAME.name_of("2nd Dunas", "es") == "2.ª Dunas"
    assert GAME.name_of("Aire-sur-la-Lys", "es") == "Aire-sur-la-Lys" and GAME.name_of("1st Breda", "en") is None
