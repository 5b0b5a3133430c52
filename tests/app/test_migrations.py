"""Migrations build the schema the models describe, on an empty SQLite file and on PostgreSQL."""
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
