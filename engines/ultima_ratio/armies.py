"""Ultima Ratio Regis — armies and fleets in the flow: who moves with a leader (10.3, 11.2, 12.2), the stacking
of fleets by their naval base (15.1.2), the overstack decision at the end of every action (15.1.1) and a leader
reattached before his unit is eliminated (17.1, 13.1.7).

An army is a leader's troop and the troops that move with it (12.2); a fleet a leader's squadron and the
squadrons with it (11.2). A fleet is formed in the naval operations of the player's impulse (11.2: "at any time
during his impulse, a player can freely ... assemble or disassemble the fleets") and kept while stacked
(``fleets.py``, RULINGS A-5).
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import battles, leaders, logistics, naval
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board

MAX_UNITS = 4  # 10.3: "a leader with up to four troops or squadrons"


# ----- who moves together ----------------------------------------------------------------------------------------
def led(s: dict, uid: str) -> bool:
    """The unit carries a leader (17.1): it may move as an army or a fleet (10.3, 11.2, 12.2)."""
    return bool(battles.leaders_on(s, [uid]))


def map_of(board: Board, loc: str) -> str:
    """The map a location is drawn on (10.4); The East on the India mini-map counts as the main map (13.5.7,
    RULINGS A-3)."""
    area = st.loc_area(loc)
    if area is None:
        return board.sea_map[st.loc_sea(loc)]
    return "main" if st.on_main_map(board, area) else board.areas[area].map


def besieged(s: dict, uid: str) -> bool:
    """The unit is inside a besieged fortress's area on the defending side (13.4): it cannot join a movement."""
    info = s["units"][uid]
    area = st.loc_area(info["loc"])
    siege = s["areas"][area]["siege"] if area in s["areas"] else None
    return bool(siege and siege["besieger"] != info["power"])


def joinable(g: Ctx, power: str, group: list[str], loc: str) -> list[str]:
    """10.3 / 11.3 / 12.2: the own units of the group's kind at ``loc`` that may be absorbed (troops not
    besieged; squadrons operational, able to sail with the fleet, not after a piracy), while the group has
    fewer than four."""
    s = g.s
    if len(group) >= MAX_UNITS:
        return []
    kind = s["units"][group[0]]["kind"]
    galley = s["units"][group[0]].get("galley")
    out = []
    for uid in st.units_at(s, loc, power, kind):
        info = s["units"][uid]
        if uid in group or besieged(s, uid):
            continue
        if kind == "squadron" and (
            info["repair"]
            or info.get("pirated") == s["impulse"]["n"]
            or (bool(info["galley"]) != bool(galley) and not s["mediterranean_open"])
        ):
            continue
        out.append(uid)
    return out


def army_joinable(g: Ctx, power: str, group: list[str], landing: bool) -> list[str]:
    """12.2: the troops of the leader's area that may move with his army; for an amphibious landing (12.3.1) only
    troops that began the impulse there and took no action, while an escort fleet has a squadron for each."""
    from engines.ultima_ratio import landings

    s = g.s
    loc = s["units"][group[0]]["loc"]
    out = joinable(g, power, group, loc)
    if landing:
        start = s["impulse"]["start_locs"]
        out = [
            u
            for u in out
            if start.get(u) == loc and not st.acted_this_impulse(s, u) and not landings.leader_moved(s, u)
        ]
        if out and not landings.landing_escorts(g, power, group[0], len(group) + 1):
            return []
    return out


def room(g: Ctx, power: str, area: str, group: list[str]) -> int:
    """15.1: how many troops of the group fit in the area besides the power's troops already there that are not in
    it (members already in the area count once); the limit with the commander of all of them (15.1.1: an
    organizer adds one)."""
    s, b = g.s, g.game.board
    here = st.troops_in(s, area, power)
    together = sorted(set(here) | set(group))
    limit = logistics.stacking_limit(
        b.areas[area], battles.holding(s, b, area), battles.commander_ability(s, b, together)
    )
    return limit - len(set(here) - set(group))


def may_stay(g: Ctx, power: str, group: list[str], area: str) -> list[str]:
    """12.2 / 15.1.1: the army's troops (not the leader's own) that may be left in the area it entered: the troops
    staying there must not be overstacked (they end their movement)."""
    return [u for u in group[1:] if room(g, power, area, [x for x in group if x != u]) >= 0]


# ----- 15.1.2 Fleet stacking ---------------------------------------------------------------------------------------
def fleet_limit(s: dict, board: Board, power: str, sea: str, galley: bool, group: list[str]) -> int:
    """15.1.2: "Fleets at sea have the same stacking limit as the naval base from which they operate": the best
    base within the naval operation distance (``logistics.stacking_limit`` of the port as held now), plus one
    with an organizer commander (``logistics.fleet_limit``); 0 without a base."""
    reach = naval.operation_distance(s, board, sea) - 1
    best = 0
    for port in naval.base_ports(s, board, power, galley):
        far = naval.port_reach(board, port, sea)
        if far is not None and far <= reach:
            best = max(best, logistics.stacking_limit(board.areas[port], battles.holding(s, board, port)))
    if not best:
        return 0
    return logistics.fleet_limit(best, battles.commander_ability(s, board, group))


