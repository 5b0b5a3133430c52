"""Ultima Ratio Regis — 17.1 leaders on their units, seen from the state: the state's units (and fortresses) as the
pure rules' counters (``counters``, ``on_map``), its leaders as a list (``state_leaders``), the leaders on a group
of units and the ability of their commander (17.3.2, ``leader_rules.force_ability``)."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board
from engines.ultima_ratio.counters import Leader, Unit
from engines.ultima_ratio.leaders import leader_rules
from engines.ultima_ratio.state_types import LeaderInfo


def counters(s: dict, power: str | None = None, at: Collection[str] | None = None) -> list[Unit]:
    """The state's units as ``counters.Unit`` (what the pure leader rules read); fortresses count as units. With
    ``power``, that power's alone (a question about its own counters need not build the whole table's); with
    ``at``, those at these locations alone (a question about a few stacks)."""
    out: list[Unit] = []
    if at is not None and not at:
        return out
    units = s["units"]
    ids = units if power is None else st.units_of(s, power)
    for uid in ids if at is None else [u for u in ids if units[u]["loc"] in at]:
        info = units[uid]
        area = st.loc_area(info["loc"])
        out.append(
            {
                "id": uid,
                "power": info["power"],
                "kind": info["kind"],
                "at": info["loc"],
                "quality": st.quality(s, uid),
                "veteran": bool(info.get("veteran")),
                "besieged": bool(
                    area
                    and s["areas"].get(area, {}).get("siege")
                    and s["areas"][area]["siege"]["besieger"] != info["power"]
                ),
                "dispersed": info["loc"].startswith(st.BOX),
                "base": None,
                "operational": not info.get("repair"),
            }
        )
    areas = s["areas"]
    wanted = None if at is None else {loc for loc in at if loc.startswith(st.AREA)}  # an area's location is its id
    if wanted is None:
        places: Iterable[str] = areas
    elif len(wanted) < 2:  # a single stack's area, if active
        places = [a for a in wanted if a in areas]
    else:  # in the order of the state's areas (within a reading, without scanning them all)
        places = st.in_order(s, wanted) if st.read(s) is not None else [a for a in areas if a in wanted]
    for area in places:
        info = areas[area]
        fort = info["fortress"]
        if fort and (power is None or fort["power"] == power):
            out.append(
                {
                    "id": f"fortress:{area}",
                    "power": fort["power"],
                    "kind": "fortress",
                    "at": area,
                    "quality": 3,
                    "veteran": False,
                    "besieged": bool(info["siege"]),
                    "dispersed": False,
                    "base": None,
                    "operational": fort["built"],
                }
            )
    return out


def stacks_of(s: dict, units: Iterable[str]) -> set[str]:
    """Where these units stand (a troop's or squadron's ``loc``; ``fortress:<area>``, its area): the ``at`` of
    ``counters`` for a question about the leaders on them and the units beside them (17.1)."""
    return {stack_of(s, u) for u in units}


def stack_of(s: dict, unit: str) -> str:
    """Where one unit stands (``stacks_of``)."""
    return s["units"][unit]["loc"] if unit in s["units"] else unit.removeprefix("fortress:")


def on_map(s: dict, units: Iterable[Unit]) -> list[Unit]:
    return [u for u in units if u["at"] not in ("available", "eliminated") and not u["dispersed"]]


def state_leaders(s: dict) -> list[Leader]:
    leaders: dict[str, LeaderInfo] = s["leaders"]
    return [{"id": lid, **info} for lid, info in sorted(leaders.items())]


def leaders_on(s: dict, units: list[str]) -> list[str]:
    """The leaders attached to these units (17.1: a leader is always on one unit); within a reading of the state,
    from its leaders by unit (made once)."""
    if st.read(s) is None:
        return sorted(lid for lid, info in s["leaders"].items() if info["unit"] in units)
    by_unit: dict[str, list[str]] = st.remembered(s, ("leaders_by_unit",), lambda: _by_unit(s))
    return sorted(lid for u in set(units) for lid in by_unit.get(u, ()))


def _by_unit(s: dict) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for lid, info in s["leaders"].items():
        out.setdefault(info["unit"], []).append(lid)
    return out


def commander_ability(s: dict, board: Board, units: list[str]) -> str | None:
    """17.3.2: the ability of the commander of the force made of ``units`` (``leaders.force_ability``)."""
    present = [s["leaders"][lid] | {"id": lid} for lid in leaders_on(s, units)] if units else []
    return leader_rules.force_ability(present, board.leaders) if present else None  # no leader, no commander
