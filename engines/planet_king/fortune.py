"""Fortune tests and the event deck (Events Phase › Overview: Fortune Test).

A fortune test draws the top card of the event deck and reads only its fortune symbol: eagle (positive), pigeon
(neutral) or crow (negative). The card is discarded and counts as played. When the deck runs out the discard
pile is shuffled to form a new deck and the test is completed (Events Phase, "If the event deck is exhausted
during or at the time of a fortune test...").
"""
from __future__ import annotations

from engines.core.machine import Ctx
from engines.planet_king.components import EVENTS

EAGLE, PIGEON, CROW = "eagle", "pigeon", "crow"
SYMBOL_TEXT = {EAGLE: "eagle (positive)", PIGEON: "pigeon (neutral)", CROW: "crow (negative)"}
RULE = "Events Phase › Fortune Test"


def reshuffle(g: Ctx) -> None:
    """Shuffle the discard pile into a new event deck."""
    decks = g.s["decks"]
    decks["events"] = decks["discard"] + decks["events"]
    decks["discard"] = []
    g.shuffle(decks["events"])
    g.log("The event deck is exhausted: the discard pile is shuffled to form a new deck.", rule=RULE)


def draw_test(g: Ctx, why: str) -> tuple[str, bool]:
    """Perform one fortune test: (symbol, whether the card shows the SP elimination symbol)."""
    decks = g.s["decks"]
    if not decks["events"]:
        reshuffle(g)
    card = decks["events"].pop(0)
    decks["discard"].append(card)
    info = EVENTS[card]
    g.reveal()
    g.s["last_tests"].append([card, info["fortune"]])
    sp = " (SP elimination symbol)" if info["sp_elimination"] else ""
    g.log(f"Fortune test for {why}: {info['name']} — {SYMBOL_TEXT[info['fortune']]}{sp}.", rule=RULE)
    return info["fortune"], info["sp_elimination"]


def tests(g: Ctx, n: int, why: str) -> list[tuple[str, bool]]:
    """Perform ``n`` fortune tests."""
    return [draw_test(g, why) for _ in range(max(0, n))]


def until_eagle(g: Ctx, n: int, why: str) -> bool:
    """Up to ``n`` tests, stopping at the first positive result (the player stops drawing once the event's
    condition is met, Events Phase › Overview)."""
    for _ in range(max(0, n)):
        if draw_test(g, why)[0] == EAGLE:
            return True
    return False
