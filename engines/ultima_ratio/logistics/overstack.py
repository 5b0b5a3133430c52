"""Ultima Ratio Regis — 15.1.1 overstacked troops: "when a player finishes an action, overstacked troops must be
dispersed" — the areas over the limit (``logistics_rules.overstack_decision``) and the ``disperse_overstack``
decision (the troops one at a time, then the box when the area has several, 18.1, 18.5)."""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.leaders import leader_state
from engines.ultima_ratio.logistics import logistics_rules, stacking


def overstacked(g: Ctx, power: str) -> list[str]:
    """The areas where the power's troops are over the stacking limit (15.1.1, ``logistics.overstack_decision``),
    besieged troops (with their fortress) counted apart."""

    s, b = g.s, board_of(g)
    out: list[str] = []
    with st.reading(s):  # a question only: the troops of each area looked up, not scanned
        troops = troops_by_area(s, power)
        # a stack counts the area's troops and, only in a siege, its fortress (``logistics_rules.stack``): within the
        # limit without a commander (an organizer only adds one), it is not overstacked
        areas = sorted(
            a
            for a, here in troops.items()
            if len(here) + bool(a in s["areas"] and s["areas"][a]["siege"])
            > logistics_rules.stacking_limit(b.areas[a], stacking.holding(s, b, a))
        )
        if not areas:
            return out
        # the stacks counted are the power's own in these areas (``logistics_rules.stack``): their counters alone
        units = leader_state.on_map(s, leader_state.counters(s, power, set(areas)))
        for area in areas:
            limit = stacking.stacking_limit(s, b, area, power, troops[area])
            for siege in (False, True):
                d = logistics_rules.overstack_decision(units, area, [power], limit, besieged=siege)
                if d and d.count:
                    out.append(area)
                    break
    return out


def troops_by_area(s: dict, power: str) -> dict[str, list[str]]:
    """The power's troops in each area where it has some, each list ``state.troops_in``'s (in the order of
    ``s["units"]``): one pass over the power's counters."""
    troops: dict[str, list[str]] = {}
    for u in st.units_of(s, power, "troop", "map"):
        area = st.loc_area(s["units"][u]["loc"])
        if area is not None:
            troops.setdefault(area, []).append(u)
    return troops


def after_action(g: Ctx, seat: str) -> dict | None:
    """15.1.1 "When a player finishes an action, overstacked troops must be dispersed": the frame locals of the
    ``disperse_overstack`` decision for the first overstacked area of the seat's powers, else None."""
    with st.reading(g.s):  # a question only: the seat's powers asked in one reading
        for power in st.powers_of(g.s, seat):
            areas = overstacked(g, power)
            if areas:
                return {"power": power, "area": areas[0], "picked": []}
    return None


class DisperseOverstack(Step):
    """15.1.1: the player picks the troops to disperse, one at a time, until the stack is within the limit; then,
    if the area has several dispersion boxes (18.1, 18.5: Western Europe's two, border areas), the box."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def _decision(self, g: Ctx):
        f, s = g.frame, g.s
        units = [u for u in leader_state.on_map(s, leader_state.counters(s)) if u["id"] not in f["picked"]]
        limit = stacking.stacking_limit(s, board_of(g), f["area"], f["power"])
        for siege in (False, True):
            d = logistics_rules.overstack_decision(units, f["area"], [f["power"]], limit, besieged=siege)
            if d and d.count:
                return d
        return None

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        d = self._decision(g)
        if d is not None:
            return text("prompt.overstack", area=f["area"], count=d.count), {"disperse": list(d.options)}
        boxes = logistics_rules.dispersion_boxes(board_of(g).areas[f["area"]], board_of(g).map)
        return text("prompt.dispersion_box", area=f["area"]), {"box": boxes}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.{verb}", arg=arg)

    def on_disperse(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        f["picked"].append(arg)
        if self._decision(g) is None:
            boxes = logistics_rules.dispersion_boxes(board_of(g).areas[f["area"]], board_of(g).map)
            if len(boxes) == 1:
                self.on_box(g, role, boxes[0])

    def on_box(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        for uid in f["picked"]:
            st.move_unit(g.s, uid, arg)
        g.log("log.overstack", power=f["power"], area=f["area"], units=list(f["picked"]), box=arg, rule="stacking")
        g.end(None)


STEPS = {"disperse_overstack": DisperseOverstack()}
