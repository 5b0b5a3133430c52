"""Ultima Ratio Regis — 19.3 Technology: the auction a technology card starts (19.3.1) and what the technology
gives its winner (the card's text, ``events.yaml``).

The state keeps ``cards.technologies`` {power: [technology]} in a game with cards. Siege, land and naval
technology last the rest of the turn (19.3: "the advantage is lost at the end of the turn"; they are cleared when
the next turn's deck is built); industrial technology lasts the game (its duration is not limited, RULINGS C-6).
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.economy.unrest import change_unrest

TURN_ONLY = ("siege", "land", "naval")
# the combats each technology gives an advantage in, and the side that has it there (None: either)
IN_COMBAT = {"land": ("land", None), "naval": ("naval", None), "siege": ("siege", "attacker")}


def bid_limit(s: dict, board, power: str) -> int:
    """19.3.1: "the maximum number of points it can bet is its vitality. This limit is decreased by each unrest
    point exceeding its vitality"."""
    vitality = board.power(power).vitality
    return vitality - max(0, s["powers"][power]["unrest"] - vitality)


def advantages(s: dict, power: str | None, kind: str, side: str) -> list[str]:
    """The technologies of ``power`` that give it an advantage in this combat."""
    out = []
    for tech in s["cards"].get("technologies", {}).get(power, []):
        where = IN_COMBAT.get(tech)
        if where and where[0] == kind and where[1] in (None, side):
            out.append(tech)
    return out


def end_of_turn(s: dict) -> None:
    """19.3: the first three are lost at the end of the turn."""
    techs = s["cards"].get("technologies", {})
    for power in list(techs):
        techs[power] = [t for t in techs[power] if t not in TURN_ONLY]
        if not techs[power]:
            del techs[power]


class TechnologyAuction(Step):
    """19.3.1: the player who played the card first (any of its powers may bet, at least 1); then, following the
    order of play, each player may surpass the bet with one of its powers, until no player raises. Frame:
    ``card``, ``technology``, ``order`` (the seats from the player who played), ``turn`` (index of the seat to
    speak), ``bid`` [power, amount] or None, ``passes`` (consecutive passes since the last bet)."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        f = g.frame
        return [f["order"][f["turn"]]]

    def _bids(self, g: Ctx, seat: str) -> list[list]:
        f = g.frame
        low = (f["bid"][1] if f["bid"] else 0) + 1
        return [[p, n] for p in st.powers_of(g.s, seat) for n in range(low, bid_limit(g.s, board_of(g), p) + 1)]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        bids = self._bids(g, role)
        legal: dict[str, list] = {"bid": bids} if bids else {}
        legal["pass"] = [None]
        high = f["bid"] or [None, 0]
        return text("prompt.technology_auction", card=f["card"], power=high[0], amount=high[1]), legal

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "bid":
            return text("act.technology_bid", power=arg[0], amount=arg[1])
        return text("act.technology_pass")

    def on_bid(self, g: Ctx, role: str, arg: list) -> None:
        f = g.frame
        f["bid"], f["passes"] = arg, 0
        g.log("log.technology_bid", power=arg[0], amount=arg[1], rule="technology")
        self._next(g)

    def on_pass(self, g: Ctx, role: str, arg: Any) -> None:
        g.frame["passes"] += 1
        self._next(g)

    def _next(self, g: Ctx) -> None:
        f = g.frame
        needed = len(f["order"]) - (1 if f["bid"] else 0)
        if f["passes"] >= needed:
            self._close(g)
            return
        f["turn"] = (f["turn"] + 1) % len(f["order"])
        if f["bid"] and st.seat_of(g.s, f["bid"][0]) == f["order"][f["turn"]]:
            f["turn"] = (f["turn"] + 1) % len(f["order"])  # the highest bidder does not outbid itself

    def _close(self, g: Ctx) -> None:
        """The winner raises its unrest by its bet and takes the technology; with no bet the event is ignored."""
        f = g.frame
        if f["bid"] is None:
            g.log("log.technology_none", card=f["card"], rule="technology")
        else:
            power, amount = f["bid"]
            change_unrest(g, power, amount, "technology")
            g.s["cards"].setdefault("technologies", {}).setdefault(power, []).append(f["technology"])
            g.log("log.technology_won", power=power, card=f["card"], rule="technology")
        g.end(None)


def start(g: Ctx, card: str, technology: str, seat: str) -> None:
    """The auction of the card the player ``seat`` played (the order of play from that player)."""
    order = list(g.s["seat_order"])
    i = order.index(seat) if seat in order else 0
    g.call(
        "technology_auction", card=card, technology=technology, order=order[i:] + order[:i], turn=0, bid=None, passes=0
    )


STEPS = {"technology_auction": TechnologyAuction()}
