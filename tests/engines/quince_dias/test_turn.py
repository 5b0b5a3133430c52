"""The Player Turn in Detail: Special Actions 1.1-1.3 and Common Actions 2.4-2.6 (quince_dias/turn.py)."""

from __future__ import annotations

import pytest

from engines.core.types import IllegalAction
from engines.quince_dias import GAME
from engines.quince_dias.cards import player_total

from .helpers import cid, confrontation, ctx, fresh, offered, play, run, set_hand

IND = {"olivares": "clerical", "lerma": "society", "individual": "government"}
FAM = {"olivares": "government", "lerma": "government", "individual": "society"}


def rosa_with_the_nuncio(hand: list[str]) -> dict:
    s = fresh(players=4)
    confrontation(
        s,
        "individual",
        powers=IND,
        mains={"player1": cid("Apostolic Nuncio"), "player2": cid("Cardinal")},
        turn="player1",
    )
    set_hand(s, "player1", hand, filler=2)
    return s


def test_example_covered_lord_high_steward_gives_6_plus_7():
    """1.2 example: Apostolic Nuncio (Government 6, range 5-9) covers Lord High Steward (Government 7): 6 + 7 = 13."""
    steward = cid("Lord High Steward")
    s = rosa_with_the_nuncio([steward])
    assert ("cover", steward) in offered(s, "player1")
    s = play(s, "player1", "cover", steward)
    assert s["covered"]["player1"] == steward
    assert player_total(ctx(s), "player1") == 13
    # the covered Character cannot be targeted by Court Abilities
    s["stack"][-1] = {"step": "turn", "role": "player2", "stage": "common"}
    set_hand(s, "player2", [cid("Constable of Castile")], filler=3)  # Attract, Government range 5-9
    targets = [a[1] for a in offered(s, "player2", "court") if a[1][0] == cid("Constable of Castile")]
    assert targets == [[cid("Constable of Castile"), "player1"]]  # the Nuncio only


def test_covered_character_outside_the_range_cannot_be_played():
    """1.2: the covered Character's reference power must lie in the covering Character's range (5-9)."""
    low = cid("Grand Equerry")  # Government 4
    s = rosa_with_the_nuncio([low])
    assert ("cover", low) not in offered(s, "player1")
    with pytest.raises(IllegalAction):
        play(s, "player1", "cover", low)


def test_covered_character_becomes_main_when_its_cover_leaves():
    steward = cid("Lord High Steward")
    s = rosa_with_the_nuncio([steward])
    s = play(s, "player1", "cover", steward)
    s = play(s, "player1", "pass", s["hands"]["player1"][0])
    # player2 cancels the Nuncio: the Lord High Steward is uncovered and becomes the Main Character
    s["stack"][-1:] = [{"step": "turn", "role": "player2", "stage": "common"}]
    killer = cid("English Ambassador")  # Cancel, Government range 5-9
    set_hand(s, "player2", [killer], filler=3)
    s = play(s, "player2", "court", [killer, "player1"])
    assert s["main"]["player1"] == steward and s["covered"]["player1"] is None
    assert cid("Apostolic Nuncio") in s["discard"]


def test_new_main_character_is_mandatory_and_comes_first():
    s = fresh(players=4)
    confrontation(s, "individual", powers=IND, mains={"player2": cid("Cardinal")}, turn="player1")
    set_hand(s, "player1", [], filler=4)
    acts = offered(s, "player1")
    assert {v for v, _ in acts} == {"main"}
    s = play(s, "player1", "main", acts[0][1])
    assert s["main"]["player1"] == acts[0][1]
    assert s["stack"][-1]["stage"] == "common"


def test_estate_as_special_and_common_action_and_two_ducats_at_most():
    """1.3 / 2.4: two Characters to the Estate in one turn; Characters Management: back to hand, 1 Ducat each,
    at most 2."""
    s = rosa_with_the_nuncio([])
    set_hand(s, "player1", [], filler=5)
    a, b, c = s["hands"]["player1"][:3]
    s = play(s, "player1", "estate", a)
    s = play(s, "player1", "estate", b)
    assert s["estate"]["player1"] == [a, b]
    s["estate"]["player1"].append(c)
    s["hands"]["player1"].remove(c)
    ducats = s["ducats"]["player1"]
    s["stack"] = [{"step": "characters_management"}]
    s["round"] = 4
    run(s)
    assert s["ducats"]["player1"] == ducats + 2
    assert {a, b, c} <= set(s["hands"]["player1"])
    assert s["estate"]["player1"] == []


