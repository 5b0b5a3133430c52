"""Ultima Ratio Regis — 19.1 Unrest: it rises and falls (never below 0), and the lower unrest action (19.1.1).
Revolts and collapse at the turn's end are 23.2's (``end_of_turn/turn_end.py``)."""

from __future__ import annotations

from engines.core.machine import Ctx


def change_unrest(g: Ctx, power: str, amount: int, reason: str) -> None:
    """19.1: unrest rises and falls; it cannot be less than 0. A change of nothing (a bid of 0, an effect of 0) is
    not logged: the log read "changes by 0"."""
    if amount == 0:
        return
    info = g.s["powers"][power]
    info["unrest"] = max(0, info["unrest"] + amount)
    g.log("log.unrest", power=power, amount=amount, unrest=info["unrest"], reason=reason, rule="unrest")


def lower_unrest(g: Ctx, power: str) -> None:
    """19.1.1: the power lowers its unrest by one level (never below 0)."""
    info = g.s["powers"][power]
    info["unrest"] = max(0, info["unrest"] - 1)
    g.log("log.unrest_lowered", power=power, unrest=info["unrest"], rule="lower_unrest")
