"""Accounts: registration, password login with a rate limit shared by every process, password change, revocable
login sessions, API tokens with an expiry.

**Credentials and what made them** (issue 26). Only the password (a login, ``POST /api/v1/tokens``) or a login
session with its CSRF token (the account page) makes a credential; an API token never does, and a token lives
at most ``MAX_TOKEN_DAYS``. Each token records what made it. A password change ends every other login session
and revokes every token but those made in the session that changes it: the tokens made with the password, in the
other sessions (a thief's session among them), or before 0010 (not known: perhaps by another token). Logging
out of a session leaves the tokens made in it (they are the account's); logging out everywhere revokes them all.
A token's last use is written at most once a minute (``LAST_USE_EVERY``), in a short transaction of its own,
when the token is looked up (not when ``Logins`` keeps it), so the move path pays a write a minute per token.

A username is kept as chosen (Unicode NFC: "José María") and compared through its **name key** (NFKC,
case-folded), so "ALICE", "alice" and "ａｌｉｃｅ" are one name: unique, and one rate-limit counter at login."""

from __future__ import annotations

import logging
import time
import unicodedata
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

from sqlalchemy import Select, bindparam, inspect, or_, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, make_transient_to_detached
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key

from app.errors import Forbidden, Invalid, TooMany, Unauthorized
from app.i18n import N_, _
from app.models import ApiToken, LoginSession, User, utcnow
from app.security import hash_password, new_token, token_hash, verify_password
from app.services import hot, limits
from app.services.limits import Limit
from engines.core.kept import Kept

