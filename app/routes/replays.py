"""Replays in the browser: import a record from a web form, and step through a game move by move (first, back,
forward, last, or straight to a log entry's move). See ``app.services.replay`` for who may see what."""

from __future__ import annotations

from typing import Annotated

import orjson
from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import RedirectResponse

from app.deps import CSRF, CurrentUser, OptionalUser, SessionDep, WatchableTable
from app.errors import AppError
from app.i18n import N_, _
from app.routes import forks as fork_routes
from app.services import forks, limits, records, replay
from app.web import board_template, render

router = APIRouter(include_in_schema=False)
MAX_RECORD = 5_000_000


@router.get("/records/import")
def import_form(request: Request, user: CurrentUser):
    return render(request, "rules/import.html")


async def record_upload(request: Request) -> tuple[bytes, str]:
    """The record a form sends (an uploaded file, else the pasted text), read before the sync route runs; and
    the pasted text, to show again on an error."""
    form = await request.form()
    upload, pasted = form.get("file"), form.get("record")
    raw = await upload.read(MAX_RECORD + 1) if upload is not None and not isinstance(upload, str) else b""
    pasted = pasted if isinstance(pasted, str) else ""
    return raw or pasted.encode(), pasted


@router.post("/records/import", dependencies=[CSRF])
def import_record(
    request: Request, db: SessionDep, user: CurrentUser, body: Annotated[tuple[bytes, str], Depends(record_upload)]
):
    """A record pasted or uploaded: replayed into a new table whose seats are all the importer's."""
    raw, pasted = body
    try:
        if not raw.strip():
            raise ValueError(_("Paste a record or choose its file."))
        if len(raw) > MAX_RECORD:
            raise ValueError(_("This file is too large to be a record."))
        try:
            record = orjson.loads(raw)
        except orjson.JSONDecodeError:
            raise ValueError(_("This is not a record: it is not JSON.")) from None
        limits.spend(db, request.app.state.limits.imports, f"import:{user.id}", N_("record imports"))
        table = records.import_record(db, user, record)
    except (ValueError, AppError) as exc:
        message = exc.message if isinstance(exc, AppError) else str(exc)
        status = exc.status_code if isinstance(exc, AppError) else 400
        return render(request, "rules/import.html", status_code=status, error=message, pasted=pasted)
    return RedirectResponse(f"/tables/{table.id}/replay", status_code=303)


@router.get("/tables/{table_id}/replay")
def replay_page(
    request: Request,
    db: SessionDep,
    user: OptionalUser,
    table: WatchableTable,
    as_: Annotated[str | None, Query(alias="as", max_length=40)] = None,
    step: Annotated[int | None, Query(ge=0, lt=2**31)] = None,
    seq: Annotated[int | None, Query(ge=0, lt=2**31)] = None,
):
    at = replay.step(db, table, user, as_, step, seq)
    return render(
        request,
        "table/replay.html",
        table=table,
        board_template=board_template(at["game"].id),
        as_role=None,
        my_roles=[],
        invites={},
        origin=forks.origin_of(db, table, user),
        **at,
    )


router.include_router(fork_routes.router)  # forking from a replay
