"""Persistence: users, login sessions, API tokens, rate-limit hits, tables, seats, moves (append-only), snapshots,
log entries, chat."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.models.base import Base, utcnow

if TYPE_CHECKING:  # for the annotation only: the models' modules import base alone at run time
    from app.models.clocks import TableClock


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(40), unique=True, index=True)  # as chosen (Unicode NFC)
    # the name compared at login and for uniqueness: NFKC, case-folded (``accounts.name_key``)
    name_key: Mapped[str] = mapped_column(String(160), unique=True, index=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # the site's language for this user (``app.i18n.LANGUAGES``), or None: as the browser asks (migration 0011)
    language: Mapped[str | None] = mapped_column(String(8), nullable=True, default=None)
    # how the user likes the tables drawn (``accounts.DISPLAY``: the map's zoom at first, how a stack opens), or None:
    # the defaults (migration 0013; issue 28 › Display preferences kept per user)
    display: Mapped[dict[str, str] | None] = mapped_column(JSON, nullable=True, default=None)


class LoginSession(Base):
    """A login; the cookie carries its id, signed. Revoking it logs the browser out."""

    __tablename__ = "login_sessions"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked: Mapped[bool] = mapped_column(Boolean, default=False)
    user: Mapped[User] = relationship(lazy="joined")


class ApiToken(Base):
    """A bearer token for bots and scripts; only its SHA-256 is stored. It records what made it (issue 26):
    ``made_with`` ``password`` (``POST /api/v1/tokens``), ``session`` (the account page, in the login session
    ``session_id``) or ``unknown`` (made before migration 0010), so a password change revokes what the old
    password and the other sessions made (``app.services.accounts``); ``last_used_at`` is written at most once a
    minute."""

    __tablename__ = "api_tokens"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked: Mapped[bool] = mapped_column(Boolean, default=False)
    made_with: Mapped[str] = mapped_column(String(8))  # password | session | unknown
    session_id: Mapped[str | None] = mapped_column(ForeignKey("login_sessions.id", ondelete="SET NULL"), nullable=True)
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    user: Mapped[User] = relationship(lazy="joined")


class RateHit(Base):
    """One counted event (a failed login, a registration, a chat message, a record import) under a key such as
    ``login-user:<name key>``; kept in the database so every server process counts the same hits."""

    __tablename__ = "rate_hits"
    __table_args__ = (Index("ix_rate_hits_key_at", "key", "at"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(200))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)


class GameTable(Base):
    __tablename__ = "tables"
    # a creation asked twice (a form sent twice, an API call retried with its Idempotency-Key) makes one table
    __table_args__ = (Index("uq_tables_created_by_creation_key", "created_by", "creation_key", unique=True),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    game_id: Mapped[str] = mapped_column(String(40), index=True)
    engine_version: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)  # waiting | active | finished
    seq: Mapped[int] = mapped_column(Integer, default=0)
    # bumped by every write to the table's log entries, in the writing transaction (app.services.gamelog.bump): a
    # page of the log kept in memory at this tip is the page the database holds (app.services.kept_log)
    log_tip: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    active_roles: Mapped[list[str]] = mapped_column(JSON, default=list)  # who must act, for the lobby
    flagged: Mapped[str | None] = mapped_column(Text, nullable=True)  # why the table is not trusted
    private: Mapped[bool] = mapped_column(Boolean, default=False)  # invitation only, listed nowhere
    spectators: Mapped[bool] = mapped_column(Boolean, default=True)  # may people without a seat watch?
    hot_seat: Mapped[bool] = mapped_column(Boolean, default=False)  # may the creator hold several seats?
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    # "form:<the form's token>" or "api:<Idempotency-Key>", and a digest of what was asked (app.services.tables)
    creation_key: Mapped[str | None] = mapped_column(String(120), nullable=True)
    creation_digest: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    seats: Mapped[list[Seat]] = relationship(
        back_populates="table", order_by="Seat.position", lazy="selectin", cascade="all, delete-orphan"
    )
    # the pace of a table by the day (app.models.clocks; None: no clock), read with the table in one query
    clock: Mapped[TableClock | None] = relationship(lazy="joined", uselist=False, passive_deletes=True)


class Seat(Base):
    """A role at a table, held by a user, a bot, or open (joinable from the lobby or by invite)."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "role"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(40))
    position: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    invite_token: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    table: Mapped[GameTable] = relationship(back_populates="seats")
    user: Mapped[User | None] = relationship(lazy="joined")


class Move(Base):
    """Append-only record of a table: an action, or an undo taking back the latest effective action."""

    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))  # action | undo
    role: Mapped[str] = mapped_column(String(40))
    verb: Mapped[str | None] = mapped_column(String(60), nullable=True)
    arg: Mapped[Any] = mapped_column(JSON, nullable=True)
    barrier: Mapped[bool] = mapped_column(Boolean, default=False)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Snapshot(Base):
    """The latest state of a table, so a load need not replay the whole log; and the state at the last undo
    barrier (``base_seq``), so an undo replays only the moves since. ``base_state`` is NULL while the barrier is
    the latest move (the base is then ``state`` itself)."""

    __tablename__ = "snapshots"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(Text)  # JSON text
    base_seq: Mapped[int] = mapped_column(Integer, default=0)
    base_state: Mapped[str | None] = mapped_column(Text, nullable=True)


class LogEntry(Base):
    """One game log entry as data (engines' ``Entry``: message key, arguments, rule id, refs), stored with the
    move that produced it (seq 0: the setup); rendered for each reader at view time. ``audience`` is ``*`` or the
    roles that may read it as ``,role,role,`` so a page of one reader's log is one indexed query. Entries of a
    move taken back are deleted with the undo (the moves themselves stay append-only)."""

    __tablename__ = "log_entries"
    # (table_id, seq): an undo deletes its move's entries by seq; without it the delete read every entry of the
    # table, and an undo at move 5,000 cost 2.75x a move on SQLite (bench/README.md, target 2)
    __table_args__ = (
        Index("ix_log_entries_table_id_id", "table_id", "id"),
        Index("ix_log_entries_table_id_seq", "table_id", "seq"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    audience: Mapped[str] = mapped_column(String(400))
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)


class ChatMessage(Base):
    __tablename__ = "chat_messages"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    user: Mapped[User | None] = relationship(lazy="joined")
