"""Stepping through a game move by move (issue: "keep the history"). A finished game is replayed server-side from
its moves (as its full record would be), and any seat may be looked through. One's own running game is replayed
from the move log too, but only the player's own view at each step ever leaves the server: never the seed, other
seats' arguments or their views. Positions are kept every CHECKPOINT_EVERY moves (``position``), so a step costs
the same at move 10 and at move 1000."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy.orm import Session

from app.errors import Forbidden
from app.i18n import _
from app.models import GameTable, User
from app.services import forks, gamelog, records
from app.services.play import effective_moves, load, start_state
from app.services.seat_words import renderer_of, seat_info, seat_labels
from app.services.tables import acting_role, game_of, roles_of
from engines.core.game import Game
from engines.core.kept import Kept

CHECKPOINT_EVERY = 25  # a position kept every so many moves: a step replays at most this many moves
TABLES_KEPT = 32  # the tables whose positions are kept (least recently replayed dropped first)


@dataclass
class Checkpoints:
    """Positions of one table's replay: ``states[step]`` follows the effective moves ``moves[:step]`` (each as
    (seq, role, verb, arg)), kept every CHECKPOINT_EVERY steps and at the last step asked for, so that stepping
    forward replays one move."""

    moves: list[tuple[Any, ...]] = field(default_factory=list)
    states: dict[int, dict[str, Any]] = field(default_factory=dict)
    last: int | None = None


_checkpoints: Kept[tuple[Any, ...], Checkpoints] = Kept(TABLES_KEPT)
_lock = threading.Lock()


def _common(a: list[tuple[Any, ...]], b: list[tuple[Any, ...]]) -> int:
    """How many first moves two lists of moves share (an undo or a new move changes the end of a running game's)."""
    n = 0
    for x, y in zip(a, b, strict=False):  # the lists differ in length
        if x != y:
            break
        n += 1
    return n


def position(
    game: Game, table: GameTable, moves: list[Any], at: int, start: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The state after the first ``at`` effective ``moves``, replayed from the nearest kept position at or before
    it (the setup at worst; ``start``, the position an analysis fork begins at, instead of the setup), so that each step costs at most CHECKPOINT_EVERY moves however long the game. The
    positions are the engine's, for this seed, options, engine version and content; they never leave the server."""
    key = (table.id, table.created_at, table.seed, game.id, game.version, game.content_digest)
    done = [(m.seq, m.role, m.verb, m.arg) for m in moves]
    with _lock:
        kept = _checkpoints.get(key) or Checkpoints()
        valid = _common(kept.moves, done)
        kept.states = {k: v for k, v in kept.states.items() if k <= valid}
        kept.moves = done
        _checkpoints.put(key, kept)
        kept_at = max((k for k in kept.states if k <= at), default=None)
        state = kept.states[kept_at] if kept_at is not None else None
    first = kept_at if kept_at is not None else 0
    if state is None:
        state = start if start is not None else game.setup(table.seed, table.options)
    new = {0: state} if first == 0 else {}
    for i in range(first, at):
        m = moves[i]
        state = game.apply(state, m.role, m.verb, m.arg)
        if (i + 1) % CHECKPOINT_EVERY == 0:
            new[i + 1] = state
    with _lock:
        if _checkpoints.peek(key) is not kept or kept.moves is not done:
            return state  # another request changed the kept positions meanwhile: keep none of these
        if kept.last is not None and kept.last % CHECKPOINT_EVERY:
            kept.states.pop(kept.last, None)
        kept.states.update(new)
        kept.states[at] = state
        kept.last = at
    return state


def step_of_seq(moves: list[Any], seq: int) -> int:
    """The step that shows the position right after the move with this seq (0: the setup)."""
    return sum(1 for m in moves if m.seq <= seq)


def step(
    db: Session,
    table: GameTable,
    user: User | None,
    as_role: str | None,
    step: int | None = None,
    seq: int | None = None,
) -> dict[str, Any]:
    """The position after ``step`` moves that count (or after the move ``seq``), as the viewer may see it:
    ``{"step", "steps", "mover", "role", "roles", "view", "data"}``."""
    game = game_of(table.game_id)
    finished = table.status == "finished"
    if finished:
        roles = [s.role for s in table.seats]
        mine = roles_of(table, user)
        role = as_role if as_role in roles else mine[0] if mine else None
    else:
        if not roles_of(table, user):
            raise Forbidden(
                _(
                    "A game in progress can be replayed only by its players, each as they saw it; "
                    "everyone may replay it once it is over."
                )
            )
        role = acting_role(table, user, as_role)
        roles = roles_of(table, user)
    moves = effective_moves(db, table.id)
    at = step_of_seq(moves, seq) if seq is not None else len(moves) if step is None else step
    at = max(0, min(at, len(moves)))
    bound = moves[at - 1].seq if at else 0
    if finished:  # as its record would: this server's engine and content must still replay it
        records.check_replayable(table.game_id, table.engine_version, load(db, table).state.get("content"))
    state = position(game, table, moves, at, start_state(db, table))
    renderer = renderer_of(game, table, state=state)  # an open seat as it read at this step
    view = cast(dict[str, Any], game.view(state, role))  # put in words for the reader below
    view["prompt"].update(text=game.render_prompt(view["prompt"]["text"], renderer), actions=[], legal={})
    log = gamelog.page(db, table.id, role, game, renderer, limit=gamelog.PAGE, upto_seq=bound)
    outcome = game.outcome(state)
    data: dict[str, Any] = {
        "view": view,
        "actions": [],
        "can_undo": False,
        "active_roles": game.active_roles(state),
        "seats": [seat_info(s) for s in table.seats],
        "labels": seat_labels(game, state, table),  # as the seats read at this step: "Player n" before an auction
        "log": log["entries"],
        "log_more": log["more"],
        "outcome": {**outcome, "text": renderer.text(outcome["text"])} if outcome else None,
    }
    return {
        "game": game,
        "step": at,
        "steps": len(moves),
        "seq": bound,
        "mover": moves[at - 1].role if at else None,
        "role": role,
        "roles": roles,
        "finished": finished,
        "view": view,
        "data": data,
        "analysable": not finished and forks.analysable(game, state, role),
    }
