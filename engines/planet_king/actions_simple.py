"""Simple actions: Raise a Provincial Tercio, Move a Fleet, Tercio or Leader, Build a Fortification, Conduct an
Exploration, Asiento (Actions › Simple Actions)."""
from __future__ import annotations

from engines.core.machine import Ctx
from engines.planet_king import council, court, military, wars
from engines.planet_king.actions import register
from engines.planet_king.components import TABLES, TERRITORIES, WARS
from engines.planet_king.flow import choose, proc
from engines.planet_king.fortune import until_eagle

R = "Actions › Simple Actions"


# ----- Raise a Provincial Tercio -----------------------------------------------------------------------------
def provincial_places(s: dict) -> list[str]:
    return [p for p in sorted(military.PROVINCIAL_PLACES) if military.may_stand(s, "provincial_tercio", p)]


def legal_provincial(g: Ctx, mode: str) -> bool:
    return military.supply_left(g.s, "provincial_tercio") > 0 and bool(provincial_places(g.s))


def do_provincial(g: Ctx, mode: str) -> None:
    choose(g, council.manager(g.s, "valido"), "Where is the provincial tercio raised?",
           [("place", p, military.loc_name(p)) for p in provincial_places(g.s)], "provincial_placed")


@proc
def provincial_placed(g: Ctx, verb: str, arg: str) -> None:
    military.new_unit(g.s, "provincial_tercio", arg)
    g.log(f"A provincial tercio is raised in {military.loc_name(arg)}.", rule=R)


# ----- Move a Fleet, Tercio or Leader ------------------------------------------------------------------------
def destinations(s: dict, loc: str, what: str) -> list[str]:
    """Where a unit (or the army's leader) at ``loc`` can go; a leader only to an army without a commander."""
    if what.startswith("pk:unit:"):
        return sorted(military.reachable(s, loc, military.unit(s, what)["type"]))
    return sorted(d for d in military.reachable(s, loc, "spanish_tercio")
                  if d in WARS and wars.active(s, d) and not s["wars"][d]["leader"])


def movers(s: dict, loc: str, moved: list) -> list[tuple[str, str, str]]:
    out = [("unit", u["id"], f"Move the {military.unit_label(u)}") for u in military.units_at(s, loc)
           if u["id"] not in moved and destinations(s, loc, u["id"])]
    leader = s["wars"][loc]["leader"] if loc in WARS else None
    if leader and leader not in moved and destinations(s, loc, leader):
        out.append(("unit", leader, f"Move {court.name(leader)}"))
    return out


def sources(s: dict) -> list[str]:
    locs = {u["loc"] for u in s["units"] if u["loc"] != military.CONSTRUCTION}
    locs |= {w for w in WARS if s["wars"][w]["leader"]}
    return [loc for loc in sorted(locs) if movers(s, loc, [])]


def legal_move(g: Ctx, mode: str) -> bool:
    s = g.s
    return any(military.reachable(s, u["loc"], u["type"]) for u in s["units"] if u["loc"] != military.CONSTRUCTION)


def do_move(g: Ctx, mode: str) -> None:
    choose(g, council.manager(g.s, "valido"), "Move units from which territory or war?",
           [("from", loc, military.loc_name(loc)) for loc in sources(g.s)], "move_source")


@proc
def move_source(g: Ctx, verb: str, arg: str) -> None:
    move_more(g, arg, [])


def move_more(g: Ctx, loc: str, moved: list) -> None:
    """Any number of the units (and the leader) of one place, each to its own destination."""
    opts = movers(g.s, loc, moved)
    if not opts:
        return
    choose(g, council.manager(g.s, "valido"), f"Move units from {military.loc_name(loc)} (any number).",
           opts + [("done", None, "Done moving")], "move_which", loc=loc, moved=moved)


@proc
def move_which(g: Ctx, verb: str, arg, loc: str, moved: list) -> None:
    if verb == "done":
        return
    label = court.name(arg) if not arg.startswith("pk:unit:") else military.unit_label(military.unit(g.s, arg))
    choose(g, council.manager(g.s, "valido"), f"Move the {label} where?",
           [("to", d, military.loc_name(d)) for d in destinations(g.s, loc, arg)], "move_one", loc=loc,
           moved=moved, what=arg)


@proc
def move_one(g: Ctx, verb: str, arg: str, loc: str, moved: list, what: str) -> None:
    """A fleet that ends its move in a territory with a raid marker removes it."""
    s = g.s
    dest = arg
    if what.startswith("pk:unit:"):
        u = military.unit(s, what)
        u["loc"] = dest
        g.log(f"The {military.UNIT_NAMES[u['type']]} moves from {military.loc_name(loc)} to "
              f"{military.loc_name(dest)}.", rule=R)
        if u["type"] == "fleet" and dest in s["territories"] and s["territories"][dest]["raid"]:
            s["territories"][dest]["raid"] = False
            g.log(f"The raid marker in {military.loc_name(dest)} is removed.", rule=R)
    else:
        court.place(g, what, ("army", dest))
        g.log(f"{court.name(what)} moves to command {WARS[dest]['name']}.", rule=R)
    move_more(g, loc, moved + [what])


