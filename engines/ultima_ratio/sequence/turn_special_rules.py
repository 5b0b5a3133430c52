"""Ultima Ratio Regis — 8.1.1 Turn special rules: "Consult the final section of the Game Book, after the scenarios,
for any special rules for that turn" — for the scenarios that play the Game Book's turns (9.2-9.8: their special
rules and deployment "see turn N", ``scenarios.yaml`` ``rules_from``), each new turn brings its section of
``turns.yaml``.

Done here: each power's **interest** becomes the turn's Interest table (printed in every turn's section and on the
power card by turns, ``Power.interest``), keeping what events gave it beyond the last table (RULINGS TS-1). The
turn's other special rules are its effects, applied as the events' (``cards/events.py``) once those ops are played.
The scenario's first turn is its set-up's (7.2, ``preparation/game_board``), not this.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio.board import board_of


def interest_of_the_turn(g: Ctx) -> None:
    """18.4.1 with 8.1.1: every power in play takes the new turn's Interest table; a theater an event gave it (not
    in the last turn's table) stays (RULINGS TS-1). A power whose table does not change is not logged."""
    s, board = g.s, board_of(g)
    turn = s["turn"]
    for power, info in sorted(s["powers"].items()):
        card = board.power(power)
        before, now = card.interest(turn - 1), card.interest(turn)
        if not now:  # no table for this turn (a power beyond its card's turns): what it has stays
            continue
        gained = [t for t in info["interest"] if t not in before and t not in now]
        new = now + gained
        if new == info["interest"]:
            continue
        lost = [t for t in info["interest"] if t not in new]
        won = [t for t in new if t not in info["interest"]]
        info["interest"] = new
        if won:
            g.log("log.interest", power=power, theaters=won, rule="turn_special_rules")
        if lost:
            g.log("log.interest_lost", power=power, theaters=lost, rule="turn_special_rules")


def game_book_turn(g: Ctx) -> None:
    """8.1.1 for a scenario that plays the Game Book's turns: the turn's special rules, after its first turn."""
    if g.s["turn"] == g.s["first_turn"]:
        return  # the set-up was the first turn's (7.2)
    interest_of_the_turn(g)
