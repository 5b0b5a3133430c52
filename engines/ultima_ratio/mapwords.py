"""Ultima Ratio Regis — the words drawn on the map sheet (mapdraw.py) in one language (issue 29): the names of the
areas, seas, theaters, trade centers and maps by their ids, and the sheet's own phrases (a pass's title, the
legend, the World Map's notes) from the catalogue's ``draw.*`` keys. English by default, read off the content and
``messages/en.yaml``, so that the sheet drawn without a game (``python -m engines.ultima_ratio.mapdraw``) is the
English one."""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from engines.core.text import load_catalogs
from engines.ultima_ratio.map import MapData

MESSAGES = pathlib.Path(__file__).parent / "messages"


@dataclass(frozen=True)
class MapWords:
    """``name(id)``: a content object's name; ``phrase(key, **fields)``: the catalogue's ``draw.<key>`` filled."""

    name: Callable[[str], str]
    phrase: Callable[..., str]


@cache
def _packaged() -> dict[str, dict[str, str]]:
    return load_catalogs(MESSAGES)


def phrases(lang: str, catalogs: dict[str, dict[str, str]] | None = None) -> Callable[..., str]:
    """The sheet's phrases in ``lang`` from ``catalogs`` (a game's own; the packaged ones by default), English where
    the language lacks one."""
    catalogs = catalogs or _packaged()
    catalog = {**catalogs["en"], **catalogs.get(lang, {})}

    def phrase(key: str, **fields: Any) -> str:
        return catalog[f"draw.{key}"].format(**fields)

    return phrase


def english(board: MapData) -> MapWords:
    """The content's own (English) names and the English phrases."""
    names = {m.id: m.name for m in board.maps}
    for theater in board.theaters:
        names[theater.id] = theater.name
    names.update({x.id: x.name for x in (*board.areas, *board.seas, *board.trade_centers)})
    return MapWords(lambda key: names.get(key, key), phrases("en"))


def in_language(
    board: MapData, lang: str, name_of: Callable[[str, str], str | None], catalogs: dict[str, dict[str, str]]
) -> MapWords:
    """The names a game gives in ``lang`` (``name_of(id, lang)``; the content's where it gives none) and the
    phrases in ``lang`` of the game's own catalogues (``catalogs``)."""
    own = english(board)
    return MapWords(lambda key: name_of(key, lang) or own.name(key), phrases(lang, catalogs))
