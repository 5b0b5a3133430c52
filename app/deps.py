"""Annotated dependencies: SessionDep, OptionalUser, CurrentUser, SessionUser (logged in by a browser session, not
a token), TableDep (404), WatchableTable (403 for a
table the user may not watch), SeatDep (the seat asked for with ``?as=``, 403 if not the user's), FormData, CSRF;
and for the hot routes (a move, an undo, a seat's view, the table's page, the live partial) PlayerHop and
WatcherHop: the same look-ups made in the route's own worker thread (``Hop``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from typing import Annotated

import anyio
from fastapi import Depends, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from sqlalchemy.orm import Session

from app import i18n
from app.errors import Forbidden, Unauthorized
from app.i18n import _
from app.models import GameTable, User
from app.security import CSRF_FIELD, CSRF_HEADER, SESSION_COOKIE, CsrfTokens
from app.services import accounts, tables


async def get_db(request: Request) -> AsyncIterator[Session]:
    """The request's session, made without a worker thread (it does no I/O before its first statement); closed
    in one, since giving its connection back may talk to the database, even when the request was cancelled.
    Each sync dependency costs a thread hop; the pure ones below are async for that reason (issue 15)."""
    db = request.app.state.sessions()
    try:
        yield db
    finally:
        with anyio.CancelScope(shield=True):
            await run_in_threadpool(db.close)


SessionDep = Annotated[Session, Depends(get_db)]


def get_optional_user(request: Request, db: SessionDep) -> User | None:
    request.state.user = user = find_user(request, db)
    return user


def find_user(request: Request, db: Session) -> User | None:
    user = _find_user(request, db)
    if user is not None:
        i18n.prefer_user(user.language)  # the reader's own choice of language wins (app.i18n)
    return user


def _find_user(request: Request, db: Session) -> User | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        user = accounts.token_user(db, auth[7:].strip())
        if user is None:
            raise Unauthorized(_("That API token is not valid."))
        return user
    cookie = request.cookies.get(SESSION_COOKIE)
    if cookie:
        sid = request.app.state.signer.unsign(cookie)
        if sid:
            request.state.session_id = sid
            return accounts.session_user(db, sid)
    return None


OptionalUser = Annotated[User | None, Depends(get_optional_user)]


async def get_current_user(user: OptionalUser) -> User:
    if user is None:
        raise Unauthorized(_("Log in first."))
    return user


CurrentUser = Annotated[User, Depends(get_current_user)]


async def get_session_user(request: Request, user: CurrentUser) -> User:
    """The user of a browser's login session, never of an API token: what makes a credential needs it (issue
    26), or the password. With the session's CSRF token (``CSRF``) a foreign page cannot ask either."""
    if getattr(request.state, "session_id", None) is None:
        raise Forbidden(
            _(
                "An API token cannot make credentials: create tokens on the account page, logged in, or with your "
                "password (POST /api/v1/tokens)."
            )
        )
    return user


SessionUser = Annotated[User, Depends(get_session_user)]


RowId = Annotated[int, Path(ge=1, le=2**31 - 1, description="A row id")]


def get_table(db: SessionDep, table_id: RowId) -> GameTable:
    return tables.get_table(db, table_id)


TableDep = Annotated[GameTable, Depends(get_table)]


async def get_watchable_table(table: TableDep, user: OptionalUser) -> GameTable:
    """A table whose page, view, chat, log and record the user may see (``tables.may_watch``), else 403."""
    tables.check_watch(table, user)
    return table


WatchableTable = Annotated[GameTable, Depends(get_watchable_table)]


SeatQuery = Annotated[str | None, Query(alias="as", max_length=40, description="The seat to see as (one of yours)")]


def seat_of(table: GameTable, user: User | None, as_: str | None) -> str | None:
    """The seat a reader sees the table as: the one asked for (403 if it is not theirs), else their first seat,
    else None (a spectator)."""
    if as_ is None and not tables.roles_of(table, user):
        return None
    return tables.acting_role(table, user, as_)


async def get_seat(table: WatchableTable, user: OptionalUser, as_: SeatQuery = None) -> str | None:
    return seat_of(table, user, as_)


