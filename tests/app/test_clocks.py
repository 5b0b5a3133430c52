"""Clocks in days (issue "Play-by-web life" §2) on SQLite and PostgreSQL: paces, weekends, vacations, reminders,
time-outs (a bot stands in, a forfeit, an abandonment), and the checker's claims across processes. Time is the
server's, from a clock the tests move by hand: no test sleeps for a clock."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

import pytest

from app.main import create_app
from app.models import GameTable, LogEntry, Seat, utcnow
from app.models.clocks import SeatClock, TableClock, Vacation
from app.models.pbw import Delivery, Notice, NoticeSettings, PlatformMove
from app.models.ratings import RatingChange
from app.services import play, vacations
from app.services.clock_checker import time_out
from app.services.clock_time import aware
from app.services.tables import game_of

TUESDAY = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


class Clock:
    """The server's time, moved by the test."""

    def __init__(self, at: datetime):
        self.at = at

    def __call__(self) -> datetime:
        return self.at

    def advance(self, **kw) -> None:
        self.at += timedelta(**kw)


@pytest.fixture
def clock():
    return Clock(TUESDAY)


@pytest.fixture
def settings(settings):
    """The notices' webhook receiver in these tests is this machine (webhooks may not reach inside otherwise)."""
    return settings.model_copy(update={"webhook_allowed_hosts": ["127.0.0.1"]})


@pytest.fixture
def app(settings, clock):
    return create_app(settings, clock=clock)


def clocked(browser, clock=None, seed=7):
    """alice (north, who leads) and bob (south) at a duel with a clock."""
    alice, bob = browser("alice"), browser("bob")
    r = alice.api(
        "POST",
        "/api/v1/tables",
        {
            "game": "toy-duel",
            "seats": {"north": "me", "south": "open"},
            "seed": seed,
            "clock": clock or {"pace": "per_move", "days": 1},
        },
    )
    assert r.status_code == 201, r.text
    table = r.json()["id"]
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {}).status_code == 200
    return alice, bob, table


def seat_clock(view, role):
    return view["clock"]["seats"][role]


def log_texts(view):
    return [e["text"] for e in view["log"]]


