"""Ultima Ratio Regis — 9.5 Regroup troop: a troop that started the impulse in a dispersed box goes to a
controlled area of that theater, then may go on by strategic movement (``regroup_troop``)."""

from __future__ import annotations

import itertools

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.actions import construction
from engines.ultima_ratio.board import board_of


def regroupable(g: Ctx, power: str, first: bool = False) -> list[str]:
    """9.5: troops that started the impulse in a dispersed box, with a controlled area of that theater to go to
    (``first``: the first one only, whether there is one; the troops of one box have the same places)."""
    out: list[str] = []
    boxes: dict[str, bool] = {}
    for u in st.units_of(g.s, power, "troop", "box"):
        if not st.started_impulse_as(g.s, u):
            continue
        box = g.s["units"][u]["loc"]
        if box not in boxes:
            boxes[box] = bool(regroup_places(g, power, u, first=True))
        if boxes[box]:
            out.append(u)
            if first:
                break
    return out


def regroup_places(g: Ctx, power: str, uid: str, first: bool = False) -> list[str]:
    """9.5: a controlled area of the dispersed box's theater (``troop_fits``), among the areas the power controls
    (``first``: the first one only)."""
    s, b = g.s, board_of(g)
    box = s["units"][uid]["loc"]
    troops = construction.troops_by_area(s)
    places = (
        a
        for a in st.controlled(s, power)
        if st.box_for(b, a) == box and construction.troop_fits(s, b, power, a, troops)
    )
    return list(itertools.islice(places, 1) if first else places)


class RegroupTroop(Step):
    goes_to = ("strategic_move",)

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        if "unit" not in f:
            return text("prompt.regroup_unit"), {"unit": regroupable(g, f["power"])}
        return text("prompt.regroup_area", unit=f["unit"]), {"area": regroup_places(g, f["power"], f["unit"])}

    def on_unit(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["unit"] = arg

    def on_area(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        st.move_unit(g.s, f["unit"], arg)
        g.log("log.regrouped", power=f["power"], unit=f["unit"], area=arg, rule="regroup")
        g.goto("strategic_move", power=f["power"], unit=f["unit"], included=True, path=[arg])


STEPS = {"regroup_troop": RegroupTroop()}
