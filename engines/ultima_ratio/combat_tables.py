"""Ultima Ratio Regis — the dice categories (13.1.1) and the combat table (13.1.6) as data (``data/combat.yaml``).

The game's content loader lists ``COMBAT_FILES`` with its other files so that an owner's copy replaces the packaged
one; ``packaged_tables()`` reads the packaged copy (tests, and callers without an owner folder).
"""

from __future__ import annotations

import pathlib
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core.content import read_yaml, validate

GAME_ID = "ultima-ratio-regis"
DATA = pathlib.Path(__file__).resolve().parent / "data"
Source = Literal["rulebook", "reconstructed"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DieCategory(_Model):
    """One category of die: the result each natural face (1..6) gives (13.1.1)."""

    category: int = Field(ge=1, le=4)
    source: Source
    results: tuple[int, int, int, int, int, int]
    colour: str


class TableRow(_Model):
    """A row of the combat table: the results it covers, their battle points and whether they score a casualty."""

    results: list[int]
    battle_points: int = Field(ge=0)
    casualty: bool
    source: Source


class CombatTables(_Model):
    dice: list[DieCategory]
    table: list[TableRow]

    @model_validator(mode="after")
    def _complete(self) -> CombatTables:
        if sorted(d.category for d in self.dice) != [1, 2, 3, 4]:
            raise ValueError("the dice must give each category 1-4 once")
        covered = sorted(r for row in self.table for r in row.results)
        if covered != [1, 2, 3, 4, 5, 6]:
            raise ValueError(f"the combat table must cover the results 1-6 once each, not {covered}")
        for die in self.dice:
            if any(not 1 <= r <= 6 for r in die.results):
                raise ValueError(f"Q{die.category}: results must be 1-6")
        return self

    def result(self, category: int, roll: int) -> int:
        """The result of a natural ``roll`` on a die of ``category`` (13.1.1)."""
        return next(d for d in self.dice if d.category == category).results[roll - 1]

    def row(self, result: int) -> TableRow:
        return next(row for row in self.table if result in row.results)


COMBAT_FILES = {"combat.yaml": CombatTables}


def packaged_tables() -> CombatTables:
    path = DATA / "combat.yaml"
    return validate(CombatTables, read_yaml(path, GAME_ID), GAME_ID, path)
