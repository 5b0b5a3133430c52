"""Database engine and sessions. SQLite (embedded default) or PostgreSQL through psycopg 3."""
from __future__ import annotations

import orjson
from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, sessionmaker


class Base(DeclarativeBase):
    pass


def normalise_url(url: str) -> str:
    """Accept plain postgres:// URLs and use the psycopg 3 driver for them."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str, concurrency: int = 16) -> Engine:
    """The pool holds more connections than requests may be at work at once (see app.middleware.Admission),
    plus a few for the bot runner, the start-up verification and the SSE routes' short look-ups."""
    url = normalise_url(url)
    pool = {"pool_size": concurrency + 8, "max_overflow": 8, "pool_timeout": 10,
            # JSON columns (moves' arguments, log entries) through the fast JSON library
            "json_serializer": lambda value: orjson.dumps(value).decode(), "json_deserializer": orjson.loads}
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30}, **pool)

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn, _record):  # WAL lets readers and one writer work together
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        return engine
    # a ping before every checkout: after a PostgreSQL restart a process's first request must not fail on a
    # connection the server dropped (tests/proof/test_faults.py); it costs a local round trip per request
    return create_engine(url, pool_pre_ping=True, **pool)


def is_postgres(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


def make_sessionmaker(engine: Engine) -> sessionmaker:
    return sessionmaker(engine, expire_on_commit=False)
