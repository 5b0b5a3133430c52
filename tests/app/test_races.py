"""Platform hardening §3: people racing for seats. A seat is taken by a conditional update that exactly one
request wins; the table starts exactly once; the losers get a 409."""

import threading
from typing import Any

import pytest

from app.errors import AppError
from app.models import GameTable, User
from app.services import tables


def _users(app, names):
    with app.state.sessions() as db:
        users = [User(username=n, name_key=n, password_hash="x") for n in names]
        db.add_all(users)
        db.commit()
        return [u.id for u in users]


def _race(app, table_id, attempts):
    """Run ``tables.join`` for every (user id, role, invite) at once, each in its own session."""
    start = threading.Barrier(len(attempts))
    results: list[Any] = [None] * len(attempts)

    def one(i, user_id, role, invite):
        with app.state.sessions() as db:
            user, table = db.get(User, user_id), db.get(GameTable, table_id)
            _ = table.seats  # read the seats before anyone commits, as a request does
            start.wait()
            try:
                results[i] = tables.join(db, user, table, role, invite).role
            except AppError as exc:
                results[i] = exc.status_code

    threads = [threading.Thread(target=one, args=(i, *a)) for i, a in enumerate(attempts)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return results


def _table(app, creator, seats):
    with app.state.sessions() as db:
        return tables.create_table(db, db.get(User, creator), "toy-duel", {}, seats, seed=1).id


@pytest.mark.parametrize("round_", range(3))
def test_two_people_taking_the_last_two_seats_start_the_table(app, round_):
    host, a, b = _users(app, [f"host{round_}", f"a{round_}", f"b{round_}"])
    table_id = _table(app, host, {"north": "open", "south": "open"})
    assert _race(app, table_id, [(a, "north", None), (b, "south", None)]) == ["north", "south"]
    with app.state.sessions() as db:
        table = db.get(GameTable, table_id)
        assert table.status == "active"
        assert {s.role: s.user_id for s in table.seats} == {"north": a, "south": b}


@pytest.mark.parametrize("round_", range(3))
def test_one_seat_many_takers_one_winner(app, round_):
    host, *racers = _users(app, [f"h{round_}"] + [f"r{round_}_{i}" for i in range(4)])
    table_id = _table(app, host, {"north": "me", "south": "open"})
    results = _race(app, table_id, [(r, None, None) for r in racers])
    assert sorted(results, key=str) == [409, 409, 409, "south"], results
    with app.state.sessions() as db:
        table = db.get(GameTable, table_id)
        assert table.status == "active" and table.seats[1].user_id in racers


@pytest.mark.parametrize("round_", range(3))
def test_one_invitation_many_takers_one_winner(app, round_):
    host, *racers = _users(app, [f"i{round_}"] + [f"v{round_}_{i}" for i in range(4)])
    table_id = _table(app, host, {"north": "me", "south": "invite"})
    with app.state.sessions() as db:
        token = db.get(GameTable, table_id).seats[1].invite_token
    results = _race(app, table_id, [(r, None, token) for r in racers])
    assert sorted(results, key=str) == [409, 409, 409, "south"], results


def test_a_full_table_answers_409(browser):
    alice, bob, carol = browser("alice"), browser("bob"), browser("carol")
    table = alice.new_table(seats={"north": "me", "south": "open"})
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {}).status_code == 200
    r = carol.api("POST", f"/api/v1/tables/{table}/join", {})
    assert r.status_code == 409 and "taken" in r.json()["detail"]
