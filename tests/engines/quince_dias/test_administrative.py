"""The Player Turn › 2.2 Playing an Administrative Ability (quince_dias/administrative.py)."""

from __future__ import annotations

from engines.quince_dias import GAME

from .helpers import cid, confrontation, fresh, offered, play, readable, set_hand

IND = {"olivares": "clerical", "lerma": "society", "individual": "government"}


def my_turn(hand: list[str], filler: int = 3) -> dict:
    s = fresh(players=4)
    confrontation(
        s,
        "individual",
        powers=IND,
        mains={"player1": cid("Cardinal"), "player2": cid("Grand Chaplain")},
        turn="player1",
        stage="common",
    )
    set_hand(s, "player1", hand, filler=filler)
    set_hand(s, "player2", [], filler=4)
    return s


def test_first_administrative_ability_is_free_then_one_ducat():
    """2.2: the first is free and turns the Control card face down; the next ones cost 1 Ducat."""
    card = cid("Apostolic Nuncio")  # Reinforce
    s = my_turn([card])
    hand = len(s["hands"]["player1"])
    s = play(s, "player1", "admin", card)
    assert s["control_free"] is False and s["ducats"]["player1"] == 2
    assert len(s["hands"]["player1"]) == hand  # the card is discarded, one card drawn
    assert card in s["discard"]
    s2 = my_turn([card])
    s2["control_free"] = False
    bank = s2["bank"]
    s2 = play(s2, "player1", "admin", card)
    assert s2["ducats"]["player1"] == 1 and s2["bank"] == bank + 1


def test_no_ducat_no_paid_administrative_ability():
    s = my_turn([cid("Apostolic Nuncio")])
    s["control_free"] = False
    s["ducats"]["player1"] = 0
    assert offered(s, "player1", "admin") == []


def test_control_card_is_refreshed_in_drawing_hands_not_at_each_confrontation():
    """Lines 95 and 230: "This card will be flipped again (faceup) at the beginning of each Drawing Hands phase";
    it stays face down from the Family into the Individual Confrontation (RULINGS OQ-01)."""
    from .helpers import run

    s = fresh(players=4)
    s["control_free"] = False
    s["powers"] = dict(IND)
    s["stack"] = [{"step": "confrontation_start", "kind": "individual"}]
    run(s)
    assert s["control_free"] is False
    s2 = fresh(players=4)
    s2["control_free"] = False
    s2["round"] = 2
    s2["stack"] = [{"step": "drawing_hands"}]
    run(s2)
    assert s2["control_free"] is True


def test_invest_discards_up_to_two_and_draws_one_more():
    card = cid("Visionary Nun")  # Invest
    s = my_turn([card], filler=4)
    s = play(s, "player1", "admin", card)
    assert s["stack"][-1]["step"] == "invest"
    a, b = s["hands"]["player1"][:2]
    s = play(s, "player1", "invest_discard", a)
    s = play(s, "player1", "invest_discard", b)
    assert a in s["discard"] and b in s["discard"]
    assert len(s["hands"]["player1"]) == 4 + 1  # 4 left after playing, 2 discarded, 3 drawn
    s2 = my_turn([card], filler=4)
    s2 = play(s2, "player1", "admin", card)
    s2 = play(s2, "player1", "invest_done")
    assert len(s2["hands"]["player1"]) == 5


def test_spy_sees_a_hand_takes_a_card_and_trades_or_pays():
    """2.2.3: the spy alone sees the hand; he takes a card, gives a card or 1 Ducat, then draws."""
    card = cid("English Ambassador")  # Spy
    s = my_turn([card])
    s = play(s, "player1", "admin", card)
    s = play(s, "player1", "spy", "player2")
    seen = GAME.view(s, "player1")["private"]["spied_hand"]
    assert seen["of"] == "player2" and len(seen["cards"]) == 4
    assert "spied_hand" not in GAME.view(s, "player3")["private"]
    spied_card = s["hands"]["player2"][0]
    assert spied_card not in str(GAME.view(s, "player3"))
    played = GAME.play(s, "player1", "take", spied_card)
    s = played.state
    assert spied_card in s["hands"]["player1"]
    assert spied_card not in str(GAME.view(s, "player2"))
    told = [e for e in readable(played.log, "player2") if spied_card in str(e)]
    assert [e["msg"] for e in told] == ["log.takes_your"]  # only he is told which card he lost
    assert not any(spied_card in str(e) for e in readable(played.log, "player3") + readable(played.log, None))
    ducats = s["ducats"]["player2"]
    s = play(s, "player1", "pay")
    assert s["ducats"]["player2"] == ducats + 1
    assert len(s["hands"]["player1"]) == 3 + 1 + 1  # 3 fillers, + the taken card, + the drawn card
    assert spied_card not in str(GAME.view(s, "player2"))


