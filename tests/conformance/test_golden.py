"""Golden replays (engine core v2 §8), for every shipped engine: fixed seeds and move logs whose final states are
checked in (``tests/engines/<package>/golden.json``). A change of what the rules produce fails here until the
engine's version is bumped and the file rewritten with
``python -m engines.core.golden <game id> tests/engines/<package>/golden.json``."""

import json
import pathlib

import pytest

from engines import registry
from engines.core import golden

TESTS = pathlib.Path(__file__).resolve().parents[1] / "engines"
SHIPPED = [
    g for g in registry.all_games() if any(type(g).__module__.startswith(ref.split(":")[0]) for ref in registry.BUILTIN)
]


def golden_file(game) -> pathlib.Path:
    return TESTS / type(game).__module__.split(".")[1] / "golden.json"


@pytest.mark.parametrize("game", SHIPPED, ids=lambda g: g.id)
def test_golden_replays_reach_the_recorded_states(game):
    data = json.loads(golden_file(game).read_text())
    assert data["game"] == game.id and len(data["cases"]) == len(game.option_sets())
    assert golden.check(game, data) == []


@pytest.mark.parametrize("game", SHIPPED, ids=lambda g: g.id)
def test_a_changed_replay_is_caught(game):
    data = json.loads(golden_file(game).read_text())
    data["cases"][0]["moves"] = data["cases"][0]["moves"][:-1]
    assert golden.check(game, data) == ["case 0: the replay reaches another state"]
