"""Subjugation combats (13.5): Q3 against Q2, R2/R3 and A2/A3, the disadvantages (the example of 13.5.3),
opposition from one or two areas, dispersal by leader, the fortress's passive defence, dispersal to force control,
the mini-maps."""

from __future__ import annotations

import pytest

from engines.ultima_ratio.combat import combat_subjugation
from engines.ultima_ratio.combat.combat_subjugation import Subjugation, opposition_distance, strength_of_minimap_area
from engines.ultima_ratio.combat.forces import Force, Unit
from tests.engines.ultima_ratio.combat_support import ask, force, play, troops

NOBODY = Force(None)


def test_q3_against_q2_13_5_4():
    battle = Subjugation(force("power:spain", troops("a", 2, 2)), force("power:france", troops("d", 4)), "troops")
    result = play(combat_subjugation, battle, {}, [1, 1])
    # one die each, whatever the troops' quality: Q3 (3) against Q2 (2)
    assert [(x.category, x.result) for x in result.fought.dice["attacker"]] == [(3, 3)]
    assert [(x.category, x.result) for x in result.fought.dice["defender"]] == [(2, 2)]
    assert result.winner == "attacker" and result.control == "attacker"
    assert result.dispersed["defender"] == ["d1"]  # one disband result, no leader
    assert result.morale is None and result.veterans == {"attacker": None, "defender": None}


@pytest.mark.parametrize(
    "opposition, strength, category", [("rebels", 2, 2), ("rebels", 3, 3), ("independent", 2, 2), ("independent", 3, 3)]
)
def test_rebels_and_independents_roll_their_strength(opposition, strength, category):
    battle = Subjugation(force("power:spain", troops("a", 3)), NOBODY, opposition, strength=strength)
    result = play(combat_subjugation, battle, {"force_control": False}, [3, 3])
    assert [x.category for x in result.fought.dice["defender"]] == [category]


def test_example_13_5_3_moving_all_the_troops_in_the_action_is_a_disadvantage():
    """ "If the subjugation force has moved all the troops in the area in that action (for example, to reach the
    area), it has a disadvantage." — and another in a forest, mountain or marsh."""
    setup = combat_subjugation.setup
    a, d = force("power:spain", troops("a", 3)), force("power:france", troops("d", 3))
    assert setup(Subjugation(a, d, "troops", moved_all=True)).disadvantages == {"attacker": 1, "defender": 0}
    assert setup(Subjugation(a, d, "troops", moved_all=True, terrain="marsh")).disadvantages["attacker"] == 2
    assert setup(Subjugation(a, d, "troops", naval_support="attacker")).disadvantages == {"attacker": 0, "defender": 1}
    assert setup(Subjugation(a, d, "troops", adjacent=False)).disadvantages == {"attacker": 0, "defender": 1}
    assert setup(Subjugation(a, NOBODY, "rebels", strength=2, adjacent=False)).disadvantages["defender"] == 0
    assert setup(Subjugation(a, NOBODY, "rebels", strength=3, naval_support="defender")).disadvantages == {
        "attacker": 1,
        "defender": 0,
    }  # a fleet at war may support the rebels
    # die for die: Q3 with two disadvantages is Q1; 1 -> 1 against the opponent's 4: a defeat
    battle = Subjugation(a, d, "troops", moved_all=True, terrain="forest")
    result = play(combat_subjugation, battle, {"force_control": False}, [1, 4])
    assert [(x.category, x.result) for x in result.fought.dice["attacker"]] == [(1, 1)]
    assert result.winner == "defender" and result.control is None


def test_a_leader_halves_the_dispersal_13_5_5():
    a = force("power:spain", troops("a", 3, 3, 3))
    # a: 6 (2 bp, C) / d: 2 (0): two for the difference and one for the odd casualty
    assert (
        len(
            play(
                combat_subjugation,
                Subjugation(a, force("power:france", troops("d", 3, 3, 3)), "troops"),
                {"disperse.defender": ["d1", "d2", "d3"]},
                [6, 1],
            ).dispersed["defender"]
        )
        == 3
    )
    result = play(
        combat_subjugation,
        Subjugation(a, force("power:france", troops("d", 3, 3, 3), None), "troops"),
        {"disperse.defender": ["d2"]},
        [6, 1],
    )
    assert result.dispersed["defender"] == ["d2"]  # three disband results with a leader: one troop


