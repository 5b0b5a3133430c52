"""Clocks in days (issue "Play-by-web life" §2): the vacation page, taking a seat back from the bot that stood in
after a time-out; the same in the JSON API. (A table's clock is part of its view: ``table_views.table_view``.)"""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, Strict

from app.config import Settings
from app.deps import CSRF, CurrentUser, SessionDep, WatchableTable
from app.errors import Invalid
from app.i18n import N_, _
from app.openapi import refusals
from app.services import clocks, vacations
from app.services.clock_checker import take_back
from app.web import render

router = APIRouter()
VacationId = Annotated[int, Path(ge=1, lt=2**31)]


def _allowance(request: Request) -> int:
    settings: Settings = request.app.state.settings
    return settings.vacation_days_per_year


@router.get("/vacation", include_in_schema=False)
def vacation_page(request: Request, db: SessionDep, user: CurrentUser):
    return render(request, "clocks/vacation.html", vacation=vacations.vacation_info(db, user, _allowance(request)))


@router.post("/vacation", dependencies=[CSRF], include_in_schema=False)
def vacation_form(
    request: Request,
    db: SessionDep,
    user: CurrentUser,
    days: Annotated[int, Form(ge=0, le=366)] = 0,
    end: Annotated[str, Form(max_length=5)] = "",
):
    if end:
        vacations.end_vacation(db, user)
    else:
        vacations.take_vacation(db, user, days, _allowance(request))
    return RedirectResponse("/vacation", status_code=303)


@router.post("/vacation/schedule", dependencies=[CSRF], include_in_schema=False)
def schedule_form(
    request: Request,
    db: SessionDep,
    user: CurrentUser,
    first_day: Annotated[date, Form()],
    last_day: Annotated[date, Form()],
):
    """A vacation from the first day's midnight to the end of the last day (both days count)."""
    if last_day < first_day:
        raise Invalid(_("The last day of a vacation is not before its first."))
    vacations.take_vacation(db, user, (last_day - first_day).days + 1, _allowance(request), starts_on=first_day)
    return RedirectResponse("/vacation", status_code=303)


@router.post("/vacation/{vacation_id}/cancel", dependencies=[CSRF], include_in_schema=False)
def cancel_form(
    db: SessionDep,
    user: CurrentUser,
    vacation_id: VacationId,
    back: Annotated[str, Form(pattern="^(vacation|profile)$")] = "vacation",
):
    vacations.cancel_vacation(db, user, vacation_id)
    return RedirectResponse("/vacation" if back == "vacation" else f"/users/{user.username}", status_code=303)


@router.post("/tables/{table_id}/take-back", dependencies=[CSRF], include_in_schema=False)
def take_back_form(
    db: SessionDep, user: CurrentUser, table: WatchableTable, role: Annotated[str, Form(max_length=40)] = ""
):
    take_back(db, table, user, role or None)
    return RedirectResponse(f"/tables/{table.id}" + (f"?as={role}" if role else ""), status_code=303)


# ----- the JSON API -----
def _iso_day(value: object) -> object:
    """A day is written YYYY-MM-DD (JSON has no dates): not a number of seconds, which pydantic would read."""
    if value is not None and not isinstance(value, str | date):
        raise ValueError(N_("a day is written YYYY-MM-DD"))  # app.validation words it for the reader
    return value


class VacationRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # as the document says: no "3" for 3 (issue 26)
    days: int = Field(ge=1, le=366, description="Whole days; every clock of mine pauses")
    starts_on: Annotated[Annotated[date, Strict(False)] | None, BeforeValidator(_iso_day)] = Field(
        None,
        description="The first day (a later day than today; from its midnight in the clocks' time zone); omitted: now",
    )


@router.get(
    "/api/v1/me/vacation",
    tags=["api"],
    summary="My vacations: the allowance left this year, the one under way and the coming ones",
)
def api_vacation(request: Request, db: SessionDep, user: CurrentUser):
    return vacations.vacation_info(db, user, _allowance(request))


@router.post(
    "/api/v1/me/vacation",
    tags=["api"],
    status_code=201,
    dependencies=[CSRF],
    summary="Go on vacation for some days, now or from a later day: all my clocks pause",
    responses=refusals(s422="Not a valid booking: too many days, overlapping another, or in the past"),
)
def api_take_vacation(request: Request, db: SessionDep, user: CurrentUser, body: VacationRequest):
    vacations.take_vacation(db, user, body.days, _allowance(request), starts_on=body.starts_on)
    return vacations.vacation_info(db, user, _allowance(request))


@router.delete(
    "/api/v1/me/vacation",
    tags=["api"],
    status_code=204,
    dependencies=[CSRF],
    summary="End my vacation now (it takes only the days begun)",
    responses=refusals(s422="I am not on vacation"),
)
def api_end_vacation(db: SessionDep, user: CurrentUser):
    vacations.end_vacation(db, user)
    return Response(status_code=204)


@router.delete(
    "/api/v1/me/vacations/{vacation_id}",
    tags=["api"],
    status_code=204,
    dependencies=[CSRF],
    summary="Cancel a coming vacation (all its days come back), or end the one under way",
    responses=refusals(s404="I have no such vacation"),
)
def api_cancel_vacation(db: SessionDep, user: CurrentUser, vacation_id: VacationId):
    vacations.cancel_vacation(db, user, vacation_id)
    return Response(status_code=204)


@router.post(
    "/api/v1/tables/{table_id}/take-back",
    tags=["api"],
    dependencies=[CSRF],
    summary="I am back: the bot that played my seat after a time-out leaves it",
    responses=refusals(s422="No bot is playing a seat of mine here, or the game is not in progress"),
)
def api_take_back(db: SessionDep, user: CurrentUser, table: WatchableTable, role: str | None = None):
    take_back(db, table, user, role)
    return {
        "role": role or next(s.role for s in table.seats if s.user_id == user.id),
        "clock": clocks.table_clocks(db, table),
    }
