"""Ultima Ratio Regis — "15. Logistics": stacking (15.1) and supply (15.2), and the dispersion boxes overstacked
troops go to (18.1, 18.5), as pure functions over plain data (``counters.Unit``) and the map's areas.

The map's ``Area`` gives ``id``, ``map``, ``theater``, ``province`` and ``border_of``; the holding of an area (a
home area, a domain, or neither) changes in play, so the caller passes it. See RULINGS.md § Logistics (15).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from engines.ultima_ratio.counters import Decision, RuleError, Unit
from engines.ultima_ratio.leaders.leader_rules import stacking_bonus

Holding = Literal["home", "domain"] | None
MAIN_MAP_LIMIT, MINI_DOMAIN_LIMIT, OTHER_LIMIT = 4, 2, 1
THE_EAST = "TE"
THE_EAST_EXCEPTIONS = ("area:ormuz", "area:aden")  # 15.1: "(except Ormuz and Aden)"
BRITISH_ISLES = (
    "province:england",
    "province:scotland",
    "province:ireland",
)  # 6. / 18.1: Western Europe's insular dispersion area
WE_CONTINENT, WE_ISLES = "box:dispersed-we-continent", "box:dispersed-we-british-isles"


# ---------------------------------------------------------------------------------------------- 15.1 stacking
def stacking_limit(area, holding: Holding, ability: str | None = None) -> int:
    """15.1: 4 in every area of the main map and of The East (except Ormuz and Aden), and in the mini-maps' home
    areas (18.7); 2 in the mini-maps' domains; 1 in all other areas, Ormuz and Aden included (RULINGS S-1).
    ``holding``: whether the area is now someone's home area or domain. ``ability``: the stack's commander's
    (an organizer adds 1, 15.1.1)."""
    if area.id in THE_EAST_EXCEPTIONS:
        base = OTHER_LIMIT
    elif area.map == "main" or area.theater == THE_EAST or holding == "home":
        base = MAIN_MAP_LIMIT
    elif holding == "domain":
        base = MINI_DOMAIN_LIMIT
    else:
        base = OTHER_LIMIT
    return base + stacking_bonus(ability)


def stack(units: Iterable[Unit], at: str, powers: Iterable[str], *, besieged: bool = False) -> list[Unit]:
    """The units that count for stacking in area ``at`` for the side of ``powers`` (a major power and the minor
    powers allied with it, RULINGS S-2): its troops on the map (not dispersed), and, only in a siege, the fortress
    (15.1.1: "Leaders and non-besieged fortresses do not count for stacking. In case of a siege, the fortress does
    count"). Besieged units and the others are counted apart (13.3.5: relief army, besieged and besiegers)."""
    sides = set(powers)
    return [
        u
        for u in units
        if u["at"] == at
        and u["power"] in sides
        and not u["dispersed"]
        and u["besieged"] == besieged
        and (u["kind"] == "troop" or (u["kind"] == "fortress" and u["besieged"]))
    ]


def overstacked(count: int, limit: int) -> int:
    """How many units are over the limit (0 if none)."""
    return max(0, count - limit)


def may_end_move(units: Iterable[Unit], at: str, powers: Iterable[str], limit: int) -> bool:
    """15.1.1: the limit "can only be surpassed for armies that are moving (with tactical or strategic movement) as
    long as they do not finish their movement overstacked": a move may not end over the limit in ``at``
    (``units`` as they would be after it)."""
    return not overstacked(len(stack(units, at, powers)), limit)


def overstack_decision(
    units: Iterable[Unit], at: str, powers: Sequence[str], limit: int, *, besieged: bool = False
) -> Decision | None:
    """15.1.1: "When a player finishes an action, overstacked troops must be dispersed" — the player picks which
    (troops only: a besieged fortress counts but is not dispersed). The flow calls this at the end of each action
    (not during a movement, nor during a relief battle: 15.1.1) and then ``disperse``. None when within the limit.
    ``powers``: the major power first (it decides: its player plays its allied minors), then its allied minors."""
    here = stack(units, at, powers, besieged=besieged)
    excess = overstacked(len(here), limit)
    if not excess:
        return None
    troops = tuple(sorted(u["id"] for u in here if u["kind"] == "troop"))
    return Decision("disperse_overstack", powers[0], min(excess, len(troops)), troops, rule="15.1.1", at=at)


def dispersion_boxes(area, board) -> list[str]:
    """18.1 / 18.5: the dispersion boxes a troop dispersed in ``area`` may go to: its theater's (Western Europe
    has one for the continent and one for the British Isles), or, in a border area, also the box of each theater
    it borders. ``board`` is the map (``map.load_map()``). When there are several, the player picks."""
    boxes: list[str] = []
    for key in (area.theater, *area.border_of):
        theater = board.theater(key)
        if key == "WE":
            boxes.append(WE_ISLES if area.theater == "WE" and area.province in BRITISH_ISLES else WE_CONTINENT)
        else:
            boxes.extend(b.id for b in theater.dispersed_boxes)
    return list(dict.fromkeys(boxes))


def disperse(units: Iterable[Unit], ids: Iterable[str], box: str) -> list[Unit]:
    """Dispersed troops go to a dispersion box (18.1); a besieged troop that is dispersed leaves the siege.
    Their leaders follow them (17.1: leaders stay attached by unit id)."""
    chosen = set(ids)
    out: list[Unit] = [
        {**u, "at": box, "dispersed": True, "besieged": False} if u["id"] in chosen else u for u in units
    ]
    if {u["id"] for u in out if u["id"] in chosen and u["kind"] == "troop"} != chosen:
        raise RuleError("18.1: only troops are dispersed")
    return out


# ---------------------------------------------------------------------------------------------- 15.1.2 fleets
def fleet_limit(base_limit: int, ability: str | None = None) -> int:
    """15.1.2: "Fleets at sea have the same stacking limit as the naval base from which they operate" (11.2: a
    fleet has at most that many squadrons); an organizer commander stacks one more squadron (17.3.2).
    ``base_limit`` is ``stacking_limit`` of the base area (without the organizer)."""
    return base_limit + stacking_bonus(ability)


def split_into_fleets(squadrons: int, limit: int) -> list[int]:
    """15.1.2: the fewest stacks ``squadrons`` squadrons can make with at most ``limit`` each, largest first
    (the rulebook's example: 5 squadrons based on a mini-map domain, limit 2, make 2 + 2 + 1)."""
    if limit < 1:
        raise RuleError("15.1.2: a stacking limit is at least 1")
    full, rest = divmod(squadrons, limit)
    return [limit] * full + ([rest] if rest else [])


def fleet_fits(sizes: Iterable[int], limit: int) -> bool:
    """15.1.2: every stack of squadrons at sea respects its base's limit."""
    return all(0 < size <= limit for size in sizes)


# ---------------------------------------------------------------------------------------------- 15.2 supply
def supplied_areas(
    areas: Iterable[str],
    neighbours: Mapping[str, Iterable[str]],
    *,
    controlled: Iterable[str],
    troop_areas: Iterable[str],
    enemy_fortresses: Iterable[str],
    seas: Mapping[str, Iterable[str]],
    enemy_fleet_seas: Iterable[str],
) -> set[str]:
    """15.2: the areas of ``areas`` where a power can subjugate or besiege:
    - adjacent to a controlled area (its own, or its allies', 21.2.1: they "count as own areas");
    - adjacent to an area with a supplied troop of its own and no enemy fortress (a troop is supplied in an area
      it controls, or in an area that is itself supplied: RULINGS S-3);
    - a port on some sea without fleets of powers it is at war with.
    ``seas`` gives the seas each coastal area touches; ``neighbours`` the land adjacency (``map.neighbours``)."""
    own = set(controlled)
    troops, forts, hostile = set(troop_areas), set(enemy_fortresses), set(enemy_fleet_seas)
    todo = list(dict.fromkeys([*areas, *troops]))
    result: set[str] = set()
    changed = True
    while changed:
        changed = False
        for area in todo:
            if area in result:
                continue
            near = set(neighbours.get(area, ()))
            links = {n for n in near & troops if n not in forts and (n in own or n in result)}
            if near & own or links or any(s not in hostile for s in seas.get(area, ())):
                result.add(area)
                changed = True
    return result & set(areas)


def can_supply(area: str, neighbours: Mapping[str, Iterable[str]], **facts) -> bool:
    """15.2 for one area (the keywords of ``supplied_areas``)."""
    return area in supplied_areas([area], neighbours, **facts)
