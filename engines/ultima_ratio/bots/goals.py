"""Ultima Ratio Regis — what a power wants, read from the public view (the bot for any power, ``powers.py``): the
areas its card objectives ask for (22. Victory Points, ``end_of_turn/victory.py``), the free areas of the theaters
where it has interest, its possessions under threat (21.3: a hostile troop beside or in them), which of a seat's
powers a prompt is about, and the value of a seat table's group for the auction (7.1.1)."""

from __future__ import annotations

from typing import Any, Protocol

from engines.core.types import Prompt
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board


class Engine(Protocol):
    """What the bot reads of the game besides the view: its content (the board, the powers' cards)."""

    board: Board


# 22.: the objectives that name areas; the others are trade (``merchant_objectives``), wars and imperial voters
AREA_KINDS = ("areas", "province", "pass_to_possess", "areas_in_theater")
OBJECTIVE_SHARE = 0.4  # the part of a group's card objectives a player may expect to meet (the auction's estimate)


def acting_power(public: dict, prompt: Prompt, seat: str) -> str:
    """The seat's power the prompt is about: the one it names, else the owner of a unit, leader or area it offers
    (an area to build in is a possession), else the seat's first power."""
    mine = public["seats"][seat]["powers"]
    args = prompt["text"].get("args", {})
    if args.get("power") in mine:
        return str(args["power"])
    values: list[Any] = list(args.values())
    for options in prompt["legal"].values():
        for item in options[:4]:
            values.extend(item if isinstance(item, list) else [item])
    for value in values:
        if not isinstance(value, str):
            continue
        owner = _owner(public, value)
        if owner is not None and owner in mine:
            return owner
    return mine[0]


def _owner(public: dict, value: str) -> str | None:
    if value in public["powers"]:
        return value
    if value in public["units"]:
        return public["units"][value]["power"]
    if value in public["leaders"]:
        return public["leaders"][value]["power"]
    if value in public["areas"]:
        return public["areas"][value]["owner"]
    return None


def takeable(public: dict, power: str, area: str) -> bool:
    """An area the power may take without a new war (13.5, 18.2.2): an independent area or a rebellion (its marker)
    that is free or its own, or an area held by a party it is at war with (21.3)."""
    info = public["areas"].get(area)
    if info is None:
        return False
    owner, control = info["owner"], info["control"]
    if info["marker"] is not None and owner in (None, power):
        return True
    return (owner != power and st.hostile(public, power, owner)) or (
        control != power and st.hostile(public, power, control)
    )


def objective_areas(game: Engine, public: dict, power: str) -> set[str]:
    """The areas the power's card objectives ask for and it does not hold yet (22.: "areas" and "pass to possess"
    all of them, a province's areas, the areas of a theater)."""
    board = game.board
    out: set[str] = set()
    for obj in board.power(power).objectives:
        if obj.kind in ("areas", "pass_to_possess"):
            out.update(obj.areas)
        elif obj.kind == "province":
            out.update(a for a, area in board.areas.items() if area.province == obj.province)
        elif obj.kind == "areas_in_theater":
            out.update(a for a, area in board.areas.items() if area.theater == obj.theater)
    areas = public["areas"]
    return {a for a in out if a in areas and (areas[a]["owner"] != power or areas[a]["control"] != power)}


def targets(game: Engine, public: dict, power: str) -> set[str]:
    """Where the power's troops go: its objectives' areas it may take now, then the independent areas of the theaters
    where it has interest (18.4; they count for "areas in a theater" and provinces, and cost it no war)."""
    wanted = {a for a in objective_areas(game, public, power) if takeable(public, power, a)}
    interest = set(public["powers"][power].get("interest", []))
    board = game.board
    free = {
        a
        for a, info in public["areas"].items()
        if info["owner"] is None and info["marker"] is not None and board.areas[a].theater in interest
    }
    return wanted | free


def merchant_objectives(game: Engine, power: str) -> set[str]:
    """22.: the trade centers its card asks merchants in."""
    return {c for obj in game.board.power(power).objectives for c in obj.trade_centers}


def threatened(game: Engine, public: dict, power: str) -> dict[str, int]:
    """Its possessions with hostile troops in them or beside them (21.3), with how many troops threaten each."""
    board = game.board
    hostile_at: dict[str, int] = {}
    for u in public["units"].values():
        if u["kind"] != "troop" or not u["loc"].startswith("area:"):
            continue
        if st.hostile(public, power, u["power"]):
            area = u["loc"]
            hostile_at[area] = hostile_at.get(area, 0) + 1
    out: dict[str, int] = {}
    for area, n in hostile_at.items():
        for a in (area, *board.neighbours.get(area, ())):
            if public["areas"].get(a, {}).get("owner") == power:
                out[a] = out.get(a, 0) + n
    return out


def group_value(game: Engine, scenario: str, players: int, group: int) -> float:
    """7.1.1: what a group of the seat table is worth: its starting VP, its VP per turn over the scenario, and a
    share of its powers' card objectives."""
    sc = game.board.world.scenario(scenario)
    table = next(t for t in sc.seat_tables if t.players == players)
    row = next(r for r in table.seats if r.seat == group)
    turns = sc.turns.last - sc.turns.first + 1
    objectives = sum(o.vp for p in row.powers for o in game.board.power(p).objectives if o.kind != "military_victory")
    return row.starting_vp + (row.vp_per_turn or 0) * turns + OBJECTIVE_SHARE * objectives
