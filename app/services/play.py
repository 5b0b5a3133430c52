"""Playing a table: load its state, apply a move or an undo in one transaction, verification (what a seat reads of
it: table_views.py and seat_words.py).

Every move carries the seq its sender saw. It commits only if that seq is still the table's, in one
transaction: insert the move and its log entries, update the snapshot (and the state at the last undo barrier),
advance the table's seq (DESIGN.md › The flow of one move). Records are in ``app.services.records``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import bindparam, delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.attributes import set_committed_value

from app.errors import Conflict, Forbidden, Invalid
from app.i18n import _
from app.models import GameTable, LogEntry, Move, Snapshot, TableOrigin, User, table_of, utcnow
from app.services import clocks, flags, gamelog, hot, kept_log, ratings
from app.services.live import CHANNEL, news
from app.services.seat_words import illegal_words
from app.services.tables import acting_role, game_of
from engines import registry
from engines.core import Game, IllegalAction, Played

STALE = "Someone moved first; here is the table as it is now."

# A move's statements, built once (issue 15): a statement made per move costs its construction and its cache
# key every time. Core statements on the tables: the ORM's synchronisation of the objects is done by hand.
_tables, _snapshots = table_of(GameTable), table_of(Snapshot)
ADVANCE = (
    _tables.update()
    .where(_tables.c.id == bindparam("t_id"), _tables.c.seq == bindparam("t_seen"))
    .values(
        seq=bindparam("t_seq"),
        status=bindparam("t_status"),
        updated_at=bindparam("t_now", type_=_tables.c.updated_at.type),
        active_roles=bindparam("t_active", type_=_tables.c.active_roles.type),
        log_tip=gamelog.TIP,  # the move writes the log after this, under the row's lock (gamelog.bump)
    )
    .returning(_tables.c.log_tip)
)
# on PostgreSQL the move's news rides on the UPDATE (app.services.live.news): one round trip less
ADVANCE_NOTIFY = ADVANCE.returning(func.pg_notify(bindparam("channel"), bindparam("payload")))
INSERT_MOVE = table_of(Move).insert()
_snapshot = _snapshots.update().where(_snapshots.c.table_id == bindparam("s_table"))
SNAPSHOT = _snapshot.values(seq=bindparam("s_seq"), state=bindparam("s_state"))
SNAPSHOT_AT_BARRIER = _snapshot.values(
    seq=bindparam("s_seq"), state=bindparam("s_state"), base_seq=bindparam("s_seq"), base_state=None
)
SNAPSHOT_AFTER_BARRIER = _snapshot.values(
    seq=bindparam("s_seq"),
    state=bindparam("s_state"),
    base_seq=bindparam("s_base_seq"),
    base_state=bindparam("s_base_state"),
)
UNDO_BASE = select(Snapshot.base_seq, Snapshot.base_state).where(Snapshot.table_id == bindparam("table_id"))
MOVES_SINCE = (
    select(Move.seq, Move.kind, Move.role, Move.verb, Move.arg, Move.barrier, Move.user_id)
    .where(Move.table_id == bindparam("table_id"), Move.seq > bindparam("after"))
    .order_by(Move.seq)
)
READ_SNAPSHOT = (
    select(Snapshot).where(Snapshot.table_id == bindparam("table_id")).execution_options(populate_existing=True)
)
_LAST_MOVES = (
    select(Move.seq, Move.kind, Move.role, Move.barrier, Move.user_id)
    .where(Move.table_id == bindparam("table_id"))
    .order_by(Move.seq.desc())
    .limit(bindparam("page"))
)
LAST_MOVES, LAST_MOVES_BEFORE = _LAST_MOVES, _LAST_MOVES.where(Move.seq < bindparam("before"))
# Statements that read or write columns, not objects, go through the session's connection (its transaction):
# the session's own execute adds the ORM's preparation of every statement, twice the time of a small query.


@dataclass
class Loaded:
    table: GameTable
    game: Game
    state: dict[str, Any]
    base_seq: int = 0
    has_base_state: bool = False
    last: hot.LastAction | None = None  # the latest action that counts, when known (made or kept by this process)


def load(db: Session, table: GameTable) -> Loaded:
    """The table's state at its current seq: the snapshot (brought to this engine version if the table was
    started on an older one), or a replay when the snapshot lags."""
    game = game_of(table.game_id)
    if table.engine_version != game.version and table.status != "waiting" and not table.flagged:
        upgrade(db, table, game)
    cache = hot.cache_for(db)
    hit = cache.get(table.id, table.seq, table.engine_version)
    if hit is not None:  # the position at this very seq, kept from the commit that made it
        state, pos = hit
        return Loaded(table, game, state, pos.base_seq, pos.has_base_state, pos.last)
    for _attempt in range(3):
        snap = db.execute(READ_SNAPSHOT, {"table_id": table.id}).scalar_one_or_none()
        if snap is not None and snap.seq != table.seq:
            db.refresh(table)  # a move committed since the table was read: catch up, so seq and state agree
        if snap is not None and snap.seq == table.seq:
            cache.put(
                table.id,
                hot.Position(
                    snap.seq, table.engine_version, snap.state.encode(), snap.base_seq, snap.base_state is not None
                ),
            )
            return Loaded(table, game, orjson.loads(snap.state), snap.base_seq, snap.base_state is not None)
    return Loaded(table, game, replay_state(db, table, game))


def effective_moves(db: Session, table_id: int, upto: int | None = None, after: int = 0) -> list[Move]:
    """The actions that count (with seq in (after, upto]): every action not taken back by a later undo."""
    query = select(Move).where(Move.table_id == table_id, Move.seq > after).order_by(Move.seq)
    if upto is not None:
        query = query.where(Move.seq <= upto)
    return counting(db.scalars(query))


def counting(moves: Iterable[Any]) -> list[Any]:
    """Of moves in seq order, the actions that count: an undo takes back the action before it."""
    out: list[Any] = []
    for m in moves:
        if m.kind == "undo":
            out.pop()
        else:
            out.append(m)
    return out


def action(move: Move) -> tuple[str, str, Any]:
    """A move that counts as the engine's (role, verb, arg) (only an undo has no verb, and never counts)."""
    if move.verb is None:
        raise ValueError(f"move {move.seq} is an undo, not an action")
    return move.role, move.verb, move.arg


