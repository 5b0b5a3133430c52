"""Clocks in days (issue "Play-by-web life" §2): the vacation page, taking a seat back from the bot that stood in
after a time-out; the same in the JSON API. (A table's clock is part of its view: ``play.table_view``.)"""
from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from app.deps import CSRF, CurrentUser, SessionDep, WatchableTable
from app.services import clocks
from app.services.clock_checker import take_back
from app.web import render

router = APIRouter()


def _allowance(request: Request) -> int:
    return request.app.state.settings.vacation_days_per_year


@router.get("/vacation", include_in_schema=False)
def vacation_page(request: Request, db: SessionDep, user: CurrentUser):
    return render(request, "clocks/vacation.html", vacation=clocks.vacation_info(db, user, _allowance(request)))


@router.post("/vacation", dependencies=[CSRF], include_in_schema=False)
def vacation_form(request: Request, db: SessionDep, user: CurrentUser,
                  days: Annotated[int, Form(ge=0, le=366)] = 0, end: Annotated[str, Form(max_length=5)] = ""):
    if end:
        clocks.end_vacation(db, user)
    else:
        clocks.take_vacation(db, user, days, _allowance(request))
    return RedirectResponse("/vacation", status_code=303)


@router.post("/tables/{table_id}/take-back", dependencies=[CSRF], include_in_schema=False)
def take_back_form(db: SessionDep, user: CurrentUser, table: WatchableTable,
                   role: Annotated[str, Form(max_length=40)] = ""):
    take_back(db, table, user, role or None)
    return RedirectResponse(f"/tables/{table.id}" + (f"?as={role}" if role else ""), status_code=303)


# ----- the JSON API -----
class VacationRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    days: int = Field(ge=1, le=366, description="Whole days from now; every clock of mine pauses")


@router.get("/api/v1/me/vacation", tags=["api"], summary="My vacation: the allowance left this year, and until when")
def api_vacation(request: Request, db: SessionDep, user: CurrentUser):
    return clocks.vacation_info(db, user, _allowance(request))


@router.post("/api/v1/me/vacation", tags=["api"], status_code=201, dependencies=[CSRF],
             summary="Go on vacation now for some days: all my clocks pause")
def api_take_vacation(request: Request, db: SessionDep, user: CurrentUser, body: VacationRequest):
    clocks.take_vacation(db, user, body.days, _allowance(request))
    return clocks.vacation_info(db, user, _allowance(request))


@router.delete("/api/v1/me/vacation", tags=["api"], status_code=204, dependencies=[CSRF],
               summary="End my vacation now (it takes only the days begun)")
def api_end_vacation(db: SessionDep, user: CurrentUser):
    clocks.end_vacation(db, user)
    return Response(status_code=204)


@router.post("/api/v1/tables/{table_id}/take-back", tags=["api"], dependencies=[CSRF],
             summary="I am back: the bot that played my seat after a time-out leaves it")
def api_take_back(db: SessionDep, user: CurrentUser, table: WatchableTable, role: str | None = None):
    take_back(db, table, user, role)
    return {"role": role or next(s.role for s in table.seats if s.user_id == user.id),
            "clock": clocks.table_clocks(db, table)}
