"""Ultima Ratio Regis — 10.2 the paths of a troop's strategic movement: the areas it may cross
(``troop_passable``), the places next to it (``troop_steps``) and, for a troop without leader setting out alone,
whether it can end anywhere (``TroopReach``: one search per power and reading of the state, not one per troop). A
repatriation (14.1.1) or a transfer (21.2.2) crosses its own ``Lane``. The movement itself is
``strategic_movement``'s."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Container, Iterable, Iterator
from typing import NamedTuple

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.logistics import stacking


class Lane(NamedTuple):
    """The land areas a repatriating (14.1.1) or transferred (21.2.2) troop may cross (``through``) and end in
    (``ends``); ``key``: what names it within a reading of the state (a transfer's powers), if anything; ``among``:
    the only areas ``through`` may hold, if known."""

    through: Container[str]
    ends: Container[str]
    key: tuple = ()
    among: Collection[str] | None = None


def troop_passable(g: Ctx, power: str, area: str, by_sea: bool = False, allied: bool = True) -> bool:
    """10.2: controlled areas, or uncontrolled areas with own troops not besieged; only areas the power may use
    (18.4.1). A siege's area "belongs to the besieger" for strategic movement (13.4.7); "nor besieged fortresses
    (other than ports) can be part of these movements": the besieged power reaches its besieged port only from the
    sea (RULINGS AU-1, AV-3). 21.2.1 (``allied``): "It is possible to trace strategic movements through areas
    controlled by the ally" (not besieged; RULINGS AL-5). Asked once per reading of the state (``state.reading``):
    a strategic movement's search asks it of the same areas again and again (by sea or not, the same answer but
    for a siege's area; with the allies' areas or not, the same for a power without allies)."""
    s = g.s
    now = st.read(s)
    if now is None:
        return _troop_passable(g, power, area, by_sea, allied)
    info = s["areas"].get(area)
    by_sea = by_sea and bool(info and info["siege"])
    allied = allied and any(power in pair for pair in s["alliances"])
    known = now.memo.get(("troop_passable", power, by_sea, allied))  # area -> answer
    if known is None:
        known = now.memo[("troop_passable", power, by_sea, allied)] = {}
    if area not in known:
        known[area] = area in _candidates(g, power) and _troop_passable(g, power, area, by_sea, allied)
    return bool(known[area])


def _candidates(g: Ctx, power: str) -> set[str]:
    """The only areas ``_troop_passable`` may answer yes for, with its allies' areas (21.2.1) or without, once per
    reading: those the power controls, those with its troops, those it besieges and those its allies control;
    every other area is not passable whatever else holds (the movement's searches ask of many such areas: the
    ports of every sea)."""
    s = g.s

    def gather() -> set[str]:
        found = set(st.controlled(s, power))
        found.update(area for u in st.units_of(s, power, "troop", "map") if (area := st.loc_area(s["units"][u]["loc"])))
        found.update(st.besieged_by(s, power))
        for ally in st.allies_of(s, power):
            found.update(st.controlled(s, ally))
        return found

    found: set[str] = st.remembered(s, ("troop_passable_candidates", power), gather)
    return found


def passable_areas(g: Ctx, power: str) -> set[str]:
    """The areas ``troop_passable`` answers yes for (by land, with the allies' areas): within a reading, only its
    candidates are asked (``_candidates``), not every area of the map."""
    s = g.s
    among = _candidates(g, power) if st.read(s) is not None else s["areas"]
    return {a for a in among if troop_passable(g, power, a)}


def _troop_passable(g: Ctx, power: str, area: str, by_sea: bool, allied: bool) -> bool:
    s, b = g.s, board_of(g)
    if not st.active(s, area) or not st.interest_ok(s, b, power, area):
        return False
    info = s["areas"][area]
    if info["siege"]:
        return info["siege"]["besieger"] == power or (by_sea and st.coastal(b, area) and st.controls(s, power, area))
    own = st.controls(s, power, area) or bool(st.troops_in(s, area, power))
    return own or (allied and bool(s["alliances"]) and st.ally_controls(s, power, area))


def lane_candidates(g: Ctx, power: str, receiver: str) -> set[str] | None:
    """Within a reading of the state, the only areas a troop of ``power`` transferred to ``receiver`` may cross or
    end in (21.2.2, ``strategic_movement.transfer_lane``): those ``troop_passable`` may answer yes for and those
    ``receiver`` controls; None outside a reading."""
    if st.read(g.s) is None:
        return None
    return st.remembered(
        g.s,
        ("lane_candidates", power, receiver),
        lambda: _candidates(g, power) | set(st.controlled(g.s, receiver)),
    )


def troop_steps(g: Ctx, power: str, here: str, lane: Lane | None) -> tuple[list[str], list[str]]:
    """The areas and seas next to ``here`` that a troop of the power may enter (10.2; a repatriation's or
    transfer's ``lane``, 14.1.1, 21.2.2)."""
    places = list(steps_from(g, power, here, troop_reach(g, power, lane).enters))
    return [x for x in places if x.startswith(st.AREA)], [x for x in places if not x.startswith(st.AREA)]


def steps_from(g: Ctx, power: str, here: str, enters: Callable[[str, bool], bool]) -> Iterator[str]:
    """The places of ``troop_steps``, areas first, each area asked whether it may be entered (``enters``, from a
    sea or not) only when the one before was looked at."""
    b = board_of(g)
    if here.startswith(st.AREA):
        yield from (a for a in by_land(g, power, here) if enters(a, False))
        yield from b.areas[here].seas
        return
    yield from (a for a in b.sea_ports[here] if enters(a, True))
    yield from b.sea_links[here]


def by_land(g: Ctx, power: str, area: str) -> list[str]:
    """The active areas next to ``area`` that a troop of the power standing there might go to by land: none from a
    port the enemy besieges, left only by sea (RULINGS AU-1)."""
    s = g.s
    siege = s["areas"][area]["siege"]
    return [] if siege and siege["besieger"] != power else st.neighbours(s, board_of(g), area)


class TroopReach:
    """10.2 for a troop without leader setting out alone (``sets_out``): where it may go (``_walk``: from a sea to
    the ports of every sea reached, asked only among the areas it may enter at all, ``among``) and end
    (``may_stop``: the room is for one more troop of the power, 15.1.1 — a troop without leader changes no
    commander) is the same for every such troop of the power, so the places are looked at once per reading of the
    state (``troop_reach``), and a search that finds no end marks every place it saw as one from which none is
    reached (``dead``), and one that finds an end marks its way to it (``leads``), for the next troop's search."""

    def __init__(self, g: Ctx, power: str, lane: Lane | None) -> None:
        self.g, self.power, self.lane = g, power, lane
        self.entered: tuple[dict[str, bool], dict[str, bool]] = ({}, {})  # by land, by sea: area -> may enter
        self.among = lane.among if lane else _candidates(g, power) if st.read(g.s) is not None else None
        self.ports: dict[frozenset[str], list[str]] = {}  # seas reached -> their ports (``_ports``)
        self.dead: set[str] = set()
        self.starts: dict[str, bool] = {}
        self.stops: dict[str, bool] = {}
        self.nexts: dict[str, list[str]] = {}
        self.leads: dict[str, str] = {}  # a place -> an end (a place other than itself) reached from it

    def after(self, here: str) -> Iterable[str]:
        """The places next to ``here`` (``troop_steps``): known once a search looked at them all, else each asked
        when the search comes to it (it stops at the first end)."""
        known = self.nexts.get(here)
        return known if known is not None else self._walk(here)

    def _walk(self, here: str) -> Iterator[str]:
        """The places next to ``here`` as ``steps_from`` gives them, each area asked whether it may be entered only
        when the one before was looked at (the search stops at the first end); from a sea, the ports of every sea
        reached from it (seas are always crossed, 10.2: ``_ports``)."""
        found = []
        if here.startswith(st.AREA):
            for area in by_land(self.g, self.power, here):
                if self.enters(area, False):
                    found.append(area)
                    yield area
            found += board_of(self.g).areas[here].seas
            yield from board_of(self.g).areas[here].seas
        else:
            for area in self._ports(here):
                if self.enters(area, True):
                    found.append(area)
                    yield area
        self.nexts[here] = found  # looked at them all

    def enters(self, area: str, by_sea: bool) -> bool:
        """Whether the troop may enter the active area (by sea: from a sea): an area of the ``lane``, or one it may
        cross (``troop_passable``, among its candidates); once per search."""
        known = self.entered[by_sea]
        if area not in known:
            if self.lane:
                known[area] = area in self.lane.through
            else:
                maybe = self.among
                known[area] = (maybe is None or area in maybe) and troop_passable(
                    self.g, self.power, area, by_sea=by_sea
                )
        return known[area]

    def _ports(self, sea: str) -> list[str]:
        """The ports of every sea reached from ``sea`` that the troop might enter: with the areas it may enter at
        all known (``among``), only those (the seas have many ports, a power few areas); found once per search."""
        b = board_of(self.g)
        reach = b.sea_reach(sea)
        if reach not in self.ports:
            if self.among is None:
                self.ports[reach] = list(dict.fromkeys(a for x in sorted(reach) for a in b.sea_ports[x]))
            else:
                self.ports[reach] = [a for a in sorted(self.among) if not reach.isdisjoint(b.areas[a].seas)]
        return self.ports[reach]

    def stop(self, place: str) -> bool:
        if place not in self.stops:
            g, area = self.g, st.loc_area(place)
            lane = self.lane
            self.stops[place] = (
                area is not None
                and (
                    area in lane.ends
                    if lane
                    else not g.s["alliances"] or troop_passable(g, self.power, area, True, False)
                )
                and stacking.room(g, self.power, area, []) >= 1
            )
        return self.stops[place]

    def sets_out(self, start: str) -> bool:
        """Whether some place other than ``start`` where the troop may end is reached from it: the nearest places
        first, each asked whether it is an end when first seen (an end is most often next door), or whether an
        earlier search found an end other than ``start`` from it (``leads``: a place reaching an end by some way
        gives ``start`` a way to it — or, if that way came back through ``start``, a shorter one)."""
        if start not in self.starts:
            seen, queue, came = {start}, deque([start]), {start: start}
            end = None
            while queue and end is None:
                here = queue.popleft()
                for nxt in self.after(here):
                    if nxt in seen or nxt in self.dead:
                        continue
                    seen.add(nxt)
                    came[nxt] = here
                    if self.stop(nxt):
                        end = nxt
                    elif self.leads.get(nxt, start) != start:
                        end = self.leads[nxt]
                    else:
                        queue.append(nxt)
                        continue
                    while nxt != start:  # every place of the way found leads to that end
                        self.leads.setdefault(nxt, end)
                        nxt = came[nxt]
                    self.leads.setdefault(start, end)
                    break
            if end is None and not self.stop(start):
                self.dead |= seen  # nothing seen ends a movement, nor leads to an end
            self.starts[start] = end is not None
        return self.starts[start]


def troop_reach(g: Ctx, power: str, lane: Lane | None) -> TroopReach:
    """The power's ``TroopReach`` for an ordinary strategic movement or a lane with a ``key``, once per reading."""
    if lane is not None and not lane.key:
        return TroopReach(g, power, lane)
    return st.remembered(g.s, ("troop_reach", power, lane.key if lane else None), lambda: TroopReach(g, power, lane))
