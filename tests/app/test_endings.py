"""Resign, abandon by agreement, rematch (issue "Play-by-web life" §2): platform moves beside the game's."""

from __future__ import annotations

import time

import pytest

from app.models.pbw import Notice, PlatformMove, TableOrigin
from engines import registry
from tests.app.test_api import two_players
from tests.support.toy_game import TeamDuel


def platform_moves(app, table):
    with app.state.sessions() as db:
        return [(m.kind, m.role, m.seq) for m in db.query(PlatformMove).filter_by(table_id=table)]


def test_a_resignation_is_a_platform_move_that_ends_the_game(app, browser):
    alice, bob, table = two_players(browser)
    alice.act(table, "raise")
    stranger = browser("carol")
    assert stranger.api("POST", f"/api/v1/tables/{table}/resign").status_code == 403
    r = bob.api("POST", f"/api/v1/tables/{table}/resign")
    assert r.status_code == 200, r.text
    assert r.json()["outcome"]["winners"] == ["north"] and r.json()["outcome"]["text"] == "bob resigned. alice wins."
    assert platform_moves(app, table) == [("resign", "south", 1)]
    with app.state.sessions() as db:  # stored as a catalog key with role ids: named by whoever reads it, in its words
        stored = db.query(PlatformMove).filter_by(table_id=table).one().outcome["text"]
    assert stored == {
        "msg": "platform.outcome.resigned_winners",
        "args": {"role": "south", "winners": ["north"], "n": 1},
    }, stored
    view = alice.view(table)
    assert view["status"] == "finished" and view["actions"] == []
    assert alice.act(table, "raise").status_code == 422  # the game is over
    record = alice.api("GET", f"/api/v1/tables/{table}/record").json()
    assert [m["verb"] for m in record["moves"]] == ["raise"]  # the game's moves only: it still replays
    assert alice.api("POST", "/api/v1/records", record).status_code == 201
    assert "bob resigned" in alice.c.get(f"/tables/{table}/endings").text


@pytest.fixture
def team_game():
    """A game that declares itself cooperative, registered for one test."""
    game = registry.register(TeamDuel())
    yield game
    registry.unregister(game.id)


def test_in_a_game_declared_cooperative_a_resignation_is_the_whole_teams_defeat(app, browser, team_game):
    alice, bob = browser("alice"), browser("bob")
    table = alice.new_table(game=team_game.id, seats={"north": "me", "south": "open"})
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {}).status_code == 200
    r = bob.api("POST", f"/api/v1/tables/{table}/resign")
    assert r.status_code == 200, r.text
    assert r.json()["outcome"]["winners"] == [] and r.json()["outcome"]["text"] == "bob resigned."
    with app.state.sessions() as db:
        assert db.query(PlatformMove).filter_by(table_id=table).one().outcome["ranking"] == ["north", "south"]


def test_a_game_is_abandoned_when_every_player_agrees(app, browser):
    alice, bob, table = two_players(browser)
    r = alice.api("POST", f"/api/v1/tables/{table}/abandon")
    assert r.json() == {"status": "active", "outcome": None, "votes": 1}
    assert "1 of 2 players agree" in bob.c.get(f"/tables/{table}/endings").text
    r = bob.api("POST", f"/api/v1/tables/{table}/abandon")
    assert r.json()["status"] == "finished" and r.json()["outcome"]["winners"] == []
    assert platform_moves(app, table) == [("abandon", None, 0)]


def test_a_withdrawn_agreement_does_not_count(app, browser):
    alice, bob, table = two_players(browser)
    alice.api("POST", f"/api/v1/tables/{table}/abandon")
    assert alice.post(f"/tables/{table}/abandon", {"withdraw": "1"}, follow_redirects=False).status_code == 303
    assert bob.api("POST", f"/api/v1/tables/{table}/abandon").json()["status"] == "active"


def test_a_rematch_keeps_seats_and_options_and_invites_the_others(app, browser):
    alice, bob, table = two_players(browser)
    bob.api("POST", f"/api/v1/tables/{table}/resign")
    r = bob.post(f"/tables/{table}/rematch", follow_redirects=False)
    assert r.status_code == 303
    new = int(r.headers["location"].rsplit("/", 1)[1])
    summary = bob.view(new)
    assert summary["status"] == "waiting"
    seats = {s["role"]: s for s in summary["seats"]}
    assert seats["south"]["player"] == "bob" and seats["north"]["invite_only"]
    with app.state.sessions() as db:
        assert db.get(TableOrigin, new).rematch_of == table
    deadline, notice = time.monotonic() + 10, None
    while time.monotonic() < deadline:
        with app.state.sessions() as db:
            notice = db.query(Notice).filter_by(table_id=new, kind="invite").one_or_none()
        if notice:
            break
        time.sleep(0.05)
    assert notice is not None and notice.text == "bob asks you to a rematch: Rematch: alice's Duel (test game)."
    token = notice.link.rsplit("/", 1)[1]
    assert alice.api("POST", f"/api/v1/tables/{new}/join", {"invite": token}).status_code == 200
    assert alice.view(new)["status"] == "active"
    assert bob.api("POST", f"/api/v1/tables/{new}/rematch").status_code == 422  # not finished yet
