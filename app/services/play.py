"""Playing a table: load its state, apply a move or an undo in one transaction, views, records, verification.

Every move carries the seq its sender saw. It commits only if that seq is still the table's, in one
transaction: insert the move, update the snapshot, advance the table's seq (DESIGN.md › The flow of one move).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.errors import Conflict, Forbidden, Invalid
from app.models import GameTable, Move, Snapshot, User, utcnow
from app.services.tables import acting_role, create_table, game_of, roles_of
from engines import registry
from engines.core import Game, IllegalAction

RECORD_FORMAT = "siglo-record/1"


@dataclass
class Loaded:
    table: GameTable
    game: Game
    state: dict


def load(db: Session, table: GameTable) -> Loaded:
    """The table's state at its current seq: the snapshot, or a replay when the snapshot lags."""
    game = game_of(table.game_id)
    for _ in range(3):
        snap = db.scalar(select(Snapshot).where(Snapshot.table_id == table.id)
                         .execution_options(populate_existing=True))
        if snap is not None and snap.seq == table.seq:
            return Loaded(table, game, orjson.loads(snap.state))
        db.refresh(table)  # a move committed since the table was read: catch up, so seq and state agree
        if snap is not None and snap.seq == table.seq:
            return Loaded(table, game, orjson.loads(snap.state))
    return Loaded(table, game, replay_state(db, table, game))


def effective_moves(db: Session, table_id: int, upto: int | None = None) -> list[Move]:
    """The actions that count (up to seq ``upto``): every action not taken back by a later undo."""
    out: list[Move] = []
    query = select(Move).where(Move.table_id == table_id).order_by(Move.seq)
    if upto is not None:
        query = query.where(Move.seq <= upto)
    for m in db.scalars(query):
        if m.kind == "undo":
            out.pop()
        else:
            out.append(m)
    return out


def replay_state(db: Session, table: GameTable, game: Game | None = None, upto: int | None = None) -> dict:
    game = game or game_of(table.game_id)
    moves = effective_moves(db, table.id, table.seq if upto is None else upto)
    return game.replay(table.seed, table.options, [(m.role, m.verb, m.arg) for m in moves])


def verify(db: Session, table: GameTable) -> bool:
    """Replay the log up to the snapshot's seq and compare; a disagreement flags the table (never silently
    used). Players may move meanwhile: the snapshot read fixes the seq the check is about."""
    snap = db.scalar(select(Snapshot).where(Snapshot.table_id == table.id).execution_options(populate_existing=True))
    if snap is not None and snap.seq != table.seq:
        db.refresh(table)
    try:
        replayed = replay_state(db, table, upto=snap.seq if snap is not None else None)
    except IllegalAction as exc:
        table.flagged = f"The move log no longer replays: {exc.message}"
        db.commit()
        return False
    except Exception as exc:  # an engine that fails on its own log: never play on from an unverified state
        table.flagged = f"The move log no longer replays ({type(exc).__name__})."
        db.commit()
        return False
    if snap is None or snap.seq > table.seq or orjson.loads(snap.state) != replayed:
        table.flagged = "The snapshot and the replayed log disagree."
        db.commit()
        return False
    game = game_of(table.game_id)
    if table.engine_version != game.version:  # the new engine replays this game identically: it may go on
        table.engine_version = game.version
        db.commit()
    return True


def verify_running_tables(sessions) -> int:
    """Check every running table's snapshot against its log (at start-up, in the background); returns how many
    tables were flagged."""
    flagged = 0
    with sessions() as db:
        for table in db.scalars(select(GameTable).where(GameTable.status == "active", GameTable.flagged.is_(None))):
            if registry.get_game(table.game_id) is not None and not verify(db, table):
                flagged += 1
    return flagged


