"""Ultima Ratio Regis beyond its table (engines.core.presentation): the map, the whole board as SVG with the areas
coloured by who holds them at the start of a chosen scenario and turn (issue: "a map to play on").

``map`` is the page (templates/games/ultima-ratio-regis/map.html: the scenario and turn to show, the legend, the
picture); ``map.svg`` the picture, kept by the browser for an hour and here per (scenario, turn). Both read the
packaged board and world, as the drawing does. No rule lives here and nothing of the app is imported.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engines.core.game import Game
from engines.core.presentation import Page, PageError, Presentation
from engines.ultima_ratio.mapdraw import render_map_svg
from engines.ultima_ratio.world import load_world, scenario_owners

LAST_TURN = 11
MAX_SCENARIO = 80  # characters of a scenario id worth looking up


def _colours() -> dict[str, str]:
    world = load_world()
    return {**{m.id: m.colour for m in world.minors}, **{p.id: p.colour for p in world.powers}}


def _turn(raw: str | None) -> int | None:
    """A blank turn (the form's empty field) means the scenario's first."""
    if raw is None or not raw.strip():
        return None
    raw = raw.strip()
    if len(raw) > 2 or not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= LAST_TURN:
        raise PageError(f"A turn is a whole number from 1 to {LAST_TURN}.")
    return int(raw)


def _chosen(query: Mapping[str, str]):
    """The scenario and turn the query asks for (None, None: the bare map); PageError for what is not one."""
    turn = _turn(query.get("turn"))
    scenario = query.get("scenario") or None
    if scenario is None:
        return None, None
    if len(scenario) > MAX_SCENARIO:
        raise PageError("There is no scenario of so long a name.")
    try:
        chosen = load_world().scenario(scenario)
    except KeyError:
        raise PageError(f"There is no scenario {scenario!r}.") from None
    turn = chosen.turns.first if turn is None else turn
    if not chosen.turns.covers(turn):
        raise PageError(f"{chosen.name} is played in turns {chosen.turns.first} to {chosen.turns.last}.")
    return chosen, turn


def map_page(game: Game, query: Mapping[str, str]) -> dict[str, Any]:
    """The map page's context: the scenarios to choose from, the one chosen and its turn, the legend of holders."""
    chosen, turn = _chosen(query)
    world = load_world()
    holders = set(scenario_owners(chosen.id, turn).values()) if chosen else set()
    legend = [(p.name, p.colour) for p in world.powers if p.id in holders] + [
        (m.name, m.colour) for m in world.minors if m.id in holders
    ]
    return {"scenarios": world.scenarios, "chosen": chosen, "turn": turn, "legend": legend}


@lru_cache(maxsize=64)
def _svg(scenario: str | None, turn: int | None) -> str:
    owners = scenario_owners(scenario, turn) if scenario else None
    return render_map_svg(owners, _colours())


def map_svg(game: Game, query: Mapping[str, str]) -> str:
    """The map as one SVG document, coloured for the chosen scenario and turn (bare without one)."""
    chosen, turn = _chosen(query)
    return _svg(chosen.id if chosen else None, turn)


PRESENTATION = Presentation(
    pages=(
        Page("map", map_page, template="map.html", link="the map"),
        Page("map.svg", map_svg, media_type="image/svg+xml", max_age=3600),
    )
)