def test_no_pursuit_against_a_fortress():
    battle = Subjugation(
        force("power:spain", troops("a", 3)), Force("power:france", (Unit("f", "fortress"),)), "fortress"
    )
    result = play(combat_subjugation, battle, {}, [6, 1])
    assert result.dispersed == {"attacker": [], "defender": []} and result.control == "attacker"


def test_dispersing_troops_to_force_control_13_5_4():
    a = force("power:spain", troops("a", 3, 3, 3))
    tie = Subjugation(a, NOBODY, "rebels", strength=3)
    pending = ask(combat_subjugation, tie, {}, [1, 1])  # 3 against 3: a tie
    assert (pending.key, pending.info["troops"]) == ("force_control", 1)
    result = play(combat_subjugation, tie, {"force_control": True, "force_control.troops": ["a3"]}, [1, 1])
    assert result.winner is None and result.control == "attacker" and result.forced == ["a3"]
    defeat = Subjugation(a, NOBODY, "independent", strength=3)
    # 3 (1 bp) against 5 (2 bp): defeat, one disband result disperses a troop; two more to take control
    result = play(
        combat_subjugation,
        defeat,
        {"disperse.attacker": ["a1"], "force_control": True, "force_control.troops": ["a2", "a3"]},
        [1, 5],
    )
    assert result.dispersed["attacker"] == ["a1", "a2", "a3"] and result.control == "attacker"
    # the loser's one troop is dispersed by the disband result: none left to force control with, no question
    result = play(
        combat_subjugation,
        Subjugation(force("power:spain", troops("a", 3)), NOBODY, "independent", strength=3),
        {},
        [1, 5],
    )
    assert result.control is None and result.dispersed["attacker"] == ["a1"]


def test_determined_adds_one_to_the_die():
    battle = Subjugation(force("power:spain", troops("a", 3), "determined"), NOBODY, "rebels", strength=3)
    result = play(combat_subjugation, battle, {"bonus.attacker": 4}, [4, 1])
    assert [(x.result, x.bonus) for x in result.fought.dice["attacker"]] == [(5, True)]
    assert result.winner == "attacker"  # 2 battle points against 1; without the +1, 1 against 1


def test_opposition_from_one_or_two_areas_13_5_2():
    links = {"t": ["m", "x"], "m": ["t", "s"], "x": ["t", "s"], "s": ["m", "x"], "far": []}
    ok = {"m"}
    assert opposition_distance("t", "m", links.__getitem__, ok.__contains__) == 1
    assert opposition_distance("t", "s", links.__getitem__, ok.__contains__) == 2  # through m, not x
    assert opposition_distance("t", "s", links.__getitem__, set().__contains__) is None
    assert opposition_distance("t", "far", links.__getitem__, ok.__contains__) is None


def test_minimap_areas_defend_as_a3_or_a2_13_5_7():
    assert strength_of_minimap_area(home_area=True) == 3 and strength_of_minimap_area(home_area=False) == 2


def test_inputs_are_checked():
    with pytest.raises(ValueError):
        combat_subjugation.setup(Subjugation(force("power:spain", troops("a", 3)), NOBODY, "rebels"))
    with pytest.raises(ValueError):
        combat_subjugation.setup(
            Subjugation(force("power:spain", troops("a", 3)), force("f", troops("d", 3)), "fortress")
        )


def test_a_defeated_subjugator_suffers_the_pursuit_too():
    """13.5.4's "no direct consequence in case of a tie or defeat" is about control; 13.5.5 still disperses."""
    battle = Subjugation(force("power:spain", troops("a", 3, 3)), force("power:france", troops("d", 3)), "troops")
    result = play(combat_subjugation, battle, {}, [1, 6])
    assert result.fought.disband_results["attacker"] == 2  # 1 point of difference and the odd casualty
    assert result.dispersed["attacker"] == ["a1", "a2"] and result.control is None


def test_a_subjugator_defeated_by_a_fortress_loses_no_troops():
    fortress = Force("power:france", (Unit("f", "fortress"),))
    battle = Subjugation(force("power:spain", troops("a", 3, 3)), fortress, "fortress")
    result = play(combat_subjugation, battle, {"force_control": False}, [1, 6])  # 3 against 6
    assert result.fought.disband_results["attacker"] == 2 and result.dispersed["attacker"] == []
