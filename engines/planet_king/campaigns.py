"""Campaigns: a war event card's campaign against the player or its test for a declaration of war, the enemy's
campaigns (Total War among them), the player's Military Campaign, a campaign's strength points lost and the Battle
Name Generator (Wars › Progression of a War; Government Actions › Military Campaign; Events › Total War; Special
Rules › Spinola, Juan José of Austria; the Brave trait). The wars themselves, their tracks and their ends: wars.py.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import text
from engines.planet_king import council, court, military
from engines.planet_king.components import F_CATALONIA, FRANCE, PALATINATE, C
from engines.planet_king.flow import call, choose
from engines.planet_king.fortune import CROW, EAGLE, PIGEON, draw_test, tests
from engines.planet_king.wars import (
    FRENCH_FRONTS,
    R_CAMP,
    R_DECL,
    R_END,
    R_PROG,
    active,
    active_wars,
    appoint_enemy,
    at_war,
    declare,
    ended_this_turn,
    enemy_leader_strategy,
    enemy_strength,
    move,
    wars_of,
)


def war_event(g: Ctx, power: str, turkish: bool = False) -> None:
    """A war event card: campaign against the player if at war, else test for a declaration of war."""
    s = g.s
    fronts = wars_of(power)
    if at_war(s, power):  # a French front still at war is campaigned on, even if another ended this turn (418)
        open_fronts = [
            w for w in (FRENCH_FRONTS if power == FRANCE else fronts) if active(s, w) and not s["wars"][w]["truce"]
        ]
        if not open_fronts:
            g.log("log.every_front_is_in_truce", rule="political_actions.embassy")
            return
        target = max(open_fronts, key=lambda w: abs(s["wars"][w]["pos"]))  # max keeps the first of ties
        enemy_campaign(g, target)
        return
    if ended_this_turn(s, power):
        g.log("log.the_war_with_ended_this", power=power, rule=R_END)
        return
    if s["wars_declared"] >= 2:
        g.log("log.two_wars_have_already_been", rule=R_DECL)
        return
    n = 1 if turkish or s["turn"] <= 2 else 2
    for _ in range(n):  # line 259: testing stops when the event's condition is met (the example of line 262)
        sym, _sp = draw_test(g, text("why.a_declaration_of_war_by", power=power))
        if sym == CROW or (sym == PIGEON and not turkish):
            declare(g, power, "event")
            return
    g.log("log.does_not_declare_war", power=power, rule=R_DECL)


def enemy_campaign(g: Ctx, wid: str) -> None:
    """A military campaign against the player (Wars › Progression of a War). Ruling R-ONE-SPACE (open question 24):
    the marker moves one space at most per campaign, and every test is drawn, as both examples do."""
    s = g.s
    war = s["wars"][wid]
    strat = enemy_leader_strategy(s, wid)
    diff = enemy_strength(s, wid) - military.army_sp(s, wid, enemy_campaign=True)
    naval_without_fleet = C.POWERS[C.WARS[wid]["power"]]["naval"] and not military.has_fleet(s, wid)
    g.log(
        "log.campaign_against_the_player_in",
        wid=wid,
        enemy_strength=enemy_strength(s, wid),
        army_sp=military.army_sp(s, wid, enemy_campaign=True),
        rule=R_PROG,
    )
    results = tests(g, max(1, strat), text("why.the_enemy_campaign_in", wid=wid))
    bad = False
    for sym, _ in results:
        if (
            diff >= 3
            or war["leader"] is None
            or sym == CROW
            or (sym == PIGEON and (diff >= 1.5 or naval_without_fleet))
        ):
            bad = True
    if any(sp for _, sp in results) and military.units_at(s, wid):
        sp_loss(g, wid, strat >= 2, "enemy_campaign_end", bad=bad)
        return
    enemy_campaign_end(g, wid=wid, bad=bad, removed=False)


def enemy_campaign_end(g: Ctx, wid: str, bad: bool, removed: bool) -> None:
    """The marker moves (one space at most); a leader who neither moved it nor removed an SP is relieved."""
    s = g.s
    war = s["wars"][wid]
    moved = bad and move(g, wid, -1, text("why.enemy_campaign"))
    if not bad:
        g.log("log.the_enemy_campaign_fails_to", rule=R_PROG)
    if active(s, wid) and not moved and not removed and war["enemy"]:
        old = war["enemy"]
        g.log("log.is_relieved_of_command", old=old, rule=R_PROG)
        appoint_enemy(g, wid, exclude=old)


def sp_loss(g: Ctx, wid: str, forced_veteran: bool, after: str, **ctx) -> None:
    """The player removes one SP from the army (only one, however many symbols); ``after`` continues."""
    victims = military.sp_victims(g.s, wid, forced_veteran)
    if len(victims) == 1:
        military.lose_sp(g, wid, victims[0]["id"])
        call(g, after, wid=wid, removed=True, **ctx)
        return
    choose(
        g,
        council.manager(g.s, "valido"),
        text("prompt.an_sp_elimination_symbol_which", wid=wid),
        [("lose", u["id"]) for u in victims],
        "sp_chosen",
        wid=wid,
        after=after,
        ctx=ctx,
    )


def sp_chosen(g: Ctx, verb: str, arg: str, wid: str, after: str, ctx: dict) -> None:
    if any(u["id"] == arg for u in g.s["units"]):
        military.lose_sp(g, wid, arg)
    call(g, after, wid=wid, removed=True, **ctx)


def enemy_campaign_call(g: Ctx, wid: str) -> None:
    if active(g.s, wid):
        enemy_campaign(g, wid)


def total_war(g: Ctx) -> None:
    """TOTAL WAR: a campaign against the player on every active war and front except the Palatinate and those in
    truce."""
    targets = [w for w in active_wars(g.s) if w != PALATINATE and not g.s["wars"][w]["truce"]]
    if not targets:
        g.log("log.total_war_finds_no_war", rule="events.total_war")
    for wid in reversed(targets):
        call(g, "enemy_campaign_call", wid=wid)


def campaign_cost(g: Ctx, leader: str) -> int:
    """One ducat; two for Spinola or for Juan José of Austria with a Military rating of 3 (Special Rules)."""
    if C.NOTABLES[leader].get("special") == "spinola":
        return 2
    if C.NOTABLES[leader].get("military") is None and g.s["ratings"].get(f"{leader}:military") == 3:
        return 2
    return 1


def player_campaign(g: Ctx, wid: str) -> None:
    """The player's military campaign in an active war (Government Actions › Military Campaign)."""
    s = g.s
    war = s["wars"][wid]
    leader = war["leader"]
    strat = court.rating(g, leader, "military")
    units = military.units_at(s, wid)
    fleets = sum(1 for u in units if u["type"] == "fleet")
    if court.has(leader, "admiral") and units and fleets * 2 >= len(units):
        strat += 1
    results = tests(g, strat, text("why.s_campaign_in", leader=leader, wid=wid))
    if court.has(leader, "brave") and any(sym != EAGLE for sym, _ in results):
        choose(
            g,
            council.manager(s, "valido"),
            text("prompt.is_brave_repeat_one_fortune", leader=leader),
            [("repeat", True), ("keep", False)],
            "brave_choice",
            wid=wid,
            results=[list(r) for r in results],
        )
        return
    resolve_campaign(g, wid, results)


