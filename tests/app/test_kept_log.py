"""Log pages kept at the table's log tip (issue 26, ``app.services.kept_log``): after every kind of write — moves
through the API and HTMX, undo, resignation, time-out and return, a fork, a record import, moves from a second
server process — every page a process keeps, for every seat (all it may read, or its own entries only) and a
spectator, is the page the database gives; every write to the log bumps the tip first, in its transaction."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, select

from app.main import create_app
from app.models import GameTable, LogEntry
from app.services import gamelog, kept_log
from app.services.seat_words import renderer_of
from app.services.tables import game_of
from tests.app.conftest import Browser
from tests.app.test_clocks import TUESDAY, Clock, check, clocked, wait_for

APP = Path(__file__).resolve().parents[2] / "app"
LIMITS = (gamelog.VIEW_PAGE, gamelog.PAGE, 2)


class TipWatch:
    """Every statement that writes ``log_entries`` must come after the table's log tip was bumped in the same
    transaction (``gamelog.bump``, or a move's UPDATE of its table row): what it sees wrong, it lists."""

    def __init__(self, engine: Any):
        self.bumped: dict[int, bool] = {}
        self.wrong: list[str] = []
        self.writes = 0
        event.listen(engine, "before_cursor_execute", self._statement)
        for name in ("commit", "rollback"):
            event.listen(engine, name, self._end)

    def _end(self, conn: Any) -> None:
        self.bumped.pop(id(conn), None)

    def _statement(self, conn: Any, cursor: Any, statement: str, params: Any, context: Any, many: bool) -> None:
        words = " ".join(statement.split()).upper()
        if words.startswith("UPDATE TABLES SET") and "LOG_TIP=" in words.replace(" ", ""):
            self.bumped[id(conn)] = True
        elif re.match(r"(INSERT INTO|DELETE FROM|UPDATE) LOG_ENTRIES\b", words):
            self.writes += 1
            if not self.bumped.get(id(conn)):
                self.wrong.append(words[:80])


def rows_of(found: list[Any]) -> list[tuple[Any, ...]]:
    return [(r.id, r.seq, r.audience, r.entry) for r in found]


def agree(app: Any, table_id: int) -> dict[str, int]:
    """For each seat (all it may read, its own entries) and a spectator, at each kept limit: the newest page as
    this process gives it for the table row's tip equals the database's page; returns how many were answered
    without SQL and how many private entries the pages held."""
    said = {"kept": 0, "private": 0}
    with app.state.sessions() as db:
        table = db.get_one(GameTable, table_id)
        tip = table.log_tip
        store = kept_log.pages_for(db)
        readers = [(s.role, mine) for s in table.seats for mine in (False, True)] + [(None, False)]
        for role, mine in readers:
            reader = "all" if role is None else "mine" if mine else "seat"
            for limit in LIMITS:
                ascii_case = db.get_bind().dialect.name == "sqlite"
                said["kept"] += store.get((table_id, reader, role, limit), tip, ascii_case) is not None
                kept = gamelog.newest_rows(db, table_id, role, limit, mine, tip)
                sql = gamelog.page_rows(db, table_id, role, limit, only_mine=mine)
                assert rows_of(kept) == rows_of(sql), (role, mine, limit, tip)
                said["private"] += sum(r.audience != "*" for r in sql)
            # and in words: the entries kept with the page's rows (gamelog.RENDERED.pages) are the ones made afresh
            game = game_of(table.game_id)
            renderer = renderer_of(game, table)
            shown = gamelog.page(db, table_id, role, game, renderer, gamelog.VIEW_PAGE, only_mine=mine, tip=tip)
            assert shown == gamelog.page(db, table_id, role, game, renderer, gamelog.VIEW_PAGE, only_mine=mine)
    return said


def tip_of(app: Any, table_id: int) -> int:
    with app.state.sessions() as db:
        return db.get_one(GameTable, table_id).log_tip


def play_some(
    app: Any, who: Browser, table_id: int, moves: int, rng: random.Random, roles: list[str] | None = None
) -> dict[str, int]:
    """Random legal moves by whichever of ``who``'s seats (``roles``, else any) is to act, through the API and
    HTMX in turn, an undo now and then; the pages agree after each; returns the counts ``agree`` says, summed."""
    said = {"kept": 0, "private": 0, "moves": 0}
    for n in range(moves):
        view = who.view(table_id)
        mine = [r for r in view["active_roles"] if roles is None or r in roles]
        if view["status"] != "active" or not mine:
            break
        role = mine[0]
        view = who.view(table_id, role)
        if view["can_undo"] and rng.random() < 0.2:
            r = who.api("POST", f"/api/v1/tables/{table_id}/undo", {"seq": view["seq"], "role": role})
        elif not view["actions"]:
            break
        else:
            action = rng.choice(view["actions"])
            if n % 2:
                r = who.act(table_id, action["verb"], action["arg"], seq=view["seq"], role=role)
            else:
                form = {
                    "seq": view["seq"],
                    "verb": action["verb"],
                    "role": role,
                    "arg": orjson.dumps(action["arg"]).decode(),
                }
                r = who.post(f"/tables/{table_id}/act", form, headers={"HX-Request": "true"})
        assert r.status_code == 200, r.text
        said["moves"] += 1
        for key, value in agree(app, table_id).items():
            said[key] += value
    return said


GAMES = {
    "15-dias": ({"players": 4}, {f"player{i}": "me" for i in (1, 2, 3, 4)}),
    "planet-king": ({}, {"king": "me"}),
    "ultima-ratio-regis": ({}, {"player1": "me"}),
}


@pytest.mark.parametrize("game", GAMES)
def test_every_kept_page_of_a_game_is_the_page_the_database_gives(app, browser, game):
    options, seats = GAMES[game]
    watch = TipWatch(app.state.engine)
    alice = browser("alice")
    table = alice.new_table(game=game, seats=seats, options=options, seed=11)
    agree(app, table)
    said = play_some(app, alice, table, 24, random.Random(5))
    assert said["moves"] >= 10
    assert said["kept"] > said["moves"]  # the pages followed the moves without the database
    assert watch.writes and not watch.wrong, watch.wrong


def test_kept_pages_follow_a_duel_through_every_writer_of_the_log(settings):
    """Two players (two sessions), a hidden hand each, a clock: moves, undo, a time-out and a return, a second
    server process moving too, a resignation, a fork of the finished game, a record import."""
    clock = Clock(TUESDAY)
    app = create_app(settings, clock=clock)
    watch = TipWatch(app.state.engine)
    tips: list[int] = []

    def step(table_id: int) -> None:  # each writer moved the tip on, and the pages agree
        tips.append(tip_of(app, table_id))
        assert len(tips) == 1 or tips[-1] > tips[-2], tips
        agree(app, table_id)

    with TestClient(app) as client:  # the first client runs the app's lifespan (the clock checker, the bots)
        people = {"alice": Browser(client).register("alice")}

        def person(name: str) -> Browser:
            return people.get(name) or people.setdefault(name, Browser(TestClient(app)).register(name))

        alice, bob, table = clocked(person)
        step(table)
        assert alice.act(table, "raise", seq=0).status_code == 200
        assert alice.api("POST", f"/api/v1/tables/{table}/undo", {"seq": 1}).status_code == 200
        step(table)
        assert alice.act(table, "raise", seq=2).status_code == 200
        step(table)
        clock.advance(days=1, seconds=1)  # north's clock runs out: a bot stands in (platform entries) and plays
        assert check(app)["timed_out"] == 1
        assert wait_for(lambda: bob.view(table)["active_roles"] == ["south"])
        step(table)
        assert alice.api("POST", f"/api/v1/tables/{table}/take-back").status_code == 200  # back: an entry
        step(table)
        other = create_app(settings, clock=clock)  # a second server process: its own store
        with TestClient(other) as c:
            elsewhere = Browser(c)
            elsewhere.c.cookies.update(bob.c.cookies)
            said = play_some(other, elsewhere, table, 1, random.Random(2), ["south"])
            assert said["moves"] == 1 and said["private"]  # the cards chosen: each seat's own entry
            step(table)  # this process's pages were read before: they miss, and agree
            agree(other, table)
        if play_some(app, alice, table, 4, random.Random(3), ["north"])["moves"]:
            step(table)
        assert bob.view(table)["status"] == "active"
        assert bob.api("POST", f"/api/v1/tables/{table}/resign").status_code == 200
        step(table)
        fork = alice.api("POST", f"/api/v1/tables/{table}/forks", {"step": 1, "seats": {"north": "me"}})
        assert fork.status_code == 201, fork.text
        agree(app, fork.json()["id"])
        record = alice.api("GET", f"/api/v1/tables/{table}/record").json()
        imported = alice.api("POST", "/api/v1/records", record)
        assert imported.status_code == 201, imported.text
        agree(app, imported.json()["id"])
    assert watch.writes and not watch.wrong, watch.wrong


def test_a_page_kept_at_an_older_tip_is_not_taken_for_a_newer_one(app, browser):
    """A write this process did not see (another process's, an undo's) moves the tip past the kept page's: it is
    read again, never brought forward without the step that made the new tip."""
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    agree(app, table)
    with app.state.sessions() as db:
        row = db.get_one(GameTable, table)
        gamelog.add(db, row, 0, [{"msg": "log.dealt", "args": {}, "to": "all"}])  # written here, no step kept
        db.commit()
        tip = row.log_tip
        store = kept_log.pages_for(db)
        assert store.get((table, "all", None, gamelog.VIEW_PAGE), tip, True) is None
        newest = gamelog.newest_rows(db, table, None, gamelog.VIEW_PAGE, False, tip)
        assert newest[0].id == db.scalar(select(LogEntry.id).order_by(LogEntry.id.desc()).limit(1))
    agree(app, table)


def test_a_page_read_by_a_writer_before_its_commit_is_not_kept(app, browser):
    """A transaction that wrote the log sees its own entries and tip, which a rollback takes back, and the same tip
    may then come with other entries: what it reads is never kept."""
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    with app.state.sessions() as db:
        row = db.get_one(GameTable, table)
        gamelog.add(db, row, 0, [{"msg": "log.dealt", "args": {}, "to": "all"}])
        tip = row.log_tip
        assert len(gamelog.newest_rows(db, table, None, gamelog.VIEW_PAGE, False, tip)) == 2  # its own entry too
        db.rollback()
    with app.state.sessions() as db:
        row = db.get_one(GameTable, table)
        gamelog.add(db, row, 0, [{"msg": "log.dealt", "args": {}, "to": ["north"]}])  # the same tip, a private entry
        db.commit()
        assert row.log_tip == tip
    agree(app, table)


def test_who_reads_an_entry_is_what_the_sql_says():
    assert kept_log.sees("seat", "north", "*", False) and not kept_log.sees("mine", "north", "*", False)
    assert kept_log.sees("mine", "north", ",south,north,", False) and not kept_log.sees("all", None, ",north,", False)
    assert not kept_log.sees("seat", "north", ",northeast,", False)  # the commas bound a role
    assert kept_log.sees("seat", "north", ",NORTH,", True) and not kept_log.sees("seat", "north", ",NORTH,", False)
    assert not kept_log.sees("seat", "n_rth", ",north,", True)  # LIKE's wildcards are escaped in the SQL


def test_the_writers_of_the_log_are_the_ones_that_bump_its_tip():
    """The functions whose statements write log entries are these, and each bumps the tip before it writes
    (``gamelog.bump``; ``add`` and ``drop_move`` are given the tip a move's UPDATE of its table bumped): a new
    writer fails this until it is listed here, having been made to bump (the dynamic check: ``TipWatch``)."""
    writes = re.compile(
        r"(insert|delete|update)\(LogEntry\)|execute\((gamelog\.)?(INSERT|INSERT_WRITTEN|DROP_MOVE)\b"
        r"|_entries\.(insert|delete|update)\(\)\.(?!where)"
    )
    found = {}
    for path in APP.rglob("*.py"):
        source = path.read_text()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef) and writes.search(ast.get_source_segment(source, node) or ""):
                found[f"{path.stem}.{node.name}"] = ast.get_source_segment(source, node) or ""
    assert sorted(found) == ["gamelog.add", "gamelog.drop_move", "play.rebuild", "records.write_rows"]
    for name, body in found.items():
        bumped, writes_at = body.find("bump(db, table)"), writes.search(body)
        assert writes_at is not None and 0 <= bumped < writes_at.start(), name


def test_the_store_is_bounded():
    store = kept_log.KeptPages(pages=3, tables=2, steps=4)
    for table in range(5):
        store.put((table, "all", None, 20), 1, [])
        store.wrote(table, 2, [])
    assert len(store) == 3 and store.get((0, "all", None, 20), 1, False) is None
    assert store.get((4, "all", None, 20), 2, False) == []  # brought forward by its step
    store.wrote(4, 9, [])
    assert store.get((4, "all", None, 20), 9, False) is None  # steps 3..8 unknown here