def test_no_pass_at_three_cards_in_the_family_confrontation():
    """2.5 Attention: a player can never have fewer than 3 cards in hand in the Family Confrontation."""
    s = fresh(players=4)
    confrontation(
        s,
        "family",
        powers=FAM,
        mains={"player1": cid("Cardinal"), "player2": cid("Grand Chaplain")},
        turn="player1",
        stage="common",
    )
    set_hand(s, "player1", [], filler=3)
    verbs = {v for v, _ in offered(s, "player1")}
    assert "pass" not in verbs and "estate" not in verbs and "situation" not in verbs
    assert "leave" in verbs
    set_hand(s, "player1", [], filler=4)
    assert "pass" in {v for v, _ in offered(s, "player1")}


def test_a_player_at_three_cards_has_finished_the_family_confrontation():
    """RULINGS OQ-08: at 3 cards in the Family Confrontation a player plays no more turns."""
    s = fresh(players=4)
    confrontation(s, "family", powers=FAM, mains={})
    set_hand(s, "player1", [], filler=3)
    for role in ["player2", "player3", "player4"]:
        set_hand(s, role, [], filler=5)
    run(s)
    assert GAME.active_roles(s) != ["player1"]
    assert "player1" not in s["conf"]["queue"] + s["conf"]["zero"]


def test_leave_the_phase_discards_down_to_four_and_hides_the_hand():
    s = rosa_with_the_nuncio([])
    set_hand(s, "player1", [], filler=7)
    s["stack"][-1]["stage"] = "common"
    s = play(s, "player1", "leave")
    assert s["left"]["player1"]
    for _ in range(3):
        s = play(s, "player1", "discard", s["hands"]["player1"][0])
    s = play(s, "player1", "keep_hand")
    assert len(s["hands"]["player1"]) == 4
    assert s["stack"][-1]["step"] != "leave_discard"
    # his hand cannot be spied, his Main Character can still be attacked and counts
    from engines.quince_dias.administrative import spy_targets

    assert "player1" not in spy_targets(ctx(s), "player2")
    assert player_total(ctx(s), "player1") == 6


def test_leave_with_four_cards_or_fewer_keeps_them():
    s = rosa_with_the_nuncio([])
    set_hand(s, "player1", [], filler=3)
    s["stack"][-1]["stage"] = "common"
    s = play(s, "player1", "leave")
    s = play(s, "player1", "keep_hand")
    assert len(s["hands"]["player1"]) == 3 and s["left"]["player1"]


def test_leave_the_individual_confrontation_with_four_or_less():
    """2.6 (line 268): "discards until he has ... 4 or less cards in hand in case of the Individual
    Confrontation": down to 4 at least, and he may keep fewer."""
    s = rosa_with_the_nuncio([])
    set_hand(s, "player1", [], filler=6)
    s["stack"][-1]["stage"] = "common"
    s = play(s, "player1", "leave")
    assert ("keep_hand", None) not in offered(s, "player1")  # 6 cards: not yet 4
    s = play(s, "player1", "discard", s["hands"]["player1"][0])
    s = play(s, "player1", "discard", s["hands"]["player1"][0])
    assert ("keep_hand", None) in offered(s, "player1")
    s = play(s, "player1", "discard", s["hands"]["player1"][0])
    s = play(s, "player1", "keep_hand")
    assert len(s["hands"]["player1"]) == 3 and s["stack"][-1]["step"] != "leave_discard"


def test_leave_the_family_confrontation_keeps_exactly_four():
    """2.6 (line 268): "discards until he has 4 cards in hand in case of the Family Confrontation"."""
    s = fresh(players=4)
    confrontation(
        s,
        "family",
        powers={"olivares": "government", "lerma": "society", "individual": "clerical"},
        mains={"player1": cid("Cardinal")},
        turn="player1",
        stage="common",
    )
    set_hand(s, "player1", [], filler=6)
    s = play(s, "player1", "leave")
    assert ("keep_hand", None) not in offered(s, "player1")
    s = play(s, "player1", "discard", s["hands"]["player1"][0])
    s = play(s, "player1", "discard", s["hands"]["player1"][0])
    assert len(s["hands"]["player1"]) == 4 and s["stack"][-1]["step"] != "leave_discard"
