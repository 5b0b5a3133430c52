"""Siege combat (13.4): siege casualties, the loser's minimum loss (the example of 13.4.2), the fortress's Q3 die
and elimination, capitulations, the battlefield of three with a fleet's ±1, veterans and morale."""

from __future__ import annotations

import pytest

from engines.ultima_ratio.combat import combat_siege
from engines.ultima_ratio.combat.combat_siege import SiegeBattle
from engines.ultima_ratio.combat.forces import Unit
from tests.engines.ultima_ratio.combat_support import ask, force, play, troops

FORT = Unit("fort", "fortress")


def besieged(*qualities: int, leader: bool = False):
    return force("power:venice", (*troops("b", *qualities), FORT), *((None,) if leader else ()))


def test_battlefield_three_and_the_fleets_one_either_way():
    battle = SiegeBattle(force("power:ottomans", troops("o", 3, 3, 3, 3)), besieged(3, 3, 3))
    assert ask(combat_siege, battle, {}).info["battlefield"] == 3
    battle = SiegeBattle(battle.besieger, battle.besieged, naval_support="attacker")
    pending = ask(combat_siege, battle, {})
    assert (pending.key, pending.side, pending.options) == ("battlefield.fleet", "attacker", [2, 3, 4])
    assert ask(combat_siege, battle, {"battlefield.fleet": 4}).info["battlefield"] == 4
    assert combat_siege.setup(battle).disadvantages == {"attacker": 0, "defender": 1}  # the enemy fleet


def test_the_besieged_has_a_disadvantage_per_siege_casualty():
    battle = SiegeBattle(force("power:ottomans", troops("o", 3)), besieged(3, 3), siege_casualties=1)
    assert combat_siege.setup(battle).disadvantages == {"attacker": 0, "defender": 1}


def _decisions(**kw):
    return {
        "fight.attacker": ["o1", "o2"],
        "fight.defender": ["b1", "fort"],
        "capitulate": False,
        "conscript.attacker": False,
        "conscript.defender": False,
        **kw,
    }


def test_example_13_4_2_a_defeat_by_one_point_without_casualties_still_costs_a_siege_casualty():
    """ "the losing side must disperse at least one troop (or increase siege casualties by one), although as a
    result of the combat it was not compulsory to do so (for example if the defeat had only been by a point of
    battle without casualties)"."""
    battle = SiegeBattle(force("power:ottomans", troops("o", 2, 2)), besieged(2, 2))
    # o: 5 1 -> 5 2 (2 bp) / b1 Q2: 2 -> 2 (0), fortress Q3: 1 -> 3 (1 bp): lost by one, no casualties
    result = play(combat_siege, battle, _decisions(), [5, 1, 2, 1])
    assert result.fought.battle_points == {"attacker": 2, "defender": 1}
    assert result.fought.disband_results["defender"] == 1  # 1 // 2 = 0 siege casualties by the table ...
    assert result.siege_casualties == 1  # ... but the loser takes one
    assert result.dispersed == {"attacker": [], "defender": []}  # besieged troops are never dispersed
    assert result.capitulation is None  # 1 siege casualty, 2 troops
    # the other way round: the besieger that loses by one point disperses one troop
    result = play(combat_siege, battle, _decisions(**{"disperse.attacker": ["o2"]}), [3, 1, 5, 2])
    assert result.winner == "defender" and result.dispersed["attacker"] == ["o2"]
    assert result.siege_casualties == 0 and not result.siege_ended
    assert result.morale == "attacker"  # it threw two dice (RULINGS: Combat 13.4.6)


def test_capitulation_with_more_siege_casualties_than_troops_13_4_5():
    battle = SiegeBattle(force("power:ottomans", troops("o", 3, 3)), besieged(2, leader=True), siege_casualties=1)
    decisions = {**_decisions(), "allocate.defender.0": "disadvantage:3"}
    # o: 3 3 (2 bp) / b1 Q2: 2 (0), fortress Q3-1 = Q2: 2 (0): two disband results: a second siege casualty
    result = play(combat_siege, battle, decisions, [1, 1, 1, 1])
    assert result.capitulation == "casualties" and result.control == "attacker"
    assert result.fortress_destroyed == "fort" and result.dispersed["defender"] == ["b1"]
    assert result.siege_casualties == 0 and result.siege_ended  # the markers are removed
    assert result.leaders_eliminated["defender"] == []  # the leader follows the dispersed troop


