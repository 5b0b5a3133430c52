"""Ultima Ratio Regis — 20.5 Independent minor powers: "major powers may declare war to these minor powers as if
they were any major power (as long as they are allied with major powers with which they are not in forced peace)",
and "when these minor powers go to war with a major power, they drag the allied major power with them, which
automatically also enters the war" (RULINGS W-3, MP-10). A war against an allied minor is its ally's war: the
parties fight by their sides (``state.side_of``), so the pair at war is the declarer's and the ally's.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of


def allied_targets(g: Ctx, power: str, in_forced_peace) -> list[str]:
    """The independent minors allied with a major power that ``power`` may declare war on: not allied with one of
    its player's powers, nor with a power already at war with it or in forced peace with it (21.5.4)."""
    s, board = g.s, board_of(g)
    seat = st.seat_of(s, power)
    out = []
    for minor, info in sorted(s["minors"].items()):
        ally = info["ally"]
        if ally is None or board.minor(minor).kind != "independent" or ally == power:
            continue
        if st.seat_of(s, ally) == seat or st.hostile(s, power, ally) or in_forced_peace(s, power, ally):
            continue
        out.append(minor)
    return out


def dragged_ally(s: dict, target: str) -> str | None:
    """The major power a declaration of war on ``target`` drags into the war (20.5), or None."""
    info = s["minors"].get(target)
    return info["ally"] if info else None
