"""Ultima Ratio Regis — 10. Strategic movement: a single squadron across a chain of adjacent seas (10.1), a single
troop across controlled areas, areas with own troops and seas (10.2), interception at sea (10.2.1, through the
naval hooks), armies and fleets with a leader (10.3: up to four units, absorbed or left on the way), between maps
one unit at a time (10.4). Each step of the path is one decision: the next area or sea, a unit absorbed or left,
or stop.
"""
from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import armies, battles, fleets, naval, naval_interception
from engines.ultima_ratio import state as st


def movable(g: Ctx, power: str, first: bool = False) -> list[str]:
    """Counters that can make a strategic movement: troops on the map (not besieged), operational squadrons
    (``first``: stop at the first one found)."""
    s = g.s
    out = []
    for u in st.units_of(s, power, where="map"):
        info = s["units"][u]
        if info["kind"] == "squadron" and info["repair"]:
            continue
        area = st.loc_area(info["loc"])
        siege = s["areas"][area]["siege"] if area else None
        if info["kind"] == "troop" and (not area or siege and siege["besieger"] != power):   # 13.4.7
            continue
        path = [info["loc"]]
        if any(_leads_to_end(g, power, u, path, f"{kind}:{x}")
               for kind, places in _steps(g, power, u, path).items() for x in places):
            out.append(u)
            if first:
                break
    return out


def troop_passable(g: Ctx, power: str, area: str) -> bool:
    """10.2: controlled areas, or uncontrolled areas with own troops not besieged; never besieged fortresses
    other than ports; only areas the power may use (18.4.1). 13.4.7: the area of a siege belongs to the besieger
    (RULINGS AV-3)."""
    s, b = g.s, g.game.board
    if not st.active(s, area) or not st.interest_ok(s, b, power, area):
        return False
    info = s["areas"][area]
    if info["siege"]:
        return info["siege"]["besieger"] == power or st.coastal(b, area) and st.controls(s, power, area)
    return st.controls(s, power, area) or bool(st.troops_in(s, area, power))


def next_places(g: Ctx, power: str, uid: str, path: list[str], group: list[str] | None = None) -> dict[str, list[str]]:
    """The next locations of the path (``{"area": [...], "sea": [...]}``), never one already crossed, and only
    those from which the movement of the ``group`` (the unit alone by default) can still end somewhere."""
    steps = _steps(g, power, uid, path, group)
    return {kind: [x for x in places if _leads_to_end(g, power, uid, path, f"{kind}:{x}", group)]
            for kind, places in steps.items()}


def _leads_to_end(g: Ctx, power: str, uid: str, path: list[str], start: str, group: list[str] | None = None) -> bool:
    """Whether some ending place (10.1, 10.2) can be reached from ``start`` without crossing the path again. A
    fleet may leave squadrons in any sea where one may stay (10.3), so one squadron's ending is enough for it."""
    seen = set(path)
    queue = [start]
    seen.add(start)
    squadron = g.s["units"][uid]["kind"] == "squadron"
    while queue:
        loc = queue.pop()
        if may_stop(g, power, uid, [*path, loc], False, None if squadron else group):
            return True
        if squadron and st.loc_area(loc):
            continue
        for kind, places in _steps(g, power, uid, [path[0], loc] if group else [loc], group).items():
            for x in places:
                nxt = f"{kind}:{x}"
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
    return False