SeatDep = Annotated[str | None, Depends(get_seat)]


class Hop:
    """A hot route's look-ups and its work in the route's one worker thread (issue 15). As dependencies, the
    login and the table were a thread-pool hop each and the session's close another: 4 hops a move, and the
    pool's hops were ~30 % of a move's server CPU. A route given a Hop opens it in its own thread, which makes
    the look-ups in the order the dependencies made them — the login (401), the table (404), for a watcher who
    may watch it (403) — and closes the session when the route is done.

    FastAPI refuses invalid parameters (422) before the route runs; the Hop is made before that (it takes no
    parameters), and ``app.main`` then calls ``check_first``, so a 401, 404 or 403 still comes before a 422."""

    def __init__(self, request: Request, watcher: bool):
        self.request, self.watcher = request, watcher
        request.state.hop = self

    @contextmanager
    def at(self, table_id: int) -> Iterator[tuple[Session, User | None, GameTable]]:
        """The session, the user (None: a spectator not logged in) and the table; the session closes after. The
        session keeps its one connection through the route: after a move's commit, the view is read on it
        without a second check-out from the pool (its work, and on PostgreSQL the ping of a connection idle a second)."""
        state = self.request.app.state
        with state.engine.connect() as conn, state.sessions(bind=conn) as db:
            user = self._user(db)
            table = tables.get_table(db, table_id)
            if self.watcher:
                tables.check_watch(table, user)
            yield db, user, table

    def _user(self, db: Session) -> User | None:
        self.request.state.user = user = find_user(self.request, db)
        if user is None and not self.watcher:
            raise Unauthorized(_("Log in first."))
        return user

    def check_first(self, table_id_valid: bool) -> None:
        """The look-ups FastAPI's refusal of a parameter would have come after (AppError when one fails); the
        table only when its id is valid, as the dependency's parameter was."""
        if not table_id_valid:
            with self.request.app.state.sessions() as db:
                self._user(db)
            return
        with self.at(int(self.request.path_params["table_id"])):
            pass


def signed_in(user: User | None) -> User:
    """A ``PlayerHop``'s user (its look-up answered 401 without one)."""
    if user is None:
        raise Unauthorized(_("Log in first."))
    return user


async def player_hop(request: Request) -> Hop:
    return Hop(request, watcher=False)


async def watcher_hop(request: Request) -> Hop:
    return Hop(request, watcher=True)


PlayerHop = Annotated[Hop, Depends(player_hop)]  # a logged-in user (401) at a table (404)
WatcherHop = Annotated[Hop, Depends(watcher_hop)]  # anyone (a bad API token: 401) at a table they may watch


async def form_data(request: Request) -> dict[str, str]:
    """The submitted form's text fields (read here, without blocking, so the route itself can be sync)."""
    return {k: v for k, v in (await request.form()).items() if isinstance(v, str)}


FormData = Annotated[dict[str, str], Depends(form_data)]


async def csrf_protect(request: Request) -> None:
    """The session-bound CSRF token (``app.middleware.CsrfCookie``) on every state-changing request that carries
    a login cookie, and on the login and register forms. A request with an API token, or an API call without any
    login cookie, has no ambient authority to abuse and sets no cookie, so it needs no token."""
    if request.headers.get("authorization", "").lower().startswith("bearer "):
        return
    if request.url.path.startswith("/api/") and SESSION_COOKIE not in request.cookies:
        return
    sent = request.headers.get(CSRF_HEADER)
    if sent is None and request.headers.get("content-type", "").startswith(
        ("application/x-www-form-urlencoded", "multipart/form-data")
    ):
        form = await request.form()
        value = form.get(CSRF_FIELD)
        sent = value if isinstance(value, str) else None
    if not CsrfTokens.matches(request.scope.get("state", {}).get("csrf_token"), sent):
        raise Forbidden(_("The form's security token is missing or stale; reload the page and try again."))


CSRF = Depends(csrf_protect)


def client_address(request: Request) -> str:
    """The client's address: the socket's peer, or what a proxy named in ``trusted_proxies`` forwarded for it
    (``app.main`` trusts proxy headers from those addresses only)."""
    return request.client.host if request.client else "unknown"
