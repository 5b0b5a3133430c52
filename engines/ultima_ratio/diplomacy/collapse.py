"""Ultima Ratio Regis — 21.6 Collapse: "Some events specify the collapse of a major power. Under these circumstances,
the major powers cannot end the war voluntarily."

A collapsing power (``collapsing``, set by ``begin``: the moment a scenario rule or event names, RULINGS AL-9) must
negotiate peace with every major power it is at war with, one after another, "even if it was winning"
(``peace.forced_due``'s cause ``collapse``); in each peace it loses, the winner keeps the areas of the collapsing power
it controls as its possessions (``peace.returns``); "Once at peace with all its enemies, ... rest in peace!"
(``rest_in_peace``): its units and markers go, its territories become independent A3, its card is discarded and its
allied minors become neutral.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.leaders import leader_rules, leader_state


def collapsing(s: dict, power: str | None) -> bool:
    return power is not None and power in s.get("collapsing", [])


def begin(g: Ctx, power: str) -> None:
    """21.6: the power collapses; if it is at war with no major power, it rests in peace at once."""
    s = g.s
    if collapsing(s, power) or power not in s["powers"]:
        return
    s.setdefault("collapsing", []).append(power)
    g.log("log.collapse_begins", power=power, rule="collapse")
    if not at_war_with_majors(s, power):
        rest_in_peace(g, power)


def at_war_with_majors(s: dict, power: str) -> bool:
    return any(power in pair and all(p in s["powers"] for p in pair) for pair in s["wars"])


def rest_in_peace(g: Ctx, power: str) -> None:
    """21.6: "Eliminate all its military units, along with the rest of the markers, and finally place independent
    (active A3) counters in all the territories it still controlled, and the major power card is discarded. Any
    allied minor powers are now neutral." Its possessions in revolt become independent A3 too, and its wars against
    minor powers, Casus Belli, alliances and merchants go (RULINGS AL-10)."""
    s = g.s
    units = [u for u, info in s["units"].items() if info["power"] == power]
    carried = [lid for lid, info in s["leaders"].items() if info["power"] == power]
    left, s["leader_pool"] = leader_rules.eliminate(
        leader_state.state_leaders(s), s["leader_pool"], board_of(g).leaders, set(carried)
    )
    s["leaders"] = {ld["id"]: {k: ld[k] for k in ("power", "unit", "extraordinary")} for ld in left}
    for uid in units:
        del s["units"][uid]
    territories = []
    for area, info in sorted(s["areas"].items()):
        if info["control"] == power or (info["owner"] == power and info["control"] is None):
            info.update(owner=None, control=None, marker="A3", siege=None)
            territories.append(area)
        elif info["owner"] == power:
            info["owner"] = info["control"]
        if info["fortress"] and info["fortress"]["power"] == power:
            info["fortress"] = None
    for held in (s["merchants"], s["merchants_prepared"]):
        for center in held.values():
            center.pop(power, None)
    for info in s["minors"].values():
        if info["ally"] == power:
            info["ally"] = None
    for key in ("wars", "casus_belli", "alliances", "forced_peace", "free_attacks"):
        s[key] = [pair for pair in s[key] if power not in pair]
    for record in [k for k in s.get("war_records", {}) if power in k.split("|")]:
        del s["war_records"][record]
    morale = s.get("morale", {})
    morale.pop(power, None)
    for given in morale.values():
        given.pop(power, None)
    s["impulse"]["actions"].pop(power, None)
    s["collapsing"].remove(power)
    if not s["collapsing"]:
        s.pop("collapsing")
    seat = st.player_of(s, power)
    s["seats"][seat]["powers"].remove(power)
    del s["powers"][power]
    g.log("log.collapse_rest_in_peace", power=power, areas=territories, rule="collapse")
