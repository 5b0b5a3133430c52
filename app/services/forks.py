"""Fork a game from any move (issue "Play-by-web life" §4): a new table that starts at a move of another, with
new seats, and says where it came from (its page, its record).

**A fork of a finished game** — from its replay, by anyone who may watch it — is the source's seed and options
and its first ``step`` moves that count, then its own: its record is an ordinary record (seed, options, moves)
with a ``fork`` note, so it replays to the same positions and imports like any other. Once a game is over its
whole record is public, so nothing hidden is given away. The fork point is an undo barrier: the new seats take
back nothing played before it.

**An analysis fork of a running game** — from one's own position, private to oneself — must not tell the seat
anything it could not see. A running state holds the other hands, the decks' order and the generator, whose
future draws are the real game's future; the source's seed and move log (the other seats' secret choices)
would rebuild all of it. The reading:

* where something is hidden from the seat (``Game.secrets`` lists an object the seat may not see; a deck's cards,
  hidden from everybody, count), the fork starts from the engine's **re-deal** of the position
  (``Game.redeal(state, role, rnd)``): the seat's view is the same, and everything hidden from it is dealt again at
  random from what it cannot tell apart (only the engine knows which unseen cards could be where: 15 Días deals
  Characters and Situations from one deck, the Princes from another). The random source is the system's, never
  the fork's recorded seed, so nothing in the fork's record leads back to the real deal. A game without a
  re-deal (``redeal`` returns None) is refused there, as before;
* where nothing is hidden from the seat, the position is the source's as it is;
* either way its **generator is re-seeded** from a fresh random seed, so dice and draws in the fork are not the
  real game's;
* it keeps **neither the source's seed nor its moves**: it starts from that position (stored with the fork and
  given in its record as ``start``) and its own moves; its log starts empty (the source's entries other seats
  wrote are not the seat's to read);
* the table is private, without spectators, every seat the asker's (hot-seat: never rated).

Forks are never rated (``app.services.ratings``): they do not start at the beginning.
"""

from __future__ import annotations

import random
import secrets as _secrets
from typing import Any

import orjson
from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from app.db import read_columns
from app.errors import Forbidden, Invalid
from app.i18n import _
from app.models import GameTable, Snapshot, User
from app.models.pbw import TableOrigin
from app.services import flags, gamelog, records
from app.services.play import effective_moves, load, replay_state
from app.services.tables import acting_role, create_table, game_of, may_see, may_watch, roles_of
from engines.core import Game
from engines.core import rng as core_rng

HIDDEN = (
    "Your seat cannot see everything at this position (other hands, a deck's order, a face-down choice): "
    "an analysis fork would show it to you. Fork from a position where nothing is hidden from you, or "
    "from the replay once the game is over."
)


def hidden_from(game: Game, state: dict[str, Any], role: str) -> bool:
    """Whether anything at this position is hidden from the seat (``Game.secrets``)."""
    return any(role not in set(roles) for roles in game.secrets(state).values())


def redeals(game: Game) -> bool:
    """Whether the game can deal a position again as one seat knows it (it overrides ``Game.redeal``)."""
    return type(game).redeal is not Game.redeal


def analysable(game: Game, state: dict[str, Any], role: str | None) -> bool:
    """An analysis fork may start here for this seat: the game not over, the state keeps its chance in the core
    generator (``state["rng"]``), which the fork re-seeds, and nothing is hidden from the seat or the game can
    deal the hidden part again (``Game.redeal``)."""
    return (
        role is not None
        and "rng" in state
        and game.outcome(state) is None
        and (redeals(game) or not hidden_from(game, state, role))
    )


def _step_bounds(db: Session, table: GameTable, step: Any) -> tuple[list[Any], int]:
    moves = effective_moves(db, table.id)
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= len(moves):
        raise Invalid(_("A fork starts at a move from 0 (the setup) to {n}.").format(n=len(moves)))
    return moves, step