def actions(moves: Iterable[Move]) -> list[tuple[str, str, Any]]:
    return [action(m) for m in moves]


def start_state(db: Session, table: GameTable) -> dict[str, Any] | None:
    """The position a table starts from when it is not its seed's setup (an analysis fork,
    ``app.services.forks``), else None."""
    start = db.scalar(select(TableOrigin.start_state).where(TableOrigin.table_id == table.id))
    return orjson.loads(start) if start is not None else None


def replay_state(db: Session, table: GameTable, game: Game | None = None, upto: int | None = None) -> dict[str, Any]:
    game = game or game_of(table.game_id)
    moves = effective_moves(db, table.id, table.seq if upto is None else upto)
    return game.replay(table.seed, table.options, actions(moves), start_state(db, table), table.engine_version)


def rebuild(db: Session, table: GameTable, game: Game) -> dict[str, Any]:
    """Replay the whole move log with this engine, rewriting the log entries and the snapshot; IllegalAction
    (with the move's number) if a move no longer replays."""
    start = start_state(db, table)
    if start is not None and table.engine_version != game.version:  # a fork's start stored by an older engine
        start = game.upgrade_start(start, str(table.engine_version))
    played = game.begin(table.seed, table.options) if start is None else Played(start, [])
    entries = gamelog.rows(table.id, 0, played.log)
    state, base_seq, base_state = played.state, 0, None
    effective = {m.seq for m in effective_moves(db, table.id)}
    for m in db.scalars(select(Move).where(Move.table_id == table.id, Move.seq.in_(effective)).order_by(Move.seq)):
        try:
            # a move recorded on an older engine version, in this version's words (Game.upgrade_move), kept so
            role, verb, arg = action(m)
            upgraded = game.upgraded(state, role, verb, arg, table.engine_version)
            if upgraded != arg:
                m.arg = upgraded
            played = game.play(state, role, verb, upgraded)
        except IllegalAction as exc:
            raise IllegalAction(f"move {m.seq} ({m.verb}) is not legal any more: {exc.message}") from None
        if played.barrier:
            base_seq, base_state = m.seq, None
        elif base_state is None:
            base_state = orjson.dumps(state).decode()
        state = played.state
        m.barrier = played.barrier
        entries.extend(gamelog.rows(table.id, m.seq, played.log))
    entries = gamelog.with_platform_rows(db, table.id, entries)
    gamelog.bump(db, table)
    db.execute(delete(LogEntry).where(LogEntry.table_id == table.id))
    if entries:
        db.execute(gamelog.INSERT, entries)
    db.execute(
        update(Snapshot)
        .where(Snapshot.table_id == table.id)
        .values(seq=table.seq, state=orjson.dumps(state).decode(), base_seq=base_seq, base_state=base_state)
    )
    return state


