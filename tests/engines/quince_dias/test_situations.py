"""The Player Turn › 2.3 Playing a Special Situation (quince_dias/situations.py and the effects in cards.py)."""

from __future__ import annotations

from engines.quince_dias import GAME
from engines.quince_dias.cards import player_total, value

from .helpers import attach, cid, confrontation, ctx, fresh, offered, play, set_hand

IND = {"olivares": "clerical", "lerma": "society", "individual": "government"}


def table() -> dict:
    s = fresh(players=4)
    confrontation(
        s,
        "individual",
        powers=IND,
        mains={"player1": cid("Apostolic Nuncio"), "player2": cid("English Ambassador")},
        covered={"player1": cid("Lord High Steward")},
        turn="player1",
        stage="common",
    )
    set_hand(s, "player1", [cid("Safe in Position"), cid("Charged and Accused")], filler=2)
    return s


def test_safe_in_position_adds_three_to_every_power_not_to_the_range():
    s = table()
    nuncio = cid("Apostolic Nuncio")
    s = play(s, "player1", "situation", [cid("Safe in Position"), nuncio])
    assert [value(ctx(s), nuncio, p) for p in ("government", "society", "clerical")] == [9, 5, 11]
    assert player_total(ctx(s), "player1") == 9 + 7
    assert GAME.cards[nuncio]["ranges"]["government"] == (5, 9)


def test_charged_and_accused_takes_three_never_below_zero():
    s = table()
    ambassador = cid("English Ambassador")
    s = play(s, "player1", "situation", [cid("Charged and Accused"), ambassador])
    assert value(ctx(s), ambassador, "government") == 5
    assert value(ctx(s), ambassador, "society") == 0  # 0 - 3 is floored at 0 (RULINGS OQ-23)


def test_a_covered_character_can_receive_one_situation_one_per_character():
    """2.3 (line 245): "a covered Character could have 1 Special Situation"; it is named by its place, not its
    card (1.2: only its Power levels show)."""
    s = table()
    steward = cid("Lord High Steward")
    assert ("situation", [cid("Safe in Position"), "covered:player1"]) in offered(s, "player1")
    attach(s, steward, "Grandee of Spain")
    assert ("situation", [cid("Safe in Position"), "covered:player1"]) not in offered(s, "player1")


def test_situations_go_to_the_discard_pile_at_the_end_of_the_phase():
    s = table()
    s = play(s, "player1", "situation", [cid("Safe in Position"), cid("English Ambassador")])
    from engines.quince_dias.confrontation import clean_up

    clean_up(ctx(s))
    assert s["sit"] == {} and cid("Safe in Position") in s["discard"]
    assert cid("English Ambassador") in s["hands"]["player2"]
    assert cid("Lord High Steward") in s["hands"]["player1"]
