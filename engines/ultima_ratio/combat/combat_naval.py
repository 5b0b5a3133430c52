"""Ultima Ratio Regis — naval combats (13.2): combats between fleets, piracy included (11.4-11.5).

``resolve(battle, decisions, chance, tables)`` returns a ``Pending`` decision or the ``NavalResult`` (combat_procedure.py
explains the replay). Sides are called attacker and defender only to name them: there is no difference between
them (13.2.2); ``active`` is the side whose impulse it is, which decides first (13.1.5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from engines.ultima_ratio.combat.combat_procedure import (
    Decider,
    Result,
    Setup,
    conscript_unrest,
    fight,
    leaders_lost,
    lose,
    morale,
    removable,
    run,
)
from engines.ultima_ratio.combat.forces import SIDES, Force, Side
from engines.ultima_ratio.combat_tables import CombatTables

NavalKind = Literal["tactical", "interception", "support", "piracy"]
# 13.2.4: tactical fleet actions 2; interceptions of strategic movements by sea 2; interceptions for the support of
# tactical operations of troops 3; piracy 1 (and it cannot be modified)
BATTLEFIELD: dict[str, int] = {"tactical": 2, "interception": 2, "support": 3, "piracy": 1}


@dataclass(frozen=True)
class NavalBattle:
    """``in_port``: the side whose squadron intercepts pirates from port (a disadvantage, 11.4.3, 13.2.3);
    ``commercial_port``: a commercial port not razed in the sea, which a conscript needs (13.1.9); ``main_map``:
    whether the sea is on the main map (conscripts raise unrest there)."""

    kind: NavalKind
    attacker: Force
    defender: Force
    active: Side = "attacker"
    in_port: Side | None = None
    commercial_port: bool = False
    main_map: bool = True


@dataclass(frozen=True)
class NavalResult(Result):
    """``damaged``: squadrons that retreat to their naval base under repair (13.2.5); ``to_base``: the loser's other
    squadrons, which retreat to their naval base on the operational side."""

    damaged: dict[Side, list[str]] = field(default_factory=dict)
    to_base: dict[Side, list[str]] = field(default_factory=dict)


def setup(battle: NavalBattle) -> Setup:
    forces: dict[Side, Force] = {"attacker": battle.attacker, "defender": battle.defender}
    for side, force in forces.items():
        if any(u.kind != "squadron" for u in force.units):
            raise ValueError(f"naval combat: the {side} has units that are not squadrons")
    return Setup(
        kind="naval",
        forces=forces,
        active=battle.active,
        battlefield=BATTLEFIELD[battle.kind],
        fixed=battle.kind == "piracy",
        eligible={s: [u.id for u in f.units if not u.damaged] for s, f in forces.items()},
        conscript={s: bool(f.leaders) and battle.commercial_port for s, f in forces.items()},
        disadvantages={battle.in_port: 1} if battle.in_port else {},
        bonus=dict.fromkeys(SIDES, ("admiral",)),
    )


def resolve(battle: NavalBattle, decisions: dict | None, chance: Any, tables: CombatTables) -> NavalResult | Any:
    return run(lambda d: _resolve(battle, d, tables), decisions, chance)


def _resolve(battle: NavalBattle, d: Decider, tables: CombatTables) -> NavalResult:
    s = setup(battle)
    fought = fight(s, d, tables)
    eliminated: dict[Side, list[str]] = {}
    for side in SIDES:  # 13.1.7: eliminated units first
        fighting = fought.fighters[side]
        count = min(fought.eliminations[side], removable(fought, side, fighting, 0))
        eliminated[side] = lose(d, f"eliminate.{side}", side, "eliminate", fighting, count)
    damaged: dict[Side, list[str]] = {}
    for side in SIDES:  # 13.2.5: every two disband results damage a squadron
        left = [u for u in fought.fighters[side] if u not in eliminated[side]]
        count = min(fought.disband_results[side] // 2, removable(fought, side, left, 0))
        damaged[side] = lose(d, f"damage.{side}", side, "damage", left, count)
    to_base = {
        side: [
            u.id
            for u in s.forces[side].units
            if side == fought.loser and not u.damaged and u.id not in eliminated[side] + damaged[side]
        ]
        for side in SIDES
    }
    return NavalResult(
        kind="naval",
        fought=fought,
        eliminated=eliminated,
        dispersed={side: [] for side in SIDES},
        leaders_eliminated={side: leaders_lost(s.forces[side], eliminated[side]) for side in SIDES},
        morale=morale(fought),
        veterans=dict.fromkeys(SIDES),
        unrest=conscript_unrest(fought, s.forces, battle.main_map),
        damaged=damaged,
        to_base=to_base,
    )
