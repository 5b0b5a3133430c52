"""A position dealt again as one seat knows it (``Game.redeal``; an analysis fork of a running game), by what
``PlanetKing.secrets`` hides (RULINGS.md › R-REDEAL):

* the face-down decks (Events, Nobles, Geniuses: Components) are hidden from everybody: each is shuffled again,
  keeping its cards;
* a Secret Memorial not yet claimed (Secret Memorial (Optional); Cooperative Game) is hidden from every seat but
  its holder once read, from everybody before: for a seat that may not see it, it becomes any card of its type (a
  memorial of His Majesty's or of the Council), since the other cards of that type are as unseen as it. In the
  cooperative game the King and the Valido know different memorials, so each one's redeal keeps his own.
"""

from __future__ import annotations

from engines.core.game import renamed, reseeded
from engines.planet_king import memorials
from engines.planet_king.components import C

DECKS = ("events", "nobles", "geniuses")


def redeal(game, state: dict, role: str, rnd) -> dict:
    """``rnd``: a ``random.Random`` (the caller's; engines use no other randomness)."""
    hidden = {cid for cid, roles in game.secrets(state).items() if role not in roles}
    mapping: dict[str, str] = {}
    if memorials.in_use(state):
        for owner in ("hm", "council"):
            mid = state["memorials"][owner]
            if mid in hidden:
                other = rnd.choice(sorted(m for m, d in C.MEMORIALS.items() if d["owner"] == owner))
                mapping.update({mid: other, other: mid})
    new = renamed(state, mapping)
    for deck in DECKS:
        cards = new["decks"][deck]
        if set(cards) <= hidden:
            rnd.shuffle(cards)
    return reseeded(new, rnd)
