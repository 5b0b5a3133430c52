"""Ultima Ratio Regis — 10. Strategic movement: a single squadron across a chain of adjacent seas (10.1), a single
troop across controlled areas, areas with own troops and seas (10.2), interception at sea (10.2.1, through the
naval hooks), armies and fleets with a leader (10.3: up to four units, absorbed or left on the way), between maps
one unit at a time (10.4). Each step of the path is one decision: the next area or sea, a unit absorbed or left,
or stop.

A repatriation (14.1.1) is a strategic movement of one troop with its own crossing rules (``Lane``): the frame
says ``repatriating``; the troop may not absorb or leave troops, and losing at sea disperses it. The transfer of an
expeditionary corps (21.2.2) is one too: the frame says ``transfer_to`` (the power receiving the troop; ``by``, the
power whose player moves it), its lane ends in an area that power controls, at sea it counts as that power's for
naval interception, and where it stops it becomes that power's (``hand_over``; ``expeditionary`` {troop: the power
that ceded it}).
"""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.combat import battles
from engines.ultima_ratio.leaders import leader_state
from engines.ultima_ratio.logistics import repatriation, stacking
from engines.ultima_ratio.movement import armies, fleets, naval_bases, naval_interception, troop_paths
from engines.ultima_ratio.movement.troop_paths import Lane, troop_passable


class Asked(Container[str]):
    """Areas known by a question asked of each area once, when first looked at (a transfer's lane); ``within``: the
    only areas it may answer yes for, if known (the others are not asked)."""

    def __init__(self, question: Callable[[str], bool], within: Container[str] | None = None) -> None:
        self.question = question
        self.within = within
        self.known: dict[str, bool] = {}

    def __contains__(self, area: object) -> bool:
        if not isinstance(area, str):
            return False
        if area not in self.known:
            self.known[area] = (self.within is None or area in self.within) and self.question(area)
        return self.known[area]


def repatriation_lane(g: Ctx, power: str, here: str) -> Lane:
    """14.1.1 (``repatriation.crossable``): the areas of a strategic movement (10.2, ``troop_passable``) and every
    area of the power possessing ``here`` ("counted as if belonging to an ally"), never an area with enemy troops;
    it ends in an area the power controls (RULINGS R-4). A minor's troop never leaves its theater and the areas
    bordering it (20.2, 18.5; RULINGS G4-1): the possessor's areas it crosses are those it may use."""
    s = g.s
    through = repatriation.crossable(
        here,
        {a: info["owner"] for a, info in s["areas"].items() if info["owner"]},
        controlled=troop_paths.passable_areas(g, power),
        own_troop_areas=(),
        enemy_troop_areas=st.enemy_troop_areas(s, power),
    )
    if power not in s["powers"]:
        b = board_of(g)
        through = {a for a in through if st.interest_ok(s, b, power, a)}
    return Lane(frozenset(through), frozenset(a for a in through if a != here and st.controls(s, power, a)))


def transfer_lane(g: Ctx, power: str, receiver: str) -> Lane:
    """21.2.2: a troop of ``power`` transferred to ``receiver`` crosses the areas of a strategic movement (with the
    ally's, 21.2.1) and ends in an area ``receiver`` controls, not besieged ("from one area of a major power to one
    area of the other"; RULINGS AL-7)."""
    s = g.s
    ends = Asked(lambda a: st.controls(s, receiver, a) and not s["areas"][a]["siege"])
    within = troop_paths.lane_candidates(g, power, receiver)
    through = Asked(lambda a: a in ends or troop_passable(g, power, a), within)
    return Lane(through, ends, ("transfer", power, receiver), within)


def hand_over(g: Ctx, uid: str, to: str) -> None:
    """21.2.2: "Once the troop is in an area controlled by the ally, it will count as belonging to it for all
    purposes"; back with the power that ceded it, it is no longer an expeditionary corps."""
    s = g.s
    corps = s.setdefault("expeditionary", {})
    origin = corps.pop(uid, s["units"][uid]["power"])
    if to != origin:
        corps[uid] = origin
    if not corps:
        s.pop("expeditionary")
    s["units"][uid]["power"] = to
    msg = "log.expeditionary_returned" if to == origin else "log.expeditionary_handed_over"
    g.log(msg, unit=uid, power=to, origin=origin, rule="expeditionary_corps")


