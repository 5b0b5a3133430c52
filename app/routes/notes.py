"""A seat's private notepad (issue 28): written from the table page (an HTMX form that saves as one types, or a
plain POST without JavaScript) and through the JSON API. ``app/services/notes.py`` keeps it private."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, Field

from app.deps import CSRF, CurrentUser, SeatQuery, SessionDep, WatchableTable
from app.openapi import refusals
from app.routes.api import Strict
from app.services import notes
from app.web import is_htmx, render

router = APIRouter()


@router.post("/tables/{table_id}/notes", dependencies=[CSRF], include_in_schema=False)
def save(
    request: Request,
    db: SessionDep,
    user: CurrentUser,
    table: WatchableTable,
    text: Annotated[str, Form(max_length=notes.MAX_CHARS)] = "",
    role: Annotated[str, Form(max_length=40)] = "",
):
    seat = notes.write(db, table, user, role or None, text)
    if is_htmx(request):
        return render(request, "table/_notes_status.html", saved=True)
    return RedirectResponse(f"/tables/{table.id}?as={seat}#notes", status_code=303)


class Notes(BaseModel):
    role: str = Field(description="The seat the notes are for (one of mine)")
    text: str = Field(description="The notes, whole")


class NotesIn(Strict):
    text: str = Field(max_length=notes.MAX_CHARS, description="The notes, whole: they replace the ones kept")


@router.get(
    "/api/v1/tables/{table_id}/notes",
    tags=["api"],
    response_model=Notes,
    summary="My private notes for one of my seats (only I read them)",
    responses=refusals(s403="I hold no such seat here"),
)
def api_read(db: SessionDep, user: CurrentUser, table: WatchableTable, as_: SeatQuery = None) -> Notes:
    seat, text = notes.read(db, table, user, as_)
    return Notes(role=seat, text=text)


@router.put(
    "/api/v1/tables/{table_id}/notes",
    tags=["api"],
    response_model=Notes,
    dependencies=[CSRF],
    summary="Keep my private notes for one of my seats",
    responses=refusals(s403="I hold no such seat here (or a missing CSRF token)"),
)
def api_write(db: SessionDep, user: CurrentUser, table: WatchableTable, body: NotesIn, as_: SeatQuery = None) -> Notes:
    seat = notes.write(db, table, user, as_, body.text)
    return Notes(role=seat, text=body.text)