def upgrade(db: Session, table: GameTable, game: Game) -> None:
    """A table started on an older engine version keeps playing while its log still replays on this one (its
    position and log are rebuilt from the moves); one that no longer replays is flagged, saying so."""
    old = table.engine_version
    try:
        rebuild(db, table, game)
    except IllegalAction as exc:
        db.rollback()
        table.flagged = flags.reason("older_engine", exc, old=old, title=game.title, new=game.version)
        db.commit()
        return
    table.engine_version = game.version
    db.commit()


def verify(db: Session, table: GameTable) -> bool:
    """Replay the log up to the snapshot's seq and compare the states; a disagreement flags the table (never
    silently used). Players may move meanwhile: the snapshot read fixes the seq the check is about."""
    game = game_of(table.game_id)
    if table.engine_version != game.version:
        upgrade(db, table, game)
        return table.flagged is None
    snap = db.scalar(select(Snapshot).where(Snapshot.table_id == table.id).execution_options(populate_existing=True))
    if snap is not None and snap.seq != table.seq:
        db.refresh(table)
    try:
        replayed = replay_state(db, table, game, upto=snap.seq if snap is not None else None)
    except IllegalAction as exc:
        table.flagged = flags.reason("no_replay", exc)
        db.commit()
        return False
    except Exception as exc:  # noqa: BLE001 (an engine failing on its own log: never play on unverified)
        table.flagged = flags.reason("engine_failed", error=type(exc).__name__)
        db.commit()
        return False
    if snap is None or snap.seq > table.seq or orjson.loads(snap.state) != replayed:
        table.flagged = flags.reason("disagree")
        db.commit()
        return False
    return True


def verify_running_tables(sessions: sessionmaker[Session]) -> int:
    """Check every running table's snapshot against its log (at start-up, in the background); returns how many
    tables were flagged."""
    flagged = 0
    with sessions() as db:
        for table in db.scalars(select(GameTable).where(GameTable.status == "active", GameTable.flagged.is_(None))):
            if registry.get_game(table.game_id) is not None and not verify(db, table):
                flagged += 1
    return flagged


