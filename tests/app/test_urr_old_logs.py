"""Ultima Ratio Regis tables and records of engine version 6, before the content ids were namespaced (issue 27 ›
Declared state): the app brings their moves to this version (``Game.upgrade_move``) where it replays a recorded
log — a record's import, a table's upgrade; an analysis fork's start position stored by version 6 is refused, saying
so (``Game.upgrade_start``)."""

from __future__ import annotations

import json
import pathlib

import orjson

from app.models import GameTable, Move, TableOrigin
from app.services import play
from engines.core.content import digest_of
from engines.ultima_ratio.upgrade import bare

V6 = json.loads((pathlib.Path(__file__).parents[1] / "engines/ultima_ratio/new_order_v6.json").read_text())


def v6_record() -> dict:
    moves = [{"role": role, "verb": verb, "arg": arg} for role, verb, arg in V6["moves"]]
    return {"format": "siglo-record/1", "game": V6["game"], "engine_version": "6", "content": V6["content"]} | {
        "options": V6["options"],
        "seed": V6["seed"],
        "moves": moves,
    }


def same_position(state: dict) -> bool:
    """The position the version-6 engine reached, once the namespaces are taken off."""
    return digest_of(bare({k: v for k, v in state.items() if k not in ("content", "version")})) == V6["bare_digest"]


def imported(app, browser) -> int:
    r = browser("alice").api("POST", "/api/v1/records", v6_record())
    assert r.status_code == 201, r.text
    return r.json()["id"]


def args_of(db, table_id: int) -> list:
    return [m.arg for m in db.query(Move).filter_by(table_id=table_id).order_by(Move.seq)]


def test_a_version_6_record_imports_with_its_moves_in_this_versions_ids(app, browser):
    table_id = imported(app, browser)
    with app.state.sessions() as db:
        table = db.get(GameTable, table_id)
        assert table.engine_version == "8" and table.flagged is None
        assert same_position(play.load(db, table).state)
        args = args_of(db, table_id)
    assert len(args) == len(V6["moves"]) and "area:gibraltar" in args and "gibraltar" not in args


def test_a_table_played_on_version_6_is_upgraded_and_its_log_renamed(app, browser):
    table_id = imported(app, browser)
    with app.state.sessions() as db:  # as the version-6 engine wrote it: its moves name bare slugs
        table = db.get(GameTable, table_id)
        table.engine_version = "6"
        for move, (_role, _verb, arg) in zip(
            db.query(Move).filter_by(table_id=table_id).order_by(Move.seq), V6["moves"], strict=True
        ):
            move.arg = arg
        db.commit()
    with app.state.sessions() as db:
        table = db.get(GameTable, table_id)
        state = play.load(db, table).state  # an older engine's table is rebuilt from its moves first
        assert table.engine_version == "8" and table.flagged is None and same_position(state)
        assert "area:gibraltar" in args_of(db, table_id)
        assert play.replay_state(db, table) == state  # the renamed log replays as it is now


def test_an_analysis_fork_whose_start_was_stored_on_version_6_is_flagged_saying_why(app, browser):
    """A fork's start position of version 6 names the content by bare slugs, which this version does not read: the
    table is flagged with the engine's reason (upgrade.upgrade_start), never played on from a misread state."""
    table_id = imported(app, browser)
    with app.state.sessions() as db:  # as a version-6 analysis fork stored it: its start position in bare slugs
        table = db.get(GameTable, table_id)
        start = bare(play.load(db, table).state)
        db.add(TableOrigin(table_id=table_id, fork_step=0, start_state=orjson.dumps(start).decode()))
        table.engine_version = "6"
        db.commit()
    with app.state.sessions() as db:
        table = db.get(GameTable, table_id)
        play.load(db, table)
        assert table.engine_version == "6" and table.flagged
        assert "before the content ids were namespaced" in table.flagged
