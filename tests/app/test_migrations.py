"""Migrations build the schema the models describe, on an empty SQLite file and on PostgreSQL."""

from datetime import UTC

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from app.db import Base, normalise_url
from app.migrate import upgrade


def test_migrations_match_the_models(database_url):
    upgrade(database_url)
    upgrade(database_url)  # a second run is a no-op
    engine = create_engine(normalise_url(database_url))
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    engine.dispose()
    assert diff == []


def test_moves_are_unique_per_table_and_seq(database_url):
    upgrade(database_url)
    engine = create_engine(normalise_url(database_url))
    uniques = inspect(engine).get_unique_constraints("moves")
    engine.dispose()
    assert any(set(u["column_names"]) == {"table_id", "seq"} for u in uniques)


def test_tokens_made_before_expiries_get_one(database_url):
    """A token from before 0003 had no expiry (it lived for ever): 0007 gives it the default 90 days."""
    from datetime import datetime

    from alembic import command
    from sqlalchemy import text

    from app.migrate import alembic_config

    command.upgrade(alembic_config(database_url), "0006")
    engine = create_engine(normalise_url(database_url))
    with engine.begin() as conn:
        conn.execute(
            text("INSERT INTO users (username, name_key, password_hash, created_at) VALUES ('old', 'old', 'x', :now)"),
            {"now": datetime.now(UTC)},
        )
        user = conn.execute(text("SELECT id FROM users WHERE username = 'old'")).scalar()
        conn.execute(
            text(
                "INSERT INTO api_tokens (user_id, name, token_hash, created_at, revoked) "
                "VALUES (:u, 'old', 'h', :now, false)"
            ),
            {"u": user, "now": datetime.now(UTC)},
        )
    upgrade(database_url)
    with engine.connect() as conn:
        expires = conn.execute(text("SELECT expires_at FROM api_tokens WHERE name = 'old'")).scalar()
    engine.dispose()
    if isinstance(expires, str):  # SQLite gives the stored text back
        expires = datetime.fromisoformat(expires)
    days = (expires.replace(tzinfo=expires.tzinfo or UTC) - datetime.now(UTC)).days
    assert 88 <= days <= 90, expires


def test_tokens_made_before_0010_are_of_unknown_making_and_live_a_year_at_most(database_url):
    """Issue 26: a token from before 0010 may have been made by another token for ten years; 0010 records its
    making as unknown (a password change revokes it) and ends it at most a year after the upgrade."""
    from datetime import datetime, timedelta

    from alembic import command
    from sqlalchemy import text

    from app.migrate import alembic_config

    command.upgrade(alembic_config(database_url), "0009")
    engine = create_engine(normalise_url(database_url))
    now = datetime.now(UTC)
    with engine.begin() as conn:
        conn.execute(
            text("INSERT INTO users (username, name_key, password_hash, created_at) VALUES ('old', 'old', 'x', :now)"),
            {"now": now},
        )
        user = conn.execute(text("SELECT id FROM users WHERE username = 'old'")).scalar()
        for name, days in (("long", 3650), ("short", 30)):
            conn.execute(
                text(
                    "INSERT INTO api_tokens (user_id, name, token_hash, created_at, expires_at, revoked) "
                    "VALUES (:u, :name, :name, :now, :until, false)"
                ),
                {"u": user, "name": name, "now": now, "until": now + timedelta(days=days)},
            )
    upgrade(database_url)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT name, made_with, expires_at, last_used_at FROM api_tokens")).all()
    engine.dispose()
    left = {}
    for name, made_with, expires, last_used in rows:
        assert made_with == "unknown" and last_used is None
        if isinstance(expires, str):  # SQLite gives the stored text back
            expires = datetime.fromisoformat(expires)
        left[name] = (expires.replace(tzinfo=expires.tzinfo or UTC) - now).days
    assert 364 <= left["long"] <= 365 and 29 <= left["short"] <= 30, left