def _commit(
    db: Session,
    loaded: Loaded,
    seen: int,
    move: dict[str, Any],
    played: Played,
    last: hot.LastAction,
    base: tuple[int, str | None] | None = None,
    taken_back: int | None = None,
) -> None:
    """Insert the move (``move``: its row's values but the table and the seq), its log entries and the new
    snapshot and advance the seq and the log's tip, only if the seq is still ``seen``; ``last``: the latest
    action that counts after it, kept with the position. ``base`` overrides the barrier bookkeeping (an undo
    keeps the base it replayed from); ``taken_back``: the seq of the move an undo takes back (its entries go)."""
    table, game, state = loaded.table, loaded.game, played.state
    new_seq = seen + 1
    status = "finished" if game.outcome(state) is not None else table.status
    ends = status == "finished" and table.status != "finished"
    active = game.active_roles(state)
    # who may need a your-turn notice (app.services.notices): the players of the seats now to act, not the mover
    to_act = frozenset(
        s.user_id
        for s in table.seats
        if s.user_id is not None and not s.bot and s.role in active and status == "active"
    ) - {move["user_id"]}
    # announced when the commit below succeeds (app.services.live); a rollback drops it
    postgres = db.get_bind().dialect.name == "postgresql"
    payload = news(db, table.id, "move", new_seq, to_act, notify=False)
    now = utcnow()
    conn = db.connection()
    res = conn.execute(
        ADVANCE_NOTIFY if postgres else ADVANCE,
        {
            "t_id": table.id,
            "t_seen": seen,
            "t_seq": new_seq,
            "t_status": status,
            "t_now": now,
            "t_active": active,
            "channel": CHANNEL,
            "payload": payload,
        },
    )
    advanced = res.first()
    if advanced is None:
        db.rollback()
        raise Conflict(STALE)
    tip = advanced.log_tip
    for key, value in (
        ("seq", new_seq),
        ("status", status),
        ("updated_at", now),
        ("active_roles", active),
        ("log_tip", tip),
    ):
        set_committed_value(table, key, value)  # what the UPDATE wrote (a rollback expires the object)
    # one INSERT into the table, without the ORM's unit of work or its bulk-insert path (nothing reads the row back
    # in this session)
    conn.execute(INSERT_MOVE, {"table_id": table.id, "seq": new_seq, **move})
    if taken_back is not None:
        gamelog.drop_move(db, table, taken_back, tip)
    written = gamelog.add(db, table, new_seq, played.log, tip)
    state_json = orjson.dumps(state)
    values: dict[str, Any] = {"s_table": table.id, "s_seq": new_seq, "s_state": state_json.decode()}
    base_seq, has_base, snapshot = loaded.base_seq, True, SNAPSHOT
    if base is not None:
        base_seq = base[0]  # the undo replayed from the stored base: it stays
    elif played.barrier:
        base_seq, has_base, snapshot = new_seq, False, SNAPSHOT_AT_BARRIER
    elif not loaded.has_base_state:  # the first move after a barrier: keep the barrier's state for undo
        values.update(s_base_seq=seen, s_base_state=orjson.dumps(loaded.state).decode())
        base_seq, snapshot = seen, SNAPSHOT_AFTER_BARRIER
    conn.execute(snapshot, values)
    if table.clock is not None:  # the mover's clock stops, the next seat's starts (the table row is locked)
        clocks.sync(db, table.id)
    if ends:
        ratings.rate(db, table, game.outcome(state))  # the ending's transaction rates the game, once
    try:
        db.commit()
    except IntegrityError:
        db.rollback()
        raise Conflict(STALE) from None
    hot.cache_for(db).put(table.id, hot.Position(new_seq, table.engine_version, state_json, base_seq, has_base, last))
    if taken_back is None:  # the log only grew, by these rows: the pages kept at the tip before can follow
        kept_log.pages_for(db).wrote(table.id, tip, written)


def _check_playable(table: GameTable, seen: Any) -> None:
    if table.flagged:
        raise Invalid(_("This table is flagged and cannot be played: {why}").format(why=table.flagged))
    if table.status == "waiting":
        raise Invalid(_("The game starts when every seat is taken."))
    if table.status == "finished":
        raise Invalid(_("This game is over."))
    if not isinstance(seen, int) or isinstance(seen, bool):
        raise Invalid(_("seq must be the whole number of the last move you saw."))


def act(
    db: Session,
    table: GameTable,
    user: User | None,
    role: str | None,
    seen: int,
    verb: Any,
    arg: Any,
    bot: str | None = None,
) -> Loaded:
    """Apply (verb, arg) for a seat. ``user`` acts for their own seat; ``bot`` for a bot's seat."""
    if bot is None:
        role = acting_role(table, user, role)
        if any(s.role == role and s.bot for s in table.seats):  # a bot stands in since the clock ran out
            raise Invalid(_("A bot plays this seat since your clock ran out; take the seat back first (I am back)."))
    elif role is None or not any(s.role == role and s.bot == bot for s in table.seats):
        raise Forbidden(_("That seat is not played by this bot."))
    _check_playable(table, seen)
    if not isinstance(verb, str) or not verb or len(verb) > 60:
        raise Invalid(_("verb must be the name of one of the offered actions."))
    loaded = load(db, table)  # brings table.seq up to the state it loads
    _check_playable(table, seen)
    if seen != table.seq:
        if _is_resend(db, table, role, seen, verb, arg):
            return loaded
        raise Conflict(STALE)
    try:
        played = loaded.game.play(loaded.state, role, verb, arg)
    except IllegalAction as exc:
        raise Invalid(illegal_words(loaded.game, table, exc)) from None
    user_id = user.id if user is not None else None
    move = {"kind": "action", "role": role, "verb": verb, "arg": arg, "barrier": played.barrier, "user_id": user_id}
    last = hot.LastAction(role, played.barrier, user_id)
    _commit(db, loaded, seen, move, played, last)
    return Loaded(
        table, loaded.game, played.state, table.seq if played.barrier else loaded.base_seq, not played.barrier, last
    )


