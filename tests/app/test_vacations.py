"""Scheduled vacations (issue "Play-by-web life" §2, "a vacation allowance per user per year that pauses all their
clocks"; §6, the profile's "vacation left"), on SQLite and PostgreSQL: booked ahead, a vacation pauses the clocks
exactly during its window; the allowance counts the days booked, and cancelling gives back the days not begun.
Time is the server's, moved by hand."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta

from app.errors import Invalid
from app.models import User
from app.models.clocks import SeatClock, Vacation
from app.services import vacations
from app.services.clock_time import Pauses, aware, counted, runs_out
from tests.app.test_clocks import TUESDAY, _race, app, check, clock, clocked, seat_clock  # noqa: F401 (the clocked fixtures)

H = 3600
UTC = UTC


def test_the_pause_arithmetic_counts_a_vacation_that_lies_ahead():
    start = TUESDAY
    ahead = Pauses(vacations=((datetime(2026, 12, 3, tzinfo=UTC), datetime(2026, 12, 5, tzinfo=UTC)),))
    assert counted(start, datetime(2026, 12, 2, 9, tzinfo=UTC), ahead) == 24 * H  # before it: all counts
    assert counted(start, datetime(2026, 12, 4, tzinfo=UTC), ahead) == 39 * H  # to its first day's midnight
    assert counted(start, datetime(2026, 12, 5, 1, tzinfo=UTC), ahead) == 40 * H  # the two days did not count
    assert runs_out(start, 24 * H, ahead) == datetime(2026, 12, 2, 9, tzinfo=UTC)  # over before it starts
    assert runs_out(start, 40 * H, ahead) == datetime(2026, 12, 5, 1, tzinfo=UTC)
    assert not ahead.paused_at(datetime(2026, 12, 2, 23, 59, tzinfo=UTC))
    assert ahead.paused_at(datetime(2026, 12, 3, tzinfo=UTC)) and not ahead.paused_at(datetime(2026, 12, 5, tzinfo=UTC))


def test_a_scheduled_vacation_pauses_the_clocks_exactly_during_its_window(app, browser, clock):
    alice, _bob, table = clocked(browser, {"pace": "per_move", "days": 3})  # north's clock runs from Tuesday 09:00
    r = alice.api("POST", "/api/v1/me/vacation", {"days": 2, "starts_on": "2026-12-03"})
    assert r.status_code == 201, r.text
    info = r.json()
    assert (info["left"], info["on_vacation"], info["until"]) == (19, False, None)
    (v,) = info["vacations"]
    assert (v["starts_at"], v["ends_at"], v["days"], v["under_way"]) == (
        "2026-12-03T00:00:00+00:00",
        "2026-12-05T00:00:00+00:00",
        2,
        False,
    )
    north = seat_clock(alice.view(table), "north")
    assert north["deadline"] == "2026-12-06T09:00:00+00:00"  # 3 days and the 2 of the vacation
    clock.at = datetime(2026, 12, 2, 23, 59, tzinfo=UTC)  # the evening before: still running
    north = seat_clock(alice.view(table), "north")
    assert north["paused"] is None and north["text"] == "1 d 9 h left" and north["left_seconds"] == 33 * H + 60
    clock.at = datetime(2026, 12, 3, 0, 0, tzinfo=UTC)  # the first day's midnight: paused
    assert seat_clock(alice.view(table), "north")["text"] == "1 d 9 h left (paused: on vacation)"
    clock.at = datetime(2026, 12, 4, 23, 0, tzinfo=UTC)
    north = seat_clock(alice.view(table), "north")
    assert north["paused"] == "vacation" and north["left_seconds"] == 33 * H
    assert alice.api("GET", "/api/v1/me/vacation").json()["on_vacation"] is True
    clock.at = datetime(2026, 12, 5, 1, 0, tzinfo=UTC)  # back: an hour counted since
    north = seat_clock(alice.view(table), "north")
    assert north["paused"] is None and north["left_seconds"] == 32 * H
    clock.at = datetime(2026, 12, 6, 9, 0, tzinfo=UTC) - timedelta(seconds=1)
    assert check(app)["timed_out"] == 0
    clock.advance(seconds=2)
    assert check(app)["timed_out"] == 1


def test_a_vacation_scheduled_while_a_clock_runs_moves_its_deadline_and_cancelling_puts_it_back(app, browser, clock):
    alice, _bob, table = clocked(browser)  # 1 day per move: runs out Wednesday 09:00

    def deadline():
        with app.state.sessions() as db:
            return aware(db.get(SeatClock, (table, "north")).deadline)

    assert deadline() == datetime(2026, 12, 2, 9, tzinfo=UTC)
    alice.api("POST", "/api/v1/me/vacation", {"days": 1, "starts_on": "2026-12-02"})  # Wednesday, from midnight
    assert deadline() == datetime(2026, 12, 3, 9, tzinfo=UTC)
    (v,) = alice.api("GET", "/api/v1/me/vacation").json()["vacations"]
    assert alice.api("DELETE", f"/api/v1/me/vacations/{v['id']}").status_code == 204
    assert deadline() == datetime(2026, 12, 2, 9, tzinfo=UTC)
    clock.advance(days=1, seconds=1)
    assert check(app)["timed_out"] == 1  # the cancelled vacation paused nothing


def test_the_allowance_counts_the_days_booked_and_cancelling_gives_back_the_days_not_begun(app, browser, clock):
    alice = browser("alice")
    book = lambda body: alice.api("POST", "/api/v1/me/vacation", body)
    assert book({"days": 5, "starts_on": "2026-12-10"}).json()["left"] == 16
    assert book({"days": 10, "starts_on": "2026-12-20"}).json()["left"] == 6
    r = book({"days": 7, "starts_on": "2026-12-01"})
    assert r.status_code == 422 and "later day than today" in r.json()["detail"]  # today: go on vacation now
    r = book({"days": 7, "starts_on": "2026-12-02"})
    assert r.status_code == 422 and "6 days of vacation left this year" in r.json()["detail"]
    r = book({"days": 3, "starts_on": "2026-12-12"})
    assert r.status_code == 422 and "overlaps" in r.json()["detail"]
    r = book({"days": 21, "starts_on": "2027-01-05"})  # next year's allowance
    assert r.status_code == 201 and r.json()["left"] == 6
    assert book({"days": 1, "starts_on": "2027-02-20"}).json()["detail"] == "You have 0 days of vacation left in 2027."
    assert book({"days": 22, "starts_on": "2027-02-01"}).status_code == 422
    assert book({"days": 2, "starts_on": "2028-01-02"}).status_code == 422  # more than a year ahead
    info = alice.api("GET", "/api/v1/me/vacation").json()
    first, second, _ = info["vacations"]
    assert alice.api("DELETE", f"/api/v1/me/vacations/{first['id']}").status_code == 204  # all 5 days back
    assert alice.api("GET", "/api/v1/me/vacation").json()["left"] == 11
    clock.at = datetime(2026, 12, 23, 12, 0, tzinfo=UTC)  # 3 days and a half into the 10
    info = alice.api("GET", "/api/v1/me/vacation").json()
    assert info["on_vacation"] and info["until"] == "2026-12-30T00:00:00+00:00"
    assert alice.api("DELETE", f"/api/v1/me/vacations/{second['id']}").status_code == 204  # 4 days begun
    info = alice.api("GET", "/api/v1/me/vacation").json()
    assert (info["left"], info["on_vacation"]) == (21 - 4, False)
    assert alice.api("DELETE", f"/api/v1/me/vacations/{second['id']}").status_code == 404  # over: nothing to cancel
    assert browser("bob").api("DELETE", f"/api/v1/me/vacations/{info['vacations'][0]['id']}").status_code == 404


def test_the_profile_shows_the_vacation_left_and_cancels_a_scheduled_one(app, browser, clock):
    alice = browser("alice")
    assert "21 of 21 days left this year" in alice.c.get("/users/alice").text
    r = alice.post("/vacation/schedule", {"first_day": "2026-12-24", "last_day": "2026-12-27"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    page = alice.c.get("/users/alice").text
    assert "17 of 21 days left this year" in page
    assert "2026-12-24 00:00 to 2026-12-28 00:00 UTC" in page and "4 days · scheduled" in page
    assert "2026-12-24" not in browser("bob").c.get("/users/alice").text  # one's own vacations only
    (vid,) = re.findall(r'action="/vacation/(\d+)/cancel"', page)
    r = alice.post(f"/vacation/{vid}/cancel", {"back": "profile"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/users/alice"
    page = alice.c.get("/users/alice").text
    assert "21 of 21 days left this year" in page and "scheduled" not in page
    r = alice.post("/vacation/schedule", {"first_day": "2026-12-24", "last_day": "2026-12-20"})
    assert r.status_code == 422 and "not before its first" in r.text
    assert "Schedule a vacation" in alice.c.get("/vacation").text


def test_two_bookings_at_once_never_overrun_the_allowance(app, browser, clock):
    browser("alice")

    def book(day):
        with app.state.sessions() as db:
            user = db.query(User).filter_by(username="alice").one()
            try:
                vacations.take_vacation(db, user, 15, 21, starts_on=date(2026, 12, day))
                return True
            except Invalid as exc:
                return str(exc)

    results = _race([lambda: book(3), lambda: book(20)])
    assert sorted(map(str, results)) == ["True", "You have 6 days of vacation left this year."], results
    with app.state.sessions() as db:
        assert db.query(Vacation).count() == 1
