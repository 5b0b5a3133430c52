"""The Player Turn › 2.3 Playing a Special Situation.

A Special Situation is played from hand on a Main Character or a covered Character of any player (RULINGS
OQ-18), one per Character; it stays with the Character through Replace and goes to the Court discard pile when
the Character leaves the table. Its effects are read where they apply: +3 / -3 in cards.value, doubled payments in
cards.payment, Grandee of Spain / Loyal to the Cause / Double Agent in court.py.
"""
from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import Text, text
from engines.quince_dias.cards import card, from_hand, is_situation


def targets(s: dict) -> list[tuple[str, str]]:
    """(owner, Character) on the table without a Special Situation."""
    found = []
    for role in s["roles"]:
        for cid in (s["main"][role], s["covered"][role]):
            if cid and cid not in s["sit"]:
                found.append((role, cid))
    return found


def choices(g: Ctx, role: str) -> list[list[str]]:
    """``[situation, Character]`` for one card of each kind in hand and every Character it may go on."""
    s = g.s
    out = []
    seen = set()
    for sit in s["hands"][role]:
        if not is_situation(sit) or card(g, sit)["kind"] in seen:
            continue
        seen.add(card(g, sit)["kind"])
        out += [[sit, cid] for _, cid in targets(s)]
    return out


def owner_of(s: dict, cid: str) -> str:
    return next(r for r in s["roles"] if cid in (s["main"][r], s["covered"][r]))


def label(g: Ctx, role: str, arg: list) -> Text:
    sit, cid = arg
    owner = owner_of(g.s, cid)
    return text("act.situation_own" if owner == role else "act.situation", situation=sit, card=cid, owner=owner)


def play(g: Ctx, role: str, sit: str, cid: str) -> None:
    s = g.s
    from_hand(g, role, sit)
    s["sit"][cid] = sit
    g.log("log.situation", rule="situation", role=role, situation=sit, card=cid)
