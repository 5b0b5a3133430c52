"""Issue 12 › names: every seat is named the same way everywhere (seat_words.seat_name); two bots at a table never share
a name — each is named by its seat's number and its kind."""

from __future__ import annotations

import time


def finished_bot_table(alice, seats: dict, options: dict, game: str = "toy-duel") -> int:
    table = alice.new_table(game=game, seats=seats, options=options)
    deadline = time.time() + 20
    while time.time() < deadline and alice.view(table)["status"] != "finished":
        time.sleep(0.05)
    assert alice.view(table)["status"] == "finished"
    return table


def test_two_bots_have_distinct_names_in_seats_log_and_page(browser):
    alice = browser("alice")
    table = finished_bot_table(alice, {"north": "bot:random", "south": "bot:random"}, {"rounds": 2})
    names = {s["role"]: s["name"] for s in alice.view(table)["seats"]}
    assert names == {"north": "Bot 1 (random)", "south": "Bot 2 (random)"}
    log = " ".join(e["text"] for e in alice.api("GET", f"/api/v1/tables/{table}/log?limit=200").json()["entries"])
    assert "Bot 1 (random)" in log and "Bot 2 (random)" in log and "Bot (random)" not in log
    page = alice.c.get(f"/tables/{table}").text
    assert "Bot 1 (random)" in page and "Bot 2 (random)" in page and "bot (random)" not in page


def test_a_player_keeps_his_name_and_the_15_dias_board_names_each_bot(browser):
    alice = browser("alice")
    table = alice.new_table(
        game="15-dias",
        seats={"player1": "me", "player2": "bot:heuristic", "player3": "bot:random", "player4": "bot:heuristic"},
        options={"players": 4},
    )
    names = [s["name"] for s in alice.view(table)["seats"]]
    assert names == ["alice", "Bot 2 (heuristic)", "Bot 3 (random)", "Bot 4 (heuristic)"]
    page = alice.c.get(f"/tables/{table}").text
    for name in names[1:]:
        assert name in page


def test_a_bot_is_named_in_the_readers_language_everywhere(browser):
    """Issue 29: a Spanish reader reads "Bot 2 (heurístico)" in the seats (API and table page), the log, the lobby's
    seat choices and a game's page; an English one "Bot 2 (heuristic)", from the same stored seat."""
    es, en = {"Accept-Language": "es"}, {"Accept-Language": "en"}
    alice = browser("alice")
    table = finished_bot_table(alice, {"north": "bot:random", "south": "bot:random"}, {"rounds": 2})
    seats = alice.api("GET", f"/api/v1/tables/{table}", headers=es).json()["seats"]
    assert [s["name"] for s in seats] == ["Bot 1 (al azar)", "Bot 2 (al azar)"] and seats[0]["bot"] == "random"
    log = alice.api("GET", f"/api/v1/tables/{table}/log?limit=200", headers=es).json()["entries"]
    said = " ".join(e["text"] for e in log)
    assert "Bot 1 (al azar)" in said and "(random)" not in said
    page = alice.c.get(f"/tables/{table}", headers=es).text
    assert "Bot 2 (al azar)" in page and "(random)" not in page
    assert "Bot 2 (random)" in alice.c.get(f"/tables/{table}", headers=en).text
    qd = alice.new_table(game="15-dias", seats={"player1": "me", "player2": "bot:heuristic"}, options={"players": 2})
    spanish = alice.api("GET", f"/api/v1/tables/{qd}", headers=es).json()["seats"]
    assert spanish[1]["name"] == "Bot 2 (heurístico)"
    new = alice.c.get("/tables/new?game=15-dias", headers=es).text
    assert "Bot (heurístico)" in new and "Bot (heuristic)" not in new
    info = alice.c.get("/games/15-dias/rules", headers=es).text
    assert "bots: al azar, heurístico" in info and "heuristic" not in info
