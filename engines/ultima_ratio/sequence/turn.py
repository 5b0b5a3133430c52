"""Ultima Ratio Regis — 8. Game sequence: the turn start (8.1: special rules, new powers 8.1.2, trade adjustments
8.1.3, the deck 8.1.4), the half turn (8.2: the first-player choice 8.2.1, then impulse after impulse — each one
``impulse.py``'s) and the turn end (8.3, which is chapter 23: ``end_of_turn/turn_end.py``).

In a game with cards (``deck.in_play``) the deck is built and dealt at 8.1.4 (``cards/deck.py``) and the half turn
lasts until no player has cards left.
A scenario played without cards (9.1, l. 1920) gives its own counts of impulses and actions
(``Scenario.impulses_per_turn`` / ``actions_per_impulse``); the scenario's special rules of a turn, its automata after
an impulse and its end are its hooks (``scenarios/base.py``).
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.cards import deck
from engines.ultima_ratio.diplomacy import minor_status, war
from engines.ultima_ratio.economy import commerce
from engines.ultima_ratio.preparation import deployment
from engines.ultima_ratio.scenarios.base import scenario_of
from engines.ultima_ratio.sequence import new_powers, turn_special_rules


class TurnStart(Step):
    """8.1 "Turn start": the turn's log, the forced peace of last turn over (21.5.4), the scenario's special rules
    (8.1.1), the new major powers (8.1.2, ``new_powers``), the trade centers' capacities of the turn. The turn's
    parts are named steps chained by ``g.goto``: ``turn_start`` → ``deploy_new_powers`` (8.1.2) →
    ``trade_adjustments`` (8.1.3) → ``card_deal`` (8.1.4) → ``half_turn`` (8.2) → ``turn_end`` … (8.3, chapter 23)
    → ``next_turn``."""

    goes_to = ("turn_special_rules", "deploy_new_powers")

    def auto(self, g: Ctx) -> None:
        s = g.s
        g.log("log.turn_start", turn=s["turn"], year=board_of(g).world.turn(s["turn"]).year, rule="turn_start")
        war.new_turn(s)  # 21.5.4: the forced peace is over
        scenario_of(g).turn_start(g)  # 8.1.1
        effects = scenario_of(g).turn_effects(g)
        if effects:
            turn_special_rules.apply_effects(g, effects)  # back in resume when they are applied
            return
        self.resume(g, None)

    def resume(self, g: Ctx, result: Any) -> None:
        s = g.s
        new_powers.enter_powers(g)  # 8.1.2
        if scenario_of(g).card_objectives:  # 22 "Pass to posses": what each power possessed as the turn began
            s["possessed_at_start"] = {p: st.possessions(s, p) for p in s["powers"]}
        for center in s["capacity"]:
            s["capacity"][center] = board_of(g).map.trade_capacity(center, s["turn"], s["section"])
        g.goto("deploy_new_powers")


class DeployNewPowers(Step):
    """8.1.2 / 24: the minors of the rows of the powers that (re)enter this turn, allied with another power, change
    ally first (``minor_alliance``, RULINGS NP-1), and the powers after a dynastic change place their R3 revolts
    (23.3, ``deploy_revolts``); then those powers deploy their points, every player at once (7.2 ¶2,
    ``deployment.Deploy``); then the trade adjustments."""

    goes_to = ("minor_alliance", "deploy_revolts", "deploy", "trade_adjustments")

    def auto(self, g: Ctx) -> None:
        entering = [power for power, info in g.s["powers"].items() if "to_deploy" in info]
        for power in entering:
            change = new_powers.allies_to_change(g, power)
            if change:  # 24.'s allies of its row: a minor allied with another power changes ally (20.4.2)
                minor_status.ally(g, change[0], power, "deployment")
                return
            if deployment.place_revolts(g, power):
                return
        if entering:
            g.call("deploy")
            return
        g.goto("trade_adjustments")


class TradeAdjustments(Step):
    """8.1.3 "Trade adjustments" (not in the first turn): destroyed commercial ports work again, and the merchants
    prepared last turn enter their trade centers or are removed (``merchants_enter``)."""

    goes_to = ("merchants_enter", "card_deal")

    def auto(self, g: Ctx) -> None:
        s = g.s
        if s["turn"] != s["first_turn"]:
            for info in s["areas"].values():  # 8.1.3: destroyed commercial ports work again
                info["interrupted"] = False
            if any(n for c in s["merchants_prepared"].values() for n in c.values()):
                g.call("merchants_enter")
                return
        g.goto("card_deal")

    def resume(self, g: Ctx, result: Any) -> None:
        g.goto("card_deal")


class CardDeal(Step):
    """8.1.4: in a game with cards the deck is built and dealt (``cards/deck.py``); then the half turn (8.2)."""

    goes_to = ("half_turn",)

    def auto(self, g: Ctx) -> None:
        if deck.in_play(g.s):
            deck.build_deck(g)  # 8.1.4
        g.goto("half_turn", impulse=0)


class NextTurn(Step):
    """After the turn end (8.3): the next turn begins (``turn_start``), or, after the last one, the scenario ends
    (its ``game_end``: 22, 23.4)."""

    goes_to = ("turn_start",)

    def auto(self, g: Ctx) -> None:
        s = g.s
        if s["turn"] >= s["last_turn"]:
            scenario_of(g).game_end(g)
            return
        s["turn"] += 1
        g.goto("turn_start")


class MerchantsEnter(Step):
    """8.1.3 / 19.2.2: the merchants prepared last turn enter their trade centers, or are removed."""

    goes_to = ()

    def _pending(self, g: Ctx) -> list[list[str]]:
        return [
            [center, power]
            for center, byp in sorted(g.s["merchants_prepared"].items())
            for power, n in sorted(byp.items())
            if n
        ]

    def active(self, g: Ctx) -> list[str]:
        _center, power = self._pending(g)[0]
        return [st.player_of(g.s, power)]

    def prompt(self, g: Ctx, role: str):
        center, power = self._pending(g)[0]
        return text("prompt.merchants_enter", center=center, power=power), {"enter": [center], "remove": [center]}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.merchant_{verb}", arg=arg)

    def _take(self, g: Ctx) -> tuple[str, str, int]:
        center, power = self._pending(g)[0]
        count = g.s["merchants_prepared"][center].pop(power)
        if not g.s["merchants_prepared"][center]:
            del g.s["merchants_prepared"][center]
        return center, power, count

    def on_enter(self, g: Ctx, role: str, arg: str) -> None:
        center, power, count = self._take(g)
        commerce.enter_merchant(g, power, center, count)
        self._next(g)

    def on_remove(self, g: Ctx, role: str, arg: str) -> None:
        center, power, _count = self._take(g)
        g.log("log.merchant_removed", power=power, center=center, rule="merchants")
        self._next(g)

    def _next(self, g: Ctx) -> None:
        if not self._pending(g):
            g.end(None)


class HalfTurn(Step):
    """8.2: impulses one after another, until no player has cards left (or, played without cards, the scenario's
    count: 9.1 has 3, l. 1920). When an impulse ends the scenario's automata act (``Scenario.after_impulse``: 9.1's
    Emirates after each Portuguese impulse, l. 1931); whether each acts is settled as the impulse starts and kept in
    the frame as ``<step>_due``. ``after_impulse``: every scenario's automata (the game's step table has them).
    Then the turn end (8.3: ``turn_end``)."""

    def __init__(self, after_impulse: tuple[str, ...] = ()):
        self.goes_to = ("first_player", "impulse", "turn_end", *after_impulse)

    def auto(self, g: Ctx) -> None:
        f, s = g.frame, g.s
        scenario = scenario_of(g)
        if f["impulse"] == 0 and len(s["seats"]) > 1 and "first" not in f:
            f["first"] = True
            g.call("first_player")
            return
        for step in scenario.after_impulse:
            if f.get(f"{step}_due"):
                f[f"{step}_due"] = False
                g.call(step)
                return
        count = None if deck.in_play(s) else scenario.impulses_per_turn(s)
        if (f["impulse"] >= count) if count is not None else (f["impulse"] > 0 and deck.hands_empty(s)):
            g.goto("turn_end")  # 8.3
            return
        f["impulse"] += 1
        for step in scenario.after_impulse:
            f[f"{step}_due"] = scenario.acts_after_impulse(s, step)
        order = s["seat_order"]
        seat = order[(f["impulse"] - 1) % len(order)]
        g.call("impulse", seat=seat, number=f["impulse"])


def impulse_order(s: dict, first: str, way: str) -> list[str]:
    """8.2.1: the seats in impulse order from ``first``, round the table one way; clockwise is the order they sit
    in, not the game order (7.1.1)."""
    seats = st.sitting(s)
    if way == "counterclockwise":
        seats.reverse()
    i = seats.index(first)
    return seats[i:] + seats[:i]


class FirstPlayer(Step):
    """8.2.1: the player with the least VP (ties: the lower player number) chooses who starts and the direction."""

    goes_to = ()

    def _chooser(self, g: Ctx) -> str:
        seats = g.s["seats"]
        return min(seats, key=lambda k: (seats[k]["vp"], seats[k]["order"]))

    def active(self, g: Ctx) -> list[str]:
        return [self._chooser(g)]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.first_player"), {
            "start": [[seat, way] for seat in g.s["seats"] for way in ("clockwise", "counterclockwise")]
        }

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        """The choice with the order of the impulses it makes: the sitting order is nowhere else to be read."""
        return text("act.start", seat=arg[0], way=arg[1], order=impulse_order(g.s, arg[0], arg[1]))

    def on_start(self, g: Ctx, role: str, arg: list) -> None:
        g.s["seat_order"] = impulse_order(g.s, arg[0], arg[1])
        g.log("log.first_player", seat=arg[0], way=arg[1], rule="start_of_half_turn")
        g.end(None)


# action id -> (step, availability); each costs one action point


STEPS = {
    "turn_start": TurnStart(),
    "deploy_new_powers": DeployNewPowers(),
    "trade_adjustments": TradeAdjustments(),
    "card_deal": CardDeal(),
    "next_turn": NextTurn(),
    "merchants_enter": MerchantsEnter(),
    "first_player": FirstPlayer(),
}
