"""21.1 Alliance between major powers, the allies entering a war (21.1, 21.3.3), the alliances' end (23) and 19.1.2
subsidies (``diplomacy/alliances.py``, ``economy/subsidies.py``). 9.1 has one player and no alliance: positions are
built by hand (``support_war.py``: other powers seated with other players). Line numbers are those of
shared/rules/ultima-ratio-regis.txt."""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.bots.heuristic import heuristic_bot
from engines.ultima_ratio.combat import battles
from engines.ultima_ratio.combat.combat_naval import NavalBattle
from engines.ultima_ratio.diplomacy import alliances, expeditionary_corps, war
from engines.ultima_ratio.game import GAME
from engines.ultima_ratio.logistics import supply
from engines.ultima_ratio.movement import fleets, naval_bases, strategic_movement
from engines.ultima_ratio.preparation import game_board
from tests.engines.ultima_ratio import test_cards
from tests.engines.ultima_ratio.support import ctx
from tests.engines.ultima_ratio.support_war import (
    area,
    leader,
    legal,
    moves,
    play,
    power,
    seat,
    start,
    step,
    through_combat,
    unit,
)
from tests.engines.ultima_ratio.test_state_types import valid


def permitted(*pairs, war_with_spain: bool = False, england_seat: str = "player3") -> dict:
    """Portugal (player 1) at the start of its impulse; Spain (player 2) and England (``england_seat``) at peace with
    it unless ``war_with_spain``; a scenario rule permits the ``pairs`` to ally (21.1, ``alliance_permits``)."""
    s = power(start(), "power:spain", war=war_with_spain)
    power(s, "power:england", seat=england_seat, war=False)
    s["alliance_permits"] = [sorted(p) for p in pairs]
    return s


def msgs(log) -> list[str]:
    return [e["msg"] for e in log]


# ----- 21.1 the declaration and the acquiescence ------------------------------------------------------------------
def test_a_permitted_alliance_is_declared_at_the_start_of_the_impulse_and_the_other_player_accepts():
    """21.1 (l. 1581): "At the beginning of the impulse of a player, he may declare that one of his major powers is
    allied with another one (with his acquiescence ...)" — Spain's player is asked, accepts: the two are allied."""
    s = permitted(("power:portugal", "power:spain"))
    assert step(s) == "start_of_impulse" and legal(s)["ally"] == [["power:portugal", "power:spain"]]
    s, log = play(s, "ally", ["power:portugal", "power:spain"])
    assert step(s) == "alliance_consent" and GAME.active_roles(s) == ["player2"]
    assert legal(s) == {"accept": [["power:portugal", "power:spain"]], "refuse": [["power:portugal", "power:spain"]]}
    assert s["alliances"] == []
    s, log = play(s, "accept", ["power:portugal", "power:spain"])
    assert s["alliances"] == [["power:portugal", "power:spain"]]
    assert msgs(log) == ["log.alliance_accepted", "log.alliance_made"]
    assert step(s) == "start_of_impulse" and "ally" not in legal(s)  # one declaration, and allied now


def test_the_other_player_may_refuse():
    s = permitted(("power:portugal", "power:spain"))
    s, _ = play(s, "ally", ["power:portugal", "power:spain"])
    s, log = play(s, "refuse", ["power:portugal", "power:spain"])
    assert s["alliances"] == [] and msgs(log) == ["log.alliance_refused"]
    assert step(s) == "start_of_impulse" and "ally" not in legal(s)  # "he may declare" one alliance (AL-1)


def test_two_powers_of_the_same_player_ally_without_a_question():
    """21.1: the acquiescence of a power of the same player is his own: no question (RULINGS AL-1)."""
    s = permitted(("power:portugal", "power:england"), england_seat="player1")
    assert legal(s)["ally"] == [["power:england", "power:portugal"]]
    s, log = play(s, "ally", ["power:england", "power:portugal"])
    assert s["alliances"] == [["power:england", "power:portugal"]] and step(s) == "start_of_impulse"
    assert msgs(log) == ["log.alliance_proposed.impulse", "log.alliance_made"]


def test_no_alliance_without_permission_nor_with_a_power_at_war():
    """21.1: only "if they are not at war" and "as long as it is expressly permitted by any event card or scenario
    rule"."""
    assert "ally" not in legal(permitted())
    assert "ally" not in legal(permitted(("power:portugal", "power:spain"), war_with_spain=True))
    assert legal(permitted(("power:portugal", "power:spain"), ("power:england", "power:spain")))["ally"] == [
        ["power:portugal", "power:spain"]
    ]


