"""Naval combats (13.2): battlefields, the in-port disadvantage, damaged squadrons, morale, piracy, admirals,
conscripts."""

from __future__ import annotations

import pytest

from engines.ultima_ratio.combat import combat_naval
from engines.ultima_ratio.combat.combat_naval import NavalBattle
from engines.ultima_ratio.combat.forces import Unit
from tests.engines.ultima_ratio.combat_support import ask, force, play, squadrons


@pytest.mark.parametrize("kind, size", [("tactical", 2), ("interception", 2), ("support", 3), ("piracy", 1)])
def test_battlefield_13_2_4(kind, size):
    battle = NavalBattle(
        kind, force("power:spain", squadrons("a", 3, 3, 3, 3)), force("power:england", squadrons("e", 3))
    )
    pending = ask(combat_naval, battle, {})
    assert (pending.key, pending.info["battlefield"]) == ("fight.attacker", size)


def test_an_organizer_changes_it_but_not_in_piracy():
    a = force("power:spain", squadrons("a", 3, 3, 3), "organizer")
    e = force("power:england", squadrons("e", 3))
    pending = ask(combat_naval, NavalBattle("tactical", a, e), {})
    assert (pending.key, pending.options) == ("battlefield.organizer.attacker", [2, 3])
    assert ask(combat_naval, NavalBattle("piracy", a, e), {}).key == "fight.attacker"


def test_squadrons_in_port_intercepting_pirates_have_a_disadvantage():
    pirate = force("barbary", squadrons("p", 3))
    port = force("power:spain", squadrons("s", 3))
    result = play(combat_naval, NavalBattle("piracy", pirate, port, in_port="defender"), {}, [3, 1])
    assert [x.category for x in result.fought.dice["defender"]] == [2]
    assert result.winner == "attacker"  # 3 against 2 (a Q3 would have made 3: a draw)


def test_piracy_without_interceptor_needs_one_battle_point():
    pirate = force("barbary", squadrons("p", 2))
    nobody = force("power:spain", ())
    assert play(combat_naval, NavalBattle("piracy", pirate, nobody), {}, [1]).winner is None  # 2: no point
    assert play(combat_naval, NavalBattle("piracy", pirate, nobody), {}, [3]).winner == "attacker"


def test_every_two_disband_results_damage_a_squadron_and_the_loser_goes_to_base():
    a = force("power:spain", squadrons("a", 3, 3))
    e = force("power:england", (*squadrons("e", 2, 2), Unit("e3", "squadron", 2, damaged=True)))
    battle = NavalBattle("tactical", a, e)
    decisions = {"fight.attacker": ["a1", "a2"], "fight.defender": ["e1", "e2"]}
    # a: 5 5 (4 bp) / e: 1 1 -> 2 2 (0): four disband results: two squadrons damaged
    result = play(combat_naval, battle, decisions, [5, 5, 1, 1])
    assert result.damaged == {"attacker": [], "defender": ["e1", "e2"]}
    assert result.to_base == {"attacker": [], "defender": []} and result.morale == "defender"
    # a: 5 3 (3 bp) / e: 2 2: three disband results: one damaged, the other goes back to base operational
    result = play(combat_naval, battle, {**decisions, "damage.defender": ["e2"]}, [5, 3, 1, 1])
    assert result.damaged["defender"] == ["e2"] and result.to_base["defender"] == ["e1"]
    assert result.veterans == {"attacker": None, "defender": None}  # squadrons are not veteranized


def test_damaged_squadrons_do_not_fight():
    e = force("power:england", (Unit("e1", "squadron", 3, damaged=True), Unit("e2", "squadron", 2)))
    assert combat_naval.setup(NavalBattle("tactical", force("power:spain", squadrons("a", 3)), e)).eligible[
        "defender"
    ] == ["e2"]


def test_casualties_eliminate_squadrons():
    a = force("power:spain", squadrons("a", 3, 3))
    e = force("power:england", squadrons("e", 2, 2), None)
    decisions = {"fight.attacker": ["a1", "a2"], "fight.defender": ["e1", "e2"], "eliminate.defender": ["e1"]}
    result = play(combat_naval, NavalBattle("tactical", a, e), decisions, [6, 4, 1, 1])  # 3 bp, 2 C / 0
    assert result.eliminated["defender"] == ["e1"] and result.damaged["defender"] == ["e2"]  # 3 disbands
    assert result.leaders_eliminated["defender"] == []  # the stack keeps a (damaged) squadron
    result = play(
        combat_naval,
        NavalBattle("tactical", a, force("power:england", squadrons("e", 2), None)),
        {"fight.attacker": ["a1", "a2"]},
        [6, 4, 1],
    )
    assert result.eliminated["defender"] == ["e1"] and result.leaders_eliminated["defender"] == [
        "power:england-leader1"
    ]


def test_admiral_adds_one_after_the_roll():
    a = force("power:spain", squadrons("a", 2), "admiral")
    battle = NavalBattle("piracy", a, force("power:england", squadrons("e", 2)))
    pending = ask(combat_naval, battle, {}, [4, 3])
    assert (pending.key, pending.options) == ("bonus.attacker", [None, 4])
    result = play(combat_naval, battle, {"bonus.attacker": 4}, [4, 3])
    assert [(x.result, x.bonus) for x in result.fought.dice["attacker"]] == [(5, True)]
    assert result.winner == "attacker"  # 2 battle points against 1
    assert play(combat_naval, battle, {"bonus.attacker": None}, [4, 3]).winner is None


def test_naval_conscripts_need_a_leader_and_a_commercial_port():
    a = force("power:spain", squadrons("a", 3), None)
    e = force("power:england", squadrons("e", 3, 3))
    assert combat_naval.setup(NavalBattle("tactical", a, e)).conscript["attacker"] is False
    battle = NavalBattle("tactical", a, e, commercial_port=True)
    pending = ask(combat_naval, battle, {"fight.defender": ["e1", "e2"]})
    assert pending.key == "conscript.attacker"
    result = play(
        combat_naval,
        battle,
        {"fight.defender": ["e1", "e2"], "conscript.attacker": True, "damage.defender": ["e1"]},
        [5, 5, 1, 1],
    )
    assert len(result.fought.dice["attacker"]) == 2 and result.unrest["attacker"] == 1
    assert result.damaged["attacker"] == []  # conscripts are not affected
