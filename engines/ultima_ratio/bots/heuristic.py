"""Ultima Ratio Regis — the heuristic bot. It reads only its seat's view and chooses from the prompt's legal list,
by the step's name: 9.1 The Rise of Portugal with Portugal's own plans (``rise_of_portugal.py``), any other
scenario for whichever powers the seat leads (``powers.py``); the steps inside an action, a combat, a peace or the
end of the turn are answered alike for every power (``answers.py``). A step none of them knows (a rule written
after the bot) gets ``fallback``: a legal choice that gives nothing away (ENGINE.md › Bots)."""

from __future__ import annotations

import random
from typing import Any

from engines.core.game import Game
from engines.core.types import View
from engines.ultima_ratio import state as st
from engines.ultima_ratio.bots.powers import powers_bot
from engines.ultima_ratio.bots.rise_of_portugal import rise_of_portugal

# verbs that end, decline or keep things as they are, in the order the fallback prefers them
QUIET = ("done", "pass", "stop", "decline", "refuse", "no", "keep", "end_impulse", "none")
# verbs that lose something the seat holds: the fallback takes them last
DESTRUCTIVE = ("eliminate", "eliminate_leader", "disband", "degrade", "capitulate", "dynastic_change", "remove")


def heuristic_bot(game: Game, view: View, role: str, rnd: random.Random) -> tuple[str, Any]:
    public = view["public"]
    step = view["prompt"]["step"]
    if step is None:
        raise ValueError("the heuristic bot was asked to move in a finished game")
    with st.reading(public):  # the bot only reads its view: the engine's questions answered once (state.reading)
        if public["scenario"] == "the-rise-of-portugal":
            chosen = rise_of_portugal(game, view)
        else:
            chosen = powers_bot(game, view, role, rnd)
    return chosen if chosen is not None else fallback(view)


def fallback(view: View) -> tuple[str, Any]:
    """A step the bot does not know: a verb that ends or declines (``QUIET``), else the first option of the first
    verb that destroys nothing of its own, else the first option offered."""
    legal = view["prompt"]["legal"]
    for verb in QUIET:
        if verb in legal:
            return verb, legal[verb][0]
    for verb, options in legal.items():
        if verb not in DESTRUCTIVE and options:
            return verb, options[0]
    verb = next(iter(legal))
    return verb, legal[verb][0]
