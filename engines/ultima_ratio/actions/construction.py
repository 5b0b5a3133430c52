"""Ultima Ratio Regis — 9. Actions: troop construction (9.1), squadron construction (9.2), repair of squadrons
(9.3), fortress construction (9.4), regroup troop (9.5); and, of 9.6, lowering one's own unrest (19.1.1) and
building a merchant (19.2.2). Each action is a step whose every decision is atomic (a counter, then a place);
the movement actions live in strategic_movement (10), naval (11) and land_movement (12).

An action step is called with ``power`` and ``deploy`` (24. Deployment: squadrons and fortresses are built at
once, merchants go straight into their trade center) and ends with ``"done"``.
"""

from __future__ import annotations

import itertools
from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.logistics import stacking
from engines.ultima_ratio.movement import naval_bases


def board(g: Ctx):
    return board_of(g)


# ----- 9.1 Troop construction ---------------------------------------------------------------------------------------
def troop_grades(g: Ctx, power: str, first: bool = False) -> list[str]:
    """9.1: the troop counters still available on the power card (sides 2-3 and 3-4), with somewhere to go
    (``first``: the first grade only, whether there is one — the action menu's question)."""
    out = []
    for grade in ("2-3", "3-4"):
        available = any(g.s["units"][u]["grade"] == grade for u in st.units_of(g.s, power, "troop", "available"))
        if available and troop_places(g, power, grade, first=True):
            out.append(grade)
            if first:
                break
    return out


def troop_fits(s: dict, b, power: str, area: str, troops: dict[str, list[str]] | None = None) -> bool:
    """A troop may be placed (built 9.1, regrouped 9.5) in a controlled area, not besieged, never in a revolt
    (18.3), free of enemies, within the stacking limit (15.1) and the power's interest. ``troops``: the troops by
    area (``troops_by_area``), when the caller asks of many areas."""
    info = s["areas"][area]
    if not st.controls(s, power, area) or info["marker"] or info["siege"]:
        return False
    if troops is None:
        enemies, room = st.enemy_troops_in(s, area, power), stacking.stacking_room(s, b, area, power)
    else:
        here = troops.get(area, [])
        enemies = [u for u in here if st.hostile(s, power, s["units"][u]["power"])]
        mine = [u for u in here if s["units"][u]["power"] == power]
        room = stacking.stacking_room(s, b, area, power, mine)
    return not enemies and room >= 1 and st.interest_ok(s, b, power, area)


def troops_by_area(s: dict) -> dict[str, list[str]]:
    """Every troop on the main map by its area, once per reading of the state (from its counters by location)."""

    def scan() -> dict[str, list[str]]:
        units, now = s["units"], st.read(s)
        if now is not None:
            return {
                loc: troops
                for loc, here in now.at().items()
                if loc.startswith(st.AREA) and (troops := [u for u in here if units[u]["kind"] == "troop"])
            }
        out: dict[str, list[str]] = {}
        for uid, info in units.items():
            if info["kind"] == "troop" and info["loc"].startswith(st.AREA):
                out.setdefault(info["loc"], []).append(uid)
        return out

    found: dict[str, list[str]] = st.remembered(s, ("troops_by_area",), scan)
    return found


def troop_places(g: Ctx, power: str, grade: str, first: bool = False) -> list[str]:
    """9.1: 2-3 troops in any controlled (not besieged) possession; 3-4 troops in the theater with more of the
    power's home areas (``troop_fits``). ``first``: the first place only (whether there is one)."""
    s, b = g.s, board(g)
    # 9.1: "The troops of minor powers are built in the controlled areas of the minor power" (20.2)
    theater = st.home_theater(s, b, power) if grade == "3-4" and power in s["powers"] else None
    troops = troops_by_area(s)
    places = (
        a
        for a in st.possessions(s, power)
        if (theater is None or b.areas[a].theater == theater) and troop_fits(s, b, power, a, troops)
    )
    return list(itertools.islice(places, 1) if first else places)


