"""What every model module shares: the declarative base (from ``app.db``) and the clock the rows are stamped with."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import cast

from sqlalchemy import Table

from app.db import Base

__all__ = ["Base", "table_of", "utcnow"]


def table_of(model: type[Base]) -> Table:
    """A model's ``Table``, for Core statements built once (SQLAlchemy types ``__table__`` as any FromClause;
    every model here maps one Table)."""
    return cast(Table, model.__table__)


def utcnow() -> datetime:
    return datetime.now(UTC)
