"""Clocks in days (issue "Play-by-web life" §2): a table's pace, each seat's clock, the pauses of vacations.

A **pace** is chosen when a table is created: none; 1, 3 or 7 days per move (each turn starts full); or a bank
of days that each move adds an increment to, up to a cap. Weekends may be paused. A seat's clock runs while the
seat is to act at a running table and a person holds it; it stops when the seat is no longer to act (its turn
is over), and is then charged the time used (per move: it starts full next time; bank: what was left plus the
increment, at most the cap). A **vacation** (an allowance of days per person per year) pauses every clock of
its holder (booked, ended and cancelled in vacations.py; ``reschedule`` then gives its holder's clocks their
deadlines again). Time is the server's, from the session (``db.info["now"]``, set by ``create_app``: tests pass a clock they move
by hand); engines never see it. What happens when a clock runs out is
``app.services.clock_checker``'s business.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from app import validation
from app.db import rowcount
from app.errors import Invalid
from app.i18n import N_, _
from app.models import GameTable, Seat, User, utcnow
from app.models.clocks import SeatClock, TableClock, Vacation
from app.services.clock_time import DAY, HOUR, Pauses, aware, counted, days_text, duration_text, runs_out

REMIND_SECONDS = 24 * HOUR  # a reminder when a day is left (or half the turn's time, if that is less)
TIMEOUTS = {
    "bot": N_("a bot plays the seat until its player returns"),
    "forfeit": N_("the seat forfeits the game"),
    "abandon": N_("the table is abandoned"),
}


def now(db: Session) -> datetime:
    """The server's time, as the session's clock tells it."""
    source = db.info.get("now")
    return aware(source()) if source is not None else utcnow()


def clock_zone(db: Session) -> str:
    """The clocks' time zone (weekends and a scheduled vacation's days are its days)."""
    return str(db.info.get("clock_zone", "UTC"))


# ----- the pace -----
class Pace(BaseModel):
    """What the creator chooses (the API's ``clock``; the new-table form's clock fields). Strict: the API takes
    what its document says (``true``, not ``0``; a number, not ``"7"``), the form converts its text first."""

    model_config = ConfigDict(extra="forbid", strict=True)
    pace: Literal["none", "per_move", "bank"] = "none"
    days: Literal[1, 3, 7] = Field(3, description="per_move: days for each move")
    bank_days: float = Field(7, ge=1, le=60, description="bank: the days a seat starts with")
    increment_days: float = Field(1, ge=0, le=7, description="bank: days each move adds")
    cap_days: float = Field(14, ge=1, le=90, description="bank: the most a bank may hold")
    pause_weekends: bool = Field(False, description="Clocks stop from Saturday 00:00 to Monday 00:00")
    on_timeout: Literal["bot", "forfeit", "abandon"] = Field("bot", description="bot | forfeit | abandon")

    @model_validator(mode="after")
    def _cap(self) -> Pace:
        if self.pace == "bank" and self.cap_days < self.bank_days:
            raise ValueError(N_("the cap must be at least the bank"))  # app.validation words it for the reader
        return self


def parse_pace(raw: dict[str, Any] | Pace | None) -> Pace:
    if isinstance(raw, Pace):
        return raw
    try:
        return Pace.model_validate(raw or {})
    except ValidationError as exc:
        problems = validation.problems(exc.errors(), _("clock"))
        raise Invalid(_("Invalid clock: ") + "; ".join(problems), problems=problems) from None


# a bank clock's fields as the form names them (app.services.clocks.pace_from_form's errors)
BANK_FIELDS = {"bank_days": N_("bank days"), "increment_days": N_("increment days"), "cap_days": N_("cap days")}


def pace_from_form(form: dict[str, Any]) -> Pace:
    """The new-table form: ``clock`` is none, 1, 3, 7 (days per move) or bank."""
    choice = form.get("clock", "none")
    raw: dict[str, Any] = {
        "pause_weekends": form.get("clock_weekends") == "on",
        "on_timeout": form.get("clock_timeout", "bot"),
    }
    if choice in ("1", "3", "7"):
        raw.update(pace="per_move", days=int(choice))
    elif choice == "bank":
        raw["pace"] = "bank"
        for key in BANK_FIELDS:
            if form.get(f"clock_{key}"):
                try:
                    raw[key] = float(form[f"clock_{key}"])
                except ValueError:
                    raise Invalid(
                        _("The clock's {field} is a number of days.").format(field=_(BANK_FIELDS[key]))
                    ) from None
    elif choice != "none":
        raise Invalid(_("Choose a clock: none, 1, 3 or 7 days per move, or a bank of days."))
    return parse_pace(raw)


def setup(db: Session, table: GameTable, pace: Pace) -> None:
    """Give a new table its pace and each seat a full clock (nothing runs before the game starts)."""
    if pace.pace == "none":
        return
    row = TableClock(
        table_id=table.id,
        pace=pace.pace,
        pause_weekends=pace.pause_weekends,
        on_timeout=pace.on_timeout,
        move_seconds=pace.days * DAY if pace.pace == "per_move" else 0,
        bank_seconds=_seconds(pace.bank_days) if pace.pace == "bank" else 0,
        increment_seconds=_seconds(pace.increment_days) if pace.pace == "bank" else 0,
        cap_seconds=_seconds(pace.cap_days) if pace.pace == "bank" else 0,
    )
    table.clock = row
    start = row.move_seconds if pace.pace == "per_move" else row.bank_seconds
    for seat in table.seats:
        db.add(SeatClock(table_id=table.id, role=seat.role, remaining=start, reminded=False, stand_in=False, version=0))
    db.flush()


def _seconds(days: float) -> int:
    return round(days * DAY / HOUR) * HOUR  # whole hours


def pace_of(db: Session, table_id: int) -> Pace:
    """A table's pace as the creator chose it (a rematch keeps it)."""
    row = db.get(TableClock, table_id)
    if row is None:
        return Pace()
    if row.pace == "per_move":
        per_move = {"pace": "per_move", "days": row.move_seconds // DAY}
        return Pace.model_validate({**per_move, "pause_weekends": row.pause_weekends, "on_timeout": row.on_timeout})
    # the stored columns are validated as a creator's choice is (on_timeout is a plain string column)
    return Pace.model_validate(
        {
            "pace": "bank",
            "bank_days": row.bank_seconds / DAY,
            "increment_days": row.increment_seconds / DAY,
            "cap_days": row.cap_seconds / DAY,
            "pause_weekends": row.pause_weekends,
            "on_timeout": row.on_timeout,
        }
    )


def describe(row: TableClock) -> str:
    """ "3 days per move · weekends paused · on time-out a bot plays the seat until its player returns"."""
    if row.pace == "per_move":
        text = _("{days} per move").format(days=days_text(row.move_seconds))
    else:
        text = _("a bank of {bank}, {more} more per move, at most {cap}").format(
            bank=days_text(row.bank_seconds), more=days_text(row.increment_seconds), cap=days_text(row.cap_seconds)
        )
    if row.pause_weekends:
        text += " · " + _("weekends paused")
    return text + " · " + _("on time-out {what}").format(what=_(TIMEOUTS[row.on_timeout]))


def fresh_seconds(row: TableClock) -> int:
    """A turn's time for a player who takes a seat back from a bot: a move's time (bank: the increment, at
    least a day)."""
    return row.move_seconds if row.pace == "per_move" else max(row.increment_seconds, DAY)


# ----- pauses -----
def vacations_of(db: Session, user_ids: set[int], after: datetime) -> dict[int, tuple[Any, ...]]:
    """Each user's vacations that end after ``after``, as (start, end) intervals."""
    out: dict[int, list[Any]] = {u: [] for u in user_ids}
    if user_ids:
        for v in db.scalars(select(Vacation).where(Vacation.user_id.in_(user_ids), Vacation.ends_at > after)):
            out[v.user_id].append((aware(v.starts_at), aware(v.ends_at)))
    return {u: tuple(vs) for u, vs in out.items()}


def _pauses(db: Session, row: TableClock, vacations: tuple[Any, ...]) -> Pauses:
    return Pauses(weekends=row.pause_weekends, vacations=vacations, zone=clock_zone(db))


def deadlines(since: datetime, remaining: int, pauses: Pauses) -> tuple[datetime, datetime | None]:
    """A running clock's deadline and reminder time, from its start, what it had then and the pauses."""
    warn = min(REMIND_SECONDS, remaining // 2)
    return (runs_out(since, remaining, pauses), runs_out(since, remaining - warn, pauses) if warn > 0 else None)


def left(clock: SeatClock, pauses: Pauses, moment: datetime) -> int:
    if clock.since is None:
        return clock.remaining
    return max(0, int(clock.remaining - counted(aware(clock.since), moment, pauses)))


# ----- keeping the clocks with the game -----
def sync(db: Session, table_id: int, moment: datetime | None = None) -> None:
    """Start the clock of every seat that is to act (a person's, at a running table) and stop the others,
    charging them the time they used. Called in the transaction of whatever changed who is to act (a move, a
    join that starts the game, an ending, a seat changing hands), after its writes; the table row is locked by
    then, so moves and the checker take turns."""
    clocks = list(
        db.scalars(select(SeatClock).where(SeatClock.table_id == table_id).execution_options(populate_existing=True))
    )
    if not clocks:
        return
    moment = moment or now(db)
    row = db.get_one(TableClock, table_id)  # seat clocks belong to a table clock
    status, active_roles, flagged = db.execute(
        select(GameTable.status, GameTable.active_roles, GameTable.flagged).where(GameTable.id == table_id)
    ).one()
    active = set(active_roles or []) if status == "active" and not flagged else set()
    holders = {
        r.role: r for r in db.execute(select(Seat.role, Seat.user_id, Seat.bot).where(Seat.table_id == table_id))
    }
    users = {h.user_id for h in holders.values() if h.user_id is not None}
    since = min((aware(c.since) for c in clocks if c.since is not None), default=moment)
    vacations = vacations_of(db, users, since)
    for clock in clocks:
        holder = holders[clock.role]
        runs = clock.role in active and holder.user_id is not None and not holder.bot
        pauses = _pauses(db, row, vacations.get(holder.user_id, ()) if holder.user_id is not None else ())
        if clock.since is not None and not runs:
            rest = left(clock, pauses, moment)
            if row.pace == "per_move":
                clock.remaining = row.move_seconds
            else:
                clock.remaining = min(row.cap_seconds, rest + row.increment_seconds)
            clock.since = clock.deadline = clock.remind_at = None
            clock.reminded = False
            clock.version += 1
        elif clock.since is None and runs:
            clock.since = moment
            clock.reminded = False
            clock.deadline, clock.remind_at = deadlines(moment, clock.remaining, pauses)
            clock.version += 1
    db.flush()


# ----- what the pages and the API show -----
def _seat_view(clock: SeatClock, pauses: Pauses, moment: datetime, on_vacation: bool, weekends: bool) -> dict[str, Any]:
    rest = left(clock, pauses, moment)
    running = clock.since is not None
    paused = None
    if running and on_vacation:
        paused = "vacation"
    elif running and weekends and pauses.paused_at(moment):
        paused = "weekend"
    text = _("{time} left").format(time=duration_text(rest)) if rest > 0 else _("time is up")
    if paused:
        text += " (" + (_("paused: on vacation") if paused == "vacation" else _("paused: weekend")) + ")"
    return {
        "left_seconds": rest,
        "running": running,
        "paused": paused,
        "stand_in": clock.stand_in,
        **_pause_ahead(pauses, moment, rest if running and not paused else 0),
        "deadline": aware(clock.deadline).isoformat() if running and clock.deadline else None,
        "text": text,
    }


def _pause_ahead(pauses: Pauses, moment: datetime, rest: int) -> dict[str, Any]:
    """When a pause (a weekend, a vacation) stops a running clock before it runs out: the seconds until it begins
    and how long it lasts (the browser counts the clock down around it, static/js/clocks.js); else None."""
    ahead = next(((a, b) for a, b in pauses.intervals(moment) if a > moment), None) if rest > 0 else None
    if ahead is None or (ahead[0] - moment).total_seconds() >= rest:
        return {"pause_in_seconds": None, "pause_seconds": None}
    return {
        "pause_in_seconds": int((ahead[0] - moment).total_seconds()),
        "pause_seconds": int((ahead[1] - ahead[0]).total_seconds()),
    }


def table_clocks(db: Session, table: GameTable, moment: datetime | None = None) -> dict[str, Any] | None:
    """The table's clock for its page and the API: the pace in words, and each seat's time left."""
    row = table.clock  # loaded with the table
    if row is None:
        return None
    moment = moment or now(db)
    clocks = list(db.scalars(select(SeatClock).where(SeatClock.table_id == table.id)))
    users = {s.role: s.user_id for s in table.seats}
    vacations = vacations_of(
        db,
        {u for u in users.values() if u is not None},
        min((aware(c.since) for c in clocks if c.since), default=moment),
    )
    seats = {}
    for c in clocks:
        holder = users.get(c.role)
        user_vacations = vacations.get(holder, ()) if holder is not None else ()
        on_vacation = any(a <= moment < b for a, b in user_vacations)
        seats[c.role] = _seat_view(c, _pauses(db, row, user_vacations), moment, on_vacation, row.pause_weekends)
    return {"pace": pace_of(db, table.id).model_dump(), "text": describe(row), "seats": seats}


def lobby_clocks(
    db: Session, tables: list[GameTable], user: User | None, moment: datetime | None = None
) -> dict[int, dict[str, Any]]:
    """For each listed table with a running clock, its seat view (``text``: "2 d 4 h left"): the reader's own clock
    if it runs, else the running clock with the least time (one query for all of them, one for the holders'
    vacations)."""
    by_id = {t.id: t for t in tables if t.status == "active"}
    if not by_id:
        return {}
    moment = moment or now(db)
    rows = db.execute(
        select(SeatClock, TableClock)
        .join(TableClock, TableClock.table_id == SeatClock.table_id)
        .where(SeatClock.table_id.in_(by_id), SeatClock.since.is_not(None))
    ).all()
    holders = {(t.id, s.role): s.user_id for t in by_id.values() for s in t.seats}
    vacations = vacations_of(
        db,
        {u for u in holders.values() if u is not None},
        min((aware(c.since) for c, _ in rows if c.since is not None), default=moment),
    )
    best: dict[int, tuple[Any, ...]] = {}
    for clock, row in rows:
        holder = holders.get((clock.table_id, clock.role))
        user_vacations = vacations.get(holder, ()) if holder is not None else ()
        view = _seat_view(
            clock,
            _pauses(db, row, user_vacations),
            moment,
            any(a <= moment < b for a, b in user_vacations),
            row.pause_weekends,
        )
        rank = (not (user is not None and holder == user.id), view["left_seconds"])
        if clock.table_id not in best or rank < best[clock.table_id][0]:
            best[clock.table_id] = (rank, view)
    return {table_id: view for table_id, (_rank, view) in best.items()}


def reschedule(db: Session, user_id: int) -> None:
    """The user's vacations changed: every running clock of theirs gets its deadline again. Each is written
    only if nobody changed it meanwhile (its version), else read again."""
    for _attempt in range(3):
        rows = db.execute(
            select(SeatClock, TableClock)
            .join(TableClock, TableClock.table_id == SeatClock.table_id)
            .join(Seat, (Seat.table_id == SeatClock.table_id) & (Seat.role == SeatClock.role))
            .where(Seat.user_id == user_id, SeatClock.since.is_not(None))
            .execution_options(populate_existing=True)
        ).all()
        if not rows:
            return
        vacations = vacations_of(db, {user_id}, min(aware(c.since) for c, _ in rows if c.since is not None))[user_id]
        missed = False
        for clock, row in rows:
            assert clock.since is not None  # selected for it
            deadline, remind_at = deadlines(aware(clock.since), clock.remaining, _pauses(db, row, vacations))
            done = db.execute(
                update(SeatClock)
                .where(
                    SeatClock.table_id == clock.table_id,
                    SeatClock.role == clock.role,
                    SeatClock.version == clock.version,
                )
                .values(deadline=deadline, remind_at=remind_at, version=clock.version + 1)
            )
            missed = missed or rowcount(done) != 1
        db.expire_all()
        if not missed:
            return
