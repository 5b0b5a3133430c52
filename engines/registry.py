"""The registry of games: id -> Game. Shipped games are listed in ``BUILTIN``; tests may register more."""
from __future__ import annotations

import importlib

from engines.core.game import Game

# "module:attribute" of every shipped game, in the order the lobby lists them.
BUILTIN: list[str] = ["engines.quince_dias:GAME", "engines.planet_king:GAME"]

# Games whose content ships before their engine: id -> "module:function" returning the content.
CONTENT_ONLY: dict[str, str] = {"ultima-ratio-regis": "engines.ultima_ratio.content:export"}

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


def content(game_id: str) -> dict | None:
    """A game's content data (cards, map...), also for games whose engine is not there yet."""
    game = get_game(game_id)
    if game is not None:
        return game.content()
    if game_id in CONTENT_ONLY:
        module, attr = CONTENT_ONLY[game_id].split(":")
        return getattr(importlib.import_module(module), attr)()
    return None
