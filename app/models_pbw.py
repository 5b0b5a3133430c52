"""Play-by-web persistence (issue "Play-by-web life"): notice settings, your-turn notices, their delivery log.

Imported by ``app.models`` at its end so that one metadata holds every table (migration 0004).
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base
from app.models import utcnow


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
    __table_args__ = (UniqueConstraint("user_id", "table_id", "seq"),
                      Index("ix_notices_user_id_id", "user_id", "id"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16), default="turn")  # turn | reminder
    text: Mapped[str] = mapped_column(Text)
    read: Mapped[bool] = mapped_column(Boolean, default=False)
    digested: Mapped[bool] = mapped_column(Boolean, default=False)  # sent (or due) by the user's mode already
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Delivery(Base):
    """One message to send (or sent) over e-mail or a webhook: the delivery log, and the retry queue."""

    __tablename__ = "deliveries"
    __table_args__ = (Index("ix_deliveries_status_next_at", "status", "next_at"),
                      Index("ix_deliveries_user_id_id", "user_id", "id"))
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
