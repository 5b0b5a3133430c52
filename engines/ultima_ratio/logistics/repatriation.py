"""Ultima Ratio Regis — "14. Repatriations" as pure functions over plain data: the choices of a troop that must
leave (14.1), the areas its repatriating strategic movement may cross (14.1.1), the troop intercepted at sea, and
fortresses and their leaders (14.3).

Repatriations happen "troop by troop and squadron by squadron" and cost no action, often in another player's
impulse (14.): when a diplomatic event makes units leave an area or sea (20.4.1, 20.4.2, 21.5.3) and at the end of
the turn for expeditionary corps (21.2.2). The paths themselves are the movement's (10.2, 12.1); this module says
which areas they may use. Squadrons (14.2) follow "11.6 Fleets in port", which is the naval code's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engines.ultima_ratio.counters import Decision, Leader, RuleError, Unit
from engines.ultima_ratio.leaders import leader_rules

MODES = ("tactical", "strategic", "disperse")  # 14.1, in the rulebook's order


def troop_decision(troop: Unit, available: Iterable[str]) -> Decision:
    """14.1: "The player can choose any of the three options for each troop separately, although sometimes not all
    of them will be available": a tactical move ending in a controlled area, a strategic move (14.1.1), or
    dispersing it in its theater. ``available``: the modes the flow found possible; dispersing always is."""
    modes = set(available) | {"disperse"}
    unknown = modes - set(MODES)
    if unknown:
        raise ValueError(f"unknown repatriation modes {sorted(unknown)}")
    return Decision("repatriate", troop["power"], 1, tuple(m for m in MODES if m in modes), rule="14.1", at=troop["id"])


def crossable(
    here: str,
    possession: Mapping[str, str],
    *,
    controlled: Iterable[str],
    own_troop_areas: Iterable[str],
    enemy_troop_areas: Iterable[str],
) -> set[str]:
    """14.1.1: the land areas the strategic movement repatriating a troop from ``here`` may cross: those a
    strategic movement may (10.2: controlled areas — the power's and its allies' — and areas with its own troops
    not besieged), plus every area of the power (minor or major) that possesses ``here``, "counted as if
    belonging to an ally"; never an area with enemy troops ("it is not possible to cross areas with enemy
    troops"). ``possession``: area -> the power or minor possessing it. It ends in a controlled area (10.2)."""
    owner = possession.get(here)
    theirs = {a for a, p in possession.items() if owner is not None and p == owner}
    return (set(controlled) | set(own_troop_areas) | theirs) - set(enemy_troop_areas)


def lost_at_sea(units: Sequence[Unit], troop_id: str, box: str) -> list[Unit]:
    """14.1.1: "If the movement takes place by sea and is aborted by losing in a naval interception battle, the
    troop is dispersed" (not put back in the last land area, as 10.2.1 would). ``box``:
    ``logistics.dispersion_boxes`` of the area it left (RULINGS R-1)."""
    out: list[Unit] = [
        {**u, "at": box, "dispersed": True, "besieged": False} if u["id"] == troop_id else u for u in units
    ]
    if not any(u["id"] == troop_id and u["kind"] == "troop" for u in units):
        raise RuleError(f"14.1.1: no troop {troop_id!r}")
    return out


def remove_fortress(
    units: Sequence[Unit], leaders: Sequence[Leader], fortress_id: str, *, side: Iterable[str] | None = None
) -> tuple[list[Unit], list[Decision]]:
    """14.3: "Fortresses cannot be repatriated; instead, they are eliminated. Leaders in fortresses that must be
    destroyed (or in a minor power's fortresses) are removed and assigned to any other troop, squadron or own
    fortress that is not besieged." Returns the units without the fortress and one decision per leader it
    carried (``leader_decisions``)."""
    if not any(u["id"] == fortress_id and u["kind"] == "fortress" for u in units):
        raise RuleError(f"14.3: no fortress {fortress_id!r}")
    rest = [u for u in units if u["id"] != fortress_id]
    carried = [ld["id"] for ld in leaders if ld["unit"] == fortress_id]
    return rest, leader_decisions(rest, leaders, carried, side=side)


def leader_decisions(
    units: Iterable[Unit], leaders: Sequence[Leader], leader_ids: Iterable[str], *, side: Iterable[str] | None = None
) -> list[Decision]:
    """14.3: leaders to be assigned to any other own troop, squadron or fortress not besieged — those of a removed
    fortress, and "leaders who were commanding armies entirely of allies, and that were left without troops
    because they were no longer allies". A leader with nowhere to go is eliminated (RULINGS R-2): his decision
    has no options, and the flow calls ``leaders.eliminate``."""
    wanted = set(leader_ids)
    pool = list(units)
    out = []
    for ld in leaders:
        if ld["id"] in wanted:
            options = tuple(t for t in leader_rules.build_targets(ld["power"], pool, side) if t != ld["unit"])
            out.append(Decision("assign_leader", ld["power"], 1 if options else 0, options, rule="14.3", at=ld["id"]))
    return out


def assign(leaders: Sequence[Leader], decision: Decision, target: str) -> list[Leader]:
    """Apply a ``leader_decisions`` pick: the leader ``decision.at`` goes on ``target``."""
    decision.check([target])
    return [{**ld, "unit": target} if ld["id"] == decision.at else ld for ld in leaders]
