"""Apply the Alembic migrations in migrations/ (``siglo db upgrade``; ``siglo serve`` does it on start)."""

from __future__ import annotations

from alembic import command
from alembic.config import Config

from app.db import normalise_url
from app.resources import resource

MIGRATIONS = resource("migrations")


def alembic_config(database_url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", normalise_url(database_url).replace("%", "%%"))
    return cfg


def upgrade(database_url: str) -> None:
    command.upgrade(alembic_config(database_url), "head")
