"""Ultima Ratio Regis — the religion of a power now. A power card and a minor's card print a religion (``powers.yaml``,
``minors.yaml``: the Protestant cross on a capital, MAP.md); the playbook and the events change it for a while:
Turn 1 (l. 2179) "The countries marked as Protestant on the map are currently Catholic until the 'Calvin' event"
(``turns.yaml`` effects ``religion``), Calvin (they become Protestant), Acts of Supremacy (England). The religions
that differ from the cards are kept in the state (``religions``: power -> religion, made when first needed), for the
powers not in play yet too (they enter with it). Read by the conditions of religion (the Scottish Reformation's "allied
with a Catholic power", ``cards/conditions.py``) and by Christian or Muslim possession (``faith_of``). RULINGS RE-1.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio.board import Board
from engines.ultima_ratio.world_base import FAITHS


def printed(board: Board, power: str) -> str:
    """The religion printed on the card of a major or minor power."""
    if power in {p.id for p in board.world.powers}:
        return board.power(power).religion
    return board.minor(power).religion


def religion_of(s: dict, board: Board, power: str) -> str:
    """The religion of ``power`` now: the state's when an event or a turn changed it, else its card's."""
    return s.get("religions", {}).get(power) or printed(board, power)


def faith_of(s: dict, board: Board, power: str) -> str | None:
    """Christian or Muslim (``FAITHS``; None for the others, the Native Americans)."""
    return FAITHS.get(religion_of(s, board, power))


def set_religion(s: dict, board: Board, power: str, religion: str) -> bool:
    """``power`` becomes ``religion`` (kept only where it differs from the card); True if it changed."""
    if religion_of(s, board, power) == religion:
        return False
    changed = s.setdefault("religions", {})
    changed[power] = religion
    if religion == printed(board, power):
        del changed[power]
    return True


def become(g: Ctx, board: Board, power: str, religion: str) -> None:
    """An event's ``religion`` effect: ``power`` becomes ``religion``, logged when it changes."""
    if set_religion(g.s, board, power, religion):
        g.log(f"log.religion_{religion}", power=power, rule="religion")
