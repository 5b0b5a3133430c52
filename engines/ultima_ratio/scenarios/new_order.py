"""Ultima Ratio Regis — Playbook 9.2 New Order (1490-1534): 3 to 6 players, Turns 1 to 3, all the main map.

Its seat table (l. 1958-1965 and the tail, 2645-2658: ``scenarios.yaml``) groups the 13 powers of Turn 1 for each
number of players, with each group's starting VP (no VP per turn); "Special rules: see turn 1" and "Deployment: see
turn 1" (l. 1967-1969): the set-up is Turn 1's (``turns.yaml``), through ``game_board.set_up_from_playbook``. The
groups are auctioned (7.1.1, ``preparation/start_of_scenario``) before the first turn. It is played with cards
(``scenarios.yaml``: ``played_with_cards``, so ``cards.in_play`` from the set-up): 8.1.4's deck each turn, impulses
until no player has cards (8.2). The winner (22): the most VP, ties broken by the game order.

Offered at a table at 3-6 players (``registry.PLAYABLE``, issue 27); the rules it does not play yet: ENGINE.md ›
Not yet, and the README.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import text
from engines.ultima_ratio.board import Board
from engines.ultima_ratio.preparation import game_board
from engines.ultima_ratio.scenarios.base import Scenario
from engines.ultima_ratio.sequence import turn_special_rules

SCENARIO = "new-order"


def winner(g: Ctx) -> None:
    """22: the player with the most VP wins; a tie goes to the better place in the game order (7.1.1: "This order
    is very important and is used to solve many tie breaks during the game"). The outcome's ``tiebreak`` says so
    as data when a tie at the top was broken that way (issue 30 › Outcomes explained)."""
    seats = g.s["seats"]
    ranking = sorted(seats, key=lambda role: (-seats[role]["vp"], seats[role]["order"]))
    best, vp = ranking[0], seats[ranking[0]]["vp"]
    tied = [role for role in ranking if seats[role]["vp"] == vp]
    g.finish(
        {
            "text": text("outcome.most_vp", seat=best, vp=vp),
            "winners": [best],
            "scores": {role: seats[role]["vp"] for role in seats},
            "ranking": ranking,
            "tiebreak": None
            if len(tied) == 1
            else {
                "rule": "major_power_auction",
                "applied": "game_order",
                "tied": [{"roles": tied, "points": vp}],
                "winners": [best],
                "text": text("tiebreak.game_order", seats=tied, vp=vp, seat=best, place=seats[best]["order"]),
            },
        }
    )


class NewOrder(Scenario):
    """9.2 at the generic turn's moments (``base.Scenario``)."""

    id = SCENARIO

    def set_up(self, g: Ctx, board: Board) -> None:
        game_board.set_up_from_playbook(g, board, self.id)

    def game_end(self, g: Ctx) -> None:
        winner(g)

    def turn_start(self, g: Ctx) -> None:
        turn_special_rules.game_book_turn(g)

    def turn_effects(self, g: Ctx) -> list[dict]:
        return turn_special_rules.effects_of_the_turn(g)

    def end_of_turn_vp(self, g: Ctx) -> None:
        turn_special_rules.end_of_turn_vp(g)
