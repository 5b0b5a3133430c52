"""Hot tables kept in memory (issue 15): positions, so a move or a view need not read the snapshot row; and
the spectators' live partial, so N spectators of a table cost one render per move.

A table's position is a function of (table, seq, engine version): every change of position makes a new seq
(a move, an undo) and a rebuild on another engine version changes the version. So the state cached for
(table id, seq, version) is the snapshot's at that seq for as long as the table exists; it is read only when
the table row just read has that very seq, and stored only after the commit that made it (or after reading the
snapshot). Several server processes each keep their own; the seq check keeps them right. One cache per database
engine (tests build many apps on databases that reuse table ids). What is kept is the whole state, used only
on the server: every reader still gets only their seat's view of it.
"""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar, cast

import orjson
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from engines.core.kept import Kept

CAPACITY = 2000  # tables; a 15 Días state is ~6 kB, a Planet King one ~10 kB


class LastAction(NamedTuple):
    """The latest action that counts at a position, as far as undo needs it (``app.services.play.undoable``):
    its seat, whether it was an undo barrier, who made it. ``NO_ACTION`` when none counts after the last barrier
    (an undo took back the only one): nothing to take back."""

    role: str | None
    barrier: bool
    user_id: int | None


NO_ACTION = LastAction(None, True, None)


@dataclass(frozen=True)
class Position:
    seq: int
    version: str
    state: bytes  # the snapshot's JSON, decoded afresh for each use (the caller may change its copy)
    base_seq: int
    has_base_state: bool
    last: LastAction | None = None  # known when the commit that made the position stored it: a view need not look


class StateCache:
    def __init__(self, capacity: int = CAPACITY):
        self._items: Kept[int, Position] = Kept(capacity)
        self._lock = threading.Lock()

    def get(self, table_id: int, seq: int, version: str) -> tuple[dict[str, Any], Position] | None:
        pos = self._items.peek(table_id)
        if pos is None or pos.seq != seq or pos.version != version:
            return None
        self._items.get(table_id)  # now the most recently used
        return orjson.loads(pos.state), pos

    def put(self, table_id: int, pos: Position) -> None:
        with self._lock:  # a check, then the replacement
            old = self._items.peek(table_id)
            if old is not None and old.seq > pos.seq and old.version == pos.version:
                return  # a later position is known already (another request moved on meanwhile)
            self._items.put(table_id, pos)

    def __len__(self) -> int:
        return len(self._items)


_per_engine: weakref.WeakKeyDictionary[Engine, dict[type, object]] = weakref.WeakKeyDictionary()
_per_engine_lock = threading.Lock()
T = TypeVar("T")


def per_engine(db: Session, kind: type[T]) -> T:
    """The one ``kind()`` of this session's database engine (a cache of rows: tests build many apps on databases
    that reuse ids, so each engine has its own)."""
    bind = db.get_bind()
    engine = bind if isinstance(bind, Engine) else bind.engine  # a Connection bound session: its Engine
    with _per_engine_lock:
        kept = _per_engine.setdefault(engine, {})
        if kind not in kept:
            kept[kind] = kind()
        return cast(T, kept[kind])  # kept by its own type


def cache_for(db: Session) -> StateCache:
    return per_engine(db, StateCache)


class SpectatorPartials:
    """The live partial as every spectator of a table sees it, rendered once per key (``app.routes.pages``
    builds the key from everything the partial shows: table, seq, status, seats…). Only spectators' renders are
    kept: a seat's view is never stored, so one seat's view can never reach another reader. The requester's
    CSRF token is put back into the stored HTML in place of the renderer's."""

    MARK = "\x00csrf\x00"

    def __init__(self, capacity: int = CAPACITY):
        self._items: Kept[tuple[Any, ...], str] = Kept(capacity)

    def get(self, key: tuple[Any, ...], csrf_token: str) -> str | None:
        html = self._items.get(key)
        return None if html is None else html.replace(self.MARK, csrf_token)

    def put(self, key: tuple[Any, ...], html: str, csrf_token: str) -> None:
        if csrf_token:
            self._items.put(key, html.replace(csrf_token, self.MARK))