def wait_for(predicate, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def check(app):
    return app.state.clock_checker.check()


def test_a_clock_runs_only_for_the_seat_to_act_and_a_move_stops_it(app, browser, clock):
    alice, _bob, table = clocked(browser)
    view = alice.view(table)
    assert view["clock"]["text"] == "1 day per move · on time-out a bot plays the seat until its player returns"
    assert seat_clock(view, "north")["running"] and seat_clock(view, "north")["text"] == "1 d 0 h left"
    assert not seat_clock(view, "south")["running"]
    clock.advance(hours=5, minutes=30)
    assert seat_clock(alice.view(table), "north")["text"] == "18 h 30 min left"
    assert alice.act(table, "done").status_code == 200  # both choose now: north is still to act, its turn goes on
    view = alice.view(table)
    assert seat_clock(view, "north")["left_seconds"] == 18 * 3600 + 1800
    assert seat_clock(view, "south")["running"]
    card = view["actions"][0]["arg"]
    assert alice.act(table, "choose", card).status_code == 200  # north's turn is over: per move, it starts full
    view = alice.view(table)
    assert not seat_clock(view, "north")["running"] and seat_clock(view, "north")["left_seconds"] == 86400
    clock.advance(hours=23)
    assert check(app) == {"reminded": 1, "timed_out": 0}  # bob: 1 h left


def test_a_clock_that_runs_out_gives_the_seat_to_a_bot_until_the_player_returns(app, browser, clock):
    alice, bob, table = clocked(browser)
    clock.advance(hours=23, minutes=59)
    assert check(app) == {"reminded": 1, "timed_out": 0}
    clock.advance(minutes=2)
    assert check(app) == {"reminded": 0, "timed_out": 1}
    assert check(app) == {"reminded": 0, "timed_out": 0}  # never twice
    with app.state.sessions() as db:
        seat = db.query(Seat).filter_by(table_id=table, role="north").one()
        assert seat.bot == "random" and seat.user.username == "alice"
        assert [(m.kind, m.role) for m in db.query(PlatformMove).filter_by(table_id=table)] == [("stand-in", "north")]
    # the bot plays north's turn (the runner hears the news), until south is to act alone
    assert wait_for(lambda: bob.view(table)["active_roles"] == ["south"])
    view = alice.view(table)
    assert "alice ran out of time; a bot plays the seat until they return." in log_texts(view)
    assert seat_clock(view, "north")["stand_in"] and "I am back" in alice.c.get(f"/tables/{table}").text
    assert view["actions"] == [] and alice.act(table, "done").status_code == 422  # the bot has the seat now
    assert bob.api("POST", f"/api/v1/tables/{table}/take-back").status_code == 422  # no bot plays his seat
    assert browser("carol").api("POST", f"/api/v1/tables/{table}/take-back").status_code == 403
    r = alice.api("POST", f"/api/v1/tables/{table}/take-back")
    assert r.status_code == 200, r.text
    assert not r.json()["clock"]["seats"]["north"]["stand_in"]
    view = alice.view(table)
    north = next(s for s in view["seats"] if s["role"] == "north")
    assert north["bot"] is None and north["player"] == "alice"
    assert seat_clock(view, "north")["left_seconds"] == 86400
    assert log_texts(view)[0] == "alice is back and plays the seat again."
    assert alice.api("POST", f"/api/v1/tables/{table}/take-back").status_code == 422  # no bot there any more


def test_a_forfeit_on_time_ends_the_game_as_a_resignation_would(app, browser, clock):
    _alice, bob, table = clocked(browser, {"pace": "per_move", "days": 3, "on_timeout": "forfeit"})
    clock.advance(days=3, seconds=1)
    assert check(app)["timed_out"] == 1
    view = bob.view(table)
    assert view["status"] == "finished" and view["actions"] == []
    assert log_texts(view)[:2] == ["The game is over: bob wins.", "alice ran out of time and forfeits."]
    assert "alice ran out of time. bob wins." in bob.c.get(f"/tables/{table}/endings").text
    with app.state.sessions() as db:
        move = db.query(PlatformMove).filter_by(table_id=table).one()
        assert (move.kind, move.role, move.outcome["winners"]) == ("timeout", "north", ["south"])
        assert db.query(SeatClock).filter(SeatClock.table_id == table, SeatClock.since.is_not(None)).count() == 0
        changes = {c.role: round(c.after - c.before) for c in db.query(RatingChange).filter_by(table_id=table)}
        assert changes == {"north": -16, "south": 16}  # a forfeit on time is rated as a loss


def test_a_time_out_may_abandon_the_table(app, browser, clock):
    alice, _bob, table = clocked(browser, {"pace": "per_move", "days": 7, "on_timeout": "abandon"})
    clock.advance(days=8)
    assert check(app)["timed_out"] == 1
    view = alice.view(table)
    assert view["status"] == "finished"
    assert log_texts(view)[:2] == ["alice ran out of time; the table is abandoned.", "The cards are dealt."]
    with app.state.sessions() as db:
        assert db.query(PlatformMove).filter_by(table_id=table).one().outcome["winners"] == []
        assert db.query(RatingChange).filter_by(table_id=table).count() == 0  # an abandoned table is not rated


def test_weekends_pause_the_clock_when_the_table_says_so(app, browser, clock):
    clock.at = datetime(2026, 12, 4, 12, 0, tzinfo=UTC)  # a Friday noon
    alice, _bob, table = clocked(browser, {"pace": "per_move", "days": 1, "pause_weekends": True})
    clock.advance(days=1, hours=1)  # Saturday 13:00: only Friday afternoon counted
    north = seat_clock(alice.view(table), "north")
    assert north["text"] == "12 h 0 min left (paused: weekend)" and north["paused"] == "weekend"
    assert north["deadline"] == "2026-12-07T12:00:00+00:00"  # Monday noon
    clock.advance(days=1, hours=22)  # Monday 11:00
    assert check(app)["timed_out"] == 0
    clock.advance(hours=1, seconds=1)
    assert check(app)["timed_out"] == 1


def test_a_bank_spends_what_a_turn_used_and_adds_the_increment_up_to_the_cap(app, browser, clock):
    alice, bob, table = clocked(browser, {"pace": "bank", "bank_days": 2, "increment_days": 1, "cap_days": 2.5})
    assert seat_clock(alice.view(table), "north")["text"] == "2 d 0 h left"
    clock.advance(hours=30)
    alice.act(table, "done")
    view = alice.view(table)
    alice.act(table, "choose", view["actions"][0]["arg"])
    assert seat_clock(alice.view(table), "north")["left_seconds"] == (48 - 30 + 24) * 3600
    clock.advance(hours=1)
    bob.act(table, "choose", bob.view(table)["actions"][0]["arg"])  # round 2: bob leads, his turn goes on
    clock.advance(hours=1)
    bob.act(table, "done")
    bob.act(table, "choose", bob.view(table)["actions"][0]["arg"])  # 2 h used of 48, a day more: capped
    view = bob.view(table)
    assert seat_clock(view, "south")["left_seconds"] == 60 * 3600 and seat_clock(view, "north")["running"]


def test_a_vacation_pauses_all_my_clocks_and_comes_from_a_yearly_allowance(app, browser, clock):
    alice, _bob, table = clocked(browser)
    other = alice.api(
        "POST",
        "/api/v1/tables",
        {"game": "toy-duel", "seats": {"north": "me", "south": "bot:random"}, "clock": {"pace": "per_move", "days": 7}},
    ).json()["id"]
    clock.advance(hours=10)
    r = alice.api("POST", "/api/v1/me/vacation", {"days": 3})
    assert r.status_code == 201 and r.json()["left"] == 18 and r.json()["on_vacation"]
    assert alice.api("POST", "/api/v1/me/vacation", {"days": 1}).status_code == 422  # on vacation already
    clock.advance(days=2)
    assert seat_clock(alice.view(table), "north")["text"] == "14 h 0 min left (paused: on vacation)"
    assert seat_clock(alice.view(other), "north")["text"] == "6 d 14 h left (paused: on vacation)"
    assert check(app)["timed_out"] == 0
    assert "on vacation" in alice.c.get("/").text
    clock.advance(hours=6)
    assert alice.api("DELETE", "/api/v1/me/vacation").status_code == 204  # back after 54 h: 3 days begun
    assert alice.api("GET", "/api/v1/me/vacation").json() == {
        "allowance": 21,
        "left": 18,
        "until": None,
        "on_vacation": False,
        "vacations": [],
    }
    assert seat_clock(alice.view(table), "north")["left_seconds"] == 14 * 3600
    clock.advance(hours=14, seconds=1)
    assert check(app)["timed_out"] == 1
    r = alice.api("POST", "/api/v1/me/vacation", {"days": 19})
    assert r.status_code == 422 and "18 days of vacation left" in r.json()["detail"]
    assert "18 of 21 days left" in alice.c.get("/users/alice").text


def test_a_vacation_started_elsewhere_moves_the_deadline_the_checker_sees(app, browser, clock):
    _alice, _bob, table = clocked(browser)
    with app.state.sessions() as db:
        before = db.get(SeatClock, (table, "north")).deadline
        user = db.query(Seat).filter_by(table_id=table, role="north").one().user
        vacations.take_vacation(db, user, 2, 21)
        after = db.get(SeatClock, (table, "north"), populate_existing=True).deadline
    assert aware(after) - aware(before) == 2 * DAY


def test_a_reminder_comes_before_time_runs_out_beside_the_turn_notice(app, browser, clock):
    _alice, _bob, table = clocked(browser)
    assert wait_for(lambda: _notices(app, table, "turn"))  # alice is not on the page: her turn is noticed
    clock.advance(hours=11, minutes=59)
    assert check(app)["reminded"] == 0
    clock.advance(minutes=2)
    assert check(app)["reminded"] == 1
    assert check(app)["reminded"] == 0
    (reminder,) = _notices(app, table, "reminder")
    assert (
        reminder.text == "Your clock at alice's Duel (test game) runs out on 2026-12-02 at 09:00 UTC, in 11 h 59 min."
    )
    assert _notices(app, table, "turn")[0].seq == reminder.seq  # the same move: both kept


def _notices(app, table, kind):
    with app.state.sessions() as db:
        return db.query(Notice).filter_by(table_id=table, kind=kind).all()


def _race(fns):
    """Run the functions at once in threads; their results."""
    start, results = threading.Barrier(len(fns)), [None] * len(fns)

    def run(i, fn):
        start.wait()
        results[i] = fn()

    threads = [threading.Thread(target=run, args=(i, fn)) for i, fn in enumerate(fns)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return results


@pytest.fixture
def second_app(settings, clock):
    """Another server process on the same database (its own engine and threads, never started)."""
    other = create_app(settings, clock=clock)
    yield other
    other.state.engine.dispose()


def test_two_processes_never_time_out_a_seat_twice_nor_remind_twice(app, second_app, browser, clock):
    _alice, _bob, table = clocked(browser, {"pace": "per_move", "days": 1, "on_timeout": "forfeit"})
    clock.advance(hours=13)
    results = _race([app.state.clock_checker.check, second_app.state.clock_checker.check])
    assert sum(r["reminded"] for r in results) == 1 and len(_notices(app, table, "reminder")) == 1
    clock.advance(hours=12)
    results = _race([app.state.clock_checker.check, second_app.state.clock_checker.check])
    assert sum(r["timed_out"] for r in results) == 1
    with app.state.sessions() as db:
        assert db.query(PlatformMove).filter_by(table_id=table).count() == 1
        assert (
            db.query(LogEntry)
            .filter_by(table_id=table)
            .filter(LogEntry.entry["msg"].as_string() == "platform.timeout")
            .count()
            == 1
        )


def test_a_move_made_in_time_wins_over_a_checker_that_read_the_clock_before(app, browser, clock):
    alice, _bob, table = clocked(browser)
    with app.state.sessions() as db:
        version = db.get(SeatClock, (table, "north")).version
    clock.advance(hours=23, minutes=59)
    assert alice.act(table, "done").status_code == 200
    assert alice.act(table, "choose", alice.view(table)["actions"][0]["arg"]).status_code == 200
    clock.advance(minutes=5)
    with app.state.sessions() as db:  # the checker read the clock before the move, and acts after it
        assert time_out(db, table, "north", version, clock()) is None
    assert alice.view(table)["status"] == "active"


def test_two_processes_send_a_digest_once(app, second_app, browser, clock):
    alice = browser("alice")
    alice.post("/notices/settings", {"mode": "digest", "digest_hours": "1", "webhook_url": "http://127.0.0.1:9/h"})
    bob = browser("bob")
    table = alice.new_table(seats={"north": "me", "south": "open"})
    bob.api("POST", f"/api/v1/tables/{table}/join", {})
    assert wait_for(lambda: _notices(app, table, "turn"))
    with app.state.sessions() as db:
        db.query(NoticeSettings).update({"last_digest_at": utcnow() - timedelta(hours=2)})
        db.commit()
    later = utcnow()
    _race([lambda: app.state.notifier.flush_digests(later), lambda: second_app.state.notifier.flush_digests(later)])
    with app.state.sessions() as db:
        assert db.query(Delivery).filter(Delivery.body.contains("waiting for you")).count() == 1


def test_resign_and_abandon_are_in_the_game_log(app, browser):
    alice, bob, table = clocked(browser, {"pace": "none"})
    bob.api("POST", f"/api/v1/tables/{table}/resign")
    assert log_texts(alice.view(table))[:2] == ["The game is over: alice wins.", "bob resigned."]
    alice, bob = browser(), browser()
    alice.register("carol"), bob.register("dave")
    other = alice.new_table(seats={"north": "me", "south": "open"})
    bob.api("POST", f"/api/v1/tables/{other}/join", {})
    alice.api("POST", f"/api/v1/tables/{other}/abandon")
    bob.api("POST", f"/api/v1/tables/{other}/abandon")
    assert log_texts(alice.view(other))[0] == "The players abandoned the game by agreement."


def test_platform_entries_survive_an_undo_and_a_rebuild(app, browser, clock):
    alice, _bob, table = clocked(browser)
    assert alice.act(table, "raise").status_code == 200  # seq 1, no barrier: alice may take it back
    with app.state.sessions() as db:
        from app.services import endings

        endings.log(db, db.get(GameTable, table), "returned", role="north")  # a platform entry at seq 1
        db.commit()
    r = alice.api("POST", f"/api/v1/tables/{table}/undo", {"seq": 1})
    assert r.status_code == 200, r.text
    texts = log_texts(alice.view(table))
    assert "alice is back and plays the seat again." in texts and "alice raises the stake to 2." not in texts
    with app.state.sessions() as db:
        t = db.get(GameTable, table)
        play.rebuild(db, t, game_of(t.game_id))
        db.commit()
    assert "alice is back and plays the seat again." in log_texts(alice.view(table))


def test_the_lobby_the_table_page_and_the_api_show_the_clocks(app, browser, clock):
    alice, bob, table = clocked(browser, {"pace": "per_move", "days": 3})
    clock.advance(hours=20)
    mine = alice.api("GET", "/api/v1/tables").json()["mine"]
    assert [row["clock"] for row in mine] == ["2 d 4 h left"]
    assert "· 2 d 4 h left" in alice.c.get("/").text
    page = bob.c.get(f"/tables/{table}").text
    assert "· 2 d 4 h left" in page and "Clock: 3 days per move" in page
    carol = browser("carol")
    plain = carol.new_table(seats={"north": "me", "south": "bot:random"})
    assert carol.view(plain)["clock"] is None and "Time left on the clock" not in carol.c.get(f"/tables/{plain}").text


def test_the_new_table_form_chooses_a_pace(app, browser, clock):
    alice = browser("alice")
    r = alice.post(
        "/tables",
        {
            "game": "toy-duel",
            "shown_game": "toy-duel",
            "seat_north": "me",
            "seat_south": "bot:random",
            "clock": "bank",
            "clock_bank_days": "5",
            "clock_increment_days": "0.5",
            "clock_cap_days": "10",
            "clock_weekends": "on",
            "clock_timeout": "forfeit",
        },
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    table = int(r.headers["location"].rsplit("/", 1)[1])
    with app.state.sessions() as db:
        row = db.get(TableClock, table)
        assert (
            row.pace,
            row.bank_seconds,
            row.increment_seconds,
            row.cap_seconds,
            row.pause_weekends,
            row.on_timeout,
        ) == ("bank", 5 * 86400, 12 * 3600, 10 * 86400, True, "forfeit")
    assert (
        "a bank of 5 days, 12 h more per move, at most 10 days · weekends paused"
        in alice.c.get(f"/tables/{table}").text
    )
    r = alice.post(
        "/tables",
        {"game": "toy-duel", "shown_game": "toy-duel", "clock": "bank", "clock_bank_days": "9", "clock_cap_days": "3"},
    )
    assert r.status_code == 422 and "the cap must be at least the bank" in r.text
    r = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "clock": {"pace": "per_move", "days": 2}})
    assert r.status_code == 422


def test_a_rematch_keeps_the_pace(app, browser, clock):
    _alice, bob, table = clocked(browser, {"pace": "per_move", "days": 7, "pause_weekends": True})
    bob.api("POST", f"/api/v1/tables/{table}/resign")
    new = bob.api("POST", f"/api/v1/tables/{table}/rematch").json()["id"]
    with app.state.sessions() as db:
        row = db.get(TableClock, new)
        assert (row.pace, row.move_seconds, row.pause_weekends) == ("per_move", 7 * 86400, True)
        assert db.query(SeatClock).filter_by(table_id=new).count() == 2


def test_the_vacation_page(app, browser, clock):
    alice = browser("alice")
    assert "21</strong> of 21 days left" in alice.c.get("/vacation").text
    assert alice.post("/vacation", {"days": "2"}, follow_redirects=False).status_code == 303
    assert "You are on vacation until 2026-12-03 09:00 UTC" in alice.c.get("/vacation").text
    alice.post("/vacation", {"end": "1"})
    with app.state.sessions() as db:
        assert db.query(Vacation).one().days == 1


def test_the_clock_migration_goes_down_and_up_again(database_url):
    from alembic import command
    from sqlalchemy import create_engine, inspect

    from app.db import normalise_url
    from app.migrate import alembic_config, upgrade

    upgrade(database_url)
    command.downgrade(alembic_config(database_url), "0004")
    upgrade(database_url)
    engine = create_engine(normalise_url(database_url))
    uniques = inspect(engine).get_unique_constraints("notices")
    engine.dispose()
    assert [set(u["column_names"]) for u in uniques] == [{"user_id", "table_id", "seq", "kind"}]


def test_a_spectators_live_table_shows_the_time_left_as_it_is_now(browser, clock):
    """The spectators' shared render of a table (app.routes.pages) is keyed by the clocks' time left too."""
    _alice, _bob, table = clocked(browser, {"pace": "per_move", "days": 3})
    carol = browser("carol")
    first = carol.c.get(f"/tables/{table}/live").text
    assert "2 d 23 h left" in first or "3 d 0 h left" in first
    clock.advance(days=1)
    later = carol.c.get(f"/tables/{table}/live").text
    assert "1 d 23 h left" in later or "2 d 0 h left" in later