def reads_only(db: Session) -> None:
    """What this session does from now on only reads (the view after a move's commit): on PostgreSQL outside
    a transaction, which spares the BEGIN and the ROLLBACK, two of a move's eleven round trips (issue 15). The
    connection is back in transactions when it returns to the pool (SQLAlchemy resets the isolation level set
    here). Never before a write: each statement would commit on its own."""
    if db.get_bind().dialect.name == "postgresql" and not db.in_transaction():
        db.connection(execution_options={"isolation_level": "AUTOCOMMIT"})


def _is_resend(db: Session, table: GameTable, role: str, seen: int, verb: str, arg: Any) -> bool:
    """A double submit: the move right after ``seen`` is this very move by this seat."""
    m = db.scalar(select(Move).where(Move.table_id == table.id, Move.seq == seen + 1))
    return m is not None and m.kind == "action" and m.role == role and m.verb == verb and m.arg == arg


def last_effective_move(db: Session, table_id: int, role: str | None = None) -> Any | None:
    """The latest action not taken back (its seq, role, kind, barrier and mover) — of ``role``, when given —
    reading back from the end of the log in small pages, only as far as needed."""
    pending_undos, before, page = 0, None, 32
    conn = db.connection()
    while True:
        rows = conn.execute(
            LAST_MOVES if before is None else LAST_MOVES_BEFORE, {"table_id": table_id, "page": page, "before": before}
        ).all()
        for m in rows:
            if m.kind == "undo":
                pending_undos += 1
            elif pending_undos:
                pending_undos -= 1
            elif role is None or m.role == role:
                return m
        if len(rows) < page:
            return None
        before = rows[-1].seq


def undoable(db: Session, loaded: Loaded, role: str) -> bool:
    """The last effective action is this seat's, made by its holder (not by a bot that stood in for them after a
    time-out), and no barrier (no chance, nothing shown, nobody else to act); judged without a query when the
    position's latest action is known (``Loaded.last``: the move just made, or kept with the cached position)."""
    table = loaded.table
    if table.status != "active" or table.flagged:
        return False
    last = loaded.last if loaded.last is not None else last_effective_move(db, table.id)
    holder = next((s.user_id for s in table.seats if s.role == role), None)
    return last is not None and last.role == role and not last.barrier and last.user_id == holder


def undo(db: Session, table: GameTable, user: User, role: str | None, seen: int) -> Loaded:
    """Take back the seat's last move: replay, from the state kept at the last barrier, the moves since but that
    one; its log entries go, and the log says who took a move back."""
    role = acting_role(table, user, role)
    _check_playable(table, seen)
    loaded = load(db, table)  # brings table.seq up to date
    if seen != table.seq:
        raise Conflict(STALE)
    nothing = "There is no move of yours to take back now."
    if not loaded.has_base_state:  # the last move was a barrier
        raise Invalid(nothing)
    # the moves since the last barrier, read once: the last that counts is the one to take back (issue 15: no
    # separate look-up of the last move, nor of the whole snapshot row)
    conn = db.connection()
    base_seq, base_state = conn.execute(UNDO_BASE, {"table_id": table.id}).one()
    since = counting(conn.execute(MOVES_SINCE, {"table_id": table.id, "after": base_seq}))
    last = since[-1] if since else None
    if last is None or last.role != role or last.barrier:
        raise Invalid(nothing)
    if last.user_id != user.id:  # the bot that stood in after a time-out made it (app.services.clock_checker)
        raise Invalid(_("The bot that played your seat made that move: it cannot be taken back."))
    state = loaded.game.replay(
        table.seed, table.options, actions(since[:-1]), orjson.loads(base_state) if base_state is not None else None
    )
    played = Played(state, [{"msg": "core.undo", "args": {"role": role}, "to": "all"}])
    # the action that counts now: the one before it since the barrier (never a barrier itself), else none
    prev = since[-2] if len(since) > 1 else None
    last = hot.LastAction(prev.role, prev.barrier, prev.user_id) if prev is not None else hot.NO_ACTION
    _commit(
        db,
        loaded,
        seen,
        {"kind": "undo", "role": role, "user_id": user.id},
        played,
        last,
        base=(base_seq, base_state),
        taken_back=since[-1].seq,
    )
    return Loaded(table, loaded.game, state, base_seq, True, last)
