"""Annotated dependencies: SessionDep, OptionalUser, CurrentUser, TableDep (404), WatchableTable (403 for a
table the user may not watch), SeatDep (the seat asked for with ``?as=``, 403 if not the user's), FormData, CSRF."""
from __future__ import annotations

from typing import Annotated, AsyncIterator

import anyio
from fastapi import Depends, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from sqlalchemy.orm import Session

from app.errors import Forbidden, Unauthorized
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
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        user = accounts.token_user(db, auth[7:].strip())
        if user is None:
            raise Unauthorized("That API token is not valid.")
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
        raise Unauthorized("Log in first.")
    return user


CurrentUser = Annotated[User, Depends(get_current_user)]


RowId = Annotated[int, Path(ge=1, le=2**31 - 1, description="A row id")]


def get_table(db: SessionDep, table_id: RowId) -> GameTable:
    return tables.get_table(db, table_id)


TableDep = Annotated[GameTable, Depends(get_table)]


async def get_watchable_table(table: TableDep, user: OptionalUser) -> GameTable:
    """A table whose page, view, chat, log and record the user may see (``tables.may_watch``), else 403."""
    tables.check_watch(table, user)
    return table


WatchableTable = Annotated[GameTable, Depends(get_watchable_table)]


async def get_seat(table: WatchableTable, user: OptionalUser,
             as_: Annotated[str | None, Query(alias="as", max_length=40,
                                              description="The seat to see as (one of yours)")] = None) -> str | None:
    """The seat a reader sees the table as: the one asked for (403 if it is not theirs), else their first seat,
    else None (a spectator)."""
    if as_ is None and not tables.roles_of(table, user):
        return None
    return tables.acting_role(table, user, as_)


SeatDep = Annotated[str | None, Depends(get_seat)]


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
            ("application/x-www-form-urlencoded", "multipart/form-data")):
        form = await request.form()
        value = form.get(CSRF_FIELD)
        sent = value if isinstance(value, str) else None
    if not CsrfTokens.matches(request.scope.get("state", {}).get("csrf_token"), sent):
        raise Forbidden("The form's security token is missing or stale; reload the page and try again.")


CSRF = Depends(csrf_protect)


def client_address(request: Request) -> str:
    """The client's address: the socket's peer, or what a proxy named in ``trusted_proxies`` forwarded for it
    (``app.main`` trusts proxy headers from those addresses only)."""
    return request.client.host if request.client else "unknown"