def test_allies_are_in_forced_peace():
    """21.1 (l. 1585): "Two allied major powers are considered to be in forced peace with each other": no
    declaration of war between them (21.5.4)."""
    s = permitted(war_with_spain=False)
    s["alliances"] = [["power:portugal", "power:spain"]]
    s["casus_belli"] = [["power:portugal", "power:spain"]]
    g = ctx(s)
    assert st.in_forced_peace(g.s, "power:portugal", "power:spain") and "power:spain" not in war.targets(
        g, "power:portugal"
    )


# ----- 21.1 / 21.3.3 allies entering a war ------------------------------------------------------------------------
def allied_with_england() -> dict:
    """Portugal (player 1) allied with England (player 3), Spain (player 2) at peace, a CB of Portugal against
    Spain; Portugal's power actions."""
    s = permitted()
    s["alliances"] = [["power:england", "power:portugal"]]
    s["casus_belli"] = [["power:portugal", "power:spain"]]
    return moves(s, ("done", None))


def test_an_ally_may_enter_the_war_at_once_without_morale_nor_extra_vp():
    """21.1 (l. 1587): "Whenever two major powers are at war, their allies can (if they wish so) announce that they
    will also enter the war ... This is done immediately and does not require any action"; 21.3.3 (l. 1656): "These
    wars start without extra VPs for the winner"; 21.3.5: no morale point "when going to war to help an ally"."""
    s = allied_with_england()
    s, log = play(s, "declare_war", ["power:portugal", "power:spain"])
    assert step(s) == "war_entry" and GAME.active_roles(s) == ["player3"]
    assert legal(s) == {"enter_war": [["power:england", "power:spain"]], "stay_out": [["power:england", "power:spain"]]}
    actions = dict(s["impulse"]["actions"])
    s, log = play(s, "enter_war", ["power:england", "power:spain"])
    assert ["power:england", "power:spain"] in s["wars"] and ["power:portugal", "power:spain"] in s["wars"]
    assert s.get("morale", {}) == {} and s["impulse"]["actions"] == actions
    assert war.war_record(s, ["power:england", "power:spain"])["vp"] == 0
    assert msgs(log) == ["log.ally_enters_war"] and step(s) == "power_actions"
    assert "war_entries" not in s


def test_an_ally_may_stay_out():
    s = allied_with_england()
    s, _ = play(s, "declare_war", ["power:portugal", "power:spain"])
    s, log = play(s, "stay_out", ["power:england", "power:spain"])
    assert ["power:england", "power:spain"] not in s["wars"] and msgs(log) == ["log.ally_stays_out"]
    assert step(s) == "power_actions"


def test_an_alliance_made_during_a_war_asks_at_once():
    """21.1 (l. 1587): "if the alliance takes place after the beginning of the war, it is when the alliance is
    announced that the major powers allied must announce if they will enter the war or not"."""
    s = permitted(("power:portugal", "power:england"), war_with_spain=True)
    s, _ = play(s, "ally", ["power:portugal", "power:england"])
    s, _ = play(s, "accept", ["power:portugal", "power:england"])
    assert step(s) == "war_entry" and GAME.active_roles(s) == ["player3"]
    assert legal(s)["enter_war"] == [["power:england", "power:spain"]]
    s, _ = play(s, "enter_war", ["power:england", "power:spain"])
    assert ["power:england", "power:spain"] in s["wars"] and step(s) == "start_of_impulse"


def test_the_ally_of_an_ally_is_asked_in_turn_and_never_against_its_own_player_or_ally():
    """21.3 (l. 1627): "Two major powers carried by the same player cannot go to war"; an ally of both sides is in
    forced peace with each (no question); an ally entering a war brings its own allies' question."""
    s = allied_with_england()
    power(s, "power:france", seat="player4", war=False)
    power(s, "power:venice", seat="player2", war=False)  # Spain's player's
    s["alliances"] += [["power:england", "power:france"], ["power:portugal", "power:venice"]]
    s, _ = play(s, "declare_war", ["power:portugal", "power:spain"])
    assert step(s) == "war_entry" and s["stack"][-1]["ally"] == "power:england"  # not Venice: Spain's player
    valid(s)  # state_types: war_entries, alliance_permits declared
    s, _ = play(s, "enter_war", ["power:england", "power:spain"])
    assert step(s) == "war_entry" and s["stack"][-1]["ally"] == "power:france"
    assert s["stack"][-1]["partner"] == "power:england"
    s, _ = play(s, "enter_war", ["power:france", "power:spain"])
    assert ["power:france", "power:spain"] in s["wars"] and step(s) == "power_actions"