def lane_of(g: Ctx, f: dict) -> Lane | None:
    """The repatriation's (or a transfer's, 21.2.2) lane of a ``strategic_move`` frame, or None for an ordinary
    strategic movement."""
    if f.get("transfer_to"):
        return transfer_lane(g, f["power"], f["transfer_to"])
    if not f.get("repatriating"):
        return None
    start = st.loc_area(f["path"][0])
    assert start is not None  # a repatriating troop sets out from the area it must leave (repatriation_flow)
    return repatriation_lane(g, f["power"], start)


def movable(g: Ctx, power: str, first: bool = False) -> list[str]:
    """Counters that can make a strategic movement: troops on the map (besiegers too, 13.4.7; besieged ones only
    from a port, 10.2), operational squadrons not after a piracy (``first``: stop at the first one found)."""
    s = g.s
    out = []
    for u in st.units_of(s, power, where="map"):
        info = s["units"][u]
        if info["kind"] == "squadron" and (info["repair"] or naval_bases.pirated(s, u)):  # 9.3, 11.5.1
            continue
        area = st.loc_area(info["loc"])
        if info["kind"] == "troop" and (not area or (armies.besieged(s, u) and not st.coastal(board_of(g), area))):
            continue
        if sets_out(g, power, u, [info["loc"]]):
            out.append(u)
            if first:
                break
    return out


def assignable(g: Ctx, power: str) -> list[str]:
    """10.3: the power's leaders on the map (on a troop, a squadron or a fortress), none besieged, that a strategic
    movement of an army or fleet may assign to any troop or squadron of the power (RULINGS AU-4)."""
    s = g.s
    if not any(not armies.besieged(s, u) for u in movable(g, power)):
        return []
    out = []
    for lid, info in sorted(s["leaders"].items()):
        if info["power"] != power:
            continue
        on = info["unit"]
        if on.startswith("fortress:"):
            area = on
            if area in s["areas"] and not s["areas"][area]["siege"]:
                out.append(lid)
        elif (
            on in s["units"]
            and (st.loc_area(s["units"][on]["loc"]) or st.loc_sea(s["units"][on]["loc"]))
            and not armies.besieged(s, on)
        ):
            out.append(lid)
    return out


def next_places(
    g: Ctx, power: str, uid: str, path: list[str], group: list[str] | None = None, lane: Lane | None = None
) -> dict[str, list[str]]:
    """The next locations of the path (``{"area": [...], "sea": [...]}``), never one already crossed, and only
    those from which the movement of the ``group`` (the unit alone by default) can still end somewhere; a
    repatriation's ``lane`` says which areas it crosses and ends in (14.1.1)."""
    steps = _steps(g, power, uid, path, group, lane)
    return {
        kind: [x for x in places if _leads_to_end(g, power, uid, path, x, group, lane)]
        for kind, places in steps.items()
    }


def sets_out(g: Ctx, power: str, uid: str, path: list[str], lane: Lane | None = None) -> bool:
    """Whether ``next_places`` offers anything: the first next place found that leads to an end is enough. A troop
    without leader setting out alone asks its power's ``troop_paths.TroopReach`` (the same for every such troop)."""
    s = g.s
    if len(path) == 1 and s["units"][uid]["kind"] == "troop" and not leader_state.leaders_on(s, [uid]):
        return troop_paths.troop_reach(g, power, lane).sets_out(path[0])
    return any(
        _leads_to_end(g, power, uid, path, x, None, lane)
        for kind, places in _steps(g, power, uid, path, None, lane).items()
        for x in places
    )


def _leads_to_end(
    g: Ctx, power: str, uid: str, path: list[str], start: str, group: list[str] | None = None, lane: Lane | None = None
) -> bool:
    """Whether some ending place (10.1, 10.2) can be reached from ``start`` without crossing the path again. A
    fleet may leave squadrons in any sea where one may stay (10.3), so one squadron's ending is enough for it."""
    seen = set(path)
    queue = [start]
    seen.add(start)
    squadron = g.s["units"][uid]["kind"] == "squadron"
    while queue:
        loc = queue.pop()
        if may_stop(g, power, uid, [*path, loc], False, None if squadron else group, lane):
            return True
        if squadron and st.loc_area(loc):
            continue
        for places in _steps(g, power, uid, [path[0], loc] if group else [loc], group, lane).values():
            for x in places:
                nxt = x
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
    return False


