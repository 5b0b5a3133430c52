"""Ultima Ratio Regis — 19.1.2 Action to subsidize an ally: "the major power lowers the level of unrest of the allied
major power chosen by the player" (one level, as 19.1.1 lowers its own, RULINGS AL-6)."""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st


def subsidized(s: dict, power: str) -> list[str]:
    """The allied major powers (21.1) whose unrest ``power`` may lower: those with unrest above 0."""
    return [ally for ally in st.allies_of(s, power) if s["powers"][ally]["unrest"] > 0]


def subsidize(g: Ctx, power: str, ally: str) -> None:
    """19.1.2: the ally's unrest falls by one level (never below 0, 19.1)."""
    info = g.s["powers"][ally]
    info["unrest"] = max(0, info["unrest"] - 1)
    g.log("log.subsidized", power=power, ally=ally, unrest=info["unrest"], rule="subsidies")


class Subsidize(Step):
    """19.1.2: the player chooses the allied major power whose unrest falls. Frame: ``power``."""

    def active(self, g: Ctx) -> list[str]:
        return [g.s["powers"][g.frame["power"]]["seat"]]

    def prompt(self, g: Ctx, role: str):
        power = g.frame["power"]
        return text("prompt.subsidize", power=power), {"ally": subsidized(g.s, power)}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.subsidize", ally=arg)

    def on_ally(self, g: Ctx, role: str, arg: str) -> None:
        subsidize(g, g.frame["power"], arg)
        g.end(None)


STEPS = {"subsidize": Subsidize()}
