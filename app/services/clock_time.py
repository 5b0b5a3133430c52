"""Counting a clock's time (issue "Play-by-web life" §2, clocks in days): pure arithmetic on the server's time,
no database. A clock does not run during its pauses: the weekend (Saturday 00:00 to Monday 00:00 in the
server's clock time zone) when the table pauses weekends, and its holder's vacations. Time is always given
(never read here), so tests control it.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from app.i18n import _, format_number, ngettext

DAY = 86400
HOUR = 3600

Interval = tuple[datetime, datetime]


def aware(dt: datetime) -> datetime:
    """SQLite gives naive datetimes back; they are UTC."""
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Pauses:
    """When a clock does not run: weekends (if the table says so) and the holder's vacations."""

    weekends: bool = False
    vacations: tuple[Interval, ...] = field(default_factory=tuple)
    zone: str = "UTC"

    def _weekends(self, start: datetime) -> Iterator[Interval]:
        tz = ZoneInfo(self.zone)
        day = start.astimezone(tz).date()
        saturday = day - timedelta(days=(day.weekday() - 5) % 7)
        while True:
            begin = datetime.combine(saturday, datetime.min.time(), tz)
            end = datetime.combine(saturday + timedelta(days=2), datetime.min.time(), tz)
            yield begin.astimezone(UTC), end.astimezone(UTC)
            saturday += timedelta(days=7)

    def intervals(self, start: datetime) -> Iterator[Interval]:
        """The paused intervals that end after ``start``, merged, in order (endless when weekends pause)."""
        streams = [iter(sorted((aware(a), aware(b)) for a, b in self.vacations if b > a))]
        if self.weekends:
            streams.append(self._weekends(start))
        current: list[datetime] | None = None
        for a, b in heapq.merge(*streams, key=lambda iv: iv[0]):
            if b <= start:
                continue
            if current is None:
                current = [a, b]
            elif a <= current[1]:
                current[1] = max(current[1], b)
            else:
                yield current[0], current[1]
                current = [a, b]
        if current is not None:
            yield current[0], current[1]

    def paused_at(self, moment: datetime) -> bool:
        for a, b in self.intervals(moment):
            return a <= moment < b
        return False


def counted(start: datetime, end: datetime, pauses: Pauses) -> float:
    """Seconds of clock time from ``start`` to ``end``: the time between, less the pauses."""
    if end <= start:
        return 0.0
    total = (end - start).total_seconds()
    for a, b in pauses.intervals(start):
        if a >= end:
            break
        total -= (min(b, end) - max(a, start)).total_seconds()
    return max(0.0, total)


def runs_out(start: datetime, seconds: float, pauses: Pauses) -> datetime:
    """When a clock started at ``start`` with ``seconds`` left shows zero."""
    moment, left = start, max(0.0, seconds)
    for a, b in pauses.intervals(start):
        if a > moment:
            gap = (a - moment).total_seconds()
            if gap >= left:
                break
            left -= gap
        moment = max(moment, b)
    return moment + timedelta(seconds=left)


def duration_text(seconds: float) -> str:
    """ "2 d 4 h", "5 h 10 min", "12 min" (rounded down: a clock never shows more than it has)."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, DAY)
    hours, rest = divmod(rest, HOUR)
    minutes = rest // 60
    if days:
        return _("{d} d {h} h").format(d=days, h=hours)
    if hours:
        return _("{h} h {m} min").format(h=hours, m=minutes)
    return _("{m} min").format(m=minutes)


def days_text(seconds: int) -> str:
    """A pace's length in days: "1 day", "3 days", "1.5 days", "12 h"."""
    if seconds % DAY == 0:
        n = seconds // DAY
        return ngettext("{n} day", "{n} days", n).format(n=n)
    if seconds >= DAY:
        return _("{n} days").format(n=format_number(seconds / DAY))
    return _("{h} h").format(h=seconds // HOUR)
