"""The End of Turn phase, in order: player actions, construction and maintenance, revolts, the Indies, income
(End of Turn Phase). Royal family mortality, the scores, the new Valido and the clean-up follow in
end_of_turn_court.py."""
from __future__ import annotations

from engines.core.machine import Ctx
from engines.planet_king import actions, council, court, military
from engines.planet_king.components import FLANDERS, ITALY, SPAIN, TABLES, TERRITORIES, WARS
from engines.planet_king.flow import call, choose, proc
from engines.planet_king.fortune import CROW, draw_test, reshuffle

R = "End of Turn Phase"
INCOME = TABLES["income"]


@proc
def eot_begin(g: Ctx) -> None:
    """The cards used during the Events phase are shuffled back into the event deck."""
    g.log(f"Turn {g.s['turn']}: the End of Turn phase begins.", rule=R)
    if g.s["decks"]["discard"]:
        reshuffle(g)


@proc
def eot_actions(g: Ctx) -> None:
    """Three or more cubes left: up to three actions of different types, as with an ACTION card."""
    if council.cubes_total(g.s) >= TABLES["limits"]["end_of_turn_actions_cubes"]:
        actions.action_round(g, "eot")


# ----- construction and maintenance --------------------------------------------------------------------------
def deploy_places(s: dict, kind: str) -> list[str]:
    return [t for t in TERRITORIES if military.may_stand(s, kind, t)] + \
        [w for w in WARS if military.may_stand(s, kind, w)]


def deploy_construction(g: Ctx) -> None:
    """Deploy the units and fortifications Under Construction (Construction and Maintenance; CONSTRUCTION)."""
    s = g.s
    for t in s["forts_building"]:
        here = s["territories"][t]
        here["fort"] = min(1 if TERRITORIES[t]["kind"] == "settlement" else 2, here["fort"] + 1)
        g.log(f"The fortification of {TERRITORIES[t]['name']} is built (level {here['fort']}).",
              rule=f"{R} › Construction and Maintenance")
    s["forts_building"] = []
    call(g, "deploy_next")


@proc
def deploy_next(g: Ctx) -> None:
    s = g.s
    waiting = military.units_at(s, military.CONSTRUCTION)
    if not waiting:
        return
    u = waiting[0]
    choose(g, council.manager(s, "valido"), f"Deploy the new {military.UNIT_NAMES[u['type']]}.",
           [("deploy", p, military.loc_name(p)) for p in deploy_places(s, u["type"])], "deployed", uid=u["id"])


@proc
def deployed(g: Ctx, verb: str, arg: str, uid: str) -> None:
    military.unit(g.s, uid)["loc"] = arg
    g.log(f"A new {military.UNIT_NAMES[military.unit(g.s, uid)['type']]} is deployed in {military.loc_name(arg)}.",
          rule=f"{R} › Construction and Maintenance")
    call(g, "deploy_next")


@proc
def eot_construction(g: Ctx) -> None:
    deploy_construction(g)


@proc
def eot_provincials(g: Ctx) -> None:
    """All provincial tercios are removed; one is placed in Spain or an adjacent war and one in Italy or an
    adjacent war (two in Spain once the Union of Arms is completed)."""
    s = g.s
    s["units"] = [u for u in s["units"] if u["type"] != "provincial_tercio"]
    homes = [SPAIN, SPAIN, ITALY] if s["union"] >= 2 else [SPAIN, ITALY]
    g.log("The provincial tercios are levied anew.", rule=f"{R} › Construction and Maintenance")
    for home in reversed(homes):
        call(g, "place_provincial", home=home)


@proc
def place_provincial(g: Ctx, home: str) -> None:
    s = g.s
    if military.supply_left(s, "provincial_tercio") <= 0:
        return
    places = [home] + sorted(w for w in military.neighbours(s, home)
                             if w in WARS and military.may_stand(s, "provincial_tercio", w))
    choose(g, council.manager(s, "valido"), f"Place a provincial tercio in {TERRITORIES[home]['name']} or an "
           "adjacent war.", [("place", p, military.loc_name(p)) for p in places], "provincial_levied")


@proc
def provincial_levied(g: Ctx, verb: str, arg: str) -> None:
    military.new_unit(g.s, "provincial_tercio", arg)


