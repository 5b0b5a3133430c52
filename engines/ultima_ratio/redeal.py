"""Ultima Ratio Regis — a position dealt again as one seat knows it (``Game.redeal``; an analysis fork of a running
game). What is hidden (``UltimaRatioRegis.secrets``) is the turn's deck and the other players' hands (8.1.4: "shuffled
and dealt secretly"). A seat cannot tell the cards in the other hands apart from each other, nor the generic cards
dealt from those left out of the deck: the historical cards of the turn are all dealt (8.1.4) and stay in the other
hands, shuffled among them; each generic card there becomes any generic card of the game that the seat has not seen
this turn (not in its hand, the discard, the events in force, nor removed: ``cards.removed``). Each hand keeps its
number of cards. 9.1 is played without cards (l. 1920): nothing is hidden, only the generator is re-seeded.
"""

from __future__ import annotations

from engines.core.game import renamed, reseeded, strings
from engines.ultima_ratio.cards import deck


def redeal(game, state: dict, role: str, rnd) -> dict:
    """``rnd``: a ``random.Random`` (the caller's; engines use no other randomness)."""
    hidden = [cid for cid, roles in game.secrets(state).items() if role not in roles]
    if not hidden:
        return reseeded(renamed(state, {}), rnd)
    board = game.board
    generic = {e.id for e in board.world.events if e.kind == "generic"}
    named = set(strings(state))
    unseen = sorted(c for c in generic - deck.removed(state, board) if c not in named or c in hidden)
    drawn = rnd.sample(unseen, sum(1 for c in hidden if c in generic))
    dealt = [c for c in hidden if c not in generic] + drawn
    rnd.shuffle(dealt)
    return reseeded(renamed(state, dict(zip(hidden, dealt, strict=False))), rnd)
