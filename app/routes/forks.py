"""Forks (issue "Play-by-web life" §4): the form to fork a finished game at a move with new seats, the private
analysis fork of one's own running position, and the same in the JSON API. See ``app.services.forks``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, ConfigDict, Field

from app.deps import CSRF, CurrentUser, FormData, SessionDep, WatchableTable
from app.errors import AppError
from app.forms import seat_choices
from app.services import forks
from app.services.play import effective_moves
from app.services.tables import game_of, roles_of
from app.web import render

router = APIRouter()
Step = Annotated[int, Query(ge=0, lt=2**31)]


def _form(
    request: Request,
    db,
    table,
    user,
    step: int,
    form: dict[str, Any] | None = None,
    error: str | None = None,
    status: int = 200,
):
    game = game_of(table.game_id)
    mine = roles_of(table, user)
    roles = [s.role for s in table.seats]
    chosen = {
        r: (form or {}).get(f"seat_{r}") or ("me" if (r in mine or (not mine and r == roles[0])) else "open")
        for r in roles
    }
    return render(
        request,
        "table/fork.html",
        status_code=status,
        table=table,
        game=game,
        step=step,
        steps=len(effective_moves(db, table.id)),
        roles=roles,
        chosen=chosen,
        seat_choices=seat_choices(game),
        error=error,
        fork_name=(form or {}).get("name", ""),
    )


@router.get("/tables/{table_id}/fork", include_in_schema=False)
def fork_form(request: Request, db: SessionDep, user: CurrentUser, table: WatchableTable, step: Step = 0):
    return _form(request, db, table, user, step)


@router.post("/tables/{table_id}/fork", dependencies=[CSRF], include_in_schema=False)
def fork(request: Request, db: SessionDep, user: CurrentUser, table: WatchableTable, form: FormData):
    try:
        step = int(form.get("step", ""))
    except ValueError:
        step = -1
    seats = {s.role: form.get(f"seat_{s.role}", "open") for s in table.seats}
    try:
        new = forks.fork_finished(db, table, user, step, seats, form.get("name") or None)
    except AppError as exc:
        db.rollback()
        return _form(request, db, table, user, max(step, 0), form, exc.message, exc.status_code)
    return RedirectResponse(f"/tables/{new.id}", status_code=303)


@router.post("/tables/{table_id}/analyse", dependencies=[CSRF], include_in_schema=False)
def analyse(
    db: SessionDep,
    user: CurrentUser,
    table: WatchableTable,
    role: Annotated[str, Form(max_length=40)] = "",
    step: Annotated[int | None, Form(ge=0, lt=2**31)] = None,
):
    new = forks.fork_analysis(db, table, user, role or None, step)
    return RedirectResponse(f"/tables/{new.id}", status_code=303)


# ----- the JSON API -----
class ForkRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    step: int = Field(ge=0, lt=2**31, description="Moves that count before the fork (0: the setup)")
    seats: dict[str, str] = Field(default_factory=dict, description="role -> me | open | invite | bot:<name>")
    name: str | None = Field(None, max_length=120)


class AnalysisRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    role: str | None = Field(None, max_length=40, description="My seat whose position to analyse")
    step: int | None = Field(None, ge=0, lt=2**31, description="Moves that count (default: the position now)")


@router.post(
    "/api/v1/tables/{table_id}/forks",
    tags=["api"],
    status_code=201,
    dependencies=[CSRF],
    summary="Fork a finished game at a move: a new table with new seats",
)
def api_fork(db: SessionDep, user: CurrentUser, table: WatchableTable, body: ForkRequest):
    new = forks.fork_finished(db, table, user, body.step, body.seats, body.name)
    return {"id": new.id, "forked_from": table.id, "step": body.step, "status": new.status}


@router.post(
    "/api/v1/tables/{table_id}/analysis",
    tags=["api"],
    status_code=201,
    dependencies=[CSRF],
    summary="Fork my own position of a running game, privately, to try things out (only where nothing "
    "is hidden from my seat)",
)
def api_analysis(db: SessionDep, user: CurrentUser, table: WatchableTable, body: AnalysisRequest):
    new = forks.fork_analysis(db, table, user, body.role, body.step)
    return {"id": new.id, "forked_from": table.id, "status": new.status}
