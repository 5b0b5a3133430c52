"""Ultima Ratio Regis — 12. Land tactical movement, the areas: where a troop or army may go and end (12.1, 15.1.1),
what it may subjugate or besiege there (13.5.1, 13.4.1), and taking control (12.5, 18.2.2, 13.5.6). The movement
itself is ``land_movement.TacticalMove``.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.combat import land_battles
from engines.ultima_ratio.diplomacy import minor_conquest, war
from engines.ultima_ratio.logistics import stacking, supply
from engines.ultima_ratio.movement import naval_bases, without_base
from engines.ultima_ratio.scenarios.base import scenario_of


# ----- where a troop may go --------------------------------------------------------------------------------------
def enterable(g: Ctx, power: str, area: str) -> bool:
    """12.1: controlled areas, independent areas (free of units one is not at war with), areas of powers one is at
    war with, areas of neutral minor powers (20.1); never areas of allied major powers — but to relieve an ally's
    fortress besieged by an enemy at war (13.3.5, a relief battle, RULINGS AL-12); only areas of interest (18.4.1)."""
    s, b = g.s, board_of(g)
    if not st.active(s, area) or not st.interest_ok(s, b, power, area):
        return False
    info = s["areas"][area]
    if st.controls(s, power, area):
        return True
    siege = info["siege"]
    if siege and s["alliances"] and st.ally_controls(s, power, area) and st.hostile(s, power, siege["besieger"]):
        return True
    others = [s["units"][u]["power"] for u in st.units_at(s, area)]
    if any(o != power and not st.hostile(s, power, o) for o in others):
        return False
    if info["control"] is None:
        return True  # independent, rebel or empty
    if info["control"] in s["minors"] and st.minor_ally(s, info["control"]) is None:
        return True  # 20.1: "tactical movements in these areas are allowed" (a neutral minor power's)
    return st.hostile(s, power, info["control"])


def stops_movement(g: Ctx, power: str, area: str) -> bool:
    """Combat or an enemy fortress ends the movement (12.1, 13.4.1); so does anything to subjugate."""
    s = g.s
    fort = st.fortress(s, area)
    if fort and fort["built"] and st.hostile(s, power, fort["power"]):
        return True
    return bool(st.enemy_troops_in(s, area, power))


def can_end(g: Ctx, power: str, area: str, group: list[str] | None = None) -> bool:
    """The troop (or army, 12.2) may end its move in the area: room for all of it (15.1.1), or a combat."""
    group = group or []
    return stacking.room(g, power, area, group) >= max(1, len(group)) or bool(st.enemy_troops_in(g.s, area, power))


def first_steps(g: Ctx, power: str, uid: str, group: list[str] | None = None, first: bool = False) -> list[str]:
    """12.1: the areas next to the troop's (or army's) where it may end, or pass through to end in the next one
    (``first``: the first one only, whether there is one)."""
    s, b = g.s, board_of(g)
    here = st.loc_area(s["units"][uid]["loc"])
    assert here is not None  # the troops that move by land stand in an area (troops_that_move)
    out = []
    for area in st.neighbours(s, b, here):
        if not enterable(g, power, area):
            continue
        if can_end(g, power, area, group) or (
            not stops_movement(g, power, area)
            and any(can_end(g, power, x, group) for x in second_steps(g, power, area, here))
        ):
            out.append(area)
            if first:
                break
    return out


def second_steps(g: Ctx, power: str, area: str, came_from: str) -> list[str]:
    s, b = g.s, board_of(g)
    return [x for x in st.neighbours(s, b, area) if x != came_from and enterable(g, power, x)]


def to_subjugate(g: Ctx, power: str, area: str) -> int | None:
    """The die of the opposition to the power taking control of the area (13.5), or None if none is needed or
    possible: independent areas A2/A3 (18.2.2), rebellions R2/R3 (13.5.6), mini-map areas of an enemy, home areas
    A3 and the rest A2 (13.5.7, 18.7). Areas with defenders or an enemy fortress are not subjugated."""
    s, b = g.s, board_of(g)
    info = s["areas"][area]
    if st.enemy_troops_in(s, area, power) or info["siege"]:
        return None
    fort = info["fortress"]
    if fort and fort["built"] and st.hostile(s, power, fort["power"]):
        return None
    if info["marker"]:
        return int(info["marker"][1])
    if info["control"] and st.hostile(s, power, info["control"]) and not st.on_main_map(b, area):
        return 3 if b.areas[area].home_of == info["owner"] else 2
    return None


def free_control(g: Ctx, power: str, area: str) -> bool:
    """12.5: an enemy area the troops left, without anything to subjugate: control is automatic."""
    s = g.s
    info = s["areas"][area]
    return (
        info["control"] is not None
        and st.hostile(s, power, info["control"])
        and to_subjugate(g, power, area) is None
        and not st.enemy_troops_in(s, area, power)
        and not (info["fortress"] and info["fortress"]["built"] and st.hostile(s, power, info["fortress"]["power"]))
    )


def besiegeable(g: Ctx, power: str, area: str) -> bool:
    """13.4.1: the power's troops in the area of an enemy fortress may assault it — with no enemy troops in the field
    there; those besieged by the power are inside, with the fortress (13.4.2)."""
    s = g.s
    fort, siege = st.fortress(s, area), s["areas"][area]["siege"]
    inside = bool(siege and siege["besieger"] == power)
    return bool(
        fort
        and fort["built"]
        and st.hostile(s, power, fort["power"])
        and st.troops_in(s, area, power)
        and (inside or not st.enemy_troops_in(s, area, power))
        and supply.supplied(s, board_of(g), area, power)
    )


def troops_that_move(g: Ctx, power: str, first: bool = False) -> list[str]:
    """The power's troops that may make a tactical move (``first``: the first one only, whether there is one)."""
    s = g.s
    out = []
    moves_from: dict[str, bool] = {}  # an area -> whether a troop alone there may move (the same for each of them)
    for u in st.units_of(s, power, "troop", "map"):
        area = st.loc_area(s["units"][u]["loc"])
        if area is None:
            continue
        if area not in moves_from:
            siege = s["areas"][area]["siege"]
            free = not siege or siege["besieger"] == power
            moves_from[area] = free and bool(
                first_steps(g, power, u, first=True) or subjugation_here(g, power, area) or besiegeable(g, power, area)
            )
        if moves_from[area]:
            out.append(u)
            if first:
                break
    return out


