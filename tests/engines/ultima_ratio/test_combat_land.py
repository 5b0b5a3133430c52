"""Land combats (13.3): battlefield by terrain and the defender's choice, advantages, fortresses, dispersal,
retreats, sorties and relief battles, veterans and morale."""

from __future__ import annotations

import pytest

from engines.ultima_ratio.combat import combat_land
from engines.ultima_ratio.combat.combat_land import LandBattle, marks
from engines.ultima_ratio.combat.forces import Unit
from tests.engines.ultima_ratio.combat_support import ask, force, play, troops

A = force("power:spain", troops("a", 3, 3, 3, 3))
D = force("power:france", troops("d", 3, 3, 3, 3))


@pytest.mark.parametrize(
    "kw, sizes",
    [
        ({}, None),  # "As a general rule ... four dice"
        ({"terrain": "forest"}, (3, 4)),  # "In wooded land ... a maximum of three"
        ({"terrain": "marsh"}, (2, 3, 4)),  # "In marsh and mountain ... two"
        ({"terrain": "mountain"}, (2, 3, 4)),
        ({"rough_pass": True}, (2, 3, 4)),  # "or if the attacker enters ... through rough pass"
        ({"terrain": "forest", "rough_pass": True}, (2, 3, 4)),
        ({"amphibious": True}, (3, 4)),  # "three in open terrain,
        ({"amphibious": True, "terrain": "forest"}, (2, 3, 4)),  # or of two for the rest"
        ({"sortie": True}, (3, 4)),  # "sorties or relief battles ... three in open terrain"
        ({"relief": True}, (3, 4)),
        ({"relief": True, "terrain": "forest"}, (3, 4)),
    ],
)
def test_battlefield_by_terrain_13_3_4(kw, sizes):
    assert marks(LandBattle(A, D, **kw)) == sizes


def test_the_defender_marks_and_the_sides_choose_their_units_active_first():
    battle = LandBattle(A, D, terrain="mountain")
    pending = ask(combat_land, battle, {})
    assert (pending.key, pending.side, pending.options) == ("battlefield.mark", "defender", [2, 3, 4])
    pending = ask(combat_land, battle, {"battlefield.mark": 2})
    assert (pending.key, pending.side, pending.pick) == ("fight.attacker", "attacker", (1, 2))
    pending = ask(combat_land, battle, {"battlefield.mark": 2, "fight.attacker": ["a1", "a3"]})
    assert (pending.key, pending.pick) == ("fight.defender", (1, 2))


def test_disadvantages_13_3_3():
    s = combat_land.setup
    assert s(LandBattle(A, D, terrain="mountain")).disadvantages == {"attacker": 1, "defender": 0}
    assert s(LandBattle(A, D, terrain="marsh")).disadvantages == {"attacker": 1, "defender": 0}
    assert s(LandBattle(A, D, terrain="forest")).disadvantages == {"attacker": 0, "defender": 0}
    assert s(LandBattle(A, D, naval_support="defender")).disadvantages == {"attacker": 1, "defender": 0}
    assert s(LandBattle(A, D, amphibious=True)).disadvantages == {"attacker": 1, "defender": 0}
    assert s(LandBattle(A, D, sortie=True, siege_casualties=2)).disadvantages == {"attacker": 2, "defender": 0}


def test_a_mountain_disadvantage_lowers_the_attackers_die():
    battle = LandBattle(force("power:spain", troops("a", 3)), force("power:france", troops("d", 2)), terrain="mountain")
    result = play(combat_land, battle, {"battlefield.mark": 2}, [1, 1])
    assert [x.category for x in result.fought.dice["attacker"]] == [2]
    assert result.winner is None  # 2 against 2: a draw


def test_fortress_rolls_q3_and_is_never_eliminated_in_a_land_battle():
    defender = force("power:france", (Unit("d1", "troop", 2), Unit("fort", "fortress")))
    battle = LandBattle(force("power:spain", troops("a", 4, 4)), defender)
    decisions = {"fight.attacker": ["a1", "a2"], "fight.defender": ["d1", "fort"], "veteran.attacker": "a2"}
    result = play(combat_land, battle, decisions, [6, 6, 1, 1])  # a: 6 6 / d: Q2 2, fortress Q3 3
    assert [x.result for x in result.fought.dice["defender"]] == [2, 3]
    # two eliminations and three dispersals, but only the troop can go
    assert result.eliminated["defender"] == ["d1"] and result.dispersed["defender"] == []
    assert result.veterans == {"attacker": "a2", "defender": None}


def test_fortresses_do_not_fight_in_sorties():
    besieger = force("power:france", (Unit("d1", "troop", 3),))
    besieged = force("power:spain", (Unit("a1", "troop", 3), Unit("fort", "fortress")))
    setup = combat_land.setup(LandBattle(besieged, besieger, sortie=True))
    assert setup.eligible == {"attacker": ["a1"], "defender": ["d1"]}
    # a defender's fortress fights in an ordinary battle
    assert combat_land.setup(LandBattle(besieger, besieged)).eligible["defender"] == ["a1", "fort"]


