"""Database engine and sessions. SQLite (embedded default) or PostgreSQL through psycopg 3."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, Self, cast

import orjson
from sqlalchemy import create_engine, event
from sqlalchemy.engine import CursorResult, Engine, Result
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker
from sqlalchemy.pool import ConnectionPoolEntry, PoolProxiedConnection


class Base(DeclarativeBase):
    pass


def normalise_url(url: str) -> str:
    """Accept plain postgres:// URLs and use the psycopg 3 driver for them."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


_WRITE_LOCKS: dict[str, threading.Lock] = {}
_WRITE_LOCKS_GUARD = threading.Lock()
_READS = ("SELECT", "PRAGMA")


class _WriterCursor(sqlite3.Cursor):
    """Takes its connection's turn to write before a statement that may start a write transaction."""

    def execute(self, sql: str, parameters: Any = (), /) -> Self:
        conn = cast(SerializedWriters, self.connection)  # SerializedWriters.cursor makes every cursor of this class
        started = conn._await_turn(sql)
        try:
            return super().execute(sql, parameters)
        finally:
            conn._after(started)

    def executemany(self, sql: str, seq_of_parameters: Iterable[Any], /) -> Self:
        conn = cast(SerializedWriters, self.connection)
        started = conn._await_turn(sql)
        try:
            return super().executemany(sql, seq_of_parameters)
        finally:
            conn._after(started)


class SerializedWriters(sqlite3.Connection):
    """SQLite lets one connection write at a time; the others wait in SQLite's busy handler, which *sleeps*
    (1, 2, 5 ... 100 ms between tries), so under contention the file is often unlocked while every writer
    sleeps: at 500 live tables one worker served 27 of ~100 moves a second with a third of a core busy
    (bench/README.md › Target 3). The writers of one process instead queue on a lock per database file and are
    woken the moment the writer before them commits or rolls back. Reads (SELECT, PRAGMA) never wait: the
    driver opens a transaction only before a write, so a writer's snapshot is always taken after its turn."""

    def __init__(self, database: str | bytes | os.PathLike[str], *args: Any, **kwargs: Any) -> None:
        super().__init__(database, *args, **kwargs)
        key = str(database)
        with _WRITE_LOCKS_GUARD:
            self._turn = _WRITE_LOCKS.setdefault(key, threading.Lock())
        self._holding = False

    # every cursor takes turns (the driver asks for plain cursors; a factory given is still honoured)
    def cursor(  # type: ignore[override]  # one default, not sqlite3's two overloads
        self, factory: Callable[[sqlite3.Connection], _WriterCursor] = _WriterCursor
    ) -> _WriterCursor:
        return super().cursor(factory)

    def _await_turn(self, sql: str) -> bool:
        if self._holding or sql.lstrip()[:6].upper() in _READS:
            return False
        # never wait forever: after SQLite's own busy timeout, go on and let SQLite answer "locked" as before
        self._holding = self._turn.acquire(timeout=30)
        return self._holding

    def _after(self, started: bool) -> None:
        if started and not self.in_transaction:  # a write that opened no transaction (or failed) holds no turn
            self._release()

    def _release(self) -> None:
        if self._holding:
            self._holding = False
            self._turn.release()

    def commit(self) -> None:
        try:
            super().commit()
        finally:
            if not self.in_transaction:
                self._release()

    def rollback(self) -> None:
        try:
            super().rollback()
        finally:
            self._release()

    def close(self) -> None:
        try:
            super().close()
        finally:
            self._release()


def json_value(stored: Any) -> Any:
    """A JSON column's value. SQLite gives a column declared JSON numeric affinity: the text of a bare JSON number
    (a move's argument ``1``) comes back as that number, not as text, and is the value itself."""
    return orjson.loads(stored) if isinstance(stored, (str, bytes)) else stored


def make_engine(url: str, concurrency: int = 4, idle_ping_seconds: float = 1.0) -> Engine:
    """The pool holds more connections than requests may be at work at once (see app.middleware.Admission),
    plus a few for the bot runner, the start-up verification and the SSE routes' short look-ups. On PostgreSQL a
    connection idle in the pool for ``idle_ping_seconds`` is pinged before use (``ping_when_idle``)."""
    url = normalise_url(url)
    pool = {
        "pool_size": concurrency + 8,
        "max_overflow": 8,
        "pool_timeout": 10,
        # JSON columns (moves' arguments, log entries) through the fast JSON library
        "json_serializer": lambda value: orjson.dumps(value).decode(),
        "json_deserializer": json_value,
    }
    if url.startswith("sqlite"):
        memory = url.endswith(":memory:") or "mode=memory" in url
        connect = {"check_same_thread": False, "timeout": 30, **({} if memory else {"factory": SerializedWriters})}
        engine = create_engine(url, connect_args=connect, **pool)

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(
            dbapi_conn: sqlite3.Connection, _record: ConnectionPoolEntry
        ) -> None:  # WAL lets readers and one writer work together
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        return engine
    engine = create_engine(url, **pool)
    ping_when_idle(engine, idle_ping_seconds)
    return engine


def ping_when_idle(engine: Engine, seconds: float) -> None:
    """A ping before a connection is checked out after ``seconds`` or more in the pool; a dead one is replaced
    (the pool retries on ``DisconnectionError``). After a PostgreSQL restart a process's first request must not
    fail on a connection the server dropped (tests/proof/test_faults.py), but a ping before *every* check-out
    (SQLAlchemy's ``pool_pre_ping``) costs a round trip a request (issue 15), and a connection back in the
    pool a moment ago was alive then: under load none is pinged. A restart quicker than ``seconds`` after a
    connection's last use gives that connection's next request a 503 (as during the outage); the failure makes
    SQLAlchemy retire every connection of the pool made before it, so the next requests connect afresh."""

    @event.listens_for(engine, "connect")
    def _fresh(_dbapi_conn: DBAPIConnection, record: ConnectionPoolEntry) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkin")
    def _back(_dbapi_conn: DBAPIConnection, record: ConnectionPoolEntry) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _ping(dbapi_conn: DBAPIConnection, record: ConnectionPoolEntry, _proxy: PoolProxiedConnection) -> None:
        if time.monotonic() - record.info.get("idle_since", 0.0) < seconds:
            return
        try:
            engine.dialect.do_ping(dbapi_conn)  # outside a transaction (psycopg's autocommit for the ping)
        except Exception as exc:  # the server dropped it: the pool makes a new connection and checks again
            raise DisconnectionError(f"a pooled connection was dead: {exc}") from exc


def is_postgres(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


def rowcount(result: Result[Any]) -> int:
    """How many rows an UPDATE or DELETE matched (``Session.execute`` is typed as giving a plain ``Result``; for
    those statements it is a ``CursorResult``, which counts them)."""
    return cast(CursorResult[Any], result).rowcount


def read_columns(db: Session, statement: Any, params: dict[str, Any]) -> Result[Any]:
    """A read of columns through the session's connection (no ORM preparation, no row objects: the cheap reads of
    every page), after the session's pending changes are written, as an ORM query's autoflush would: a read made
    after an unflushed write in the same request sees it."""
    db.flush()
    return db.connection().execute(statement, params)


def make_sessionmaker(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)