MIN_PASSWORD = 8
MAX_PASSWORD = 1024
MAX_TOKEN_DAYS = 365  # a token's longest life (migration 0010 cut the older ones to a year from the upgrade)
LAST_USE_EVERY = timedelta(minutes=1)  # a token's last use is written at most this often
log = logging.getLogger(__name__)
USERNAME_RULE = N_(
    "A username has 3 to 40 characters: letters of any alphabet, digits, and . _ - or single spaces between words "
    "(capitals do not make a different name)."
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
        raise Invalid(_("A password has at least {n} characters.").format(n=MIN_PASSWORD))
    if len(password) > MAX_PASSWORD:
        raise Invalid(_("That password is too long."))
    return password


def register(db: Session, limit: Limit, username: str, password: str, address: str) -> User:
    username = normalise(username)
    if not valid_username(username):
        raise Invalid(_(USERNAME_RULE))
    _check_password(password)
    key = name_key(username)
    if db.scalar(select(User.id).where(User.name_key == key)) is not None:
        raise Invalid(_("That username is taken."))
    limits.take(db, limit, f"register:{address}", N_("registrations from your address"))
    user = User(username=username, name_key=key, password_hash=hash_password(password))
    db.add(user)
    try:
        db.commit()
    except IntegrityError:
        db.rollback()
        raise Invalid(_("That username is taken.")) from None
    return user


def authenticate(db: Session, limit: Limit, username: str, password: str, address: str) -> User:
    """The user with this name and password. Failures count per name key and per address; an unknown name costs
    the same password check as a wrong password."""
    key = name_key(username)[:160]
    keys = (f"login-user:{key}", f"login-addr:{address}")
    if limits.blocked(db, limit, *keys):
        raise TooMany(_("Too many failed logins; wait a few minutes and try again."))
    user = db.scalar(select(User).where(User.name_key == key)) if valid_username(normalise(username)) else None
    ok = verify_password(user.password_hash if user is not None else _decoy_hash(), password or "")
    if user is None or not ok:
        limits.hit(db, *keys)
        db.commit()
        raise Unauthorized(_("Wrong username or password."))
    limits.reset(db, keys[0])
    db.commit()
    return user


def change_password(
    db: Session, limit: Limit, user: User, current: str, new: str, address: str, keep_session: str | None
) -> None:
    """Set a new password; every other login session of the user ends (``keep_session``, the one asking, stays),
    and every API token but those made in ``keep_session`` is revoked (none when a script asks: its own token
    too). A wrong current password counts as a failed login."""
    keys = (f"login-user:{user.name_key}", f"login-addr:{address}")
    if limits.blocked(db, limit, *keys):
        raise TooMany(_("Too many failed logins; wait a few minutes and try again."))
    if not verify_password(user.password_hash, current or ""):
        limits.hit(db, *keys)
        db.commit()
        raise Forbidden(_("The current password is wrong."))
    user.password_hash = hash_password(_check_password(new))
    db.execute(
        update(LoginSession)
        .where(LoginSession.user_id == user.id, LoginSession.id != (keep_session or ""))
        .values(revoked=True)
    )
    db.execute(  # what the old password and the other sessions made (see the module)
        update(ApiToken)
        .where(
            ApiToken.user_id == user.id,
            or_(ApiToken.session_id.is_(None), ApiToken.session_id != (keep_session or "")),
        )
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
KEPT = (
    "id",
    "username",
    "name_key",
    "created_at",
    "language",
    "display",
)  # a user's columns a kept login gives back (not the password)


class Logins:
    """Who a login session or an API token is, kept ``ttl`` seconds (issue 15: the look-up was a query on every
    request). Only live logins are kept, with their expiry, checked at every use. A revocation made by this
    process (log out, log out everywhere, a password change, a token revoked) forgets the user's logins at once;
    one made by another server process on the same database is seen here within ``ttl`` seconds."""

    ttl = 2.0

    def __init__(self, capacity: int = 10_000):
        self._items: Kept[str, tuple[float, datetime, dict[str, Any]]] = Kept(capacity)

    def get(self, key: str) -> dict[str, Any] | None:
        item = self._items.get(key)
        if item is None:
            return None
        deadline, expires_at, user = item
        if deadline < time.monotonic() or _aware(expires_at) < utcnow():
            self._items.pop(key)
            return None
        return user

    def put(self, key: str, expires_at: datetime, user: User) -> None:
        values = {name: getattr(user, name) for name in KEPT}
        self._items.put(key, (time.monotonic() + self.ttl, expires_at, values))

    def forget_user(self, user_id: int) -> None:
        self._items.forget(lambda _key, item: item[2]["id"] == user_id)


def _kept_user(db: Session, values: dict[str, Any]) -> User:
    """The kept user in this session without a query: the columns kept, the others (the password hash) loaded
    from the database if something reads them."""
    user = db.identity_map.get(identity_key(User, values["id"]))  # already in this session (never twice)
    if user is None:
        user = User(**values)
        make_transient_to_detached(user)
        db.add(user)
    else:  # read by a query that loaded only some columns (a table's seats: id, username): the kept ones too,
        # so the page drawn after the session closed (an error page) reads them without a load
        for name in inspect(user).unloaded & set(KEPT):
            set_committed_value(user, name, values[name])
    return user


def _login(
    db: Session, key: str, query: Select[LoginSession] | Select[ApiToken], value: dict[str, str]
) -> LoginSession | ApiToken | User | None:
    """The user of a live login (kept, or its row read and kept); the row itself when it was read."""
    logins = hot.per_engine(db, Logins)
    kept = logins.get(key)
    if kept is not None:
        return _kept_user(db, kept)
    row: LoginSession | ApiToken | None = db.execute(query, value).scalar_one_or_none()
    if row is None or row.revoked or _aware(row.expires_at) < utcnow():
        return None
    logins.put(key, row.expires_at, row.user)
    return row


def _user_of(found: LoginSession | ApiToken | User | None) -> User | None:
    return found if found is None or isinstance(found, User) else found.user


def session_user(db: Session, sid: str) -> User | None:
    return _user_of(_login(db, "session:" + sid, SESSION_BY_ID, {"sid": sid}))


def _forget(db: Session, user_id: int) -> None:
    hot.per_engine(db, Logins).forget_user(user_id)


def revoke_session(db: Session, sid: str) -> None:
    row = db.get(LoginSession, sid)
    if row is not None:
        row.revoked = True
        db.commit()
        _forget(db, row.user_id)


def set_language(db: Session, user: User, lang: str | None) -> None:
    """The user's language for the site (``app.i18n.LANGUAGES``), or None: as the browser asks."""
    db.execute(update(User).where(User.id == user.id).values(language=lang))
    db.commit()
    _forget(db, user.id)  # a kept login carries the language (``KEPT``)


# A user's display preferences (issue 28): each setting and the values it may take, its default first.
DISPLAY = {
    "map_zoom": ("", "width", "both", "full"),  # the map at first: as the page lays it out, its width, all of it, 100 %
    "stacks": ("vertical", "horizontal", "diagonal"),  # how a stack of units opens on the map
    "theme": ("system", "light", "dark"),  # the site's colours: as the system asks (prefers-color-scheme), or one
    "side_panel": ("open", "collapsed"),  # a table's side column on a desktop: open, or a strip beside the board
}


def changed_display(display: dict[str, str] | None, changes: dict[str, str]) -> dict[str, str]:
    """``display`` with ``changes`` made (``DISPLAY``); a setting or a value it may not take raises ValueError."""
    for name, value in changes.items():
        if value not in DISPLAY.get(name, ()):
            raise ValueError(f"{name}: {value!r}")
    return {**(display or {}), **changes}


def set_display(db: Session, user: User, changes: dict[str, str]) -> dict[str, str]:
    """Change some of the user's display preferences (``changed_display``). Returns them all."""
    display = changed_display(user.display, changes)
    db.execute(update(User).where(User.id == user.id).values(display=display))
    db.commit()
    _forget(db, user.id)  # a kept login carries the preferences (``KEPT``)
    return display


def log_out_everywhere(db: Session, user: User) -> None:
    """End every login session of the user and revoke every API token."""
    db.execute(update(LoginSession).where(LoginSession.user_id == user.id).values(revoked=True))
    db.execute(update(ApiToken).where(ApiToken.user_id == user.id).values(revoked=True))
    db.commit()
    _forget(db, user.id)


def create_api_token(
    db: Session, user: User, name: str, days: int, session_id: str | None = None
) -> tuple[ApiToken, str]:
    """A new token of the user, made in the login session ``session_id`` (the account page) or, without one,
    with the password (``POST /api/v1/tokens``); never by another token (the routes see to it: ``SessionUser``)."""
    name = "".join(c for c in (name or "") if c.isprintable()).strip() or "token"  # no control character, DEL too
    if len(name) > 80:
        raise Invalid(_("A token name has at most 80 characters."))
    if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= MAX_TOKEN_DAYS:
        raise Invalid(_("A token lasts from 1 to {n} days.").format(n=MAX_TOKEN_DAYS))
    raw = new_token()
    row = ApiToken(
        user_id=user.id,
        name=name,
        token_hash=token_hash(raw),
        expires_at=utcnow() + timedelta(days=days),
        made_with="session" if session_id else "password",
        session_id=session_id,
    )
    db.add(row)
    db.commit()
    return row, raw


def _live(row: ApiToken) -> bool:
    return not row.revoked and _aware(row.expires_at) > utcnow()


def api_tokens(db: Session, user: User) -> list[ApiToken]:
    """The user's live tokens, newest first."""
    rows = db.scalars(
        select(ApiToken)
        .where(ApiToken.user_id == user.id, ApiToken.revoked.is_(False))
        .order_by(ApiToken.created_at.desc(), ApiToken.id.desc())
    )
    return [r for r in rows if _live(r)]


def revoke_api_token(db: Session, user: User, token_id: int) -> None:
    """Revoke one of the user's tokens (it made nothing: a token makes no credential)."""
    row = db.get(ApiToken, token_id)
    if row is None or row.user_id != user.id:
        raise Invalid(_("No such token."))
    row.revoked = True
    db.commit()
    _forget(db, user.id)


def token_user(db: Session, raw: str) -> User | None:
    digest = token_hash(raw)
    found = _login(db, "token:" + digest, TOKEN_BY_HASH, {"hash": digest})
    if isinstance(found, ApiToken):
        _note_use(db, found)
    return _user_of(found)


def _note_use(db: Session, row: ApiToken) -> None:
    """Write the token's last use if the stored one is ``LAST_USE_EVERY`` old: in a transaction of its own (the
    request's may only read, or be long), conditional so that several processes write it once. Best effort: a
    busy database costs the request nothing but this note."""
    now = utcnow()
    if row.last_used_at is not None and now - _aware(row.last_used_at) < LAST_USE_EVERY:
        return
    try:
        with db.get_bind().engine.begin() as conn:  # the engine (a bound connection's too): another connection
            conn.execute(
                update(ApiToken)
                .where(
                    ApiToken.id == row.id,
                    or_(ApiToken.last_used_at.is_(None), ApiToken.last_used_at < now - LAST_USE_EVERY),
                )
                .values(last_used_at=now)
            )
    except SQLAlchemyError as exc:
        log.warning("a token's last use was not written: %s", exc)
