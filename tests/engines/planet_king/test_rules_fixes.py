"""The Planet King's "Rules fixes" issue: each test is built from the rulebook's own words (the line it cites)."""

from __future__ import annotations

import random

import pytest

from engines.planet_king import GAME
from engines.planet_king.components import C
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
    stack(
        s,
        [
            ev("ACTION", 2),
            ev("EXCELLENT HARVESTS"),
            ev("HUNTING DAY"),
            ev("ACTION", 0),
            ev("ACTION", 1),
            ev("FRANCO-SPANISH WAR", 1),
            ev("THE PLAGUE"),
        ],
    )
    s["decks"]["nobles"] = [nb("CASTEL RODRIGO"), nb("FERNÁNDEZ DE CASTRO (father)"), nb("AMBROSIO DE SPINOLA")]
    for label in (
        "GONZALO",
        "Spanish tercio in Italy",
        "provincial tercio in Italy",
        "fleet in Plus Ultra",
        # ACTION 1: a provincial tercio in the war (3 SP against 3), a campaign, a new Viceroy
        "simple",
        "Provincial",
        "War in Italy",
        "government",
        "Campaign",
        "War in Italy",
        "political",
        "Appoint",
        "Viceroy of Italy",
        "Return GARCÍA",
        # ACTION 2: no government action (a campaign cannot follow a campaign on the same front)
        "political",
        "Appoint",
        "Court",
        "No more",
        # ACTION 3: the second campaign wins the war
        "government",
        "Campaign",
        "War in Italy",
        "Keep",
        "The provincial tercio",
    ):
        s = pick(s, label)
    assert s["wars"]["pk:war:italy"]["status"] == "peace"
    assert s["war_results"][-1][:2] == ["pk:war:italy", "win"]
    s = finish_with_heuristic(s)
    assert s["outcome"]["level"] == "major_victory", text_log(s)


# ----- 2. Royal actions when none may be played ----------------------------------------------------------------------
def _types_offered(s: dict) -> list:
    frame = s["stack"][-1]
    assert frame["step"] == "chose_type"
    return [a for v, a in frame["options"] if v == "type"]


def test_no_royal_action_for_the_valido_of_a_dead_king():
    """Line 688: "In cooperative play, the Valido may continue the game without being able to play royal actions"
    -- in the Player Actions of the Organisation phase (line 242) as with an ACTION card."""
    from engines.planet_king import actions
    from tests.engines.planet_king.support import run

    s = fresh("anni_mirabiles", mode="cooperative")
    s["king_dead"] = True
    for mode in ("org", "card", "eot"):
        t = __import__("copy").deepcopy(s)
        t["cubes"]["royal"] = 4
        run(t, actions.action_round, mode)
        assert "royal" not in _types_offered(t), mode
        assert "government" in _types_offered(t)


def test_no_royal_action_in_war_only_mode():
    """Lines 901 and 905: "The geniuses, king's happiness, heirs, royal mistress markers and royal action cubes are
    not used"; "No royal actions are played" -- not even the free Player Actions of the Organisation phase."""
    s = fresh("war_only")
    assert s["stack"][-1]["step"] == "chose_type"
    assert "royal" not in _types_offered(s)


# ----- 3. War-Only mode: no Queen, no RAID IN THE INDIES --------------------------------------------------------------
def test_war_only_has_no_queen_and_scores_no_lady():
    """Line 903: "Lady and genius cards are not used" -- the Queen of the set-up (line 822) is not placed, so no
    lady's prestige is counted at the End of Turn (line 655)."""
    from engines.planet_king import scoring

    s = fresh("war_only")
    assert s["court"]["queen"] is None and s["court"]["mistress"] is None
    queen = nb("ELISABETH OF FRANCE")
    assert all(queen not in deck for deck in s["decks"].values())
    assert scoring.court_prestige(s) == sum(C.NOTABLES[n]["prestige"] for n in scoring.court_nobles_and_valido(s))


