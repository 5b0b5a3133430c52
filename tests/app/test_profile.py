"""A user's profile page (issue "Play-by-web life" §3)."""

from __future__ import annotations

from tests.app.test_api import two_players


def test_a_profile_shows_games_played_current_tables_and_own_notice_settings(browser):
    alice, bob, table = two_players(browser)
    done = alice.new_table(seats={"north": "me", "south": "open"})
    bob.api("POST", f"/api/v1/tables/{done}/join", {})
    bob.api("POST", f"/api/v1/tables/{done}/resign")
    page = alice.c.get("/users/alice")
    assert page.status_code == 200
    text = page.text
    assert "Duel (test game): 1" in text  # games played
    assert f'href="/tables/{table}"' in text and "to move" in text  # current table, alice to move
    assert "bob resigned. alice wins." in text
    assert "Every turn" in text and "no e-mail" in text  # her own notice settings
    other = bob.c.get("/users/alice").text
    assert "Duel (test game): 1" in other and "Every turn" not in other  # others' settings stay private
    assert bob.c.get("/users/nobody").status_code == 404
