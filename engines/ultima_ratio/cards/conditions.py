"""Ultima Ratio Regis — the conditions of an effect that the position alone answers (``world_effects.CONDITION_KINDS``),
for the events (8.2.2) and the turns' special rules (8.1.1) alike: "if Grenada remains independent" (Turn 2,
l. 2203), "if the Schmalkaldic League is in play", "if Spain possesses Portugal", "if Brandenburg is not allied".

The others need what happened (a war lost by 2 morale, possessions gained later, a battle, the card's player) and
are read where that is known (``events.READ``) or wait for the rules that record it (ENGINE.md › Not yet).
"""

from __future__ import annotations

from engines.ultima_ratio.board import Board
from engines.ultima_ratio.diplomacy.religion import religion_of
from engines.ultima_ratio.world_effects import Condition

STATE = ("players", "from_turn", "in_play", "possesses", "independent", "not_allied", "religion")


def answered(cond: Condition) -> bool:
    """Whether the position alone answers ``cond``: one of ``STATE`` (an alliance "with a Catholic power" reads the
    ally's religion now, ``diplomacy/religion``)."""
    return cond.kind in STATE


def met(s: dict, cond: Condition, board: Board | None = None) -> bool:
    """Whether ``cond`` (``answered``) holds now; ``board`` for the powers' religions (``not_allied`` with
    ``religion``: the Scottish Reformation, "if it is allied with a Catholic power", RULINGS RE-1)."""
    if cond.kind == "players":
        return len(s["seats"]) == cond.players
    if cond.kind == "from_turn":
        return cond.turn is not None and s["turn"] >= cond.turn
    if cond.kind == "in_play":
        return cond.power in s["powers"]
    if cond.kind == "possesses":
        return all(s["areas"].get(a, {}).get("owner") == cond.power for a in cond.areas)
    if cond.kind == "independent":  # active, no possessor, under an independent marker (18.2.2)
        return all(a in s["areas"] and s["areas"][a]["owner"] is None and s["areas"][a]["marker"] for a in cond.areas)
    if cond.kind == "not_allied":
        ally = (s["minors"].get(cond.minor) or {}).get("ally")
        if ally is None:
            return True
        if cond.religion is not None:
            if board is None:
                raise ValueError("a condition of religion needs the board (the cards' religions)")
            return religion_of(s, board, ally) != cond.religion
        return bool(cond.powers) and ally not in cond.powers
    if cond.kind == "religion":  # "England may ally with it" once Protestant (the Scottish Reformation, RE-1)
        if board is None:
            raise ValueError("a condition of religion needs the board (the cards' religions)")
        return cond.power is not None and religion_of(s, board, cond.power) == cond.religion
    raise ValueError(f"the condition {cond.kind!r} is not one the position answers")
