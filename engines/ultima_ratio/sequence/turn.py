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
from engines.ultima_ratio.cards import deck
from engines.ultima_ratio.diplomacy import war
from engines.ultima_ratio.economy import commerce
from engines.ultima_ratio.scenarios.base import scenario_of
from engines.ultima_ratio.sequence import new_powers


class Turn(Step):
    """One turn: 8.1 turn start, 8.2 half turn, 8.3 turn end; then the next turn or the end of the scenario."""

    goes_to = ("deploy", "merchants_enter", "half_turn", "turn_end")

    def auto(self, g: Ctx) -> None:
        f, s = g.frame, g.s
        if f["phase"] == "start":
            g.log("log.turn_start", turn=s["turn"], year=g.game.board.world.turn(s["turn"]).year, rule="turn_start")
            war.new_turn(s)  # 21.5.4: the forced peace is over
            scenario_of(g).turn_start(g)  # 8.1.1
            new_powers.enter_powers(g)  # 8.1.2
            for center in s["capacity"]:
                s["capacity"][center] = g.game.board.map.trade_capacity(center, s["turn"], s["section"])
            f["phase"] = "deploy"
        if f["phase"] == "deploy":
            for power, info in s["powers"].items():  # 8.1.2 / 24.: powers that (re)enter
                if info.get("to_deploy"):
                    todo = info.pop("to_deploy")
                    g.call("deploy", power=power, points=todo["points"], revolts=todo["revolts"])
                    return
            f["phase"] = "trade"
            if s["turn"] != s["first_turn"]:
                for info in s["areas"].values():  # 8.1.3: destroyed commercial ports work again
                    info["interrupted"] = False
                if any(n for c in s["merchants_prepared"].values() for n in c.values()):
                    g.call("merchants_enter")
                    return
        if f["phase"] == "trade":
            f["phase"] = "half"
            if deck.in_play(s):
                deck.build_deck(g)  # 8.1.4
            g.call("half_turn", impulse=0)
            return
        if f["phase"] == "half":
            f["phase"] = "end"
            g.call("turn_end", phase="wars")
            return
        if s["turn"] >= s["last_turn"]:
            scenario_of(g).game_end(g)
            return
        s["turn"] += 1
        f["phase"] = "start"


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
        return [st.seat_of(g.s, power)]

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
    the frame as ``<step>_due``. ``after_impulse``: every scenario's automata (the game's step table has them)."""

    def __init__(self, after_impulse: tuple[str, ...] = ()):
        self.goes_to = ("first_player", "impulse", *after_impulse)

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
            g.end(None)
            return
        f["impulse"] += 1
        for step in scenario.after_impulse:
            f[f"{step}_due"] = scenario.acts_after_impulse(s, step)
        order = s["seat_order"]
        seat = order[(f["impulse"] - 1) % len(order)]
        g.call("impulse", seat=seat, number=f["impulse"])


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
        return text("act.start", seat=arg[0], way=arg[1])

    def on_start(self, g: Ctx, role: str, arg: list) -> None:
        seats = sorted(g.s["seats"], key=lambda k: g.s["seats"][k]["order"])
        if arg[1] == "counterclockwise":
            seats.reverse()
        i = seats.index(arg[0])
        g.s["seat_order"] = seats[i:] + seats[:i]
        g.log("log.first_player", seat=arg[0], way=arg[1], rule="start_of_half_turn")
        g.end(None)


# action id -> (step, availability); each costs one action point


STEPS = {
    "turn": Turn(),
    "merchants_enter": MerchantsEnter(),
    "first_player": FirstPlayer(),
}
