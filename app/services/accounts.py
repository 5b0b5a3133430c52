"""Accounts: registration, password login with a rate limit, revocable login sessions, API tokens."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.errors import Invalid, TooMany, Unauthorized
from app.models import ApiToken, LoginSession, User, utcnow
from app.security import RateLimiter, hash_password, new_token, token_hash, verify_password

USERNAME = re.compile(r"^[A-Za-z0-9_.-]{3,40}$")
MIN_PASSWORD = 8


def _aware(dt: datetime) -> datetime:
    return dt if dt.tzinfo else dt.replace(tzinfo=timezone.utc)


def register(db: Session, username: str, password: str) -> User:
    username = (username or "").strip()
    if not USERNAME.match(username):
        raise Invalid("A username has 3 to 40 letters, digits, dots, dashes or underscores.")
    if len(password or "") < MIN_PASSWORD:
        raise Invalid(f"A password has at least {MIN_PASSWORD} characters.")
    if len(password) > 1024:
        raise Invalid("That password is too long.")
    if db.scalar(select(User.id).where(User.username == username)) is not None:
        raise Invalid("That username is taken.")
    user = User(username=username, password_hash=hash_password(password))
    db.add(user)
    try:
        db.commit()
    except IntegrityError:
        db.rollback()
        raise Invalid("That username is taken.") from None
    return user


def authenticate(db: Session, limiter: RateLimiter, username: str, password: str, address: str) -> User:
    keys = (f"user:{(username or '').lower()}", f"addr:{address}")
    if limiter.blocked(*keys):
        raise TooMany("Too many failed logins; wait a few minutes and try again.")
    username = (username or "").strip()
    user = db.scalar(select(User).where(User.username == username)) if USERNAME.match(username) else None
    if user is None or not verify_password(user.password_hash, password or ""):
        limiter.fail(*keys)
        raise Unauthorized("Wrong username or password.")
    limiter.reset(keys[0])
    return user


def open_session(db: Session, user: User, days: int) -> str:
    sid = new_token()
    db.add(LoginSession(id=sid, user_id=user.id, expires_at=utcnow() + timedelta(days=days)))
    db.commit()
    return sid


def session_user(db: Session, sid: str) -> User | None:
    row = db.get(LoginSession, sid)
    if row is None or row.revoked or _aware(row.expires_at) < utcnow():
        return None
    return row.user


def revoke_session(db: Session, sid: str) -> None:
    row = db.get(LoginSession, sid)
    if row is not None:
        row.revoked = True
        db.commit()


def revoke_all_sessions(db: Session, user: User) -> None:
    for row in db.scalars(select(LoginSession).where(LoginSession.user_id == user.id)):
        row.revoked = True
    db.commit()


def create_api_token(db: Session, user: User, name: str) -> tuple[ApiToken, str]:
    name = "".join(c for c in (name or "") if ord(c) >= 32).strip() or "token"
    if len(name) > 80:
        raise Invalid("A token name has at most 80 characters.")
    raw = new_token()
    row = ApiToken(user_id=user.id, name=name, token_hash=token_hash(raw))
    db.add(row)
    db.commit()
    return row, raw


def api_tokens(db: Session, user: User) -> list[ApiToken]:
    return list(db.scalars(select(ApiToken).where(ApiToken.user_id == user.id, ApiToken.revoked.is_(False))))


def revoke_api_token(db: Session, user: User, token_id: int) -> None:
    row = db.get(ApiToken, token_id)
    if row is None or row.user_id != user.id:
        raise Invalid("No such token.")
    row.revoked = True
    db.commit()


def token_user(db: Session, raw: str) -> User | None:
    row = db.scalar(select(ApiToken).where(ApiToken.token_hash == token_hash(raw)))
    if row is None or row.revoked:
        return None
    return row.user
