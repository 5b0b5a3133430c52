"""Stepping through a game move by move (issue: "keep the history"). A finished game is replayed server-side from
its full record (``records.replay_record``), and any seat may be looked through. One's own running game is
replayed from the move log too, but only the player's own view at each step ever leaves the server: never the
seed, other seats' arguments or their views."""
from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from app.errors import Forbidden
from app.models import GameTable, User
from app.services import forks, gamelog, records
from app.services.play import effective_moves, replay_state, seat_info, seat_names
from app.services.tables import acting_role, game_of, roles_of


class _Reached(Exception):
    """The replay has reached the step asked for (the rest of the record is not needed)."""

    def __init__(self, state: dict):
        self.state = state


def step_of_seq(moves: list, seq: int) -> int:
    """The step that shows the position right after the move with this seq (0: the setup)."""
    return sum(1 for m in moves if m.seq <= seq)


def _finished_state(db: Session, table: GameTable, user: User | None, step: int) -> dict:
    record = records.export_record(db, table, user)

    def stop(i: int, played) -> None:
        if i == step:
            raise _Reached(played.state)

    try:
        return records.replay_record(record, stop)[1]
    except _Reached as reached:
        return reached.state


def step(db: Session, table: GameTable, user: User | None, as_role: str | None, step: int | None = None,
         seq: int | None = None) -> dict:
    """The position after ``step`` moves that count (or after the move ``seq``), as the viewer may see it:
    ``{"step", "steps", "mover", "role", "roles", "view", "data"}``."""
    game = game_of(table.game_id)
    finished = table.status == "finished"
    if finished:
        roles = [s.role for s in table.seats]
        role = as_role if as_role in roles else (roles_of(table, user) or [None])[0]
    else:
        if not roles_of(table, user):
            raise Forbidden("A game in progress can be replayed only by its players, each as they saw it; "
                            "everyone may replay it once it is over.")
        role = acting_role(table, user, as_role)
        roles = roles_of(table, user)
    moves = effective_moves(db, table.id)
    at = step_of_seq(moves, seq) if seq is not None else len(moves) if step is None else step
    at = max(0, min(at, len(moves)))
    bound = moves[at - 1].seq if at else 0
    state = _finished_state(db, table, user, at) if finished else replay_state(db, table, game, upto=bound)
    renderer = game.renderer(names=seat_names(table))
    view = game.view(state, role)
    view["prompt"].update(text=renderer.text(view["prompt"]["text"]), actions=[], legal={})
    log = gamelog.page(db, table.id, role, game, renderer, limit=gamelog.PAGE, upto_seq=bound)
    outcome = game.outcome(state)
    data: dict[str, Any] = {
        "view": view, "actions": [], "can_undo": False, "active_roles": game.active_roles(state),
        "seats": [seat_info(s) for s in table.seats], "log": log["entries"], "log_more": log["more"],
        "outcome": {**outcome, "text": renderer.text(outcome["text"])} if outcome else None,
    }
    return {"game": game, "step": at, "steps": len(moves), "seq": bound, "mover": moves[at - 1].role if at else None,
            "role": role, "roles": roles, "finished": finished, "view": view, "data": data,
            "analysable": not finished and forks.analysable(game, state, role)}