def _commit(db: Session, table: GameTable, game: Game, seen: int, move: Move, state: dict) -> None:
    """Insert the move and the new snapshot and advance the seq, only if the seq is still ``seen``."""
    new_seq = seen + 1
    status = "finished" if state.get("outcome") is not None else table.status
    active = game.active_roles(state)
    res = db.execute(update(GameTable).where(GameTable.id == table.id, GameTable.seq == seen)
                     .values(seq=new_seq, status=status, updated_at=utcnow(), active_roles=active))
    if res.rowcount != 1:
        db.rollback()
        raise Conflict("Someone moved first; here is the table as it is now.")
    move.seq = new_seq
    db.add(move)
    db.execute(update(Snapshot).where(Snapshot.table_id == table.id)
               .values(seq=new_seq, state=orjson.dumps(state).decode()))
    if db.get_bind().dialect.name == "postgresql":
        db.execute(text("SELECT pg_notify('siglo_moves', :payload)"), {"payload": f"{table.id}:{new_seq}"})
    try:
        db.commit()
    except IntegrityError:
        db.rollback()
        raise Conflict("Someone moved first; here is the table as it is now.") from None
    # what the UPDATE wrote, without another round trip (sessions keep objects after commit)
    table.seq, table.status, table.active_roles = new_seq, status, active


def _check_playable(table: GameTable, seen: Any) -> None:
    if table.flagged:
        raise Invalid(f"This table is flagged and cannot be played: {table.flagged}")
    if table.status == "waiting":
        raise Invalid("The game starts when every seat is taken.")
    if table.status == "finished":
        raise Invalid("This game is over.")
    if not isinstance(seen, int) or isinstance(seen, bool):
        raise Invalid("seq must be the whole number of the last move you saw.")


def act(db: Session, table: GameTable, user: User | None, role: str | None, seen: int, verb: Any, arg: Any,
        bot: str | None = None) -> Loaded:
    """Apply (verb, arg) for a seat. ``user`` acts for their own seat; ``bot`` for a bot's seat."""
    if bot is None:
        role = acting_role(table, user, role)
    elif not any(s.role == role and s.bot == bot for s in table.seats):
        raise Forbidden("That seat is not played by this bot.")
    _check_playable(table, seen)
    if not isinstance(verb, str) or not verb or len(verb) > 60:
        raise Invalid("verb must be the name of one of the offered actions.")
    loaded = load(db, table)  # brings table.seq up to the state it loads
    if seen != table.seq:
        if _is_resend(db, table, role, seen, verb, arg):
            return loaded
        raise Conflict("Someone moved first; here is the table as it is now.")
    try:
        new, barrier = loaded.game.play(loaded.state, role, verb, arg)
    except IllegalAction as exc:
        raise Invalid(exc.message) from None
    move = Move(table_id=table.id, kind="action", role=role, verb=verb, arg=arg, barrier=barrier,
                user_id=user.id if user is not None else None)
    _commit(db, table, loaded.game, seen, move, new)
    return Loaded(table, loaded.game, new)


def _is_resend(db: Session, table: GameTable, role: str, seen: int, verb: str, arg: Any) -> bool:
    """A double submit: the move right after ``seen`` is this very move by this seat."""
    m = db.scalar(select(Move).where(Move.table_id == table.id, Move.seq == seen + 1))
    return m is not None and m.kind == "action" and m.role == role and m.verb == verb and m.arg == arg


def last_effective_move(db: Session, table_id: int) -> Any | None:
    """The latest action not taken back (its role, kind and barrier), reading back from the end of the log in
    small pages, only as far as needed."""
    pending_undos, before, page = 0, None, 32
    while True:
        query = (select(Move.seq, Move.kind, Move.role, Move.barrier).where(Move.table_id == table_id)
                 .order_by(Move.seq.desc()).limit(page))
        if before is not None:
            query = query.where(Move.seq < before)
        rows = db.execute(query).all()
        for m in rows:
            if m.kind == "undo":
                pending_undos += 1
            elif pending_undos:
                pending_undos -= 1
            else:
                return m
        if len(rows) < page:
            return None
        before = rows[-1].seq


def undoable(db: Session, table: GameTable, role: str) -> bool:
    """The last effective action is this seat's and was no barrier (no draw, no reveal, nobody else to act)."""
    if table.status != "active" or table.flagged:
        return False
    last = last_effective_move(db, table.id)
    return last is not None and last.role == role and not last.barrier


