"""Accounts: registration, password login with a rate limit shared by every process, password change, revocable
login sessions, API tokens with an expiry.

A username is kept as chosen (Unicode NFC: "José María") and compared through its **name key** (NFKC,
case-folded), so "ALICE", "alice" and "ａｌｉｃｅ" are one name: unique, and one rate-limit counter at login."""

from __future__ import annotations

import threading
import time
import unicodedata
from collections import OrderedDict
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

from sqlalchemy import Select, bindparam, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, make_transient_to_detached
from sqlalchemy.orm.util import identity_key

from app.errors import Forbidden, Invalid, TooMany, Unauthorized
from app.models import ApiToken, LoginSession, User, utcnow
from app.security import hash_password, new_token, token_hash, verify_password
from app.services import hot, limits
from app.services.limits import Limit

MIN_PASSWORD = 8
MAX_PASSWORD = 1024
USERNAME_RULE = (
    "3 to 40 characters: letters of any alphabet, digits, and . _ - or single spaces between words "
    "(capitals do not make a different name)"
)
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
    if unicodedata.category(name[0])[0] not in "LN":
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
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)


def _check_password(password: str | None) -> str:
    if password is None or len(password) < MIN_PASSWORD:
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


def change_password(
    db: Session, limit: Limit, user: User, current: str, new: str, address: str, keep_session: str | None
) -> None:
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
    db.execute(
        update(LoginSession)
        .where(LoginSession.user_id == user.id, LoginSession.id != (keep_session or ""))
        .values(revoked=True)
    )
    db.commit()
    _forget(db, user.id)


def open_session(db: Session, user: User, days: int) -> str:
    sid = new_token()
    db.add(LoginSession(id=sid, user_id=user.id, expires_at=utcnow() + timedelta(days=days)))
    db.commit()
    return sid


# the look-ups of every request, built once (issue 15)
SESSION_BY_ID = select(LoginSession).where(LoginSession.id == bindparam("sid"))
TOKEN_BY_HASH = select(ApiToken).where(ApiToken.token_hash == bindparam("hash"))
KEPT = ("id", "username", "name_key", "created_at")  # a user's columns a kept login gives back (not the password)


class Logins:
    """Who a login session or an API token is, kept ``ttl`` seconds (issue 15: the look-up was a query on every
    request). Only live logins are kept, with their expiry, checked at every use. A revocation made by this
    process (log out, log out everywhere, a password change, a token revoked) forgets the user's logins at once;
    one made by another server process on the same database is seen here within ``ttl`` seconds."""

    ttl = 2.0

    def __init__(self, capacity: int = 10_000):
        self.capacity = capacity
        self._items: OrderedDict[str, tuple[float, datetime, dict[str, Any]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> dict[str, Any] | None:
        with self._lock:
            item = self._items.get(key)
            if item is None:
                return None
            deadline, expires_at, user = item
            if deadline < time.monotonic() or _aware(expires_at) < utcnow():
                del self._items[key]
                return None
            return user

    def put(self, key: str, expires_at: datetime, user: User) -> None:
        values = {name: getattr(user, name) for name in KEPT}
        with self._lock:
            self._items[key] = (time.monotonic() + self.ttl, expires_at, values)
            self._items.move_to_end(key)
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)

    def forget_user(self, user_id: int) -> None:
        with self._lock:
            for key in [k for k, (_, _, user) in self._items.items() if user["id"] == user_id]:
                del self._items[key]


def _kept_user(db: Session, values: dict[str, Any]) -> User:
    """The kept user in this session without a query: the columns kept, the others (the password hash) loaded
    from the database if something reads them."""
    user = db.identity_map.get(identity_key(User, values["id"]))  # already in this session (never twice)
    if user is None:
        user = User(**values)
        make_transient_to_detached(user)
        db.add(user)
    return user


def _login(db: Session, key: str, query: Select[LoginSession] | Select[ApiToken], value: dict[str, str]) -> User | None:
    logins = hot.per_engine(db, Logins)
    kept = logins.get(key)
    if kept is not None:
        return _kept_user(db, kept)
    row = db.execute(query, value).scalar_one_or_none()
    if row is None or row.revoked or _aware(row.expires_at) < utcnow():
        return None
    user: User = row.user
    logins.put(key, row.expires_at, user)
    return user


def session_user(db: Session, sid: str) -> User | None:
    return _login(db, "session:" + sid, SESSION_BY_ID, {"sid": sid})


def _forget(db: Session, user_id: int) -> None:
    hot.per_engine(db, Logins).forget_user(user_id)


def revoke_session(db: Session, sid: str) -> None:
    row = db.get(LoginSession, sid)
    if row is not None:
        row.revoked = True
        db.commit()
        _forget(db, row.user_id)


def log_out_everywhere(db: Session, user: User) -> None:
    """End every login session of the user and revoke every API token."""
    db.execute(update(LoginSession).where(LoginSession.user_id == user.id).values(revoked=True))
    db.execute(update(ApiToken).where(ApiToken.user_id == user.id).values(revoked=True))
    db.commit()
    _forget(db, user.id)


def create_api_token(db: Session, user: User, name: str, days: int) -> tuple[ApiToken, str]:
    name = "".join(c for c in (name or "") if c.isprintable()).strip() or "token"  # no control character, DEL too
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
    _forget(db, user.id)


def token_user(db: Session, raw: str) -> User | None:
    digest = token_hash(raw)
    return _login(db, "token:" + digest, TOKEN_BY_HASH, {"hash": digest})
