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


def cooperative_end(king: int, valido: int) -> dict:
    """An Iupiter Hispano cooperative game at its end, both Secret Memorials claimed, with these VP."""
    from engines.core.machine import Ctx
    from engines.planet_king import victory

    state = GAME.setup(5, {"mode": "cooperative", "scenario": "iupiter_hispano"})
    m = state["memorials"]
    m["claimed"] = [m["hm"], m["council"]]
    state["vp"] = {"king": king, "valido": valido}
    state["defeat"] = []
    victory.finish(Ctx(GAME, state))
    return state


def test_a_cooperative_tie_is_shared_and_declared_as_such():
    """Cooperative Game › Victory (line 788): both players' VP give the level, "They then compare the points
    obtained by each player to determine who is the winner"; level at 4 + 4 = 8 (Major Victory, 7 or more) the
    rule names no tie-break, so both win (R-COOPERATIVE-TIE), and the outcome says which rule decided."""
    result = GAME.outcome(cooperative_end(4, 4))
    assert result is not None and result["level"] == "major_victory"
    assert result["winners"] == ["king", "valido"]
    tb = result["tiebreak"]
    assert tb["rule"] == "cooperative_game" and tb["applied"] == "shared" and tb["winners"] == ["king", "valido"]
    assert tb["tied"] == [{"roles": ["king", "valido"], "points": 4}]
    assert GAME.renderer("en", {}).text(tb["text"]).startswith("The King and the Valido are level on 4 VP")
    assert "ganan los dos" in GAME.renderer("es", {}).text(tb["text"])
    ahead = GAME.outcome(cooperative_end(5, 3))
    assert ahead is not None and ahead["winners"] == ["king"] and ahead["tiebreak"] is None
    lost = GAME.outcome(cooperative_end(1, 1))  # 2 VP: a Defeat, nobody wins, no tie to break
    assert lost is not None and lost["winners"] == [] and lost["tiebreak"] is None
