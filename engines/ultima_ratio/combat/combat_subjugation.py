"""Ultima Ratio Regis — subjugation combats (13.5): the small clashes when a force takes control of an enemy area
without a land battle, puts down a rebellion or annexes an independent area.

``resolve(battle, decisions, chance, tables)`` returns a ``Pending`` decision or the ``SubjugationResult``
(combat_procedure.py explains the replay). The subjugator is the attacker; the opponent the defender.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from engines.ultima_ratio.combat.combat_procedure import (
    Decider,
    Result,
    Setup,
    fight,
    leaders_lost,
    lose,
    morale,
    removable,
    run,
)
from engines.ultima_ratio.combat.forces import SIDES, Force, Side, other
from engines.ultima_ratio.combat_tables import CombatTables
from engines.ultima_ratio.map import Terrain

Opposition = Literal["troops", "fortress", "rebels", "independent"]
SUBJUGATOR, OPPONENT = 3, 2  # 13.5.4: "Q3 the subjugator and Q2 the opponent"


@dataclass(frozen=True)
class Subjugation:
    """``opposition``: how the area is defended — by a major power's troops or fortress (13.5.2), by a rebellion
    (R2/R3) or an active independent area (A2/A3), whose ``strength`` (2 or 3) is its die (13.5.4);
    ``opponent``: the opposing troops or fortress (an empty force for rebels and independents); ``moved_all``: the
    subjugation force moved all its troops in the area in that action; ``adjacent``: the opponent opposes from an
    adjacent area (else from two areas away); ``naval_support``: the side a fleet at war supports (11.4.2)."""

    subjugator: Force
    opponent: Force
    opposition: Opposition
    strength: int | None = None
    terrain: Terrain = "open"
    moved_all: bool = False
    adjacent: bool = True
    naval_support: Side | None = None


@dataclass(frozen=True)
class SubjugationResult(Result):
    """``control`` is "attacker" when the subjugator takes control of the area, by winning or by dispersing troops
    after a tie or a defeat (``forced``: the troops it dispersed for it, also in ``dispersed``)."""

    forced: list[str] = field(default_factory=list)


def strength_of_minimap_area(home_area: bool) -> int:
    """13.5.7 / 18.7: in the mini-maps home areas count as A3 and the rest as A2 (opposition with troops is not
    possible there, and these areas must always be subjugated)."""
    return 3 if home_area else 2


def opposition_distance(
    target: str, source: str, neighbours: Callable[[str], list[str]], passable: Callable[[str], bool]
) -> int | None:
    """13.5.2: troops or a fortress oppose from an adjacent area (1), or from two areas away (2) through an
    intermediate area that is controlled and has no supplied enemy troops nor a rebellion (``passable``)."""
    if source in neighbours(target):
        return 1
    if any(passable(middle) and source in neighbours(middle) for middle in neighbours(target)):
        return 2
    return None


def setup(battle: Subjugation) -> Setup:
    b = battle
    if b.opposition in ("rebels", "independent"):
        if b.strength not in (2, 3) or b.opponent.units:
            raise ValueError("rebels and independents oppose as R2/R3 or A2/A3, with no units (13.5.4)")
        opponent_die = b.strength
    else:
        if b.strength is not None:
            raise ValueError("a major power opposes with a Q2 die (13.5.4)")
        kind = "fortress" if b.opposition == "fortress" else "troop"
        if not b.opponent.units or any(u.kind != kind for u in b.opponent.units):
            raise ValueError(f"opposition with {b.opposition}: the opponent's units must be {kind}s (13.5.2)")
        opponent_die = OPPONENT
    disadvantages: dict[Side, int] = {"attacker": 0, "defender": 0}
    if b.moved_all:
        disadvantages["attacker"] += 1
    if b.terrain in ("forest", "mountain", "marsh"):
        disadvantages["attacker"] += 1
    if b.naval_support:
        disadvantages[other(b.naval_support)] += 1
    if not b.adjacent and b.opposition in ("troops", "fortress"):
        disadvantages["defender"] += 1
    return Setup(
        kind="subjugation",
        forces={"attacker": b.subjugator, "defender": b.opponent},
        active="attacker",
        battlefield=1,
        fixed=True,
        single_die={"attacker": SUBJUGATOR, "defender": opponent_die},
        disadvantages=disadvantages,
        bonus=dict.fromkeys(SIDES, ("determined",)),
    )


def resolve(
    battle: Subjugation,
    decisions: dict | None,
    chance: Any,
    tables: CombatTables,
) -> SubjugationResult | Any:
    return run(lambda d: _resolve(battle, d, tables), decisions, chance)


def _resolve(battle: Subjugation, d: Decider, tables: CombatTables) -> SubjugationResult:
    s = setup(battle)
    fought = fight(s, d, tables)
    forces = s.forces
    eliminated: dict[Side, list[str]] = {x: [] for x in SIDES}
    dispersed: dict[Side, list[str]] = {x: [] for x in SIDES}
    if battle.opposition != "fortress":  # 13.5.5: no pursuit for either side against a fortress
        for side in SIDES:
            troops = forces[side].ids("troop")
            eliminated[side] = lose(
                d,
                f"eliminate.{side}",
                side,
                "eliminate",
                troops,
                min(fought.eliminations[side], removable(fought, side, troops, 0)),
            )
        for side in SIDES:  # 13.5.5: one disband result disperses a troop, two if a leader is present
            left = [u for u in forces[side].ids("troop") if u not in eliminated[side]]
            per_troop = 2 if forces[side].leaders else 1
            count = min(fought.disband_results[side] // per_troop, removable(fought, side, left, 0))
            dispersed[side] = lose(d, f"disperse.{side}", side, "disperse", left, count)
    forced: list[str] = []
    control: Side | None = "attacker" if fought.winner == "attacker" else None
    if control is None:  # 13.5.4: disperse one troop after a tie, two after a defeat, to gain control anyway
        need = 1 if fought.winner is None else 2
        left = [u for u in forces["attacker"].ids("troop") if u not in eliminated["attacker"] + dispersed["attacker"]]
        if len(left) >= need and d.one("force_control", "attacker", "force_control", [False, True], troops=need):
            forced = lose(d, "force_control.troops", "attacker", "disperse", left, need)
            dispersed["attacker"] = dispersed["attacker"] + forced
            control = "attacker"
    return SubjugationResult(
        kind="subjugation",
        fought=fought,
        eliminated=eliminated,
        dispersed=dispersed,
        leaders_eliminated={x: leaders_lost(forces[x], eliminated[x]) for x in SIDES},
        morale=morale(fought),
        veterans=dict.fromkeys(SIDES),
        unrest=dict.fromkeys(SIDES, 0),
        control=control,
        forced=forced,
    )
