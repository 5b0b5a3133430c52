"""A player back from a time-out cannot take back what the bot that stood in for them played (issue "Play-by-web
life" §2: "a bot takes the seat until the player returns"): the bot's moves are the game's, not the player's.
On SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from app.errors import Invalid
from app.models import GameTable, User
from app.services import play
from tests.app.test_clocks import app, check, clock, clocked, wait_for  # noqa: F401 (the clocked fixtures)


def test_a_returned_player_cannot_undo_the_stand_in_bots_move(app, browser, clock):
    alice, bob, table = clocked(browser)
    clock.advance(days=1, seconds=1)
    assert check(app)["timed_out"] == 1
    assert wait_for(lambda: bob.view(table)["active_roles"] == ["south"])
    with app.state.sessions() as db:
        last = play.last_effective_move(db, table)
        assert (last.role, last.barrier, last.user_id) == ("north", False, None)  # the bot's, and undoable by kind
    assert alice.api("POST", f"/api/v1/tables/{table}/take-back").status_code == 200
    view = alice.view(table)
    assert view["can_undo"] is False
    r = alice.api("POST", f"/api/v1/tables/{table}/undo", {"seq": view["seq"]})
    assert r.status_code == 422 and "bot" in r.json()["detail"], r.text
    assert alice.view(table)["seq"] == view["seq"]  # nothing taken back
    with app.state.sessions() as db:  # the service refuses it too, whoever calls it
        t, user = db.get(GameTable, table), db.query(User).filter_by(username="alice").one()
        loaded = play.load(db, t)
        assert play.undoable(db, loaded, "north") is False
        with pytest.raises(Invalid, match="bot"):
            play.undo(db, t, user, "north", t.seq)
