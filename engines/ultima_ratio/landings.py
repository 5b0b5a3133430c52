"""Ultima Ratio Regis — 12.3 Amphibious landings: the troops that may land (12.3.1: began the impulse in a coastal
area, took no action, an escort based in the departure port), the target ports within the naval operation distance
(11.1.2; between maps at least 2, 12.3.3), and the crossing, intercepted like a strategic movement (12.3.2). The
landing itself is a tactical movement (land_movement.TacticalMove with ``landing``)."""
from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import land_movement, naval, naval_interception
from engines.ultima_ratio import state as st


def landers(g: Ctx, power: str) -> list[str]:
    """12.3.1: troops that began the impulse in a coastal area where they still are, took no action, and have a
    target and an escort."""
    s, b = g.s, g.game.board
    start = s["impulse"]["start_locs"]
    out = []
    for u in st.units_of(s, power, "troop", "map"):
        area = st.loc_area(s["units"][u]["loc"])
        if not area or start.get(u) != s["units"][u]["loc"] or st.acted_this_impulse(s, u) or not st.coastal(b, area):
            continue
        if landing_escorts(g, power, u) and next(_targets(g, power, u), None):
            out.append(u)
    return out


def landing_escorts(g: Ctx, power: str, uid: str) -> list[str]:
    """12.3.1 "an escort fleet based in the same home port": an operational squadron in the departure port or at
    sea on one of its seas (RULINGS.md › 12.3.1)."""
    s, b = g.s, g.game.board
    area = st.loc_area(s["units"][uid]["loc"])
    places = {st.AREA + area, *(st.SEA + x for x in b.areas[area].seas)}
    return [u for u in naval.operational(s, power) if s["units"][u]["loc"] in places]


def landing_targets(g: Ctx, power: str, uid: str) -> list[str]:
    """12.3.1 / 11.1.2: coastal enemy (or independent) areas within naval operation distance of the departure
    port; between maps the distance must be at least 2 (12.3.3)."""
    return list(_targets(g, power, uid))


def _targets(g: Ctx, power: str, uid: str):
    s, b = g.s, g.game.board
    start = st.loc_area(s["units"][uid]["loc"])
    for area in s["areas"]:
        if area == start or not b.areas[area].seas or st.controls(s, power, area):
            continue
        far = b.port_gap(start, area)
        if far is None or far > min(naval.operation_distance(s, b, x) for x in b.areas[area].seas) - 1:
            continue
        if land_movement.enterable(g, power, area) and land_movement.can_end(g, power, area):
            yield area


class LandingEscort(Step):
    """12.3.2: the player names the escort; the crossing may be intercepted as a strategic movement."""

    goes_to = ("sea_interception",)

    def active(self, g: Ctx) -> list[str]:
        return [st.seat_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.landing_escort"), {"escort": list(g.frame["escorts"])}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.escort", arg=arg)

    def on_escort(self, g: Ctx, role: str, arg: str) -> None:
        f, b = g.frame, g.game.board
        f["escort"] = arg
        g.s["units"][arg]["acted"] = g.s["impulse"]["n"]
        for sea in b.areas[f["target"]].seas:
            fleets = naval_interception.strategic_interceptors(g, f["power"], sea, f["target"])
            if fleets:
                if st.loc_sea(g.s["units"][arg]["loc"]) != sea:
                    st.move_unit(g.s, arg, st.SEA + sea)     # the escort sails with the landing (RULINGS.md › 12.3)
                g.call("sea_interception", power=f["power"], troops=[f["unit"]], sea=sea, fleets=fleets)
                return
        g.end("through")

    def resume(self, g: Ctx, result: Any) -> None:
        g.end(result)


STEPS = {"landing_escort": LandingEscort()}
