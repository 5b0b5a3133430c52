"""The Player Turn › 2.3 Playing a Special Situation.

A Special Situation is played from hand on a Main Character or a covered Character of any player (RULINGS
OQ-18), one per Character; it stays with the Character through Replace and goes to the Court discard pile when
the Character leaves the table. Its effects are read where they apply: +3 / -3 in cards.value, doubled payments in
cards.payment, Grandee of Spain / Loyal to the Cause / Double Agent in court.py.

A covered Character shows only its Power levels (1.2): it is named ``covered:<role>`` in the actions and the log,
never by its card.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import Text, text
from engines.quince_dias.cards import card, from_hand, is_situation

COVERED = "covered:"


def targets(s: dict) -> list[tuple[str, str]]:
    """(owner, target key) for every Character on the table without a Special Situation: a Main Character by its
    id, a covered one as ``covered:<owner>``."""
    found = []
    for role in s["roles"]:
        main, covered = s["main"][role], s["covered"][role]
        if main and main not in s["sit"]:
            found.append((role, main))
        if covered and covered not in s["sit"]:
            found.append((role, COVERED + role))
    return found


def character_of(s: dict, key: str) -> tuple[str, str]:
    """(owner, Character id) of a target key."""
    if key.startswith(COVERED):
        role = key[len(COVERED) :]
        return role, s["covered"][role]
    return next(r for r in s["roles"] if s["main"][r] == key), key


def choices(g: Ctx, role: str) -> list[list[str]]:
    """``[situation, target key]`` for one card of each kind in hand and every Character it may go on."""
    s = g.s
    out = []
    seen = set()
    for sit in s["hands"][role]:
        if not is_situation(sit) or card(g, sit)["kind"] in seen:
            continue
        seen.add(card(g, sit)["kind"])
        out += [[sit, key] for _, key in targets(s)]
    return out


def label(g: Ctx, role: str, arg: list) -> Text:
    sit, key = arg
    owner, cid = character_of(g.s, key)
    if owner == role:
        return text("act.situation_own", situation=sit, card=cid)
    if key.startswith(COVERED):
        return text("act.situation_covered", situation=sit, owner=owner)
    return text("act.situation", situation=sit, card=cid, owner=owner)


def play(g: Ctx, role: str, sit: str, key: str) -> None:
    s = g.s
    owner, cid = character_of(s, key)
    from_hand(g, role, sit)
    s["sit"][cid] = sit
    if key.startswith(COVERED):
        g.log("log.situation_covered", rule="situation", role=role, situation=sit, owner=owner)
    else:
        g.log("log.situation", rule="situation", role=role, situation=sit, card=cid)
