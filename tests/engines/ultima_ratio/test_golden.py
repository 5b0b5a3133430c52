"""The golden replay of Ultima Ratio Regis: a rule change that alters what the recorded moves produce fails here
until the engine's version is bumped and the file re-recorded (engines.core.golden). The version-7 file (before
7.2 ¶2's simultaneous deployment, RULINGS SA-6) still replays, as it is, to the position version 7 reached."""

from __future__ import annotations

import json
import pathlib

from engines.core.golden import check, state_digest
from engines.ultima_ratio.game import GAME

GOLDEN = pathlib.Path(__file__).with_name("golden.json")
GOLDEN_V7 = pathlib.Path(__file__).with_name("golden_v7.json")


def test_golden_replay():
    assert check(GAME, json.loads(GOLDEN.read_text())) == []


def test_a_version_7_log_replays_as_it_is_to_the_same_position():
    """Version 7 deployed one power at a time; that order is one of the simultaneous deployment's, so its moves need
    no upgrade (``upgrade.upgrade_move``) and reach the same position: the state's digest but for its version."""
    data = json.loads(GOLDEN_V7.read_text())
    assert data["version"] == "7" != GAME.version
    for case in data["cases"]:
        moves = [tuple(m) for m in case["moves"]]
        state = GAME.replay(case["seed"], case["options"], moves, version="7")
        assert state_digest({**state, "version": "7"}) == case["digest"]
