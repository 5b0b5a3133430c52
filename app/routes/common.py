"""What the API and the pages share about moves: the seq bounds and the stale-move (409) case."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlalchemy.orm import Session

from app.errors import Conflict
from app.models import GameTable
from app.services import play

# A table's seq is an INTEGER column; the seq a client saw is at most the largest one that leaves room for the
# next move, so no seq the API accepts can overflow the database (platform hardening §8).
MAX_SEQ = 2**31 - 2
T = TypeVar("T")


def try_move(db: Session, table: GameTable, move: Callable[[], T]) -> tuple[T | None, str | None]:
    """Run a move or an undo: ``(its result, None)``, or on a stale seq ``(None, the message)`` with ``table``
    read afresh, so the answer can show the table as it is now. After a move the route only reads its view,
    which it does outside a transaction (``play.reads_only``)."""
    try:
        done = move()
        play.reads_only(db)
        return done, None
    except Conflict as exc:
        db.refresh(table)
        return None, exc.message
