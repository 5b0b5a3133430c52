"""What the pages give the browser to count a clock down (issue "Play-by-web life" §2, "2 d 4 h left" on the table
and in the lobby; static/js/clocks.js): a running clock's seconds left, and the seconds until a pause (a weekend, a
vacation) stops it; a paused or stopped clock gives neither. On SQLite and PostgreSQL, time moved by hand."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from tests.app.test_clocks import app, clock, clocked, seat_clock  # noqa: F401 (the clocked fixtures)

H = 3600


def spans(html: str) -> list[str]:
    return re.findall(r'<span class="clock[^"]*"[^>]*>[^<]*</span>', html)


def test_the_table_page_and_the_lobby_give_a_running_clock_its_seconds_left(app, browser, clock):
    alice, bob, table = clocked(browser, {"pace": "per_move", "days": 3})
    clock.advance(hours=20)
    running, waiting = spans(bob.c.get(f"/tables/{table}").text)
    assert 'data-clock-left="187200"' in running and "· 2 d 4 h left" in running and "running" in running
    assert "data-clock-left" not in waiting and "· 3 d 0 h left" in waiting  # south's clock does not run
    assert "data-clock-pause-in" not in running  # no pause ahead
    rows = spans(alice.c.get("/").text)  # among my tables, and among those to watch
    assert rows and all('data-clock-left="187200"' in row and "· 2 d 4 h left" in row for row in rows)
    north = seat_clock(alice.view(table), "north")
    assert north["pause_in_seconds"] is None and north["pause_seconds"] is None


def test_a_pause_ahead_is_given_and_a_paused_clock_does_not_count(app, browser, clock):
    clock.at = datetime(2026, 12, 4, 12, 0, tzinfo=UTC)  # a Friday noon
    alice, _bob, table = clocked(browser, {"pace": "per_move", "days": 1, "pause_weekends": True})
    (running, _) = spans(alice.c.get(f"/tables/{table}").text)
    assert 'data-clock-left="86400"' in running and 'data-clock-pause-in="43200"' in running  # Saturday 00:00
    assert 'data-clock-pause-for="172800"' in running  # to Monday 00:00
    clock.advance(hours=13)  # Saturday 01:00
    (paused, _) = spans(alice.c.get(f"/tables/{table}").text)
    assert "data-clock-left" not in paused and "(paused: weekend)" in paused
    rows = spans(alice.c.get("/").text)
    assert rows and all("data-clock-left" not in row and "paused" in row for row in rows)


def test_a_scheduled_vacation_is_a_pause_ahead_and_one_under_way_stops_the_count(app, browser, clock):
    alice, bob, table = clocked(browser, {"pace": "per_move", "days": 1})
    clock.advance(hours=5)  # 14:00
    assert alice.api("POST", "/api/v1/me/vacation", {"days": 1, "starts_on": "2026-12-02"}).status_code == 201
    north = seat_clock(alice.view(table), "north")
    assert north["pause_in_seconds"] == 10 * H and north["left_seconds"] == 19 * H  # midnight comes first
    assert north["pause_seconds"] == 24 * H
    (running, _) = spans(alice.c.get(f"/tables/{table}").text)
    assert 'data-clock-pause-in="36000"' in running
    clock.at = datetime(2026, 12, 2, 8, 0, tzinfo=UTC)
    (paused, _) = spans(bob.c.get(f"/tables/{table}").text)
    assert "data-clock-left" not in paused and "9 h 0 min left (paused: on vacation)" in paused
