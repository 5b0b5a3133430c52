"""The registry of games: id -> Game, each built with its content (DESIGN.md › Content).

``BUILTIN`` lists the shipped games. ``configure(content_dir)`` builds them all with the owner's content folder
(one subfolder per game id) and validates every file, once, under a lock, before anything is served: a bad
file raises ``ContentError`` naming the file and the item. Tests may ``register`` games of their own.
``presentation(game)`` imports what a game declares it shows beyond its table (``Game.presentation``), once.
The app reaches the engines through this module and ``engines.core`` only (tests/app/test_names_no_game.py).
"""

from __future__ import annotations

import importlib
import pathlib
import threading
from typing import Any

from engines.core.game import Game
from engines.core.presentation import NONE, Presentation

# "module:Class" of every shipped game, in the order the lobby lists them.
BUILTIN: list[str] = [
    "engines.quince_dias:QuinceDias",
    "engines.planet_king:PlanetKing",
    "engines.ultima_ratio.game:UltimaRatioRegis",
]

_games: dict[str, Game] = {}
_lock = threading.Lock()
_configured: list[pathlib.Path | str | None] = []  # the content folder the shipped games were built with
_presentations: dict[str, Presentation] = {}  # "module:ATTR" -> the Presentation it names, imported once


def _resolve(ref: str) -> Any:
    module, attr = ref.split(":")
    return getattr(importlib.import_module(module), attr)


def configure(content_dir: pathlib.Path | str | None = None) -> list[Game]:
    """Build every shipped game with ``content_dir`` (validating all content); idempotent for the same folder."""
    with _lock:
        if _configured and _configured[0] == content_dir:
            return list(_games.values())
        built = [_resolve(ref)(content_dir) for ref in BUILTIN]
        for game in built:
            _games[game.id] = game
        _configured[:] = [content_dir]
        return list(_games.values())


def _ensure() -> None:
    if not _configured:
        configure(None)


def register(game: Game) -> Game:
    """Add a game to the registry (tests use this for their own small engines)."""
    _ensure()
    with _lock:
        _games[game.id] = game
    return game


def unregister(game_id: str) -> None:
    with _lock:
        _games.pop(game_id, None)


def all_games() -> list[Game]:
    _ensure()
    return list(_games.values())


def get_game(game_id: str) -> Game | None:
    _ensure()
    return _games.get(game_id)


def content(game_id: str) -> dict[str, Any] | None:
    """A game's content data (cards, map...)."""
    game = get_game(game_id)
    return game.content() if game is not None else None


def presentation(game: Game) -> Presentation:
    """What ``game`` shows beyond its table (its extra pages), imported from ``game.presentation`` the first
    time it is asked for; a game that declares none has none."""
    ref = game.presentation
    if ref is None:
        return NONE
    found = _presentations.get(ref)
    if found is None:
        found = _resolve(ref)
        if not isinstance(found, Presentation):
            raise TypeError(f"{game.id}: presentation {ref!r} is not an engines.core.presentation.Presentation")
        _presentations[ref] = found
    return found
