"""Ending a game on the platform, and playing it again (issue "Play-by-web life" §2): resign, abandon by
agreement, rematch. Engines stay pure: a resignation or an abandonment is a platform move
(:class:`PlatformMove`) with the platform's outcome, at the table's seq; the game's own moves are untouched, so
its record still replays to the position where it ended. The game log says so too: platform entries
(``platform.*`` in the core catalog) stored at the table's seq, kept when a move is taken back or the log is
rebuilt. A clock that runs out ends a game the same ways (``app.services.clock_checker``).

Readings: a seat that resigns loses and every other seat wins — except in a game that declares itself cooperative
(``Game.cooperative``: the seats win or lose together, as The Planet King's King and Valido), where a resignation
is the whole team's defeat. (15 Días'
families are the game's state, not the platform's: there too the others are named winners.) Hot-seat tables (one
person at every seat) may resign too: that is giving up.
"""

from __future__ import annotations

import functools
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app import i18n
from app.db import rowcount
from app.errors import Forbidden, Invalid
from app.i18n import _
from app.models import GameTable, User, utcnow
from app.models.pbw import AbandonVote, PlatformMove, TableOrigin
from app.services import clocks, gamelog, ratings
from app.services.live import news
from app.services.seat_words import renderer_of, seat_names
from app.services.tables import acting_role, create_table, roles_of
from engines import registry
from engines.core.game import CORE_MESSAGES
from engines.core.text import Renderer, load_catalogs
from engines.core.types import text

ENDING = ("resign", "abandon", "timeout")  # the platform moves that end a game


def platform_outcome(db: Session, table: GameTable, lang: str | None = None) -> dict[str, Any] | None:
    """The platform's outcome of a table that a resignation, an abandonment or a time-out ended, else None; its
    text in words for the reader (``message`` keeps the catalog key and arguments, as a game's outcome does)."""
    move = db.scalar(
        select(PlatformMove)
        .where(PlatformMove.table_id == table.id, PlatformMove.kind.in_(ENDING))
        .order_by(PlatformMove.id.desc())
        .limit(1)
    )
    return in_words(table, move.outcome, lang) if move is not None and move.outcome is not None else None


def in_words(table: GameTable, outcome: dict[str, Any], lang: str | None = None) -> dict[str, Any]:
    """A platform outcome as its reader sees it: the stored ``text`` is a catalog key with role ids, named here
    with the seats' holders (a Spanish page names them in Spanish)."""
    message = outcome["text"]
    if isinstance(message, str):  # rows written before outcomes were catalog keys
        return outcome
    game = registry.get_game(table.game_id)
    if game is None:
        renderer = Renderer(
            core_catalogs(), lambda _value, _lang: None, lang or i18n.current(), seat_names(table, lang)
        )
    else:
        renderer = renderer_of(game, table, lang)
    return {**outcome, "message": message, "text": renderer.text(message)}


def log(db: Session, table: GameTable, msg: str, **args: Any) -> None:
    """A platform entry in the game log, at the table's seq, for everyone (``platform.<msg>``)."""
    gamelog.add(db, table, table.seq, [{"msg": f"platform.{msg}", "args": args, "to": "all"}])


def log_result(db: Session, table: GameTable, winners: list[str]) -> None:
    if winners:
        log(db, table, "winners", winners=winners, n=len(winners))
    else:
        log(db, table, "no_winner")


def _check_running(table: GameTable, user: User) -> None:
    if table.status != "active":
        raise Invalid(_("Only a game in progress can be resigned or abandoned."))
    if not roles_of(table, user):
        raise Forbidden(_("You hold no seat at this table."))


def finish(db: Session, table: GameTable, move: PlatformMove, commit: bool = True) -> None:
    """End the table at the seq its move was decided on, and say so in the log; Conflict-free: a move committed
    meanwhile wins and this one is refused. The clocks stop."""
    res = db.execute(
        update(GameTable)
        .where(GameTable.id == table.id, GameTable.seq == move.seq, GameTable.status == "active")
        .values(status="finished", active_roles=[], updated_at=utcnow())
    )
    if rowcount(res) != 1:
        db.rollback()
        raise Invalid(_("The table moved meanwhile; look again and retry."))
    db.add(move)
    if move.kind == "resign" or (move.kind == "timeout" and move.outcome is not None and move.outcome.get("winners")):
        ratings.rate(db, table, move.outcome)  # a resignation or a forfeit on time is a loss; abandoned: unrated
    db.execute(delete(AbandonVote).where(AbandonVote.table_id == table.id))
    clocks.sync(db, table.id)
    news(db, table.id, "seats", table.seq)  # every open page reloads its live part
    if commit:
        db.commit()
        db.refresh(table)


