"""The searches a reading shares (issue 27's speed): a troop's strategic movement asks its power's
``troop_paths.TroopReach``, whose places that lead nowhere (``dead``) and ways to an end (``leads``) serve the next
troop's search, and whose passable areas are asked only among the power's candidates; a battle's record is made
JSON through orjson. These tests prove, along whole 9.2 games, that each shared answer equals the one worked out
alone from nothing."""

from __future__ import annotations

import contextlib
import dataclasses
import json
from typing import Any

import pytest

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.combat import forces
from engines.ultima_ratio.diplomacy import expeditionary_corps
from engines.ultima_ratio.leaders import leader_state
from engines.ultima_ratio.logistics import repatriation_flow
from engines.ultima_ratio.movement import strategic_movement, troop_paths

from .test_reading import SIM, positions


def starts(s: dict, power: str) -> list[str]:
    """The places of the power's troops on the map, and a few of its areas without troops (other starts)."""
    troops = [s["units"][u]["loc"] for u in st.units_of(s, power, "troop", "map")]
    return sorted(set(troops)) + st.controlled(s, power)[::7]  # an area id is its location


@pytest.mark.parametrize(("seed", "players", "bot"), [(1, 6, "heuristic"), (2, 4, "random"), (6, 5, "heuristic")])
def test_a_shared_troop_search_answers_as_a_search_alone(seed, players, bot):
    """At positions of whole games, for every power and minor with troops, whether a troop sets out from each place
    (an ordinary movement, and every transfer lane to an ally or back) is the same asked of the power's shared
    search, in one order and then in the reverse one, as asked of a new search for that place alone; and every
    area's ``troop_passable`` within a reading (candidates first) is the same as outside it."""
    compared = transfers = 0
    for n, (s, _role) in enumerate(positions(seed, players, 900, bot)):
        if n % 15:
            continue
        g = Ctx(SIM, s)
        parties = sorted({info["power"] for info in s["units"].values()} & (set(s["powers"]) | set(s["minors"])))
        plain = {
            (p, a, by_sea): troop_paths.troop_passable(g, p, a, by_sea)
            for p in parties
            for a in s["areas"]
            for by_sea in (False, True)
        }
        with st.reading(s):
            assert {k: troop_paths.troop_passable(g, *k) for k in plain} == plain
            for power in parties:
                lanes: list[troop_paths.Lane | None] = [None]
                lanes += [strategic_movement.transfer_lane(g, power, ally) for ally in st.allies_of(s, power)]
                lanes += [strategic_movement.transfer_lane(g, power, power)] if power in s["powers"] else []
                for lane in lanes:
                    places = starts(s, power)
                    alone = {p: troop_paths.TroopReach(g, power, lane).sets_out(p) for p in places}
                    for order in (places, places[::-1]):
                        shared = troop_paths.TroopReach(g, power, lane)
                        assert {p: shared.sets_out(p) for p in order} == alone, (n, power, lane and lane.key)
                    compared += len(places)
                    transfers += lane is not None
    assert compared > 1000
    assert transfers > 0 or players < 6  # 9.2 at 6 players makes alliances early (the 1st game)


def test_a_battles_record_is_the_json_of_its_fields():
    """Every battle of a whole 9.2 game made JSON through orjson is what ``dataclasses.asdict`` and the standard
    library's JSON made of it: the same keys, in the same order, the same values."""
    made = []
    original = forces.as_data

    def checked(battle):
        data = original(battle)
        old = json.loads(json.dumps(dataclasses.asdict(battle)))
        assert data == old
        assert json.dumps(data) == json.dumps(old)  # the keys' order too
        made.append(battle)
        return data

    forces.as_data = checked
    try:
        for _ in positions(1, 6, 2500):
            pass
    finally:
        forces.as_data = original
    assert len(made) > 50


def test_transfers_offered_are_the_same_with_and_without_the_reading():
    """The expeditionary transfers offered (21.2.2) along a game with alliances: the same within a reading (shared
    searches, candidate areas) as outside it (each search alone)."""
    offered = 0
    for n, (s, _role) in enumerate(positions(1, 6, 1500)):
        if n % 5:
            continue
        g = Ctx(SIM, s)
        for power in sorted(s["powers"]):
            plain = expeditionary_corps.transfers(g, power)
            with st.reading(s):
                assert expeditionary_corps.transfers(g, power) == plain
            offered += len(plain)
    assert offered > 0


