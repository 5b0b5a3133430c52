"""Resign, abandon by agreement, rematch (issue "Play-by-web life" §2): the table page's panel (an HTMX
partial) with its forms, and the same in the JSON API."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse

from app.deps import CSRF, CurrentUser, OptionalUser, SessionDep, WatchableTable
from app.i18n import _
from app.models import GameTable, User
from app.openapi import refusals
from app.services import endings, tables
from app.web import is_htmx, render

router = APIRouter()


def panel_context(db, table: GameTable, user: User | None) -> dict[str, Any]:
    votes = endings.abandon_votes(db, table)
    return {
        "table": table,
        "outcome": endings.platform_outcome(db, table),
        "mine": tables.roles_of(table, user),
        "voted": user is not None and user.id in votes,
        "votes": len(votes),
        "players": len(endings.players(table)),
    }


@router.get("/tables/{table_id}/endings", include_in_schema=False)
def panel(request: Request, db: SessionDep, user: OptionalUser, table: WatchableTable):
    return render(request, "endings/_panel.html", **panel_context(db, table, user))


def _done(request: Request, db, table: GameTable, user: User):
    if is_htmx(request):
        return render(request, "endings/_panel.html", **panel_context(db, table, user))
    return RedirectResponse(f"/tables/{table.id}", status_code=303)


@router.post("/tables/{table_id}/resign", dependencies=[CSRF], include_in_schema=False)
def resign(
    request: Request,
    db: SessionDep,
    user: CurrentUser,
    table: WatchableTable,
    role: Annotated[str, Form(max_length=40)] = "",
):
    endings.resign(db, table, user, role or None)
    return _done(request, db, table, user)


@router.post("/tables/{table_id}/abandon", dependencies=[CSRF], include_in_schema=False)
def abandon(
    request: Request,
    db: SessionDep,
    user: CurrentUser,
    table: WatchableTable,
    withdraw: Annotated[str, Form(max_length=5)] = "",
):
    if withdraw:
        endings.withdraw_abandon(db, table, user)
    else:
        endings.vote_abandon(db, table, user)
    return _done(request, db, table, user)


def _rematch(request: Request, db, table: GameTable, user: User) -> GameTable:
    new, invited = endings.rematch(db, table, user)
    for user_id, path in invited:
        request.app.state.notifier.tell(
            user_id,
            new,
            lambda: _("{name} asks you to a rematch: {table}.").format(name=user.username, table=new.name),
            path,
        )
    return new


@router.post("/tables/{table_id}/rematch", dependencies=[CSRF], include_in_schema=False)
def rematch(request: Request, db: SessionDep, user: CurrentUser, table: WatchableTable):
    new = _rematch(request, db, table, user)
    if is_htmx(request):
        return RedirectResponse(f"/tables/{new.id}", status_code=303, headers={"HX-Redirect": f"/tables/{new.id}"})
    return RedirectResponse(f"/tables/{new.id}", status_code=303)


# ----- the JSON API -----
@router.post(
    "/api/v1/tables/{table_id}/resign",
    tags=["api"],
    dependencies=[CSRF],
    summary="Resign my seat (a platform move: the game ends with the platform's outcome)",
    responses=refusals(s403="I hold no seat here (or a missing CSRF token)", s422="The game is not in progress"),
)
def api_resign(request: Request, db: SessionDep, user: CurrentUser, table: WatchableTable, role: str | None = None):
    outcome = endings.resign(db, table, user, role)
    return {"status": table.status, "outcome": outcome}


@router.post(
    "/api/v1/tables/{table_id}/abandon",
    tags=["api"],
    dependencies=[CSRF],
    summary="Agree to abandon the game; it is abandoned when every player agrees",
    responses=refusals(s403="I hold no seat here (or a missing CSRF token)", s422="The game is not in progress"),
)
def api_abandon(request: Request, db: SessionDep, user: CurrentUser, table: WatchableTable):
    outcome = endings.vote_abandon(db, table, user)
    return {"status": table.status, "outcome": outcome, "votes": len(endings.abandon_votes(db, table))}


@router.post(
    "/api/v1/tables/{table_id}/rematch",
    tags=["api"],
    status_code=201,
    dependencies=[CSRF],
    summary="A new table with the same seats and options; the other players are invited",
    responses=refusals(s403="I was not a player of this game (or a missing CSRF token)", s422="The game is not over"),
)
def api_rematch(request: Request, db: SessionDep, user: CurrentUser, table: WatchableTable):
    new = _rematch(request, db, table, user)
    return {"id": new.id, "rematch_of": table.id, "status": new.status}
