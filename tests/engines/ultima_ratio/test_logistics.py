"""Ultima Ratio Regis "15. Logistics": stacking (15.1), fleet stacking (15.1.2) and supply (15.2)."""

from __future__ import annotations

import pytest

from engines.ultima_ratio.counters import RuleError, unit
from engines.ultima_ratio.logistics import logistics_rules as G
from engines.ultima_ratio.map import load_map


@pytest.fixture(scope="module")
def board():
    return load_map()


def printed_holding(area):
    return "home" if area.home_of else "domain" if area.domain_of else None


# ---------------------------------------------------------------------------------------------- 15.1
def test_stacking_limits_of_the_rule(board):
    assert G.stacking_limit(board.area("area:milan"), None) == 4  # main map
    assert G.stacking_limit(board.area("area:ormuz"), "domain") == 1  # "(except Ormuz and Aden)"
    assert G.stacking_limit(board.area("area:aden"), None) == 1
    te_mini = next(
        a for a in board.areas if a.theater == "TE" and a.map != "main" and a.id not in G.THE_EAST_EXCEPTIONS
    )
    assert G.stacking_limit(te_mini, None) == 4  # The East, also on the India mini-map
    mini = next(a for a in board.areas if a.map != "main" and a.theater not in ("TE",))
    assert [G.stacking_limit(mini, h) for h in ("home", "domain", None)] == [4, 2, 1]
    assert G.stacking_limit(mini, "domain", "organizer") == 3  # 15.1.1 organizer +1
    assert G.stacking_limit(board.area("area:milan"), None, "tactical") == 4


def test_stacking_limits_agree_with_the_printed_map(board):
    for area in board.areas:
        assert G.stacking_limit(area, printed_holding(area)) == area.stacking_limit, area.id


def test_what_counts_for_stacking():
    units = [
        unit("t1", "power:spain", at="area:milan"),
        unit("t2", "minor:papacy", at="area:milan"),
        unit("f", "power:spain", "fortress", "area:milan"),
        unit("t3", "power:spain", at="box:dispersed-cm", dispersed=True),
        unit("t4", "power:france", at="area:milan"),
        unit("s", "power:spain", "squadron", "area:milan"),
    ]
    assert {u["id"] for u in G.stack(units, "area:milan", ["power:spain", "minor:papacy"])} == {
        "t1",
        "t2",
    }  # no fortress, no leader
    sieged = [
        unit("t1", "power:spain", at="pavia", besieged=True),
        unit("f", "power:spain", "fortress", "pavia", besieged=True),
        unit("r1", "power:spain", at="pavia"),
        unit("r2", "power:spain", at="pavia"),
    ]
    assert {u["id"] for u in G.stack(sieged, "pavia", ["power:spain"], besieged=True)} == {
        "t1",
        "f",
    }  # the fortress counts
    assert {u["id"] for u in G.stack(sieged, "pavia", ["power:spain"])} == {"r1", "r2"}  # relief army apart (13.3.5)


def test_a_move_may_not_end_overstacked():
    units = [unit(f"t{i}", "power:spain", at="area:milan") for i in range(4)]
    assert G.may_end_move(units, "area:milan", ["power:spain"], 4)
    assert not G.may_end_move([*units, unit("t9", "power:spain", at="area:milan")], "area:milan", ["power:spain"], 4)
    assert G.may_end_move(
        [*units, unit("t9", "power:spain", at="area:milan")], "area:milan", ["power:spain"], 4 + 1
    )  # organizer


