"""The Planet King — ``redeal`` (an analysis fork, RULINGS.md › R-REDEAL): the face-down decks are shuffled again
and a Secret Memorial its seat may not see becomes any of its type; in the cooperative game the King keeps His
Majesty's memorial and the Valido the Council's."""

import random

from engines.core.game import random_bot
from engines.planet_king import GAME
from engines.planet_king.components import C


def _memorials_read(seed: int) -> dict:
    rnd = random.Random(seed)
    s = GAME.setup(seed, {"scenario": "planet_king", "mode": "cooperative"})
    while len(s["memorials"]["read"]) < 2:
        assert s["outcome"] is None
        role = rnd.choice(GAME.active_roles(s))
        s = GAME.apply(s, role, *random_bot(GAME, GAME.view(s, role), role, rnd))
    return s


def test_the_king_and_the_valido_each_keep_their_own_memorial():
    s = _memorials_read(3)
    m = s["memorials"]
    assert not set(m["claimed"]) & {m["hm"], m["council"]}
    for role, mine, other in (("king", "hm", "council"), ("valido", "council", "hm")):
        dealt = [GAME.redeal(s, role, random.Random(n)) for n in range(12)]
        assert all(d["memorials"][mine] == m[mine] for d in dealt)
        assert {d["memorials"][other] for d in dealt} - {m[other]}
        assert all(C.MEMORIALS[d["memorials"][other]]["owner"] == other for d in dealt)
        assert all(GAME.view(d, role) == GAME.view(s, role) for d in dealt)
        assert all(sorted(d["decks"]["events"]) == sorted(s["decks"]["events"]) for d in dealt)
        assert any(d["decks"]["events"] != s["decks"]["events"] for d in dealt)
