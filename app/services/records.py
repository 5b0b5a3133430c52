"""Game records: export, replay and import (platform hardening §1; engine core v2 §7).

A finished game's record is everything: options, seed, content digest and moves — replaying it rebuilds the game.
A running game's record would rebuild every hand and the deck order from its seed, so while a game runs a seat
gets only its own **view record**: the options, its position as it sees it and the log it may read — no seed, no
moves (they hold other seats' secret choices). Spectators get nothing until the game is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
from sqlalchemy import insert
from sqlalchemy.orm import Session

from app import i18n
from app.errors import Forbidden, Invalid
from app.i18n import _
from app.inputs import first_unstorable
from app.models import GameTable, LogEntry, Move, Snapshot, User
from app.models.pbw import TableOrigin
from app.services import gamelog
from app.services.play import effective_moves, load
from app.services.table_views import table_view
from app.services.tables import acting_role, create_table, game_of, may_see, roles_of
from engines.core import Game, IllegalAction, Played
from engines.core.content import accepts

RECORD_FORMAT = "siglo-record/1"
VIEW_FORMAT = "siglo-view/1"


def export_record(db: Session, table: GameTable, user: User | None, role: str | None = None) -> dict[str, Any]:
    """The full record of a finished game; a seat's view record of a running one (see the module)."""
    if table.status == "finished":
        loaded = load(db, table)
        record = {
            "format": RECORD_FORMAT,
            "game": table.game_id,
            "engine_version": table.engine_version,
            "content": loaded.state.get("content"),
            "options": table.options,
            "seed": table.seed,
            "moves": [{"role": m.role, "verb": m.verb, "arg": m.arg} for m in effective_moves(db, table.id)],
        }
        origin = db.get(TableOrigin, table.id)
        if origin is not None and origin.fork_step is not None:
            source = db.get(GameTable, origin.forked_from) if origin.forked_from is not None else None
            record["fork"] = fork_note(origin, source is None or may_see(source, user))
            if origin.start_state is not None:
                record["start"] = orjson.loads(origin.start_state)
        return record
    if not roles_of(table, user):
        raise Forbidden(
            _(
                "A game in progress can be exported only by its players, and only as they see it; "
                "the full record is available when the game is over."
            )
        )
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


def fork_note(origin: TableOrigin, source_seen: bool = True) -> dict[str, Any]:
    """How a fork's record is rebuilt (app.services.forks): a fork of a finished game is its source's seed and
    options, the source's first ``step`` moves, then its own; an analysis fork of a running game starts from its
    ``start`` position (the record carries it) and its own moves. The source is named and numbered only when the
    reader may see it (``source_seen``: ``tables.may_see``)."""
    note: dict[str, Any] = {"step": origin.fork_step}
    if source_seen:
        note = {"table": origin.forked_from, "name": origin.fork_game, **note}
    if origin.start_state is not None:
        note.update(
            analysis_of=origin.analysis_role,
            rebuild="replay the moves from the start position (its generator re-seeded at the fork)",
        )
    else:
        note["rebuild"] = f"the seed, the options and the moves; the first {origin.fork_step} are the source's"
    return note


def check_replayable(game_id: str, engine_version: Any, content: Any) -> Game:
    """The game, if this server's engine and content can replay a record made with these; else Invalid."""
    game = game_of(game_id)
    if engine_version != game.version and str(engine_version) not in game.upgrades_from:
        raise Invalid(
            _("This record was made by engine version {record!r}; this server runs {server!r}.").format(
                record=engine_version, server=game.version
            )
        )
    if content is not None and not accepts(game.content_digest, content):  # a name's words change no rule
        raise Invalid(
            _("This record was played with other content (cards, map) than this server's; it cannot be replayed here.")
        )
    return game


def _check(record: Any) -> tuple[Game, int, list[dict[str, Any]]]:
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise Invalid(
            _(
                "A record is a JSON object with format {format!r} (a view record of a game in progress cannot be "
                "replayed)."
            ).format(format=RECORD_FORMAT)
        )
    game = check_replayable(str(record.get("game")), record.get("engine_version"), record.get("content"))
    seed, moves = record.get("seed"), record.get("moves")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**53 or not isinstance(moves, list):
        raise Invalid(_("A record needs a whole-number seed (0 to 2^53 - 1) and a list of moves."))
    for i, m in enumerate(moves):
        if not isinstance(m, dict) or not isinstance(m.get("verb"), str) or not isinstance(m.get("role"), str):
            raise Invalid(_("Move {n} is not {{role, verb, arg}}.").format(n=i + 1))
    return game, seed, moves


