"""The clock checker (issue "Play-by-web life" §2): a background thread, one per server process, like the
notices sender, that reminds players whose clock is about to run out and times out those whose clock has.

Several processes may check at once. Each reminder and each time-out is **claimed** first with a conditional
update on the seat clock's ``version`` (every write to a clock changes it), after locking the table row (the
order a move takes too, so a move and a time-out never deadlock): exactly one process wins, a move committed
meanwhile makes the claim fail, and a seat is never timed out twice.

A time-out is a platform move (``PlatformMove``, recorded in the log; the engines never see time), whose effect
the table's creator chose: **bot** — a bot plays the seat until its player comes back and takes it again
(:func:`take_back`); **forfeit** — the seat loses, as by resigning; **abandon** — the table is abandoned.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import ColumnElement, Row, select, update
from sqlalchemy.orm import InstrumentedAttribute, Session, sessionmaker

from app.db import rowcount
from app.errors import Invalid
from app.i18n import _
from app.models import GameTable, Seat, User
from app.models.clocks import SeatClock, TableClock
from app.models.pbw import PlatformMove
from app.services import clocks, endings
from app.services.clock_time import Pauses, aware, duration_text, runs_out
from app.services.live import news
from app.services.tables import acting_role
from app.services.worker import Worker
from engines import registry
from engines.core.types import text

if TYPE_CHECKING:  # the notices' module is the app's to wire (app.main); this one only calls its tell()
    from app.services.notifier import Notifier

log = logging.getLogger("siglo.clocks")


def stand_in_bot(game_id: str) -> str:
    """The bot that plays a timed-out seat: the game's first bot that is not the random one."""
    game = registry.get_game(game_id)
    names = list(game.bots) if game is not None else []
    return next((n for n in names if n != "random"), "random")


def _lock(db: Session, table_id: int) -> GameTable | None:
    """Lock a running, trusted table's row (the first write of a move too) and read it fresh."""
    locked = db.execute(
        update(GameTable)
        .where(GameTable.id == table_id, GameTable.status == "active", GameTable.flagged.is_(None))
        .values(updated_at=GameTable.updated_at)
    )
    if rowcount(locked) != 1:
        db.rollback()
        return None
    return db.get(GameTable, table_id, populate_existing=True)


def time_out(db: Session, table_id: int, role: str, version: int, moment: datetime) -> str | None:
    """Time out the seat if its clock (still at ``version``) has run out: what happened (bot, forfeit,
    abandon), or None when another process, a move or a vacation came first."""
    table = _lock(db, table_id)
    if table is None:
        return None
    clock = db.scalar(
        select(SeatClock)
        .where(SeatClock.table_id == table_id, SeatClock.role == role)
        .execution_options(populate_existing=True)
    )
    seat = db.scalar(
        select(Seat).where(Seat.table_id == table_id, Seat.role == role).execution_options(populate_existing=True)
    )
    row = db.get(TableClock, table_id)
    if (
        clock is None
        or seat is None
        or row is None
        or clock.version != version
        or clock.since is None
        or seat.user_id is None
        or seat.bot
    ):
        db.rollback()
        return None
    vacations = clocks.vacations_of(db, {seat.user_id}, aware(clock.since))[seat.user_id]
    pauses = Pauses(weekends=row.pause_weekends, vacations=vacations, zone=db.info.get("clock_zone", "UTC"))
    if runs_out(aware(clock.since), clock.remaining, pauses) > moment:  # a vacation began: not yet
        db.rollback()
        return None
    claimed = db.execute(
        update(SeatClock)
        .where(SeatClock.table_id == table_id, SeatClock.role == role, SeatClock.version == version)
        .values(
            version=version + 1,
            remaining=0,
            since=None,
            deadline=None,
            remind_at=None,
            stand_in=row.on_timeout == "bot",
        )
    )
    if rowcount(claimed) != 1:
        db.rollback()
        return None
    move = PlatformMove(
        table_id=table_id, seq=table.seq, kind="timeout", role=role, user_id=seat.user_id, created_at=moment
    )
    if row.on_timeout == "bot":
        db.execute(update(Seat).where(Seat.id == seat.id).values(bot=stand_in_bot(table.game_id)))
        move.kind = "stand-in"
        db.add(move)
        endings.log(db, table, "stand_in", role=role)
        clocks.sync(db, table_id, moment)
        news(db, table_id, "seats", table.seq)  # the pages reload; the bot runner hears it and plays
        db.commit()
        return "bot"
    if row.on_timeout == "forfeit":
        move.outcome = {**endings.forfeit_outcome(table, role, "timed_out"), "timed_out": role}
        endings.log(db, table, "timeout", role=role)
        endings.log_result(db, table, move.outcome["winners"])
    else:
        move.outcome = {
            "text": text("platform.outcome.timeout_abandon", role=role),
            "winners": [],
            "ranking": [],
            "timed_out": role,
        }
        endings.log(db, table, "timeout_abandon", role=role)
    endings.finish(db, table, move, commit=False)
    db.commit()
    return row.on_timeout