def fork_finished(
    db: Session, table: GameTable, user: User, step: Any, seats: dict[str, str] | None, name: str | None = None
) -> GameTable:
    """A new table at move ``step`` of a finished game, with these seats (as for a new table: me, open, invite,
    bot:<name>; missing seats are open)."""
    if table.status != "finished":
        raise Invalid(
            _(
                "Only a finished game can be forked for everyone; while it runs, a player may fork their "
                "own position for analysis."
            )
        )
    if not may_watch(table, user):
        raise Forbidden(_("Only those who may watch this table may fork it."))
    load(db, table)  # a table started on an older engine is brought to this one (or flagged) first
    if table.flagged:
        why = flags.said(table.flagged, game_of(table.game_id))
        raise Invalid(_("This table is flagged and cannot be forked: {why}").format(why=why))
    step = _step_bounds(db, table, step)[1]
    record = records.export_record(db, table, user)
    record["moves"] = record["moves"][:step]
    game, state, rows = records.replayed_rows(record, None, barrier_at_end=True)
    if game.outcome(state) is not None:
        raise Invalid(_("The game is over at that move: fork from an earlier one."))
    new = create_table(
        db,
        user,
        game.id,
        table.options,
        seats,
        commit=False,
        seed=table.seed,
        name=name or f"Fork of {table.name} at move {step}"[:120],
        private=table.private,  # a private game's moves stay among those its players invite
    )
    origin = db.get(TableOrigin, table.id)
    start = origin.start_state if origin is not None else None
    if start is not None:  # a fork of a finished analysis fork: the same start position, the same moves
        _restart(db, new, start)
    records.write_rows(db, new, game, state, *rows)
    db.add(TableOrigin(table_id=new.id, forked_from=table.id, fork_step=step, fork_game=table.name, start_state=start))
    db.commit()
    return new


def fork_analysis(db: Session, table: GameTable, user: User, role: str | None, step: Any = None) -> GameTable:
    """A private table of the seat's own position (now, or after ``step`` moves) to try things out (see the
    module for what it may hold)."""
    if table.status != "active":
        raise Invalid(_("An analysis fork is of a game in progress; a finished game is forked from its replay."))
    role = acting_role(table, user, role)
    game = game_of(table.game_id)
    moves = effective_moves(db, table.id)
    step = len(moves) if step is None else _step_bounds(db, table, step)[1]
    if step == len(moves):
        state = load(db, table).state
    else:
        state = replay_state(db, table, game, upto=moves[step - 1].seq if step else 0)
    if "rng" not in state:
        raise Invalid(_("This game keeps its chance outside the core generator: a fork could not re-draw it."))
    seed = _secrets.randbits(53)
    if hidden_from(game, state, role):
        # dealt again from the system's randomness, not from the seed the fork's record shows
        dealt = game.redeal(state, role, random.SystemRandom())
        if dealt is None:
            raise Invalid(HIDDEN)
        state = dealt
    else:
        state["rng"] = core_rng.seed_state(seed)  # chance in the fork is not the real game's
    roles = [s.role for s in table.seats]
    new = create_table(
        db,
        user,
        game.id,
        table.options,
        dict.fromkeys(roles, "me"),
        seed=seed,
        commit=False,
        name=f"Analysis of {table.name} at move {step}"[:120],
        private=True,
        spectators=False,
        hot_seat=True,
    )
    start = orjson.dumps(state).decode()
    _restart(db, new, start)
    new.active_roles = game.active_roles(state)
    db.add(
        TableOrigin(
            table_id=new.id,
            forked_from=table.id,
            fork_step=step,
            fork_game=table.name,
            start_state=start,
            analysis_role=role,
        )
    )
    db.commit()
    return new


def _restart(db: Session, table: GameTable, start: str) -> None:
    """A table just created from its seed starts from this position instead: the snapshot, no setup log."""
    gamelog.drop_move(db, table, 0)
    snap = db.get_one(Snapshot, table.id)
    snap.state, snap.seq, snap.base_seq, snap.base_state = start, 0, 0, None


# what a table's page says of its origin: the columns alone (not the start position), through the session's
# connection (app.services.play: no ORM preparation), a statement made once (every table's page reads it)
ORIGIN = select(
    TableOrigin.rematch_of,
    TableOrigin.forked_from,
    TableOrigin.fork_step,
    TableOrigin.fork_game,
    TableOrigin.analysis_role,
).where(TableOrigin.table_id == bindparam("table_id"))


def origin_of(db: Session, table: GameTable, user: User | None) -> dict[str, Any] | None:
    """Where a table came from, for its page: {"kind": fork | analysis | rematch, "table", "name", "step",
    "role", "visible"} (``visible``: the reader may open the source). A private source the reader may not see
    (``may_see``) is neither named nor numbered: ``hidden``."""
    origin = read_columns(db, ORIGIN, {"table_id": table.id}).first()
    if origin is None:
        return None
    source_id = origin.forked_from if origin.fork_step is not None else origin.rematch_of
    source = db.get(GameTable, source_id) if source_id is not None else None
    kind = "analysis" if origin.analysis_role else "fork" if origin.fork_step is not None else "rematch"
    hidden = source is not None and not may_see(source, user)
    return {
        "kind": kind,
        "table": None if hidden else source_id,
        "name": None if hidden else origin.fork_game or (source.name if source else None),
        "hidden": hidden,
        "step": origin.fork_step,
        "role": origin.analysis_role,
        "visible": source is not None and may_watch(source, user),
        "mine": bool(source is not None and roles_of(source, user)),
    }
