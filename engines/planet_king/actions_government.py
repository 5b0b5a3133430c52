"""Government actions: Military Campaign, Raise a Spanish Tercio, Raise a Tercio of Nations, Build a Fleet
(Actions › Government Actions; Wars › Declaration of War; Special Rules › Ambrosio de Spinola)."""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import text
from engines.planet_king import campaigns, council, court, military, wars
from engines.planet_king.actions import Action, gov_forbidden
from engines.planet_king.components import (
    BARBARY,
    ENGLAND,
    F_ITALY,
    FRANCE,
    ITALY,
    OTTOMAN,
    PROTESTANTS,
    UNITED_PROVINCES,
    C,
)
from engines.planet_king.flow import call, choose

R = "actions.government_actions"
# Powers the player may attack by a campaign when at peace (ruling R-DECLARE, line 367: the Protestant Powers too;
# not Portugal, a foreign power only once its event declares war, line 67).
DECLARABLE = [UNITED_PROVINCES, ENGLAND, FRANCE, OTTOMAN, BARBARY, PROTESTANTS]


def generals(g: Ctx) -> list[str]:
    """The nobles at Court who may lead a declared war's army and whose campaign the Treasury can pay (line 524:
    Spinola costs 2 ducats; lines 458 and 741: an action that cannot be paid cannot be performed)."""
    return [
        n
        for n in court.court_nobles(g.s)
        if court.can_lead(g.s, n) and council.can_pay(g.s, campaigns.campaign_cost(g, n))
    ]


def campaign_targets(g: Ctx, mode: str) -> list[tuple[str, str]]:
    """("war", id) for active wars with a commander, not in truce; ("declare", power) for powers at peace."""
    s = g.s
    out = []
    for w in wars.active_wars(s):
        war = s["wars"][w]
        if war["truce"] or not war["leader"] or not court.can_lead(s, war["leader"]):
            continue
        if mode in ("card", "eot") and gov_forbidden(s, "campaign", w):
            continue
        if council.can_pay(s, campaigns.campaign_cost(g, war["leader"])):
            out.append(("war", w))
    if generals(g):
        for p in [FRANCE] if s["options"]["scenario"] == "hothead" else DECLARABLE:  # Hothead: Italy only
            fronts = wars.fronts_to_open(s, p)
            if wars.can_declare(s, p):
                if mode in ("card", "eot") and any(gov_forbidden(s, "campaign", w) for w in fronts):
                    continue
                out.append(("declare", p))
    return out


def legal_campaign(g: Ctx, mode: str) -> bool:
    return bool(campaign_targets(g, mode))


def do_campaign(g: Ctx, mode: str) -> None:
    opts = []
    for kind, x in campaign_targets(g, mode):
        if kind == "war":
            opts.append(("war", x))
        else:
            opts.append(("declare", x))
    choose(
        g, council.manager(g.s, "valido"), text("prompt.military_campaign_where"), opts, "campaign_target", mode=mode
    )


def campaign_target(g: Ctx, verb: str, arg: str, mode: str) -> None:
    s = g.s
    if verb == "war":
        leader = s["wars"][arg]["leader"]
        council.spend(g, campaigns.campaign_cost(g, leader), text("why.campaign_of", arg=leader), R)
        if mode == "card":
            s["gov_card"] = {"action": "campaign", "front": arg}
        campaigns.player_campaign(g, arg)
        return
    if not council.solo(s) and not s["king_dead"]:
        choose(
            g,
            "king",
            text("prompt.the_valido_proposes_war_on", arg=arg),
            [("consent", arg), ("refuse", arg)],
            "war_consent",
            mode=mode,
        )
        return
    declare_and_campaign(g, arg, mode)


def war_consent(g: Ctx, verb: str, arg: str, mode: str) -> None:
    """Cooperative Game › Wars: the Valido proposes, war is declared only with the King's consent."""
    if verb == "refuse":
        g.log("log.the_king_refuses_to_declare", rule="cooperative_game.wars")
        return
    declare_and_campaign(g, arg, mode)


def declare_and_campaign(g: Ctx, power: str, mode: str) -> None:
    """Declare war, send a noble with a Military rating from the Court as commander, then campaign."""
    choose(
        g,
        council.manager(g.s, "valido"),
        text("prompt.which_noble_of_the_court"),
        [("general", n) for n in generals(g)],
        "general_chosen",
        power=power,
        mode=mode,
    )


