"""Ultima Ratio Regis — the forces in a combat (13.1, 4.1, 17.3.2): the units and leaders each side brings, what
cards and events give it, and a battle record's plain JSON data (``as_data``, ``from_data``). Read by every combat
type (combat_procedure and the modules it names) and by the flow that keeps a battle in the state.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

import orjson

Side = Literal["attacker", "defender"]
SIDES: tuple[Side, Side] = ("attacker", "defender")
Kind = Literal["troop", "squadron", "fortress"]
# 17.3.2: "if there are several, the commander is chosen following the order in this list"
ABILITIES = ("tactical", "admiral", "determined", "creative", "organizer")
REDUCE = ":-1"  # a battlefield card whose id ends so only reduces the size by one ("Bad weather", reconstructed)


class CombatError(ValueError):
    """A decision or an input the rules do not allow."""


def other(side: Side) -> Side:
    return "defender" if side == "attacker" else "attacker"


# ---------------------------------------------------------------------------------------------- inputs
@dataclass(frozen=True)
class Unit:
    """A troop, squadron or fortress (4.1). ``quality`` is the number printed on its current face (a veteran troop's
    veteran face); a fortress fights as Q3 (13.3.4, 13.4.4). A damaged squadron is under repair (13.2.5)."""

    id: str
    kind: Kind
    quality: int = 3
    veteran: bool = False
    damaged: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.quality <= 4:
            raise CombatError(f"unit {self.id}: quality {self.quality} is not 1-4")


@dataclass(frozen=True)
class Leader:
    """A leader (17.): ``ability`` is the rulebook's word for an extraordinary leader's ability, None if ordinary."""

    id: str
    ability: str | None = None

    def __post_init__(self) -> None:
        if self.ability is not None and self.ability not in ABILITIES:
            raise CombatError(f"leader {self.id}: unknown ability {self.ability!r}")


@dataclass(frozen=True)
class Force:
    """One side's force: its units present (fighting or not), leaders, and what combat cards and events give it:
    ``advantages``/``disadvantages`` (13.1.2), ``battlefield_cards`` (cards that change the battlefield by one,
    like "Flanking", 13.1.4; one ending in ``REDUCE`` only reduces it), in the order they are played, and
    ``rerolls`` (cards that reroll one of the side's dice after the roll). ``power`` is None for rebels and
    independents."""

    power: str | None
    units: tuple[Unit, ...] = ()
    leaders: tuple[Leader, ...] = ()
    advantages: int = 0
    disadvantages: int = 0
    battlefield_cards: tuple[str, ...] = ()
    rerolls: int = 0

    def commander(self) -> str | None:
        """The ability of the commander: the first in 17.3.2's list among the leaders present
        (``leaders.commanding_ability``)."""
        from engines.ultima_ratio.leaders.leader_rules import commanding_ability

        return commanding_ability((leader.ability for leader in self.leaders), ABILITIES)

    def unit(self, unit_id: str) -> Unit:
        return next(u for u in self.units if u.id == unit_id)

    def ids(self, *kinds: Kind) -> list[str]:
        return [u.id for u in self.units if u.kind in kinds]


def as_data(battle: Any) -> dict:
    """A battle record (or a force) as plain JSON data (tuples become lists), for the flow to keep in the state: its
    fields in their order, as ``dataclasses.asdict`` gives them, through the fast JSON library."""
    data: dict = orjson.loads(orjson.dumps(battle, option=orjson.OPT_NON_STR_KEYS))
    return data


def from_data(cls: type, data: dict) -> Any:
    """The battle record of class ``cls`` back from ``as_data``."""
    values = {}
    for f in dataclasses.fields(cls):
        value = data[f.name]
        if "Force" in str(f.type) and value is not None:
            value = Force(
                value["power"],
                tuple(Unit(**u) for u in value["units"]),
                tuple(Leader(**x) for x in value["leaders"]),
                value["advantages"],
                value["disadvantages"],
                tuple(value["battlefield_cards"]),
                value["rerolls"],
            )
        values[f.name] = value
    return cls(**values)
