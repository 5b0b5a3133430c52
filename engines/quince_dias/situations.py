"""The Player Turn › 2.3 Playing a Special Situation.

A Special Situation is played from hand on a Main Character or a covered Character of any player (RULINGS
OQ-18), one per Character; it stays with the Character through Replace and goes to the Court discard pile when
the Character leaves the table. Its effects are read where they apply: +3 / -3 in cards.value, doubled payments in
cards.payment, Grandee of Spain / Loyal to the Cause / Double Agent in court.py.
"""
from __future__ import annotations

from engines.core.machine import Ctx, act
from engines.quince_dias.cards import card, is_situation, label, name

R_SITUATION = "The Player Turn › 2.3 Playing a Special Situation"


def targets(s: dict) -> list[tuple[str, str]]:
    """(owner, Character) on the table without a Special Situation."""
    found = []
    for role in s["roles"]:
        for cid in (s["main"][role], s["covered"][role]):
            if cid and cid not in s["sit"]:
                found.append((role, cid))
    return found


def actions(s: dict, role: str) -> list:
    acts = []
    seen = set()
    for sit in s["hands"][role]:
        if not is_situation(sit) or card(sit)["kind"] in seen:
            continue
        seen.add(card(sit)["kind"])
        for owner, cid in targets(s):
            who = "your" if owner == role else f"{label(owner)}'s"
            acts.append(act("situation", [sit, cid], f"{name(sit)} on {who} {name(cid)}"))
    return acts


def play(g: Ctx, role: str, sit: str, cid: str) -> None:
    s = g.s
    s["hands"][role].remove(sit)
    s["sit"][cid] = sit
    g.log(f"{label(role)} plays {name(sit)} on {name(cid)}.", rule=R_SITUATION)