@functools.cache
def core_catalogs() -> dict[str, dict[str, str]]:
    """The core's words, read once, for a table whose game is no longer registered."""
    return load_catalogs(CORE_MESSAGES)


def forfeit_outcome(table: GameTable, role: str, how: str) -> dict[str, Any]:
    """The seat ``role`` gives the game up (``how``: "resigned", "timed_out"): see the module. The text is a
    catalog key (``platform.outcome.<how>[_winners]``) rendered by :func:`in_words`."""
    roles = [s.role for s in table.seats]
    game = registry.get_game(table.game_id)
    losers = roles if game is not None and game.cooperative else [role]
    winners = [r for r in roles if r not in losers]
    message = (
        text(f"platform.outcome.{how}_winners", role=role, winners=winners, n=len(winners))
        if winners
        else text(f"platform.outcome.{how}", role=role)
    )
    return {"text": message, "winners": winners, "ranking": winners + losers}


def resign(db: Session, table: GameTable, user: User, role: str | None = None) -> dict[str, Any]:
    """The seat resigns (see the module for who wins)."""
    _check_running(table, user)
    role = acting_role(table, user, role)
    outcome = {**forfeit_outcome(table, role, "resigned"), "resigned": role}
    log(db, table, "resign", role=role)
    log_result(db, table, outcome["winners"])
    finish(
        db,
        table,
        PlatformMove(table_id=table.id, seq=table.seq, kind="resign", role=role, user_id=user.id, outcome=outcome),
    )
    return in_words(table, outcome)


def players(table: GameTable) -> set[int]:
    return {s.user_id for s in table.seats if s.user_id is not None}


def abandon_votes(db: Session, table: GameTable) -> set[int]:
    return set(db.scalars(select(AbandonVote.user_id).where(AbandonVote.table_id == table.id)))


def vote_abandon(db: Session, table: GameTable, user: User) -> dict[str, Any] | None:
    """This player agrees to abandon; when every player has, the game is abandoned (the outcome is returned)."""
    _check_running(table, user)
    db.add(AbandonVote(table_id=table.id, user_id=user.id))
    news(db, table.id, "seats", table.seq)
    try:
        db.commit()
    except IntegrityError:
        db.rollback()
    if abandon_votes(db, table) < players(table):
        return None
    outcome = {"text": text("platform.outcome.abandon"), "winners": [], "ranking": []}
    log(db, table, "abandon")
    finish(db, table, PlatformMove(table_id=table.id, seq=table.seq, kind="abandon", user_id=user.id, outcome=outcome))
    return in_words(table, outcome)


def withdraw_abandon(db: Session, table: GameTable, user: User) -> None:
    db.execute(delete(AbandonVote).where(AbandonVote.table_id == table.id, AbandonVote.user_id == user.id))
    news(db, table.id, "seats", table.seq)
    db.commit()


def rematch(db: Session, table: GameTable, user: User) -> tuple[GameTable, list[tuple[int, str]]]:
    """A new table of the same game and options with the same seats: the asker's seats are theirs, bots stay,
    every other player's seat waits for them by invitation. Returns the table and (user id, invite link) of
    each invited player."""
    if table.status != "finished":
        raise Invalid(_("A rematch is for a finished game."))
    if not roles_of(table, user):
        raise Forbidden(_("Only a player of this game can ask for a rematch."))
    seats = {}
    for s in table.seats:
        # a seat a bot played for a timed-out player is that player's again
        seats[s.role] = "me" if s.user_id == user.id else ("invite" if s.user_id is not None else f"bot:{s.bot}")
    new = create_table(
        db,
        user,
        table.game_id,
        table.options,
        seats,
        name=f"Rematch: {table.name}"[:120],
        commit=False,
        private=table.private,  # a private game's rematch is by invitation too, listed nowhere
        spectators=table.spectators,
        clock=clocks.pace_of(db, table.id),
    )
    db.add(TableOrigin(table_id=new.id, rematch_of=table.id))
    db.commit()
    by_role = {s.role: s for s in new.seats}
    invited = [
        (s.user_id, f"/invite/{new.id}/{by_role[s.role].invite_token}")
        for s in table.seats
        if s.user_id is not None and s.user_id != user.id
    ]
    return new, invited