def test_war_only_has_no_raid_in_the_indies():
    """Line 178: "The RAID IN THE INDIES card is placed in the event deck on the first turn of play of all scenarios
    (except "Hothead" and war-only)" (this replaces the former ruling OQ 26)."""
    from engines.planet_king import organisation
    from tests.engines.planet_king.support import run

    s = fresh("war_only")
    raid = ev("RAID IN THE INDIES")
    assert raid not in s["decks"]["events"]
    s["turn"] = 2
    run(s, organisation.build_event_deck)
    assert raid not in s["decks"]["events"] and raid in s["gone_events"]
    assert raid in fresh("planet_king")["decks"]["events"]


# ----- 4. The Treasury never goes below zero --------------------------------------------------------------------------
def test_spinola_is_not_offered_when_the_treasury_cannot_pay_his_two_ducats():
    """Line 524: "If Ambrosio de Spinola ... is selected as the Spanish army's leader, pay 2 ducats instead of 1";
    line 458: "If the player does not have a ducat, they cannot perform that action" (line 741: Spinola's campaigns
    cost two ducats)."""
    from engines.planet_king import actions_government
    from tests.engines.planet_king.support import ctx, run

    s = fresh("anni_mirabiles")
    for w in s["wars"].values():
        w["leader"] = None
    s["court"]["nobles"] = [nb("AMBROSIO DE SPINOLA"), nb("GONZALO FDEZ. DE CÓRDOBA"), None, None]
    s["treasury"] = 1
    run(s, actions_government.do_campaign, "org")
    s = pick(s, "France")
    generals = [a for v, a in s["stack"][-1]["options"] if v == "general"]
    assert generals == [nb("GONZALO FDEZ. DE CÓRDOBA")]
    s["court"]["nobles"] = [nb("AMBROSIO DE SPINOLA"), None, None, None]
    assert actions_government.campaign_targets(ctx(s), "card") == []


# ----- 5. France is one war ---------------------------------------------------------------------------------------
def test_france_cannot_be_declared_on_in_the_turn_its_italian_war_ended():
    """Line 409: "A war cannot be declared again if it ended during the current turn"; line 366: "For the purposes of
    the game, these fronts are considered equivalent to a war" and line 413 opens the other fronts once Italy is
    closed -- but France is the same war, ended this turn."""
    from engines.planet_king import actions_government, wars
    from tests.engines.planet_king.support import ctx, run

    s = fresh("anni_mirabiles")
    s["turn"], s["treasury"] = 3, 10
    s["court"]["nobles"][0] = nb("GONZALO FDEZ. DE CÓRDOBA")
    g = ctx(s)
    wars.declare(g, "pk:power:france", "event")
    s["stack"] = s["stack"][:-1]  # no muster
    run(s, wars.move, "pk:war:italy", 3, "test")
    assert s["wars"]["pk:war:italy"]["status"] == "peace"
    s["stack"] = s["stack"][:1]
    assert ("declare", "pk:power:france") not in actions_government.campaign_targets(ctx(s), "org")
    assert ("declare", "pk:power:england") in actions_government.campaign_targets(ctx(s), "org")


def test_franco_spanish_war_campaigns_on_a_front_still_at_war():
    """Line 418: "If there are several open fronts when a FRANCO-SPANISH WAR card is played, the campaign takes place
    on the front with the most advanced progression marker" -- Picardy ended this turn, Catalonia is at war: the
    card is not ignored (line 409 ignores only a war that ended), the campaign is in Catalonia."""
    from tests.engines.planet_king.support import play_event

    s = fresh("anni_horribiles")
    s["wars"]["pk:war:picardy"].update(status="peace", leader=None, enemy=None)
    before = len(log_of(s))
    play_event(s, "FRANCO-SPANISH WAR")
    assert "Campaign against the player in Catalonia front" in text_log(s, before)


