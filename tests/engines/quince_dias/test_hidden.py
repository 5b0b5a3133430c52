"""Hidden information and undo barriers (engine core v2 › Hidden information): a move that shows its mover cards
he did not see (a hand spied, cards drawn from the pre-shuffled Court deck) may not be taken back; the secret
face-down choice of a Main Character is no barrier by itself; the reveal is."""

from __future__ import annotations

from engines.quince_dias import GAME

from .helpers import cid, confrontation, fresh, offered, play, set_hand

IND = {"olivares": "clerical", "lerma": "society", "individual": "government"}


def again(hand: list[str], mains: dict | None = None) -> dict:
    """Player 1's turn in the Individual Confrontation, and he plays the next turn too (first in the queue), so
    that nothing but what the move shows can make it a barrier."""
    s = fresh(players=4)
    confrontation(
        s,
        "individual",
        powers=IND,
        mains=mains or {"player1": cid("Grand Chaplain"), "player2": cid("Grand Upholder")},
        turn="player1",
        stage="common",
    )
    set_hand(s, "player1", hand, filler=3)
    set_hand(s, "player2", [], filler=4)
    s["conf"]["queue"] = ["player1"]
    return s


def shown_to(played, role: str) -> set[str]:
    return {i for r in played.shown if role in r.roles for i in r.ids}


def test_reinforce_draws_a_card_seen_by_its_drawer_and_is_a_barrier():
    card = cid("Apostolic Nuncio")  # Reinforce
    s = again([card])
    top = s["deck"][-1]
    played = GAME.play(s, "player1", "admin", card)
    assert GAME.active_roles(played.state) == ["player1"]
    assert top in played.state["hands"]["player1"] and shown_to(played, "player1") == {top}
    assert played.barrier


def test_spying_a_hand_is_a_barrier_and_the_trade_draws_behind_one():
    card = cid("English Ambassador")  # Spy
    s = play(again([card]), "player1", "admin", card)
    hand = list(s["hands"]["player2"])
    played = GAME.play(s, "player1", "spy", "player2")
    assert shown_to(played, "player1") == set(hand) and played.barrier
    assert all(GAME.secrets(played.state)[c] == ["player2", "player1"] for c in hand)
    s = play(played.state, "player1", "take", hand[0])
    assert GAME.secrets(s)[hand[0]] == ["player1", "player2"]  # the spied player knows where it went
    assert GAME.secrets(s)[hand[1]] == ["player2"]  # the rest is his alone again
    given = s["hands"]["player1"][0]
    top = s["deck"][-1]
    played = GAME.play(s, "player1", "give", given)
    assert shown_to(played, "player2") == {given} and shown_to(played, "player1") == {top}
    assert played.barrier and GAME.active_roles(played.state) == ["player1"]


def test_invest_draws_behind_a_barrier_but_its_discards_do_not():
    card = cid("Visionary Nun")  # Invest
    s = play(again([card]), "player1", "admin", card)
    played = GAME.play(s, "player1", "invest_discard", s["hands"]["player1"][0])
    assert not played.barrier and not played.shown
    top = played.state["deck"][-2:]
    played = GAME.play(played.state, "player1", "invest_done", None)
    assert shown_to(played, "player1") == set(top) and played.barrier


def test_an_ability_used_through_manipulate_draws_behind_a_barrier():
    puppeteer = cid("The King's Grand Master of the Hunt")  # Manipulate, Government range 1-5
    s = again([puppeteer], mains={"player1": cid("Grand Chaplain"), "player2": cid("Cardinal")})  # Reinforce
    s = play(s, "player1", "court", [puppeteer, "player2"])
    played = GAME.play(s, "player1", "use_admin", None)
    assert played.barrier and len(shown_to(played, "player1")) == 1


def test_the_starting_hands_are_shown_to_their_holders():
    played = GAME.begin(2, {"players": 4})
    for role in played.state["roles"]:
        assert set(played.state["hands"][role]) <= shown_to(played, role)


def test_the_face_down_choice_is_no_barrier_the_reveal_is():
    s = fresh(players=4)
    while s["stack"][-1]["step"] != "choose_main":
        role = GAME.active_roles(s)[0]
        s = play(s, role, *offered(s, role)[0])
    for role in ["player1", "player2", "player3"]:
        played = GAME.play(s, role, "choose", offered(s, role)[0][1])
        assert not played.barrier and not played.shown
        s = played.state
    last = offered(s, "player4")[0][1]
    played = GAME.play(s, "player4", "choose", last)
    assert played.barrier and last in shown_to(played, "player1")


def test_a_card_taken_in_sight_of_the_table_is_no_secret_until_it_moves_again():
    """Enhance takes a card from the face-up discard pile: everyone saw it go into that hand."""
    card = cid("Successful Playwright")  # Enhance
    s = again([card])
    wanted = s["deck"].pop()
    s["discard"].append(wanted)
    s = play(s, "player1", "admin", card)
    s = play(s, "player1", "take", wanted)
    assert wanted in s["hands"]["player1"] and wanted not in GAME.secrets(s)
    s = play(s, "player1", "estate", wanted)  # his next turn: the Estate is hidden
    assert GAME.secrets(s)[wanted] == ["player1"]
