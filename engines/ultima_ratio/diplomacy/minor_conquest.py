"""Ultima Ratio Regis — 20.3.3 Alliance by conquest: "If a major power completely occupies a minor power that was
allied with another major power with which it was at war, it immediately becomes allied with that minor power. If the
minor power does not have a key area, the major power losing the minor power must give a morale to the newly allied
major power (see 21.3.4). All the minor power's units are placed in the eliminated units box. If the minor power is
entirely occupied by several enemy major powers, the allied major power continues to be allied with it."

Read after each control taken (``land_areas.take_control``): an allied minor's area taken at war stays the minor's
possession (controlled by the taker, as a major power's area would), so that its territory is known.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.cards import deck


def territory(s: dict, minor: str) -> list[str]:
    """The minor power's areas in play: those it possesses (its card's, and those events gave it)."""
    return sorted(a for a, info in s["areas"].items() if info["owner"] == minor)


def occupier(s: dict, minor: str) -> str | None:
    """The one major power that controls every area of the minor against its ally, or None (some area is still its
    own or its ally's, in revolt, or held by several enemies)."""
    ally = s["minors"][minor]["ally"]
    sides = {st.side_of(s, s["areas"][a]["control"]) for a in territory(s, minor)}
    if len(sides) != 1:
        return None
    (side,) = sides
    if side is None or side == ally or ally is None or not deck.at_war(s, side, ally):
        return None
    return side


def after_control(g: Ctx, taker: str, area: str) -> None:
    """20.3.3 when ``taker`` has just taken ``area``."""
    s = g.s
    minor = s["areas"][area]["owner"]
    if minor not in s["minors"] or occupier(s, minor) != taker:
        return
    loser = s["minors"][minor]["ally"]
    areas = territory(s, minor)
    s["minors"][minor] = {"ally": taker}  # a new ally: no announcement of 20.5 yet
    g.log("log.minor_conquered", minor=minor, power=taker, former=loser, rule="minor_conquest")
    if not any(
        board_of(g).areas[a].key_area for a in areas
    ):  # 21.3.5: "losing an allied minor power without key areas"
        deck.deliver_morale(g, loser, taker, "minor_conquered")
    for uid in sorted(u for u, info in s["units"].items() if info["power"] == minor):
        if s["units"][uid]["loc"] != "eliminated":
            st.move_unit(s, uid, "eliminated")
    for a in areas:  # 20.4.2: the new ally's control markers are removed
        if s["areas"][a]["control"] == taker:
            s["areas"][a]["control"] = minor
