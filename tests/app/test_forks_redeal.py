"""Analysis forks of a running position with something hidden (issue "Play-by-web life" §4; ``Game.redeal``):
the forking seat sees in the fork what it saw in the game, the rest is dealt again, and nothing sent about the
fork holds the source's hidden deal. On SQLite and PostgreSQL."""

from __future__ import annotations

from app.models import GameTable
from app.models.pbw import TableOrigin
from app.services import forks
from tests.app.test_forks import state_of
from tests.support.toy_game import GAME as DUEL

SEATS = ("player1", "player2", "player3", "player4")


def four_players(browser, seed=5):
    """A running 15 Días table: alice, bob, carol and dave at seats 1-4 (the hands are dealt at the setup)."""
    people = [browser(name) for name in ("alice", "bob", "carol", "dave")]
    table = people[0].new_table(
        game="15-dias", options={"players": 4}, seats={"player1": "me", **dict.fromkeys(SEATS[1:], "open")}, seed=seed
    )
    for who, role in zip(people[1:], SEATS[1:], strict=True):
        assert who.api("POST", f"/api/v1/tables/{table}/join", {"role": role}).status_code == 200
    return people, table


def _unseen(state: dict) -> list[str]:
    """The cards player1 cannot see at the setup: the deck and the other hands."""
    return sorted([*state["deck"], *(c for r in SEATS[1:] for c in state["hands"][r])])


def _seen(view: dict) -> dict:
    """What a seat's view shows of the game (not the table's own numbers: id, seq, seats)."""
    v = view["view"]
    return {"public": v["public"], "private": v["private"], "step": v["prompt"]["step"]}


def test_a_15_dias_analysis_fork_shows_the_seat_what_it_saw_and_deals_the_rest_again(app, browser):
    (alice, bob, carol, _), table = four_players(browser)
    assert alice.view(table)["status"] == "active"
    assert "Analyse from here" in alice.c.get(f"/tables/{table}").text
    assert "Analyse from here" not in browser("erin").c.get(f"/tables/{table}").text  # a spectator has no seat
    source = state_of(app, table)
    for _ in range(3):
        r = alice.api("POST", f"/api/v1/tables/{table}/analysis", {})
        assert r.status_code == 201, r.text
        fork = r.json()["id"]
        assert _seen(alice.view(fork, "player1")) == _seen(alice.view(table, "player1"))
        mine = state_of(app, fork)
        assert mine["hands"]["player1"] == source["hands"]["player1"]
        assert _unseen(mine) == _unseen(source)  # the same unseen cards
        with app.state.sessions() as db:
            t = db.get(GameTable, fork)
            assert t.private and not t.spectators and t.hot_seat and t.seed != db.get(GameTable, table).seed
            assert db.get(TableOrigin, fork).analysis_role == "player1"
        assert mine["rng"] != source["rng"]
        _nothing_of_the_source_deal_sent(alice, (bob, carol), fork, source)
    assert bob.view(table)["seq"] == alice.view(table)["seq"]  # the source goes on untouched


def _nothing_of_the_source_deal_sent(alice, others, fork: int, source: dict) -> None:
    """Anything sent about the fork: to its owner (every seat of it), no other seat's real hand and never the real
    generator; to everyone else, nothing at all."""
    urls = [
        f"/tables/{fork}",
        f"/tables/{fork}/live",
        f"/tables/{fork}/log",
        f"/tables/{fork}/record",
        f"/tables/{fork}/replay?step=0",
        f"/api/v1/tables/{fork}/record",
        f"/api/v1/tables/{fork}/log",
    ]
    urls += [f"/tables/{fork}?as={r}" for r in SEATS] + [f"/api/v1/tables/{fork}?as={r}" for r in SEATS]
    for url in urls:
        r = alice.c.get(url)
        assert r.status_code == 200, url
        assert source["rng"] not in r.text, url
        for who in others:
            assert who.c.get(url).status_code == 403, url
    for role in SEATS[1:]:
        hand = {c["id"] for c in alice.view(fork, role)["view"]["private"]["hand"]}
        assert len(hand) == len(source["hands"][role]) and hand != set(source["hands"][role]), role
    for who in others:
        lobby = who.api("GET", "/api/v1/tables").json()
        assert not any(row["id"] == fork for rows in lobby.values() for row in rows)


def test_a_seat_forks_only_its_own_position(app, browser):
    (alice, bob, _, _), table = four_players(browser)
    r = alice.api("POST", f"/api/v1/tables/{table}/analysis", {"role": "player2"})
    assert r.status_code == 403
    r = bob.api("POST", f"/api/v1/tables/{table}/analysis", {"role": "player2"})
    assert r.status_code == 201, r.text
    fork = r.json()["id"]
    assert state_of(app, fork)["hands"]["player2"] == state_of(app, table)["hands"]["player2"]
    assert alice.c.get(f"/tables/{fork}").status_code == 403


def test_an_engine_without_redeal_keeps_the_refusal(app, browser):
    from tests.app.test_api import two_players

    alice, _, table = two_players(browser)
    assert not forks.redeals(DUEL)
    r = alice.api("POST", f"/api/v1/tables/{table}/analysis", {})
    assert r.status_code == 422 and forks.HIDDEN in r.text
    assert "Analyse from here" not in alice.c.get(f"/tables/{table}").text
