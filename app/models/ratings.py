"""Ratings persistence (issue "Play-by-web life" §5, migration 0006): a player's rating per game and track, and
every change a rated game made (one row per seat: the game was rated exactly once).

Imported by ``app.models`` (the package) so that one metadata holds every table.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Float, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.models.base import Base, utcnow


class Rating(Base):
    """A player's Elo rating at one game, on one track: the role for an asymmetric game (The Planet King's King
    and Valido), ``""`` where every seat is alike."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_game_id_track_rating", "game_id", "track", "rating"),)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    track: Mapped[str] = mapped_column(String(40), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatingChange(Base):
    """What one rated game did to one seat's rating. Unique per (table, role): a game is rated once."""

    __tablename__ = "rating_changes"
    __table_args__ = (UniqueConstraint("table_id", "role"), Index("ix_rating_changes_user_id_id", "user_id", "id"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    game_id: Mapped[str] = mapped_column(String(40))
    track: Mapped[str] = mapped_column(String(40))
    role: Mapped[str] = mapped_column(String(40))
    before: Mapped[float] = mapped_column(Float)
    after: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