def test_a_war_between_allies_ends_their_alliance():
    """9.4 (l. 2003): "Until war breaks out, the Netherlands and Spain are allied" — a war by event between allies
    ends the alliance (RULINGS AL-3)."""
    g = ctx(permitted())
    g.s["alliances"] = [["power:portugal", "power:spain"]]
    war.begin_war(g, ["power:portugal", "power:spain"])
    assert g.s["alliances"] == [] and ["power:portugal", "power:spain"] in g.s["wars"]
    assert msgs(g.entries) == ["log.alliance_ended.war"]


# ----- 23: the alliances end with the turn ------------------------------------------------------------------------
def test_the_alliances_end_with_the_turn_but_those_a_scenario_keeps_until_war():
    """23 (l. 1811): "All wars and alliances are terminated"; a scenario rule's "until war breaks out" keeps its
    alliance (RULINGS AL-3)."""
    g = ctx(permitted())
    g.s["alliances"] = [["power:england", "power:portugal"], ["power:portugal", "power:spain"]]
    g.s["lasting_alliances"] = [["power:portugal", "power:spain"]]
    g.s["war_entries"] = [["power:england", "power:portugal", "power:spain"]]
    valid(g.s)
    alliances.turn_over(g)
    assert g.s["alliances"] == [["power:portugal", "power:spain"]] and "war_entries" not in g.s


# ----- the event ``alliance`` --------------------------------------------------------------------------------------
def test_the_royal_marriage_allies_at_once_with_a_consenting_power():
    """Royal marriage: "Two of your major powers (or one of yours and a consenting one) may ally at once (21.1)"."""
    s = test_cards.event_position("card:royal-marriage")
    s, _ = test_cards.play(s, "player1", "event", "card:royal-marriage")
    assert step(s) == "alliance_choice" and GAME.active_roles(s) == ["player1"]
    assert test_cards.legal(s, "player1") == {"ally": [["power:portugal", "power:spain"]], "no_alliance": [None]}
    s, _ = test_cards.play(s, "player1", "ally", ["power:portugal", "power:spain"])
    assert step(s) == "alliance_consent" and GAME.active_roles(s) == ["player2"]
    s, _ = test_cards.play(s, "player2", "accept", ["power:portugal", "power:spain"])
    assert s["alliances"] == [["power:portugal", "power:spain"]] and step(s) == "card_play"


def test_the_royal_marriage_may_be_declined():
    s = test_cards.event_position("card:royal-marriage")
    s, _ = test_cards.play(s, "player1", "event", "card:royal-marriage")
    s, _ = test_cards.play(s, "player1", "no_alliance", None)
    assert s["alliances"] == [] and step(s) == "card_play"


# ----- 19.1.2 subsidies ---------------------------------------------------------------------------------------------
def test_a_power_subsidizes_its_ally_with_an_action():
    """19.1.2 (l. 1403): "the major power lowers the level of unrest of the allied major power chosen by the
    player"."""
    s = allied_with_england()
    assert ["power:portugal", "subsidize"] not in legal(s)["act"]  # England's unrest is 0
    s["powers"]["power:england"]["unrest"] = 2
    assert ["power:portugal", "subsidize"] in legal(s)["act"]
    left = s["impulse"]["actions"]["power:portugal"]
    s, _ = play(s, "act", ["power:portugal", "subsidize"])
    assert step(s) == "subsidize" and seat(s) == "player1" and legal(s) == {"ally": ["power:england"]}
    s, log = play(s, "ally", "power:england")
    assert s["powers"]["power:england"]["unrest"] == 1 and s["impulse"]["actions"]["power:portugal"] == left - 1
    assert msgs(log) == ["log.subsidized"] and step(s) == "power_actions"


