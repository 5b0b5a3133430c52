"""Ultima Ratio Regis — the scenario seam: what a scenario of Playbook 9 adds to the generic rules.

Each scenario's own rules (its set-up, the special rules of its turns, its automata such as 9.1's Emirates, its VP
rules, its verdict or winner) live in one module of ``scenarios/`` behind this class; the generic turn asks the
state's scenario (``scenario_of(g)``) at named moments and never names a scenario. A hook's default is "no rule of
its own at this moment": the generic rules alone. The registry of the scenarios by id is ``scenarios/__init__.py``,
read only by the game (``game.py``); ENGINE.md › Scenarios states the contract.
"""

from __future__ import annotations

from typing import ClassVar, Protocol, cast

from engines.core.machine import Ctx, Step
from engines.ultima_ratio.board import Board


class Scenario:
    """One scenario's rules. ``id`` is its id in ``scenarios.yaml``; ``steps`` its own steps (merged into the game's
    step table: their names must not clash with the generic ones); ``after_impulse`` those of its steps that act
    when an impulse ends (its automata), in this order."""

    id: ClassVar[str] = ""
    steps: ClassVar[dict[str, Step]] = {}
    after_impulse: ClassVar[tuple[str, ...]] = ()
    # 22: the power cards' and allied minors' objectives score at the end of each turn (a scenario may have VP
    # rules of its own instead: 9.1, RULINGS 9.1 VP sources)
    card_objectives: ClassVar[bool] = True

    # ----- set-up (7, 24) and the end of the game ------------------------------------------------------------------
    def set_up(self, g: Ctx, board: Board) -> None:
        """7.2 / 24: fill the fresh state (``deployment.prepare`` with the scenario's areas, markers and rules)."""
        raise TypeError(f"{type(self).__name__} ({self.id or 'no module yet'}) must define set_up()")

    def game_end(self, g: Ctx) -> None:
        """After the last turn's end (23.4): the verdict or the winner, through ``g.finish``."""
        raise TypeError(f"{type(self).__name__} ({self.id or 'no module yet'}) must define game_end()")

    # ----- the turn (8) ----------------------------------------------------------------------------------------------
    def turn_start(self, g: Ctx) -> None:
        """8.1.1: the special rules of the turn now starting, before new powers enter (8.1.2)."""

    def turn_effects(self, g: Ctx) -> list[dict]:
        """8.1.1: the effects of the turn's special rules that the generic turn applies after ``turn_start`` (as an
        event's, by the step ``turn_special_rules``); none by default."""
        return []

    def impulses_per_turn(self, s: dict) -> int | None:
        """A scenario played without cards: the impulses of its half turn; None: the cards decide (8.2: until no
        player has cards left)."""
        return None

    def actions_per_impulse(self, s: dict, seat: str) -> dict[str, int] | None:
        """A scenario played without cards: the seat's actions per power in an impulse; None: those of a player
        with or without cards (8.2.2, 8.2.3)."""
        return None

    def acts_after_impulse(self, s: dict, step: str) -> bool:
        """Whether the automaton ``step`` (one of ``after_impulse``) acts when the impulse now starting ends."""
        return False

    # ----- moments inside an impulse ---------------------------------------------------------------------------------
    def on_control(self, g: Ctx, power: str, area: str, before: str | None) -> None:
        """The power took control of the area (18.2.2, 13.5.6; ``before``: the former controller): VP of possession
        counted during impulses, automata that leave the game."""

    def interceptors(self, g: Ctx, power: str, sea: str, target: str | None) -> list[str]:
        """11.4.1: the automata's squadrons that intercept ``power`` entering ``sea`` (on the way to ``target``
        when it lands); they always intercept, unasked."""
        return []

    def supporters(self, g: Ctx, area: str) -> list[str]:
        """11.4.2: the automata's squadrons that support the defender of ``area``, unasked."""
        return []

    # ----- the end of the turn (22, 23) ------------------------------------------------------------------------------
    def end_of_turn_vp(self, g: Ctx) -> None:
        """22 / 23: the scenario's own VP at the end of the turn, after the seats' bonus and trade."""


NO_RULES_OF_ITS_OWN = Scenario()
"""A scenario without a module yet (only positions built by hand reach it: ``Options`` offers the playable ones):
the generic rules alone."""


class HoldsScenarios(Protocol):
    def scenario(self, scenario_id: str) -> Scenario: ...


def scenario_of(g: Ctx) -> Scenario:
    """The rules of the state's scenario (the game holds the registry: the generic rules import no scenario)."""
    return cast(HoldsScenarios, g.game).scenario(g.s["scenario"])
