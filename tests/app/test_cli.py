"""The `siglo` command: simulate, content export, replay, db upgrade."""

import json
from typing import Any

import orjson
from click.testing import CliRunner
from sqlalchemy import create_engine, inspect

from app.cli import main
from engines.core import flat
from engines.core.conformance import playout
from tests.support.toy_game import GAME


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_simulate_json_summary():
    r = run("simulate", "toy-duel", "--games", "20", "--seed", "3", "--option", "rounds=2", "--json")
    assert r.exit_code == 0, r.output
    summary = json.loads(r.output.strip().splitlines()[-1])
    assert summary["games"] == 20 and summary["errors"] == 0
    assert summary["actions_total"] > 0 and summary["seconds"] >= 0
    assert sum(summary["outcomes"].values()) == 20


def test_simulate_text_and_bad_input():
    r = run("simulate", "toy-duel", "--games", "3", "--check")
    assert r.exit_code == 0 and "games 3  errors 0" in r.output
    assert run("simulate", "nope").exit_code != 0
    assert run("simulate", "toy-duel", "--option", "rounds=9").exit_code != 0
    assert run("simulate", "toy-duel", "--bot", "genius").exit_code != 0


def test_simulate_reports_a_failing_seed(monkeypatch):
    from engines import registry
    from tests.engines.core.test_core import LeakyDuel

    registry.register(LeakyDuel())
    try:
        r = CliRunner().invoke(main, ["simulate", "toy-leaky", "--games", "2", "--check"])
    finally:
        registry.unregister("toy-leaky")
    assert r.exit_code == 1
    assert "FAILED seed 1" in r.output and "reproduce: siglo simulate toy-leaky --games 1 --seed 1 --check" in r.output


def test_content_export():
    r = run("content", "export", "toy-duel")
    assert r.exit_code == 0
    assert json.loads(r.output)["cards"][0]["id"] == "toy:card:1"
    assert run("content", "export", "nope").exit_code != 0


def test_replay_verifies_a_record(tmp_path):
    state = GAME.setup(11, {})
    moves = []
    while GAME.outcome(state) is None:
        role = GAME.active_roles(state)[0]
        verb, arg = flat(GAME.legal(state, role))[0]
        moves.append({"role": role, "verb": verb, "arg": arg})
        state = GAME.apply(state, role, verb, arg)
    record: dict[str, Any] = {
        "format": "siglo-record/1",
        "game": "toy-duel",
        "engine_version": GAME.version,
        "options": {},
        "seed": 11,
        "moves": moves,
    }
    path = tmp_path / "game.json"
    path.write_bytes(orjson.dumps(record))
    r = run("replay", str(path))
    assert r.exit_code == 0 and "Outcome:" in r.output
    record["moves"][2]["verb"] = "fly"
    path.write_bytes(orjson.dumps(record))
    r = CliRunner().invoke(main, ["replay", str(path)])
    assert r.exit_code != 0 and "Move 3 does not replay" in r.output
    path.write_text("{oops")
    assert CliRunner().invoke(main, ["replay", str(path)]).exit_code != 0


def test_db_upgrade_on_an_empty_sqlite_file(tmp_path):
    url = f"sqlite:///{tmp_path}/fresh.db"
    r = run("db", "upgrade", "--database-url", url)
    assert r.exit_code == 0
    tables = set(inspect(create_engine(url)).get_table_names())
    assert {"users", "tables", "seats", "moves", "snapshots", "chat_messages", "alembic_version"} <= tables
    assert run("db", "upgrade", "--database-url", url).exit_code == 0  # idempotent


def test_playout_is_what_simulate_measures():
    assert playout(GAME, 5, {})["actions"] > 0