def test_the_heuristic_bot_answers_the_alliance_steps_from_their_legal_lists():
    import random

    def bot(s: dict) -> tuple:
        role = GAME.active_roles(s)[0]
        choice = heuristic_bot(GAME, GAME.view(s, role), role, random.Random(0))
        assert choice[1] in GAME.legal(s, role)[choice[0]]
        return choice

    s, _ = play(permitted(("power:portugal", "power:spain")), "ally", ["power:portugal", "power:spain"])
    assert bot(s) == ("accept", ["power:portugal", "power:spain"])
    s, _ = play(allied_with_england(), "declare_war", ["power:portugal", "power:spain"])
    assert bot(s) == ("stay_out", ["power:england", "power:spain"])
    s = allied_with_england()
    s["powers"]["power:england"]["unrest"] = 1
    s, _ = play(s, "act", ["power:portugal", "subsidize"])
    assert bot(s) == ("ally", "power:england")


# ----- 21.2.1 allied strategic support -----------------------------------------------------------------------------
def spain_between() -> dict:
    """Portugal's troop in Portugal; Spain (player 2, at peace) controls Extremadura and Castile; Navarre beyond them
    is Portugal's; Toledo, beside Castile, is independent; Portugal has interest in WM (18.4.1)."""
    s = permitted()
    s["powers"]["power:portugal"]["interest"].append("WM")
    for name in ("area:extremadura", "area:castile"):
        area(s, name, "power:spain")
    area(s, "area:navarre", "power:portugal")
    area(s, "area:toledo", None)
    return s


def test_strategic_movement_crosses_the_allys_areas_but_does_not_end_there():
    """21.2.1 (l. 1595): "It is possible to trace strategic movements through areas controlled by the ally"."""
    s = spain_between()
    uid, path = "power:portugal-troop-1", ["area:portugal"]
    assert "area:extremadura" not in strategic_movement.next_places(ctx(s), "power:portugal", uid, path)["area"]
    s["alliances"] = [["power:portugal", "power:spain"]]
    g = ctx(s)
    assert "area:extremadura" in strategic_movement.next_places(g, "power:portugal", uid, path)["area"]
    assert not strategic_movement.may_stop(g, "power:portugal", uid, [*path, "area:extremadura"], False)
    through = [*path, "area:extremadura", "area:castile", "area:navarre"]
    assert strategic_movement.may_stop(g, "power:portugal", uid, through, False)
    assert strategic_movement.next_places(g, "power:portugal", uid, through[:3])["area"] == ["area:navarre"]


def test_supply_counts_the_allys_areas_as_own():
    """21.2.1 (l. 1595): "for purposes of supply (see "15.2 Supply"), they count as own areas (with or without the
    consent of the ally)"."""
    s = spain_between()
    board = GAME.board
    assert not supply.supplied(s, board, "area:toledo", "power:portugal")
    s["alliances"] = [["power:portugal", "power:spain"]]
    assert supply.supplied(s, board, "area:toledo", "power:portugal")


# ----- 21.2.2 expeditionary corps ----------------------------------------------------------------------------------
def corps_position() -> dict:
    """``spain_between`` with Portugal and Spain (player 2) allied, at Portugal's power actions."""
    s = spain_between()
    s["alliances"] = [["power:portugal", "power:spain"]]
    return moves(s, ("done", None))


UID = "power:portugal-troop-1"


def test_a_troop_ceded_to_the_ally_moves_strategically_and_becomes_the_allys():
    """21.2.2 (l. 1599-1603): "A major power can 'cede' a single troop to each of its allies ... transferred to the
    ally with a strategic movement ... (always with the acquiescence of both)"; "Once the troop is in an area
    controlled by the ally, it will count as belonging to it for all purposes"."""
    s = corps_position()
    assert legal(s)["expeditionary_corps"] == [["power:portugal", UID, "power:spain"]]
    left = s["impulse"]["actions"]["power:portugal"]
    s, _ = play(s, "expeditionary_corps", ["power:portugal", UID, "power:spain"])
    assert step(s) == "expeditionary_consent" and GAME.active_roles(s) == ["player2"]
    assert s["impulse"]["actions"]["power:portugal"] == left
    s, _ = play(s, "accept", ["power:portugal", UID, "power:spain"])
    assert step(s) == "strategic_move" and seat(s) == "player1" and "stop" not in legal(s)
    assert "area:extremadura" in legal(s)["area"]
    s, _ = play(s, "area", "area:extremadura")
    assert "stop" in legal(s)
    s, log = play(s, "stop", None)
    assert s["units"][UID]["power"] == "power:spain" and s["units"][UID]["loc"] == "area:extremadura"
    assert s["expeditionary"] == {UID: "power:portugal"} and s["impulse"]["actions"]["power:portugal"] == left - 1
    assert "log.expeditionary_handed_over" in msgs(log) and step(s) == "power_actions"
    valid(s)
    # "The original owner can only recover the unit following a procedure identical to that of the transfer
    # strategic movement (although in this case the ally's permission is not necessary)"
    assert legal(s)["expeditionary_corps"] == [["power:portugal", UID, "power:portugal"]]
    s, _ = play(s, "expeditionary_corps", ["power:portugal", UID, "power:portugal"])
    assert step(s) == "strategic_move" and seat(s) == "player1"
    s = moves(s, ("area", "area:portugal"), ("stop", None))
    assert s["units"][UID]["power"] == "power:portugal" and "expeditionary" not in s