def _steps(
    g: Ctx, power: str, uid: str, path: list[str], group: list[str] | None = None, lane: Lane | None = None
) -> dict[str, list[str]]:
    """The places next to the path's end; an army or fleet of several units stays on the map it started on
    (10.4), and a fleet sails only where all its squadrons may (18.6.1)."""
    s, b = g.s, board_of(g)
    here = path[-1]
    info = s["units"][uid]
    seen = set(path)
    areas: list[str] = []
    seas: list[str] = []
    area, sea = st.loc_area(here), st.loc_sea(here)
    if info["kind"] == "troop":
        if lane is None:  # the same for every troop of the power: once per reading of the state
            areas, seas = st.remembered(
                s, ("troop_steps", power, here), lambda: troop_paths.troop_steps(g, power, here, None)
            )
        else:
            areas, seas = troop_paths.troop_steps(g, power, here, lane)
    else:
        if area is not None:
            seas = [x for x in b.areas[area].seas if naval_bases.may_sail(s, b, uid, x)]
        else:
            assert sea is not None  # a place on a path is an area or a sea
            seas = [x for x in b.sea_links[sea] if naval_bases.may_sail(s, b, uid, x)]
            areas = [
                a
                for a in naval_bases.own_ports(s, b, power, sea)
                if s["mediterranean_open"] or b.mediterranean_port(a) == info["galley"]
            ]
    out = {"area": [a for a in areas if a not in seen], "sea": [x for x in seas if x not in seen]}
    if group and len(group) > 1:
        home = armies.map_of(b, path[0])
        out = {
            kind: [
                x
                for x in places
                if armies.map_of(b, x) == home
                and (kind == "area" or all(naval_bases.may_sail(s, b, u, x) for u in group if u != uid))
            ]
            for kind, places in out.items()
        }
    return out


def may_stop(
    g: Ctx,
    power: str,
    uid: str,
    path: list[str],
    included: bool,
    group: list[str] | None = None,
    lane: Lane | None = None,
) -> bool:
    """10.2: a troop (or army) ends in an area with room for it (15.1.1: not overstacked) that it may cross by its
    own rules — an area an ally controls is crossed only (21.2.1 "through", RULINGS AL-5) —, a repatriating troop in
    an area of its ``lane``'s ends (14.1.1); 10.1: a squadron in an own port, or at sea with a base in range, a
    fleet within its base's stacking limit (15.1.2)."""
    s, b = g.s, board_of(g)
    group = group or [uid]
    here = path[-1]
    if len(path) == 1:
        return included
    area = st.loc_area(here)
    if s["units"][uid]["kind"] == "troop":
        return (
            area is not None
            and (area in lane.ends if lane else not s["alliances"] or troop_passable(g, power, area, True, False))
            and stacking.room(g, power, area, group) >= len(group)
        )
    if area is not None:
        return True
    sea = st.loc_sea(here)
    assert sea is not None  # a place on a path is an area or a sea
    if len(group) > 1:
        return stacking.fleet_may_be_at(s, b, power, sea, group)
    return naval_bases.has_base(s, b, power, sea, s["units"][uid]["galley"])


def leavable(g: Ctx, power: str, group: list[str], loc: str) -> list[str]:
    """10.3: units of the group (not the leader's own) that may stay at ``loc``: those already there, troops in an
    area with room for one more (15.1.1), squadrons in a sea with a base in range (11.1)."""
    s, b = g.s, board_of(g)
    out = []
    for uid in group[1:]:
        info = s["units"][uid]
        if info["loc"] == loc:
            out.append(uid)
        elif info["kind"] == "troop":
            area = st.loc_area(loc)
            if area and stacking.room(g, power, area, [uid]) >= 1:
                out.append(uid)
        elif (sea := st.loc_sea(loc)) and naval_bases.has_base(s, b, power, sea, info["galley"]):
            out.append(uid)
    return out