# ----- 6. The advisor's green cube ----------------------------------------------------------------------------------
def test_an_advisor_drawn_for_the_court_gives_the_first_turns_green_cube():
    """Line 193 (Setup › Action Cubes), after the Court is laid out (lines 168, 825): "place a green cube if the
    Valido has the industrious trait and another one if any noble at Court has the advisor trait"."""
    bracamonte = nb("GASPAR DE BRACAMONTE")
    for seed in range(200):
        s = fresh("iupiter_hispano", seed=seed)
        if bracamonte in s["court"]["nobles"]:
            break
    else:
        raise AssertionError("no seed draws GASPAR DE BRACAMONTE for the Court")
    assert s["cubes"]["green"] == 2  # Olivares is industrious, Bracamonte an advisor


def test_an_advisor_queen_or_mistress_gives_a_green_cube():
    """Line 240: "another if there is a notable with the advisor trait at Court"; line 120: "Ladies can have the
    patron, advisor, or fortune traits"."""
    from engines.planet_king import organisation
    from tests.engines.planet_king.support import run

    s = fresh("anni_mirabiles")
    s["court"]["nobles"] = [None] * 4
    run(s, organisation.place_cubes)
    assert s["cubes"]["green"] == 1  # Olivares
    for seat in ("queen", "mistress"):
        t = __import__("copy").deepcopy(s)
        t["court"][seat] = nb("MARGARITA DE SABOYA")
        run(t, organisation.place_cubes)
        assert t["cubes"]["green"] == 2, seat


# ----- 7. Declaration tests stop at the first that declares war ---------------------------------------------------
def test_a_declaration_test_from_turn_3_stops_at_the_first_declaring_result():
    """Line 259: "the player stops testing (and drawing cards) when the conditions of the event are met"; line 378
    (turn 3 or later, two tests) and the example of line 262: one INSTABILITY drawn, "negative, so war is
    declared"."""
    from tests.engines.planet_king.support import play_event

    s = fresh("anni_mirabiles")
    s["turn"] = 5
    second = ev("EXCELLENT HARVESTS")
    stack(s, [ev("INSTABILITY", 0), second])
    play_event(s, "ANGLO-SPANISH WAR")
    assert s["wars"]["pk:war:england"]["status"] == "war"
    assert s["decks"]["events"][0] == second


# ----- 8. A successful raid on Spain places a raid marker -----------------------------------------------------------
def test_a_pirates_raid_on_spain_past_its_fleet_places_a_raid_marker():
    """Line 306: "If the raid is successful, any ducats in the target territory are removed. Then place a raid
    marker"; line 302: with a fleet "only a negative result means that the raid is successful"; line 309's "if
    there is no fleet in Spain" belongs to COUNTER-ARMADA only."""
    from engines.planet_king import events_common, military
    from engines.planet_king.components import SPAIN
    from tests.engines.planet_king.support import rigged

    for why in ("PIRATES", "RAID IN THE INDIES"):
        s = fresh("planet_king")
        military.new_unit(s, "fleet", SPAIN)
        stack(s, [ev("THE PLAGUE")])  # a crow: the raid succeeds against the fleet
        n = len(log_of(s))
        t = rigged(s, events_common.raid, lambda t, n=n: "the raid strikes Spain." in text_log(t, n), why)
        assert "crow" in text_log(t, n)
        assert t["territories"][SPAIN]["raid"], why
    s = fresh("planet_king")
    s["treasury"] = 5
    military.new_unit(s, "fleet", SPAIN)
    stack(s, [ev("THE PLAGUE")])
    t = rigged(s, events_common.raid, lambda t: t["treasury"] == 3, "COUNTER-ARMADA", 2)
    assert not t["territories"][SPAIN]["raid"]


# ----- 9. The Palatinate War from turn 6 moves no VP ----------------------------------------------------------------
def test_the_palatinate_war_ending_on_turn_6_moves_no_vp_in_cooperative_play():
    """Line 441: "If this war ends during turn 6 or later, the player neither loses nor gains any victory points.
    However, they may gain or lose happiness and prestige" -- the King's share of line 781 included."""
    from engines.planet_king import wars
    from engines.planet_king.components import PALATINATE
    from tests.engines.planet_king.support import run

    s = fresh("planet_king", mode="cooperative")
    s["turn"], s["vp"] = 6, {"king": 3, "valido": 3}
    prestige = s["marks"]["prestige"]
    run(s, wars.move, PALATINATE, -10, "test")
    assert s["wars"][PALATINATE]["status"] == "peace"
    assert s["vp"] == {"king": 3, "valido": 3}
    assert s["marks"]["prestige"] == prestige - 1