def test_a_refused_transfer_costs_nothing():
    s = corps_position()
    left = s["impulse"]["actions"]["power:portugal"]
    s, _ = play(s, "expeditionary_corps", ["power:portugal", UID, "power:spain"])
    s, log = play(s, "refuse", ["power:portugal", UID, "power:spain"])
    assert msgs(log) == ["log.expeditionary_refused"] and step(s) == "power_actions"
    assert s["impulse"]["actions"]["power:portugal"] == left and s["units"][UID]["power"] == "power:portugal"
    assert "expeditionary_corps" not in legal(s)  # asked once in the impulse


def test_the_expeditionary_corps_are_repatriated_at_the_end_of_the_turn():
    """21.2.2 (l. 1607): "At the end of the turn all expeditionary corps are repatriated (see 14.1)"."""
    s = corps_position()
    s["units"][UID].update(power="power:spain", loc="area:extremadura")
    s["expeditionary"] = {UID: "power:portugal"}
    s["stack"].append({"step": "turn_end"})  # 23: the turn's end calls it
    g = ctx(s)
    assert expeditionary_corps.send_home(g)
    assert g.s["units"][UID]["power"] == "power:portugal" and "expeditionary" not in g.s
    assert g.s["stack"][-1]["step"] == "repatriation" and g.s["stack"][-1]["power"] == "power:portugal"


# ----- 21.2.3 combined fleets ----------------------------------------------------------------------------------------
FLAG, ALLY_SQ = "power:portugal-squadron-1", "power:spain-squadron-1"


def fleet_beside_spain() -> dict:
    """Portugal's impulse start: a Portuguese squadron with a leader in the East Atlantic, a Spanish squadron
    (Spain, player 2, allied) in the same sea; England (player 3) at war with Portugal, not with Spain."""
    s = permitted()
    s["alliances"] = [["power:portugal", "power:spain"]]
    s["wars"].append(["power:england", "power:portugal"])
    s["units"][FLAG].update(loc="sea:east-atlantic")
    leader(s, s["leader_pool"][0], FLAG)
    unit(s, ALLY_SQ, "squadron", "sea:east-atlantic")
    return s


def test_an_allys_squadron_joins_the_fleet_with_its_consent_under_the_commanders_flag():
    """21.2.3 (l. 1611-1615): "with the ally's consent, he can add squadrons to his fleets"; "These combined fleets
    count for all intents and purposes as if they belong to the major power whose leader is on top of the stack";
    "These fleets can take actions in the sea where they have been formed, but cannot move away from it"."""
    s = fleet_beside_spain()
    assert legal(s)["combine_fleet"] == [[ALLY_SQ, FLAG]]
    s, _ = play(s, "combine_fleet", [ALLY_SQ, FLAG])
    assert step(s) == "combined_fleet_consent" and GAME.active_roles(s) == ["player2"]
    s, log = play(s, "accept", [ALLY_SQ, FLAG])
    assert (
        s["combined"] == {ALLY_SQ: ["power:spain", "sea:east-atlantic"]}
        and s["units"][ALLY_SQ]["power"] == "power:portugal"
    )
    assert fleets.fleet_of(s, GAME.board, FLAG) == [FLAG, ALLY_SQ] and msgs(log) == ["log.fleet_combined"]
    assert step(s) == "start_of_impulse" and legal(s)["dissolve_fleet"] == [FLAG]
    valid(s)
    other = next(x for x in GAME.board.sea_links["sea:east-atlantic"] if x in s["seas_active"])
    assert not naval_bases.may_sail(s, GAME.board, ALLY_SQ, other) and naval_bases.may_sail(s, GAME.board, FLAG, other)
    s, log = play(s, "dissolve_fleet", FLAG)  # "may be dissolved by any of the major powers ... at any time"
    assert s["units"][ALLY_SQ]["power"] == "power:spain" and "combined" not in s
    assert fleets.fleet_of(s, GAME.board, ALLY_SQ) == [ALLY_SQ] and msgs(log) == ["log.fleet_dissolved.will"]


