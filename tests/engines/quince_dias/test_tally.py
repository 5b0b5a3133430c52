"""Outcomes explained (issue 30): the final tally says how each player's Affection Points were reached (Victory
Check: the family's Prince cards at 5 each, one's own Prince cards, 1 per 2 Ducats, -3 per Conspirator) and adds up
to the score the winner was chosen by."""

import json
from pathlib import Path

from engines.quince_dias import GAME

from .helpers import fresh, run

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


def victory_check_with(ducats: dict[str, int]) -> dict:
    """Round 4 over with no Prince card won: each player's Affection Points are his Ducats // 2."""
    s = fresh(players=4)
    s["round"] = 4
    for role, n in ducats.items():
        s["ducats"][role] = n
    s["stack"] = [{"step": "victory_check"}]
    return run(s)


def test_a_tie_at_the_top_drops_out_and_the_next_one_down_wins_as_declared_data():
    """Victory Check (l. 150): "In case of a tie, the players with an even score lose their chances to become the
    King's favourite, being the winner the next one down with the most Affection points." Players 1 and 2 tie on
    5, player 3 has 4: player 3 wins, and the outcome says which tie rule decided it, as data."""
    s = victory_check_with({"player1": 10, "player2": 11, "player3": 8, "player4": 2})
    result = GAME.outcome(s)
    assert result is not None and result["scores"] == {"player1": 5, "player2": 5, "player3": 4, "player4": 1}
    assert result["winners"] == ["player3"]
    tb = result["tiebreak"]
    assert tb["rule"] == "victory_check" and tb["applied"] == "next_one_down" and tb["winners"] == ["player3"]
    assert tb["tied"] == [{"roles": ["player1", "player2"], "points": 5}]
    en = GAME.renderer("en", {}).text(tb["text"])
    assert "tied on 5 Affection Points" in en and "the next one down with 4 Affection Points, wins" in en
    es = GAME.renderer("es", {}).text(tb["text"])
    assert "empatados a 5 Puntos de Afecto" in es and "el siguiente con 4 Puntos de Afecto" in es


def test_no_score_held_alone_means_nobody_wins_and_no_tie_no_tiebreak():
    """Two pairs tied (5, 5, 4, 4): every score is shared, so nobody wins (RULINGS OQ-31); a clear winner with a
    tie below him applied no tie rule."""
    result = GAME.outcome(victory_check_with({"player1": 10, "player2": 10, "player3": 8, "player4": 9}))
    assert result is not None and result["winners"] == []
    tb = result["tiebreak"]
    assert tb["applied"] == "nobody_wins" and tb["winners"] == []
    assert [t["points"] for t in tb["tied"]] == [5, 4]
    assert "nobody wins" in GAME.renderer("en", {}).text(tb["text"])
    clear = GAME.outcome(victory_check_with({"player1": 12, "player2": 10, "player3": 10, "player4": 2}))
    assert clear is not None and clear["winners"] == ["player1"] and clear["tiebreak"] is None