@pytest.mark.parametrize(("seed", "players", "bot"), [(1, 6, "heuristic"), (5, 6, "random")])
def test_a_troop_search_answers_as_the_movement_step_by_step(seed, players, bot):
    """10.2, 21.2.2: whether a troop without leader sets out (``TroopReach``: from a sea straight to the ports of the
    seas reached from it, only among the power's candidate areas) is, for an ordinary movement and every transfer
    lane, what the movement's own search says place by place (``_leads_to_end`` over ``troop_steps``: sea by sea,
    every port asked), in a reading and out."""
    compared = transfers = 0
    for n, (s, _role) in enumerate(positions(seed, players, 900, bot)):
        if n % 30:
            continue
        g = Ctx(SIM, s)
        for power in sorted({info["power"] for info in s["units"].values()} & (set(s["powers"]) | set(s["minors"]))):
            lanes: list[troop_paths.Lane | None] = [None]
            lanes += [strategic_movement.transfer_lane(g, power, ally) for ally in st.allies_of(s, power)]
            troops = [u for u in st.units_of(s, power, "troop", "map") if not leader_state.leaders_on(s, [u])]
            for lane in lanes:
                for uid in troops:
                    path = [s["units"][uid]["loc"]]
                    step_by_step = any(
                        strategic_movement._leads_to_end(g, power, uid, path, x, None, lane)
                        for places in strategic_movement._steps(g, power, uid, path, None, lane).values()
                        for x in places
                    )
                    assert troop_paths.TroopReach(g, power, lane).sets_out(path[0]) == step_by_step, (n, uid)
                    with st.reading(s):
                        assert troop_paths.TroopReach(g, power, lane).sets_out(path[0]) == step_by_step, (n, uid)
                    compared += 1
                    transfers += lane is not None
    assert compared > 500
    assert transfers > 0 or bot == "random"  # the random bot makes no alliances


def test_the_seas_reached_from_a_sea_are_those_sailed_to_one_by_one():
    """10.2: the seas a troop reaches from a sea (``Board.sea_reach``) are those joined to it by a chain of
    ``sea_links``, and each sea reaches the seas that reach it (the links go both ways)."""
    board = SIM.board
    for sea in board.seas:
        chained, queue = {sea}, [sea]
        while queue:
            here = queue.pop()
            for nxt in board.sea_links[here]:
                if nxt not in chained:
                    chained.add(nxt)
                    queue.append(nxt)
        assert board.sea_reach(sea) == chained
        assert all(sea in board.sea_reach(other) for other in chained)


class Graph(troop_paths.TroopReach):
    """A ``TroopReach`` over a small drawn graph: ``links`` (place -> next places) and ``ends``."""

    def __init__(self, links: dict[str, list[str]], ends: set[str]) -> None:
        super().__init__(Ctx(SIM, {}), "nobody", None)
        self.links, self.ends = links, ends

    def after(self, here: str) -> list[str]:
        return self.links.get(here, [])

    def stop(self, place: str) -> bool:
        return place in self.ends


def test_a_way_back_to_the_start_is_no_way_out():
    """10.2: a troop does not end where it set out. ``A`` is an end and ``B`` next to it is not: from ``B`` the troop
    reaches ``A``, and the search marks ``B`` as leading to ``A``; from ``A`` it has nowhere to end (``B`` leads only
    back to ``A``), asked after ``B``'s search or alone. With a second end ``C`` beyond ``B``, ``A`` sets out."""
    links = {"A": ["B"], "B": ["A"]}
    shared = Graph(links, {"A"})
    assert shared.sets_out("B") and shared.leads["B"] == "A"
    assert not shared.sets_out("A")
    assert not Graph(links, {"A"}).sets_out("A")
    wider = Graph({"A": ["B"], "B": ["A", "C"], "C": ["B"]}, {"A", "C"})
    assert wider.sets_out("B") and wider.sets_out("A") and wider.sets_out("C")


def _steps_as_before(g: Ctx, power: str, here: str, lane: troop_paths.Lane | None) -> tuple[list[str], list[str]]:
    """``troop_steps`` as it was asked before its places came one at a time (``steps_from``): every place at once."""
    s, b = g.s, SIM.board

    def passable(a: str, by_sea: bool = False) -> bool:
        return a in lane.through if lane else troop_paths.troop_passable(g, power, a, by_sea=by_sea)

    if here.startswith(st.AREA):
        siege = s["areas"][here]["siege"]
        inside = bool(siege) and siege["besieger"] != power
        return ([] if inside else [a for a in st.neighbours(s, b, here) if passable(a)]), list(b.areas[here].seas)
    return [a for a in b.sea_ports[here] if passable(a, by_sea=True)], list(b.sea_links[here])