def brave_choice(g: Ctx, verb: str, arg, wid: str, results: list) -> None:
    results = [tuple(r) for r in results]
    fallen = False
    if verb == "repeat":
        i = next(i for i, (sym, _) in enumerate(results) if sym != EAGLE)
        new = tests(g, 1, text("why.the_brave_noble_s_repeated"))[0]
        results[i] = new
        fallen = new[0] == CROW
    leader = g.s["wars"][wid]["leader"]
    resolve_campaign(g, wid, results)
    if fallen and court.in_play(g.s, leader):
        court.remove_from_game(g, leader, text("why.the_brave_noble_falls"), "components.noble_cards_brave")


def resolve_campaign(g: Ctx, wid: str, results: list) -> None:
    s = g.s
    war = s["wars"][wid]
    leader = war["leader"]
    tactician = court.has(leader, "tactician")
    eagles = sum(1 for sym, _ in results if sym == EAGLE or (tactician and sym == PIGEON))
    mine, theirs = military.army_sp(s, wid), enemy_strength(s, wid)
    spaces = eagles if mine >= theirs else eagles // 2
    g.log("log.positive_result_s_with_sp", eagles=eagles, mine=mine, theirs=theirs, spaces=spaces, rule=R_CAMP)
    if any(sp for _, sp in results):
        if wid == F_CATALONIA and s["flags"]["catalan_tercio"]:
            s["flags"]["catalan_tercio"] = False
            g.log("log.the_catalan_tercio_is_eliminated", rule="wars.guerra_dels_segadors")
            tercio = next((u for u in military.units_at(s, wid) if u["type"] == "spanish_tercio"), None)
            if tercio:
                military.remove_unit(s, tercio["id"])
        elif military.units_at(s, wid):
            sp_loss(g, wid, enemy_leader_strategy(s, wid) >= 2, "campaign_end", spaces=spaces)
            return
    campaign_end(g, wid=wid, removed=False, spaces=spaces)


def campaign_end(g: Ctx, wid: str, removed: bool, spaces: int) -> None:
    if spaces and active(g.s, wid):
        battle_name(g, wid)
        move(g, wid, spaces, text("why.military_campaign"))


def battle_name(g: Ctx, wid: str) -> None:
    """Battle Name Generator: two dice on the table of Picardy, Flanders or Catalonia (first die = row, ruling
    R-BATTLE-DICE, open question 28)."""
    table = C.BATTLE_NAMES.get(wid)
    if not table:
        return
    row, col = g.roll(6), g.roll(6)
    g.log(
        "log.the_campaign_is_remembered_as",
        table=table[row - 1][col - 1],
        row=row,
        col=col,
        rule="battle_name_generator",
    )


PROCEDURES = (enemy_campaign_end, enemy_campaign_call, campaign_end)
DECISIONS = ((sp_chosen, None), (brave_choice, None))
