"""Ratings per game (issue "Play-by-web life" §5): an Elo generalised to N players, updated inside the
transaction that ends a game, exactly once.

**The formula.** Every pair of seats (i, j) is a duel: i scores S = 1 if it did better than j, ½ if as well, 0
if worse; it expected E = 1 / (1 + 10^((R_j − R_i) / 400)). A seat's change is K / (N − 1) · Σ_j (S − E) with
K = 32 and N the number of rated seats, so a two-seat game is the classic Elo and the changes of a game sum to
zero. "Better" is read from the outcome: a winner beats a non-winner; otherwise the higher score, else the
earlier place in the ranking; equal scores (or two winners) are a draw. A resignation's outcome (the platform's,
``app.services.endings``) has the resigner lose to every other seat.

How a game's seats are rated the game declares (``engines.core.game.Game``), read here through the registry:
**Tracks.** A game whose seats are alike (15 Días' four players: their families are the game's state, dealt in
play) has one rating per player; a game that declares ``rated_per_role`` (asymmetric seats: The Planet King's King
and Valido) has one per role. **The game itself as opponent.** A game that declares ``rated_against_the_game``
(The Planet King, solo or the King and his Valido together) has each seat play one duel against the game, whose
rating is fixed at ``START``; a winner of the outcome scores 1 against it. These changes do not sum to zero —
nobody else loses the points. A game no longer registered is rated as the defaults say.

**What counts.** Only games between people: no bot seat, not hot-seat (one person at several seats, imported
records), every seat a different person, not a fork (it did not start from the beginning, and a fork of a won
position would hand out points), and not abandoned (an abandonment calls nothing here). A game is rated once: a
second call finds its changes (unique per table and role) and does nothing.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.models import GameTable, Seat, User, utcnow
from app.models.pbw import TableOrigin
from app.models.ratings import Rating, RatingChange
from app.services.tables import seen_by
from engines import registry

START = 1500.0
K = 32.0


def expected(r_i: float, r_j: float) -> float:
    return float(1.0 / (1.0 + 10.0 ** ((r_j - r_i) / 400.0)))


def duel(outcome: dict[str, Any], i: str, j: str) -> float:
    """What seat i scores against seat j in this outcome: 1, ½ or 0 (see the module)."""
    winners = outcome.get("winners") or []
    if (i in winners) != (j in winners):
        return 1.0 if i in winners else 0.0
    if i in winners:
        return 0.5
    scores = outcome.get("scores") or {}
    if i in scores and j in scores and isinstance(scores[i], (int, float)) and isinstance(scores[j], (int, float)):
        return 1.0 if scores[i] > scores[j] else 0.0 if scores[i] < scores[j] else 0.5
    ranking = outcome.get("ranking") or []
    if i in ranking and j in ranking:
        return 1.0 if ranking.index(i) < ranking.index(j) else 0.0
    return 0.5


def changes(ratings: dict[str, float], outcome: dict[str, Any], against_game: bool = False) -> dict[str, float]:
    """Each seat's rating change for these ratings (role -> rating) and this outcome."""
    roles = list(ratings)
    if against_game:
        winners = outcome.get("winners") or []
        return {r: K * ((1.0 if r in winners else 0.0) - expected(ratings[r], START)) for r in roles}
    if len(roles) < 2:
        return dict.fromkeys(roles, 0.0)
    k = K / (len(roles) - 1)
    return {i: k * sum(duel(outcome, i, j) - expected(ratings[i], ratings[j]) for j in roles if j != i) for i in roles}


def track_of(game_id: str, role: str) -> str:
    """The rating track of a seat: its role in a game rated per role, else "" (one rating for the game)."""
    game = registry.get_game(game_id)
    return role if game is not None and game.rated_per_role else ""


def against_the_game(game_id: str) -> bool:
    """Whether the game's seats each play a duel against the game rather than against each other."""
    game = registry.get_game(game_id)
    return game is not None and game.rated_against_the_game


def counts(db: Session, table: GameTable) -> bool:
    """Whether this table's ending is rated (see the module)."""
    seats = table.seats
    people = {s.user_id for s in seats}
    if table.hot_seat or any(s.bot or s.user_id is None for s in seats) or len(people) != len(seats):
        return False
    origin = db.get(TableOrigin, table.id)
    return origin is None or (origin.forked_from is None and origin.fork_step is None)


