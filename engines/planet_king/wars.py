"""Wars: declaration, the progression marker, mustering and the end of a war (Wars; War with France / England / the
United Provinces / Barbary / Portugal / the Palatinate; Guerra dels Segadors; Special Rules › Condé). The
campaigns fought in them, the enemy's and the player's: campaigns.py.

A war's marker ``pos`` counts spaces towards the player's (black) end as positive and towards the enemy's (red)
end as negative (ruling R-TRACK-SIGN, facts open question 14).
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx
from engines.core.types import Words, text
from engines.planet_king import council, court, military
from engines.planet_king.components import (
    CONDE,
    CONDE_LEADER,
    ENGLAND,
    F_CATALONIA,
    F_ITALY,
    F_PICARDY,
    FLANDERS_WAR,
    FRANCE,
    PALATINATE,
    PLUS_ULTRA,
    PORTUGAL,
    PROTESTANTS,
    C,
    current,
)
from engines.planet_king.flow import choose

R_DECL = "wars.declaration_of_war"
R_PROG = "wars.progression_of_a_war"
R_END = "wars.end_of_a_war"
R_CAMP = "government_actions.military_campaign"
FRENCH_FRONTS = [F_PICARDY, F_CATALONIA, F_ITALY]  # tie order: Picardy first (War with France)


def wars_of(power: str) -> list[str]:
    return [w for w, d in C.WARS.items() if d["power"] == power]


def active(s: dict, wid: str) -> bool:
    return s["wars"][wid]["status"] == "war"


def active_wars(s: dict) -> list[str]:
    return [w for w in C.WARS if active(s, w)]


def at_war(s: dict, power: str) -> bool:
    return any(active(s, w) for w in wars_of(power))


def count_for_instability(s: dict) -> int:
    """Active wars, France's fronts counting as one (Wars › Overview)."""
    return len({C.WARS[w]["power"] for w in active_wars(s)})


def enemy_strength(s: dict, wid: str) -> float:
    """The foreign army's strength (its box on the map) with the event markers that change it."""
    k = current()
    power = k.WARS[wid]["power"]
    value = k.POWERS[power]["strength"]
    flags = s["flags"]
    if power == FRANCE and flags["fsw33"]:
        value = 4
    if power == PROTESTANTS and flags["breitenfeld"]:
        value = 4
    if power == PORTUGAL and flags["pw39"]:
        value = 4
    if power == k.WARS[FLANDERS_WAR]["power"] and flags["corsairs"]:
        value = 3
    if wid == F_CATALONIA and flags["catalan_tercio"]:
        value += 1
    return value


def enemy_leader_strategy(s: dict, wid: str) -> int:
    enemy = s["wars"][wid]["enemy"]
    return C.LEADERS[enemy]["strategy"] if enemy else 0


# ----- enemy leaders -------------------------------------------------------------------------------------
def leader_fits(s: dict, lid: str, wid: str) -> bool:
    """Whether a foreign leader may command in this war now: his power's wars (the English also in Portugal; the
    Savoyard Emmanuel only in Italy; the Catalan Margarit only in Catalonia once the Guerra dels Segadors is
    played), his turns, not already in command elsewhere, and the French Condé only while no Spanish Condé is in
    play (Special Rules › Condé)."""
    leader = C.LEADERS[lid]
    if not (leader["turn_in"] <= s["turn"] <= leader["turn_out"]):
        return False
    if s["leader_pool"] is not None and lid not in s["leader_pool"]:
        return False
    if any(w["enemy"] == lid for w in s["wars"].values()):
        return False
    if leader.get("fronts") and wid not in leader["fronts"]:
        return False
    if lid == CONDE_LEADER and s["conde"] != "france":
        return False
    if leader.get("condition") and not s["flags"]["segadors"]:
        return False  # Margarit: only once the GUERRA DELS SEGADORS is played
    power = C.WARS[wid]["power"]
    return (
        leader["power"] == power
        or (power == PORTUGAL and leader["power"] == ENGLAND)
        or wid in (leader.get("fronts") or [])
    )


def appoint_enemy(g: Ctx, wid: str, exclude: str | None = None) -> None:
    cands = [lid for lid in C.LEADERS if lid != exclude and leader_fits(g.s, lid, wid)]
    war = g.s["wars"][wid]
    if C.WARS[wid]["power"] == PROTESTANTS or not cands:
        war["enemy"] = None
        return
    war["enemy"] = g.choice(sorted(cands))
    leader = C.LEADERS[war["enemy"]]
    g.log("log.strategy_takes_command_of_the", name=leader["name"], strategy=leader["strategy"], wid=wid, rule=R_DECL)


# ----- declaration ----------------------------------------------------------------------------------------
def ended_this_turn(s: dict, power: str) -> bool:
    """A war of this power ended this turn (its War marker is on its Peace side). France's fronts are one war
    (line 366), so a French front that ended this turn keeps France from being declared on again (line 409)."""
    return any(s["wars"][w]["status"] == "peace" for w in wars_of(power))