# ----- 10. Readings revisited ------------------------------------------------------------------------------------------
def test_guerra_dels_segadors_counts_toward_the_two_new_wars():
    """Line 386: "During a single turn, a maximum of two new wars can be declared (by a war event card or by a
    military campaign government action) ... If a war event is played and two wars have already been declared during
    the turn, it is considered as no declaration of war"; line 357 lists GUERRA DELS SEGADORS among the war event
    cards."""
    from tests.engines.planet_king.support import play_event

    s = fresh("planet_king")
    s["turn"], s["wars_declared"] = 5, 2
    play_event(s, "GUERRA DELS SEGADORS")
    assert s["wars"]["pk:war:catalonia"]["status"] == "none"
    s = fresh("planet_king")
    s["turn"], s["wars_declared"] = 5, 1
    play_event(s, "GUERRA DELS SEGADORS")
    assert s["wars"]["pk:war:catalonia"]["status"] == "war" and s["wars_declared"] == 2


def test_maria_calderons_music_point_is_outside_the_two_per_art_limit():
    """Lines 636-640: "Enlightenment rating of each genius at Court.*"; "+1 enlightenment point for music if MARIA
    CALDERON is the Royal Mistress." (no asterisk); "* Only two geniuses from the same category or art can score at
    the same time"."""
    from engines.planet_king import scoring

    s = fresh("anni_mirabiles")
    s["court"].update(
        nobles=[None] * 4,
        valido=nb("DIEGO CARRILLO"),
        queen=None,
        geniuses=[nb("TOMÁS TORREJÓN"), nb("JUAN HIDALGO"), None, None],
        mistress=None,
    )
    assert scoring.enlightenment(s) == 4
    s["court"]["mistress"] = nb("MARÍA CALDERÓN")
    assert scoring.enlightenment(s) == 5


def test_instability_removing_the_mistress_costs_no_happiness():
    """Line 323: INSTABILITY's notable "is permanently removed from the game"; only a death costs happiness (line
    329 under THE TWILIGHT OF LIFE: "If the Royal Mistress dies ... the player loses 1 happiness point"; line 685:
    "-1 happiness point for the death of an heir, Royal Mistress or Queen")."""
    from engines.planet_king import events_court
    from tests.engines.planet_king.support import rigged

    s = fresh("planet_king")
    mistress = s["court"]["mistress"]
    s["treasury"] = 5
    happiness = s["marks"]["happiness"]
    t = rigged(s, events_court.instability, lambda t: t["court"]["mistress"] is None, ev("INSTABILITY"))
    assert mistress in t["gone"] and t["marks"]["happiness"] == happiness
    t = rigged(s, events_court.twilight_of_life, lambda t: t["court"]["mistress"] is None, ev("THE TWILIGHT OF LIFE"))
    assert t["marks"]["happiness"] == happiness - 1


def test_the_protestants_may_be_declared_on_by_a_campaign():
    """Line 367: "The player can be at war with the following foreign powers: ... and the Protestant Powers. The
    player can declare war through an action (see Government Actions)"; line 384: "The War of the Palatinate does
    not have specific leaders, so no leader is placed there"."""
    from engines.planet_king import actions_government
    from engines.planet_king.components import PALATINATE, PROTESTANTS
    from tests.engines.planet_king.support import ctx, run

    s = fresh("anni_horribiles")
    s["court"]["nobles"] = [nb("GONZALO FDEZ. DE CÓRDOBA"), None, None, None]
    s["gone"] = [n for n in s["gone"] if n != nb("GONZALO FDEZ. DE CÓRDOBA")]
    s["treasury"] = 5
    assert s["wars"][PALATINATE]["status"] == "none"
    assert ("declare", PROTESTANTS) in actions_government.campaign_targets(ctx(s), "org")
    run(s, actions_government.do_campaign, "org")
    s = pick(s, "Protestant")
    s = pick(s, "GONZALO")
    assert s["wars"][PALATINATE]["status"] == "war" and s["wars"][PALATINATE]["enemy"] is None


