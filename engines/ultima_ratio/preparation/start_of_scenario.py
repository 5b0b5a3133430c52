"""Ultima Ratio Regis — 7.1 Start of a scenario and 7.1.1 Major power auction (``start_of_scenario``).

The scenario's seat table for the number of players groups its major powers; each player (a chair of the table,
``player1``..``playerN`` in the order they sit, 7.1.1 first point) gets one group by auction:

1. ``major_power_auction``: every player bets VP in secret at the same time (a face-down choice: nobody sees a
   bet, nor learns anything from another's, before all are revealed together);
2. the bets revealed, the positions of "player 1", "player 2"... (the **game order**, ``seats[role]["order"]``) go
   by the bets, highest first, ties at random;
3. ``choose_group``: in game order, each player chooses one of the groups left;
4. each player's VP marker: the highest bettor at 0, every other at the difference between the highest bet and
   his own (RULINGS SA-1), plus the group's starting VP (7.1).

The state's ``auction`` holds ``{"bets": {role: n}, "order": [roles], "chosen": {role: group}}`` until it ends; the
seats were laid out by ``deployment.prepare`` from the table's rows (group n at ``player<n>``) and ``seat_groups``
moves each group to the player who chose it (``seats[role]["group"]``).
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.state import game_order, sitting

MAX_BET = 20  # RULINGS SA-2: the legal list needs a bound; a bet above it buys nothing a bet of 20 does not


def seat_table(g: Ctx) -> dict[int, Any]:
    """The rows of the scenario's seat table for this number of players, by row (the group's number)."""
    scenario = board_of(g).world.scenario(g.s["scenario"])
    table = next(t for t in scenario.seat_tables if t.players == len(g.s["seats"]))
    return {row.seat: row for row in table.seats}


class MajorPowerAuction(Step):
    """7.1.1: every player bets, in secret and at once, a number of VP for the game order."""

    goes_to = ("choose_group",)
    secret_choice = True

    def active(self, g: Ctx) -> list[str]:
        return [role for role in sitting(g.s) if role not in g.s["auction"]["bets"]]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.major_power_auction", most=MAX_BET), {"bet": list(range(MAX_BET + 1))}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.auction_bet", vp=arg)

    def on_bet(self, g: Ctx, role: str, arg: int) -> None:
        g.s["auction"]["bets"][role] = arg
        g.log("log.auction_bet_placed", seat=role, rule="major_power_auction")
        g.log("log.auction_your_bet", to=[role], vp=arg, rule="major_power_auction")
        if not self.active(g):
            reveal_bets(g)
            g.goto("choose_group")


def reveal_bets(g: Ctx) -> None:
    """The bets revealed together; the game order by bet, highest first, ties at random (7.1.1)."""
    bets = g.s["auction"]["bets"]
    for role in sitting(g.s):
        g.log("log.auction_bet_revealed", seat=role, vp=bets[role], rule="major_power_auction")
    order: list[str] = []
    for amount in sorted(set(bets.values()), reverse=True):
        tied = [role for role in sitting(g.s) if bets[role] == amount]
        if len(tied) > 1:
            g.shuffle(tied)
            g.log("log.auction_tie", seats=list(tied), vp=amount, rule="major_power_auction")
        order.extend(tied)
    g.s["auction"]["order"] = order
    for n, role in enumerate(order, 1):
        g.log("log.auction_position", seat=role, position=n, rule="major_power_auction")
    g.barrier()  # the bets are shown to everyone: no bet can be taken back


class ChooseGroup(Step):
    """7.1.1: in game order, each player chooses the group of major powers he will lead."""

    goes_to = ()

    def _next(self, g: Ctx) -> str:
        a = g.s["auction"]
        return next(role for role in a["order"] if role not in a["chosen"])

    def active(self, g: Ctx) -> list[str]:
        return [self._next(g)]

    def prompt(self, g: Ctx, role: str):
        taken = set(g.s["auction"]["chosen"].values())
        return text("prompt.choose_group"), {"group": [n for n in seat_table(g) if n not in taken]}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        row = seat_table(g)[arg]
        return text("act.choose_group", powers=list(row.powers), vp=row.starting_vp, per_turn=row.vp_per_turn or 0)

    def on_group(self, g: Ctx, role: str, arg: int) -> None:
        a = g.s["auction"]
        a["chosen"][role] = arg
        g.log("log.group_chosen", seat=role, powers=list(seat_table(g)[arg].powers), rule="major_power_auction")
        if len(a["chosen"]) == len(a["order"]):
            seat_groups(g)
            g.end(None)


def seat_groups(g: Ctx) -> None:
    """Each group to the player who chose it, with his game order and his VP marker: the group's starting VP and
    the difference between the highest bet and his own (7.1.1; RULINGS SA-1). ``prepare`` laid group n out at
    ``player<n>``; the powers of the groups follow their new player."""
    s = g.s
    a = s.pop("auction")
    laid_out = s["seats"]
    top = max(a["bets"].values())
    seats = {}
    for position, role in enumerate(a["order"], 1):
        group = a["chosen"][role]
        seat = dict(laid_out[f"player{group}"])
        seat.update(order=position, group=group, vp=seat["vp"] + top - a["bets"][role])
        seats[role] = seat
        for power in seat["powers"]:
            s["powers"][power]["seat"] = role
        g.log("log.vp_marker", seat=role, vp=seat["vp"], rule="major_power_auction")
    s["seats"] = {role: seats[role] for role in sitting({"seats": seats})}
    s["seat_order"] = game_order(s)


class StartOfScenario(Step):
    """7.1: with several players, the groups of the seat table are auctioned (7.1.1) before the first turn; a
    solitaire starts at once."""

    goes_to = ("major_power_auction", "turn_start")

    def auto(self, g: Ctx) -> None:
        if len(g.s["seats"]) > 1:
            g.s["auction"] = {"bets": {}, "order": [], "chosen": {}}
            g.call("major_power_auction")
        else:
            self.resume(g, None)

    def resume(self, g: Ctx, result: Any) -> None:
        g.goto("turn_start")


STEPS = {
    "start_of_scenario": StartOfScenario(),
    "major_power_auction": MajorPowerAuction(),
    "choose_group": ChooseGroup(),
}
