"""Actions: the ACTION card procedure, royal, political, government and simple actions (Actions) — examples."""

from engines.planet_king import actions, military
from engines.planet_king.components import F_PICARDY, FLANDERS, FLANDERS_WAR, PLUS_ULTRA, SPAIN
from tests.engines.planet_king.support import (
    empty_court,
    ev,
    fresh,
    labels,
    nb,
    pick,
    play_event,
    run,
    seat,
    stack,
    text_log,
    top_text,
)


def action_card(s):
    run(s, actions.action_round, "card")
    return s


def test_example_types_of_actions_three_different_types():
    """One red, one blue, two yellow cubes: a government, a royal and a simple action, but never two royal."""
    s = fresh("planet_king")
    s["cubes"] = {"royal": 2, "government": 1, "political": 1, "green": 0}
    action_card(s)
    kinds = {w.split(" — ")[0] for w in labels(s)}  # the label goes on with the action's cube cost
    assert kinds >= {"Perform a royal action", "Perform a government action", "Perform a simple action"}
    assert "Perform a royal action — costs a yellow cube (2 left)" in labels(s)
    s = pick(s, "Perform a royal action")
    s = pick(s, "Cortes")
    while "type of action" not in top_text(s):
        s = pick(s, "")
    assert "Perform a royal action" not in {w.split(" — ")[0] for w in labels(s)}
    assert s["cubes"]["royal"] == 1


def test_example_hunt_in_organisation_phase():
    """Example First Game Turn: the royal action Hunt shuffles HUNTING DAY into the deck, free of cubes."""
    s = fresh("anni_mirabiles")
    n = len(s["decks"]["events"])
    s = pick(s, "Perform a royal action")
    s = pick(s, "Hunt")
    assert len(s["decks"]["events"]) == n + 1 and ev("HUNTING DAY") in s["decks"]["events"]
    assert "hunt" in s["unique"] and s["cubes"]["royal"] == 4


def test_example_build_fleet_and_appoint_noble_in_organisation():
    """Example First Game Turn: Build a Fleet (1 ducat, 9 left, Under Construction) and Appoint Noble (GÓMEZ
    SUÁREZ to the Court), no cube spent; no campaign or embassy offered."""
    s = fresh("anni_mirabiles")
    s = pick(s, "Perform a government action")
    assert "Military Campaign" not in labels(s)
    s = pick(s, "Build a Fleet")
    assert s["treasury"] == 9 and military.units_at(s, military.CONSTRUCTION)
    s = pick(s, "Perform a political action")
    assert "Embassy" not in labels(s)
    gomez = nb("GÓMEZ SUÁREZ")
    s["decks"]["nobles"] = [gomez] + [n for n in s["decks"]["nobles"] if n != gomez]
    s = pick(s, "Appoint Noble")
    s = pick(s, "the Court")
    assert gomez in s["court"]["nobles"] and s["cubes"]["government"] == 3


def test_example_appoint_noble_replaces_army_commander():
    """FERNANDO DE AUSTRIA drawn and placed in the army of Flanders: FRANCISCO DE MELO returns to the Court or
    leaves the game."""
    s = fresh("planet_king")
    s["turn"] = 4  # both counters are available from turn 4
    s["wars"][FLANDERS_WAR]["leader"] = nb("FRANCISCO DE MELO")
    s["court"]["nobles"] = [None] * 4
    fernando = nb("FERNANDO DE AUSTRIA")
    s["decks"]["nobles"] = [fernando]
    s["cubes"]["political"] = 1
    action_card(s)
    s = pick(s, "Perform a political action")
    s = pick(s, "Appoint Noble")
    s = pick(s, "army of Flanders War")
    assert s["wars"][FLANDERS_WAR]["leader"] == fernando
    s = pick(s, "Return FRANCISCO DE MELO")
    assert nb("FRANCISCO DE MELO") in s["court"]["nobles"]


