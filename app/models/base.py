"""What every model module shares: the declarative base (from ``app.db``) and the clock the rows are stamped with."""

from __future__ import annotations

from datetime import UTC, datetime

from app.db import Base

__all__ = ["Base", "utcnow"]


def utcnow() -> datetime:
    return datetime.now(UTC)