def can_declare(s: dict, power: str) -> bool:
    """No more than two new wars a turn (line 386), never one that ended this turn (line 409), never on a power
    already at war."""
    return (
        s["wars_declared"] < 2
        and not at_war(s, power)
        and not ended_this_turn(s, power)
        and all(s["wars"][w]["status"] == "none" for w in fronts_to_open(s, power))
    )


def fronts_to_open(s: dict, power: str) -> list[str]:
    """France: Italy during the first three turns (while that front has never ended), else Picardy and
    Catalonia together (War with France). Other powers: their one war."""
    if power != FRANCE:
        return wars_of(power)
    if s["options"]["scenario"] == "hothead" or (s["turn"] <= 3 and not s["flags"]["italy_ended"]):
        return [F_ITALY]
    return [F_PICARDY, F_CATALONIA]


def declare(g: Ctx, power: str, how: str, count: bool = True, commander: str | None = None) -> list[str]:
    """Place the War markers, put the progression markers on 0, name a random enemy leader and let the player
    muster units from adjacent places (Wars › Declaration of War)."""
    s = g.s
    opened = fronts_to_open(s, power)
    if count:
        s["wars_declared"] += 1
    for wid in opened:
        war = s["wars"][wid]
        war.update(status="war", pos=0, truce=False, leader=None, enemy=None)
        if wid == F_CATALONIA:
            track = C.WARS[wid]
            war["black"] = track["black"] if s["flags"]["segadors"] else track["black_before"] or track["black"]
        g.log("log.war_is_declared", wid=wid, how=text(f"how.{how}"), rule=R_DECL)
        appoint_enemy(g, wid)
    if commander:
        court.place(g, commander, ("army", opened[0]))
        g.log("log.takes_command_of_an_army", commander=commander, opened=opened[0], rule=R_CAMP)
    if power == PORTUGAL and not s["flags"]["portugal_independent"]:
        s["flags"]["portugal_independent"] = True
        g.log("log.portugal_is_now_an_independent", rule="wars.war_with_portugal")
    for wid in reversed(opened):
        muster(g, wid)
    return opened


def adjacent_wars(s: dict, wid: str) -> set[str]:
    """The wars adjacent to a war (lines 383 and 523 move units in from "adjacent wars"): no line of communication
    joins two wars, so two wars are adjacent when one territory of Europe borders both (Flanders: its war, Picardy
    and the Palatinate; Italy: its war, the Ottomans and Barbary; Spain: Catalonia, Portugal and Barbary). Plus
    Ultra, which touches nearly every war, does not make wars adjacent (ruling R-MUSTER)."""
    out: set[str] = set()
    for t in military.neighbours(s, wid):
        if t in C.TERRITORIES and t != PLUS_ULTRA:
            out |= {w for w in military.neighbours(s, t) if w in C.WARS and w != wid}
    return out


def muster_options(g: Ctx, wid: str) -> list[tuple[str, Any]]:
    s = g.s
    opts: list[tuple[str, Any]] = []
    sources = military.neighbours(s, wid) | adjacent_wars(s, wid)
    for u in s["units"]:
        if u["loc"] not in sources or u["loc"] == wid:
            continue
        if C.WARS[wid]["declared_from"] and (u["loc"] != C.WARS[wid]["declared_from"] or u["type"] != "fleet"):
            continue  # War with England: declared from the Plus Ultra box, so its army starts with a fleet only
        if military.may_stand(s, u["type"], wid):
            opts.append(("muster", u["id"]))
    if s["wars"][wid]["leader"] is None:
        for n in court.court_nobles(s):
            if court.can_lead(s, n):
                opts.append(("lead", n))
    return opts


def muster(g: Ctx, wid: str) -> None:
    opts = muster_options(g, wid)
    if not opts:
        return
    choose(
        g,
        council.manager(g.s, "valido"),
        text("prompt.muster_the_army_of_move", wid=wid),
        [*opts, ("done", None)],
        "on_muster",
        wid=wid,
    )


def on_muster(g: Ctx, verb: str, arg, wid: str) -> None:
    if verb == "done":
        return
    if verb == "muster":
        u = next((x for x in g.s["units"] if x["id"] == arg), None)
        if u and military.may_stand(g.s, u["type"], wid):
            u["loc"] = wid
    else:
        court.place(g, arg, ("army", wid))
        g.log("log.takes_command", arg=arg, wid=wid, rule=R_DECL)
    muster(g, wid)


