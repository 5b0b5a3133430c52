"""Game records: export, replay and import (platform hardening §1; engine core v2 §7).

A finished game's record is everything: options, seed, content digest and moves — replaying it rebuilds the game.
A running game's record would rebuild every hand and the deck order from its seed, so while a game runs a seat
gets only its own **view record**: the options, its position as it sees it and the log it may read — no seed, no
moves (they hold other seats' secret choices). Spectators get nothing until the game is over.
"""
from __future__ import annotations

from typing import Any

import orjson
from sqlalchemy import insert
from sqlalchemy.orm import Session

from app.errors import Forbidden, Invalid
from app.models import GameTable, LogEntry, Move, Snapshot, User
from app.services import gamelog
from app.services.play import effective_moves, load, table_view
from app.services.tables import acting_role, create_table, game_of, roles_of
from engines.core import Game, IllegalAction

RECORD_FORMAT = "siglo-record/1"
VIEW_FORMAT = "siglo-view/1"


def export_record(db: Session, table: GameTable, user: User | None, role: str | None = None) -> dict:
    """The full record of a finished game; a seat's view record of a running one (see the module)."""
    if table.status == "finished":
        loaded = load(db, table)
        return {
            "format": RECORD_FORMAT,
            "game": table.game_id,
            "engine_version": table.engine_version,
            "content": loaded.state.get("content"),
            "options": table.options,
            "seed": table.seed,
            "moves": [{"role": m.role, "verb": m.verb, "arg": m.arg} for m in effective_moves(db, table.id)],
        }
    if not roles_of(table, user):
        raise Forbidden("A game in progress can be exported only by its players, and only as they see it; "
                        "the full record is available when the game is over.")
    role = acting_role(table, user, role)
    data = table_view(db, load(db, table), role, log_limit=gamelog.MAX_PAGE)
    log = list(data["log"])
    while data["log_more"]:
        data = table_view(db, load(db, table), role, log_before=log[-1]["id"], log_limit=gamelog.MAX_PAGE)
        log.extend(data["log"])
    return {
        "format": VIEW_FORMAT,
        "game": table.game_id,
        "engine_version": table.engine_version,
        "options": table.options,
        "role": role,
        "seq": table.seq,
        "view": data["view"],
        "log": log,
    }


def check_replayable(game_id: str, engine_version: Any, content: Any) -> Game:
    """The game, if this server's engine and content can replay a record made with these; else Invalid."""
    game = game_of(game_id)
    if engine_version != game.version:
        raise Invalid(f"This record was made by engine version {engine_version!r}; this server runs {game.version!r}.")
    if content not in (None, game.content_digest):
        raise Invalid("This record was played with other content (cards, map) than this server's; it cannot be "
                      "replayed here.")
    return game


def _check(record: Any) -> tuple[Game, int, list[dict]]:
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise Invalid(f"A record is a JSON object with format {RECORD_FORMAT!r} (a view record of a game in "
                      f"progress cannot be replayed).")
    game = check_replayable(str(record.get("game")), record.get("engine_version"), record.get("content"))
    seed, moves = record.get("seed"), record.get("moves")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**53 or not isinstance(moves, list):
        raise Invalid("A record needs a whole-number seed (0 to 2^53 - 1) and a list of moves.")
    for i, m in enumerate(moves):
        if not isinstance(m, dict) or not isinstance(m.get("verb"), str) or not isinstance(m.get("role"), str):
            raise Invalid(f"Move {i + 1} is not {{role, verb, arg}}.")
    return game, seed, moves


def replay_record(record: Any, on_move=None) -> tuple[Game, dict]:
    """Check a record's shape and replay it; Invalid with the reason if it does not replay. ``on_move(i,
    played)`` sees every move's result (the setup as i = 0)."""
    game, seed, moves = _check(record)
    try:
        played = game.begin(seed, record.get("options") or {})
    except ValueError as exc:
        raise Invalid(f"The record's options are invalid: {exc}") from None
    if on_move is not None:
        on_move(0, played)
    state = played.state
    for i, m in enumerate(moves):
        try:
            played = game.play(state, m["role"], m["verb"], m.get("arg"))
        except IllegalAction as exc:
            raise Invalid(f"Move {i + 1} does not replay: {exc.message}") from None
        state = played.state
        if on_move is not None:
            on_move(i + 1, played)
    return game, state


def import_record(db: Session, user: User, record: Any) -> GameTable:
    """Replay a record into a new table whose seats are all the importer's, to study or play on: its moves, log
    and one snapshot written in one transaction."""
    moves: list[dict] = []
    entries: list[dict] = []
    base = {"seq": 0, "state": None, "last": None}

    def keep(i: int, played) -> None:
        if i:
            m = record["moves"][i - 1]
            moves.append({"seq": i, "kind": "action", "role": m["role"], "verb": m["verb"], "arg": m.get("arg"),
                          "barrier": played.barrier, "user_id": user.id})
            if played.barrier:
                base.update(seq=i, state=None)
            elif base["state"] is None:
                base["state"] = base["last"]
            entries.extend(gamelog.rows(0, i, played.log))
        base["last"] = orjson.dumps(played.state).decode()

    game, state = replay_record(record, keep)
    roles = game.roles(game.parse_options(record.get("options") or {}))
    table = create_table(db, user, game.id, record.get("options") or {}, {r: "me" for r in roles},
                         name=f"Replay of a {game.title} game", seed=record["seed"], commit=False)
    if moves:
        db.execute(insert(Move), [{**m, "table_id": table.id} for m in moves])
    if entries:
        db.execute(insert(LogEntry), [{**e, "table_id": table.id} for e in entries])
    snap = db.get(Snapshot, table.id)
    snap.seq, snap.state, snap.base_seq, snap.base_state = len(moves), base["last"], base["seq"], base["state"]
    table.seq = len(moves)
    table.active_roles = game.active_roles(state)
    if game.outcome(state) is not None:
        table.status = "finished"
    db.commit()
    return table
