"""What a game shows beyond its table: its presentation (DESIGN.md › The app names no game).

A game names its presentation with ``Game.presentation``, a ``"module:ATTR"`` path to a :class:`Presentation`,
which ``engines.registry.presentation`` imports the first time the app asks (never the engine itself: a bot, a
replay or the conformance suite loads none of it). The module lives beside the engine
(``engines/<game>/presentation.py``), imports nothing of ``app/`` and holds no game rule: pure functions of the
game's content and the page's query, which the app serves at ``/games/<id>/<page>``; the HTML is the game's
templates' (``templates/games/<id>/``). A game without one has no pages beyond the app's own (its table, its
rules and cards).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engines.core.types import Text

if TYPE_CHECKING:
    from engines.core.game import Game

PAGE_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,39}")


@dataclass(frozen=True)
class Body:
    """A page's body with what a cache needs to know of it. ``etag``: a name of this exact content (the app sends it
    as ``ETag`` and answers 304 to an ``If-None-Match`` that names it); ``immutable``: the URL names the content
    itself (a hash in it), so a browser keeps it a year without asking again (``Cache-Control: public,
    max-age=31536000, immutable``) — else the page's ``max_age`` holds."""

    content: str | bytes
    etag: str | None = None
    immutable: bool = False


YEAR = 31_536_000  # seconds: how long an immutable body is kept


class PageError(ValueError):
    """A page asked for with a query it cannot answer (an unknown scenario, a turn out of range): the app
    answers 422 with the message, which names the problem for the person who typed it. ``message`` in English;
    ``text``, when given, the same by its catalog key, which the app renders in its reader's language (issue 29)."""

    def __init__(self, message: str, text: Text | None = None):
        super().__init__(message)
        self.message = message
        self.text = text


@dataclass(frozen=True)
class Page:
    """One extra page of a game, served at ``/games/<id>/<name>`` (GET).

    ``make(game, query)`` reads the query's parameters (each a string, the last of repeated ones; unknown ones are
    to be ignored) and raises :class:`PageError` for a value it cannot take. With a ``template`` (a file of the
    game's folder, ``templates/games/<id>/<template>``) it returns that template's context, rendered in the site's
    layout; without one, the body itself (a str or bytes, or a :class:`Body` that says how to cache it), served as
    ``media_type``. ``max_age``: seconds a browser or proxy may
    keep the answer (``Cache-Control: public, max-age=…``), for a body that depends on nothing but its URL; 0
    keeps the site's ``no-store``. ``link``: the words of a link to it from the game's listings (None: not
    linked, e.g. an image the page itself shows)."""

    name: str
    make: Callable[[Game, Mapping[str, str]], Any]
    template: str | None = None
    media_type: str = "text/html"
    max_age: int = 0
    link: str | None = None

    def __post_init__(self) -> None:
        if not PAGE_NAME.fullmatch(self.name):
            raise ValueError(f"a page's name is one path segment of a-z, 0-9, '.', '_', '-': {self.name!r}")
        if self.max_age < 0:
            raise ValueError(f"page {self.name}: max_age is a number of seconds, not {self.max_age}")


@dataclass(frozen=True)
class Presentation:
    """A game's presentation: its extra pages (a map), in the order its listings link them; and ``board``, what its
    table's board template draws beyond the view itself: ``board(game, view)`` (the view of the reader's seat, or
    a spectator's) returns a dict the template reads as ``board_of(game, view)`` (a map's overlay: where each
    counter goes, in which colour, and the address of the map under it), ``board(game, view, lang)`` in the reader's
    language (issue 29). A pure function of the content, the view and the language: no rule, nothing hidden from
    the view. ``action_keys(verb, arg)``: the board keys a legal action acts on,
    subject first (issue 28 › A contract between the map and the legal list), which each action's form carries as
    its ``data-keys`` (static/js/board.js), so the client never guesses them from the argument's look.
    ``entry_keys(game, entry)``: the board keys a log entry names (its ``data-keys``: hovering it highlights them on
    the board). ``confirm(game, view, verb, arg)``: the question (a ``Text``) an irreversible action asks before it
    is made, or None (issue 28 › What map-game players expect). ``action_group(game, view, verb, arg)``: the group
    an action is listed under, ``(key, heading)`` (a namespaced id and a ``Text``), or None for the actions of the
    whole seat: a seat leading several parties reads its list party by party (the app groups only when a list has
    two groups or more). ``entry_view(game, entry, lang)``: what the game
    draws of a log entry beyond its sentence (a battle die by die, from the entry's public arguments), in the
    reader's language, or None; the app links such an entry to ``/tables/<id>/log/<entry id>``, which draws it
    with the game's ``templates/games/<id>/entry.html`` (``v``: this dict). ``board_parts(game, view, board)``: the
    parts of the board template, each drawn with ``{% call board_part("<name>") %}…{% endcall %}``, by name -> the
    data that part is drawn from (``board``: what ``board`` returned for this view), and under ``"board"`` what the
    board draws outside its parts; a move's answer then sends only the parts whose data changed (app/live_parts.py;
    issue 28 › Speed). Every input of a part must be in its data, or that part would stay stale on a page. A
    part may hold parts of its own, named ``<outer>__<inner>`` (a map's places: ``{% call(attrs)
    board_part("map__<place>", svg=True) %}`` for an SVG element that writes ``attrs`` itself; app/web.py).
    ``words(game, view, lang)``: the view with the printed words it carries in the content's English (a card's
    effect) in ``lang``, read by their ids (issue 29); the app asks it for a reader of another language than
    English."""

    pages: tuple[Page, ...] = ()
    board: Callable[[Game, dict[str, Any], str], dict[str, Any] | None] | None = None
    action_keys: Callable[[str, Any], list[str]] | None = None
    entry_keys: Callable[[Game, dict[str, Any]], list[str]] | None = None
    confirm: Callable[[Game, dict[str, Any], str, Any], Any] | None = None
    action_group: Callable[[Game, dict[str, Any], str, Any], tuple[str, Any] | None] | None = None
    entry_view: Callable[[Game, dict[str, Any], str], dict[str, Any] | None] | None = None
    board_parts: Callable[[Game, dict[str, Any], dict[str, Any] | None], dict[str, Any]] | None = None
    words: Callable[[Game, dict[str, Any], str], dict[str, Any]] | None = None

    def __post_init__(self) -> None:
        names = [p.name for p in self.pages]
        if len(set(names)) != len(names):
            raise ValueError(f"two pages of one name: {names}")

    def page(self, name: str) -> Page | None:
        return next((p for p in self.pages if p.name == name), None)

    def links(self) -> list[Page]:
        """The pages a listing of the game links to."""
        return [p for p in self.pages if p.link]


NONE = Presentation()  # a game that declares none
