"""Ultima Ratio Regis — land combats (13.3): battles between armies, sorties and relief battles included.

``resolve(battle, decisions, chance, tables)`` returns a ``Pending`` decision or the ``LandResult`` (combat_procedure.py
explains the replay). The attacker is the player conducting the impulse (13.3.2).
"""

from __future__ import annotations

from collections.abc import Callable
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
    veterans,
)
from engines.ultima_ratio.combat.forces import SIDES, Force, Side, other
from engines.ultima_ratio.combat_tables import CombatTables
from engines.ultima_ratio.map import Terrain

BATTLEFIELD = 4  # 13.3.4: "As a general rule, the battlefield in land combats is four dice"


@dataclass(frozen=True)
class LandBattle:
    """A land battle in an area of ``terrain``.

    ``rough_pass``: the attacker entered through a rough pass; ``amphibious``: the attacker makes an amphibious
    landing (12.3); ``sortie``: the attacker is a besieged force giving open battle to the besiegers (13.3.1);
    ``relief``: the attacker enters an area where a siege is taking place (13.3.5) and ``besieged`` are the
    besieged troops of its own power that join the fight (None if they do not); ``siege_casualties``: the besieged
    force's, in a sortie or when it joins a relief battle; ``naval_support``: the side a fleet supports after the
    naval interceptions (11.4.2); ``intercepted``: the attacker's movement was intercepted (a determined leader
    fights as a tactical one, 17.3.2); ``besieged_power``/``at_war_with_besieged``: in a relief battle, whose the
    besieged force is (13.3.5 withdrawals); ``main_map``: conscripts raise unrest only there (13.1.9)."""

    attacker: Force
    defender: Force
    terrain: Terrain = "open"
    rough_pass: bool = False
    amphibious: bool = False
    sortie: bool = False
    relief: bool = False
    besieged: Force | None = None
    siege_casualties: int = 0
    naval_support: Side | None = None
    intercepted: bool = False
    besieged_power: str | None = None
    at_war_with_besieged: bool = False
    main_map: bool = True


@dataclass(frozen=True)
class LandResult(Result):
    """``retreat``: the side whose army must retreat (13.3.6; the flow finds the areas, or disperses the army when
    there are none, or lets the defender retreat into its fortress); ``to_fortress``: the besieged units that
    fought in a lost relief battle and go back into the fortress (13.3.5); ``remain_besieged``: a lost sortie's
    survivors stay besieged; ``withdraw``: after a won relief battle, "all" (the attacker must withdraw its full
    force to the area it entered) or "any" (it may withdraw the troops it wants, the besieged included)."""

    retreat: Side | None = None
    to_fortress: list[str] = field(default_factory=list)
    remain_besieged: bool = False
    withdraw: Literal["all", "any"] | None = None


def marks(battle: LandBattle) -> tuple[int, ...] | None:
    """The sizes the defender may mark (13.3.4): from the lowest the circumstances allow up to four."""
    floors = [BATTLEFIELD]
    if battle.terrain == "forest":
        floors.append(3)
    if battle.terrain in ("marsh", "mountain") or battle.rough_pass:
        floors.append(2)
    if battle.amphibious:
        floors.append(3 if battle.terrain == "open" else 2)
    if (battle.sortie or battle.relief) and battle.terrain == "open":
        floors.append(3)
    low = min(floors)
    return tuple(range(low, BATTLEFIELD + 1)) if low < BATTLEFIELD else None


def attacking(battle: LandBattle) -> Force:
    """The attacker's force; in a relief battle the besieged who join fight with the relief army (13.3.5)."""
    if battle.besieged is None:
        return battle.attacker
    a, b = battle.attacker, battle.besieged
    return Force(
        a.power,
        a.units + b.units,
        a.leaders + b.leaders,
        a.advantages + b.advantages,
        a.disadvantages + b.disadvantages,
        a.battlefield_cards + b.battlefield_cards,
        a.rerolls + b.rerolls,
    )


