"""Clocks in days (issue "Play-by-web life" §2): a table's pace, each seat's clock, the players' vacations.

Imported by ``app.models`` (the package) so that one metadata holds every table (migration 0005).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from app.models.base import Base, utcnow


class TableClock(Base):
    """The pace chosen when the table was created (no row: no clock). ``per_move``: every move may take
    ``move_seconds``; ``bank``: a bank of ``bank_seconds`` that each move adds ``increment_seconds`` to, up to
    ``cap_seconds``. ``on_timeout``: bot (a bot plays the seat until the player returns) | forfeit (the seat
    loses, as by resigning) | abandon (the table is abandoned)."""

    __tablename__ = "table_clocks"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    pace: Mapped[str] = mapped_column(String(8))  # per_move | bank
    move_seconds: Mapped[int] = mapped_column(Integer, default=0)
    bank_seconds: Mapped[int] = mapped_column(Integer, default=0)
    increment_seconds: Mapped[int] = mapped_column(Integer, default=0)
    cap_seconds: Mapped[int] = mapped_column(Integer, default=0)
    pause_weekends: Mapped[bool] = mapped_column(Boolean, default=False)
    on_timeout: Mapped[str] = mapped_column(String(8), default="bot")


class SeatClock(Base):
    """One seat's clock. ``remaining``: the seconds it had when it last started (or has now, when stopped);
    ``since``: when it started running (NULL: stopped); ``deadline`` and ``remind_at`` follow from those and the
    pauses (weekends, the holder's vacations) and are what the checker looks for. ``version`` changes with every
    write, so a checker claims a time-out or a reminder with a conditional update (one process wins)."""

    __tablename__ = "seat_clocks"
    __table_args__ = (Index("ix_seat_clocks_deadline", "deadline"), Index("ix_seat_clocks_remind_at", "remind_at"))
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    role: Mapped[str] = mapped_column(String(40), primary_key=True)
    remaining: Mapped[int] = mapped_column(Integer)
    since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    remind_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    reminded: Mapped[bool] = mapped_column(Boolean, default=False)
    stand_in: Mapped[bool] = mapped_column(Boolean, default=False)  # a bot plays the seat after a time-out
    version: Mapped[int] = mapped_column(Integer, default=0)


class Vacation(Base):
    """A player's vacation: every clock of theirs is paused from ``starts_at`` to ``ends_at``; ``days`` is what
    it takes from the year's allowance (whole days; ended early, the days used)."""

    __tablename__ = "vacations"
    __table_args__ = (Index("ix_vacations_user_id_ends_at", "user_id", "ends_at"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    days: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
