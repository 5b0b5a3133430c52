"""A move and the menu's questions read through the kept reading (issue 27's speed, branch urr-speed3): a move's check
reads the prompt the view worked out, the move's copy is made without a JSON round trip of the whole state
(``state_copy``), the regroup question asks only the areas the power controls, and the questions after an action (squadrons without base)
and of the menu (tactical moves, landings) stop at what they need. These tests prove each answers as before, along
whole 9.2 games."""

from __future__ import annotations

import random
from collections.abc import Iterator

import orjson
import pytest

from engines.core import machine
from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.actions import construction, regroup
from engines.ultima_ratio.bots.heuristic import heuristic_bot
from engines.ultima_ratio.leaders import leader_flow, leader_rules, leader_state
from engines.ultima_ratio.logistics import logistics_rules, overstack, stacking
from engines.ultima_ratio.movement import land_areas, landings, naval_bases, without_base

from .test_reading import SIM, positions


def test_a_move_is_checked_by_the_prompt_the_view_asked_and_copied_without_a_round_trip(monkeypatch):
    """After the view of a position, its move is checked against the view's prompt (the step is not asked again)
    and changes a copy made without the core's round trip of the whole state (``state_copy``): the new state is
    the one the same move makes of a fresh copy without any reading."""
    plain_copy, steps_asked = machine.copy_state, []

    def step_asked(*args: object) -> bool:
        steps_asked.append(args)
        return False

    def no_state_copy(value):
        assert "units" not in value, "the state was serialized again for the move"
        return plain_copy(value)

    played = 0
    for n, (s, role) in enumerate(positions(3, 6, 240)):
        if n % 3:
            continue
        fresh = orjson.loads(orjson.dumps(s))
        view = SIM.view(s, role)
        verb, arg = heuristic_bot(SIM, view, role, random.Random(n))
        step = SIM.steps[s["stack"][-1]["step"]]
        with monkeypatch.context() as m:
            m.setattr(machine, "copy_state", no_state_copy)
            m.setattr(type(step), "allows", step_asked)
            new = SIM.apply(s, role, verb, arg)
        assert new == SIM.apply(fresh, role, verb, arg)
        played += 1
    assert played == 80 and not steps_asked


@pytest.mark.parametrize(("seed", "players", "bot"), [(1, 6, "heuristic"), (4, 3, "random")])
def test_regroup_places_are_the_areas_of_the_box_a_troop_fits_in(seed, players, bot):
    """9.5: for every troop in a dispersed box, the places offered (within a reading and outside) are every area
    of the box's theater the troop fits in, asked of each area of the map in its order; the first is the first of
    them, and a power may regroup exactly when some troop has a place."""
    asked = 0
    b = SIM.board
    for s, g, power in _each_party(seed, players, 1500, bot, every=10):
        boxed = st.units_of(s, power, "troop", "box")
        every = {
            u: [
                a
                for a in s["areas"]
                if st.box_for(b, a) == s["units"][u]["loc"] and construction.troop_fits(s, b, power, a)
            ]
            for u in boxed
        }
        may = [u for u in boxed if st.started_impulse_as(s, u) and every[u]]
        assert {u: regroup.regroup_places(g, power, u) for u in boxed} == every
        with st.reading(s):
            assert {u: regroup.regroup_places(g, power, u) for u in boxed} == every
            assert {u: regroup.regroup_places(g, power, u, first=True) for u in boxed} == {
                u: places[:1] for u, places in every.items()
            }
            assert regroup.regroupable(g, power) == may
            assert regroup.regroupable(g, power, first=True) == may[:1]
        asked += len(boxed)
    assert asked > 50


def _each_party(seed: int, players: int, moves: int, bot: str, every: int) -> Iterator[tuple[dict, Ctx, str]]:
    """Every ``every``-th position of a game, with each party (major power or minor) that has counters there."""
    for n, (s, _role) in enumerate(positions(seed, players, moves, bot)):
        if n % every == 0:
            g = Ctx(SIM, s)
            for power in _parties(s):
                yield s, g, power


