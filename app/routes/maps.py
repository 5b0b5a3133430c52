"""The Ultima Ratio Regis map page: the whole board as SVG, areas coloured by who holds them at the start of a
chosen scenario and turn (issue: "a map to play on"). The drawing and the data are the engine package's."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from app.deps import OptionalUser
from app.errors import Invalid
from app.web import render
from engines.ultima_ratio.mapdraw import render_map_svg
from engines.ultima_ratio.world import load_world, scenario_owners

router = APIRouter(include_in_schema=False)


@lru_cache(maxsize=1)
def _world():
    return load_world()


def _colours() -> dict[str, str]:
    world = _world()
    return {**{m.id: m.colour for m in world.minors}, **{p.id: p.colour for p in world.powers}}


def _chosen(scenario: str | None, turn: int | None):
    world = _world()
    if scenario is None:
        return None, None
    try:
        chosen = world.scenario(scenario)
    except KeyError:
        raise Invalid(f"There is no scenario {scenario!r}.") from None
    turn = chosen.turns.first if turn is None else turn
    if not chosen.turns.covers(turn):
        raise Invalid(f"{chosen.name} is played in turns {chosen.turns.first} to {chosen.turns.last}.")
    return chosen, turn


@lru_cache(maxsize=64)
def _svg(scenario: str | None, turn: int | None) -> str:
    owners = scenario_owners(scenario, turn) if scenario else None
    return render_map_svg(owners, _colours())


Scenario = Annotated[str | None, Query(max_length=80)]
Turn = Annotated[str | None, Query(max_length=4, description="A turn, 1 to 11; blank: the scenario's first")]


def _turn(raw: str | None) -> int | None:
    """A blank turn (the form's empty field) means the scenario's first."""
    if raw is None or not raw.strip():
        return None
    if not raw.strip().isdigit() or not 1 <= int(raw) <= 11:
        raise Invalid("A turn is a whole number from 1 to 11.")
    return int(raw)


@router.get("/games/ultima-ratio-regis/map")
def map_page(request: Request, user: OptionalUser, scenario: Scenario = None, turn: Turn = None):
    chosen, at_turn = _chosen(scenario or None, _turn(turn))
    world = _world()
    holders = set(scenario_owners(chosen.id, at_turn).values()) if chosen else set()
    legend = [(p.name, p.colour) for p in world.powers if p.id in holders] + [
        (m.name, m.colour) for m in world.minors if m.id in holders
    ]
    return render(
        request,
        "games/ultima-ratio-regis/map.html",
        scenarios=world.scenarios,
        chosen=chosen,
        turn=at_turn,
        legend=legend,
        user=user,
    )


@router.get("/games/ultima-ratio-regis/map.svg")
def map_svg(scenario: Scenario = None, turn: Turn = None):
    chosen, turn = _chosen(scenario or None, _turn(turn))
    return Response(
        _svg(chosen.id if chosen else None, turn),
        media_type="image/svg+xml",
        headers={"Cache-Control": "public, max-age=3600"},
    )
