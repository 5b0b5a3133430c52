"""Ultima Ratio Regis — the registry of the scenarios by id (a ``base.Scenario`` each), read by the game alone
(``game.py``), so that the generic rules import no scenario."""

from __future__ import annotations

from engines.ultima_ratio.scenarios.base import Scenario
from engines.ultima_ratio.scenarios.new_order import NewOrder
from engines.ultima_ratio.scenarios.rise_of_portugal import RiseOfPortugal

SCENARIOS: dict[str, Scenario] = {s.id: s for s in (RiseOfPortugal(), NewOrder())}
# offered at a table (issue 27): 9.1, and 9.2 at 3-6 players while its last rules are written (ENGINE.md › Not yet;
# README names what 9.2 does not play yet)
PLAYABLE = ("the-rise-of-portugal", "new-order")
