"""Simple actions: Raise a Provincial Tercio, Move a Fleet, Tercio or Leader, Build a Fortification, Conduct an
Exploration, Asiento (Actions › Simple Actions)."""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx
from engines.core.types import text
from engines.planet_king import council, court, military, wars
from engines.planet_king.actions import Action
from engines.planet_king.components import C
from engines.planet_king.flow import choose
from engines.planet_king.fortune import until_eagle

R = "actions.simple_actions"


# ----- Raise a Provincial Tercio -----------------------------------------------------------------------------
def provincial_places(s: dict) -> list[str]:
    return [p for p in sorted(C.PROVINCIAL_PLACES) if military.may_stand(s, "provincial_tercio", p)]


def legal_provincial(g: Ctx, mode: str) -> bool:
    return military.supply_left(g.s, "provincial_tercio") > 0 and bool(provincial_places(g.s))


def do_provincial(g: Ctx, mode: str) -> None:
    choose(
        g,
        council.manager(g.s, "valido"),
        text("prompt.where_is_the_provincial_tercio"),
        [("place", p) for p in provincial_places(g.s)],
        "provincial_placed",
    )


def provincial_placed(g: Ctx, verb: str, arg: str) -> None:
    military.new_unit(g.s, "provincial_tercio", arg)
    g.log("log.a_provincial_tercio_is_raised", arg=arg, rule=R)


# ----- Move a Fleet, Tercio or Leader ------------------------------------------------------------------------
def destinations(s: dict, loc: str, what: str) -> list[str]:
    """Where a unit (or the army's leader) at ``loc`` can go; a leader only to an army without a commander."""
    if what.startswith("pk:unit:"):
        return sorted(military.reachable(s, loc, military.unit(s, what)["type"]))
    return sorted(
        d
        for d in military.reachable(s, loc, "spanish_tercio")
        if d in C.WARS and wars.active(s, d) and not s["wars"][d]["leader"]
    )


def movers(s: dict, loc: str, moved: list) -> list[tuple[str, Any]]:
    out = [
        ("unit", u["id"]) for u in military.units_at(s, loc) if u["id"] not in moved and destinations(s, loc, u["id"])
    ]
    leader = s["wars"][loc]["leader"] if loc in C.WARS else None
    if leader and leader not in moved and destinations(s, loc, leader):
        out.append(("unit", leader))
    return out


def sources(s: dict) -> list[str]:
    locs = {u["loc"] for u in s["units"] if u["loc"] != military.CONSTRUCTION}
    locs |= {w for w in C.WARS if s["wars"][w]["leader"]}
    return [loc for loc in sorted(locs) if movers(s, loc, [])]


def legal_move(g: Ctx, mode: str) -> bool:
    s = g.s
    return any(military.reachable(s, u["loc"], u["type"]) for u in s["units"] if u["loc"] != military.CONSTRUCTION)


def do_move(g: Ctx, mode: str) -> None:
    choose(
        g,
        council.manager(g.s, "valido"),
        text("prompt.move_units_from_which_territory"),
        [("from", loc) for loc in sources(g.s)],
        "move_source",
    )


def move_source(g: Ctx, verb: str, arg: str) -> None:
    move_more(g, arg, [])


def move_more(g: Ctx, loc: str, moved: list) -> None:
    """Any number of the units (and the leader) of one place, each to its own destination."""
    opts = movers(g.s, loc, moved)
    if not opts:
        return
    choose(
        g,
        council.manager(g.s, "valido"),
        text("prompt.move_units_from_any_number", loc=loc),
        [*opts, ("done", None)],
        "move_which",
        loc=loc,
        moved=moved,
    )


def move_which(g: Ctx, verb: str, arg, loc: str, moved: list) -> None:
    if verb == "done":
        return
    label = arg if not arg.startswith("pk:unit:") else military.unit_text(military.unit(g.s, arg))
    choose(
        g,
        council.manager(g.s, "valido"),
        text("prompt.move_the_where", label=label),
        [("to", d) for d in destinations(g.s, loc, arg)],
        "move_one",
        loc=loc,
        moved=moved,
        what=arg,
    )


