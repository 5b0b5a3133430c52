"""The End of Turn phase, in order: player actions, construction and maintenance, revolts, the Indies, income
(End of Turn Phase). Royal family mortality, the scores, the new Valido and the clean-up follow in
end_of_turn_court.py."""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import text
from engines.planet_king import actions, council, court, military
from engines.planet_king.components import FLANDERS, ITALY, PLUS_ULTRA, SPAIN, C
from engines.planet_king.flow import call, choose
from engines.planet_king.fortune import CROW, draw_test, reshuffle

R = "end_of_turn_phase"
R_CONSTRUCTION = "end_of_turn_phase.construction_and_maintenance"
R_INDIES = "end_of_turn_phase.indies"


def eot_begin(g: Ctx) -> None:
    """The cards used during the Events phase are shuffled back into the event deck."""
    g.log("log.turn_the_end_of_turn", turn=g.s["turn"], rule=R)
    if g.s["decks"]["discard"]:
        reshuffle(g)


def eot_actions(g: Ctx) -> None:
    """Three or more cubes left: up to three actions of different types, as with an ACTION card."""
    if council.cubes_total(g.s) >= C.TABLES["limits"]["end_of_turn_actions_cubes"]:
        actions.action_round(g, "eot")


# ----- construction and maintenance --------------------------------------------------------------------------
def deploy_places(s: dict, kind: str) -> list[str]:
    return [t for t in C.TERRITORIES if military.may_stand(s, kind, t)] + [
        w for w in C.WARS if military.may_stand(s, kind, w)
    ]


def deploy_construction(g: Ctx) -> None:
    """Deploy the units and fortifications Under Construction (Construction and Maintenance; CONSTRUCTION)."""
    s = g.s
    for t in s["forts_building"]:
        here = s["territories"][t]
        here["fort"] = min(1 if C.TERRITORIES[t]["kind"] == "settlement" else 2, here["fort"] + 1)
        g.log("log.the_fortification_of_is_built", t=t, fort=here["fort"], rule=R_CONSTRUCTION)
    s["forts_building"] = []
    call(g, "deploy_next")


def deploy_next(g: Ctx) -> None:
    s = g.s
    waiting = military.units_at(s, military.CONSTRUCTION)
    if not waiting:
        return
    u = waiting[0]
    choose(
        g,
        council.manager(s, "valido"),
        text("prompt.deploy_the_new", unit=u["type"]),
        [("deploy", p) for p in deploy_places(s, u["type"])],
        "deployed",
        uid=u["id"],
    )


def deployed(g: Ctx, verb: str, arg: str, uid: str) -> None:
    military.unit(g.s, uid)["loc"] = arg
    g.log("log.a_new_is_deployed_in", unit=military.unit(g.s, uid)["type"], arg=arg, rule=R_CONSTRUCTION)
    call(g, "deploy_next")


def eot_construction(g: Ctx) -> None:
    deploy_construction(g)


def eot_provincials(g: Ctx) -> None:
    """All provincial tercios are removed; one is placed in Spain or an adjacent war and one in Italy or an
    adjacent war (two in Spain once the Union of Arms is completed)."""
    s = g.s
    s["units"] = [u for u in s["units"] if u["type"] != "provincial_tercio"]
    homes = [SPAIN, SPAIN, ITALY] if s["union"] >= 2 else [SPAIN, ITALY]
    g.log("log.the_provincial_tercios_are_levied", rule=R_CONSTRUCTION)
    for home in reversed(homes):
        call(g, "place_provincial", home=home)


def place_provincial(g: Ctx, home: str) -> None:
    s = g.s
    if military.supply_left(s, "provincial_tercio") <= 0:
        return
    places = [
        home,
        *sorted(
            w for w in military.neighbours(s, home) if w in C.WARS and military.may_stand(s, "provincial_tercio", w)
        ),
    ]
    choose(
        g,
        council.manager(s, "valido"),
        text("prompt.place_a_provincial_tercio_in", home=home),
        [("place", p) for p in places],
        "provincial_levied",
    )


def provincial_levied(g: Ctx, verb: str, arg: str) -> None:
    military.new_unit(g.s, "provincial_tercio", arg)


