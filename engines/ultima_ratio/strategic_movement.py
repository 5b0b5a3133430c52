"""Ultima Ratio Regis — 10. Strategic movement: a single squadron across a chain of adjacent seas (10.1), a single
troop across controlled areas, areas with own troops and seas (10.2), interception at sea (10.2.1, through the
naval hooks), between maps (10.4). Each step of the path is one decision: the next area or sea, or stop.

Strategic movement of armies or fleets (10.3) needs a leader (17.): it is not offered until leaders exist
(ENGINE.md › Not yet).
"""
from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import battles, naval, naval_interception
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
        if info["kind"] == "troop" and (not area or s["areas"][area]["siege"]):
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
    other than ports; only areas the power may use (18.4.1)."""
    s, b = g.s, g.game.board
    if not st.active(s, area) or not st.interest_ok(s, b, power, area):
        return False
    info = s["areas"][area]
    if info["siege"] and not st.coastal(b, area):
        return False
    return st.controls(s, power, area) or bool(st.troops_in(s, area, power)) and not info["siege"]


def next_places(g: Ctx, power: str, uid: str, path: list[str]) -> dict[str, list[str]]:
    """The next locations of the path (``{"area": [...], "sea": [...]}``), never one already crossed, and only
    those from which the movement can still end somewhere."""
    steps = _steps(g, power, uid, path)
    return {kind: [x for x in places if _leads_to_end(g, power, uid, path, f"{kind}:{x}")]
            for kind, places in steps.items()}


def _leads_to_end(g: Ctx, power: str, uid: str, path: list[str], start: str) -> bool:
    """Whether some ending place (10.1, 10.2) can be reached from ``start`` without crossing the path again."""
    seen = set(path)
    queue = [start]
    seen.add(start)
    while queue:
        loc = queue.pop()
        if may_stop(g, power, uid, [*path, loc], False):
            return True
        if g.s["units"][uid]["kind"] == "squadron" and st.loc_area(loc):
            continue
        for kind, places in _steps(g, power, uid, [loc]).items():
            for x in places:
                nxt = f"{kind}:{x}"
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
    return False


def _steps(g: Ctx, power: str, uid: str, path: list[str]) -> dict[str, list[str]]:
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
    return {"area": [a for a in areas if st.AREA + a not in seen], "sea": [x for x in seas if st.SEA + x not in seen]}


def may_stop(g: Ctx, power: str, uid: str, path: list[str], included: bool) -> bool:
    s, b = g.s, g.game.board
    here = path[-1]
    if len(path) == 1:
        return included
    area = st.loc_area(here)
    if s["units"][uid]["kind"] == "troop":
        return area is not None and battles.stacking_room(s, b, area, power) >= 1
    return area is not None or naval.has_base(s, b, power, st.loc_sea(here), s["units"][uid]["galley"])


class StrategicMove(Step):
    """Frame: ``power``, ``unit`` (once chosen), ``path`` (locations crossed), ``included`` (part of a
    construction / regroup / repair action, which may stop where it is)."""

    goes_to = ("sea_interception",)

    def active(self, g: Ctx) -> list[str]:
        return [st.seat_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        if "unit" not in f:
            return text("prompt.strategic_unit"), {"unit": movable(g, f["power"])}
        legal: dict[str, list] = dict(next_places(g, f["power"], f["unit"], f["path"]))
        if f["unit"] in g.s["units"] and st.loc_area(f["path"][-1]) and len(f["path"]) > 1 \
                and g.s["units"][f["unit"]]["kind"] == "squadron":
            legal = {"area": [], "sea": []}  # a squadron that enters a port ends its movement there
        if may_stop(g, f["power"], f["unit"], f["path"], f.get("included", False)):
            legal["stop"] = [None]
        return text("prompt.strategic_path", unit=f["unit"], here=f["path"][-1].split(":", 1)[1]), \
            {k: v for k, v in legal.items() if v}

    def on_unit(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["unit"] = arg
        g.frame["path"] = [g.s["units"][arg]["loc"]]

    def on_area(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["path"].append(st.AREA + arg)

    def on_sea(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        f["path"].append(st.SEA + arg)
        if g.s["units"][f["unit"]]["kind"] == "troop":
            fleets = naval_interception.strategic_interceptors(g, f["power"], arg, target=None)
            if fleets:
                g.call("sea_interception", power=f["power"], troops=[f["unit"]], sea=arg, fleets=fleets)

    def resume(self, g: Ctx, result: Any) -> None:
        """After an interception at sea (10.2.1): a lost combat puts the troop back in the last land area."""
        f = g.frame
        if result == "stopped":
            last = next(p for p in reversed(f["path"]) if st.loc_area(p))
            st.move_unit(g.s, f["unit"], last)
            g.s["units"][f["unit"]]["acted"] = g.s["impulse"]["n"]
            g.log("log.strategic_stopped", unit=f["unit"], area=st.loc_area(last), rule="strategic_interception")
            g.end("done")

    def on_stop(self, g: Ctx, role: str, arg: Any) -> None:
        f, s = g.frame, g.s
        if len(f["path"]) > 1:
            st.move_unit(s, f["unit"], f["path"][-1])
            crossed = [p.split(":", 1)[1] for p in f["path"][1:]]
            g.log("log.strategic", power=f["power"], unit=f["unit"], path=crossed, rule="strategic_movement",
                  refs=[p.split(":", 1)[1] for p in f["path"]])
        s["units"][f["unit"]]["acted"] = s["impulse"]["n"]
        g.end("done")


STEPS = {"strategic_move": StrategicMove()}
