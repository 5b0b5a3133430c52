"""The bots (quince_dias/bots.py): the heuristic bot plays legal actions from its seat's view, knows every step
and beats random bots."""
from __future__ import annotations

import random

import pytest

from engines.core.game import flat, random_bot
from engines.quince_dias import GAME
from engines.quince_dias.bots import SCORERS, heuristic_bot

GAMES = 100


def play_out(seed: int, hero: str) -> dict:
    state = GAME.setup(seed, {"players": 4})
    rnd = random.Random(seed)
    while GAME.outcome(state) is None:
        roles = GAME.active_roles(state)
        role = roles[rnd.randrange(len(roles))]
        verb, arg = (heuristic_bot if role == hero else random_bot)(GAME, GAME.view(state, role), role, rnd)
        state = GAME.apply(state, role, verb, arg)
    return GAME.outcome(state)


def test_bots_are_registered():
    assert set(GAME.bots) == {"random", "heuristic"}


def test_the_heuristic_bot_knows_every_step_and_refuses_an_unknown_one():
    assert set(SCORERS) == {name for name, step in GAME.steps.items() if step.auto is None}
    state = GAME.setup(1, {"players": 4})
    role = GAME.active_roles(state)[0]
    view = GAME.view(state, role)
    view["prompt"]["step"] = "no_such_step"
    with pytest.raises(ValueError, match="no_such_step"):
        heuristic_bot(GAME, view, role, random.Random(1))


def test_heuristic_bot_beats_random_bots_in_at_least_70_percent_of_four_player_games():
    """Issue › Bots: one heuristic seat (each seat in turn) against three random seats, 100 games."""
    wins = sum(f"player{seed % 4 + 1}" in play_out(seed, f"player{seed % 4 + 1}")["winners"] for seed in range(GAMES))
    assert wins >= 0.7 * GAMES, f"the heuristic bot won {wins} of {GAMES}"


def test_heuristic_bot_only_plays_offered_actions_with_conspirators_and_eight_players():
    for options in ({"players": 8, "conspirators": True}, {"players": 2, "conspirators": True}):
        state = GAME.setup(5, options)
        rnd = random.Random(5)
        while GAME.outcome(state) is None:
            role = GAME.active_roles(state)[0]
            action = heuristic_bot(GAME, GAME.view(state, role), role, rnd)
            assert action in flat(GAME.legal(state, role))
            state = GAME.apply(state, role, *action)