def setup(battle: LandBattle) -> Setup:
    if battle.besieged is not None and not battle.relief:
        raise ValueError("besieged troops join only relief battles (13.3.5)")
    forces: dict[Side, Force] = {"attacker": attacking(battle), "defender": battle.defender}
    disadvantages: dict[Side, int] = {"attacker": 0, "defender": 0}
    if battle.terrain in ("mountain", "marsh"):
        disadvantages["attacker"] += 1
    if battle.naval_support:
        disadvantages[other(battle.naval_support)] += 1
    if battle.amphibious:
        disadvantages["attacker"] += 1
    if battle.sortie or battle.besieged is not None:
        disadvantages["attacker"] += battle.siege_casualties
    # 13.3.4: the defender's fortress rolls a Q3 die; a besieged fortress does not fight, as in sorties (nor, RULINGS,
    # in relief battles), and there it is on the attacker's side
    eligible: dict[Side, list[str]] = {
        s: [u.id for u in f.units if u.kind == "troop" or (u.kind == "fortress" and s == "defender")]
        for s, f in forces.items()
    }
    bonus: dict[Side, tuple[str, ...]] = {
        "attacker": ("tactical", "determined") if battle.intercepted else ("tactical",),
        "defender": ("tactical",),
    }
    return Setup(
        kind="land",
        forces=forces,
        active="attacker",
        battlefield=BATTLEFIELD,
        mark=marks(battle),
        eligible=eligible,
        conscript={s: bool(f.leaders) for s, f in forces.items()},
        disadvantages=disadvantages,
        bonus=bonus,
    )


def resolve(battle: LandBattle, decisions: dict | None, chance: Any, tables: CombatTables) -> LandResult | Any:
    return run(lambda d: _resolve(battle, d, tables), decisions, chance)


def _resolve(battle: LandBattle, d: Decider, tables: CombatTables) -> LandResult:
    s = setup(battle)
    fought = fight(s, d, tables)
    forces = s.forces
    troops = {side: [u for u in fought.fighters[side] if forces[side].unit(u).kind == "troop"] for side in SIDES}
    forts = {side: len(fought.fighters[side]) - len(troops[side]) for side in SIDES}
    eliminated: dict[Side, list[str]] = {}
    for side in SIDES:  # 13.1.7: eliminations first; fortresses cannot be eliminated in land battles (13.3.4)
        count = min(fought.eliminations[side], removable(fought, side, troops[side], forts[side]))
        eliminated[side] = lose(d, f"eliminate.{side}", side, "eliminate", troops[side], count)
    dispersed: dict[Side, list[str]] = {}
    for side in SIDES:  # 13.3.6: each disband result disperses a troop
        left = [u for u in troops[side] if u not in eliminated[side]]
        count = min(fought.disband_results[side], removable(fought, side, left, forts[side]))
        dispersed[side] = lose(d, f"disperse.{side}", side, "disperse", left, count)
    loser = fought.loser
    retreat: Side | None = loser
    if battle.sortie and loser == "attacker":
        retreat = None
    if battle.amphibious and fought.winner != "attacker":
        retreat = "attacker"  # 12.3.2: if the attacking forces do not win, the survivors retreat
    to_fortress: list[str] = []
    if battle.besieged is not None and loser == "attacker":
        gone = eliminated["attacker"] + dispersed["attacker"]
        to_fortress = [u for u in fought.fighters["attacker"] if u in battle.besieged.ids("troop") and u not in gone]
    withdraw: Literal["all", "any"] | None = None
    if battle.relief and fought.winner == "attacker" and battle.besieged_power is not None:
        if battle.besieged_power == battle.attacker.power:
            withdraw = "any"
        elif not battle.at_war_with_besieged:
            withdraw = "all"
    return LandResult(
        kind="land",
        fought=fought,
        eliminated=eliminated,
        dispersed=dispersed,
        leaders_eliminated=_leaders_lost(battle, eliminated),
        morale=morale(fought),
        veterans=veterans(d, fought, forces, eliminated),
        unrest=conscript_unrest(fought, forces, battle.main_map),
        control=fought.winner,
        retreat=retreat,
        to_fortress=to_fortress,
        remain_besieged=battle.sortie and loser == "attacker",
        withdraw=withdraw,
    )


def casus_belli(holder: str, nominal_owner: str, winner: str, at_war: Callable[[str, str], bool]) -> str | None:
    """13.3.7: the winner who takes control of an area ``holder`` held, whose nominal owner is a third power not at
    war with the winner, gives that owner a Casus Belli against it (the power that gets it, or None)."""
    if nominal_owner in (holder, winner) or at_war(nominal_owner, winner):
        return None
    return nominal_owner


def _leaders_lost(battle: LandBattle, eliminated: dict[Side, list[str]]) -> dict[Side, list[str]]:
    """Per stack: the relief army and the besieged who joined it are two stacks (13.3.5)."""
    attacker = leaders_lost(battle.attacker, eliminated["attacker"])
    if battle.besieged is not None:
        attacker += leaders_lost(battle.besieged, eliminated["attacker"])
    return {"attacker": attacker, "defender": leaders_lost(battle.defender, eliminated["defender"])}