def test_the_consent_may_be_refused():
    s = fleet_beside_spain()
    s, _ = play(s, "combine_fleet", [ALLY_SQ, FLAG])
    s, log = play(s, "refuse", [ALLY_SQ, FLAG])
    assert msgs(log) == ["log.combined_fleet_refused"]
    assert "combined" not in s and s["units"][ALLY_SQ]["power"] == "power:spain" and step(s) == "start_of_impulse"
    assert "combine_fleet" not in legal(s)  # asked once in this part of the impulse


def test_a_combined_fleet_dissolves_before_a_battle_against_a_power_a_squadron_is_not_at_war_with():
    """21.2.3 (l. 1617): "Combined fleet dissolution is compulsory when squadrons are present in a battle against a
    major power with which they are not at war" — the Spanish squadron leaves the fight against England."""
    s = fleet_beside_spain()
    s, _ = play(s, "combine_fleet", [ALLY_SQ, FLAG])
    s, _ = play(s, "accept", [ALLY_SQ, FLAG])
    unit(s, "power:england-squadron-1", "squadron", "sea:east-atlantic")
    g = ctx(s)
    board = GAME.board
    battle = NavalBattle(
        "tactical",
        battles.force(g.s, board, "power:portugal", [FLAG, ALLY_SQ]),
        battles.force(g.s, board, "power:england", ["power:england-squadron-1"]),
    )
    fought = battles.compulsory_dissolution(g, battle, {"attacker": "power:portugal", "defender": "power:england"})
    assert [u.id for u in fought.attacker.units] == [FLAG] and "combined" not in g.s
    assert g.s["units"][ALLY_SQ]["power"] == "power:spain" and msgs(g.entries) == ["log.fleet_dissolved.battle"]
    g.s["wars"].append(["power:england", "power:spain"])  # at war with England too: the fleet fights as one
    g.s["units"][ALLY_SQ]["power"] = "power:portugal"
    g.s["combined"] = {ALLY_SQ: ["power:spain", "sea:east-atlantic"]}
    fleets.join(g.s, board, ALLY_SQ, FLAG)
    assert (
        battles.compulsory_dissolution(g, battle, {"attacker": "power:portugal", "defender": "power:england"}) == battle
    )


def test_the_combined_fleets_dissolve_when_the_alliance_ends():
    s = fleet_beside_spain()
    s, _ = play(s, "combine_fleet", [ALLY_SQ, FLAG])
    s, _ = play(s, "accept", [ALLY_SQ, FLAG])
    g = ctx(s)
    alliances.turn_over(g)
    assert g.s["units"][ALLY_SQ]["power"] == "power:spain" and "combined" not in g.s


# ----- 13.3.5 relief of an ally (RULINGS I-6, AL-12) ----------------------------------------------------------------
def test_a_power_relieves_its_allys_besieged_fortress_and_withdraws_its_full_force():
    """13.3.5 (l. 970): "In case of victory of the attacker, if the besieged force belongs to a different major
    power with which he is not at war, the attacker must withdraw his full force to the area he entered" — the
    relief of an ally's fortress (RULINGS I-6 waited for alliances)."""
    s = permitted()
    s["alliances"] = [["power:portugal", "power:spain"]]
    s["wars"].append(["power:england", "power:portugal"])
    fort = {"power": "power:spain", "built": True, "since": 0}
    area(s, "area:alentejo", "power:spain", fortress=fort, siege={"besieger": "power:england", "casualties": 0})
    unit(s, "power:england-troop-1", "troop", "area:alentejo")
    unit(s, "power:spain-troop-1", "troop", "area:alentejo")
    s = moves(s, ("done", None), ("act", ["power:portugal", "tactical_move"]), ("unit", "power:portugal-troop-1"))
    assert "area:alentejo" in legal(s)["area"]
    s, _ = play(s, "area", "area:alentejo")
    s, _ = through_combat(s, step_verb(s), first(s), dice=[6, 1])  # Q2 6 -> 5 against Q2 1 -> 2
    assert s["areas"]["area:alentejo"]["siege"] is None and s["units"]["power:england-troop-1"]["loc"].startswith(
        "box:"
    )
    assert (
        s["units"]["power:portugal-troop-1"]["loc"] == "area:portugal"
        and s["areas"]["area:alentejo"]["control"] == "power:spain"
    )
    assert s["units"]["power:spain-troop-1"]["loc"] == "area:alentejo" and step(s) == "power_actions"