def undo(db: Session, table: GameTable, user: User, role: str | None, seen: int) -> Loaded:
    role = acting_role(table, user, role)
    _check_playable(table, seen)
    game = load(db, table).game  # brings table.seq up to date
    if seen != table.seq:
        raise Conflict("Someone moved first; here is the table as it is now.")
    moves = effective_moves(db, table.id)
    if not moves or moves[-1].role != role or moves[-1].barrier:  # the rule of undoable(), on the moves at hand
        raise Invalid("There is no move of yours to take back now.")
    state = game.replay(table.seed, table.options, [(m.role, m.verb, m.arg) for m in moves[:-1]])
    _commit(db, table, game, seen, Move(table_id=table.id, kind="undo", role=role, user_id=user.id), state)
    return Loaded(table, game, state)


def table_view(db: Session, loaded: Loaded, role: str | None) -> dict:
    """What one seat (or a spectator, role None) may know of the table: never another seat's private data."""
    game, state, table = loaded.game, loaded.state, loaded.table
    view = game.view(state, role)
    playing = table.status == "active" and not table.flagged
    return {
        "table": table.id,
        "game": game.id,
        "seq": table.seq,
        "status": table.status,
        "flagged": table.flagged,
        "role": role,
        "active_roles": game.active_roles(state),
        "view": view,
        "actions": view["prompt"]["actions"] if role is not None and playing else [],
        "can_undo": role is not None and undoable(db, table, role),
        "log": game.log(state, role),
        "outcome": game.outcome(state),
        "seats": [seat_info(s) for s in table.seats],
    }


def seat_info(seat) -> dict:
    return {
        "role": seat.role,
        "player": seat.user.username if seat.user is not None else None,
        "bot": seat.bot,
        "open": seat.user_id is None and not seat.bot,
        "invite_only": bool(seat.invite_token),
    }


def export_record(db: Session, table: GameTable, user: User | None) -> dict:
    """Options, seed and moves; an unfinished game's record only for its players (it holds the seed)."""
    if table.status != "finished" and not roles_of(table, user):
        raise Forbidden("The record of an unfinished game is only for its players.")
    return {
        "format": RECORD_FORMAT,
        "game": table.game_id,
        "engine_version": table.engine_version,
        "options": table.options,
        "seed": table.seed,
        "moves": [{"role": m.role, "verb": m.verb, "arg": m.arg} for m in effective_moves(db, table.id)],
    }


def replay_record(record: Any) -> tuple[Game, dict]:
    """Check a record's shape and replay it; Invalid with the reason if it does not replay."""
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise Invalid(f"A record is a JSON object with format {RECORD_FORMAT!r}.")
    game = game_of(str(record.get("game")))
    if record.get("engine_version") != game.version:
        raise Invalid(f"This record was made by engine version {record.get('engine_version')!r}; "
                      f"this server runs {game.version!r}.")
    seed, moves = record.get("seed"), record.get("moves")
    if not isinstance(seed, int) or not isinstance(moves, list):
        raise Invalid("A record needs an integer seed and a list of moves.")
    try:
        state = game.setup(seed, record.get("options") or {})
        for i, m in enumerate(moves):
            if not isinstance(m, dict) or not isinstance(m.get("verb"), str) or not isinstance(m.get("role"), str):
                raise Invalid(f"Move {i + 1} is not {{role, verb, arg}}.")
            try:
                state = game.apply(state, m["role"], m["verb"], m.get("arg"))
            except IllegalAction as exc:
                raise Invalid(f"Move {i + 1} does not replay: {exc.message}") from None
    except ValueError as exc:
        raise Invalid(f"The record's options are invalid: {exc}") from None
    return game, state


def import_record(db: Session, user: User, record: Any) -> GameTable:
    """Replay a record into a new table whose seats are all the importer's, to study or play on."""
    game, _ = replay_record(record)
    roles = game.roles(game.parse_options(record.get("options") or {}))
    table = create_table(db, user, game.id, record.get("options") or {}, {r: "me" for r in roles},
                         name=f"Replay of a {game.title} game", seed=record["seed"])
    for m in record["moves"]:
        act(db, table, user, m["role"], table.seq, m["verb"], m.get("arg"))
    return table
