"""How a table's seats and its refusals read (issues 27–29): a seat by its holder's name, a bot's by its number and
kind, an open seat by its label (the powers a player leads, else its role's name) in the reader's language; the
renderer of a table's log and prompts with its seats so named; why a move was refused, in the reader's words.
"""

from __future__ import annotations

from typing import Any

from app import i18n
from app.i18n import _
from app.models import GameTable, Seat
from engines.core import Game, IllegalAction
from engines.core.text import Renderer


def seat_name(seat: Seat) -> str | None:
    """How a seat is named everywhere (board, log, prompts, endings): its player's name; a bot by its seat's
    number and its kind in the reader's language, e.g. "Bot 3 (heuristic)", "Bot 3 (heurístico)", so two bots at a
    table never share a name (the seat keeps the kind's id: nothing stored changes); an open seat None."""
    if seat.user is not None:
        name: str = seat.user.username
        return name
    if seat.bot:
        return _("Bot {n} ({kind})").format(n=seat.position + 1, kind=i18n.bot_kind(seat.bot))
    return None


def seat_names(table: GameTable, lang: str | None = None) -> dict[str, str]:
    """How the log and prompts name each taken seat, in ``lang`` (by default the reader's)."""
    with i18n.use(lang or i18n.current()):
        return {s.role: name for s in table.seats if (name := seat_name(s)) is not None}


def seat_labels(game: Game, state: dict[str, Any], table: GameTable, lang: str | None = None) -> dict[str, str]:
    """How each seat reads at ``state`` (the powers a player leads once an auction has given them, else its role's
    name): public to every reader; the pages' ``role_label`` prefers these (issues 27/28)."""
    return {s.role: game.seat_label(state, s.role, lang or i18n.current()) for s in table.seats}


def illegal_words(game: Game, table: GameTable, exc: IllegalAction) -> str:
    """Why a move was refused, in the reader's language (its catalog key when the engine gave one; issue 29); in
    English the engine's own sentence, as before."""
    if exc.text is None or i18n.current() == i18n.DEFAULT:
        return exc.message
    return renderer_of(game, table).text(exc.text)


def renderer_of(game: Game, table: GameTable, lang: str | None = None, state: dict[str, Any] | None = None) -> Renderer:
    """The words of a table's log and prompts for one reader's language (by default the request's:
    ``app.i18n.current``; a key the game has not in that language reads in English), its seats named as the table
    names them: a taken seat by its holder, an open one (given the position, ``state``) by its seat label in that
    language (the powers a player leads, else "Jugador 2"; issue 29), else by its role's."""
    lang = lang or i18n.current()
    names = seat_names(table, lang)
    if state is not None and len(names) < len(table.seats):
        names = {**seat_labels(game, state, table, lang), **names}
    return game.renderer(lang, names)


def seat_info(seat: Seat) -> dict[str, Any]:
    return {
        "role": seat.role,
        "player": seat.user.username if seat.user is not None else None,
        "bot": seat.bot,
        "name": seat_name(seat),
        "open": seat.user_id is None and not seat.bot,
        "invite_only": seat.user_id is None and not seat.bot and bool(seat.invite_token),
    }
