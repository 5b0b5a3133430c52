"""Ultima Ratio Regis — 12.3 Amphibious landings: the troops that may land (12.3.1: began the impulse in a coastal
area, took no action, an escort based in the departure port), the target ports within the naval operation distance
(11.1.2; between maps at least 2 and a single troop, 12.3.3), the escort fleet with a squadron for each troop that
lands (12.3.1), and the crossing through the seas the player states, intercepted in each like a strategic movement
(12.3.2, ``crossings``). The landing itself is a tactical movement (land_movement.TacticalMove with ``landing``;
an army lands with its leader, armies.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.movement import armies, fleets, land_areas, naval_bases, naval_interception


def landers(g: Ctx, power: str, first: bool = False) -> list[str]:
    """12.3.1: troops that began the impulse in a coastal area where they still are, took no action, carry no leader
    who moved in the impulse (``leader_moved``), and have a target and an escort (``first``: the first one only,
    whether there is one)."""
    s, b = g.s, board_of(g)
    start = s["impulse"]["start_locs"]
    out = []
    ready: dict[str, bool] = {}  # a departure port -> an escort and a target from it (the same for its every troop)
    for u in st.units_of(s, power, "troop", "map"):
        area = st.loc_area(s["units"][u]["loc"])
        if (
            not area
            or start.get(u) != s["units"][u]["loc"]
            or st.acted_this_impulse(s, u)
            or not st.coastal(b, area)
            or leader_moved(s, u)
        ):
            continue
        if area not in ready:
            ready[area] = (
                bool(landing_escorts(g, power, u)) and next(_targets(g, power, u, ordered=False), None) is not None
            )
        if ready[area]:
            out.append(u)
            if first:
                break
    return out


def leader_moved(s: dict, uid: str) -> bool:
    """12.3.1: "troops (or leaders) that have already moved or made other amphibious landings in the impulse, cannot
    conduct an amphibious landing": the troop carries a leader who came to it (17.1) from a unit that had moved or
    landed in this impulse (``impulse.leaders_moved``; the start of impulse's swap is no movement, RULINGS AU-3)."""
    moved = s["impulse"].get("leaders_moved", ())
    return any(s["leaders"][lid]["unit"] == uid for lid in moved if lid in s["leaders"])


def landing_escorts(g: Ctx, power: str, uid: str, troops: int = 1) -> list[str]:
    """12.3.1 "an escort fleet based in the same home port": an operational squadron in the departure port or at
    sea on one of its seas (RULINGS.md › 12.3.1). "The number of squadrons will limit the number of troops that
    can land": for several troops, a squadron with a leader (11.2: a fleet has one) where as many squadrons are
    (the fleet's flagship, ``armies.joinable`` gives the rest)."""
    s, b = g.s, board_of(g)
    area = st.loc_area(s["units"][uid]["loc"])
    assert area is not None  # a troop lands from the area (the port) it stands in (landers)
    places = {area, *(x for x in b.areas[area].seas)}
    out = [
        u for u in naval_bases.operational(s, power) if s["units"][u]["loc"] in places and not naval_bases.pirated(s, u)
    ]
    if troops > 1:
        out = [
            u
            for u in out
            if armies.led(s, u) and len(armies.joinable(g, power, [u], s["units"][u]["loc"])) + 1 >= troops
        ]
    return out


def army_joinable(g: Ctx, power: str, group: list[str], landing: bool) -> list[str]:
    """12.2: the troops of the leader's area that may move with his army; for an amphibious landing (12.3.1) only
    troops that began the impulse there and took no action, while an escort fleet has a squadron for each."""
    s = g.s
    loc = s["units"][group[0]]["loc"]
    out = armies.joinable(g, power, group, loc)
    if landing:
        start = s["impulse"]["start_locs"]
        out = [u for u in out if start.get(u) == loc and not st.acted_this_impulse(s, u) and not leader_moved(s, u)]
        if out and not landing_escorts(g, power, group[0], len(group) + 1):
            return []
    return out


def landing_targets(g: Ctx, power: str, uid: str, group: list[str] | None = None) -> list[str]:
    """12.3.1 / 11.1.2: coastal enemy (or independent) areas within naval operation distance of the departure
    port; between maps the distance must be at least 2 and a single troop lands (12.3.3)."""
    return list(_targets(g, power, uid, group))


def _targets(g: Ctx, power: str, uid: str, group: list[str] | None = None, ordered: bool = True) -> Iterator[str]:
    """The targets of ``landing_targets``, in the order of ``s["areas"]`` (``ordered``), or in any order when the
    caller asks only whether there is one (``landers``)."""
    s, b = g.s, board_of(g)
    start = st.loc_area(s["units"][uid]["loc"])
    assert start is not None  # a troop lands from the area (the port) it stands in (landers)
    home = armies.map_of(b, start)
    near = _near(g, start)
    reach = st.remembered(s, ("landing_reach",), dict)  # area -> the naval operation distance to land there
    for area in st.in_order(s, near) if ordered else (a for a in near if a in s["areas"]):
        if area == start or st.controls(s, power, area):
            continue
        if area not in reach:
            reach[area] = min(naval_bases.operation_distance(s, b, x) for x in b.areas[area].seas)
        far = b.port_gap(start, area)
        if far is None or far > reach[area] - 1:
            continue
        if group and len(group) > 1 and armies.map_of(b, area) != home:
            continue
        if land_areas.enterable(g, power, area) and land_areas.can_end(g, power, area, group):
            yield area


def _near(g: Ctx, start: str) -> frozenset[str]:
    """The coastal areas within the farthest naval operation distance of the departure port (11.1.2), the same
    for every power: once per reading."""
    s, b = g.s, board_of(g)

    def found() -> frozenset[str]:
        reach = max(s["naval_distance"].values()) - 1  # the farthest any naval operation distance reaches
        return frozenset(a for x in b.areas[start].seas for a in b.ports_near(x, reach))

    near: frozenset[str] = st.remembered(s, ("landing_near", start), found)
    return near


def crossings(g: Ctx, start: str, target: str) -> list[list[str]]:
    """12.3.2: the landing's crossing is "a movement identical to strategic movement from the departure port to the
    target port": the shortest chains of seas in play from a sea of the departure port to a sea of the target port,
    each next to the one before (11.1.3: the transoceanic seas one sea between maps), in the order sailed."""
    s, b = g.s, board_of(g)
    gap = b.port_gap(start, target)
    assert gap is not None  # the target was offered within reach of the departure port (landing_targets)
    ends = [y for y in b.areas[target].seas if y in s["seas_active"]]
    seas = [x for x in b.seas if x in s["seas_active"]]

    def chains(here: str, left: int) -> list[list[str]]:
        if left == 0:
            return [[here]] if here in ends else []
        return [
            [here, *rest]
            for nxt in seas
            if b.sea_distance(here, nxt) == 1 and any(b.sea_distance(nxt, y) == left - 1 for y in ends)
            for rest in chains(nxt, left - 1)
        ]

    return [c for x in b.areas[start].seas if x in s["seas_active"] for c in chains(x, gap)]


class LandingEscort(Step):
    """12.3.1-12.3.2: the player names the escort (a squadron, or the flagship of a fleet that takes a squadron for
    each troop, and may take more along), then the crossing's seas when several chains are possible; the crossing
    may be intercepted in each as a strategic movement. Frame: ``power``, ``unit``, ``troops`` (the landing army),
    ``target``, ``escorts``, then ``fleet``, ``routes`` (while asked), ``route`` and ``at`` (the next sea)."""

    goes_to = ("sea_interception",)

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        if "fleet" not in f:
            return text("prompt.landing_escort"), {"escort": list(f["escorts"])}
        if "routes" in f:
            return text("prompt.landing_route", target=f["target"]), {"route": list(f["routes"])}
        legal: dict[str, list] = {"absorb": self._joinable(g)}
        if len(f["fleet"]) >= len(f.get("troops", [f["unit"]])):
            legal["sail"] = [None]
        return text("prompt.landing_fleet"), {k: v for k, v in legal.items() if v}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "route":
            return text("act.landing_route", seas=arg)
        return text("act.escort", arg=arg) if verb == "escort" else text(f"act.{verb}", arg=arg)

    def _joinable(self, g: Ctx) -> list[str]:
        f = g.frame
        return armies.joinable(g, f["power"], f["fleet"], g.s["units"][f["fleet"][0]]["loc"])

    def on_escort(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        f["fleet"] = fleets.formed(g, f["power"], arg)
        if not (armies.led(g.s, arg) and self._joinable(g)):
            self.on_sail(g, role, None)

    def on_absorb(self, g: Ctx, role: str, arg: str) -> None:
        """11.2: the fleet is assembled where its squadrons are, at no cost."""
        g.frame["fleet"].append(arg)

    def on_sail(self, g: Ctx, role: str, arg: Any) -> None:
        """The escort sails: the crossing's seas (asked when several chains are possible, ``crossings``)."""
        f = g.frame
        for uid in f["fleet"]:
            g.s["units"][uid]["acted"] = g.s["impulse"]["n"]
        start = st.loc_area(g.s["units"][f["unit"]]["loc"])
        assert start is not None  # the landing troop still stands in its departure port
        routes = crossings(g, start, f["target"])
        if len(routes) > 1:
            f["routes"] = routes
            return
        self.on_route(g, role, routes[0] if routes else list(board_of(g).areas[f["target"]].seas))

    def on_route(self, g: Ctx, role: str, arg: list) -> None:
        g.frame.pop("routes", None)
        g.frame.update(route=list(arg), at=0)
        self._cross(g)

    def _cross(self, g: Ctx) -> None:
        """12.3.2 / 11.4.1: in each sea of the crossing the enemy fleets there may intercept, as in a strategic
        movement (10.2.1); the escort fleet sails with the landing into each sea where it is intercepted."""
        f = g.frame
        while f["at"] < len(f["route"]):
            sea = f["route"][f["at"]]
            f["at"] += 1
            interceptors = naval_interception.strategic_interceptors(g, f["power"], sea, f["target"])
            if interceptors:
                for uid in f["fleet"]:
                    if st.loc_sea(g.s["units"][uid]["loc"]) != sea:
                        st.move_unit(g.s, uid, sea)  # the escort sails with the landing (RULINGS.md › 12.3)
                fleets.form(g, list(f["fleet"]))
                g.call(
                    "sea_interception",
                    power=f["power"],
                    troops=list(f.get("troops", [f["unit"]])),
                    sea=sea,
                    fleets=interceptors,
                    fleet=list(f["fleet"]),
                )
                return
        fleets.form(g, list(f["fleet"]))  # the escort stays a fleet (11.2, RULINGS A-5)
        g.end("through")

    def resume(self, g: Ctx, result: Any) -> None:
        """After an interception: stopped, the landing is aborted (12.3.2); else it goes on with the escort's
        squadrons still in that sea (the beaten ones went to their base)."""
        f = g.frame
        if result == "stopped":
            g.end(result)
            return
        here = f["route"][f["at"] - 1]
        f["fleet"] = [u for u in f["fleet"] if g.s["units"][u]["loc"] == here]
        self._cross(g)


STEPS = {"landing_escort": LandingEscort()}