def _player(seat: Seat) -> int:
    """A rated seat's player (``counts`` rates only tables whose every seat a person holds)."""
    if seat.user_id is None:
        raise ValueError(f"seat {seat.role} has no player to rate")
    return seat.user_id


def _locked(db: Session, user_id: int, game_id: str, track: str) -> Rating:
    """The rating row, created at ``START`` if new, locked for this transaction (PostgreSQL: FOR UPDATE; SQLite
    holds the database's write lock already, as the ending wrote first)."""
    query = (
        select(Rating)
        .where(Rating.user_id == user_id, Rating.game_id == game_id, Rating.track == track)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    row = db.scalar(query)
    if row is None:
        try:
            with db.begin_nested():
                db.add(
                    Rating(user_id=user_id, game_id=game_id, track=track, rating=START, games=0, updated_at=utcnow())
                )
        except IntegrityError:  # another ending created it meanwhile
            pass
        row = db.scalars(query).one()
    return row


def rate(db: Session, table: GameTable, outcome: dict[str, Any] | None) -> list[RatingChange]:
    """Rate a table that has just ended with this outcome, inside the ending's transaction (the caller commits);
    nothing when it does not count or was rated already."""
    if outcome is None or not counts(db, table):
        return []
    if db.scalar(select(RatingChange.id).where(RatingChange.table_id == table.id).limit(1)) is not None:
        return []
    seats = sorted(table.seats, key=lambda s: (s.user_id, s.role))  # one lock order: no deadlock between endings
    rows = {s.role: _locked(db, _player(s), table.game_id, track_of(table.game_id, s.role)) for s in seats}
    delta = changes({r: row.rating for r, row in rows.items()}, outcome, against_the_game(table.game_id))
    made = []
    for s in seats:
        row = rows[s.role]
        before = row.rating
        row.rating, row.games, row.updated_at = before + delta[s.role], row.games + 1, utcnow()
        made.append(
            RatingChange(
                table_id=table.id,
                user_id=s.user_id,
                game_id=table.game_id,
                track=row.track,
                role=s.role,
                before=before,
                after=row.rating,
            )
        )
    db.add_all(made)
    db.flush()
    return made


def of_user(db: Session, user: User) -> list[Rating]:
    return list(db.scalars(select(Rating).where(Rating.user_id == user.id).order_by(Rating.game_id, Rating.track)))


def recent_changes(db: Session, user: User, viewer: User | None, limit: int = 10) -> list[tuple[RatingChange, str]]:
    """The player's latest rated games that ``viewer`` may see (``tables.seen_by``): (change, table name), newest
    first."""
    return [
        (change, name)
        for change, name in db.execute(
            select(RatingChange, GameTable.name)
            .join(GameTable, GameTable.id == RatingChange.table_id)
            .where(RatingChange.user_id == user.id, seen_by(viewer))
            .order_by(RatingChange.id.desc())
            .limit(limit)
        )
    ]


def leaders(db: Session, per_track: int = 5) -> list[tuple[str, str, list[tuple[str, float, int]]]]:
    """The best rated players of every game and track: [(game id, track, [(username, rating, games)])]."""
    out = []
    for game_id, track in db.execute(
        select(Rating.game_id, Rating.track).distinct().order_by(Rating.game_id, Rating.track)
    ):
        rows = db.execute(
            select(User.username, Rating.rating, Rating.games)
            .join(User, Rating.user_id == User.id)
            .where(Rating.game_id == game_id, Rating.track == track)
            .order_by(Rating.rating.desc(), User.username)
            .limit(per_track)
        )
        out.append((game_id, track, [(name, rating, games) for name, rating, games in rows]))
    return out


def of_seats(db: Session, tables: list[GameTable]) -> dict[int, dict[str, float]]:
    """The current rating of each seated player at these tables' games and tracks: table id -> {role: rating}
    (players not rated yet are missing), in one query."""
    users = {s.user_id for t in tables for s in t.seats if s.user_id is not None}
    if not users:
        return {}
    games = {t.game_id for t in tables}
    known = {
        (r.user_id, r.game_id, r.track): r.rating
        for r in db.scalars(select(Rating).where(Rating.user_id.in_(users), Rating.game_id.in_(games)))
    }
    out: dict[int, dict[str, float]] = {}
    for t in tables:
        for s in t.seats:
            key = (s.user_id, t.game_id, track_of(t.game_id, s.role))
            if key in known:
                out.setdefault(t.id, {})[s.role] = known[key]
    return out
