"""Ultima Ratio Regis — the registry of the scenarios by id (a ``base.Scenario`` each), read by the game alone
(``game.py``), so that the generic rules import no scenario."""

from __future__ import annotations

from engines.ultima_ratio.scenarios.base import Scenario
from engines.ultima_ratio.scenarios.new_order import NewOrder
from engines.ultima_ratio.scenarios.rise_of_portugal import RiseOfPortugal

SCENARIOS: dict[str, Scenario] = {s.id: s for s in (RiseOfPortugal(), NewOrder())}
# offered at a table: the scenarios whose every rule is played (9.2's diplomacy and VP are not yet: ENGINE.md)
PLAYABLE = ("the-rise-of-portugal",)
