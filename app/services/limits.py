"""Rate limits counted in the database (``rate_hits``), so every server process sees the same counts: failed
logins per name and per address, registrations per address, chat messages and record imports per person."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from app.errors import TooMany
from app.i18n import _
from app.models import RateHit, utcnow

KEEP = timedelta(days=1)  # no window is longer: older hits are dropped as new ones come


@dataclass(frozen=True)
class Limit:
    limit: int
    window_seconds: float


def count(db: Session, key: str, window_seconds: float) -> int:
    since = utcnow() - timedelta(seconds=window_seconds)
    return db.scalar(select(func.count()).select_from(RateHit).where(RateHit.key == key, RateHit.at > since)) or 0


def blocked(db: Session, limit: Limit, *keys: str) -> bool:
    return any(count(db, k, limit.window_seconds) >= limit.limit for k in keys)


def hit(db: Session, *keys: str) -> None:
    """Count one event under each key (in the caller's transaction)."""
    now = utcnow()
    db.execute(delete(RateHit).where(RateHit.at < now - KEEP))
    db.add_all(RateHit(key=k, at=now) for k in keys)


def reset(db: Session, key: str) -> None:
    db.execute(delete(RateHit).where(RateHit.key == key))


def take(db: Session, limit: Limit, key: str, what: str) -> None:
    """Count one ``what`` under ``key``, or refuse it with 429 when the window's allowance is used up."""
    if count(db, key, limit.window_seconds) >= limit.limit:
        raise TooMany(_("Too many {what}; wait a little and try again.").format(what=_(what)))
    hit(db, key)


def spend(db: Session, limit: Limit, key: str, what: str) -> None:
    """``take`` in a transaction of its own: the attempt counts whether or not the work after it succeeds (a
    record import that fails to replay has cost its replay all the same)."""
    take(db, limit, key, what)
    db.commit()
