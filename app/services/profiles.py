"""A player's profile (issue "Play-by-web life" §3): games played, current and recent tables, ratings and the
latest rated games — each table only if the visitor may see it (``tables.seen_by``: a private table shows on
its players' profiles to its players only, issue 26)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app import i18n
from app.errors import NotFound
from app.i18n import _
from app.models import GameTable, Seat, User
from app.services import notices, ratings
from app.services.endings import platform_outcome
from app.services.tables import seen_by
from engines import registry


def person(db: Session, username: str) -> User:
    found = db.scalar(select(User).where(User.username == username))
    if found is None:
        raise NotFound(_("There is no player called {name!r}.").format(name=username))
    return found


def profile(db: Session, person: User, viewer: User | None) -> dict[str, Any]:
    """What ``viewer`` (None: a visitor not logged in) may see of ``person``'s games."""
    rows = list(
        db.scalars(
            select(GameTable)
            .join(Seat)
            .where(Seat.user_id == person.id, seen_by(viewer))
            .order_by(GameTable.updated_at.desc())
        ).unique()
    )
    finished = [t for t in rows if t.status == "finished"]
    played: dict[str, int] = {}
    for t in finished:
        game = registry.get_game(t.game_id)
        title = game.title_in(i18n.current()) if game else t.game_id
        played[title] = played.get(title, 0) + 1
    return {
        "person": person,
        "played": played,
        "finished": finished[:20],
        "current": [t for t in rows if t.status != "finished"],
        "my_turn": {t.id for t in notices.waiting_tables(db, person.id)},
        "outcomes": {t.id: platform_outcome(db, t) for t in finished[:20]},
        "ratings": ratings.of_user(db, person),
        "rating_changes": ratings.recent_changes(db, person, viewer),
    }
