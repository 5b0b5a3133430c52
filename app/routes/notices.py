"""Pages of your-turn notices (issue "Play-by-web life" §1): the list, the settings, the delivery log, the signed
unsubscribe link (no login needed), and the small JSON the browser notification script asks."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import JSONResponse, RedirectResponse

from app.deps import CSRF, CurrentUser, OptionalUser, SessionDep, WatchableTable
from app.services import notices
from app.web import render

router = APIRouter(include_in_schema=False)


@router.get("/notices")
def notice_list(request: Request, db: SessionDep, user: CurrentUser, none_waiting: bool = False):
    return render(
        request,
        "notices/index.html",
        none_waiting=none_waiting,
        waiting=len(notices.waiting_tables(db, user.id)),
        notices=notices.notices(db, user),
        prefs=notices.settings_of(db, user),
        deliveries=notices.deliveries(db, user),
        email_on=bool(request.app.state.settings.smtp_host),
    )


@router.post("/notices/settings", dependencies=[CSRF])
def notice_settings(
    request: Request,
    db: SessionDep,
    user: CurrentUser,
    email: Annotated[str, Form(max_length=254)] = "",
    webhook_url: Annotated[str, Form(max_length=500)] = "",
    webhook_format: Annotated[str, Form(max_length=8)] = "json",
    mode: Annotated[str, Form(max_length=8)] = "every",
    digest_hours: Annotated[int, Form(ge=1, le=168)] = 24,
):
    notices.save_settings(
        db,
        user,
        email,
        webhook_url,
        webhook_format,
        mode,
        digest_hours,
        request.app.state.settings.webhook_allowed_hosts,
    )
    return RedirectResponse("/notices?saved=1", status_code=303)


@router.post("/notices/read", dependencies=[CSRF])
def notice_read(db: SessionDep, user: CurrentUser):
    notices.mark_read(db, user)
    return RedirectResponse("/notices", status_code=303)


@router.get("/notices/unsubscribe/{token}")
def unsubscribe_page(request: Request, token: str):
    """The link in every mail shows a button (mail scanners follow links; they do not press buttons)."""
    return render(request, "notices/unsubscribe.html", token=token, done=False)


@router.post("/notices/unsubscribe/{token}")
def unsubscribe(request: Request, db: SessionDep, token: str):
    """The signed token is the authority (no login, no CSRF token): the page's button, and one-click
    unsubscribe from mail programs (RFC 8058)."""
    who = notices.unsubscribe(db, request.app.state.settings.resolved_secret(), token)
    status = 200 if who is not None else 404
    return render(request, "notices/unsubscribe.html", status_code=status, token=token, done=who is not None, who=who)


@router.get("/notices/next")
def next_table(
    db: SessionDep,
    user: CurrentUser,
    after: Annotated[int | None, Query(ge=0, le=2**31 - 1)] = None,
):
    """The next table where it is my turn (issue 28, "a link goes to the next table where it is my turn"): the one
    that has waited longest, other than ``after`` (the table I am on); none: the list of my notices, which says so."""
    waiting = [t for t in notices.waiting_tables(db, user.id) if t.id != after]
    if not waiting:
        return RedirectResponse("/notices?none_waiting=1", status_code=303)
    return RedirectResponse(f"/tables/{waiting[0].id}", status_code=303)


@router.get("/notices/turn/{table_id}")
def turn(db: SessionDep, user: OptionalUser, table: WatchableTable):
    """For the browser notification of a tab in the background: is it my turn here now?"""
    return JSONResponse({"my_turn": notices.my_turn(table, user), "table": table.id, "name": table.name})
