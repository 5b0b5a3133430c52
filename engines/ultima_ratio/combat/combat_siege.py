"""Ultima Ratio Regis — siege combat (13.4): each assault of a besieging force on the defenders of a fortress.

``resolve(battle, decisions, chance, tables)`` returns a ``Pending`` decision or the ``SiegeResult`` (combat_procedure.py
explains the replay). The besieger is the attacker and the besieged the defender (13.4.2); the fortress is one of
the besieged's units (kind "fortress") and fights like a Q3 troop (13.4.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
    veterans,
)
from engines.ultima_ratio.combat.forces import SIDES, Force, Side, other
from engines.ultima_ratio.combat_tables import CombatTables

BATTLEFIELD = 3  # 13.4.4: "As a general rule, the battlefield in siege battles is three dice"


@dataclass(frozen=True)
class SiegeBattle:
    """``siege_casualties``: those the besieged has accumulated before this battle (13.4.2); ``naval_support``: the
    side a fleet supports after the naval interceptions (11.4.2), which may change the battlefield by one
    (13.4.4); ``main_map``: conscripts raise unrest only there (13.1.9)."""

    besieger: Force
    besieged: Force
    siege_casualties: int = 0
    naval_support: Side | None = None
    main_map: bool = True


@dataclass(frozen=True)
class SiegeResult(Result):
    """``siege_casualties``: the besieged's after the battle (0 once the siege ends); ``capitulation``: None, or
    "voluntary" (announced before the dice, 13.4.5), "casualties" (more siege casualties than troops left in the
    fortress) or "fortress" (the fortress was eliminated); then the besieger gains control, the fortress is
    destroyed (``fortress_destroyed``) and the surviving besieged troops are dispersed (in ``dispersed``);
    ``siege_ended``: the besieging force was completely eliminated or dispersed, or the besieged capitulated."""

    siege_casualties: int = 0
    capitulation: str | None = None
    fortress_destroyed: str | None = None
    siege_ended: bool = False


def setup(battle: SiegeBattle) -> Setup:
    forces: dict[Side, Force] = {"attacker": battle.besieger, "defender": battle.besieged}
    if any(u.kind != "troop" for u in battle.besieger.units):
        raise ValueError("siege: the besieging force is troops (13.4.2)")
    if [u.kind for u in battle.besieged.units].count("fortress") != 1:
        raise ValueError("siege: the besieged hold one fortress (13.4)")
    disadvantages: dict[Side, int] = {"attacker": 0, "defender": battle.siege_casualties}
    if battle.naval_support:
        disadvantages[other(battle.naval_support)] += 1
    return Setup(
        kind="siege",
        forces=forces,
        active="attacker",
        battlefield=BATTLEFIELD,
        fleet=battle.naval_support,
        eligible={s: [u.id for u in f.units] for s, f in forces.items()},
        conscript={"attacker": True, "defender": True},  # 13.1.9: no leader needed in sieges
        disadvantages=disadvantages,
        bonus=dict.fromkeys(SIDES, ("tactical",)),
    )


def resolve(battle: SiegeBattle, decisions: dict | None, chance: Any, tables: CombatTables) -> SiegeResult | Any:
    return run(lambda d: _resolve(battle, d, tables), decisions, chance)


def _capitulates(d: Decider) -> bool:
    return d.one("capitulate", "defender", "capitulate", [False, True])


def _resolve(battle: SiegeBattle, d: Decider, tables: CombatTables) -> SiegeResult:
    s = setup(battle)
    forces = s.forces
    fortress = battle.besieged.ids("fortress")[0]
    fought = fight(s, d, tables, before_roll=lambda: _capitulates(d))
    if fought is None:
        return _capitulation(battle, s, None, {x: [] for x in SIDES}, {x: [] for x in SIDES}, "voluntary", d)
    fighting = fought.fighters
    eliminated: dict[Side, list[str]] = {}
    besieger = fighting["attacker"]
    eliminated["attacker"] = lose(
        d,
        "eliminate.attacker",
        "attacker",
        "eliminate",
        besieger,
        min(fought.eliminations["attacker"], removable(fought, "attacker", besieger, 0)),
    )
    # 13.4.5 / 13.1.7: the fortress is eliminated only if there are no troops left to be eliminated
    troops = [u for u in fighting["defender"] if u != fortress]
    count = min(fought.eliminations["defender"], removable(fought, "defender", fighting["defender"], 0))
    eliminated["defender"] = lose(d, "eliminate.defender", "defender", "eliminate", troops, min(count, len(troops)))
    if count > len(troops) and fortress in fighting["defender"]:
        eliminated["defender"].append(fortress)
    # 13.4.2: every two disband results disperse a besieger troop or add a siege casualty; the loser of a battle
    # that was no tie disperses at least one troop (or takes at least one siege casualty)
    loser = fought.loser
    left = [u for u in besieger if u not in eliminated["attacker"]]
    count = fought.disband_results["attacker"] // 2
    if loser == "attacker":
        count = max(count, 1)
    dispersed: dict[Side, list[str]] = {
        "attacker": lose(
            d, "disperse.attacker", "attacker", "disperse", left, min(count, removable(fought, "attacker", left, 0))
        ),
        "defender": [],
    }
    added = fought.disband_results["defender"] // 2
    if loser == "defender":
        added = max(added, 1)
    casualties = battle.siege_casualties + added
    remaining = [u for u in battle.besieged.ids("troop") if u not in eliminated["defender"]]
    reason = "fortress" if fortress in eliminated["defender"] else "casualties" if casualties > len(remaining) else None
    if reason:
        return _capitulation(battle, s, fought, eliminated, dispersed, reason, d)
    gone = eliminated["attacker"] + dispersed["attacker"]
    ended = all(u in gone for u in battle.besieger.ids("troop"))
    return SiegeResult(
        kind="siege",
        fought=fought,
        eliminated=eliminated,
        dispersed=dispersed,
        leaders_eliminated={x: leaders_lost(forces[x], eliminated[x]) for x in SIDES},
        morale=morale(fought),
        veterans=veterans(d, fought, forces, eliminated),
        unrest=conscript_unrest(fought, forces, battle.main_map),
        siege_casualties=0 if ended else casualties,
        siege_ended=ended,
    )


def _capitulation(
    battle: SiegeBattle, s: Setup, fought, eliminated: dict, dispersed: dict, reason: str, d: Decider
) -> SiegeResult:
    """13.4.5: the besieger gains control, the fortress is destroyed, the surviving besieged troops are
    dispersed and the siege casualty markers are removed."""
    fortress = battle.besieged.ids("fortress")[0]
    survivors = [u for u in battle.besieged.ids("troop") if u not in eliminated["defender"]]
    dispersed = {**dispersed, "defender": survivors}
    gone = {**eliminated, "defender": eliminated["defender"] + [fortress]}
    return SiegeResult(
        kind="siege",
        fought=fought,
        eliminated=eliminated,
        dispersed=dispersed,
        leaders_eliminated={x: leaders_lost(s.forces[x], gone[x]) for x in SIDES},
        morale=None if fought is None else morale(fought),
        veterans=dict.fromkeys(SIDES) if fought is None else veterans(d, fought, s.forces, eliminated),
        unrest=dict.fromkeys(SIDES, 0) if fought is None else conscript_unrest(fought, s.forces, battle.main_map),
        control="attacker",
        siege_casualties=0,
        capitulation=reason,
        fortress_destroyed=fortress,
        siege_ended=True,
    )