def test_the_fortress_is_eliminated_only_when_no_troops_are_left():
    battle = SiegeBattle(force("power:ottomans", troops("o", 4, 4, 4)), besieged(2, 2, 2, 2, leader=True))
    decisions = {
        "fight.attacker": ["o1", "o2", "o3"],
        "fight.defender": ["b1", "fort"],
        "capitulate": False,
        "conscript.defender": False,
        "veteran.attacker": "o1",
    }
    # o: 6 6 6 (6 bp, 3 C: one elimination) / 2, 3 (1 bp): the troop b1 is eliminated, not the fortress; five
    # points of difference and the odd casualty are six disband results: three siege casualties, three troops left
    result = play(combat_siege, battle, decisions, [6, 6, 6, 1, 1])
    assert result.eliminated["defender"] == ["b1"] and result.siege_casualties == 3
    assert result.capitulation is None  # not more siege casualties than troops
    battle = SiegeBattle(battle.besieger, besieged(2, 2, 2, leader=True))
    assert play(combat_siege, battle, decisions, [6, 6, 6, 1, 1]).capitulation == "casualties"
    # o: 6 6 6 6 (4 C: two eliminations) with the fortress alone left of the fighters: it falls
    battle = SiegeBattle(
        force("power:ottomans", troops("o", 4, 4, 4, 4)), besieged(2, leader=True), naval_support="attacker"
    )
    decisions = {
        "battlefield.fleet": 4,
        "fight.attacker": ["o1", "o2", "o3", "o4"],
        "fight.defender": ["b1", "fort"],
        "capitulate": False,
        "conscript.defender": False,
        "veteran.attacker": "o2",
        "allocate.defender.0": "disadvantage:3",
    }  # the enemy fleet's disadvantage
    result = play(combat_siege, battle, decisions, [6, 6, 6, 6, 1, 1])
    assert result.eliminated["defender"] == ["b1", "fort"] and result.capitulation == "fortress"
    assert result.leaders_eliminated["defender"] == ["power:venice-leader1"]
    assert result.veterans["attacker"] == "o2" and result.control == "attacker"


def test_voluntary_capitulation_before_the_dice():
    battle = SiegeBattle(force("power:ottomans", troops("o", 3)), besieged(3))
    prepared = {"fight.defender": ["b1", "fort"], "conscript.attacker": False, "conscript.defender": False}
    pending = ask(combat_siege, battle, prepared)
    assert (pending.key, pending.side) == ("capitulate", "defender")
    result = play(combat_siege, battle, {**prepared, "capitulate": True}, [])
    assert result.capitulation == "voluntary" and result.fought is None and result.control == "attacker"
    assert result.dispersed["defender"] == ["b1"] and result.fortress_destroyed == "fort"


def test_the_siege_ends_when_the_besieging_force_is_gone():
    battle = SiegeBattle(force("power:ottomans", troops("o", 2)), besieged(4), siege_casualties=0)
    decisions = {
        "fight.defender": ["b1", "fort"],
        "capitulate": False,
        "veteran.defender": "b1",
        "conscript.attacker": False,
        "conscript.defender": False,
    }
    # o: 2 (0) / b1: 6, fortress 6 (4 bp, 2 C)
    result = play(combat_siege, battle, decisions, [1, 6, 6])
    assert result.eliminated["attacker"] == ["o1"] and result.siege_ended and result.siege_casualties == 0
    assert result.veterans["defender"] == "b1"  # as in land battles


def test_no_leader_is_needed_for_conscripts_in_sieges():
    battle = SiegeBattle(force("power:ottomans", troops("o", 3)), besieged(3))
    assert combat_siege.setup(battle).conscript == {"attacker": True, "defender": True}
    with pytest.raises(ValueError):
        combat_siege.setup(SiegeBattle(force("power:ottomans", troops("o", 3)), force("power:venice", troops("b", 3))))
