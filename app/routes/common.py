"""What the API and the pages share about moves: the seq bounds and the stale-move (409) case; the pages' move and
undo forms."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, TypeVar

from fastapi import Depends, Request, UploadFile
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, Field, TypeAdapter, ValidationError
from sqlalchemy.orm import Session

from app.deps import RowId
from app.errors import Conflict
from app.models import GameTable
from app.services import play

# A table's seq is an INTEGER column; the seq a client saw is at most the largest one that leaves room for the
# next move, so no seq the API accepts can overflow the database (platform hardening §8).
MAX_SEQ = 2**31 - 2
T = TypeVar("T")


def try_move(db: Session, table: GameTable, move: Callable[[], T]) -> tuple[T | None, str | None]:
    """Run a move or an undo: ``(its result, None)``, or on a stale seq ``(None, the message)`` with ``table``
    read afresh, so the answer can show the table as it is now. After a move the route only reads its view,
    which it does outside a transaction (``play.reads_only``)."""
    try:
        done = move()
        play.reads_only(db)
        return done, None
    except Conflict as exc:
        db.refresh(table)
        return None, exc.message


class MoveFields(BaseModel):
    """The move form of a table's page (``POST /tables/N/act``): the seq the page saw, the action, its argument
    as JSON, the seat it is played for (blank: the seat to act)."""

    seq: int = Field(ge=0, le=MAX_SEQ)
    verb: str = Field(max_length=60)
    arg: str = Field("null", max_length=10_000)
    role: str = Field("", max_length=40)


class UndoFields(BaseModel):
    """The undo form (``POST /tables/N/undo``): the seq the page saw, the seat."""

    seq: int = Field(ge=0, le=MAX_SEQ)
    role: str = Field("", max_length=40)


_TABLE_ID = TypeAdapter(RowId)
F = TypeVar("F", bound=BaseModel)


async def read_form(request: Request, model: type[F]) -> F:
    """``model``'s fields from the request's form, parsed once (``app.inputs.refuse_unstorable`` read it): what
    FastAPI's ``Form`` parameters did, without their analysis of the form at every request (issue 26 ›
    Performance: ~50 µs a move against ~5 µs, ``bench/bench_route_form.py``). As they did, a blank field is a
    missing one (its default, or "Field required"), the last of repeated fields counts, and a problem is a 422 of
    pydantic's words at ``("body", field)``; the path's table id, which FastAPI checks after the dependencies, is
    checked here too when the form is refused, so a request wrong in both is told both, the path first, as
    before."""
    form = await request.form()
    values = {}
    for name in model.model_fields:
        value = form.get(name)
        if value is not None and value != "" and not (isinstance(value, UploadFile) and _empty_file(value)):
            values[name] = value
    try:
        return model.model_validate(values)
    except ValidationError as refused:
        errors = [{**e, "loc": ("body", *e["loc"])} for e in refused.errors(include_url=False)]
    try:
        _TABLE_ID.validate_python(request.path_params.get("table_id"))
    except ValidationError as path:
        errors = [{**e, "loc": ("path", "table_id")} for e in path.errors(include_url=False)] + errors
    raise RequestValidationError(errors)


def _empty_file(value: UploadFile) -> bool:
    """A file field a browser sends with no file chosen: no name and no bytes (a missing field, as for FastAPI)."""
    return value.filename == "" and value.size == 0


async def move_form(request: Request) -> MoveFields:
    return await read_form(request, MoveFields)


async def undo_form(request: Request) -> UndoFields:
    return await read_form(request, UndoFields)


MoveForm = Annotated[MoveFields, Depends(move_form)]
UndoForm = Annotated[UndoFields, Depends(undo_form)]
