"""Ultima Ratio Regis — the counters the pure rule modules (leaders, logistics, veterans, end of turn,
repatriation) read and return, as plain JSON-able dicts (rulebook "4. Counters"), and the small "pending
decision" they hand to the flow where a rule leaves the player a choice.

A flow keeps units and leaders in its state however it likes and passes these shapes in; every function of the
rule modules returns new dicts and never mutates its inputs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, TypedDict, TypeVar

T = TypeVar("T")

UnitKind = Literal["troop", "squadron", "fortress"]


class Unit(TypedDict):
    """A military unit (4.1) of a major or minor power.

    ``at``: the area, the sea, or the dispersion box (``dispersed`` true) where it is. ``quality``: the number on
    its regular (troop), operational (squadron) side: 2 or 3 (I2/I3, E2/E3); fortresses 3. ``veteran``: a troop on
    its veteran side (16.), whose quality is one more. ``besieged``: in an area with an established siege.
    ``base``: a squadron at sea, the port it operates from (11.1). ``operational``: False for a squadron in repair
    or a fortress under construction (9.2-9.4).
    """

    id: str
    power: str
    kind: UnitKind
    at: str
    quality: int
    veteran: bool
    besieged: bool
    dispersed: bool
    base: str | None
    operational: bool


class Leader(TypedDict):
    """A leader counter on the map (17.): always attached to one unit (``unit``), on its ordinary or extraordinary
    side."""

    id: str
    power: str
    unit: str
    extraordinary: bool


def unit(
    id: str,
    power: str,
    kind: UnitKind = "troop",
    at: str = "",
    *,
    quality: int = 2,
    veteran: bool = False,
    besieged: bool = False,
    dispersed: bool = False,
    base: str | None = None,
    operational: bool = True,
) -> Unit:
    """A unit dict with the defaults of a regular, operational unit."""
    return Unit(
        id=id,
        power=power,
        kind=kind,
        at=at,
        quality=quality,
        veteran=veteran,
        besieged=besieged,
        dispersed=dispersed,
        base=base,
        operational=operational,
    )


def strength(troop: Unit) -> int:
    """The quality the troop fights with: its regular number, one more on its veteran side (4.1, 16.)."""
    return troop["quality"] + (1 if troop["veteran"] else 0)


class Chance(Protocol):
    """What the rule modules draw from: ``engines.core.chance.Chance`` (or ``Ctx``) satisfies it."""

    def roll(self, sides: int = 6) -> int: ...
    def randbelow(self, n: int) -> int: ...
    def choice(self, items: Sequence[T]) -> T: ...


@dataclass(frozen=True)
class Decision:
    """A choice the rules leave to the player of ``power``: pick exactly ``count`` of ``options`` (``at_most``:
    up to ``count``). The flow turns it into atomic steps and calls the module's function with the picks.

    ``kind`` names the rule ("disperse_overstack", "lose_veterans", "place_revolts", ...); ``rule`` is the
    section; ``at`` where it happens, when it matters."""

    kind: str
    power: str
    count: int
    options: tuple[str, ...]
    rule: str
    at: str | None = None
    at_most: bool = False
    extra: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        """JSON-able, for a flow that keeps the pending decision in its state (``from_dict`` reads it back)."""
        return {
            "kind": self.kind,
            "power": self.power,
            "count": self.count,
            "options": list(self.options),
            "rule": self.rule,
            "at": self.at,
            "at_most": self.at_most,
            "extra": dict(self.extra),
        }

    @classmethod
    def from_dict(cls, data: dict) -> Decision:
        return cls(**{**data, "options": tuple(data["options"])})

    def check(self, picks: Sequence[str]) -> None:
        """Raise ``RuleError`` unless ``picks`` answers this decision."""
        if len(set(picks)) != len(picks):
            raise RuleError(f"{self.kind}: the same option is picked twice")
        if not set(picks) <= set(self.options):
            raise RuleError(f"{self.kind}: {sorted(set(picks) - set(self.options))} are not options")
        if (len(picks) > self.count) if self.at_most else (len(picks) != self.count):
            want = f"up to {self.count}" if self.at_most else f"exactly {self.count}"
            raise RuleError(f"{self.kind}: pick {want}, not {len(picks)}")


class RuleError(ValueError):
    """A move the rules do not allow (the message says which rule)."""