# ----- Build a Fortification ---------------------------------------------------------------------------------
def fort_places(s: dict) -> list[str]:
    """A viceroyalty, an overseas territory or a settlement (never Spain); level 2 at most, a settlement level 1."""
    out = []
    for t, d in TERRITORIES.items():
        if d["kind"] not in ("viceroyalty", "overseas", "settlement") or t in s["forts_building"]:
            continue
        here = s["territories"][t]
        if d["kind"] == "settlement" and (not here["settled"] or here["fort"] >= 1):
            continue
        if here["fort"] < 2:
            out.append(t)
    return out


def legal_fort(g: Ctx, mode: str) -> bool:
    return council.can_pay(g.s, 1) and bool(fort_places(g.s))


def do_fort(g: Ctx, mode: str) -> None:
    choose(g, council.manager(g.s, "valido"), "Where will the fortification be deployed?",
           [("place", t, TERRITORIES[t]["name"]) for t in fort_places(g.s)], "fort_ordered")


@proc
def fort_ordered(g: Ctx, verb: str, arg: str) -> None:
    council.spend(g, 1, "Build a Fortification", R)
    g.s["forts_building"].append(arg)
    g.log(f"A fortification for {TERRITORIES[arg]['name']} is placed Under Construction.", rule=R)
    council.mark(g, "prestige", 1, "Building a fortification", R)


# ----- Conduct an Exploration --------------------------------------------------------------------------------
def explorers(s: dict) -> list[str]:
    """A noble at Court with the explorer trait, or a Viceroy of the Indies with the explorer, patron or
    industrious trait."""
    out = [n for n in court.court_nobles(s) if court.has(n, "explorer")]
    viceroy = s["offices"].get("viceroy_of_the_indies")
    if viceroy and any(court.has(viceroy, t) for t in ("explorer", "patron", "industrious")):
        out.append(viceroy)
    return out


def next_space(s: dict) -> dict | None:
    track = TABLES["exploration"]
    return track[s["exploration"] + 1] if s["exploration"] + 1 < len(track) else None


def can_explore(s: dict) -> bool:
    nxt = next_space(s)
    return nxt is not None and council.can_pay(s, nxt.get("cost", 0))


def legal_explore(g: Ctx, mode: str) -> bool:
    return can_explore(g.s) and bool(explorers(g.s))


def do_explore(g: Ctx, mode: str) -> None:
    opts = []
    for n in explorers(g.s):
        for r in ("military", "government"):
            opts.append(("explorer", [n, r], f"{court.name(n)} with his {r} rating "
                                              f"({court.known_rating(g.s, n, r)})"))
    choose(g, council.manager(g.s, "valido"), "Who explores, with which rating?", opts, "explorer_chosen")


@proc
def explorer_chosen(g: Ctx, verb: str, arg: list) -> None:
    nid, which = arg
    explore(g, court.rating(g, nid, which), court.name(nid))


def explore(g: Ctx, n: int, who: str) -> None:
    """As many fortune tests as the rating; one positive result advances the marker one space (settlements of
    Formosa and the Marianas cost a ducat and give a VP and a prestige point)."""
    s = g.s
    if not until_eagle(g, n, f"{who}'s exploration"):
        g.log("The exploration fails.", rule=R)
        return
    space = next_space(s)
    s["exploration"] += 1
    g.log(f"The exploration marker advances to {space['name']}.", rule=R)
    if space.get("cost"):
        council.spend(g, space["cost"], space["name"], R)
    if space.get("settlement"):
        s["territories"][space["settlement"]]["settled"] = True
        council.mark(g, "prestige", 1, f"Settlement of {space['name']}", R)
    if space.get("vp"):
        council.victory_points(g, space["vp"], space["name"], "valido", R)


# ----- Asiento -----------------------------------------------------------------------------------------------
def legal_asiento(g: Ctx, mode: str) -> bool:
    return g.s["asiento"] < 2


def do_asiento(g: Ctx, mode: str) -> None:
    council.gain(g, council.asiento_ducats(g, "Asiento"), "Asiento", R)


register("raise_provincial", "simple", "Raise a Provincial Tercio", legal_provincial, do_provincial)
register("move", "simple", "Move a Fleet, Tercio or Leader", legal_move, do_move)
register("build_fortification", "simple", "Build a Fortification", legal_fort, do_fort, unique=True)
register("exploration", "simple", "Conduct an Exploration", legal_explore, do_explore, unique=True)
register("asiento", "simple", "Asiento", legal_asiento, do_asiento)
