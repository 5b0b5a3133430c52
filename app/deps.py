"""Annotated dependencies: SessionDep, OptionalUser, CurrentUser, TableDep (404), CSRF."""
from __future__ import annotations

from typing import Annotated, Iterator

from fastapi import Depends, Path, Request
from sqlalchemy.orm import Session

from app.errors import Forbidden, Unauthorized
from app.models import GameTable, User
from app.security import CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER, SESSION_COOKIE, csrf_matches
from app.services import accounts, tables


def get_db(request: Request) -> Iterator[Session]:
    with request.app.state.sessions() as db:
        yield db


SessionDep = Annotated[Session, Depends(get_db)]


def get_optional_user(request: Request, db: SessionDep) -> User | None:
    request.state.user = user = _find_user(request, db)
    return user


def _find_user(request: Request, db: Session) -> User | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        user = accounts.token_user(db, auth[7:].strip())
        if user is None:
            raise Unauthorized("That API token is not valid.")
        request.state.via_token = True
        return user
    cookie = request.cookies.get(SESSION_COOKIE)
    if cookie:
        sid = request.app.state.signer.unsign(cookie)
        if sid:
            request.state.session_id = sid
            return accounts.session_user(db, sid)
    return None


OptionalUser = Annotated[User | None, Depends(get_optional_user)]


def get_current_user(user: OptionalUser) -> User:
    if user is None:
        raise Unauthorized("Log in first.")
    return user


CurrentUser = Annotated[User, Depends(get_current_user)]


RowId = Annotated[int, Path(ge=1, le=2**31 - 1, description="A row id")]


def get_table(db: SessionDep, table_id: RowId) -> GameTable:
    return tables.get_table(db, table_id)


TableDep = Annotated[GameTable, Depends(get_table)]


async def csrf_protect(request: Request) -> None:
    """Double-submit check on every state-changing request that carries a login cookie, and on the login and
    register forms. A request with an API token, or an API call without any login cookie, has no ambient
    authority to abuse and sets no cookie, so it needs no token."""
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
    if not csrf_matches(request.cookies.get(CSRF_COOKIE), sent):
        raise Forbidden("The form's security token is missing or stale; reload the page and try again.")


CSRF = Depends(csrf_protect)