@pytest.mark.parametrize(("seed", "players", "bot"), [(1, 6, "heuristic"), (5, 6, "random")])
def test_the_places_next_to_a_troop_come_one_at_a_time_as_they_came_all_at_once(seed, players, bot):
    """10.2, 14.1.1, 21.2.2: the places next to an area or a sea (``troop_steps``, made of ``steps_from``) are, in a
    reading and out, for an ordinary movement and every transfer lane, those asked all at once before."""
    compared = 0
    for n, (s, _role) in enumerate(positions(seed, players, 900, bot)):
        if n % 30:
            continue
        g = Ctx(SIM, s)
        for power in sorted({info["power"] for info in s["units"].values()} & set(s["powers"])):
            places = starts(s, power) + sorted({x for a in starts(s, power) for x in SIM.board.areas[a].seas})
            lanes = [None, *(strategic_movement.transfer_lane(g, power, ally) for ally in st.allies_of(s, power))]
            for reading in (False, True):
                with st.reading(s) if reading else contextlib.nullcontext():
                    for lane in lanes:
                        for here in places:
                            assert troop_paths.troop_steps(g, power, here, lane) == _steps_as_before(
                                g, power, here, lane
                            )
                            compared += 1
    assert compared > 1000


def test_a_troop_search_that_meets_an_end_asks_no_more_places(monkeypatch):
    """A troop's search (``TroopReach``) looks at the places next to it one at a time and stops at the first end:
    the areas after it are not asked whether they may be entered (a search that asked them all first fails this)."""
    found, plain = 0, troop_paths.troop_passable
    asked: list[str] = []

    def counted(g: Ctx, power: str, area: str, *args: Any, **kwargs: Any) -> bool:
        asked.append(area)
        return plain(g, power, area, *args, **kwargs)

    for n, (s, _role) in enumerate(positions(1, 6, 600)):
        if n % 20:
            continue
        g = Ctx(SIM, s)
        for power in sorted(s["powers"]):
            for loc in sorted({s["units"][u]["loc"] for u in st.units_of(s, power, "troop", "map")}):
                if not loc.startswith(st.AREA) or s["areas"][loc]["siege"]:
                    continue
                with st.reading(s):
                    nexts, _ = troop_paths.troop_steps(g, power, loc, None)
                    reach = troop_paths.TroopReach(g, power, None)
                    if len(nexts) < 2 or not reach.stop(nexts[0]):
                        continue
                asked.clear()
                with monkeypatch.context() as m, st.reading(s):
                    m.setattr(troop_paths, "troop_passable", counted)
                    assert troop_paths.TroopReach(g, power, None).sets_out(loc)
                assert nexts[1] not in asked, (n, power, loc)
                found += 1
    assert found > 20


@pytest.mark.parametrize(("seed", "players", "bot"), [(1, 6, "heuristic"), (5, 6, "random")])
def test_a_repatriation_lane_and_its_strategic_question_are_those_asked_area_by_area(seed, players, bot):
    """14.1.1: a repatriating troop's lane (``repatriation_lane``: within a reading its passable areas asked among
    the power's candidates, its enemies' areas among the places with counters) is the lane worked out over every
    area, and whether the troop may repatriate by strategic movement (``repatriation_flow.strategic_possible``:
    the first next place that leads to an end) is what every next place says (``next_places``), with a leader or
    without, in a reading and out."""
    compared = 0
    for n, (s, _role) in enumerate(positions(seed, players, 900, bot)):
        if n % 30:
            continue
        g = Ctx(SIM, s)
        for power in sorted({info["power"] for info in s["units"].values()} & (set(s["powers"]) | set(s["minors"]))):
            for uid in st.units_of(s, power, "troop", "map"):
                loc = s["units"][uid]["loc"]
                area = st.loc_area(loc)
                siege = area and s["areas"][area]["siege"]
                if area is None or (siege and siege["besieger"] != power):
                    continue
                lane = strategic_movement.repatriation_lane(g, power, area)
                every_place = any(strategic_movement.next_places(g, power, uid, [loc], [uid], lane).values())
                assert repatriation_flow.strategic_possible(g, power, uid) == every_place, (n, uid)
                with st.reading(s):
                    read_lane = strategic_movement.repatriation_lane(g, power, area)
                    assert (read_lane.through, read_lane.ends) == (lane.through, lane.ends), (n, uid)
                    assert repatriation_flow.strategic_possible(g, power, uid) == every_place, (n, uid)
                compared += 1
    assert compared > 500
