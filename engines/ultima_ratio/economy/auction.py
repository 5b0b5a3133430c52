"""Ultima Ratio Regis — the auction against unrest (19.3.1), shared by the technology cards (``technology.py``) and
the alliance cards (20.3.1: "an auction identical to the technology auction", ``diplomacy/alliance_auction.py``).

The player who played the card speaks first; then, following the order of play, each player may surpass the
highest bet with one of its powers that may bid, until no player raises (RULINGS C-14). The bets are public, as
19.3.1 has them: each player hears the bet he must surpass (RULINGS MP-3). A step of this kind names its messages
and says which powers of a seat may bid (``bidders``) and what the end of the auction does (``close``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of


def bid_limit(s: dict, board, power: str) -> int:
    """19.3.1: "the maximum number of points it can bet is its vitality. This limit is decreased by each unrest
    point exceeding its vitality"."""
    vitality = board.power(power).vitality
    return vitality - max(0, s["powers"][power]["unrest"] - vitality)


def speaking_order(s: dict, seat: str) -> list[str]:
    """The order of play from the player who played the card (19.3.1)."""
    order = list(s["seat_order"])
    i = order.index(seat) if seat in order else 0
    return order[i:] + order[:i]


class UnrestAuction(Step):
    """19.3.1: frame ``card``, ``order`` (the seats that speak, from the player who played), ``turn`` (index of the
    seat to speak), ``bid`` [power, amount] or None, ``passes`` (consecutive passes since the last bet), and the
    kind's own keys. A subclass names ``messages`` (its prompt, the bet's log and the two actions' labels)."""

    goes_to: tuple[str, ...] = ()
    messages: ClassVar[dict[str, str]] = {"prompt": "", "prompt_open": "", "log_bid": "", "act_bid": "", "act_pass": ""}
    rule = ""  # the log's rule key

    def bidders(self, g: Ctx, seat: str) -> list[str]:
        """The seat's powers that may bid."""
        return st.powers_of(g.s, seat)

    def close(self, g: Ctx) -> None:
        """The highest bet wins (``g.frame["bid"]``, None if nobody bet); ends or leaves the frame."""
        raise NotImplementedError

    def active(self, g: Ctx) -> list[str]:
        f = g.frame
        return [f["order"][f["turn"]]]

    def bids(self, g: Ctx, seat: str) -> list[list]:
        f = g.frame
        low = (f["bid"][1] if f["bid"] else 0) + 1
        return [[p, n] for p in self.bidders(g, seat) for n in range(low, bid_limit(g.s, board_of(g), p) + 1)]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        bids = self.bids(g, role)
        legal: dict[str, list] = {"bid": bids} if bids else {}
        legal["pass"] = [None]
        if not f["bid"]:  # nobody has bid yet: no highest bid to name
            return text(self.messages["prompt_open"], card=f["card"]), legal
        power, amount = f["bid"]
        return text(self.messages["prompt"], card=f["card"], power=power, amount=amount), legal

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "bid":
            return text(self.messages["act_bid"], power=arg[0], amount=arg[1])
        return text(self.messages["act_pass"])

    def on_bid(self, g: Ctx, role: str, arg: list) -> None:
        f = g.frame
        f["bid"], f["passes"] = arg, 0
        g.log(self.messages["log_bid"], power=arg[0], amount=arg[1], rule=self.rule)
        self._next(g)

    def on_pass(self, g: Ctx, role: str, arg: Any) -> None:
        g.frame["passes"] += 1
        self._next(g)

    def _next(self, g: Ctx) -> None:
        f = g.frame
        needed = len(f["order"]) - (1 if f["bid"] else 0)
        if f["passes"] >= needed:
            self.close(g)
            return
        f["turn"] = (f["turn"] + 1) % len(f["order"])
        if f["bid"] and st.seat_of(g.s, f["bid"][0]) == f["order"][f["turn"]]:
            f["turn"] = (f["turn"] + 1) % len(f["order"])  # the highest bidder does not outbid itself