def _parties(s: dict) -> list[str]:
    return sorted({info["power"] for info in s["units"].values()} & (set(s["powers"]) | set(s["minors"])))


@pytest.mark.parametrize(("seed", "players", "bot"), [(2, 6, "heuristic"), (5, 4, "random")])
def test_the_questions_after_an_action_answer_as_a_scan(seed, players, bot):
    """11.1.1, 12.1, 12.3.1: within a reading, the squadrons without base of every power (asked among every
    power's squadrons on the map, the bases among the power's ports), the troops that may move tactically (asked once
    per area, the first step only) and those that may land (any target first) are those asked outside a reading of
    each counter alone; the first of each list is what the menu's question finds."""
    asked = 0
    b = SIM.board

    def galley_port(a: str) -> bool:  # 18.6.1, read from the map (``Board.mediterranean_port`` caches it)
        return b.areas[a].counts_as_mediterranean or all(b.seas[x].mediterranean for x in b.areas[a].seas)

    for s, g, power in _each_party(seed, players, 1200, bot, every=12):
        lacking = [
            u
            for u in st.units_of(s, power, "squadron", "map")
            if (
                (sea := st.loc_sea(s["units"][u]["loc"]))
                and not any(
                    st.controls(s, power, a)
                    and st.interest_ok(s, b, power, a)
                    and (s["mediterranean_open"] or galley_port(a) == s["units"][u]["galley"])
                    for a in b.ports_near(sea, naval_bases.operation_distance(s, b, sea) - 1)
                )
            )
            or ((area := st.loc_area(s["units"][u]["loc"])) and not st.controls(s, power, area))
        ]
        moving = [
            u
            for u in st.units_of(s, power, "troop", "map")
            if (area := st.loc_area(s["units"][u]["loc"]))
            and (not s["areas"][area]["siege"] or s["areas"][area]["siege"]["besieger"] == power)
            and (
                land_areas.first_steps(g, power, u)
                or land_areas.subjugation_here(g, power, area)
                or land_areas.besiegeable(g, power, area)
            )
        ]
        landing = landings.landers(g, power)
        assert without_base.squadrons_without_base(s, b, power) == lacking
        with st.reading(s):
            assert without_base.squadrons_without_base(s, b, power) == lacking
            assert land_areas.troops_that_move(g, power) == moving
            assert land_areas.troops_that_move(g, power, first=True) == moving[:1]
            assert landings.landers(g, power) == landing
            assert landings.landers(g, power, first=True) == landing[:1]
            for u in moving:
                steps = land_areas.first_steps(g, power, u)
                assert land_areas.first_steps(g, power, u, first=True) == steps[:1]
        asked += len(lacking) + len(moving) + len(landing)
    assert asked > 100


@pytest.mark.parametrize(("seed", "players", "bot"), [(1, 6, "heuristic"), (5, 6, "random")])
def test_the_parties_without_base_and_the_troops_by_area_are_those_asked_one_by_one(seed, players, bot):
    """11.1.1 and 15.1.1 after an action: the parties with a squadron without base (each looked at until its first
    one) are, in the order given, those whose ``squadrons_without_base`` is not empty, in a reading and outside; a
    power's troops by area (the overstack question's stacks) are ``troops_in`` of each area; and the galley ports
    the board caches are the map's."""
    b, lacking_seen, stacks = SIM.board, 0, 0
    for n, (s, _role) in enumerate(positions(seed, players, 1500, bot)):
        if n % 10:
            continue
        parties = [*sorted(s["powers"]), *sorted(m for m, info in s["minors"].items() if info["ally"])]
        # as played (every squadron based after each action), then with squadrons left without: every sea's bases
        # one sea away at most, and every other port a squadron is in lost to independents
        short = orjson.loads(orjson.dumps(s))
        short["naval_distance"] = {"mediterranean": 1, "elsewhere": 1}
        for info in list(short["units"].values())[n % 3 :: 3]:
            if info["kind"] == "squadron" and info["loc"] in short["areas"]:
                short["areas"][info["loc"]]["control"] = None
        for x in (s, short):
            lacking = [p for p in parties if without_base.squadrons_without_base(x, b, p)]
            assert without_base.parties_without_base(x, b, parties) == lacking
            with st.reading(x):
                assert without_base.parties_without_base(x, b, parties[::-1]) == lacking[::-1]
            lacking_seen += len(lacking) * (x is short)
        for power in parties:
            by_area = overstack.troops_by_area(s, power)
            assert by_area == {a: st.troops_in(s, a, power) for a in s["areas"] if st.troops_in(s, a, power)}
            stacks += sum(len(here) > 1 for here in by_area.values())
    assert lacking_seen > 100 and stacks > 100
    for a, area in b.areas.items():
        assert b.mediterranean_port(a) == (
            area.counts_as_mediterranean or (bool(area.seas) and all(b.seas[x].mediterranean for x in area.seas))
        )