def test_overstacked_troops_are_dispersed_by_the_players_choice(board):
    units = [unit(f"t{i}", "power:spain", at="area:milan") for i in range(6)]
    decision = G.overstack_decision(units, "area:milan", ["power:spain"], 4)
    assert decision.kind == "disperse_overstack" and decision.count == 2 and len(decision.options) == 6
    assert G.overstack_decision(units, "area:milan", ["power:spain"], 4 + 2) is None
    decision.check(["t0", "t1"])
    with pytest.raises(RuleError):
        decision.check(["t0"])
    boxes = G.dispersion_boxes(board.area("area:milan"), board)
    out = G.disperse(units, ["t0", "t1"], boxes[0])
    assert [u["dispersed"] for u in out] == [True, True, False, False, False, False]
    assert G.overstack_decision(out, "area:milan", ["power:spain"], 4) is None
    with pytest.raises(RuleError):
        G.disperse([unit("f", "power:spain", "fortress", "area:milan")], ["f"], boxes[0])


def test_dispersion_boxes(board):
    assert G.dispersion_boxes(board.area("area:london"), board) == [G.WE_ISLES]
    paris = next(a for a in board.areas if a.theater == "WE" and a.province == "province:north-france")
    assert G.dispersion_boxes(paris, board) == [G.WE_CONTINENT]
    border = next(a for a in board.areas if a.border_of and a.theater not in ("WE",) and "WE" not in a.border_of)
    assert len(G.dispersion_boxes(border, board)) == 1 + len(border.border_of)  # 18.5: either theater


# ---------------------------------------------------------------------------------------------- 15.1.2
def test_fleet_stacking_worked_example(board):
    """Line 1164: 5 squadrons based on a mini-map domain (limit 2) make stacks of up to 2: 2 + 2 + 1."""
    domain = next(a for a in board.areas if a.map != "main" and a.theater != "TE" and a.domain_of and a.port)
    limit = G.fleet_limit(G.stacking_limit(domain, "domain"))
    assert limit == 2
    assert G.split_into_fleets(5, limit) == [2, 2, 1]
    assert G.fleet_fits([2, 2, 1], limit) and not G.fleet_fits([3, 2], limit)
    assert G.split_into_fleets(5, G.fleet_limit(limit, "organizer")) == [3, 2]
    assert G.split_into_fleets(8, 4) == [4, 4] and G.split_into_fleets(0, 4) == []


# ---------------------------------------------------------------------------------------------- 15.2
NB = {"a": ["b"], "b": ["a", "c"], "c": ["b", "d"], "d": ["c", "e"], "e": ["d"]}


def supply(target, **kw):
    facts = {"controlled": ["a"], "troop_areas": [], "enemy_fortresses": [], "seas": {}, "enemy_fleet_seas": []}
    return G.can_supply(target, NB, **{**facts, **kw})


def test_supply_adjacent_to_a_controlled_area():
    assert supply("b") and not supply("c")


def test_supply_through_supplied_troops_without_enemy_fortress():
    assert supply("c", troop_areas=["b"])
    assert supply("d", troop_areas=["b", "c"])  # a chain of supplied troops
    assert not supply("d", troop_areas=["c"])  # the troop in c is not supplied
    assert not supply("c", troop_areas=["b"], enemy_fortresses=["b"])
    assert supply("d", troop_areas=["c"], controlled=["a", "c"])  # a troop in its own area is supplied


def test_supply_by_sea():
    assert supply("e", seas={"e": ["baltic"]})
    assert not supply("e", seas={"e": ["baltic"]}, enemy_fleet_seas=["baltic"])
    assert supply("e", seas={"e": ["baltic", "sea:north-sea"]}, enemy_fleet_seas=["baltic"])


def test_supply_on_the_real_map(board):
    neighbours = {a.id: board.neighbours(a.id) for a in board.areas}
    some = board.area("area:milan")
    near = board.neighbours("area:milan")[0]
    assert G.can_supply(
        near, neighbours, controlled=["area:milan"], troop_areas=[], enemy_fortresses=[], seas={}, enemy_fleet_seas=[]
    )
    assert some.id in G.supplied_areas(
        [some.id], neighbours, controlled=[near], troop_areas=[], enemy_fortresses=[], seas={}, enemy_fleet_seas=[]
    )