def test_a_besieged_fortress_does_not_fight_in_a_relief_battle():
    battle = LandBattle(
        force("power:spain", troops("r", 3)),
        force("power:france", troops("d", 3)),
        relief=True,
        besieged=force("power:spain", (Unit("b1", "troop", 3), Unit("fort", "fortress"))),
    )
    assert combat_land.setup(battle).eligible["attacker"] == ["r1", "b1"]


def test_each_disband_result_disperses_a_troop_13_3_6():
    battle = LandBattle(force("power:spain", troops("a", 4, 4)), force("power:france", troops("d", 2, 2, 2, 2)))
    decisions = {"fight.attacker": ["a1", "a2"], "fight.defender": ["d1", "d2", "d3", "d4"]}
    # a: 5 5 (4 bp) / d: 1 1 2 3 -> 2 2 2 3 (1 bp): three disband results, three of four troops
    pending = ask(combat_land, battle, decisions, [5, 5, 1, 1, 2, 3])
    assert (pending.key, pending.pick) == ("disperse.defender", (3, 3))
    result = play(combat_land, battle, {**decisions, "disperse.defender": ["d1", "d2", "d4"]}, [5, 5, 1, 1, 2, 3])
    assert result.dispersed == {"attacker": [], "defender": ["d1", "d2", "d4"]}
    assert result.eliminated == {"attacker": [], "defender": []}
    assert result.retreat == "defender" and result.morale == "defender" and result.veterans["attacker"] is None


def test_troops_that_did_not_fight_are_not_dispersed():
    battle = LandBattle(
        force("power:spain", troops("a", 4, 4)), force("power:france", troops("d", 2, 2, 2)), terrain="forest"
    )
    decisions = {"battlefield.mark": 3, "fight.attacker": ["a1", "a2"], "fight.defender": ["d1"]}
    result = play(combat_land, battle, decisions, [5, 5, 1])
    assert result.dispersed["defender"] == ["d1"]  # four disband results, one troop fought


def test_the_winner_keeps_its_last_unit_13_1_7():
    battle = LandBattle(force("power:spain", troops("a", 2)), force("power:france", troops("d", 2)))
    # a: 6 (2 bp, C) / d: 4 (1 bp, C): the attacker wins; the defender's odd casualty is a disband result
    result = play(combat_land, battle, {}, [6, 4])
    assert result.winner == "attacker" and result.dispersed["attacker"] == []
    assert result.dispersed["defender"] == ["d1"]  # one for the difference, one for the odd casualty
    assert result.morale is None  # the loser threw one die


def test_a_draw_has_no_winner_and_no_retreat():
    battle = LandBattle(force("power:spain", troops("a", 3)), force("power:france", troops("d", 3)))
    result = play(combat_land, battle, {}, [4, 4])  # one casualty each: a disband result each
    assert result.winner is None and result.retreat is None and result.control is None
    assert result.dispersed == {"attacker": ["a1"], "defender": ["d1"]}


def test_amphibious_attackers_that_do_not_win_go_back():
    battle = LandBattle(force("power:spain", troops("a", 3)), force("power:france", troops("d", 3)), amphibious=True)
    result = play(combat_land, battle, {"battlefield.mark": 3}, [1, 1])  # Q3 with a disadvantage: 2 vs 3
    assert result.winner == "defender" and result.retreat == "attacker"


def test_a_lost_sortie_leaves_the_survivors_besieged():
    besieged = force("power:spain", troops("a", 3, 3))
    battle = LandBattle(besieged, force("power:france", troops("d", 3, 3)), sortie=True, siege_casualties=1)
    decisions = {
        "battlefield.mark": 4,
        "fight.attacker": ["a1", "a2"],
        "fight.defender": ["d1", "d2"],
        "allocate.attacker.0": "disadvantage:3",
        "disperse.attacker": ["a1"],
    }
    result = play(combat_land, battle, decisions, [3, 3, 5, 3])
    assert [x.category for x in result.fought.dice["attacker"]] == [2, 3]
    assert result.winner == "defender" and result.remain_besieged and result.retreat is None


