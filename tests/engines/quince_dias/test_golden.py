"""The golden replays (engines.core.golden): a rule change that alters what they reach fails here until the
engine's version is bumped and the file rewritten with ``python -m engines.core.golden 15-dias
tests/engines/quince_dias/golden.json``."""
from __future__ import annotations

import json
import pathlib

from engines.core import golden
from engines.quince_dias import GAME

FILE = pathlib.Path(__file__).parent / "golden.json"


def test_the_golden_replays_still_reach_their_states():
    data = json.loads(FILE.read_text())
    assert data["game"] == GAME.id and len(data["cases"]) == len(GAME.option_sets())
    assert golden.check(GAME, data) == []


def test_a_changed_replay_is_caught():
    data = json.loads(FILE.read_text())
    data["cases"][0]["moves"] = data["cases"][0]["moves"][:-1]
    assert golden.check(GAME, data) == ["case 0: the replay reaches another state"]
