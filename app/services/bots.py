"""Bots take their turns server-side, in a background thread, never inside a player's request.

Any commit pokes the runner with the table id; the runner plays every bot seat that is to act until none is.
Several server processes may try the same bot move: the seq check lets one through, the others get a conflict
and drop it. A bot's choice is reproducible: its random generator is seeded with (table seed, seq, role).
"""

from __future__ import annotations

import logging
import random
import time

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from app.errors import AppError, Conflict
from app.models import GameTable, Seat
from app.services import play
from app.services.worker import Worker

log = logging.getLogger("siglo.bots")


def bot_turn(db: Session, table: GameTable) -> bool:
    """Play one bot move at ``table`` if a bot seat is to act; True if a move was made."""
    if table.status != "active" or table.flagged:
        return False
    loaded = play.load(db, table)
    active = loaded.game.active_roles(loaded.state)
    for seat in table.seats:
        if seat.bot and seat.role in active:
            rnd = random.Random(f"{table.seed}:{table.seq}:{seat.role}")
            bot = loaded.game.bots.get(seat.bot, loaded.game.bots["random"])
            # a bot plays from its seat's view, never from the state (it must not see hidden information)
            verb, arg = bot(loaded.game, loaded.game.view(loaded.state, seat.role), seat.role, rnd)
            play.act(db, table, None, seat.role, table.seq, verb, arg, bot=seat.bot)
            return True
    return False


class BotRunner(Worker):
    """The bots' thread: ``poke(table_id)`` after a commit; it plays every bot seat to act there."""

    thread_name = "siglo-bots"

    def __init__(self, sessions: sessionmaker[Session], delay: float):
        super().__init__()
        self._sessions = sessions
        self._delay = delay

    def start(self) -> None:
        super().start()
        with self._sessions() as db:
            ids = db.scalars(
                select(GameTable.id).join(Seat).where(GameTable.status == "active", Seat.bot.is_not(None))
            ).unique()
            for table_id in ids:
                self.poke(table_id)

    def _run(self) -> None:
        while True:
            table_id = self._next()
            if table_id is None:
                return
            try:
                self._play_out(table_id)
            except Exception:  # a bot must never take the server down; the table stays as it was
                log.exception("bot move failed at table %s", table_id)

    def _play_out(self, table_id: int) -> None:
        while True:
            if self._delay:
                time.sleep(self._delay)
            with self._sessions() as db:
                table = db.get(GameTable, table_id)
                if table is None:
                    return
                try:
                    moved = bot_turn(db, table)
                except Conflict:  # someone (another process) moved first: look again
                    continue
                except AppError as exc:
                    log.error("bot at table %s could not move: %s", table_id, exc.message)
                    return
                if not moved:
                    return  # a move made is announced by its commit (app.services.live.news)
