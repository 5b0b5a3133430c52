"""Outcomes explained (issue 30): the final tally says how each seat's victory points were reached, source by
source (the End of Turn's Enlightenment, Prestige and Happiness tables, each other rule that gave or took VP), and
the scenario's thresholds (Scenarios › Victory conditions). The sources add up to the score."""

import json
from pathlib import Path

from engines.planet_king import GAME

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
        assert set(result["tally"]) == set(result["scores"])
        for role, rows in result["tally"].items():
            assert sum(r["points"] for r in rows) == result["scores"][role], (case["options"], rows)
            assert all(r["points"] for r in rows)
            assert all(renderer.text(r["source"]) for r in rows)
        assert "Major Victory" in renderer.text(result["thresholds"])
    assert finished >= 5


def test_the_end_of_turn_tables_are_sources_of_their_own():
    case = max(GOLDEN["cases"], key=lambda c: len(c["moves"]))
    state = GAME.replay(case["seed"], case["options"], [tuple(m) for m in case["moves"]])
    sources = {k for role in state["vp_sources"].values() for k in role}
    assert sources & {"enlightenment", "prestige", "happiness"}, sources
