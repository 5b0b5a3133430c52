"""Vacations (issue "Play-by-web life" §2; the clocks they pause: clocks.py): an allowance of days per person per
year; a vacation pauses every clock of its holder; it starts now or is scheduled from a later day's midnight in the
clocks' time zone, and may be ended early or cancelled (its days not begun come back). Each change gives the
holder's running clocks their deadlines again (``clocks.reschedule``).
"""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, timedelta
from datetime import time as dtime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from app.errors import Invalid, NotFound
from app.i18n import _, ngettext
from app.models import User
from app.models.clocks import Vacation
from app.services.clock_time import DAY, aware
from app.services.clocks import clock_zone, now, reschedule


def _year_start(moment: datetime) -> datetime:
    return moment.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)


def current_vacation(db: Session, user: User, moment: datetime) -> Vacation | None:
    return db.scalar(
        select(Vacation)
        .where(Vacation.user_id == user.id, Vacation.starts_at <= moment, Vacation.ends_at > moment)
        .limit(1)
    )


def vacation_left(db: Session, user: User, allowance: int, moment: datetime) -> int:
    """Days of the allowance of ``moment``'s calendar year not booked yet: the days of the vacations taken, under
    way and scheduled (a vacation counts in the year it starts; ended early, only the days begun)."""
    start = _year_start(moment)
    used = sum(
        db.scalars(
            select(Vacation.days).where(
                Vacation.user_id == user.id,
                Vacation.starts_at >= start,
                Vacation.starts_at < start.replace(year=start.year + 1),
            )
        )
    )
    return max(0, allowance - used)


def coming_vacations(db: Session, user: User, moment: datetime) -> list[Vacation]:
    """The vacation under way, if any, and the scheduled ones, soonest first."""
    return list(
        db.scalars(
            select(Vacation).where(Vacation.user_id == user.id, Vacation.ends_at > moment).order_by(Vacation.starts_at)
        )
    )


def vacation_info(db: Session, user: User, allowance: int, moment: datetime | None = None) -> dict[str, Any]:
    """The allowance, what is left of it this year, the vacation under way (``until``) and the coming ones."""
    moment = moment or now(db)
    coming = coming_vacations(db, user, moment)
    current = next((v for v in coming if aware(v.starts_at) <= moment), None)
    return {
        "allowance": allowance,
        "left": vacation_left(db, user, allowance, moment),
        "until": aware(current.ends_at).isoformat() if current else None,
        "on_vacation": current is not None,
        "vacations": [
            {
                "id": v.id,
                "starts_at": aware(v.starts_at).isoformat(),
                "ends_at": aware(v.ends_at).isoformat(),
                "days": v.days,
                "under_way": v is current,
            }
            for v in coming
        ],
    }


def _lock_user(db: Session, user: User) -> None:
    """Book vacations one at a time per person (a row lock on PostgreSQL, the write lock on SQLite): two bookings
    at once never overrun the allowance."""
    db.execute(update(User).where(User.id == user.id).values(id=User.id))


def take_vacation(db: Session, user: User, days: int, allowance: int, starts_on: date | None = None) -> Vacation:
    """Go on vacation for ``days`` whole days, now or (``starts_on``, a later day than today) from that day's
    midnight in the clocks' time zone: every clock of mine stands still during it."""
    if not isinstance(days, int) or isinstance(days, bool) or days < 1:
        raise Invalid(_("A vacation lasts at least one whole day."))
    if days > allowance:
        raise Invalid(_("A vacation lasts at most the year's allowance, {n} days.").format(n=allowance))
    _lock_user(db, user)
    moment = now(db)
    if starts_on is None:
        start, end = moment, moment + timedelta(days=days)
        if current_vacation(db, user, moment) is not None:
            raise Invalid(_("You are on vacation already; end it first."))
    else:
        zone = ZoneInfo(clock_zone(db))
        today = moment.astimezone(zone).date()
        if starts_on <= today:
            raise Invalid(
                _("A scheduled vacation starts on a later day than today (to start now, go on vacation now).")
            )
        if starts_on > today + timedelta(days=366):
            raise Invalid(_("A vacation may be scheduled at most a year ahead."))
        start = datetime.combine(starts_on, dtime.min, zone).astimezone(UTC)
        end = datetime.combine(starts_on + timedelta(days=days), dtime.min, zone).astimezone(UTC)
    clash = db.scalar(
        select(Vacation).where(Vacation.user_id == user.id, Vacation.starts_at < end, Vacation.ends_at > start).limit(1)
    )
    if clash is not None:
        raise Invalid(
            _("That vacation overlaps another of yours ({start} to {end} UTC).").format(
                start=f"{aware(clash.starts_at):%Y-%m-%d %H:%M}", end=f"{aware(clash.ends_at):%Y-%m-%d %H:%M}"
            )
        )
    rest = vacation_left(db, user, allowance, start)
    if days > rest:
        year = _("this year") if start.year == moment.year else _("in {year}").format(year=start.year)
        raise Invalid(
            ngettext(
                "You have {n} day of vacation left {year}.", "You have {n} days of vacation left {year}.", rest
            ).format(n=rest, year=year)
        )
    vacation = Vacation(user_id=user.id, starts_at=start, ends_at=end, days=days, created_at=moment)
    db.add(vacation)
    db.flush()
    reschedule(db, user.id)
    db.commit()
    return vacation


def _end_now(vacation: Vacation, moment: datetime) -> None:
    """Back early: the vacation ends now and takes only the days begun (the others go back to the allowance)."""
    vacation.ends_at = moment
    vacation.days = max(1, math.ceil((moment - aware(vacation.starts_at)).total_seconds() / DAY))


def end_vacation(db: Session, user: User) -> None:
    """Back early from the vacation under way."""
    _lock_user(db, user)
    moment = now(db)
    vacation = current_vacation(db, user, moment)
    if vacation is None:
        raise Invalid(_("You are not on vacation."))
    _end_now(vacation, moment)
    db.flush()
    reschedule(db, user.id)
    db.commit()


def cancel_vacation(db: Session, user: User, vacation_id: int) -> None:
    """Cancel one of my coming vacations: a scheduled one goes, giving all its days back; the one under way ends
    now, giving back the days not begun."""
    _lock_user(db, user)
    moment = now(db)
    vacation = db.get(Vacation, vacation_id)
    if vacation is None or vacation.user_id != user.id or aware(vacation.ends_at) <= moment:
        raise NotFound(_("You have no such vacation to cancel."))
    if aware(vacation.starts_at) > moment:
        db.delete(vacation)
    else:
        _end_now(vacation, moment)
    db.flush()
    reschedule(db, user.id)
    db.commit()
