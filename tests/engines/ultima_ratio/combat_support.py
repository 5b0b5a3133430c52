"""Helpers of the combat tests: chance from a scripted die list, and driving a combat through its decisions."""

from __future__ import annotations

from collections.abc import Sequence

from engines.core.chance import Chance, scripted
from engines.core.rng import seed_state
from engines.ultima_ratio.combat.combat_procedure import Pending
from engines.ultima_ratio.combat.forces import Force, Leader, Unit
from engines.ultima_ratio.combat_tables import packaged_tables

TABLES = packaged_tables()


def chance() -> Chance:
    return Chance({"rng": seed_state(1)})


def play(module, battle, decisions: dict, rolls: list[int]):
    """Resolve with every answer given and exactly ``rolls`` as the dice; a missing answer fails the test."""
    with scripted(rolls) as script:
        result = module.resolve(battle, decisions, chance(), TABLES)
    assert not isinstance(result, Pending), f"unanswered decision {result.key} {result.options}"
    assert script.used == len(rolls), f"{script.used} of {len(rolls)} dice rolled"
    return result


def ask(module, battle, decisions: dict, rolls: Sequence[int] = ()) -> Pending:
    """The next decision the combat asks for (with the scripted dice it may roll before)."""
    with scripted(list(rolls)):
        result = module.resolve(battle, decisions, chance(), TABLES)
    assert isinstance(result, Pending), "the combat asked for nothing"
    return result


def troops(prefix: str, *qualities: int, veteran: bool = False) -> tuple[Unit, ...]:
    return tuple(Unit(f"{prefix}{n}", "troop", q, veteran=veteran) for n, q in enumerate(qualities, 1))


def squadrons(prefix: str, *qualities: int) -> tuple[Unit, ...]:
    return tuple(Unit(f"{prefix}{n}", "squadron", q) for n, q in enumerate(qualities, 1))


def force(power: str, units, *abilities: str | None, **kw) -> Force:
    leaders = tuple(Leader(f"{power}-leader{n}", a) for n, a in enumerate(abilities, 1))
    return Force(power, tuple(units), leaders, **kw)
