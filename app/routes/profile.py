"""A user's profile page (issue "Play-by-web life" §3): games played, current tables (those the visitor may see:
``app.services.profiles``), and — on one's own profile — the notice settings and vacations."""

from __future__ import annotations

from fastapi import APIRouter, Request

from app.deps import OptionalUser, SessionDep
from app.services import notices, profiles, vacations
from app.web import render
from engines import registry

router = APIRouter(include_in_schema=False)


@router.get("/users/{username}")
def profile(request: Request, db: SessionDep, user: OptionalUser, username: str):
    person = profiles.person(db, username)
    data = profiles.profile(db, person, user)
    if user is not None and user.id == person.id:
        data["prefs"] = notices.settings_of(db, user)
        data["vacation"] = vacations.vacation_info(db, user, request.app.state.settings.vacation_days_per_year)
    return render(request, "profile/index.html", games_by_id={g.id: g for g in registry.all_games()}, **data)
