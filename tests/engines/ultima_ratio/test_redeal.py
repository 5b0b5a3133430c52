"""Ultima Ratio Regis — ``redeal`` (an analysis fork): 9.1 hides nothing; with cards dealt (8.1.4) the other hands
are dealt again from what the seat has not seen, the historical cards of the turn staying in them."""

import copy
import random

from engines.core.machine import Ctx
from engines.ultima_ratio.cards import deck
from engines.ultima_ratio.game import GAME


def test_the_rise_of_portugal_hides_nothing_and_is_only_reseeded():
    state = GAME.setup(1, {})
    new = GAME.redeal(state, "player1", random.Random(1))
    assert new["rng"] != state["rng"] and {**new, "rng": state["rng"]} == state


def _dealt_to_two() -> dict:
    """A position with the cards in play and a second seat (a fixture: 9.1 is played without cards)."""
    state = GAME.setup(1, {})
    state["seats"]["player2"] = {**copy.deepcopy(state["seats"]["player1"]), "order": 99}
    state["cards"]["in_play"] = True
    deck.build_deck(Ctx(GAME, state))
    return state


def test_the_other_hand_is_dealt_again_from_the_unseen_cards():
    state = _dealt_to_two()
    generic = {e.id for e in GAME.board.world.events if e.kind == "generic"}
    mine, theirs = state["cards"]["hands"]["player1"], state["cards"]["hands"]["player2"]
    assert theirs and any(c in generic for c in theirs)
    others = set()
    for n in range(10):
        new = GAME.redeal(state, "player1", random.Random(n))
        assert new["cards"]["hands"]["player1"] == mine
        hand = new["cards"]["hands"]["player2"]
        assert len(hand) == len(theirs) and len(set(hand)) == len(hand) and not set(hand) & set(mine)
        assert {c for c in hand if c not in generic} == {c for c in theirs if c not in generic}
        assert GAME.view(new, "player1") == GAME.view(state, "player1")
        others |= set(hand) - set(theirs)
    assert others, "the generic cards are always the real ones"
