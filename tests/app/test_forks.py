"""Forks (issue "Play-by-web life" §4): a fork's first position equals the original's at that move, it records
where it came from and replays deterministically; an analysis fork of a running game gives away nothing hidden.
On SQLite and PostgreSQL."""

from __future__ import annotations

import orjson
import pytest

from app.models import GameTable, LogEntry, Move
from app.models.pbw import TableOrigin
from app.models.ratings import RatingChange
from app.services import forks, play, records
from engines import registry
from tests.app.test_api import two_players
from tests.app.test_ratings import finish
from tests.support.toy_race import GAME as RACE


@pytest.fixture
def race():
    registry.register(RACE)
    yield RACE
    registry.unregister(RACE.id)


def state_of(app, table_id: int, step: int | None = None) -> dict:
    """A table's state now, or after ``step`` moves that count (replayed from its log)."""
    with app.state.sessions() as db:
        table = db.get(GameTable, table_id)
        if step is None:
            return play.load(db, table).state
        moves = play.effective_moves(db, table.id)
        return play.replay_state(db, table, upto=moves[step - 1].seq if step else 0)


def origin(app, table_id: int) -> TableOrigin:
    with app.state.sessions() as db:
        row = db.get(TableOrigin, table_id)
        db.expunge(row)
        return row


def test_a_fork_of_a_finished_game_starts_at_its_move_and_replays(app, browser):
    alice, bob, table = two_players(browser)
    alice.act(table, "raise")  # a move to take back, then a few that count
    alice.api("POST", f"/api/v1/tables/{table}/undo", {"seq": 1})
    finish(alice, bob, table)
    source = alice.api("GET", f"/api/v1/tables/{table}/record").json()
    carol, dave = browser("carol"), browser("dave")  # a spectator of the public table forks it
    r = carol.api("POST", f"/api/v1/tables/{table}/forks", {"step": 3, "seats": {"south": "me"}})
    assert r.status_code == 201, r.text
    fork = r.json()["id"]
    assert state_of(app, fork) == state_of(app, table, step=3)  # the first position is the original's at move 3
    view = carol.view(fork)
    assert view["status"] == "waiting" and view["seq"] == 3 and not view["can_undo"]
    assert origin(app, fork).forked_from == table and origin(app, fork).fork_step == 3
    page = carol.c.get(f"/tables/{fork}").text
    assert "Forked from" in page and f'href="/tables/{table}/replay?step=3"' in page and "at move 3" in page
    assert dave.api("POST", f"/api/v1/tables/{fork}/join", {}).status_code == 200
    finish(dave, carol, fork)
    record = carol.api("GET", f"/api/v1/tables/{fork}/record").json()
    assert record["seed"] == source["seed"] and record["moves"][:3] == source["moves"][:3]
    assert record["fork"]["table"] == table and record["fork"]["step"] == 3 and "start" not in record
    assert records.replay_record(record)[1] == state_of(app, fork)  # the record alone rebuilds the fork
    assert carol.api("POST", "/api/v1/records", record).status_code == 201  # and imports like any other
    with app.state.sessions() as db:
        assert db.query(RatingChange).filter_by(table_id=fork).count() == 0  # forks are not rated
        assert db.query(RatingChange).filter_by(table_id=table).count() == 2


def test_a_fork_needs_a_finished_game_and_a_move_before_its_end(app, browser):
    alice, bob, table = two_players(browser)
    alice.act(table, "raise")
    assert alice.api("POST", f"/api/v1/tables/{table}/forks", {"step": 1}).status_code == 422  # still running
    finish(alice, bob, table)
    steps = len(alice.api("GET", f"/api/v1/tables/{table}/record").json()["moves"])
    r = alice.api("POST", f"/api/v1/tables/{table}/forks", {"step": steps})
    assert r.status_code == 422 and "over at that move" in r.text
    assert alice.api("POST", f"/api/v1/tables/{table}/forks", {"step": steps + 1}).status_code == 422
    r = alice.post(
        f"/tables/{table}/fork", {"step": "0", "seat_north": "me", "seat_south": "bot:random"}, follow_redirects=False
    )
    assert r.status_code == 303
    new = int(r.headers["location"].rsplit("/", 1)[1])
    assert alice.view(new)["status"] == "active" and state_of(app, new) == state_of(app, table, step=0)
    form = alice.c.get(f"/tables/{table}/fork?step=2").text
    assert 'name="seat_north"' in form and 'value="2"' in form
    assert "Fork the game from this move" in alice.c.get(f"/tables/{table}/replay?step=2").text