@pytest.mark.parametrize(("seed", "players", "bot"), [(3, 6, "heuristic")])
def test_the_counters_of_a_few_stacks_are_those_of_the_whole_table_there(seed, players, bot):
    """17.1's questions about a few stacks (``leader_state.counters`` with ``at``: one area, two areas with a sea,
    the places of every leader's unit), with or without a power, are the whole table's counters standing there, in
    the same order — fortresses after the troops and squadrons, in the order of the state's areas."""
    asked = 0
    for n, (s, _role) in enumerate(positions(seed, players, 1500, bot)):
        if n % 25:
            continue
        whole = leader_state.counters(s)
        areas = [a for a in s["areas"] if s["areas"][a]["fortress"]]
        seas = sorted({info["loc"] for info in s["units"].values() if info["loc"].startswith(st.SEA)})
        leaders = leader_state.stacks_of(s, [info["unit"] for info in s["leaders"].values()])
        for at in ({areas[n % len(areas)]}, {areas[0], areas[-1], *seas[:1]}, leaders):
            assert leader_state.counters(s, at=at) == [c for c in whole if c["at"] in at]
            for power in s["powers"]:
                mine = [c for c in leader_state.counters(s, power) if c["at"] in at]
                assert leader_state.counters(s, power, at) == mine
                asked += len(mine)
    assert asked > 1000


@pytest.mark.parametrize(("seed", "players", "bot"), [(1, 6, "heuristic"), (2, 5, "heuristic")])
def test_the_leader_changes_near_some_units_are_those_the_whole_table_allows(seed, players, bot):
    """17.1 during and after a combat (``leader_flow.changes_near``, asked of the leaders in the stacks of the
    units only): for each power and the units of each of its stacks (and of the first two stacks together, and
    with units excluded), the changes are those found by asking every leader of the power against the whole
    table's counters — a leader whose stack holds none of the units has none."""
    b, found = SIM.board, 0
    for n, (s, _role) in enumerate(positions(seed, players, 2000, bot)):
        if n % 20:
            continue
        whole, everyone = leader_state.counters(s), leader_state.state_leaders(s)
        for power in sorted({info["power"] for info in s["leaders"].values()}):
            stacks: dict[str, list[str]] = {}
            for c in whole:
                if c["power"] == power:
                    stacks.setdefault(c["at"], []).append(c["id"])
            groups = [*stacks.values(), [u for units in list(stacks.values())[:2] for u in units]]
            for units in groups:
                for exclude in ((), units[:1]):
                    expected = []
                    for ld in everyone:
                        if ld["power"] != power or ld["unit"] in exclude:
                            continue
                        options = [
                            u for u in leader_rules.attach_targets(everyone, whole, ld["id"]) if u not in exclude
                        ]
                        fleet = leader_flow._held_fleet(s, b, ld["id"])
                        options = [u for u in options if u in fleet] if fleet else options
                        if options and (ld["unit"] in units or set(units) & set(options)):
                            expected += [[ld["id"], u] for u in options]
                    assert leader_flow.changes_near(s, b, power, units, exclude=exclude) == expected
                    found += len(expected)
    assert found > 100


