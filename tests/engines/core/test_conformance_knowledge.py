"""The conformance suite judges what a reader knew (engines.core.conformance): a log entry by what its reader could
see when it was written or after the move, a barrier by ids hidden from the mover before the move."""

import pytest

from engines.core.conformance import ConformanceError, playout
from tests.support.toy_game import Choose, Duel, Stake


class ShuffleBack(Stake):
    """Done staking: names the last card shown, in sight of everyone, then shuffles the shown cards back into the
    deck in the same move."""

    def on_done(self, g, role, arg):
        if g.s["revealed"]:
            g.log("log.you_chose", card=g.s["revealed"][-1])
            g.s["deck"].extend(g.s["revealed"])
            g.s["revealed"] = []
        super().on_done(g, role, arg)


class TellsEveryone(Choose):
    """Names the face-down choice to everyone: a leak."""

    def on_choose(self, g, role, arg):
        super().on_choose(g, role, arg)
        g.log("log.you_chose", card=arg)


class Peeks(Stake):
    """Raising lets the leader take the deck's top card into his hand, unseen by the engine: a missing barrier."""

    def on_raise(self, g, role, arg):
        super().on_raise(g, role, arg)
        if g.s["deck"]:
            g.s["hands"][role].append(g.s["deck"].pop())


def variant(name, **steps):
    return type(name, (Duel,), {"id": f"toy-{name.lower()}", "steps": {**Duel.steps, **steps}})()


def test_an_entry_naming_a_card_in_sight_that_is_hidden_later_in_the_move_is_no_leak():
    for seed in range(1, 6):
        playout(variant("ShuffleBack", stake=ShuffleBack()), seed, {})


def test_an_entry_naming_a_hidden_card_is_a_leak():
    # the face-down check sees the move first (the others' log differs by card); the id-based check alone is
    # tested in test_core.test_conformance_catches_a_face_down_card_in_everyones_log
    with pytest.raises(ConformanceError, match=r"in the log of|look different to the others before the reveal"):
        for seed in range(1, 6):
            playout(variant("TellsEveryone", choose=TellsEveryone()), seed, {})


def test_a_move_that_shows_its_mover_a_hidden_card_must_be_a_barrier():
    with pytest.raises(ConformanceError, match="not an undo barrier"):
        for seed in range(1, 20):
            playout(variant("Peeks", stake=Peeks()), seed, {})


class Collects(Stake):
    """Raising takes a card shown earlier (in sight of everyone) into the leader's hand: he sees nothing new."""

    def on_raise(self, g, role, arg):
        super().on_raise(g, role, arg)
        if g.s["revealed"]:
            g.s["hands"][role].append(g.s["revealed"].pop())


def test_a_card_in_sight_of_everyone_that_becomes_the_movers_secret_needs_no_barrier():
    for seed in range(1, 20):
        playout(variant("Collects", stake=Collects()), seed, {})
