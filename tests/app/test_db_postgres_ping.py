"""PostgreSQL connections are pinged before use only after some time idle in the pool (app.db.ping_when_idle):
a dead idle connection is replaced before a request sees it; one back in the pool a moment ago is used without
the round trip."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from app.db import make_engine

from .conftest import PG_URL, _admin, drop_postgres_db, make_postgres_db

pytestmark = pytest.mark.skipif(not PG_URL, reason="SIGLO_TEST_POSTGRES_URL is not set: no PostgreSQL server")

IDLE = 0.5


@pytest.fixture
def engine():
    url = make_postgres_db()
    e = make_engine(url, 1, idle_ping_seconds=IDLE)
    yield e
    e.dispose()
    drop_postgres_db(url)


def _backend(engine) -> int:
    with engine.connect() as c:
        return c.execute(text("SELECT pg_backend_pid()")).scalar_one()


def _kill(pid: int) -> None:
    _admin(f"SELECT pg_terminate_backend({pid})")
    time.sleep(0.1)  # the backend is gone before the next check-out


def test_a_dead_connection_idle_long_enough_is_replaced_before_use(engine):
    first = _backend(engine)
    _kill(first)
    time.sleep(IDLE + 0.1)
    assert _backend(engine) not in (first, None)  # pinged, found dead, replaced: the request never saw it


def test_a_connection_used_a_moment_ago_is_not_pinged(engine):
    """Without the ping the dead connection reaches the statement (what the ping spares under load is exactly
    this round trip); the failure retires the pool's connections, so the next request connects afresh."""
    first = _backend(engine)
    _kill(first)
    with pytest.raises(OperationalError):
        _backend(engine)
    assert _backend(engine) != first