@pytest.mark.parametrize(("seed", "players", "bot"), [(1, 6, "heuristic"), (4, 3, "heuristic")])
def test_the_overstacked_areas_are_those_every_stack_of_the_power_finds(seed, players, bot):
    """15.1.1 after an action (``overstack.overstacked``, which looks closer only at areas whose troops, with the
    fortress in a siege, exceed the limit without a commander): the areas are those where the decision of every
    stack of the power, besieged or not, disperses troops — as played; with three more of the power's troops piled
    into one of its areas; and with one of its fortresses besieged by another power and as many of its troops
    there as the limit (the fortress makes one too many). Each major power, and each minor holding a fortress."""
    b, found = SIM.board, 0
    for n, (s, _role) in enumerate(positions(seed, players, 1500, bot)):
        if n % 50:
            continue
        holders = {info["fortress"]["power"] for info in s["areas"].values() if info["fortress"]}
        for power in sorted(set(s["powers"]) | holders):  # the powers, and the minors holding a fortress
            areas = sorted(set(overstack.troops_by_area(s, power)))
            forts = [a for a, info in s["areas"].items() if info["fortress"] and info["fortress"]["power"] == power]
            other = next(p for p in sorted(s["powers"]) if p != power)
            variants = [s]
            if areas:
                piled = orjson.loads(orjson.dumps(s))
                for u in st.units_of(piled, power, "troop", "available")[:3]:
                    piled["units"][u]["loc"] = areas[n % len(areas)]
                variants.append(piled)
            if forts:
                siege = orjson.loads(orjson.dumps(s))
                fort = forts[n % len(forts)]
                siege["areas"][fort]["siege"] = {"besieger": other, "casualties": 0}
                limit = logistics_rules.stacking_limit(b.areas[fort], stacking.holding(siege, b, fort))
                for u in st.units_of(siege, power, "troop")[:limit]:
                    siege["units"][u]["loc"] = fort
                variants.append(siege)
            for x in variants:
                whole = leader_state.on_map(x, leader_state.counters(x))
                expected = [
                    a
                    for a in sorted(set(overstack.troops_by_area(x, power)))
                    if any(
                        (
                            d := logistics_rules.overstack_decision(
                                whole, a, [power], stacking.stacking_limit(x, b, a, power), besieged=siege_side
                            )
                        )
                        and d.count
                        for siege_side in (False, True)
                    )
                ]
                assert overstack.overstacked(Ctx(SIM, x), power) == expected
                found += len(expected) * (x is not s)
    assert found > 20


def test_the_ports_near_a_sea_are_every_port_in_reach_the_nearest_first():
    """11.1: the ports within ``far`` seas of a sea (where a squadron's base may be) are the ports of every sea at
    most that far, each once, the nearest first (``port_reach``), then by id."""
    b = SIM.board
    for sea in b.seas:
        for far in (0, 1, 2):
            seas = [x for x in b.seas if (d := b.distances.get((x, sea))) is not None and d <= far]
            ports = {a for x in seas for a in b.sea_ports[x]}
            assert b.ports_near(sea, far) == sorted(ports, key=lambda a: (naval_bases.port_reach(b, a, sea), a))


def test_an_event_is_found_by_its_id_as_the_world_finds_it():
    """The board finds an event card by its id (a battle's cards in force, a card played) as the world's search of
    its list does; an id that names no event fails as it did."""
    board = SIM.board
    assert all(board.event(e.id) is e is board.world.event(e.id) for e in board.world.events)
    with pytest.raises(StopIteration):
        board.event("event:no-such-card")


def test_a_power_card_is_found_by_its_id_as_the_world_finds_it():
    """The board finds a power's card by its id (asked by many rules of a move) as the world's list does, and an
    id that names no power fails as it did."""
    board = SIM.board
    assert all(board.power(p.id) is p is board.world.power(p.id) for p in board.world.powers)
    minor = board.world.minors[0].id
    with pytest.raises(StopIteration):
        board.power(minor)