def fleet_may_be_at(s: dict, board: Board, power: str, sea: str, group: list[str]) -> bool:
    """A fleet may end in a sea with a base in range whose limit holds all its squadrons (15.1.2)."""
    galley = bool(s["units"][group[0]]["galley"])
    return len(group) <= fleet_limit(s, board, power, sea, galley, group)


# ----- 15.1.1 the overstack decision --------------------------------------------------------------------------------
def overstacked(g: Ctx, power: str) -> list[str]:
    """The areas where the power's troops are over the stacking limit (15.1.1, ``logistics.overstack_decision``),
    besieged troops (with their fortress) counted apart."""
    from engines.ultima_ratio import leader_flow

    s, b = g.s, g.game.board
    units = leader_flow.on_map(s, leader_flow.counters(s))
    out = []
    for area in sorted({st.loc_area(s["units"][u]["loc"]) for u in st.units_of(s, power, "troop", "map")} - {None}):
        limit = battles.stacking_limit(s, b, area, power)
        for siege in (False, True):
            d = logistics.overstack_decision(units, st.AREA + area, [power], limit, besieged=siege)
            if d and d.count:
                out.append(area)
                break
    return out


def after_action(g: Ctx, seat: str) -> dict | None:
    """15.1.1 "When a player finishes an action, overstacked troops must be dispersed": the frame locals of the
    ``disperse_overstack`` decision for the first overstacked area of the seat's powers, else None."""
    for power in st.powers_of(g.s, seat):
        areas = overstacked(g, power)
        if areas:
            return {"power": power, "area": areas[0], "picked": []}
    return None


class DisperseOverstack(Step):
    """15.1.1: the player picks the troops to disperse, one at a time, until the stack is within the limit; then,
    if the area has several dispersion boxes (18.1, 18.5: Western Europe's two, border areas), the box."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.seat_of(g.s, g.frame["power"])]

    def _decision(self, g: Ctx):
        from engines.ultima_ratio import leader_flow

        f, s = g.frame, g.s
        units = [u for u in leader_flow.on_map(s, leader_flow.counters(s)) if u["id"] not in f["picked"]]
        limit = battles.stacking_limit(s, g.game.board, f["area"], f["power"])
        for siege in (False, True):
            d = logistics.overstack_decision(units, st.AREA + f["area"], [f["power"]], limit, besieged=siege)
            if d and d.count:
                return d
        return None

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        d = self._decision(g)
        if d is not None:
            return text("prompt.overstack", area=f["area"], count=d.count), {"disperse": list(d.options)}
        boxes = logistics.dispersion_boxes(g.game.board.areas[f["area"]], g.game.board.map)
        return text("prompt.dispersion_box", area=f["area"]), {"box": boxes}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.{verb}", arg=arg)

    def on_disperse(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        f["picked"].append(arg)
        if self._decision(g) is None:
            boxes = logistics.dispersion_boxes(g.game.board.areas[f["area"]], g.game.board.map)
            if len(boxes) == 1:
                self.on_box(g, role, boxes[0])

    def on_box(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        for uid in f["picked"]:
            st.move_unit(g.s, uid, st.BOX + arg)
        g.log("log.overstack", power=f["power"], area=f["area"], units=list(f["picked"]), box=arg, rule="stacking")
        g.end(None)


# ----- 17.1 a leader reattached before his unit is eliminated -------------------------------------------------------
def reattachments(g: Ctx, result: dict) -> list[dict]:
    """13.1.7 / 17.1 (``leaders.reattach_decision``): for each leader of a player's power on a unit the combat
    eliminates — or on the fortress a capitulation destroys (13.4.5, RULINGS L-13) —, the units of the same stack
    that survive it; a leader with none goes with his unit."""
    from engines.ultima_ratio import leader_flow

    s = g.s
    gone = {u for side in result["eliminated"].values() for u in side} | {result.get("fortress_destroyed")} - {None}
    units = leader_flow.on_map(s, leader_flow.counters(s))
    out = []
    for uid in sorted(gone):
        if not any(u["id"] == uid for u in units):
            continue
        for d in leaders.reattach_decision(leader_flow.state_leaders(s), units, uid):
            options = [o for o in d.options if o not in gone]
            if options and d.power in s["powers"]:
                out.append({"leader": d.at, "options": options})
    return out


def reattach(g: Ctx, leader: str, target: str) -> None:
    """17.1: "the leader may be attached to any own troop or fortress in the area, or to a squadron of the fleet,
    at any time (even during or right after a combat) and at no cost"."""
    g.s["leaders"][leader]["unit"] = target
    g.log("log.leader_reattached", leader=leader, unit=target, rule="leaders")


class ReattachLeader(Step):
    """17.1: the player chooses the unit of the stack the leader goes to before his own is eliminated."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.seat_of(g.s, g.s["leaders"][g.frame["leader"]]["power"])]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.reattach_leader", leader=g.frame["leader"]), {"unit": list(g.frame["options"])}

    def on_unit(self, g: Ctx, role: str, arg: str) -> None:
        reattach(g, g.frame["leader"], arg)
        g.end(None)


STEPS = {"disperse_overstack": DisperseOverstack(), "reattach_leader": ReattachLeader()}
