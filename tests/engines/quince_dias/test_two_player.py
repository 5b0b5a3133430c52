"""Two Player's Game: the Relative (quince_dias/two_player.py, RULINGS OQ-02)."""

from __future__ import annotations

from engines.quince_dias import GAME
from engines.quince_dias.cards import player_total

from .helpers import cid, confrontation, ctx, fresh, offered, play, run, set_hand, take


def test_each_player_gets_a_relative_character_at_the_family_confrontation():
    s = fresh(players=2)
    s = play(s, GAME.active_roles(s)[0], "propose", "clerical")
    s = play(s, GAME.active_roles(s)[0], "propose", "society")
    for role in s["roles"]:
        assert s["relative"][role].startswith("qd:char:")
    assert GAME.view(s, None)["public"]["players"][0]["relative"]["id"] == s["relative"]["player1"]


def test_relative_adds_to_the_total_and_can_be_cancelled_then_replaced():
    s = fresh(players=2)
    confrontation(
        s,
        "individual",
        powers={"olivares": "clerical", "lerma": "society", "individual": "government"},
        mains={"player1": cid("Cardinal"), "player2": cid("Grand Chaplain")},
        turn="player1",
        stage="common",
    )
    take(s, cid("Apostolic Nuncio"))
    s["relative"]["player2"] = cid("Apostolic Nuncio")
    assert player_total(ctx(s), "player2") == 5 + 6
    killer = cid("English Ambassador")  # Cancel, Government 5-9
    set_hand(s, "player1", [killer], filler=2)
    assert ("court", [killer, "relative:player2"]) in offered(s, "player1")
    s = play(s, "player1", "court", [killer, "relative:player2"])
    assert cid("Apostolic Nuncio") in s["discard"]
    assert s["relative"]["player2"] not in (None, cid("Apostolic Nuncio"))


def relative_attracted() -> dict:
    """player1 attracts player2's Relative (the Apostolic Nuncio) with the Lord High Steward (Attract, Government
    5-9): the game then asks what he gives in return."""
    s = fresh(players=2)
    confrontation(
        s,
        "individual",
        powers={"olivares": "clerical", "lerma": "society", "individual": "government"},
        mains={"player1": cid("Cardinal"), "player2": cid("Grand Chaplain")},
        turn="player1",
        stage="common",
    )
    take(s, cid("Apostolic Nuncio"))
    s["relative"]["player2"] = cid("Apostolic Nuncio")
    thief = cid("Lord High Steward")
    set_hand(s, "player1", [thief], filler=2)
    return play(s, "player1", "court", [thief, "relative:player2"])


def test_relative_can_be_stolen_with_attract():
    s = relative_attracted()
    assert cid("Apostolic Nuncio") in s["hands"]["player1"]
    assert s["stack"][-1]["step"] == "attract_pay"


def test_relatives_are_discarded_after_the_individual_confrontation():
    s = fresh(players=2)
    confrontation(
        s, "individual", powers={"olivares": "clerical", "lerma": "society", "individual": "government"}, mains={}
    )
    take(s, cid("Apostolic Nuncio"))
    s["relative"]["player1"] = cid("Apostolic Nuncio")
    for role in s["roles"]:
        set_hand(s, role, [])
    s["round"] = 4
    run(s)
    assert s["results"][-1]["winner"] == "player1" and GAME.outcome(s) is not None
    assert s["relative"] == {"player1": None, "player2": None} and cid("Apostolic Nuncio") in s["discard"]


def test_attract_compensation_labels_name_the_rules_one_ducat():
    """2.1.3: the attacker "must give another Character from his hand or 1 Ducat in return": the choice reads
    "Give 1 Ducat", not "Give Ducats", beside each Character he may give."""
    s = relative_attracted()
    labels = [a["label"] for a in GAME.labels(s, "player1", GAME.renderer())]
    assert any(label.startswith("Give 1 Ducat to") for label in labels), labels
    assert any(label.startswith("Give ") and "Ducat" not in label for label in labels), labels