# ----- progression ----------------------------------------------------------------------------------------
def move(g: Ctx, wid: str, delta: int, why: Words) -> bool:
    """Move a war's progression marker (not while in truce); the war ends at either end of its track."""
    war = g.s["wars"][wid]
    if war["status"] != "war" or war["truce"] or delta == 0:
        return False
    war["pos"] = max(-war["red"], min(war["black"], war["pos"] + delta))
    side = "favour" if delta > 0 else "against"
    g.log(f"log.war_marker.{side}", why=why, wid=wid, n=abs(delta), pos=war["pos"], rule=R_PROG)
    if war["pos"] >= war["black"]:
        end_war(g, wid, "win")
    elif war["pos"] <= -war["red"]:
        end_war(g, wid, "loss")
    return True


# ----- the end of a war -----------------------------------------------------------------------------------
def end_war(g: Ctx, wid: str, result: str) -> None:
    """End a war in victory, defeat or peace (Wars › End of a War; Political Actions › Embassy)."""
    s = g.s
    war = s["wars"][wid]
    power = C.WARS[wid]["power"]
    s["war_results"].append([wid, result, s["turn"], count_for_instability(s)])
    war.update(status="peace", truce=False, enemy=None)
    g.log("log.the_war_in_ends", wid=wid, result=text(f"result.{result}"), rule=R_END)
    if war["leader"]:
        court.to_court_or_deck(g, war["leader"])
    redeploy(g, wid)
    if result == "peace":
        council.victory_points(g, -1, text("why.peace_signed_by_embassy"), "valido", R_END)
        council.mark(g, "prestige", -1, text("why.peace_signed_by_embassy"), "political_actions.embassy")
    else:
        sign = 1 if result == "win" else -1
        vp = C.WARS[wid]["vp_win"] if result == "win" else -C.WARS[wid]["vp_loss"]
        no_vp = wid == PALATINATE and s["turn"] >= 6  # line 441: "neither loses nor gains any victory points"
        if vp and not no_vp:
            council.victory_points(g, vp, text("why.war_track"), "valido", R_END)
        if not council.solo(s) and not no_vp:
            council.victory_points(g, sign, text("why.the_king_s_share_of"), "king", "cooperative_game")
        council.mark(g, "happiness", sign, text("why.end_of_a_war"), R_END)
        council.mark(g, "prestige", sign, text("why.end_of_a_war"), R_END)
    if wid == F_ITALY:
        s["flags"]["italy_ended"] = True
        if result == "loss":
            s["flags"]["valtellina_closed"] = True
            g.log("log.the_valtellina_pass_is_closed", rule="wars.war_with_france")
    if power == FRANCE and result == "peace":
        conde_leaves(g)
    if wid == PALATINATE:
        palatinate_over(g)


def redeploy(g: Ctx, wid: str) -> None:
    """At the end of a war the player may move its SP without any restriction: each unit goes to any territory,
    war or Plus Ultra where it may stand (Habsburg tercios with nowhere to go are lost)."""
    s = g.s
    for u in military.units_at(s, wid):
        places = [p for p in list(C.TERRITORIES) + list(C.WARS) if p != wid and military.may_stand(s, u["type"], p)]
        if not places:
            military.remove_unit(s, u["id"])
            continue
        home = C.HOME[wid] if C.HOME[wid] in places else places[0]
        opts = [("redeploy", p) for p in [home] + [p for p in places if p != home]]
        choose(
            g,
            council.manager(s, "valido"),
            text("prompt.the_war_is_over_where", unit=military.unit_text(u)),
            opts,
            "redeployed",
            uid=u["id"],
            wid=wid,
        )
        return


def redeployed(g: Ctx, verb: str, arg: str, uid: str, wid: str) -> None:
    u = next((x for x in g.s["units"] if x["id"] == uid and x["loc"] == wid), None)
    if u and military.may_stand(g.s, u["type"], arg):
        u["loc"] = arg
        g.log("log.the_leaves_for", unit=u["type"], wid=wid, arg=arg, rule=R_END)
    redeploy(g, wid)


def palatinate_over(g: Ctx) -> None:
    """The Palatinate War ends: AUSTRIAN ALLIANCE leaves the game, the Ambassador in Austria returns to the Court
    (or the noble deck), the Habsburg tercios are eliminated (War of the Palatinate)."""
    s = g.s
    s["flags"]["palatinate_ended"] = True
    amb = s["offices"].get("ambassador_in_austria")
    if amb:
        court.to_court_or_deck(g, amb)
    s["units"] = [u for u in s["units"] if u["type"] != "habsburg_tercio"]
    g.log("log.austrian_alliance_leaves_the_game", rule="wars.war_of_the_palatinate")


def conde_leaves(g: Ctx) -> None:
    """A truce or peace on any front against France removes the Spanish Condé (Special Rules › Condé)."""
    s = g.s
    if s["conde"] != "spain":
        return
    if court.in_play(s, CONDE) or CONDE in s["decks"]["nobles"]:
        court.remove_from_game(g, CONDE, text("why.truce_or_peace_with_france"), "special_rules.cond")
    s["gone"] = [n for n in s["gone"] if n != CONDE]
    s["conde"] = "france"


DECISIONS = ((on_muster, None), (redeployed, None))
