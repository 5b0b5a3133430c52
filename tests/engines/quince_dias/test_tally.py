"""Outcomes explained (issue 30): the final tally says how each player's Affection Points were reached (Victory
Check: the family's Prince cards at 5 each, one's own Prince cards, 1 per 2 Ducats, -3 per Conspirator) and adds up
to the score the winner was chosen by."""

import json
from pathlib import Path

from engines.quince_dias import GAME

GOLDEN = json.loads((Path(__file__).parent / "golden.json").read_text())


def test_every_finished_golden_game_explains_its_score():
    renderer = GAME.renderer("en", {})
    finished = 0
    for case in GOLDEN["cases"]:
        state = GAME.replay(case["seed"], case["options"], [tuple(m) for m in case["moves"]])
        result = GAME.outcome(state)
        if result is None:
            continue
        finished += 1
        for role, rows in result["tally"].items():
            assert sum(r["points"] for r in rows) == result["scores"][role]
            words = [renderer.text(r["source"]) for r in rows]
            assert "won by the family, 5 each" in words[0] and "Ducat" in words[2]
            assert (len(rows) == 4) == bool(case["options"]["conspirators"])
    assert finished >= 4
