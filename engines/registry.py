"""The registry of games: id -> Game. Shipped games are listed in ``BUILTIN``; tests may register more."""
from __future__ import annotations

import importlib

from engines.core.game import Game

# "module:attribute" of every shipped game, in the order the lobby lists them.
BUILTIN: list[str] = []

_games: dict[str, Game] = {}
_loaded = False


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ref in BUILTIN:
        module, attr = ref.split(":")
        register(getattr(importlib.import_module(module), attr))


def register(game: Game) -> Game:
    """Add a game to the registry (tests use this for their own small engines)."""
    _games[game.id] = game
    return game


def unregister(game_id: str) -> None:
    _games.pop(game_id, None)


def all_games() -> list[Game]:
    _load_builtin()
    return list(_games.values())


def get_game(game_id: str) -> Game | None:
    _load_builtin()
    return _games.get(game_id)