def test_a_running_game_with_anything_hidden_cannot_be_analysed(app, browser):
    alice, bob, table = two_players(browser)
    with app.state.sessions() as db:
        before = db.query(GameTable).count()
    for who in (alice, bob):
        r = who.api("POST", f"/api/v1/tables/{table}/analysis", {})
        assert r.status_code == 422 and "cannot see everything" in r.text
        assert "toy:card:" not in r.text and "card " not in r.text  # no hidden card named
    assert browser("carol").api("POST", f"/api/v1/tables/{table}/analysis", {}).status_code == 403
    page = alice.c.get(f"/tables/{table}/replay").text
    assert "Analyse this position privately" not in page and "cannot be analysed" in page
    with app.state.sessions() as db:
        assert db.query(GameTable).count() == before
    state = state_of(app, table)
    from tests.support.toy_game import GAME as DUEL

    assert forks.hidden_from(DUEL, state, "north") and not forks.analysable(DUEL, state, "north")


def race_players(browser):
    alice, bob = browser("alice"), browser("bob")
    table = alice.new_table(game="toy-race", seats={"red": "me", "blue": "open"}, seed=11)
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {}).status_code == 200
    return alice, bob, table


def test_an_analysis_fork_is_private_re_draws_chance_and_keeps_no_source_seed(app, browser, race):
    alice, bob, table = race_players(browser)
    for who in (alice, bob, alice):
        assert who.act(table, "roll").status_code == 200
    assert "Analyse this position privately" in bob.c.get(f"/tables/{table}/replay").text
    r = bob.api("POST", f"/api/v1/tables/{table}/analysis", {})
    assert r.status_code == 201, r.text
    fork = r.json()["id"]
    real, mine = state_of(app, table), state_of(app, fork)
    assert {k: v for k, v in mine.items() if k != "rng"} == {k: v for k, v in real.items() if k != "rng"}
    assert mine["rng"] != real["rng"]  # the dice in the fork are not the real game's next dice
    with app.state.sessions() as db:
        t = db.get(GameTable, fork)
        src = db.get(GameTable, table)
        assert t.private and not t.spectators and t.hot_seat and {s.user.username for s in t.seats} == {"bob"}
        assert t.seed != src.seed and t.seq == 0
        assert db.query(Move).filter_by(table_id=fork).count() == 0  # none of the source's moves
        assert db.query(LogEntry).filter_by(table_id=fork).count() == 0  # nor its log
        assert origin(app, fork).analysis_role == "blue" and origin(app, fork).fork_step == 3
    assert alice.c.get(f"/tables/{fork}").status_code == 403  # private to bob
    page = bob.c.get(f"/tables/{fork}").text
    assert "A private analysis of" in page and "dice and draws here are new" in page
    for role, verb in (("blue", "roll"), ("red", "hold"), ("blue", "hold")):  # bob plays both seats
        assert bob.act(fork, verb, role=role).status_code == 200
        if bob.view(fork, role)["status"] == "finished":  # the fork's new dice may end the race early
            break
    if bob.view(fork, "red")["status"] != "finished":
        assert bob.api("POST", f"/api/v1/tables/{fork}/resign?role=red").status_code == 200
    record = bob.api("GET", f"/api/v1/tables/{fork}/record").json()
    with app.state.sessions() as db:
        assert record["seed"] != db.get(GameTable, table).seed
    assert 1 <= len(record["moves"]) <= 3 and record["start"]["totals"] == real["totals"]
    assert records.replay_record(record)[1] == state_of(app, fork)  # deterministic from its record
    r = bob.api("POST", "/api/v1/records", record)
    assert r.status_code == 422 and "analysis fork" in r.text
    replayed = bob.c.get(f"/tables/{fork}/replay?step=0")
    assert replayed.status_code == 200
    r = bob.api("POST", f"/api/v1/tables/{fork}/forks", {"step": 0, "seats": {"red": "me", "blue": "me"}})
    assert r.status_code == 201, r.text  # a fork of the finished analysis starts from the same position
    assert state_of(app, r.json()["id"]) == state_of(app, fork, step=0) == record["start"]


def test_an_analysis_fork_of_an_earlier_step_and_undo_inside_it(app, browser, race):
    alice, bob, table = race_players(browser)
    alice.act(table, "roll")
    bob.act(table, "hold")
    r = alice.api("POST", f"/api/v1/tables/{table}/analysis", {"step": 1})
    assert r.status_code == 201, r.text
    fork = r.json()["id"]
    assert {k: v for k, v in state_of(app, fork).items() if k != "rng"} == {
        k: v for k, v in state_of(app, table, step=1).items() if k != "rng"
    }
    assert alice.api("POST", f"/api/v1/tables/{table}/analysis", {"step": 9}).status_code == 422
    assert alice.act(fork, "hold", role="blue").status_code == 200
    with app.state.sessions() as db:
        stored = orjson.loads(db.get(TableOrigin, fork).start_state)
        assert play.replay_state(db, db.get(GameTable, fork)) == RACE.replay(0, {}, [("blue", "hold", None)], stored)
        assert play.verify(db, db.get(GameTable, fork))  # the start-up check replays it from its start
