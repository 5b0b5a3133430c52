"""Live updates: who is watching which table, and the news that a table moved.

Events carry only (table id, seq, kind); each page then fetches its own fresh view, never someone else's.
In one process the news goes straight to the watchers' queues. With PostgreSQL every process also LISTENs on the
channel ``siglo_moves`` (the move's transaction NOTIFYs it), so a move made through one server process reaches the
watchers of all of them.
"""
from __future__ import annotations

import asyncio
import logging
import threading
from collections import defaultdict

log = logging.getLogger("siglo.live")
CHANNEL = "siglo_moves"


class Publisher:
    def __init__(self) -> None:
        self._watchers: dict[int, set[asyncio.Queue]] = defaultdict(set)
        self._viewers: dict[asyncio.Queue, int] = {}  # a logged-in watcher's user id (for your-turn notices)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None

    # ----- watchers (async side) -----
    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def subscribe(self, table_id: int, user_id: int | None = None) -> asyncio.Queue:
        q: asyncio.Queue = asyncio.Queue(maxsize=100)
        with self._lock:
            self._watchers[table_id].add(q)
            if user_id is not None:
                self._viewers[q] = user_id
        return q

    def unsubscribe(self, table_id: int, q: asyncio.Queue) -> None:
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

    def _deliver(self, table_id: int, seq: int, kind: str) -> None:
        with self._lock:
            queues = list(self._watchers.get(table_id, ()))
        for q in queues:
            if q.full():  # a stalled watcher only needs the latest news: it refetches its view anyway
                q.get_nowait()
            q.put_nowait((kind, seq))

    # ----- news (any thread) -----
    def publish(self, table_id: int, seq: int, kind: str = "move") -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(self._deliver, table_id, seq, kind)

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
                    log.info("listening for moves on PostgreSQL")
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0):
                            table_id, _, rest = note.payload.partition(":")
                            seq, _, kind = rest.partition(":")
                            self.publish(int(table_id), int(seq), kind or "move")
            except Exception as exc:  # the database went away: retry until it is back
                log.warning("live listener lost PostgreSQL (%s); retrying", exc)
                self._stop.wait(1.0)

    def stop(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=3)
