"""Ultima Ratio Regis — the VP an event promises for an area a power "comes to possess" (22, l. 1799: "Others,
detailed in the card itself"; the condition ``gains_possession``): Fall of the Hospitallers (Turn 3, l. 2231: "With
this card, if the Ottomans come to possess Rhodes, they gain 1 VP ... If in the future the Ottomans come to possess
Malta ... the Ottomans gain 1 VP").

When the card is played each named area the power does not possess yet is watched (``possession_vp``: [card, power,
area, VP], made when first needed); the promise lasts the game ("in the future") and is kept once per area, as soon
as the power possesses the area at one of the moments the flow looks: after each action (``impulse``), after each
event, and before the end-of-turn VP (``turn_end``) — so a conquest, a peace condition or an event all count
(RULINGS HO-1).
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st


def watch(g: Ctx, card: str, power: str, areas: list[str], vp: int) -> None:
    """The card promises ``vp`` to ``power`` for each of ``areas`` it comes to possess; an area it possesses already
    is not one it comes to possess (nothing is promised for it)."""
    s = g.s
    for area in areas:
        if s["areas"].get(area, {}).get("owner") == power:
            g.log("log.possession_vp_held", event=card, power=power, area=area, rule="victory_points")
            continue
        s.setdefault("possession_vp", []).append([card, power, area, vp])
        g.log("log.possession_vp_watch", event=card, power=power, area=area, amount=vp, rule="victory_points")


def check(g: Ctx) -> None:
    """Pay every promise whose power in play now possesses its area (and forget it)."""
    s = g.s
    kept = []
    for card, power, area, vp in s.get("possession_vp", []):
        if power in s["powers"] and s["areas"].get(area, {}).get("owner") == power:
            seat = st.player_of(s, power)
            s["seats"][seat]["vp"] += vp
            g.log("log.possession_vp", event=card, power=power, area=area, amount=vp, rule="victory_points")
        else:
            kept.append([card, power, area, vp])
    if "possession_vp" in s:
        s["possession_vp"] = kept
