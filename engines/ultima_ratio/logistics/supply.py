"""Ultima Ratio Regis — 15.2 Supply on the state: whether a subjugation or a siege is possible in an area
(``logistics_rules.can_supply`` over the controlled areas, the power's troops, enemy fortresses and fleets)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board
from engines.ultima_ratio.logistics import logistics_rules


def supplied(s: dict, board: Board, area: str, power: str) -> bool:
    """15.2 (``logistics.can_supply``): a subjugation or a siege is possible adjacent to a controlled area, to an
    own supplied troop without an enemy fortress, or in a port on a sea free of enemy fleets; 21.2.1: the areas its
    allies control "count as own areas" (RULINGS AL-5)."""
    near = _Lazy(lambda a: st.neighbours(s, board, a) if a in board.areas else [])
    troop_areas = {st.loc_area(s["units"][u]["loc"]) for u in st.units_of(s, power, "troop", "map")} - {None}
    forts = [
        a
        for a, info in s["areas"].items()
        if info["fortress"] and info["fortress"]["built"] and st.hostile(s, power, info["fortress"]["power"])
    ]
    hostile_seas = {
        st.loc_sea(i["loc"])
        for i in s["units"].values()
        if i["kind"] == "squadron" and st.loc_sea(i["loc"]) and st.hostile(s, power, i["power"])
    }
    return logistics_rules.can_supply(
        area,
        near,
        controlled=[a for a in s["areas"] if st.controls(s, power, a) or st.ally_controls(s, power, a)],
        troop_areas=troop_areas,
        enemy_fortresses=forts,
        seas=_Lazy(lambda a: board.areas[a].seas if a in board.areas else []),
        enemy_fleet_seas=hostile_seas,
    )


class _Lazy(Mapping):
    """A look-up computed on demand (supply looks at a few areas, not the whole map)."""

    def __init__(self, get: Callable[[str], Any]):
        self._get = get

    def __getitem__(self, key: str) -> Any:
        return self._get(key)

    def get(self, key: str, default: Any = None) -> Any:
        return self._get(key)

    def __iter__(self):
        return iter(())

    def __len__(self) -> int:
        return 0