def test_enhance_takes_any_card_from_the_discard_pile():
    """2.2.4 (line 237): "The player searches the Court discard pile and he draws a card": any card, even the
    Enhance card just discarded (a no-op that costs the free ability or a Ducat)."""
    card = cid("Successful Playwright")  # Enhance
    s = my_turn([card])
    s["discard"].append(s["deck"].pop())
    wanted = s["discard"][-1]
    s = play(s, "player1", "admin", card)
    assert ("take", card) in offered(s, "player1")
    s = play(s, "player1", "take", wanted)
    assert wanted in s["hands"]["player1"] and wanted not in s["discard"]


def test_administrative_abilities_keep_three_cards_in_the_family_confrontation():
    s = fresh(players=4)
    confrontation(
        s,
        "family",
        powers={"olivares": "government", "lerma": "society", "individual": "clerical"},
        mains={"player1": cid("Cardinal")},
        turn="player1",
        stage="common",
    )
    set_hand(s, "player1", [cid("Apostolic Nuncio")], filler=2)
    s = play(s, "player1", "admin", cid("Apostolic Nuncio"))
    assert len(s["hands"]["player1"]) == 3


def test_spy_in_the_family_confrontation_never_leaves_a_hand_below_three():
    card = cid("English Ambassador")  # Spy
    s = fresh(players=4)
    confrontation(
        s,
        "family",
        powers={"olivares": "government", "lerma": "society", "individual": "clerical"},
        mains={"player1": cid("Cardinal")},
        turn="player1",
        stage="common",
    )
    set_hand(s, "player1", [card], filler=3)
    set_hand(s, "player2", [], filler=3)
    s = play(s, "player1", "admin", card)
    s = play(s, "player1", "spy", "player2")
    s = play(s, "player1", "take", s["hands"]["player2"][0])
    assert ("pay", None) not in offered(s, "player1")  # he must trade a card
    s = play(s, "player1", "give", s["hands"]["player1"][0])
    assert len(s["hands"]["player2"]) == 3 and len(s["hands"]["player1"]) == 4


def test_spy_trades_one_of_his_own_cards_not_the_one_he_took():
    """2.2.3 (line 236): "he trades a card from his hand for a card from the opponent's hand": the card just taken
    is the opponent's, so it cannot be handed back (Spy would be a free look and a free draw)."""
    card = cid("English Ambassador")  # Spy
    s = my_turn([card], filler=1)
    s = play(s, "player1", "admin", card)
    s = play(s, "player1", "spy", "player2")
    taken = s["hands"]["player2"][0]
    own = s["hands"]["player1"][0]
    s = play(s, "player1", "take", taken)
    assert ("give", taken) not in offered(s, "player1")
    assert ("give", own) in offered(s, "player1")


def test_spy_without_a_card_of_his_own_must_pay_or_cannot_spy():
    """2.2.3: with no card of his own to trade the spy gives 1 Ducat; with neither he sees no hand, only draws."""
    card = cid("English Ambassador")  # Spy
    s = my_turn([card], filler=0)
    s = play(s, "player1", "admin", card)
    s = play(s, "player1", "spy", "player2")
    s = play(s, "player1", "take", s["hands"]["player2"][0])
    assert [v for v, _ in offered(s, "player1")] == ["pay"]
    s2 = my_turn([card], filler=0)
    s2["ducats"]["player1"] = 0
    s2 = play(s2, "player1", "admin", card)
    assert s2["stack"][-1]["step"] != "spy_target" and len(s2["hands"]["player1"]) == 1
