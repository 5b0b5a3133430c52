"""Ultima Ratio Regis — 15.1 Stacking on the state: the holding that sets a mini-map area's limit, the limit with
the organizer commander (15.1.1), the room an army or a troop has in an area, and the fleets' limit by the naval base
they operate from (15.1.2). The numbers are ``logistics_rules.py``'s; the overstack decision is ``overstack.py``'s."""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board, board_of
from engines.ultima_ratio.leaders import leader_state
from engines.ultima_ratio.logistics import logistics_rules
from engines.ultima_ratio.movement import naval_bases


def holding(s: dict, board: Board, area: str) -> logistics_rules.Holding:
    """Whether the area is now someone's home area or domain (15.1: mini-map limits depend on it)."""
    owner = s["areas"][area]["owner"] if area in s["areas"] else None
    if owner is None:
        return None
    return "home" if board.areas[area].home_of == owner else "domain"


def stacking_limit(s: dict, board: Board, area: str, power: str, here: list[str] | None = None) -> int:
    """15.1 (``logistics.stacking_limit``), with the organizer commander of the power's troops there (15.1.1;
    ``here``: those troops, when the caller has them already)."""
    troops = st.troops_in(s, area, power) if here is None else here
    ability = leader_state.commander_ability(s, board, troops)
    return logistics_rules.stacking_limit(board.areas[area], holding(s, board, area), ability)


def stacking_room(s: dict, board: Board, area: str, power: str, here: list[str] | None = None) -> int:
    """How many more troops of the power fit in the area (15.1: leaders and non-besieged fortresses do not
    count; ``here``: the power's troops there, when the caller has them already)."""
    troops = st.troops_in(s, area, power) if here is None else here
    return stacking_limit(s, board, area, power, troops) - len(troops)


def room(g: Ctx, power: str, area: str, group: list[str]) -> int:
    """15.1: how many troops of the group fit in the area besides the power's troops already there that are not in
    it (members already in the area count once); the limit with the commander of all of them (15.1.1: an
    organizer adds one)."""
    s, b = g.s, board_of(g)
    here = st.troops_in(s, area, power)
    together = sorted(set(here) | set(group))
    limit = logistics_rules.stacking_limit(
        b.areas[area], holding(s, b, area), leader_state.commander_ability(s, b, together)
    )
    return limit - len(set(here) - set(group))


def may_stay(g: Ctx, power: str, group: list[str], area: str) -> list[str]:
    """12.2 / 15.1.1: the army's troops (not the leader's own) that may be left in the area it entered: the troops
    staying there must not be overstacked (they end their movement)."""
    return [u for u in group[1:] if room(g, power, area, [x for x in group if x != u]) >= 0]


def fleet_limit(s: dict, board: Board, power: str, sea: str, galley: bool, group: list[str]) -> int:
    """15.1.2: "Fleets at sea have the same stacking limit as the naval base from which they operate": the best
    base within the naval operation distance (``logistics.stacking_limit`` of the port as held now), plus one
    with an organizer commander (``logistics.fleet_limit``); 0 without a base."""
    reach = naval_bases.operation_distance(s, board, sea) - 1
    best = 0
    for port in naval_bases.base_ports(s, board, power, galley):
        far = naval_bases.port_reach(board, port, sea)
        if far is not None and far <= reach:
            best = max(best, logistics_rules.stacking_limit(board.areas[port], holding(s, board, port)))
    if not best:
        return 0
    return logistics_rules.fleet_limit(best, leader_state.commander_ability(s, board, group))


def fleet_may_be_at(s: dict, board: Board, power: str, sea: str, group: list[str]) -> bool:
    """A fleet may end in a sea with a base in range whose limit holds all its squadrons (15.1.2)."""
    galley = bool(s["units"][group[0]]["galley"])
    return len(group) <= fleet_limit(s, board, power, sea, galley, group)