def test_a_declared_war_musters_units_from_an_adjacent_war():
    """Line 383: "The player can move any unit in adjacent wars, territories, and/or nobles at Court to the army box
    of the war" (line 523 likewise): the Flanders war and the Picardy front both border Flanders (ruling
    R-MUSTER)."""
    from engines.planet_king import wars
    from tests.engines.planet_king.support import run

    s = fresh("anni_mirabiles")
    s["turn"] = 4
    in_flanders_war = {u["id"] for u in s["units"] if u["loc"] == "pk:war:flanders"}
    assert in_flanders_war
    run(s, wars.declare, "pk:power:france", "event")
    frame = s["stack"][-1]
    assert frame["step"] == "on_muster" and frame["ctx"]["wid"] == "pk:war:picardy"
    assert in_flanders_war <= {a for v, a in frame["options"] if v == "muster"}
    assert "pk:war:catalonia" not in wars.adjacent_wars(s, "pk:war:picardy")


def test_a_one_turn_scenario_keeps_its_secret_memorials_unread_until_the_end():
    """Lines 759-760: "No player may see their card until the Organisation phase of the second turn of the game"
    (763 in solo, 956 "From the second turn onwards"): a one-turn scenario (Iupiter Hispano, line 839) never reads
    them; both are revealed at the end, where at least one task must be completed (line 761; ruling
    R-MEMORIAL-ONE-TURN)."""
    from tests.engines.planet_king.support import _logged, seen_secrets

    s = fresh("iupiter_hispano", mode="cooperative")
    hm, council = s["memorials"]["hm"], s["memorials"]["council"]
    bot, rnd = GAME.bots["heuristic"], random.Random(0)
    while s["outcome"] is None:
        assert s["memorials"]["read"] == []
        assert not {hm, council} & (seen_secrets(s, "king") | seen_secrets(s, "valido"))
        for role in ("king", "valido"):
            assert hm not in str(GAME.view(s, role)) and council not in str(GAME.view(s, role))
        role = GAME.active_roles(s)[0]
        verb, arg = bot(GAME, GAME.view(s, role), role, rnd)
        played = GAME.play(s, role, verb, arg)
        s = _logged(played.state, log_of(s), played.log)
    assert not {hm, council} & set(GAME.secrets(s))  # revealed at the end
    assert C.MEMORIALS[hm]["name"] in text_log(s) or hm in text_log(s)


@pytest.mark.parametrize(
    "scenario,mode,options",
    [("iupiter_hispano", "cooperative", {}), ("hothead", "solo", {"secret_memorial": True})],
)
def test_an_immediate_memorial_never_claimed_counts_at_the_end(scenario, mode, options):
    """Line 757: CARPE DIEM claims its VP "immediately", at the end of the turn its task is done; unread in a
    one-turn scenario (lines 759-760), or in Hothead, which has no End of Turn phase (line 817), it had no end of
    turn to be claimed at: the end of the game checks its task (ruling R-MEMORIAL-ONE-TURN)."""
    from engines.planet_king import memorials
    from tests.engines.planet_king.support import run

    s = fresh(scenario, mode=mode, **options)
    carpe_diem = "pk:memorial:carpe-diem"
    s["memorials"]["hm"] = carpe_diem
    s["last_scores"]["happiness"] = 7
    other = s["memorials"]["council"]
    # solo: both cards are the King's (the other one's claim or black circle moves his VP too)
    other_vp = 0
    if mode == "solo":
        other_vp = C.MEMORIALS[other]["vp_red"] if memorials.task_done(s, other) else -C.MEMORIALS[other]["vp_black"]
    king = s["vp"]["king"]
    assert run(s, memorials.final) is True
    assert carpe_diem in s["memorials"]["claimed"]
    assert s["vp"]["king"] == max(0, king + C.MEMORIALS[carpe_diem]["vp_red"] + other_vp)