def test_relief_battle_with_the_besieged_joining_13_3_5():
    relief = force("power:spain", troops("r", 3))
    besieged = force("power:spain", troops("b", 3, 3), None)
    battle = LandBattle(
        relief,
        force("power:france", troops("d", 4, 4)),
        relief=True,
        besieged=besieged,
        siege_casualties=1,
        besieged_power="power:spain",
    )
    setup = combat_land.setup(battle)
    # the besieged join: "as many disadvantages as siege casualties (which will apply to the whole army)"
    assert setup.eligible["attacker"] == ["r1", "b1", "b2"] and setup.disadvantages["attacker"] == 1
    assert setup.conscript["attacker"]  # the besieged's leader is present
    decisions = {
        "battlefield.mark": 3,
        "fight.attacker": ["r1", "b1", "b2"],
        "fight.defender": ["d1", "d2"],
        "allocate.attacker.0": "disadvantage:3",
        "veteran.defender": "d1",
        "eliminate.attacker": ["r1"],
        "disperse.attacker": ["b1"],
    }
    # r Q2: 1 -> 2, b Q3: 3 and 4 (2 bp, 1 C) / d Q4: 6 6 (4 bp, 2 C): one elimination, three disband results
    result = play(
        combat_land,
        battle,
        {**decisions, "disperse.attacker": ["b1", "b2"], "disperse.defender": ["d2"]},
        [1, 1, 4, 6, 6],
    )
    assert result.dispersed["defender"] == ["d2"]  # the attacker's odd casualty
    assert result.winner == "defender"
    assert result.eliminated["attacker"] == ["r1"] and result.dispersed["attacker"] == ["b1", "b2"]
    assert result.to_fortress == [] and result.retreat == "attacker"
    # with three dice of 3 (3 bp, the Q2 rolled a 3) the defender wins by one: one elimination and one disband result
    result = play(combat_land, battle, decisions, [3, 1, 1, 6, 6])
    assert result.fought.disband_results["attacker"] == 1
    assert result.to_fortress == ["b2"]  # "the besieged units that participated ... must retreat to the fortress"


@pytest.mark.parametrize(
    "power, at_war, withdraw",
    [("power:spain", False, "any"), ("power:austria", False, "all"), ("power:austria", True, None)],
)
def test_withdrawals_after_a_won_relief_battle(power, at_war, withdraw):
    battle = LandBattle(
        force("power:spain", troops("r", 4)),
        force("power:france", troops("d", 2)),
        relief=True,
        besieged_power=power,
        at_war_with_besieged=at_war,
    )
    result = play(combat_land, battle, {"battlefield.mark": 3}, [5, 1])
    assert result.winner == "attacker" and result.withdraw == withdraw


def test_conscripts_need_a_leader_in_land_combats_13_1_9():
    assert combat_land.setup(LandBattle(A, D)).conscript == {"attacker": False, "defender": False}
    battle = LandBattle(
        force("power:spain", troops("a", 3), None), force("power:france", troops("d", 3)), main_map=False
    )
    result = play(combat_land, battle, {"conscript.attacker": True}, [5, 5, 1])
    assert result.fought.conscripts["attacker"] and result.unrest["attacker"] == 0  # not on the main map


def test_a_winning_defender_with_its_fortress_may_lose_every_troop_that_fought():
    defender = force("power:france", (Unit("d1", "troop", 4), Unit("fort", "fortress")))
    battle = LandBattle(force("power:spain", troops("a", 3)), defender)
    decisions = {"fight.defender": ["d1", "fort"]}
    # a: 4 (1 bp, C) / d1 6, fortress 3 (3 bp, C): the attacker's odd casualty disperses d1, the fortress stays
    result = play(combat_land, battle, decisions, [4, 6, 1])
    assert result.winner == "defender" and result.dispersed["defender"] == ["d1"]
    assert result.dispersed["attacker"] == ["a1"]


def test_amphibious_attackers_go_back_after_a_draw_too():
    battle = LandBattle(force("power:spain", troops("a", 4)), force("power:france", troops("d", 3)), amphibious=True)
    result = play(combat_land, battle, {"battlefield.mark": 3}, [1, 1])  # Q4-1 = Q3: 3 against 3
    assert result.winner is None and result.retreat == "attacker"
    assert (
        play(
            combat_land,
            LandBattle(force("power:spain", troops("a", 4)), force("power:france", troops("d", 3))),
            {},
            [1, 1],
        ).retreat
        is None
    )  # not after an ordinary draw


def test_only_a_regular_troop_that_fought_and_survived_can_become_veteran():
    attacker = force("power:spain", troops("a", 4, 4) + troops("v", 4, veteran=True) + troops("r", 4))
    battle = LandBattle(attacker, force("power:france", troops("d", 2, 2)))
    decisions = {
        "fight.attacker": ["a1", "a2", "v1"],
        "fight.defender": ["d1", "d2"],
        "eliminate.attacker": ["a1"],
        "eliminate.defender": ["d1"],
    }
    # a: 6 6 6 (6 bp, 3 C) / d: 6 6 -> 6 6 (4 bp, 2 C): one elimination each
    pending = ask(combat_land, battle, decisions, [6, 6, 6, 6, 6])
    assert (pending.key, pending.options) == ("veteran.attacker", [None, "a2"])


def test_example_13_3_7_a_third_powers_casus_belli():
    """ "major power A takes control of an area of major power B, and then loses it to major power C. If major
    powers B and C were not at war, B now has a Casus Belli against C"."""
    wars = {frozenset(("a", "b")), frozenset(("a", "c"))}
    at_war = lambda x, y: frozenset((x, y)) in wars
    assert combat_land.casus_belli(holder="a", nominal_owner="b", winner="c", at_war=at_war) == "b"
    wars.add(frozenset(("b", "c")))
    assert combat_land.casus_belli(holder="a", nominal_owner="b", winner="c", at_war=at_war) is None
    assert combat_land.casus_belli(holder="b", nominal_owner="b", winner="a", at_war=at_war) is None  # A's war
