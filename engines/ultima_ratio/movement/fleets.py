"""Ultima Ratio Regis — fleets kept formed between operations (11.2, 15.1.2; RULINGS A-5).

11.2: "A fleet is a group of one or several squadrons (one of them must at least be assigned a leader). It is
indicated by stacking these squadrons, with the commander's counter on top"; a player "can freely ... assemble or
disassemble the fleets ... that are in the same sea" only "during his impulse". So a fleet formed by one of its
power's operations (a naval tactical movement 11.3, a strategic movement 10.3, a landing's escort 12.3.1) stays a
fleet while its squadrons are stacked together, and in another power's impulse — attacked (11.3), intercepting
(11.4.1), supporting (11.4.2), escorting — it acts with all its squadrons.

The state keeps the groups the operations formed (``fleets``: lists of squadron ids, made when first needed). A
group is a fleet while one of its squadrons carries a leader (the first such, its flagship, is the fleet's head):
its squadrons are those of the group stacked with the flagship (same sea or port), operational, and at sea within
its base's stacking limit (15.1.2, ``stacking.fleet_limit``), the flagship first. A squadron in no fleet acts alone.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board, board_of
from engines.ultima_ratio.logistics import stacking
from engines.ultima_ratio.movement import armies


def _on_map(s: dict, uid: str) -> bool:
    info = s["units"].get(uid)
    return bool(info) and not info["repair"] and (st.loc_sea(info["loc"]) or st.loc_area(info["loc"])) is not None


def _stacked(s: dict, board: Board, group: list[str]) -> list[str]:
    """The fleet a recorded group is now: its flagship (the first of its squadrons with a leader) and the group's
    operational squadrons stacked with it, within the limit at sea (15.1.2); empty without a flagship."""
    flagship = next((u for u in group if _on_map(s, u) and armies.led(s, u)), None)
    if flagship is None:
        return []
    info = s["units"][flagship]
    out = [flagship] + [
        u
        for u in group
        if u != flagship
        and _on_map(s, u)
        and s["units"][u]["loc"] == info["loc"]
        and s["units"][u]["power"] == info["power"]
    ]
    sea = st.loc_sea(info["loc"])
    if sea:
        limit = stacking.fleet_limit(s, board, info["power"], sea, bool(info["galley"]), out)
        out = out[: max(1, limit)]
    return out


def fleet_of(s: dict, board: Board, uid: str) -> list[str]:
    """The squadrons of the fleet ``uid`` is in, its flagship first (11.2); ``[uid]`` for a squadron alone."""
    for group in s.get("fleets", ()):
        if uid in group:
            members = _stacked(s, board, group)
            return members if uid in members else [uid]
    return [uid]


def acting(s: dict, board: Board, squadrons: list[str]) -> list[str]:
    """Among these squadrons, those that act outside their power's impulse: each fleet as its flagship and each
    squadron alone (a fleet's other squadrons act only with it, 11.2)."""
    return [u for u in squadrons if fleet_of(s, board, u)[0] == u]


def formed(g: Ctx, power: str, uid: str) -> list[str]:
    """A squadron with a leader starts its operation with its fleet as it is (the squadrons that may still sail
    with it, ``armies.joinable``, at most four while moving, 10.3); the player may then leave or absorb (11.2)."""
    group = [uid]
    if not armies.led(g.s, uid):
        return group
    loc = g.s["units"][uid]["loc"]
    for other in fleet_of(g.s, board_of(g), uid):
        if other != uid and other in armies.joinable(g, power, group, loc):
            group.append(other)
    return group


def release(s: dict, units: list[str]) -> None:
    """These squadrons leave the fleets they were recorded in (they acted alone or formed another fleet)."""
    if "fleets" not in s:
        return
    kept = [[u for u in group if u not in units] for group in s["fleets"]]
    s["fleets"] = [group for group in kept if len(group) > 1]


def form(g: Ctx, group: list[str]) -> None:
    """After an operation of the power's impulse the squadrons that did it stay a fleet while stacked (11.2): a
    group of several with a leader is recorded; a squadron alone leaves any fleet. Groups no longer fleets go."""
    s, board = g.s, board_of(g)
    release(s, group)
    if "fleets" in s:
        s["fleets"] = [grp for grp in s["fleets"] if len(_stacked(s, board, grp)) > 1]
    if len(group) > 1 and len(_stacked(s, board, group)) > 1:
        s.setdefault("fleets", []).append(list(group))


def squadrons_at_sea(s: dict, powers: list[str], done: list[str]) -> list[str]:
    """The powers' operational squadrons at sea but those in ``done``, by id (11.2: those that may assemble or
    disassemble); the powers' counters alone (within a reading, from its counters by power)."""
    return sorted(
        u
        for power in set(powers)
        for u in st.units_of(s, power, "squadron", "map")
        if u not in done and _on_map(s, u) and st.loc_sea(s["units"][u]["loc"])
    )


def assembly(s: dict, board: Board, powers: list[str], done: list[str]) -> dict[str, list]:
    """11.2: "At any time during his impulse, a player can freely (without spending actions) assemble or
    disassemble the fleets that he wishes that are in the same sea" (RULINGS FK-5): ``join_fleet`` [squadron,
    flagship] — an operational squadron at sea joins the fleet of a squadron with a leader in the same sea, within
    its base's limit (15.1.2) — and ``leave_fleet`` [squadron] — a fleet's squadron (not its flagship) goes on
    alone. Each squadron once between two other moves (``done``), so the list stays finite."""
    joins, leaves = [], []
    at_sea = squadrons_at_sea(s, powers, done)
    for uid in at_sea:
        info, fleet = s["units"][uid], fleet_of(s, board, uid)
        sea = st.loc_sea(info["loc"])
        assert sea is not None  # at_sea holds only squadrons at sea
        if len(fleet) > 1 and fleet[0] != uid:
            leaves.append([uid])
        for flagship in at_sea:
            other = s["units"][flagship]
            if (
                flagship == uid
                or other["loc"] != info["loc"]
                or other["power"] != info["power"]
                or not armies.led(s, flagship)
                or bool(other["galley"]) != bool(info["galley"])
            ):
                continue
            members = fleet_of(s, board, flagship)
            if uid in members or members[0] != flagship:
                continue
            group = [*members, uid]
            if len(group) <= stacking.fleet_limit(s, board, info["power"], sea, bool(info["galley"]), group):
                joins.append([uid, flagship])
    return {k: v for k, v in (("join_fleet", joins), ("leave_fleet", leaves)) if v}


def join(s: dict, board: Board, uid: str, flagship: str) -> None:
    """``uid`` leaves any fleet it was in and joins the flagship's (11.2)."""
    release(s, [uid])
    for group in s.get("fleets", ()):
        if flagship in group:
            members = _stacked(s, board, group)
            group[:] = [u for u in group if u in members] + [uid]
            return
    s.setdefault("fleets", []).append([flagship, uid])


# ----- 21.2.3 combined fleets ----------------------------------------------------------------------------------------
def combine(g: Ctx, uid: str, flagship: str) -> None:
    """21.2.3: an ally's squadron is added to the fleet; "These combined fleets count for all intents and purposes as
    if they belong to the major power whose leader is on top of the stack" — the squadron is the flagship's power's
    while combined (``combined`` {squadron: [its power, the sea where the fleet was formed]})."""
    s = g.s
    info = s["units"][uid]
    s.setdefault("combined", {})[uid] = [info["power"], st.loc_sea(info["loc"])]
    info["power"] = s["units"][flagship]["power"]
    join(s, board_of(g), uid, flagship)
    g.log("log.fleet_combined", unit=uid, flagship=flagship, power=info["power"], rule="combined_fleets")


def dissolve(g: Ctx, flagship: str, why: str) -> list[str]:
    """21.2.3: the combined fleet is dissolved: its squadrons of other powers go back to them and act alone."""
    s = g.s
    back = [u for u in fleet_of(s, board_of(g), flagship) if u in s.get("combined", {})]
    _uncombine(g, back, f"log.fleet_dissolved.{why}", flagship)
    return back


def _uncombine(g: Ctx, units: list[str], msg: str, flagship: str | None = None) -> None:
    s = g.s
    if not units:
        return
    for uid in units:
        s["units"][uid]["power"] = s["combined"].pop(uid)[0]
    release(s, units)
    if not s["combined"]:
        s.pop("combined")
    g.log(msg, flagship=flagship, units=units, rule="combined_fleets")


def revert_strays(g: Ctx) -> None:
    """21.2.3: a squadron is combined only while it is in its fleet, in the sea where the fleet was formed ("cannot
    move away from it"), and its power allied with the fleet's: else it goes back to its power (RULINGS AL-11)."""
    s = g.s
    if not s.get("combined"):
        return
    board = board_of(g)
    strays = []
    for uid, (origin, sea) in sorted(s["combined"].items()):
        info = s["units"].get(uid)
        if (
            info is None
            or st.loc_sea(info["loc"]) != sea
            or len(fleet_of(s, board, uid)) < 2
            or not st.allied(s, origin, info["power"])
        ):
            strays.append(uid)
    _uncombine(g, [u for u in strays if u in s["units"]], "log.fleet_uncombined")
    for uid in strays:
        s.get("combined", {}).pop(uid, None)
    if "combined" in s and not s["combined"]:
        s.pop("combined")
