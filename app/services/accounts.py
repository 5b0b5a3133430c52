"""Accounts: registration, password login with a rate limit shared by every process, password change, revocable
login sessions, API tokens with an expiry.

A username is kept as chosen (Unicode NFC: "José María") and compared through its **name key** (NFKC,
case-folded), so "ALICE", "alice" and "ａｌｉｃｅ" are one name: unique, and one rate-limit counter at login."""
from __future__ import annotations

import unicodedata
from datetime import datetime, timedelta, timezone
from functools import cache

from sqlalchemy import bindparam, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.errors import Forbidden, Invalid, TooMany, Unauthorized
from app.models import ApiToken, LoginSession, User, utcnow
from app.security import hash_password, new_token, token_hash, verify_password
from app.services import limits
from app.services.limits import Limit

MIN_PASSWORD = 8
MAX_PASSWORD = 1024
USERNAME_RULE = ("3 to 40 characters: letters of any alphabet, digits, and . _ - or single spaces between words "
                 "(capitals do not make a different name)")
_PUNCTUATION = "._-"


def normalise(name: str | None) -> str:
    """A name as typed, in the form it is kept: NFC, without surrounding spaces."""
    return unicodedata.normalize("NFC", name or "").strip()


def name_key(name: str) -> str:
    """The form names are compared in: compatibility-normalised and case-folded, control characters dropped."""
    return "".join(c for c in unicodedata.normalize("NFKC", normalise(name)).casefold() if c.isprintable())


def valid_username(name: str) -> bool:
    if not 3 <= len(name) <= 40 or "  " in name or name != name.strip():
        return False
    if not (unicodedata.category(name[0])[0] in "LN"):
        return False
    for c in name:
        cat = unicodedata.category(c)
        if not (cat[0] in "LM" or cat == "Nd" or c in _PUNCTUATION or c == " "):
            return False
    return True


@cache
def _decoy_hash() -> str:
    """Verified against when the name is unknown, so a failed login takes as long either way."""
    return hash_password(new_token())


def _aware(dt: datetime) -> datetime:
    return dt if dt.tzinfo else dt.replace(tzinfo=timezone.utc)


def _check_password(password: str | None) -> str:
    if len(password or "") < MIN_PASSWORD:
        raise Invalid(f"A password has at least {MIN_PASSWORD} characters.")
    if len(password) > MAX_PASSWORD:
        raise Invalid("That password is too long.")
    return password


def register(db: Session, limit: Limit, username: str, password: str, address: str) -> User:
    username = normalise(username)
    if not valid_username(username):
        raise Invalid(f"A username has {USERNAME_RULE}.")
    _check_password(password)
    key = name_key(username)
    if db.scalar(select(User.id).where(User.name_key == key)) is not None:
        raise Invalid("That username is taken.")
    limits.take(db, limit, f"register:{address}", "registrations from your address")
    user = User(username=username, name_key=key, password_hash=hash_password(password))
    db.add(user)
    try:
        db.commit()
    except IntegrityError:
        db.rollback()
        raise Invalid("That username is taken.") from None
    return user


def authenticate(db: Session, limit: Limit, username: str, password: str, address: str) -> User:
    """The user with this name and password. Failures count per name key and per address; an unknown name costs
    the same password check as a wrong password."""
    key = name_key(username)[:160]
    keys = (f"login-user:{key}", f"login-addr:{address}")
    if limits.blocked(db, limit, *keys):
        raise TooMany("Too many failed logins; wait a few minutes and try again.")
    user = db.scalar(select(User).where(User.name_key == key)) if valid_username(normalise(username)) else None
    ok = verify_password(user.password_hash if user is not None else _decoy_hash(), password or "")
    if user is None or not ok:
        limits.hit(db, *keys)
        db.commit()
        raise Unauthorized("Wrong username or password.")
    limits.reset(db, keys[0])
    db.commit()
    return user


def change_password(db: Session, limit: Limit, user: User, current: str, new: str, address: str,
                    keep_session: str | None) -> None:
    """Set a new password; every other login session of the user ends (``keep_session``, the one asking, stays).
    A wrong current password counts as a failed login."""
    keys = (f"login-user:{user.name_key}", f"login-addr:{address}")
    if limits.blocked(db, limit, *keys):
        raise TooMany("Too many failed logins; wait a few minutes and try again.")
    if not verify_password(user.password_hash, current or ""):
        limits.hit(db, *keys)
        db.commit()
        raise Forbidden("The current password is wrong.")
    user.password_hash = hash_password(_check_password(new))
    db.execute(update(LoginSession).where(LoginSession.user_id == user.id, LoginSession.id != (keep_session or ""))
               .values(revoked=True))
    db.commit()


def open_session(db: Session, user: User, days: int) -> str:
    sid = new_token()
    db.add(LoginSession(id=sid, user_id=user.id, expires_at=utcnow() + timedelta(days=days)))
    db.commit()
    return sid


# the look-ups of every request, built once (issue 15)
SESSION_BY_ID = select(LoginSession).where(LoginSession.id == bindparam("sid"))
TOKEN_BY_HASH = select(ApiToken).where(ApiToken.token_hash == bindparam("hash"))


def session_user(db: Session, sid: str) -> User | None:
    row = db.execute(SESSION_BY_ID, {"sid": sid}).scalar_one_or_none()
    if row is None or row.revoked or _aware(row.expires_at) < utcnow():
        return None
    return row.user


def revoke_session(db: Session, sid: str) -> None:
    row = db.get(LoginSession, sid)
    if row is not None:
        row.revoked = True
        db.commit()


def log_out_everywhere(db: Session, user: User) -> None:
    """End every login session of the user and revoke every API token."""
    db.execute(update(LoginSession).where(LoginSession.user_id == user.id).values(revoked=True))
    db.execute(update(ApiToken).where(ApiToken.user_id == user.id).values(revoked=True))
    db.commit()


def create_api_token(db: Session, user: User, name: str, days: int) -> tuple[ApiToken, str]:
    name = "".join(c for c in (name or "") if ord(c) >= 32).strip() or "token"
    if len(name) > 80:
        raise Invalid("A token name has at most 80 characters.")
    if not isinstance(days, int) or not 1 <= days <= 3650:
        raise Invalid("A token lasts from 1 to 3650 days.")
    raw = new_token()
    row = ApiToken(user_id=user.id, name=name, token_hash=token_hash(raw), expires_at=utcnow() + timedelta(days=days))
    db.add(row)
    db.commit()
    return row, raw


def _live(row: ApiToken) -> bool:
    return not row.revoked and _aware(row.expires_at) > utcnow()


def api_tokens(db: Session, user: User) -> list[ApiToken]:
    rows = db.scalars(select(ApiToken).where(ApiToken.user_id == user.id, ApiToken.revoked.is_(False)))
    return [r for r in rows if _live(r)]


def revoke_api_token(db: Session, user: User, token_id: int) -> None:
    row = db.get(ApiToken, token_id)
    if row is None or row.user_id != user.id:
        raise Invalid("No such token.")
    row.revoked = True
    db.commit()


def token_user(db: Session, raw: str) -> User | None:
    row = db.execute(TOKEN_BY_HASH, {"hash": token_hash(raw)}).scalar_one_or_none()
    if row is None or not _live(row):
        return None
    return row.user