def subjugation_here(g: Ctx, power: str, area: str) -> bool:
    s, b = g.s, board_of(g)
    return (
        (to_subjugate(g, power, area) is not None or free_control(g, power, area))
        and bool(st.troops_in(s, area, power))
        and supply.supplied(s, b, area, power)
    )


# ----- taking control --------------------------------------------------------------------------------------------
def take_control(g: Ctx, power: str, area: str) -> None:
    """The power controls the area; an independent or minor area it takes becomes its possession (18.2.2,
    13.5.6). A fortress under construction is destroyed (9.4); a commercial port gets the trade interrupted
    marker (19.2.4); the old controller's squadrons in the port must leave (11.6)."""
    s, b = g.s, board_of(g)
    info = s["areas"][area]
    before, owner = info["control"], info["owner"]
    fort = info["fortress"]
    if fort and fort["power"] != power and not fort["built"]:
        info["fortress"] = None
    if b.areas[area].commercial_port and before is not None:
        info["interrupted"] = True
    war.note_border_control(s, b, power, area, before, info["owner"])  # 18.5
    info["control"] = power
    info["marker"] = None
    if info["owner"] is None or (info["owner"] in s["minors"] and st.minor_ally(s, info["owner"]) is None):
        info["owner"] = power  # an allied minor's area stays its own, occupied (20.3.3, RULINGS MP-6)
    g.log("log.control", power=power, area=area, rule="control_without_opposition")
    war.key_area_lost(g, power, area, before, owner)  # 21.3.5: a key area lost to an enemy at war, one morale point
    minor_conquest.after_control(g, power, area)  # 20.3.3: a minor completely occupied allies with its occupier
    land_battles.third_power_casus_belli(g, power, area, before)
    withdraw_fleets(g, area, power)
    scenario_of(g).on_control(g, power, area, before)  # a scenario's VP and automata (9.1)


def withdraw_fleets(g: Ctx, area: str, power: str) -> None:
    """11.6: squadrons (operational or under repair) in a port their power just lost go to the nearest port."""
    for uid in st.units_at(g.s, area, kind="squadron"):
        owner = g.s["units"][uid]["power"]
        if owner != power:
            ports = naval_bases.nearest_bases(g.s, board_of(g), owner, uid)
            without_base.send_to_base(g, uid, ports[0] if ports else None)