def replay_record(record: Any, on_move: Callable[[int, Played], None] | None = None) -> tuple[Game, dict[str, Any]]:
    """Check a record's shape and replay it; Invalid with the reason if it does not replay. ``on_move(i,
    played)`` sees every move's result (the setup as i = 0)."""
    game, seed, moves = _check(record)
    start = record.get("start")
    if start is not None and not isinstance(start, dict):
        raise Invalid(_("A record's start position is a JSON object."))
    try:
        played = game.begin(seed, record.get("options") or {}) if start is None else Played(start, [])
    except ValueError as exc:
        raise Invalid(_("The record's options are invalid: {why}").format(why=exc)) from None
    if on_move is not None:
        on_move(0, played)
    state = played.state
    version = record.get("engine_version")
    for i, m in enumerate(moves):
        try:
            # a record of an older engine version: its moves in this version's words, in place (Game.upgrade_move)
            m["arg"] = game.upgraded(state, m["role"], m["verb"], m.get("arg"), version)
            played = game.play(state, m["role"], m["verb"], m["arg"])
        except IllegalAction as exc:
            said = exc.text is not None and i18n.current() != i18n.DEFAULT  # English: the engine's own sentence
            why = game.renderer(i18n.current()).text(exc.text) if said and exc.text else exc.message
            raise Invalid(_("Move {n} does not replay: {why}").format(n=i + 1, why=why)) from None
        state = played.state
        if on_move is not None:
            on_move(i + 1, played)
    return game, state


def import_record(db: Session, user: User, record: Any) -> GameTable:
    """Replay a record into a new table whose seats are all the importer's, to study or play on: its moves, log
    and one snapshot written in one transaction. A record uploaded as a file was not seen by the app's input check
    (``app.inputs``): its text is checked here."""
    unstorable = first_unstorable(record)
    if unstorable is not None:
        where = ".".join(str(p) for p in unstorable[0]) or "text"
        raise Invalid(_("The record's {where} {problem}.").format(where=where, problem=_(unstorable[1])))
    if isinstance(record, dict) and record.get("start") is not None:
        raise Invalid(
            _(
                "This is the record of an analysis fork, which starts from a position rather than the "
                "setup; such a record replays on its own table only, not as an import."
            )
        )
    game, state, replayed = replayed_rows(record, user.id)
    roles = game.roles(game.parse_options(record.get("options") or {}))
    table = create_table(
        db,
        user,
        game.id,
        record.get("options") or {},
        dict.fromkeys(roles, "me"),
        name=_("Replay of a game of {game}").format(game=game.title_in(i18n.current())),
        seed=record["seed"],
        commit=False,
    )
    write_rows(db, table, game, state, *replayed)
    db.commit()
    return table


def replayed_rows(
    record: Any, user_id: int | None, barrier_at_end: bool = False
) -> tuple[Game, dict[str, Any], tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]]:
    """Replay a record into the rows a table of it needs: (game, final state, (moves, log entries, base)).
    ``barrier_at_end``: its last position is an undo barrier (a fork's start: the new seats take nothing back
    from before it)."""
    moves: list[dict[str, Any]] = []
    entries: list[dict[str, Any]] = []
    base: dict[str, Any] = {"seq": 0, "state": None, "last": None}

    def keep(i: int, played: Played) -> None:
        if i:
            m = record["moves"][i - 1]
            moves.append(
                {
                    "seq": i,
                    "kind": "action",
                    "role": m["role"],
                    "verb": m["verb"],
                    "arg": m.get("arg"),
                    "barrier": played.barrier,
                    "user_id": user_id,
                }
            )
            if played.barrier:
                base.update(seq=i, state=None)
            elif base["state"] is None:
                base["state"] = base["last"]
            entries.extend(gamelog.rows(0, i, played.log))
        base["last"] = orjson.dumps(played.state).decode()

    game, state = replay_record(record, keep)
    if barrier_at_end:
        base.update(seq=len(moves), state=None)
    return game, state, (moves, entries, base)


def write_rows(
    db: Session,
    table: GameTable,
    game: Game,
    state: dict[str, Any],
    moves: list[dict[str, Any]],
    entries: list[dict[str, Any]],
    base: dict[str, Any],
) -> None:
    """Write a replayed record's moves, log entries and snapshot into a table just created with its seed and
    options (which wrote the setup's log entries), in the caller's transaction."""
    if moves:
        db.execute(insert(Move), [{**m, "table_id": table.id} for m in moves])
    if entries:
        gamelog.bump(db, table)
        db.execute(insert(LogEntry), [{**e, "table_id": table.id} for e in entries])
    snap = db.get_one(Snapshot, table.id)
    snap.seq, snap.state, snap.base_seq, snap.base_state = len(moves), base["last"], base["seq"], base["state"]
    table.seq = len(moves)
    table.active_roles = game.active_roles(state)
    if game.outcome(state) is not None:
        table.status = "finished"
