"""Hidden information (quince_dias/views.py): each seat sees what that player would see at the table."""

from __future__ import annotations

import random

import orjson

from engines.core.game import flat
from engines.quince_dias import GAME

from .helpers import attach, cid, confrontation, fresh, set_hand


def test_hands_are_private_and_counts_public():
    s = fresh(players=4)
    for role in s["roles"]:
        mine = GAME.view(s, role)
        assert [c["id"] for c in mine["private"]["hand"]] == s["hands"][role]
        others = orjson.dumps([GAME.view(s, r) for r in s["roles"] if r != role] + [GAME.view(s, None)])
        for card in s["hands"][role]:
            assert card.encode() not in others
    public = GAME.view(s, None)["public"]
    assert [p["hand"] for p in public["players"]] == [7, 7, 7, 7]
    assert "deck" in public and isinstance(public["deck"], int)


def test_estate_is_hidden_but_counted():
    s = fresh(players=4)
    s["estate"]["player1"] = [s["deck"].pop()]
    assert GAME.secrets(s)[s["estate"]["player1"][0]] == ["player1"]
    assert GAME.view(s, "player2")["public"]["players"][0]["estate"] == 1
    assert s["estate"]["player1"][0] not in str(GAME.view(s, "player2"))


def test_table_shows_mains_totals_and_whose_turn():
    s = fresh(players=4)
    confrontation(
        s,
        "individual",
        powers={"olivares": "clerical", "lerma": "society", "individual": "government"},
        mains={"player1": cid("Apostolic Nuncio")},
        covered={"player1": cid("Lord High Steward")},
        turn="player1",
    )
    set_hand(s, "player1", [], filler=3)
    public = GAME.view(s, "player3")["public"]
    me = public["players"][0]
    assert me["main"]["name"] == "Apostolic Nuncio"
    assert me["covered"] == {
        "kind": "covered",
        "powers": {
            "government": 7,
            "society": GAME.cards[cid("Lord High Steward")]["society"],
            "clerical": GAME.cards[cid("Lord High Steward")]["clerical"],
        },
        "situation": None,
    }
    assert me["total"] == 13 and public["turn"] == "player1"
    assert public["individual_power"] == "government"


def test_a_character_shows_its_power_values_with_the_situation_on_it():
    """2.3.5 / 2.3.6: Safe in Position +3, Charged and Accused -3 (never below 0, OQ-23) on the Main and the covered
    Character as the view draws them, the Situation face up; a Character without one shows its printed values."""
    nuncio, steward = cid("Apostolic Nuncio"), cid("Lord High Steward")
    s = fresh(players=4)
    powers = {"olivares": "clerical", "lerma": "society", "individual": "government"}
    confrontation(
        s, "individual", powers=powers, mains={"player1": nuncio}, covered={"player1": steward}, turn="player1"
    )
    printed = {p: GAME.cards[nuncio][p] for p in ("government", "society", "clerical")}
    assert GAME.view(s, "player2")["public"]["players"][0]["main"]["powers"] == printed
    safe = attach(s, nuncio, "Safe in Position")
    accused = attach(s, steward, "Charged and Accused")
    me = GAME.view(s, "player2")["public"]["players"][0]
    assert me["main"]["powers"] == {p: v + 3 for p, v in printed.items()}
    assert me["main"]["situation"] == {"id": safe, "name": "Safe in Position", "kind": "safe_in_position"}
    low = {p: max(GAME.cards[steward][p] - 3, 0) for p in ("government", "society", "clerical")}
    assert me["covered"]["powers"] == low and me["covered"]["situation"]["id"] == accused


def test_a_covered_character_shows_only_its_power_levels():
    """1.2 (line 187): the covered Character is "played under the Main Character, but showing only its Power
    levels": its identity is a secret of its owner; the log says only that he covers a Character."""
    from .helpers import readable

    steward = cid("Lord High Steward")
    s = fresh(players=4)
    confrontation(
        s,
        "individual",
        powers={"olivares": "clerical", "lerma": "society", "individual": "government"},
        mains={"player1": cid("Apostolic Nuncio"), "player2": cid("Cardinal")},
        turn="player1",
    )
    set_hand(s, "player1", [steward], filler=3)
    played = GAME.play(s, "player1", "cover", steward)
    s = played.state
    assert GAME.secrets(s)[steward] == ["player1"]
    assert steward not in str(GAME.view(s, "player2")) and steward not in str(GAME.view(s, None))
    assert GAME.view(s, "player1")["private"]["covered"]["name"] == "Lord High Steward"
    assert [e["msg"] for e in readable(played.log, "player2")] == ["log.covers"]
    assert steward not in str(readable(played.log, "player2"))
    assert "covers a Character" in GAME.renderer().text(
        {"msg": "log.covers", "args": readable(played.log, None)[0]["args"]}
    )


def test_log_names_cards_never_ids():
    """Log entries carry card ids as data; what a reader reads names every card by its name."""
    s = fresh(players=4)
    rnd = random.Random(3)
    renderer = GAME.renderer()
    named = 0
    for _ in range(150):
        if GAME.outcome(s):
            break
        role = GAME.active_roles(s)[0]
        verb, arg = rnd.choice(flat(GAME.legal(s, role)))
        played = GAME.play(s, role, verb, arg)
        for entry in played.log:
            assert entry["to"] == "all" or set(entry["to"]) <= set(s["roles"])
            line = GAME.render_entry(entry, renderer)
            assert "qd:" not in line["text"] and "{" not in line["text"]
            assert line["rule"] is None or line["rule_title"]
            named += any(isinstance(v, str) and v.startswith("qd:") for v in entry["args"].values())
        for label in (
            GAME.labels(played.state, GAME.active_roles(played.state)[0], renderer)
            if GAME.outcome(played.state) is None
            else []
        ):
            assert "qd:" not in label["label"]
        s = played.state
    assert named > 10


def test_secrets_list_every_hidden_card_with_who_may_see_it():
    """Deck and Affection deck: nobody; a hand, the Estate, a face-down choice: the owner."""
    s = fresh(players=4)
    secrets = GAME.secrets(s)
    assert all(secrets[c] == [] for c in s["deck"] + s["princes"])
    for role in s["roles"]:
        assert all(secrets[c] == [role] for c in s["hands"][role])
    on_table = cid("Cardinal")
    confrontation(
        s,
        "individual",
        powers={"olivares": "clerical", "lerma": "society", "individual": "government"},
        mains={"player1": on_table},
    )
    assert on_table not in GAME.secrets(s)