def move_one(g: Ctx, verb: str, arg: str, loc: str, moved: list, what: str) -> None:
    """A fleet that ends its move in a territory with a raid marker removes it."""
    s = g.s
    dest = arg
    if what.startswith("pk:unit:"):
        u = military.unit(s, what)
        u["loc"] = dest
        g.log("log.the_moves_from_to", unit=u["type"], loc=loc, dest=dest, rule=R)
        if u["type"] == "fleet" and dest in s["territories"] and s["territories"][dest]["raid"]:
            s["territories"][dest]["raid"] = False
            g.log("log.the_raid_marker_in_is", dest=dest, rule=R)
    else:
        court.place(g, what, ("army", dest))
        g.log("log.moves_to_command", what=what, dest=dest, rule=R)
    move_more(g, loc, [*moved, what])


# ----- Build a Fortification ---------------------------------------------------------------------------------
def fort_places(s: dict) -> list[str]:
    """A viceroyalty, an overseas territory or a settlement (never Spain); level 2 at most, a settlement level 1."""
    out = []
    for t, d in C.TERRITORIES.items():
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
    choose(
        g,
        council.manager(g.s, "valido"),
        text("prompt.where_will_the_fortification_be"),
        [("place", t) for t in fort_places(g.s)],
        "fort_ordered",
    )


def fort_ordered(g: Ctx, verb: str, arg: str) -> None:
    council.spend(g, 1, text("why.build_a_fortification"), R)
    g.s["forts_building"].append(arg)
    g.log("log.a_fortification_for_is_placed", arg=arg, rule=R)
    council.mark(g, "prestige", 1, text("why.building_a_fortification"), R)


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
    track = C.TABLES["exploration"]
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
            opts.append(("explorer", [n, r]))
    choose(g, council.manager(g.s, "valido"), text("prompt.who_explores_with_which_rating"), opts, "explorer_chosen")


def explorer_chosen(g: Ctx, verb: str, arg: list) -> None:
    nid, which = arg
    explore(g, court.rating(g, nid, which), nid)


def explore(g: Ctx, n: int, who) -> None:
    """As many fortune tests as the rating; one positive result advances the marker one space (settlements of
    Formosa and the Marianas cost a ducat and give a VP and a prestige point)."""
    s = g.s
    if not until_eagle(g, n, text("why.s_exploration", who=who)):
        g.log("log.the_exploration_fails", rule=R)
        return
    space = next_space(s)
    if space is None:  # offered only while a space is left (can_explore)
        raise RuntimeError("an exploration past the last space")
    s["exploration"] += 1
    g.log("log.the_exploration_marker_advances_to", name=space["name"], rule=R)
    if space.get("cost"):
        council.spend(g, space["cost"], space["name"], R)
    if space.get("settlement"):
        s["territories"][space["settlement"]]["settled"] = True
        council.mark(g, "prestige", 1, text("why.settlement_of", name=space["name"]), R)
    if space.get("vp"):
        council.victory_points(g, space["vp"], space["name"], "valido", R)


# ----- Asiento -----------------------------------------------------------------------------------------------
def legal_asiento(g: Ctx, mode: str) -> bool:
    return g.s["asiento"] < 2


def do_asiento(g: Ctx, mode: str) -> None:
    council.gain(g, council.asiento_ducats(g, text("why.asiento")), text("why.asiento"), R)


def label_explorer(s: dict, verb: str, arg: list, frame: dict) -> dict:
    return {"noble": arg[0], "which": arg[1], "rating": court.known_rating(s, arg[0], arg[1])}


DECISIONS = (
    (provincial_placed, None),
    (move_source, None),
    (move_which, None),
    (move_one, None),
    (fort_ordered, None),
    (explorer_chosen, label_explorer),
)

# the actions of this chapter (the game's table, PlanetKing.action_rules)
ACTIONS = (
    Action("raise_provincial", "simple", legal_provincial, do_provincial),
    Action("move", "simple", legal_move, do_move),
    Action("build_fortification", "simple", legal_fort, do_fort, unique=True),
    Action("exploration", "simple", legal_explore, do_explore, unique=True),
    Action("asiento", "simple", legal_asiento, do_asiento),
)
