"""Ratings (issue "Play-by-web life" §5): the N-player Elo with hand-checked numbers, rated once inside the
ending's transaction, and what does not count (bots, hot-seat, abandoned, forks); on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from app.models.ratings import Rating, RatingChange
from app.services import ratings
from engines import registry
from tests.app.test_api import two_players
from tests.support.toy_game import TeamDuel


# ----- the formula, by hand -----
def test_two_equal_players_win_and_lose_sixteen():
    # E = 1 / (1 + 10^0) = 0.5; K (S - E) = 32 * 0.5 = 16
    assert ratings.changes({"a": 1500, "b": 1500}, {"winners": ["a"]}) == {"a": 16.0, "b": -16.0}


def test_the_favourite_gains_less_than_the_underdog_would():
    # 1600 v 1400: E = 1 / (1 + 10^(-200/400)) = 1 / (1 + 0.316228) = 0.759747
    win = ratings.changes({"a": 1600, "b": 1400}, {"winners": ["a"]})
    assert win["a"] == pytest.approx(32 * (1 - 0.759747), abs=1e-4) == pytest.approx(7.6881, abs=1e-4)
    upset = ratings.changes({"a": 1600, "b": 1400}, {"winners": ["b"]})
    assert upset["b"] == pytest.approx(24.3119, abs=1e-4)
    assert win["a"] + win["b"] == pytest.approx(0) and upset["a"] + upset["b"] == pytest.approx(0)


def test_three_equal_players_by_place():
    # K/(N-1) = 16; first: (1-.5)+(1-.5) = 1 -> +16; second: (0-.5)+(1-.5) = 0; third: -16
    outcome = {"winners": ["a"], "scores": {"a": 9, "b": 5, "c": 2}, "ranking": ["a", "b", "c"]}
    assert ratings.changes({"a": 1500, "b": 1500, "c": 1500}, outcome) == {"a": 16.0, "b": 0.0, "c": -16.0}


def test_four_players_with_a_tie_sum_to_zero():
    # 15 Días: p3 and p4 tie on points behind p1 (the winner) and p2; ratings differ
    outcome = {"winners": ["p1"], "scores": {"p1": 12, "p2": 10, "p3": 4, "p4": 4}}
    now = {"p1": 1500.0, "p2": 1550.0, "p3": 1450.0, "p4": 1500.0}
    delta = ratings.changes(now, outcome)
    assert sum(delta.values()) == pytest.approx(0, abs=1e-9)
    # p3 v p4 is a draw: p3 (the lower) gains from it, 0.5 - E(1450 v 1500) = 0.5 - 0.428537 = 0.071463
    e = {j: ratings.expected(1450, now[j]) for j in ("p1", "p2", "p4")}
    assert e["p4"] == pytest.approx(0.428537, abs=1e-6)
    assert delta["p3"] == pytest.approx(32 / 3 * ((0 - e["p1"]) + (0 - e["p2"]) + (0.5 - e["p4"])), abs=1e-9)


def test_two_winners_draw_with_each_other_and_a_resigner_loses_to_all():
    outcome = {"winners": ["a", "b"], "ranking": ["a", "b", "c"], "resigned": "c"}
    delta = ratings.changes({"a": 1500, "b": 1500, "c": 1500}, outcome)
    assert delta == {"a": 8.0, "b": 8.0, "c": -16.0}


def test_against_the_game_each_seat_plays_the_game_at_1500():
    # The Planet King, the King and his Valido: the King wins, the Valido (fewer VP) is no winner
    delta = ratings.changes({"king": 1500, "valido": 1600}, {"winners": ["king"]}, against_game=True)
    assert delta["king"] == 16.0
    # E(1600 v 1500) = 1 / (1 + 10^(-100/400)) = 1 / (1 + 0.562341) = 0.640065; 32 * (0 - 0.640065) = -20.4821
    assert delta["valido"] == pytest.approx(-20.4821, abs=1e-4)


# ----- in the app -----
def finish(alice, bob, table):
    """Play the Duel to its end, each seat taking its last offered action."""
    while True:
        if alice.view(table)["outcome"]:
            return alice.view(table)["outcome"]
        for who in (alice, bob):
            mine = who.view(table)
            if mine["actions"]:
                a = mine["actions"][-1]
                assert who.act(table, a["verb"], a["arg"], seq=mine["seq"]).status_code == 200


def stored(app, table=None):
    with app.state.sessions() as db:
        rows = {(r.user_id, r.game_id, r.track): (r.rating, r.games) for r in db.query(Rating)}
        q = db.query(RatingChange)
        changes = [(c.role, c.before, c.after) for c in (q.filter_by(table_id=table) if table else q)]
    return rows, sorted(changes)


def test_a_finished_game_is_rated_once_and_changes_sum_to_zero(app, browser):
    alice, bob, table = two_players(browser, seed=3)
    outcome = finish(alice, bob, table)
    rows, changes = stored(app, table)
    assert len(changes) == 2
    assert sum(after - before for _, before, after in changes) == pytest.approx(0)
    if len(outcome["winners"]) == 1:
        winner = outcome["winners"][0]
        assert {r: a - b for r, b, a in changes} == {winner: 16.0, ({"north", "south"} - {winner}).pop(): -16.0}
    assert {games for _, games in rows.values()} == {1}
    with app.state.sessions() as db:  # a second call (a retry, a second process) rates nothing more
        from app.models import GameTable

        t = db.get(GameTable, table)
        assert ratings.rate(db, t, {"winners": ["north"]}) == []
        db.commit()
    assert stored(app, table) == (rows, changes)


def test_a_resignation_is_a_loss_and_shows_on_the_profile_and_in_the_lobby(app, browser):
    alice, bob, table = two_players(browser)
    alice.act(table, "raise")
    assert bob.api("POST", f"/api/v1/tables/{table}/resign").status_code == 200
    _rows, changes = stored(app, table)
    assert changes == [("north", 1500.0, 1516.0), ("south", 1500.0, 1484.0)]
    page = alice.c.get("/users/bob").text
    assert "Ratings" in page and "1484" in page and "−16" in page
    lobby = alice.c.get("/").text
    assert "alice" in lobby and "1516" in lobby
    second, _ = alice.new_table(seats={"north": "me", "south": "open"}), None
    bob.api("POST", f"/api/v1/tables/{second}/join", {})
    assert "bob (1484)" in alice.c.get("/").text  # the seated players' ratings in the lobby rows


def test_abandoned_bot_and_hot_seat_games_are_not_rated(app, browser):
    alice, bob, table = two_players(browser)
    alice.api("POST", f"/api/v1/tables/{table}/abandon")
    assert bob.api("POST", f"/api/v1/tables/{table}/abandon").json()["status"] == "finished"
    hot = alice.new_table(seats={"north": "me", "south": "me"})
    assert alice.api("POST", f"/api/v1/tables/{hot}/resign?role=south").status_code == 200
    bot = alice.new_table(seats={"north": "me", "south": "bot:random"})
    assert alice.api("POST", f"/api/v1/tables/{bot}/resign").status_code == 200
    assert stored(app) == ({}, [])


def test_ratings_keep_a_track_per_role_in_an_asymmetric_game():
    assert ratings.track_of("planet-king", "valido") == "valido"
    assert ratings.track_of("15-dias", "player3") == ""


def test_the_planet_king_is_rated_per_role_against_the_game(app, browser):
    alice = browser("alice")
    table = alice.new_table(game="planet-king", seats={"king": "me"})
    assert alice.api("POST", f"/api/v1/tables/{table}/resign").status_code == 200
    rows, changes = stored(app, table)
    assert changes == [("king", 1500.0, 1484.0)]  # a loss against the game at 1500: 32 * (0 - 0.5)
    assert [key[1:] for key in rows] == [("planet-king", "king")]
    assert "The Planet King · The King" in alice.c.get("/users/alice").text


def test_how_seats_are_rated_is_the_games_declaration(app, browser):
    """A game that declares itself rated per role and against the game (not by its id): each seat its role's
    track, each one duel against the game at 1500; the Duel, declaring neither, keeps one track and seat duels."""
    game = registry.register(TeamDuel())
    try:
        assert ratings.track_of(game.id, "south") == "south" and ratings.against_the_game(game.id)
        assert ratings.track_of("toy-duel", "south") == "" and not ratings.against_the_game("toy-duel")
        assert ratings.track_of("no-such-game", "south") == "" and not ratings.against_the_game("no-such-game")
        alice, bob = browser("alice"), browser("bob")
        table = alice.new_table(game=game.id, seats={"north": "me", "south": "open"})
        assert bob.api("POST", f"/api/v1/tables/{table}/join", {}).status_code == 200
        assert bob.api("POST", f"/api/v1/tables/{table}/resign").status_code == 200
        rows, changes = stored(app, table)
        # the team lost together: each seat lost its duel against the game, 32 * (0 - 0.5); nobody gained
        assert changes == [("north", 1500.0, 1484.0), ("south", 1500.0, 1484.0)]
        assert sorted(key[1:] for key in rows) == [(game.id, "north"), (game.id, "south")]
    finally:
        registry.unregister(game.id)
