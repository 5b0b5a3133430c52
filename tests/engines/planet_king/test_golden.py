"""The golden replays (engine core v2 §8): fixed seeds and move logs whose final states are checked in. A change
of the rules' effects fails here until the engine's version is bumped and the file rewritten with
``python -m engines.core.golden planet-king tests/engines/planet_king/golden.json``."""
import json
from pathlib import Path

from engines.core import golden
from engines.planet_king import GAME

FILE = Path(__file__).with_name("golden.json")


def test_golden_replays_reach_the_recorded_states():
    data = json.loads(FILE.read_text())
    assert data["game"] == GAME.id and len(data["cases"]) == len(GAME.option_sets())
    assert golden.check(GAME, data) == []


def test_a_changed_replay_is_caught():
    data = json.loads(FILE.read_text())
    data["cases"][0]["moves"] = data["cases"][0]["moves"][:-1]
    assert golden.check(GAME, data) == ["case 0: the replay reaches another state"]
