"""A position dealt again as one seat knows it (``Game.redeal``; an analysis fork of a running game): every card
hidden from the seat (``views.secrets``: the other hands, the Court and Affection decks' order, the Estates, the
face-down choices, a covered Character, waiting or plotting Conspirators) changes places at random with the other
cards hidden from it that it cannot tell apart (RULINGS.md › Redeal):

* the Court deck's cards (Characters and Special Situations, Game Setting 3) among the unseen Court cards; a card
  in the Estate or chosen face down (Game Sequence 3) only with an unseen Character, a covered Character (1.2: its
  Power levels show) only with an unseen Character of the same Power levels;
* the Affection deck (Prince cards) among itself;
* a hired Conspirator (1.4: everyone saw who hired which) only with another unseen Conspirator of the same owner.

The permutation is carried through the whole state (``engines.core.game.renamed``): who else knows where a card is
(``known``), a Special Situation played on a covered Character, the flow's frames. What the seat sees — its hand, the
Spy's view of a spied hand, everything face up — keeps its cards.
"""

from __future__ import annotations

from engines.core.game import renamed, reseeded
from engines.quince_dias import views
from engines.quince_dias.cards import is_conspirator, is_situation
from engines.quince_dias.content import POWERS

COVERED, CHARACTER, ANY = 0, 1, 2  # how tightly a place limits the card it holds, tightest first


def redeal(game, state: dict, role: str, rnd) -> dict:
    """``rnd``: a ``random.Random`` (the caller's; engines use no other randomness)."""
    hidden = [cid for cid, roles in views.secrets(state).items() if role not in roles]
    places = _places(state)
    classes: dict[tuple, list[str]] = {}
    for cid in hidden:
        classes.setdefault(_kind(state, cid), []).append(cid)
    mapping: dict[str, str] = {}
    for ids in classes.values():
        mapping.update(_permutation(game.cards, ids, places, rnd))
    return reseeded(renamed(state, mapping), rnd)


def _kind(s: dict, cid: str) -> tuple:
    """The cards one may stand for another: a Prince card, a Conspirator of one owner, a Court card."""
    if cid in s["princes"]:
        return ("prince",)
    if is_conspirator(cid):
        return ("conspirator", s["consp"]["owner"].get(cid))
    return ("court",)


def _places(s: dict) -> dict[str, int]:
    """How tightly each card's place limits it: covered, chosen face down or in an Estate, anywhere else."""
    out = dict.fromkeys(s["chosen"].values(), CHARACTER)
    for role in s["roles"]:
        out.update((cid, CHARACTER) for cid in s["estate"][role])
        if s["covered"][role]:
            out[s["covered"][role]] = COVERED
    return out


def _permutation(cards: dict, ids: list[str], places: dict[str, int], rnd) -> dict[str, str]:
    """Each card's place gets a card of the pool that fits it, the tightest places served first (the limits
    nest: the same Power levels, a Character, any card; the real deal shows one always exists)."""
    pool = list(ids)
    out: dict[str, str] = {}
    for cid in sorted(ids, key=lambda c: places.get(c, ANY)):
        tight = places.get(cid, ANY)
        fits = [c for c in pool if _fits(cards, c, cid, tight)]
        pick = fits[rnd.randrange(len(fits))]
        pool.remove(pick)
        out[cid] = pick
    return out


def _fits(cards: dict, card: str, place_of: str, tight: int) -> bool:
    if tight == ANY:
        return True
    if is_situation(card):
        return False
    return tight == CHARACTER or all(cards[card][p] == cards[place_of][p] for p in POWERS)