def _steps(g: Ctx, power: str, uid: str, path: list[str], group: list[str] | None = None) -> dict[str, list[str]]:
    """The places next to the path's end; an army or fleet of several units stays on the map it started on
    (10.4), and a fleet sails only where all its squadrons may (18.6.1)."""
    s, b = g.s, g.game.board
    here = path[-1]
    info = s["units"][uid]
    seen = set(path)
    areas: list[str] = []
    seas: list[str] = []
    area, sea = st.loc_area(here), st.loc_sea(here)
    if info["kind"] == "troop":
        if area is not None:
            areas = [a for a in st.neighbours(s, b, area) if troop_passable(g, power, a)]
            seas = list(b.areas[area].seas)
        else:
            seas = list(b.sea_links[sea])
            areas = [a for a in b.sea_ports[sea] if troop_passable(g, power, a)]
    else:
        if area is not None:
            seas = [x for x in b.areas[area].seas if naval.may_sail(s, b, uid, x)]
        else:
            seas = [x for x in b.sea_links[sea] if naval.may_sail(s, b, uid, x)]
            areas = [a for a in naval.own_ports(s, b, power, sea)
                     if s["mediterranean_open"] or b.mediterranean_port(a) == info["galley"]]
    out = {"area": [a for a in areas if st.AREA + a not in seen], "sea": [x for x in seas if st.SEA + x not in seen]}
    if group and len(group) > 1:
        home = armies.map_of(b, path[0])
        out = {kind: [x for x in places if armies.map_of(b, f"{kind}:{x}") == home
                      and (kind == "area" or all(naval.may_sail(s, b, u, x) for u in group if u != uid))]
               for kind, places in out.items()}
    return out


def may_stop(g: Ctx, power: str, uid: str, path: list[str], included: bool, group: list[str] | None = None) -> bool:
    """10.2: a troop (or army) ends in an area with room for it (15.1.1: not overstacked); 10.1: a squadron in an
    own port, or at sea with a base in range, a fleet within its base's stacking limit (15.1.2)."""
    s, b = g.s, g.game.board
    group = group or [uid]
    here = path[-1]
    if len(path) == 1:
        return included
    area = st.loc_area(here)
    if s["units"][uid]["kind"] == "troop":
        return area is not None and armies.room(g, power, area, group) >= len(group)
    if area is not None:
        return True
    if len(group) > 1:
        return armies.fleet_may_be_at(s, b, power, st.loc_sea(here), group)
    return naval.has_base(s, b, power, st.loc_sea(here), s["units"][uid]["galley"])


def leavable(g: Ctx, power: str, group: list[str], loc: str) -> list[str]:
    """10.3: units of the group (not the leader's own) that may stay at ``loc``: those already there, troops in an
    area with room for one more (15.1.1), squadrons in a sea with a base in range (11.1)."""
    s, b = g.s, g.game.board
    out = []
    for uid in group[1:]:
        info = s["units"][uid]
        if info["loc"] == loc:
            out.append(uid)
        elif info["kind"] == "troop":
            area = st.loc_area(loc)
            if area and armies.room(g, power, area, [uid]) >= 1:
                out.append(uid)
        elif st.loc_sea(loc) and naval.has_base(s, b, power, st.loc_sea(loc), info["galley"]):
            out.append(uid)
    return out


