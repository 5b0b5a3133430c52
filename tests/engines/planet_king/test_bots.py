"""The bots read their seat's view only and choose by the pending step's name (engine core v2 › Bots)."""

import random

import pytest

from engines.planet_king import GAME, flow
from engines.planet_king.bots import SCORERS, heuristic_bot
from tests.engines.planet_king.support import fresh


def test_every_decision_has_a_rule_and_every_rule_a_decision():
    decisions = {name for name, step in GAME.steps.items() if isinstance(step, flow.Decision)}
    assert decisions == set(SCORERS)


def test_the_heuristic_bot_plays_an_offered_action_from_the_view():
    s = fresh("anni_mirabiles")
    view = GAME.view(s, "king")
    verb, arg = heuristic_bot(GAME, view, "king", random.Random(1))
    assert arg in view["prompt"]["legal"][verb]


def test_a_renamed_step_fails_loudly():
    s = fresh("anni_mirabiles")
    view = GAME.view(s, "king")
    view["prompt"]["step"] = "chose_kind"  # as if "chose_type" had been renamed without the bot knowing
    with pytest.raises(KeyError, match="chose_kind"):
        heuristic_bot(GAME, view, "king", random.Random(1))


@pytest.mark.parametrize(
    "source",
    [
        "def go(g):\n    call(g, 'no_such_procedure')\n",
        "def go(g):\n    choose(g, 'king', t, [], 'no_such_procedure')\n",
        "def go(g):\n    seq(g, ['begin_turn', 'no_such_procedure'])\n",
        "def go(g):\n    sp_loss(g, 'w', False, 'no_such_procedure')\n",
    ],
)
def test_a_misspelt_step_or_procedure_name_fails_when_the_game_is_built(source):
    with pytest.raises(TypeError, match="no_such_procedure"):
        flow.check_source("test", source, (), GAME.procedures, GAME.steps)
