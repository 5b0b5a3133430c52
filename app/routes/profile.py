"""A user's profile page (issue "Play-by-web life" §3): games played, current tables, and — on one's own
profile — the notice settings."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy import select

from app.deps import OptionalUser, SessionDep
from app.errors import NotFound
from app.models import GameTable, Seat, User
from app.services import clocks, notices, ratings
from app.services.endings import platform_outcome
from app.web import render
from engines import registry

router = APIRouter(include_in_schema=False)


def profile_data(db, person: User) -> dict[str, Any]:
    rows = list(
        db.scalars(
            select(GameTable).join(Seat).where(Seat.user_id == person.id).order_by(GameTable.updated_at.desc())
        ).unique()
    )
    finished = [t for t in rows if t.status == "finished"]
    played: dict[str, int] = {}
    for t in finished:
        game = registry.get_game(t.game_id)
        title = game.title if game else t.game_id
        played[title] = played.get(title, 0) + 1
    return {
        "person": person,
        "played": played,
        "finished": finished[:20],
        "current": [t for t in rows if t.status != "finished"],
        "my_turn": {t.id for t in notices.waiting_tables(db, person.id)},
        "outcomes": {t.id: platform_outcome(db, t) for t in finished[:20]},
        "ratings": ratings.of_user(db, person),
        "rating_changes": ratings.recent_changes(db, person),
    }


@router.get("/users/{username}")
def profile(request: Request, db: SessionDep, user: OptionalUser, username: str):
    person = db.scalar(select(User).where(User.username == username))
    if person is None:
        raise NotFound(f"There is no player called {username!r}.")
    data = profile_data(db, person)
    if user is not None and user.id == person.id:
        data["prefs"] = notices.settings_of(db, user)
        data["vacation"] = clocks.vacation_info(db, user, request.app.state.settings.vacation_days_per_year)
    return render(request, "profile/index.html", games_by_id={g.id: g for g in registry.all_games()}, **data)
