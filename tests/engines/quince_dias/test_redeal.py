"""15 Días — ``redeal`` (an analysis fork, RULINGS.md › Redeal): what the seat sees keeps its cards, the Spy's
view of a spied hand included; the rest changes places only with cards it cannot be told from."""

from __future__ import annotations

import random

from engines.quince_dias import GAME

from .helpers import cid, fresh, offered, play
from .test_hidden import again

REDEALS = range(12)


def test_a_spied_hand_stays_known_to_the_spy_and_is_dealt_again_for_the_others():
    card = cid("English Ambassador")  # Spy
    s = play(play(again([card]), "player1", "admin", card), "player1", "spy", "player2")
    hand = list(s["hands"]["player2"])
    for n in REDEALS:
        new = GAME.redeal(s, "player1", random.Random(n))
        assert new["hands"]["player2"] == hand and GAME.view(new, "player1") == GAME.view(s, "player1")
    assert any(GAME.redeal(s, "player3", random.Random(n))["hands"]["player2"] != hand for n in REDEALS)


def test_a_face_down_choice_is_dealt_again_as_a_character():
    s = fresh(players=4)
    while s["stack"][-1]["step"] != "choose_main":
        role = GAME.active_roles(s)[0]
        s = play(s, role, *offered(s, role)[0])
    s = play(s, "player1", *offered(s, "player1")[0])
    chosen = s["chosen"]["player1"]
    again_chosen = {GAME.redeal(s, "player2", random.Random(n))["chosen"]["player1"] for n in REDEALS}
    assert again_chosen - {chosen} and all(c.startswith("qd:char:") for c in again_chosen)
    assert {GAME.redeal(s, "player1", random.Random(n))["chosen"]["player1"] for n in REDEALS} == {chosen}


def test_a_conspirator_stays_with_its_owner():
    s = fresh(players=4, conspirators=True)
    hired = s["consp"]["available"][:2]
    for c in hired:
        s["consp"]["available"].remove(c)
        s["consp"]["owner"][c] = "player2"
        s["consp"]["owned"]["player2"].append(c)
        s["consp"]["reserve"]["player2"].append(c)
    dealt = [GAME.redeal(s, "player1", random.Random(n))["consp"]["reserve"]["player2"] for n in REDEALS]
    assert all(sorted(d) == sorted(hired) for d in dealt) and hired[::-1] in dealt
