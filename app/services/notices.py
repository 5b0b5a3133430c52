"""Your-turn notices (issue "Play-by-web life" §1), what a user chooses and reads of them: how they hear (in the
app, by e-mail over SMTP, by a webhook; every turn, or a digest — one message listing every table waiting for them,
at most every N hours), the notices and the delivery log they read, the one-click unsubscribe. Every delivery is
kept: the user's delivery log. The background thread that writes and sends them is notifier.py's.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from datetime import UTC, datetime

from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import bindparam, func, select, update
from sqlalchemy.orm import Session

from app.db import read_columns
from app.errors import Invalid
from app.i18n import _
from app.models import GameTable, Seat, User, utcnow
from app.models.pbw import Delivery, Notice, NoticeSettings
from app.services import webhooks

EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s]{1,189}\.[^@\s]{1,60}$")
MODES = ("every", "digest")
FORMATS = ("json", "chat")


def aware(dt: datetime) -> datetime:
    """SQLite gives naive datetimes back; they are UTC."""
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)


# ----- settings -----
def settings_of(db: Session, user: User) -> NoticeSettings:
    row = db.get(NoticeSettings, user.id)
    return (
        row
        if row is not None
        else NoticeSettings(
            user_id=user.id,
            email=None,
            email_off=False,
            webhook_url=None,
            webhook_format="json",
            mode="every",
            digest_hours=24,
        )
    )


def save_settings(
    db: Session,
    user: User,
    email: str | None,
    webhook_url: str | None,
    webhook_format: str,
    mode: str,
    digest_hours: int,
    allowed_hosts: Collection[str] = (),
) -> NoticeSettings:
    email = (email or "").strip() or None
    webhook_url = (webhook_url or "").strip() or None
    if email is not None and (len(email) > 254 or not EMAIL.match(email)):
        raise Invalid(_("That e-mail address does not look like one (name@example.org)."))
    if webhook_url is not None and (len(webhook_url) > 500 or not re.match(r"^https?://[^\s]+$", webhook_url)):
        raise Invalid(_("A webhook is an http:// or https:// address of at most 500 characters."))
    if webhook_url is not None:
        webhooks.check(webhook_url, allowed_hosts)  # no internal address (app.services.webhooks)
    if webhook_format not in FORMATS:
        raise Invalid(_("The webhook body is json or chat (Discord/Slack)."))
    if mode not in MODES:
        raise Invalid(_("Choose every turn or a digest."))
    if not isinstance(digest_hours, int) or not 1 <= digest_hours <= 168:
        raise Invalid(_("A digest comes at most every 1 to 168 hours."))
    row = db.get(NoticeSettings, user.id)
    if row is None:
        row = NoticeSettings(user_id=user.id)
        db.add(row)
    if email != row.email:
        row.email_off = False  # a new address is a new subscription
    if mode == "digest" and row.mode != "digest":
        row.last_digest_at = utcnow()
    row.email, row.webhook_url, row.webhook_format = email, webhook_url, webhook_format
    row.mode, row.digest_hours = mode, digest_hours
    db.commit()
    return row


# ----- the signed unsubscribe link (works without logging in) -----
def _unsubscriber(secret: str) -> URLSafeSerializer:
    return URLSafeSerializer(secret, salt="siglo-unsubscribe")


def unsubscribe_token(secret: str, user_id: int) -> str:
    return _unsubscriber(secret).dumps(user_id)


def unsubscribe(db: Session, secret: str, token: str) -> User | None:
    """Turn e-mail notices off for the user the token names; None if the token is not ours."""
    try:
        user_id = _unsubscriber(secret).loads(token)
    except BadSignature:
        return None
    user = db.get_one(User, user_id) if isinstance(user_id, int) else None
    if user is None:
        return None
    row = db.get(NoticeSettings, user.id)
    if row is not None:
        row.email_off = True
        db.commit()
    return user


# ----- reading -----
def notices(db: Session, user: User, limit: int = 50) -> list[Notice]:
    return list(db.scalars(select(Notice).where(Notice.user_id == user.id).order_by(Notice.id.desc()).limit(limit)))


# a column read made once, through the session's connection (no ORM preparation: ~70 µs, not ~200; every page
# of a signed-in user's header reads it)
UNREAD_COUNT = (
    select(func.count()).select_from(Notice).where(Notice.user_id == bindparam("user_id"), Notice.read.is_(False))
)


def unread_count(db: Session, user_id: int) -> int:
    """The user's unread notices (the header's count beside "Notices")."""
    return read_columns(db, UNREAD_COUNT, {"user_id": user_id}).scalar() or 0


def mark_read(db: Session, user: User) -> None:
    db.execute(update(Notice).where(Notice.user_id == user.id, Notice.read.is_(False)).values(read=True))
    db.commit()


def deliveries(db: Session, user: User, limit: int = 50) -> list[Delivery]:
    return list(
        db.scalars(select(Delivery).where(Delivery.user_id == user.id).order_by(Delivery.id.desc()).limit(limit))
    )


def waiting_tables(db: Session, user_id: int) -> list[GameTable]:
    """Every running table where one of the user's seats is to act."""
    rows = db.scalars(
        select(GameTable)
        .join(Seat)
        .where(Seat.user_id == user_id, GameTable.status == "active", GameTable.flagged.is_(None))
        .order_by(GameTable.updated_at)
    ).unique()
    return [t for t in rows if {s.role for s in t.seats if s.user_id == user_id} & set(t.active_roles or [])]


def my_turn(table: GameTable, user: User | None) -> bool:
    return (
        user is not None
        and table.status == "active"
        and bool({s.role for s in table.seats if s.user_id == user.id} & set(table.active_roles or []))
    )
