"""Fortune tests and the event deck (Events Phase › Overview: Fortune Test).

A fortune test draws the top card of the event deck and reads only its fortune symbol: eagle (positive), pigeon
(neutral) or crow (negative). The card is discarded and counts as played. When the deck runs out the discard
pile is shuffled to form a new deck and the test is completed (Events Phase, "If the event deck is exhausted
during or at the time of a fortune test...").
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import Words, text
from engines.planet_king import council
from engines.planet_king.components import C

EAGLE, PIGEON, CROW = "eagle", "pigeon", "crow"
RULE = "events_phase.fortune_test"


def reshuffle(g: Ctx) -> None:
    """Shuffle the discard pile into a new event deck."""
    decks = g.s["decks"]
    decks["events"] = decks["discard"] + decks["events"]
    decks["discard"] = []
    g.shuffle(decks["events"])
    g.log("log.the_event_deck_is_exhausted", rule=RULE)


def draw_test(g: Ctx, why: Words) -> tuple[str, bool]:
    """Perform one fortune test: (symbol, whether the card shows the SP elimination symbol)."""
    decks = g.s["decks"]
    if not decks["events"]:
        reshuffle(g)
    card = decks["events"].pop(0)
    decks["discard"].append(card)
    info = C.EVENTS[card]
    g.show(council.everyone(g.s), [card])
    g.s["last_tests"].append([card, info["fortune"]])
    sp = text("log.sp_symbol") if info["sp_elimination"] else ""
    g.log("log.fortune_test_for", why=why, card=card, symbol=info["fortune"], sp=sp, rule=RULE)
    return info["fortune"], info["sp_elimination"]


def tests(g: Ctx, n: int, why: Words) -> list[tuple[str, bool]]:
    """Perform ``n`` fortune tests."""
    return [draw_test(g, why) for _ in range(max(0, n))]


def until_eagle(g: Ctx, n: int, why: Words) -> bool:
    """Up to ``n`` tests, stopping at the first positive result (the player stops drawing once the event's
    condition is met, Events Phase › Overview)."""
    return any(draw_test(g, why)[0] == EAGLE for _ in range(max(0, n)))
