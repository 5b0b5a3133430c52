"""The database's tables, one module a part of the platform, one metadata (``app.db.Base``) for them all.

``base`` holds what the modules share (the base class, ``utcnow`` and ``table_of``); ``core`` the users, logins, API tokens,
tables, seats, moves, snapshots, log and chat; ``pbw`` play-by-web (notices, deliveries, platform moves, origins);
``clocks`` the clocks in days and vacations; ``ratings`` the ratings. The modules import ``base`` only, never each
other: SQLAlchemy resolves the relationships between them by class name once all are imported here.
"""

from app.models.base import Base, table_of, utcnow
from app.models.clocks import SeatClock, TableClock, Vacation
from app.models.core import (
    ApiToken,
    ChatMessage,
    GameTable,
    LogEntry,
    LoginSession,
    Move,
    RateHit,
    Seat,
    Snapshot,
    User,
)
from app.models.pbw import AbandonVote, Delivery, Notice, NoticeSettings, PlatformMove, SeatNote, TableOrigin
from app.models.ratings import Rating, RatingChange

__all__ = [
    "AbandonVote",
    "ApiToken",
    "Base",
    "ChatMessage",
    "Delivery",
    "GameTable",
    "LogEntry",
    "LoginSession",
    "Move",
    "Notice",
    "NoticeSettings",
    "PlatformMove",
    "RateHit",
    "Rating",
    "RatingChange",
    "Seat",
    "SeatClock",
    "SeatNote",
    "Snapshot",
    "TableClock",
    "TableOrigin",
    "User",
    "Vacation",
    "table_of",
    "utcnow",
]
