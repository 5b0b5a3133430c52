"""Play-by-web persistence (issue "Play-by-web life"): notice settings, your-turn notices, their delivery log;
platform moves (resign, abandon), abandon votes, where a table came from (rematch), a seat's private notepad.

Imported by ``app.models`` (the package) so that one metadata holds every table (migration 0004).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.models.base import Base, utcnow


class NoticeSettings(Base):
    """How a user wants to hear that it is their turn: e-mail and/or a webhook, every turn or a digest at most
    every ``digest_hours``. No row means: in-app notices only."""

    __tablename__ = "notice_settings"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    email_off: Mapped[bool] = mapped_column(Boolean, default=False)  # unsubscribed (the signed link)
    webhook_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    webhook_format: Mapped[str] = mapped_column(String(8), default="json")  # json | chat (Discord/Slack)
    mode: Mapped[str] = mapped_column(String(8), default="every")  # every | digest
    digest_hours: Mapped[int] = mapped_column(Integer, default=24)
    last_digest_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Notice(Base):
    """It became this user's turn at this table (at move ``seq``) while they were not on its page."""

    __tablename__ = "notices"
    # one notice of each kind per move (a turn, then a reminder that the clock runs out: migration 0005)
    __table_args__ = (
        UniqueConstraint("user_id", "table_id", "seq", "kind", name="uq_notices_user_table_seq_kind"),
        Index("ix_notices_user_id_id", "user_id", "id"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16), default="turn")  # turn | reminder
    text: Mapped[str] = mapped_column(Text)
    link: Mapped[str | None] = mapped_column(String(300), nullable=True)  # else the table's page
    read: Mapped[bool] = mapped_column(Boolean, default=False)
    digested: Mapped[bool] = mapped_column(Boolean, default=False)  # sent (or due) by the user's mode already
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Delivery(Base):
    """One message to send (or sent) over e-mail or a webhook: the delivery log, and the retry queue."""

    __tablename__ = "deliveries"
    __table_args__ = (
        Index("ix_deliveries_status_next_at", "status", "next_at"),
        Index("ix_deliveries_user_id_id", "user_id", "id"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    channel: Mapped[str] = mapped_column(String(8))  # email | webhook
    target: Mapped[str] = mapped_column(String(500))
    subject: Mapped[str] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(8), default="pending")  # pending | sent | failed
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    next_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class PlatformMove(Base):
    """A move of the platform, not of the game (engines stay pure): a seat resigned, the players abandoned the
    game by agreement, a clock ran out. It ends (or changes) the table at its seq without a game move; the
    ``outcome`` is the platform's (``text``, ``winners``, ``ranking`` as in an engine's outcome)."""

    __tablename__ = "platform_moves"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)  # the table's seq when it happened
    kind: Mapped[str] = mapped_column(String(8))  # resign | abandon | timeout
    role: Mapped[str | None] = mapped_column(String(40), nullable=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AbandonVote(Base):
    """A player agrees to abandon the game; when every player has, it is abandoned."""

    __tablename__ = "abandon_votes"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class TableOrigin(Base):
    """Where a table came from: a rematch of another table, or a fork of one at a move."""

    __tablename__ = "table_origins"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    rematch_of: Mapped[int | None] = mapped_column(ForeignKey("tables.id", ondelete="SET NULL"), nullable=True)
    # a fork (migration 0006, app.services.forks): the table and the move it started from
    forked_from: Mapped[int | None] = mapped_column(
        ForeignKey("tables.id", ondelete="SET NULL"), nullable=True, index=True
    )
    fork_step: Mapped[int | None] = mapped_column(Integer, nullable=True)  # moves that count, before the fork
    fork_game: Mapped[str | None] = mapped_column(String(120), nullable=True)  # the source's name, kept
    # an analysis fork of a running game starts from this position (JSON: one with nothing hidden from its seat,
    # with a fresh random generator); else NULL: the fork's seed and move log (the source's moves to the fork,
    # then its own) rebuild it
    start_state: Mapped[str | None] = mapped_column(Text, nullable=True)
    analysis_role: Mapped[str | None] = mapped_column(String(40), nullable=True)  # whose knowledge it started from


class SeatNote(Base):
    """A player's private notepad for one of their seats at a table (issue 28: "a private notepad per seat, kept on
    the server"): only its writer reads it, and only while holding the seat; a seat that changes hands starts
    blank for its new holder (the old notes stay the old holder's, unread by anyone)."""

    __tablename__ = "seat_notes"
    __table_args__ = (UniqueConstraint("table_id", "user_id", "role", name="uq_seat_notes_table_user_role"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text, default="")
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)
