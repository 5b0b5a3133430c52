"""Live updates: who is watching which table, and the news that something happened there.

News is (table id, kind, value): ``move`` (value: the new seq), ``chat`` (the message id) or ``seats`` (a seat
was taken or the table created); each page then fetches its own fresh view, never someone else's. A service
says ``news(db, ...)`` inside the transaction that made the change, and only there (routes never announce):

- after that transaction commits, the news goes to this process's watchers (and pokes the bot runner), through
  the session hook ``deliver_after_commit`` installs; a rolled-back transaction announces nothing;
- with PostgreSQL the same transaction NOTIFYs the channel ``siglo_news``, and every server process LISTENs on
  it, so news made through one process reaches the watchers of all of them. Each item carries a random id, so
  the process that made it delivers it once, not twice.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
from collections import OrderedDict, defaultdict
from collections.abc import Callable

from sqlalchemy import event, text
from sqlalchemy.orm import Session, SessionTransaction, sessionmaker

log = logging.getLogger("siglo.live")
News = tuple[str, int]  # what a watcher queue carries: (kind, seq), never data
CHANNEL = "siglo_news"
KINDS = ("move", "chat", "seats")


NOTIFY = text("SELECT pg_notify(:channel, :payload)")


def news(
    db: Session, table_id: int, kind: str, value: int, to_act: frozenset[int] | None = None, notify: bool = True
) -> str:
    """Announce, once ``db``'s transaction commits, that ``kind`` happened at the table. ``to_act``: the users
    now to act there, the mover left out, when the change knows them (a move): the your-turn notices skip a
    table where that is nobody (``app.services.notifier.Notifier.poke``); None: unknown, the notices look.
    Returns the NOTIFY's payload; ``notify=False``: the caller sends ``pg_notify(CHANNEL, payload)`` itself, in
    a statement of the same transaction (a move's UPDATE returns it: one round trip less, issue 15)."""
    assert kind in KINDS, kind
    nonce = secrets.token_hex(6)
    db.info.setdefault("siglo_news", []).append((table_id, kind, value, nonce, to_act))
    payload = f"{table_id}:{kind}:{value}:{nonce}"
    if notify and db.get_bind().dialect.name == "postgresql":
        db.execute(NOTIFY, {"channel": CHANNEL, "payload": payload})
    return payload


def deliver_after_commit(
    sessions: sessionmaker[Session], announce: Callable[[int, int, str, str, frozenset[int] | None], None]
) -> None:
    """Hand every committed transaction's news to ``announce(table_id, value, kind, nonce, to_act)``; drop the
    news of a transaction rolled back."""

    @event.listens_for(sessions, "after_commit")
    def _committed(db: Session) -> None:
        for table_id, kind, value, nonce, to_act in db.info.pop("siglo_news", ()):
            announce(table_id, value, kind, nonce, to_act)

    @event.listens_for(sessions, "after_soft_rollback")
    def _rolled_back(db: Session, _previous: SessionTransaction) -> None:
        db.info.pop("siglo_news", None)


class Publisher:
    def __init__(self) -> None:
        self._watchers: dict[int, set[asyncio.Queue[News]]] = defaultdict(set)
        self._viewers: dict[asyncio.Queue[News], int] = {}  # a logged-in watcher's user id (for your-turn notices)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        self._seen: OrderedDict[str, None] = OrderedDict()  # ids of news delivered lately (local + NOTIFY)

    # ----- watchers (async side) -----
    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def subscribe(self, table_id: int, user_id: int | None = None) -> asyncio.Queue[News]:
        q: asyncio.Queue[News] = asyncio.Queue(maxsize=100)
        with self._lock:
            self._watchers[table_id].add(q)
            if user_id is not None:
                self._viewers[q] = user_id
        return q

    def identify(self, q: asyncio.Queue[News], user_id: int) -> None:
        """The logged-in user watching through ``q`` (known once the stream's reader was checked)."""
        with self._lock:
            self._viewers[q] = user_id

    def unsubscribe(self, table_id: int, q: asyncio.Queue[News]) -> None:
        with self._lock:
            self._watchers[table_id].discard(q)
            self._viewers.pop(q, None)
            if not self._watchers[table_id]:
                del self._watchers[table_id]

    def watching(self, table_id: int) -> int:
        with self._lock:
            return len(self._watchers.get(table_id, ()))

    def viewers(self, table_id: int) -> set[int]:
        """The users who have this table's page open in this process (its event stream connected)."""
        with self._lock:
            return {self._viewers[q] for q in self._watchers.get(table_id, ()) if q in self._viewers}

    def _deliver(self, table_id: int, seq: int, kind: str, nonce: str) -> None:
        with self._lock:
            if nonce in self._seen:
                return
            self._seen[nonce] = None
            if len(self._seen) > 1024:
                self._seen.popitem(last=False)
            queues = list(self._watchers.get(table_id, ()))
        for q in queues:
            if q.full():  # a stalled watcher only needs the latest news: it refetches its view anyway
                q.get_nowait()
            q.put_nowait((kind, seq))

    # ----- news (any thread) -----
    def publish(self, table_id: int, seq: int, kind: str, nonce: str) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(self._deliver, table_id, seq, kind, nonce)

    # ----- PostgreSQL LISTEN, for several server processes -----
    def listen_postgres(self, dsn: str) -> None:
        self._stop.clear()
        self._listener = threading.Thread(target=self._listen, args=(dsn,), name="siglo-listen", daemon=True)
        self._listener.start()

    def _listen(self, dsn: str) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(dsn, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    log.info("listening for news on PostgreSQL")
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0):
                            table_id, kind, value, nonce = note.payload.split(":")
                            self.publish(int(table_id), int(value), kind, nonce)
            except Exception as exc:  # noqa: BLE001 (the listener must outlive any failure, a lost database above all: log, retry)
                log.warning("live listener lost PostgreSQL (%s); retrying", exc)
                self._stop.wait(1.0)

    def stop(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=3)