def step_verb(s: dict) -> str:
    return next(iter(legal(s)))


def first(s: dict):
    return legal(s)[step_verb(s)][0]


def test_a_scenarios_alliance_until_war_breaks_out_is_set_up_and_outlasts_the_turn():
    """9.4 (l. 2003): "Until war breaks out, the Netherlands and Spain are allied" — set up as a lasting alliance
    (RULINGS AL-3), which the turn's end keeps."""
    begun = GAME.begin(1, {"scenario": "the-rise-of-portugal"}).state
    s = {k: begun[k] for k in ("game", "version", "content", "rng", "stack", "outcome")}
    s["options"] = {"scenario": "catholics-and-protestants", "players": 3}
    g = Ctx(GAME, s)
    game_board.set_up_from_playbook(g, GAME.board, "catholics-and-protestants")
    assert g.s["alliances"] == [["power:netherlands", "power:spain"]] == g.s["lasting_alliances"]
    alliances.turn_over(g)
    assert g.s["alliances"] == [["power:netherlands", "power:spain"]]
    war.begin_war(g, ["power:netherlands", "power:spain"])
    assert g.s["alliances"] == [] and "lasting_alliances" in g.s and g.s["lasting_alliances"] == []


def test_a_war_by_event_asks_the_allies_when_the_event_is_applied():
    """21.1: "Whenever two major powers are at war, their allies can ... announce that they will also enter the war"
    — a war made by a card (War Venice vs Ottoman, 1 VP to its winner) asks Venice's ally Spain (player 3) once the
    event is applied; Spain's war has no VP (21.3.3)."""
    s = test_cards.event_position(
        "card:war-venice-vs-ottoman", powers1=("power:portugal", "power:venice"), powers2=("power:ottomans",)
    )
    power(s, "power:spain", seat="player3", war=False)
    s["alliances"] = [["power:spain", "power:venice"]]
    s, _ = test_cards.play(s, "player1", "event", "card:war-venice-vs-ottoman")
    assert ["power:ottomans", "power:venice"] in s["wars"] and step(s) == "war_entry"
    assert GAME.active_roles(s) == ["player3"]
    s, log = test_cards.play(s, "player3", "enter_war", ["power:spain", "power:ottomans"])
    assert [e["msg"] for e in log] == ["log.ally_enters_war"]
    assert ["power:ottomans", "power:spain"] in s["wars"] and war.war_record(s, ["power:ottomans", "power:spain"])[
        "vp"
    ] == 0
    assert war.war_record(s, ["power:ottomans", "power:venice"])["vp"] == 1 and step(s) == "card_play"


def test_a_deployment_rows_major_power_ally_is_set_up_in_the_alliance_track():
    """24. (l. 1871): "If the scenario states that the major power is allied with another, one marker of each major
    power is located in the corresponding track" — 9.8's Portugal row names Spain among its allies (l. 2815; RULINGS
    PA-1): allied at the set-up as 21.1's alliances are, ended with the turn (23) as they are."""
    begun = GAME.begin(1, {"scenario": "the-rise-of-portugal"}).state
    s = {k: begun[k] for k in ("game", "version", "content", "rng", "stack", "outcome")}
    s["options"] = {"scenario": "the-thirty-years-war", "players": 4}
    g = Ctx(GAME, s)
    game_board.set_up_from_playbook(g, GAME.board, "the-thirty-years-war")
    assert g.s["alliances"] == [["power:portugal", "power:spain"]] and "lasting_alliances" not in g.s
    assert g.s["minors"]["minor:genoa"]["ally"] == "power:spain"  # the minors of the rows, as before
    alliances.turn_over(g)
    assert g.s["alliances"] == []