def general_chosen(g: Ctx, verb: str, arg: str, power: str, mode: str) -> None:
    s = g.s
    front = wars.fronts_to_open(s, power)[0]
    council.spend(g, campaigns.campaign_cost(g, arg), text("why.campaign_of", arg=arg), R)
    if mode == "card":
        s["gov_card"] = {"action": "campaign", "front": front}
    call(g, "campaign_after_muster", wid=front)  # runs once the muster decisions pushed by declare() are taken
    wars.declare(g, power, "campaign", commander=arg)


def campaign_after_muster(g: Ctx, wid: str) -> None:
    if wars.active(g.s, wid) and g.s["wars"][wid]["leader"]:
        campaigns.player_campaign(g, wid)


# ----- raising units -----------------------------------------------------------------------------------------
def legal_tercio(g: Ctx, mode: str) -> bool:
    s = g.s
    return (
        council.can_pay(s, 1) and military.supply_left(s, "spanish_tercio") > 0 and not _repeat(s, mode, "raise_tercio")
    )


def do_tercio(g: Ctx, mode: str) -> None:
    """Hothead has no End of Turn phase: as an exception the tercio deploys at once to Italy or the Italian war."""
    council.spend(g, 1, text("why.raise_a_spanish_tercio"), R)
    if g.s["options"]["scenario"] == "hothead":
        places = [p for p in (ITALY, F_ITALY) if military.may_stand(g.s, "spanish_tercio", p)]
        choose(
            g,
            council.manager(g.s, "valido"),
            text("prompt.hothead_deploy_the_new_tercio"),
            [("place", p) for p in places],
            "hothead_tercio",
        )
        return
    military.new_unit(g.s, "spanish_tercio", military.CONSTRUCTION)
    g.log("log.a_spanish_tercio_is_placed", rule=R)


def hothead_tercio(g: Ctx, verb: str, arg: str) -> None:
    military.new_unit(g.s, "spanish_tercio", arg)
    g.log("log.a_spanish_tercio_is_raised", arg=arg, rule="scenarios.hothead")


def legal_nations(g: Ctx, mode: str) -> bool:
    s = g.s
    return (
        council.can_pay(s, 1)
        and military.supply_left(s, "nations_tercio") > 0
        and bool(nations_places(s))
        and not _repeat(s, mode, "raise_nations")
    )


def nations_places(s: dict) -> list[str]:
    return [t for t in C.TERRITORIES if military.may_stand(s, "nations_tercio", t)] + [
        w for w in wars.active_wars(s) if military.may_stand(s, "nations_tercio", w)
    ]


def do_nations(g: Ctx, mode: str) -> None:
    choose(
        g,
        council.manager(g.s, "valido"),
        text("prompt.where_is_the_tercio_of"),
        [("place", p) for p in nations_places(g.s)],
        "nations_placed",
    )


def nations_placed(g: Ctx, verb: str, arg: str) -> None:
    council.spend(g, 1, text("why.raise_a_tercio_of_nations"), R)
    military.new_unit(g.s, "nations_tercio", arg)
    g.log("log.a_tercio_of_nations_is", arg=arg, rule=R)


def legal_fleet(g: Ctx, mode: str) -> bool:
    s = g.s
    return council.can_pay(s, 1) and military.supply_left(s, "fleet") > 0 and not _repeat(s, mode, "build_fleet")


def do_fleet(g: Ctx, mode: str) -> None:
    council.spend(g, 1, text("why.build_a_fleet"), R)
    military.new_unit(g.s, "fleet", military.CONSTRUCTION)
    g.log("log.a_fleet_is_placed_under", rule=R)


def _repeat(s: dict, mode: str, key: str) -> bool:
    return mode in ("card", "eot") and gov_forbidden(s, key)


PROCEDURES = (campaign_after_muster,)
DECISIONS = (
    (campaign_target, None),
    (war_consent, None),
    (general_chosen, None),
    (hothead_tercio, None),
    (nations_placed, None),
)

# the actions of this chapter (the game's table, PlanetKing.action_rules)
ACTIONS = (
    Action("campaign", "government", legal_campaign, do_campaign, org=False),
    Action("raise_tercio", "government", legal_tercio, do_tercio),
    Action("raise_nations", "government", legal_nations, do_nations),
    Action("build_fleet", "government", legal_fleet, do_fleet, unique=True),
)