class StrategicMove(Step):
    """Frame: ``power``, ``unit`` (once chosen), ``path`` (locations crossed), ``included`` (part of a
    construction / regroup / repair action, which may stop where it is), ``group`` (the unit and the units its
    leader absorbed, 10.3), ``repatriating`` (14.1.1: a troop alone, even with a leader, on its ``Lane``)."""

    goes_to = ("sea_interception",)

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame.get("by") or g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f, s = g.frame, g.s
        if "unit" not in f:
            units = movable(g, f["power"])
            if "leader" in f:  # 10.3: his army or fleet's unit, not besieged
                return text("prompt.strategic_leader_unit", leader=f["leader"]), {
                    "unit": [u for u in units if not armies.besieged(s, u)]
                }
            chits = [] if f.get("included") else assignable(g, f["power"])
            return text("prompt.strategic_unit"), {k: v for k, v in (("unit", units), ("leader", chits)) if v}
        group = f.get("group", [f["unit"]])
        here = f["path"][-1]
        lane = lane_of(g, f)
        legal: dict[str, list] = dict(next_places(g, f["power"], f["unit"], f["path"], group, lane))
        if st.loc_area(here) and len(f["path"]) > 1 and s["units"][f["unit"]]["kind"] == "squadron":
            legal = {"area": [], "sea": []}  # a squadron that enters a port ends its movement there
        if may_stop(g, f["power"], f["unit"], f["path"], f.get("included", False), group, lane):
            legal["stop"] = [None]
        if (
            armies.led(s, f["unit"]) and not f.get("included") and not lane and not _set_out_besieged(g)
        ):  # 14.1.1: no army
            if len({armies.map_of(board_of(g), p) for p in f["path"]}) == 1:  # 10.4: one unit between maps
                legal["absorb"] = armies.joinable(g, f["power"], group, here)
            legal["leave"] = leavable(g, f["power"], group, here)
        return text("prompt.strategic_path", unit=f["unit"], here=here), {k: v for k, v in legal.items() if v}

    def allows(self, g: Ctx, role: str, verb: str, arg: Any) -> bool:
        """Stopping is checked alone (``may_stop``, as the prompt offers it), without the search of every next
        place; any other move by the prompt's list."""
        f = g.frame
        if verb == "stop" and "unit" in f:
            group = f.get("group", [f["unit"]])
            return arg is None and may_stop(
                g, f["power"], f["unit"], f["path"], f.get("included", False), group, lane_of(g, f)
            )
        return super().allows(g, role, verb, arg)

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "leader":
            return text("act.strategic_leader", leader=arg)
        return text(f"act.{verb}", arg=arg)

    def on_leader(self, g: Ctx, role: str, arg: str) -> None:
        """10.3: "first select the leader chit that is going to perform it (which cannot be besieged)"."""
        g.frame["leader"] = arg

    def on_unit(self, g: Ctx, role: str, arg: str) -> None:
        """10.3: the leader chosen is assigned to the unit ("and assign it to any troop or squadron on the map");
        a squadron with a leader sets out with its fleet as it is (11.2, ``fleets.formed``)."""
        f = g.frame
        if "leader" in f and g.s["leaders"][f["leader"]]["unit"] != arg:
            g.s["leaders"][f["leader"]]["unit"] = arg
            g.log("log.leader_assigned", leader=f["leader"], unit=arg, rule="army_movement")
        f["unit"] = arg
        f["group"] = fleets.formed(g, f["power"], arg) if g.s["units"][arg]["kind"] == "squadron" else [arg]
        f["path"] = [g.s["units"][arg]["loc"]]

    def on_absorb(self, g: Ctx, role: str, arg: str) -> None:
        """10.3: "with each movement ... squadrons or troops can be absorbed" (at most four in all)."""
        _group(g.frame).append(arg)
        g.log("log.absorbed", unit=arg, leader=leader_state.leaders_on(g.s, [g.frame["unit"]])[0], rule="army_movement")

    def on_leave(self, g: Ctx, role: str, arg: str) -> None:
        """10.3: "... or left on the way"."""
        f = g.frame
        _group(f).remove(arg)
        here = f["path"][-1]
        if g.s["units"][arg]["loc"] != here:
            st.move_unit(g.s, arg, here)
            g.s["units"][arg]["acted"] = g.s["impulse"]["n"]
            g.log("log.left_behind", unit=arg, place=here, rule="army_movement")

    def on_area(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["path"].append(arg)

    def on_sea(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        f["path"].append(arg)
        if g.s["units"][f["unit"]]["kind"] == "troop":
            mover = f.get("transfer_to") or f["power"]  # 21.2.2: at sea, the receiver's (RULINGS AL-7)
            fleets = naval_interception.strategic_interceptors(g, mover, arg, target=None)
            if fleets:
                g.call("sea_interception", power=mover, troops=list(_group(f)), sea=arg, fleets=fleets)

    def resume(self, g: Ctx, result: Any) -> None:
        """After an interception at sea (10.2.1): a lost combat puts the troops back in the last land area; a
        repatriating troop is dispersed instead (14.1.1, ``repatriation.lost_at_sea``, RULINGS R-1)."""
        f = g.frame
        if result == "stopped" and f.get("repatriating"):
            left = st.loc_area(f["path"][0])
            assert left is not None  # a repatriating troop sets out from the area it must leave (repatriation_flow)
            box = battles.theater_box(g.s, board_of(g), f["unit"], left)
            lost = repatriation.lost_at_sea(leader_state.counters(g.s), f["unit"], box)
            st.move_unit(g.s, f["unit"], next(u["at"] for u in lost if u["id"] == f["unit"]))
            g.log("log.repatriation_lost_at_sea", unit=f["unit"], box=box, rule="repatriation")
            battles.offer_box(g, f["unit"], left)  # 18.5: from a border area, the box (RULINGS BX-2)
            g.end("done")
        elif result == "stopped":
            last = next(p for p in reversed(f["path"]) if st.loc_area(p))
            for uid in _group(f):
                st.move_unit(g.s, uid, last)
                g.s["units"][uid]["acted"] = g.s["impulse"]["n"]
            g.log("log.strategic_stopped", unit=f["unit"], area=st.loc_area(last), rule="strategic_interception")
            g.end("done")

    def on_stop(self, g: Ctx, role: str, arg: Any) -> None:
        f, s = g.frame, g.s
        if len(f["path"]) > 1:
            for uid in _group(f):
                st.move_unit(s, uid, f["path"][-1])
            crossed = f["path"][1:]
            refs = list(f["path"])
            if f.get("repatriating"):
                g.log("log.repatriated_strategic", unit=f["unit"], path=crossed, rule="repatriation", refs=refs)
            elif len(_group(f)) > 1:
                g.log(
                    "log.strategic_army",
                    leader=leader_state.leaders_on(s, [f["unit"]])[0],
                    units=list(_group(f)),
                    path=crossed,
                    rule="army_movement",
                    refs=refs,
                )
            else:
                g.log(
                    "log.strategic",
                    power=f["power"],
                    unit=f["unit"],
                    path=crossed,
                    rule="strategic_movement",
                    refs=refs,
                )
        for uid in _group(f):
            s["units"][uid]["acted"] = s["impulse"]["n"]
        if s["units"][f["unit"]]["kind"] == "squadron":
            fleets.form(g, list(_group(f)))  # the squadrons stay a fleet where they end (11.2)
        if f.get("transfer_to") and len(f["path"]) > 1:
            hand_over(g, f["unit"], f["transfer_to"])
        g.end("done")


def _set_out_besieged(g: Ctx) -> bool:
    """10.3: the leader of an army or fleet "cannot be besieged": a troop leaving its besieged port goes alone."""
    start = st.loc_area(g.frame["path"][0])
    siege = g.s["areas"][start]["siege"] if start in g.s["areas"] else None
    return bool(siege and siege["besieger"] != g.frame["power"])


def _group(f: dict) -> list[str]:
    """The units moving together (a construction or repair's move names only its unit)."""
    return f.setdefault("group", [f["unit"]])


STEPS = {"strategic_move": StrategicMove()}