def test_example_nominate_noble_viceroy_of_the_indies():
    """LUIS DE HARO replaced as Viceroy of the Indies by EVERARDO DE NITHARD from the Court."""
    s = fresh("planet_king")
    empty_court(s)
    seat(s, nobles=["EVERARDO DE NITHARD"], viceroy_of_the_indies="LUIS DE HARO")
    s["cubes"]["political"] = 1
    action_card(s)
    s = pick(s, "Perform a political action")
    s = pick(s, "Nominate Noble")
    s = pick(s, "EVERARDO")
    s = pick(s, "Viceroy of the Indies")
    s = pick(s, "Remove LUIS DE HARO")
    assert s["offices"]["viceroy_of_the_indies"] == nb("EVERARDO DE NITHARD") and nb("LUIS DE HARO") in s["gone"]


def test_example_embassy_to_england():
    """LEOPOLD OF HABSBURG (political 2) is sent to the war with England for a ducat: one test, positive: truce."""
    s = fresh("planet_king")
    s["wars"]["pk:war:england"].update(status="war", pos=-1, enemy="pk:leader:buckingham")
    empty_court(s)
    seat(s, nobles=["LEOPOLD OF HABSBURG"])
    s["treasury"] = 4
    s["cubes"]["political"] = 1
    stack(s, [ev("PATRON")])
    action_card(s)
    s = pick(s, "Perform a political action")
    s = pick(s, "Embassy")
    s = pick(s, "War with England")
    s = pick(s, "LEOPOLD")
    assert s["wars"]["pk:war:england"]["truce"] and s["treasury"] == 3
    stack(s, [ev("PATRON")])
    play_event(s, "DIPLOMACY")
    s = pick(s, "Send an embassy")
    s = pick(s, "War with England")
    s = pick(s, "LEOPOLD")
    assert s["wars"]["pk:war:england"]["status"] == "peace" and s["marks"]["prestige"] == -1


def test_example_campaign_repeat_on_another_front_only():
    """A campaign on Picardy with one ACTION card: the next may campaign on another front, not on Picardy."""
    s = fresh("planet_king")
    s["wars"][F_PICARDY].update(status="war", leader=nb("GONZALO FDEZ. DE CÓRDOBA"), enemy="pk:leader:la-motte")
    s["wars"]["pk:war:palatinate"]["leader"] = None
    s["treasury"] = 6
    s["cubes"]["government"] = 3
    stack(s, [ev("THE PLAGUE"), ev("TRAITOR")])
    action_card(s)
    s = pick(s, "Perform a government action")
    s = pick(s, "Military Campaign")
    s = pick(s, "Campaign in Picardy")
    s = pick(s, "Keep the results")  # GONZALO FDEZ. DE CÓRDOBA is brave
    s = pick(s, "No more actions")
    action_card(s)
    s = pick(s, "Perform a government action")
    s = pick(s, "Military Campaign")
    assert not any("Picardy" in x for x in labels(s)) and any("Flanders" in x for x in labels(s))


def test_example_move_through_plus_ultra_with_valtellina_closed():
    """Turn 4, the Valtellina closed: two tercios move from Spain to Flanders because a fleet is in Plus Ultra."""
    s = fresh("planet_king")
    s["flags"]["valtellina_closed"] = True
    assert FLANDERS in military.reachable(s, SPAIN, "spanish_tercio")
    s["units"] = [u for u in s["units"] if u["loc"] != PLUS_ULTRA]
    assert FLANDERS not in military.reachable(s, SPAIN, "spanish_tercio")
    s["flags"]["valtellina_closed"] = False
    assert FLANDERS in military.reachable(s, SPAIN, "spanish_tercio")


def test_example_ensign_nun_second_exploration_to_formosa():
    """Example First Game Turn: after the Amazon River, THE ENSIGN NUN's exploration (Military 2) reaches Formosa:
    a ducat, a VP and a prestige point; it does not count against the unique action."""
    s = fresh("anni_mirabiles")
    s["exploration"] = 1
    s["unique"] = ["exploration"]
    s["treasury"] = 5
    stack(s, [ev("PATRON"), ev("THE PLAGUE")])
    play_event(s, "THE ENSIGN NUN")
    s = pick(s, "Conduct an exploration")
    assert s["exploration"] == 2 and s["treasury"] == 4 and s["vp"]["king"] == 1 and s["marks"]["prestige"] == 1
    assert s["territories"]["pk:territory:formosa"]["settled"]


