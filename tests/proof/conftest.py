"""Fixtures for the proof tests: the app fixtures of tests/app (database_url over SQLite and PostgreSQL, app,
browser) plus PostgreSQL-only helpers for the live-server tests."""
from __future__ import annotations

import pytest

from tests.app.conftest import (PG_URL, Browser, app, browser, database_url, drop_postgres_db,  # noqa: F401
                                make_postgres_db, settings)

NO_PG = "SIGLO_TEST_POSTGRES_URL is not set: no PostgreSQL server to test against"


@pytest.fixture
def pg_url():
    """A fresh, migrated PostgreSQL database for live servers (skips without a server)."""
    if not PG_URL:
        pytest.skip(NO_PG)
    from app.migrate import upgrade

    url = make_postgres_db()
    upgrade(url)
    yield url
    drop_postgres_db(url)