def eot_upkeep(g: Ctx) -> None:
    """One ducat for every two tercios of Nations (or fraction) on the board; unpaid ones are removed."""
    s = g.s
    nations = [u for u in s["units"] if u["type"] == "nations_tercio" and u["loc"] != military.CONSTRUCTION]
    cost = -(-len(nations) // 2)
    if not cost:
        return
    opts = [("disband", u["id"]) for u in nations]
    if council.can_pay(s, cost):
        opts.insert(0, ("pay", cost))
    choose(g, council.manager(s, "valido"), text("prompt.upkeep_of_the_tercios_of"), opts, "upkeep_choice")


def upkeep_choice(g: Ctx, verb: str, arg) -> None:
    if verb == "pay":
        council.spend(g, arg, text("why.upkeep_of_the_tercios_of"), R_CONSTRUCTION)
        return
    military.remove_unit(g.s, arg)
    g.log("log.a_tercio_of_nations_is_disbanded", rule=R_CONSTRUCTION)
    call(g, "eot_upkeep")


def eot_markers(g: Ctx) -> None:
    """The Corsairs of Dunkirk marker, the war-declared markers and the Peace markers are removed."""
    s = g.s
    s["flags"]["corsairs"] = False
    s["wars_declared"] = 0
    for war in s["wars"].values():
        if war["status"] == "peace":
            war["status"] = "none"


# ----- revolts, the Indies, income ---------------------------------------------------------------------------
def eot_revolts(g: Ctx) -> None:
    s = g.s
    rule = "end_of_turn_phase.revolts"
    for t in (SPAIN, ITALY, FLANDERS):
        here = s["territories"][t]
        if not here["revolt"]:
            continue
        here["revolt"] = False
        name = C.TERRITORIES[t]["name"]
        if military.units_at(s, t) and draw_test(g, text("why.the_revolt_in", name=name))[0] != CROW:
            g.log("log.the_revolt_in_is_put", name=name, rule=rule)
            continue
        g.log("log.the_revolt_in_costs_a", name=name, rule=rule)
        if s["treasury"]:
            council.spend(g, 1, text("why.revolt_in", name=name), rule)


def eot_indies(g: Ctx) -> None:
    """Pirates take Indies fleets; the Viceroy collects his government rating, again per Indies fleet, plus one for
    the Manila Galleon (one less if corrupt), never more than the territories hold; the markers leave and the
    territories are replenished (not under a raid marker)."""
    s = g.s
    rule = R_INDIES
    pu = s["plus_ultra"]
    for _ in range(pu["pirates"]):
        if not pu["indies_fleets"]:
            break
        if military.has_fleet(s, PLUS_ULTRA) and draw_test(g, text("why.the_fleet_against_the_pirates"))[0] != CROW:
            g.log("log.the_fleet_drives_the_pirates", rule=rule)
            continue
        pu["indies_fleets"] -= 1
        g.log("log.pirates_take_an_indies_fleet", rule=rule)
    viceroy = s["offices"].get("viceroy_of_the_indies")
    gov = court.rating(g, viceroy, "government")
    due = gov * (1 + pu["indies_fleets"]) + (C.INCOME["manila_galleon"] if pu["galleon"] else 0)
    if court.has(viceroy, "corrupt"):
        due -= C.INCOME["corrupt_minus"]
    collect_indies(g, max(0, due))
    pu.update(indies_fleets=0, pirates=0, galleon=False)
    for t, d in C.TERRITORIES.items():
        if d["region"] != "indies" or d["settlement"]:
            continue
        here = s["territories"][t]
        if here["raid"] or (d["portuguese"] and s["flags"]["portugal_independent"]):
            continue
        full = d["income"]
        if (
            s["flags"]["portugal_independent"]
            and here["fort"] >= 2
            and d["kind"] == "viceroyalty"
            and "new" in d["name"].lower()
        ):
            full = C.INCOME["new_spain_fortified_portugal_independent"]
        here["ducats"] = full


def collect_indies(g: Ctx, due: int) -> None:
    s = g.s
    sources = [
        t
        for t, d in C.TERRITORIES.items()
        if d["region"] == "indies" and not (d["portuguese"] and s["flags"]["portugal_independent"])
    ]
    available = sum(s["territories"][t]["ducats"] for t in sources)
    take = min(due, available)
    left = take
    for t in sorted(sources, key=lambda t: -s["territories"][t]["ducats"]):
        got = min(left, s["territories"][t]["ducats"])
        s["territories"][t]["ducats"] -= got
        left -= got
    council.gain(g, take, text("why.income_from_the_indies_due", due=due, available=available), R_INDIES)


def eot_income(g: Ctx) -> None:
    s = g.s
    rule = "end_of_turn_phase.income"
    spain = s["territories"][SPAIN]
    if spain["raid"] or spain["revolt"]:
        g.log("log.a_marker_in_spain_no", rule=rule)
    else:
        if s["asiento"]:
            g.log("log.castile_s_revenues_are_secured", rule=rule)
        else:
            castile = "castile_portugal_independent" if s["flags"]["portugal_independent"] else "castile"
            council.gain(g, C.INCOME[castile], text("why.income_from_castile"), rule)
        council.gain(
            g, C.INCOME["aragon_union_of_arms" if s["union"] >= 2 else "aragon"], text("why.income_from_aragon"), rule
        )
    for office, minus, where in (
        ("viceroy_of_italy", 0, "Italy"),
        ("governor_of_flanders", C.INCOME["flanders_minus"], "Flanders"),
    ):
        if office not in s["offices"]:
            continue
        nid = s["offices"][office]
        amount = (
            court.rating(g, nid, "government") - minus - (C.INCOME["corrupt_minus"] if court.has(nid, "corrupt") else 0)
        )
        if amount > 0:
            council.gain(g, amount, text("why.income_from", where=where), rule)


PROCEDURES = (
    eot_begin,
    eot_actions,
    deploy_next,
    eot_construction,
    eot_provincials,
    place_provincial,
    eot_upkeep,
    eot_markers,
    eot_revolts,
    eot_indies,
    eot_income,
)


def label_upkeep(s: dict, verb: str, arg, frame: dict) -> dict:
    if verb == "disband":
        return {"arg": arg, "unit": "nations_tercio", "at": military.unit(s, arg)["loc"]}
    nations = [u for u in s["units"] if u["type"] == "nations_tercio" and u["loc"] != military.CONSTRUCTION]
    return {"arg": arg, "n": len(nations)}


DECISIONS = ((deployed, None), (provincial_levied, None), (upkeep_choice, label_upkeep))
