"""Ultima Ratio Regis content export (`siglo content export ultima-ratio-regis`): the map (theaters, areas, seas,
connections, trade centers, from map.py) and the world (world.py: powers, minors, events, scenarios). Every item
carries at least id, name and source; so does a power card's ability (3.2), which has no id in the content files:
``ability:<power>:<kind>``, the key of its name and printed words in a names file (``names.es.yaml``)."""

from __future__ import annotations

import pathlib

from engines.ultima_ratio.map import load_map
from engines.ultima_ratio.world import load_world

WORLD_KEYS = ("powers", "minors", "events", "scenarios")


def export(content_dir: pathlib.Path | str | None = None, board=None, world=None) -> dict:
    """Every item of the map and the world (validated; ``ContentError`` names a bad owner file); a game instance
    passes its own loaded map and world (``board``, ``world``)."""
    board = board or load_map(content_dir)
    out: dict[str, list[dict]] = {
        "theaters": [t.model_dump(mode="json") for t in board.theaters],
        "areas": [a.model_dump(mode="json") for a in board.areas],
        "seas": [s.model_dump(mode="json") for s in board.seas],
        "connections": [_connection(c, board) for c in board.connections],
        "trade_centers": [c.model_dump(mode="json") for c in board.trade_centers],
    }
    world = world or load_world(content_dir)
    for key in WORLD_KEYS:
        out[key] = [item.model_dump(mode="json") for item in getattr(world, key)]
    for power in out["powers"]:
        power["abilities"] = [{"id": ability_id(power["id"], a["kind"]), **a} for a in power["abilities"]]
    return out


def ability_id(power: str, kind: str) -> str:
    """A power card's ability's id: ``ability:<power>:<kind>`` ("power:england", "privateering" ->
    "ability:england:privateering"; a card holds one ability of a kind)."""
    return f"ability:{power.split(':', 1)[1]}:{kind}"


def _connection(conn, board) -> dict:
    """Connections have no printed name: the id is the two area ids, the name the two area names."""
    a, b = board.area(conn.a), board.area(conn.b)
    return {"id": f"{conn.a}--{conn.b}", "name": f"{a.name} – {b.name}", **conn.model_dump(mode="json")}
