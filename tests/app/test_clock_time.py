"""Counting clock time (app.services.clock_time): weekends in the clock's time zone, vacations overlapping them,
the words of the time left. Pure arithmetic: no database, no sleeping."""

from datetime import UTC, datetime, timedelta

from app.services.clock_time import DAY, HOUR, Pauses, counted, days_text, duration_text, runs_out

UTC = UTC
FRIDAY = datetime(2026, 12, 4, 12, 0, tzinfo=UTC)


def test_a_weekend_is_saturday_and_sunday_of_the_clock_time_zone():
    madrid = Pauses(weekends=True, zone="Europe/Madrid")  # UTC+1 in December: the weekend starts at 23:00 UTC
    assert runs_out(FRIDAY, 11 * HOUR, madrid) == datetime(2026, 12, 4, 23, 0, tzinfo=UTC)  # as the weekend begins
    assert runs_out(FRIDAY, 12 * HOUR, madrid) == datetime(2026, 12, 7, 0, 0, tzinfo=UTC)  # Monday 01:00 in Madrid
    assert counted(FRIDAY, FRIDAY + 7 * timedelta(days=1), madrid) == 5 * DAY


def test_vacations_and_weekends_together_pause_once():
    vacation = ((datetime(2026, 12, 5, 0, 0, tzinfo=UTC), datetime(2026, 12, 8, 12, 0, tzinfo=UTC)),)
    both = Pauses(weekends=True, vacations=vacation)
    assert counted(FRIDAY, datetime(2026, 12, 9, 12, 0, tzinfo=UTC), both) == 12 * HOUR + DAY
    assert runs_out(FRIDAY, 13 * HOUR, both) == datetime(2026, 12, 8, 13, 0, tzinfo=UTC)
    assert runs_out(FRIDAY, 0, both) == FRIDAY


def test_a_clock_started_in_a_pause_waits_for_its_end():
    sunday = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)
    assert runs_out(sunday, HOUR, Pauses(weekends=True)) == datetime(2026, 12, 7, 1, 0, tzinfo=UTC)
    assert Pauses(weekends=True).paused_at(sunday) and not Pauses(weekends=True).paused_at(FRIDAY)


def test_the_words_of_time_left_and_of_a_pace():
    assert duration_text(2 * DAY + 4 * HOUR + 3599) == "2 d 4 h"
    assert duration_text(5 * HOUR + 61) == "5 h 1 min" and duration_text(59) == "0 min"
    assert [days_text(s) for s in (DAY, 3 * DAY, 36 * HOUR, 12 * HOUR)] == ["1 day", "3 days", "1.5 days", "12 h"]