class StrategicMove(Step):
    """Frame: ``power``, ``unit`` (once chosen), ``path`` (locations crossed), ``included`` (part of a
    construction / regroup / repair action, which may stop where it is), ``group`` (the unit and the units its
    leader absorbed, 10.3)."""

    goes_to = ("sea_interception",)

    def active(self, g: Ctx) -> list[str]:
        return [st.seat_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f, s = g.frame, g.s
        if "unit" not in f:
            return text("prompt.strategic_unit"), {"unit": movable(g, f["power"])}
        group = f.get("group", [f["unit"]])
        here = f["path"][-1]
        legal: dict[str, list] = dict(next_places(g, f["power"], f["unit"], f["path"], group))
        if st.loc_area(here) and len(f["path"]) > 1 and s["units"][f["unit"]]["kind"] == "squadron":
            legal = {"area": [], "sea": []}  # a squadron that enters a port ends its movement there
        if may_stop(g, f["power"], f["unit"], f["path"], f.get("included", False), group):
            legal["stop"] = [None]
        if armies.led(s, f["unit"]) and not f.get("included"):
            if len({armies.map_of(g.game.board, p) for p in f["path"]}) == 1:    # 10.4: one unit between maps
                legal["absorb"] = armies.joinable(g, f["power"], group, here)
            legal["leave"] = leavable(g, f["power"], group, here)
        return text("prompt.strategic_path", unit=f["unit"], here=here.split(":", 1)[1]), \
            {k: v for k, v in legal.items() if v}

    def on_unit(self, g: Ctx, role: str, arg: str) -> None:
        """A squadron with a leader sets out with its fleet as it is (11.2, ``fleets.formed``)."""
        f = g.frame
        f["unit"] = arg
        f["group"] = fleets.formed(g, f["power"], arg) if g.s["units"][arg]["kind"] == "squadron" else [arg]
        f["path"] = [g.s["units"][arg]["loc"]]

    def on_absorb(self, g: Ctx, role: str, arg: str) -> None:
        """10.3: "with each movement ... squadrons or troops can be absorbed" (at most four in all)."""
        _group(g.frame).append(arg)
        g.log("log.absorbed", unit=arg, leader=battles.leaders_on(g.s, [g.frame["unit"]])[0], rule="army_movement")

    def on_leave(self, g: Ctx, role: str, arg: str) -> None:
        """10.3: "... or left on the way"."""
        f = g.frame
        _group(f).remove(arg)
        here = f["path"][-1]
        if g.s["units"][arg]["loc"] != here:
            st.move_unit(g.s, arg, here)
            g.s["units"][arg]["acted"] = g.s["impulse"]["n"]
            g.log("log.left_behind", unit=arg, place=here.split(":", 1)[1], rule="army_movement")

    def on_area(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["path"].append(st.AREA + arg)

    def on_sea(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        f["path"].append(st.SEA + arg)
        if g.s["units"][f["unit"]]["kind"] == "troop":
            fleets = naval_interception.strategic_interceptors(g, f["power"], arg, target=None)
            if fleets:
                g.call("sea_interception", power=f["power"], troops=list(_group(f)), sea=arg, fleets=fleets)

    def resume(self, g: Ctx, result: Any) -> None:
        """After an interception at sea (10.2.1): a lost combat puts the troops back in the last land area."""
        f = g.frame
        if result == "stopped":
            last = next(p for p in reversed(f["path"]) if st.loc_area(p))
            for uid in _group(f):
                st.move_unit(g.s, uid, last)
                g.s["units"][uid]["acted"] = g.s["impulse"]["n"]
            g.log("log.strategic_stopped", unit=f["unit"], area=st.loc_area(last), rule="strategic_interception")
            g.end("done")

    def on_stop(self, g: Ctx, role: str, arg: Any) -> None:
        f, s = g.frame, g.s
        if len(f["path"]) > 1:
            for uid in _group(f):
                st.move_unit(s, uid, f["path"][-1])
            crossed = [p.split(":", 1)[1] for p in f["path"][1:]]
            refs = [p.split(":", 1)[1] for p in f["path"]]
            if len(_group(f)) > 1:
                g.log("log.strategic_army", leader=battles.leaders_on(s, [f["unit"]])[0], units=list(_group(f)),
                      path=crossed, rule="army_movement", refs=refs)
            else:
                g.log("log.strategic", power=f["power"], unit=f["unit"], path=crossed, rule="strategic_movement",
                      refs=refs)
        for uid in _group(f):
            s["units"][uid]["acted"] = s["impulse"]["n"]
        if s["units"][f["unit"]]["kind"] == "squadron":
            fleets.form(g, list(_group(f)))             # the squadrons stay a fleet where they end (11.2)
        g.end("done")


def _group(f: dict) -> list[str]:
    """The units moving together (a construction or repair's move names only its unit)."""
    return f.setdefault("group", [f["unit"]])


STEPS = {"strategic_move": StrategicMove()}