def take_back(db: Session, table: GameTable, user: User, role: str | None = None) -> None:
    """The player is back: the bot that stood in leaves their seat, and their clock starts with a move's time."""
    role = acting_role(table, user, role)
    clock = db.get(SeatClock, (table.id, role))
    if clock is None or not clock.stand_in:
        raise Invalid(_("No bot is playing this seat for you."))
    if _lock(db, table.id) is None:
        raise Invalid(_("Only a game in progress can be taken back."))
    freed = db.execute(
        update(Seat)
        .where(Seat.table_id == table.id, Seat.role == role, Seat.user_id == user.id, Seat.bot.is_not(None))
        .values(bot=None)
    )
    done = db.execute(
        update(SeatClock)
        .where(SeatClock.table_id == table.id, SeatClock.role == role, SeatClock.stand_in.is_(True))
        .values(
            stand_in=False,
            remaining=clocks.fresh_seconds(db.get_one(TableClock, table.id)),
            version=SeatClock.version + 1,
        )
    )
    if rowcount(freed) != 1 or rowcount(done) != 1:
        db.rollback()
        raise Invalid(_("No bot is playing this seat for you."))
    db.add(PlatformMove(table_id=table.id, seq=table.seq, kind="return", role=role, user_id=user.id))
    endings.log(db, table, "returned", role=role)
    clocks.sync(db, table.id)
    news(db, table.id, "seats", table.seq)
    db.commit()
    db.refresh(table)
    for s in table.seats:
        db.refresh(s)


class ClockChecker(Worker):
    """The background thread (see the module); ``check(moment)`` is one pass, also for tests."""

    thread_name = "siglo-clocks"

    def __init__(self, sessions: sessionmaker[Session], notifier: Notifier, clock: Callable[[], datetime], tick: float):
        super().__init__()
        self._sessions = sessions
        self._notifier = notifier
        self._clock = clock
        self._tick = tick

    def _run(self) -> None:
        while True:
            if self._next(self._tick) is None:
                return
            try:
                self.check()
            except Exception:  # a clock must never take the server down
                log.exception("clock check failed")

    def check(self, moment: datetime | None = None) -> dict[str, int]:
        """Send the reminders that are due, then time out the clocks that ran out: how many of each."""
        moment = moment or aware(self._clock())
        return {"reminded": self.remind_due(moment), "timed_out": self.time_out_due(moment)}

    def _due(
        self, db: Session, column: InstrumentedAttribute[datetime | None], moment: datetime, *more: ColumnElement[bool]
    ) -> list[Row[int, str, int]]:
        return list(
            db.execute(
                select(SeatClock.table_id, SeatClock.role, SeatClock.version)
                .join(GameTable, GameTable.id == SeatClock.table_id)
                .where(
                    column <= moment,
                    SeatClock.since.is_not(None),
                    GameTable.status == "active",
                    GameTable.flagged.is_(None),
                    *more,
                )
                .order_by(column)
                .limit(200)
            ).all()
        )

    def remind_due(self, moment: datetime) -> int:
        sent = 0
        with self._sessions() as db:
            for table_id, role, version in self._due(db, SeatClock.remind_at, moment, SeatClock.reminded.is_(False)):
                claimed = db.execute(
                    update(SeatClock)
                    .where(
                        SeatClock.table_id == table_id,
                        SeatClock.role == role,
                        SeatClock.version == version,
                        SeatClock.reminded.is_(False),
                    )
                    .values(reminded=True, version=version + 1)
                )
                db.commit()
                if rowcount(claimed) != 1:
                    continue
                table = db.get(GameTable, table_id)
                clock = db.get(SeatClock, (table_id, role), populate_existing=True)
                if table is None or clock is None or clock.deadline is None:  # gone meanwhile
                    continue
                seat = next(s for s in table.seats if s.role == role)
                if seat.user_id is None or seat.bot:
                    continue
                rest = (aware(clock.deadline) - moment).total_seconds()
                deadline, name = aware(clock.deadline), table.name

                def text(deadline: datetime = deadline, name: str = name, rest: float = rest) -> str:
                    return _("Your clock at {table} runs out on {day} at {time} UTC, in {left}.").format(
                        table=name, day=f"{deadline:%Y-%m-%d}", time=f"{deadline:%H:%M}", left=duration_text(rest)
                    )

                self._notifier.tell(seat.user_id, table, text, f"/tables/{table_id}", kind="reminder")
                sent += 1
        return sent

    def time_out_due(self, moment: datetime) -> int:
        done = 0
        with self._sessions() as db:
            due = self._due(db, SeatClock.deadline, moment)
        for table_id, role, version in due:
            with self._sessions() as db:
                try:
                    if time_out(db, table_id, role, version, moment):
                        done += 1
                except Invalid:  # the table moved meanwhile: the next pass looks again
                    continue
        return done