class BuildTroop(Step):
    goes_to = ("strategic_move",)

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        if "grade" not in f:
            return text("prompt.troop_grade"), {"grade": troop_grades(g, f["power"])}
        return text("prompt.troop_area", grade=f["grade"]), {"area": troop_places(g, f["power"], f["grade"])}

    def on_grade(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["grade"] = arg

    def on_area(self, g: Ctx, role: str, arg: str) -> None:
        power = g.frame["power"]
        uid = next(
            u for u in st.units_of(g.s, power, "troop", "available") if g.s["units"][u]["grade"] == g.frame["grade"]
        )
        st.move_unit(g.s, uid, arg)
        g.log(
            "log.troop_built", power=power, unit=uid, area=arg, quality=st.quality(g.s, uid), rule="troop_construction"
        )
        g.goto("strategic_move", power=power, unit=uid, included=True, path=[arg])


# ----- 9.2 Squadron construction, 9.3 Repair ---------------------------------------------------------------------
def squadron_grades(g: Ctx, power: str) -> list[str]:
    grades = {g.s["units"][u]["grade"] for u in st.units_of(g.s, power, "squadron", "available")}
    if not grades or not squadron_places(g, power, first=True):
        return []
    return [grade for grade in ("E2", "E3") if grade in grades]


def squadron_places(g: Ctx, power: str, first: bool = False) -> list[str]:
    """9.2: a coastal possession, "controlled and free of enemies" (troops of a power not at war with it do not
    stop it), that the power may use as a naval base (18.4.1; a minor's, in its theater: 20.2,
    ``naval_bases.may_use``). ``first``: the first place only (whether there is one)."""
    s, b = g.s, board(g)
    places = (
        a
        for a in st.possessions(s, power)
        if st.coastal(b, a)
        and st.controls(s, power, a)
        and not st.enemy_troops_in(s, a, power)
        and not s["areas"][a]["marker"]
        and naval_bases.may_use(s, b, power, a)
    )
    return list(itertools.islice(places, 1) if first else places)


class BuildSquadron(Step):
    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        if "grade" not in f:
            return text("prompt.squadron_grade"), {"grade": squadron_grades(g, f["power"])}
        return text("prompt.squadron_port", grade=f["grade"]), {"area": squadron_places(g, f["power"])}

    def on_grade(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["grade"] = arg

    def on_area(self, g: Ctx, role: str, arg: str) -> None:
        f, s = g.frame, g.s
        uid = next(
            u for u in st.units_of(s, f["power"], "squadron", "available") if s["units"][u]["grade"] == f["grade"]
        )
        st.move_unit(s, uid, arg)
        s["units"][uid]["repair"] = not f["deploy"]  # 9.2: "under repair"; 24.: built at once
        s["units"][uid]["galley"] = board(g).mediterranean_port(arg)
        g.log(
            "log.squadron_built",
            power=f["power"],
            unit=uid,
            area=arg,
            ready=not s["units"][uid]["repair"],
            rule="squadron_construction",
        )
        g.end("done")


def repairable(g: Ctx, power: str) -> list[str]:
    """9.3: squadrons that started the impulse under repair (in port)."""
    return [
        u
        for u in st.units_of(g.s, power, "squadron", "map")
        if g.s["units"][u]["repair"] and st.started_impulse_as(g.s, u)
    ]


class RepairSquadron(Step):
    goes_to = ("strategic_move",)

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.repair"), {"unit": repairable(g, g.frame["power"])}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.unit", arg=arg)

    def on_unit(self, g: Ctx, role: str, arg: str) -> None:
        g.s["units"][arg]["repair"] = False
        g.s["units"][arg]["since"] = g.s["impulse"]["n"]
        g.log("log.repaired", power=g.frame["power"], unit=arg, rule="repair")
        g.goto("strategic_move", power=g.frame["power"], unit=arg, included=True, path=[g.s["units"][arg]["loc"]])


# ----- 9.4 Fortress construction ---------------------------------------------------------------------------------
def fortress_places(g: Ctx, power: str, deploy: bool, first: bool = False) -> list[str]:
    """9.4: a controlled area of the power (or of an allied minor) without a fortress, or one with the power's
    fortress under construction placed in an earlier impulse; never in a revolt (18.3). ``first``: the first place
    only (whether there is one)."""
    s, b = g.s, board(g)
    out = []
    for area in st.controlled(s, power):
        info = s["areas"][area]
        if info["marker"] or not st.interest_ok(s, b, power, area):
            continue
        fort = info["fortress"]
        if fort is None or (
            not deploy and fort["power"] == power and not fort["built"] and fort["since"] < s["impulse"]["n"]
        ):
            out.append(area)
            if first:
                break
    return out


class BuildFortress(Step):
    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.fortress"), {"area": fortress_places(g, g.frame["power"], g.frame["deploy"])}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        finishing = g.s["areas"][arg]["fortress"] is not None
        return text("act.fortress_finish" if finishing else "act.fortress_start", arg=arg)

    def on_area(self, g: Ctx, role: str, arg: str) -> None:
        f, info = g.frame, g.s["areas"][arg]
        if info["fortress"] is None:
            info["fortress"] = {"power": f["power"], "built": f["deploy"], "since": g.s["impulse"]["n"]}
        else:
            info["fortress"]["built"] = True
        g.log("log.fortress", power=f["power"], area=arg, built=info["fortress"]["built"], rule="fortress_construction")
        g.end("done")


STEPS = {
    "build_troop": BuildTroop(),
    "build_squadron": BuildSquadron(),
    "repair_squadron": RepairSquadron(),
    "build_fortress": BuildFortress(),
}