@proc
def eot_upkeep(g: Ctx) -> None:
    """One ducat for every two tercios of Nations (or fraction) on the board; unpaid ones are removed."""
    s = g.s
    nations = [u for u in s["units"] if u["type"] == "nations_tercio" and u["loc"] != military.CONSTRUCTION]
    cost = -(-len(nations) // 2)
    if not cost:
        return
    opts = [("disband", u["id"], f"Disband the {military.unit_label(u)}") for u in nations]
    if council.can_pay(s, cost):
        opts.insert(0, ("pay", cost, f"Pay {cost} ducat(s) for {len(nations)} tercio(s) of Nations"))
    choose(g, council.manager(s, "valido"), "Upkeep of the tercios of Nations.", opts, "upkeep_choice")


@proc
def upkeep_choice(g: Ctx, verb: str, arg) -> None:
    if verb == "pay":
        council.spend(g, arg, "Upkeep of the tercios of Nations", f"{R} › Construction and Maintenance")
        return
    military.remove_unit(g.s, arg)
    g.log("A tercio of Nations is disbanded.", rule=f"{R} › Construction and Maintenance")
    call(g, "eot_upkeep")


@proc
def eot_markers(g: Ctx) -> None:
    """The Corsairs of Dunkirk marker, the war-declared markers and the Peace markers are removed."""
    s = g.s
    s["flags"]["corsairs"] = False
    s["wars_declared"] = 0
    for war in s["wars"].values():
        if war["status"] == "peace":
            war["status"] = "none"


# ----- revolts, the Indies, income ---------------------------------------------------------------------------
@proc
def eot_revolts(g: Ctx) -> None:
    s = g.s
    rule = f"{R} › Revolts"
    for t in (SPAIN, ITALY, FLANDERS):
        here = s["territories"][t]
        if not here["revolt"]:
            continue
        here["revolt"] = False
        name = TERRITORIES[t]["name"]
        if military.units_at(s, t) and draw_test(g, f"the revolt in {name}")[0] != CROW:
            g.log(f"The revolt in {name} is put down.", rule=rule)
            continue
        g.log(f"The revolt in {name} costs a ducat.", rule=rule)
        if s["treasury"]:
            council.spend(g, 1, f"Revolt in {name}", rule)


@proc
def eot_indies(g: Ctx) -> None:
    """Pirates take Indies fleets; the Viceroy collects his government rating, again per Indies fleet, plus one for
    the Manila Galleon (one less if corrupt), never more than the territories hold; the markers leave and the
    territories are replenished (not under a raid marker)."""
    s = g.s
    rule = f"{R} › Indies"
    pu = s["plus_ultra"]
    for _ in range(pu["pirates"]):
        if not pu["indies_fleets"]:
            break
        if military.has_fleet(s, military.PLUS_ULTRA) and draw_test(g, "the fleet against the pirates")[0] != CROW:
            g.log("The fleet drives the pirates off.", rule=rule)
            continue
        pu["indies_fleets"] -= 1
        g.log("Pirates take an Indies fleet.", rule=rule)
    viceroy = s["offices"].get("viceroy_of_the_indies")
    gov = court.rating(g, viceroy, "government")
    due = gov * (1 + pu["indies_fleets"]) + (INCOME["manila_galleon"] if pu["galleon"] else 0)
    if court.has(viceroy, "corrupt"):
        due -= INCOME["corrupt_minus"]
    collect_indies(g, max(0, due))
    pu.update(indies_fleets=0, pirates=0, galleon=False)
    for t, d in TERRITORIES.items():
        if d["region"] != "indies" or d["settlement"]:
            continue
        here = s["territories"][t]
        if here["raid"] or (d["portuguese"] and s["flags"]["portugal_independent"]):
            continue
        full = d["income"]
        if s["flags"]["portugal_independent"] and here["fort"] >= 2 and d["kind"] == "viceroyalty" and \
                "new" in d["name"].lower():
            full = INCOME["new_spain_fortified_portugal_independent"]
        here["ducats"] = full


def collect_indies(g: Ctx, due: int) -> None:
    s = g.s
    sources = [t for t, d in TERRITORIES.items() if d["region"] == "indies"
               and not (d["portuguese"] and s["flags"]["portugal_independent"])]
    available = sum(s["territories"][t]["ducats"] for t in sources)
    take = min(due, available)
    left = take
    for t in sorted(sources, key=lambda t: -s["territories"][t]["ducats"]):
        got = min(left, s["territories"][t]["ducats"])
        s["territories"][t]["ducats"] -= got
        left -= got
    council.gain(g, take, f"Income from the Indies ({due} due, {available} available)", f"{R} › Indies")


@proc
def eot_income(g: Ctx) -> None:
    s = g.s
    rule = f"{R} › Income"
    spain = s["territories"][SPAIN]
    if spain["raid"] or spain["revolt"]:
        g.log("A marker in Spain: no income from Castile and Aragon.", rule=rule)
    else:
        if s["asiento"]:
            g.log("Castile's revenues are secured by an Asiento: nothing from Castile.", rule=rule)
        else:
            council.gain(g, INCOME["castile_portugal_independent" if s["flags"]["portugal_independent"] else "castile"],
                         "Income from Castile", rule)
        council.gain(g, INCOME["aragon_union_of_arms" if s["union"] >= 2 else "aragon"], "Income from Aragon", rule)
    for office, minus, where in (("viceroy_of_italy", 0, "Italy"), ("governor_of_flanders", INCOME["flanders_minus"],
                                                                    "Flanders")):
        if office not in s["offices"]:
            continue
        nid = s["offices"][office]
        amount = court.rating(g, nid, "government") - minus - (INCOME["corrupt_minus"] if court.has(nid, "corrupt") else 0)
        if amount > 0:
            council.gain(g, amount, f"Income from {where}", rule)
