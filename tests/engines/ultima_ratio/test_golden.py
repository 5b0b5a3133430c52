"""The golden replay of Ultima Ratio Regis: a rule change that alters what the recorded moves produce fails here
until the engine's version is bumped and the file re-recorded (engines.core.golden)."""

from __future__ import annotations

import json
import pathlib

from engines.core.golden import check
from engines.ultima_ratio.game import GAME

GOLDEN = pathlib.Path(__file__).with_name("golden.json")


def test_golden_replay():
    assert check(GAME, json.loads(GOLDEN.read_text())) == []
