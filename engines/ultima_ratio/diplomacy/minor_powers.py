"""Ultima Ratio Regis — 20. Minor powers (and areas, 18.2.1) entering and leaving play: at the set-up (7.2, the minors whose areas are
active; 20.3.4 "at the beginning of the scenarios, there are powers that start with allies"), and when an event or a
turn's special rule makes one appear or disappear (``minor_appears`` / ``minor_disappears``).

A minor in play is ``minors[minor] = {"ally": major power or None}``; its counters are ``<minor>-troop-<n>`` and
``<minor>-squadron-<n>``, available on its card until placed (20.3.2); its card's fortresses are on the map.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.world import scenario_owners
from engines.ultima_ratio.world_items import Minor


def enter_play(s: dict, card: Minor, since: int = 0) -> None:
    """The minor is in play, neutral: its active areas not possessed by another become its own (those of a minor
    it leaves, e.g. the Palatinate out of the German States, pass to it), its card's fortresses stand there and its
    units wait on its card."""
    s["minors"][card.id] = {"ally": None}
    for area in card.areas:
        info = s["areas"].get(area)
        if info and (info["owner"] is None or info["owner"] in s["minors"]):
            info.update(owner=card.id, control=card.id)
    for area in card.units.fortresses:
        if area in s["areas"]:
            s["areas"][area]["fortress"] = {"power": card.id, "built": True, "since": since}
    for n, q in enumerate(card.units.troops, 1):
        st.new_unit(s, f"{card.id}-troop-{n}", card.id, "troop", f"{q}-{q + 1}")
    for n, q in enumerate(card.units.squadrons, 1):
        st.new_unit(s, f"{card.id}-squadron-{n}", card.id, "squadron", f"E{q}")


def leave_play(g: Ctx, minor: str) -> None:
    """The minor disappears: its counters leave the game, its fortresses too, and the areas it still possesses
    become level 3 independent areas (the turns' texts: "its areas are still active but level 3 independents";
    an area the rule makes inactive is then removed by its ``deactivate``, RULINGS MP-8)."""
    s = g.s
    for uid in sorted(u for u, info in s["units"].items() if info["power"] == minor):
        for lid, leader in list(s["leaders"].items()):
            if leader["unit"] == uid:  # a leader left without unit goes back to the pool (RULINGS R-9)
                del s["leaders"][lid]
                s["leader_pool"].append(lid)
        del s["units"][uid]
    for info in s["areas"].values():
        if info["fortress"] and info["fortress"]["power"] == minor:
            info["fortress"] = None
        if info["owner"] == minor:
            info.update(owner=None, control=None, marker="A3", siege=None)
        elif info["control"] == minor:
            info["control"] = info["owner"] if info["owner"] in (*s["powers"], *s["minors"]) else None
    s["minors"].pop(minor, None)
    g.log("log.minor_disappears", minor=minor, rule="minor_powers")


# ----- areas entering and leaving play (events' ``activate`` / ``deactivate``) ----------------------------------------
def activate(g: Ctx, areas: list[str]) -> None:
    """Areas become active (18.2.1): possessed as the scenario's table of possessions has them for this turn, if
    that power or minor is in play (``world.scenario_owners``), else independent A2 (RULINGS MP-9)."""
    s, board = g.s, board_of(g)
    owners = scenario_owners(s["scenario"], s["turn"], board.world, board.map.areas)
    for area in areas:
        if area in s["areas"] or area not in board.areas:
            continue
        owner = owners.get(area)
        owner = owner if owner in s["powers"] or owner in s["minors"] else None
        s["areas"][area] = {
            "owner": owner,
            "control": owner,
            "marker": None if owner else "A2",
            "fortress": None,
            "siege": None,
            "interrupted": False,
        }
        if owner:
            g.log("log.area_activated", area=area, owner=owner, rule="active_areas")
        else:
            g.log("log.area_activated_independent", area=area, rule="active_areas")
    s["seas_active"] = sorted(set(s["seas_active"]) | {x for a in s["areas"] for x in board.areas[a].seas})


def deactivate(g: Ctx, areas: list[str]) -> None:
    """Areas become inactive, "as if they were not even printed on the map" (18.2.1): the units there are
    eliminated (RULINGS MP-8) and the area leaves the state."""
    s = g.s
    for area in areas:
        if area not in s["areas"]:
            continue
        for uid in st.units_at(s, area):
            st.move_unit(s, uid, "eliminated")
        del s["areas"][area]
        g.log("log.area_deactivated", area=area, rule="active_areas")