def test_example_issue_first_turn():
    """Example First Game Turn: the Queen's neutral and negative results give a sickly son who becomes heir; the
    Royal Mistress's two positive results give two bastards (a son: a happiness point)."""
    s = fresh("anni_mirabiles")
    s["court"]["mistress"] = nb("MARÍA CALDERÓN")
    s["cubes"]["royal"] = 4
    stack(s, [ev("FALL FROM GRACE"), ev("THE PLAGUE"), ev("PATRON"), ev("EXCELLENT HARVESTS")])
    action_card(s)
    s = pick(s, "Perform a royal action")
    s = pick(s, "Issue")
    legit = [c for c in s["children"] if c["legit"]]
    bastards = [c for c in s["children"] if not c["legit"]]
    assert len(legit) == 1 and legit[0]["sickly"] and len(bastards) == 2
    assert (s["heir"] == legit[0]["id"]) == legit[0]["male"]
    assert s["marks"]["happiness"] == sum(1 for c in bastards if c["male"])
    assert "issue" in s["unique"] and s["cubes"]["royal"] == 3


def test_cortes_positive_two_ducats():
    s = fresh("planet_king")
    s["treasury"] = 2
    stack(s, [ev("PATRON")])
    action_card(s)
    s = pick(s, "Perform a royal action")
    s = pick(s, "Cortes")
    assert s["treasury"] == 4 and "cortes" in s["unique"]


def test_asiento_secures_castile_then_the_indies():
    s = fresh("planet_king")
    s["treasury"] = 0
    action_card(s)
    s = pick(s, "Perform a simple action")
    s = pick(s, "Asiento")
    assert s["treasury"] == 2 and s["asiento"] == 1
    assert "Asiento" in text_log(s)


def test_hothead_tercio_deploys_at_once():
    """Hothead: a raised Spanish tercio can deploy to Italy or the Italian war (there is no End of Turn phase)."""
    s = fresh("hothead")
    s["treasury"] = 3
    s["cubes"]["government"] = 1
    action_card(s)
    s = pick(s, "Perform a government action")
    s = pick(s, "Raise a Spanish Tercio")
    s = pick(s, "War in Italy")
    assert "spanish_tercio" in [u["type"] for u in s["units"] if u["loc"] == "pk:war:italy"]


def test_cooperative_war_needs_the_kings_consent():
    """Cooperative Game › Wars: the Valido proposes a war, the King consents or refuses."""
    s = fresh("planet_king", mode="cooperative")
    empty_court(s)
    seat(s, nobles=["GÓMEZ SUÁREZ"])
    s["treasury"] = 5
    s["cubes"]["government"] = 1
    action_card(s)
    s = pick(s, "Perform a government action", role="king")
    s = pick(s, "Military Campaign", role="valido")
    s = pick(s, "Declare war on Ottoman Empire", role="valido")
    refused = pick(s, "Refuse", role="king")
    assert refused["wars"]["pk:war:ottoman-empire"]["status"] == "none"
    s = pick(s, "Consent", role="king")
    assert "Which noble of the Court commands" in top_text(s) and s["stack"][-1]["role"] == "valido"


def test_hothead_only_the_italian_war():
    """Hothead: only the war against France on the Italian front can be activated."""
    from engines.planet_king import actions_government
    from tests.engines.planet_king.support import ctx

    s = fresh("hothead")
    s["treasury"] = 5
    s["wars"]["pk:war:italy"]["status"] = "none"
    targets = actions_government.campaign_targets(ctx(s), "card")
    declarations = [x for x in targets if x[0] == "declare"]
    assert declarations == [("declare", "pk:power:france")]
