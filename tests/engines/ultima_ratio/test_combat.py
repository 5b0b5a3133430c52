"""The common combat procedure (13.1): dice categories, combat table, advantages, battlefield order, leaders, and
the worked examples of 13.1.4, 13.1.6 and 13.1.7 die for die."""

from __future__ import annotations

import json
import pathlib

import pytest
import yaml

from engines.core.chance import Chance, scripted
from engines.core.content import validate
from engines.core.rng import seed_state
from engines.core.types import ContentError
from engines.ultima_ratio.combat import (
    combat_land,
    combat_naval,
    combat_procedure,
    combat_siege,
    combat_subjugation,
    forces,
)
from engines.ultima_ratio.combat.combat_land import LandBattle
from engines.ultima_ratio.combat.combat_naval import NavalBattle
from engines.ultima_ratio.combat.combat_procedure import Decider, Setup, fight, run
from engines.ultima_ratio.combat.combat_siege import SiegeBattle
from engines.ultima_ratio.combat.combat_subjugation import Subjugation
from engines.ultima_ratio.combat.forces import CombatError, Force, Leader, Side, Unit
from engines.ultima_ratio.combat_tables import DATA, CombatTables
from tests.engines.ultima_ratio.combat_support import TABLES, ask, chance, force, play, troops


# ---------------------------------------------------------------------------------------------- 13.1.1 / 13.1.6
@pytest.mark.parametrize(
    "category, faces",
    [(4, [4, 4, 4, 4, 5, 6]), (3, [3, 3, 3, 4, 5, 6]), (2, [2, 2, 3, 4, 5, 6]), (1, [1, 1, 2, 3, 4, 5])],
)
def test_dice_categories_as_13_1_1(category, faces):
    assert [TABLES.result(category, roll) for roll in range(1, 7)] == faces


def test_example_13_1_1_units_roll_their_quality():
    """ "a fleet of quality 3 would launch a Q3 die in a combat, and a troop of quality 2 a Q2 die"."""
    assert (
        combat_procedure.category(Unit("fleet", "squadron", 3)) == 3
        and combat_procedure.category(Unit("troop", "troop", 2)) == 2
    )
    assert combat_procedure.category(Unit("fort", "fortress", 2)) == 3  # fortresses fight as Q3 (13.3.4, 13.4.4)


def test_combat_table_as_13_1_6():
    assert [(TABLES.row(r).battle_points, TABLES.row(r).casualty) for r in range(1, 7)] == [
        (0, False),
        (0, False),
        (1, False),
        (1, True),
        (2, False),
        (2, True),
    ]


def test_the_data_agrees_with_the_facts_sheet():
    facts_file = pathlib.Path(__file__).resolve().parents[3].parent / "shared" / "facts" / "ultima-ratio-regis.yaml"
    if not facts_file.is_file():
        pytest.skip("the facts sheet is not next to the repository")
    facts = {f["topic"]: f["value"] for f in yaml.safe_load(facts_file.read_text())["rules_numbers"]["dice_and_combat"]}
    assert {f"Q{d.category}": list(d.results) for d in TABLES.dice} == facts["dice categories"]
    for results, row in facts["combat table"].items():
        for r in map(int, str(results).split("-")):
            assert (TABLES.row(r).battle_points, TABLES.row(r).casualty) == (row["bp"], row.get("casualty", False))


def test_the_table_file_is_validated():
    data = yaml.safe_load((DATA / "combat.yaml").read_text())
    data["table"] = data["table"][1:]  # results 1-2 missing
    with pytest.raises(ContentError, match="cover the results"):
        validate(CombatTables, data, "ultima-ratio-regis", DATA / "combat.yaml")


# ---------------------------------------------------------------------------------------------- the example
def _example_setup(**kw) -> Setup:
    """13.1.6: one Q4 and one Q2 against one Q3 and one Q1 (here a Q2 troop with a disadvantage)."""
    forces: dict[Side, Force] = {
        "attacker": Force("power:spain", troops("a", 4, 2)),
        "defender": Force("power:france", troops("d", 3, 2)),
    }
    return Setup(
        kind="land",
        forces=forces,
        active="attacker",
        battlefield=4,
        eligible={"attacker": ["a1", "a2"], "defender": ["d1", "d2"]},
        disadvantages={"defender": 1},
        **kw,
    )


def test_example_13_1_6_and_13_1_7_die_for_die():
    decisions = {
        "fight.attacker": ["a1", "a2"],
        "fight.defender": ["d1", "d2"],
        "allocate.defender.0": "disadvantage:2",
    }
    with scripted([1, 6, 4, 3]):
        fought = run(lambda d: fight(_example_setup(), d, TABLES), decisions, chance())
    # "The Q4 die roll changes from 1 to 4; the Q2 die roll remains a 6; the Q3 die roll remains a 4, and the Q1
    # die roll becomes a 2."
    assert [(x.category, x.roll, x.result) for x in fought.dice["attacker"]] == [(4, 1, 4), (2, 6, 6)]
    assert [(x.category, x.roll, x.result) for x in fought.dice["defender"]] == [(3, 4, 4), (1, 3, 2)]
    # "the first side has scored three battle points (and two casualties)" / one battle point and one casualty
    assert fought.battle_points == {"attacker": 3, "defender": 1}
    assert fought.casualties == {"attacker": 2, "defender": 1}
    assert fought.winner == "attacker"
    # 13.1.7: "the first side eliminates an enemy unit with its two casualties. The second side has only scored
    # one casualty, so it does not eliminate any enemy unit." ... "the second side also suffers two disband
    # results" and its odd casualty is "one disband result that needs to be applied to the first side"
    assert fought.eliminations == {"attacker": 0, "defender": 1}
    assert fought.disband_results == {"attacker": 1, "defender": 2}


def test_example_as_a_land_battle_with_a_conscript():
    """The same dice in a land battle: the Q1 die is the defender's conscript (its leader is present)."""
    battle = LandBattle(force("power:spain", troops("a", 4, 2)), force("power:france", troops("d", 3), None))
    result = play(
        combat_land,
        battle,
        {
            "fight.attacker": ["a1", "a2"],
            "conscript.defender": True,
            "disperse.attacker": ["a2"],
            "veteran.attacker": "a1",
        },
        [1, 6, 4, 3],
    )
    f = result.fought
    assert [x.result for x in f.dice["defender"]] == [4, 2] and f.conscripts["defender"]
    assert result.eliminated == {"attacker": [], "defender": ["d1"]}
    # the winner's one disband result disperses a troop (13.3.6); it keeps its last unit
    assert result.dispersed == {"attacker": ["a2"], "defender": []}
    assert result.leaders_eliminated["defender"] == ["power:france-leader1"]  # with the last troop of the stack
    assert result.morale == "defender"  # the loser threw two dice
    assert result.veterans == {"attacker": "a1", "defender": None}
    assert result.unrest == {"attacker": 0, "defender": 1}  # a conscript on the main map
    assert result.control == "attacker" and result.retreat == "defender"
    assert ("combat.won", {"side": "attacker"}) in result.facts()


# ---------------------------------------------------------------------------------------------- 13.1.4
def test_example_13_1_4_forest_two_organizers_and_flanking():
    """ "first the defender marks the battlefield, the attacker's organizer leader can then change it, then the
    defender's organizer leader can change it again, and ... the "Flanking" card ... could still be modified"."""
    battle = LandBattle(
        force("power:spain", troops("a", 3, 3, 3, 3), "organizer", battlefield_cards=("card:flanking",)),
        force("power:france", troops("d", 3, 3, 3, 3), "organizer"),
        terrain="forest",
    )
    decisions: dict = {}
    asked = []
    for answer in (3, 4, 3, 4):
        pending = ask(combat_land, battle, decisions)
        asked.append((pending.key, pending.side, pending.options))
        decisions[pending.key] = answer
    assert asked == [
        ("battlefield.mark", "defender", [3, 4]),
        ("battlefield.organizer.attacker", "attacker", [2, 3, 4]),
        ("battlefield.organizer.defender", "defender", [3, 4, 5]),
        ("battlefield.card.attacker.0", "attacker", [2, 3, 4]),
    ]
    assert ask(combat_land, battle, decisions).info["battlefield"] == 4


def test_battlefield_changes_stay_between_two_and_five():
    assert combat_procedure.change_by_one(5) == [4, 5] and combat_procedure.change_by_one(2) == [2, 3]


# ---------------------------------------------------------------------------------------------- 13.1.2
def test_advantages_must_be_applied_while_a_die_can_take_them():
    d = Decider({"allocate.attacker.0": "advantage:3"}, chance())
    assert combat_procedure.allocate(d, "attacker", [4, 3], 2, 0) == [
        4,
        4,
    ]  # the second advantage is ignored (all at Q4)
    d = Decider({}, chance())
    assert combat_procedure.allocate(d, "attacker", [1, 1], 0, 3) == [1, 1]  # all at Q1: ignored
    assert combat_procedure.placements([4, 2], 1, 1) == ["advantage:2", "disadvantage:2", "disadvantage:4"]


def test_advantages_in_the_order_the_side_wishes():
    """One Q4 die, one advantage and one disadvantage: lowered first, the advantage still applies."""
    d = Decider({"allocate.attacker.0": "disadvantage:4"}, chance())
    assert combat_procedure.allocate(d, "attacker", [4], 1, 1) == [4]
    d = Decider({"allocate.attacker.0": "advantage:3", "allocate.attacker.1": "disadvantage:4"}, chance())
    assert combat_procedure.allocate(d, "attacker", [3, 3], 1, 1) == [3, 3]


def test_a_decision_outside_its_options_is_refused():
    with pytest.raises(CombatError):
        run(
            lambda d: combat_procedure.allocate(d, "attacker", [3, 2], 1, 0),
            {"allocate.attacker.0": "advantage:4"},
            chance(),
        )


# ---------------------------------------------------------------------------------------------- leaders 17.3.2
def test_the_commander_is_chosen_by_the_order_of_the_list():
    f = Force("power:spain", troops("a", 3), (Leader("x", "organizer"), Leader("y", "creative"), Leader("z")))
    assert f.commander() == "creative"
    with pytest.raises(CombatError):
        Leader("w", "brave")


def test_creative_raises_one_die_before_the_roll():
    battle = LandBattle(force("power:spain", troops("a", 2), "creative"), force("power:france", troops("d", 2)))
    pending = ask(combat_land, battle, {"fight.attacker": ["a1"], "conscript.attacker": False})
    assert (pending.key, pending.options) == ("creative.attacker", [None, 2])
    result = play(combat_land, battle, {**pending.decisions, "creative.attacker": 2}, [1, 1])
    assert [(x.category, x.result) for x in result.fought.dice["attacker"]] == [(3, 3)]
    assert result.winner == "attacker"


def test_tactical_adds_one_to_a_die_below_six_after_the_category():
    battle = LandBattle(force("power:spain", troops("a", 3, 3), "tactical"), force("power:france", troops("d", 3, 3)))
    decisions = {"fight.attacker": ["a1", "a2"], "fight.defender": ["d1", "d2"], "conscript.attacker": False}
    pending = ask(combat_land, battle, decisions, [6, 4, 5, 3])
    assert (pending.key, pending.options, pending.info["dice"]) == ("bonus.attacker", [None, 4], [6, 4])
    assert pending.decisions["rolls.attacker"] == [6, 4]  # the dice are kept: a later call never rolls again
    result = play(combat_land, battle, {**pending.decisions, "bonus.attacker": 4}, [])
    assert [(x.result, x.bonus) for x in result.fought.dice["attacker"]] == [(6, False), (5, True)]
    assert result.fought.battle_points == {"attacker": 4, "defender": 3}


def test_determined_fights_as_tactical_only_when_intercepted():
    units = (force("power:spain", troops("a", 3), "determined"), force("power:france", troops("d", 3)))
    decisions = {"fight.attacker": ["a1"], "conscript.attacker": False}
    assert play(combat_land, LandBattle(*units), decisions, [3, 3]).winner is None
    pending = ask(combat_land, LandBattle(*units, intercepted=True), decisions, [3, 3])
    assert pending.key == "bonus.attacker"


def test_a_reroll_card_comes_after_the_leaders_bonus():
    battle = LandBattle(
        force("power:spain", troops("a", 3), "tactical", rerolls=1), force("power:france", troops("d", 3))
    )
    decisions = {"conscript.attacker": False, "bonus.attacker": 3}
    pending = ask(combat_land, battle, decisions, [1, 5])
    assert (pending.key, pending.options, pending.info["dice"]) == ("reroll.attacker.0", [None, 4], [4])
    result = play(combat_land, battle, {**pending.decisions, "reroll.attacker.0": 4}, [6])
    assert [(x.roll, x.result, x.bonus) for x in result.fought.dice["attacker"]] == [(6, 6, False)]
    assert result.fought.winner is None  # 6 (2 bp, C) against 5 (2 bp): equal points
    assert result.dispersed == {"attacker": [], "defender": ["d1"]}  # the odd casualty


def test_facts_tell_the_combat_in_order():
    battle = LandBattle(force("power:spain", troops("a", 4)), force("power:france", troops("d", 2)))
    facts = play(combat_land, battle, {}, [5, 1]).facts()
    assert [key for key, _ in facts] == [
        "combat.battlefield",
        "combat.dice",
        "combat.dice",
        "combat.won",
        "combat.dispersed",
        "combat.control",
    ]
    assert facts[1] == ("combat.dice", {"side": "attacker", "points": 2, "casualties": 0, "dice": [[4, 5, 5, False]]})


def test_battles_go_to_data_and_back():
    battle = LandBattle(
        force("power:spain", troops("a", 3, 4, veteran=True), "organizer", battlefield_cards=("card:flanking",)),
        force("power:france", troops("d", 2)),
        terrain="forest",
        relief=True,
        besieged=force("power:spain", troops("b", 3)),
        besieged_power="power:spain",
    )
    data = json.loads(json.dumps(forces.as_data(battle)))
    assert forces.from_data(LandBattle, data) == battle
    siege = SiegeBattle(force("power:spain", troops("a", 3)), Force("power:venice", (Unit("f", "fortress"),)), 2)
    assert forces.from_data(SiegeBattle, json.loads(json.dumps(forces.as_data(siege)))) == siege


def _drive(module, battle, seed: int):
    """Answer every decision with its first option(s), as a flow would, counting the calls that drew chance."""
    decisions: dict = {}
    draws = 0
    for _ in range(60):
        source = Chance({"rng": seed_state(seed)})
        result = module.resolve(battle, decisions, source, TABLES)
        draws += source.used
        if not isinstance(result, combat_procedure.Pending):
            return result, decisions, draws
        answer = result.options[0] if result.pick is None else result.options[: result.pick[0]]
        decisions = {**result.decisions, result.key: answer}
    raise AssertionError("the combat never ended")


@pytest.mark.parametrize("seed", range(8))
def test_a_flow_can_drive_any_combat_and_the_dice_are_drawn_once(seed):
    battles = [
        (
            combat_land,
            LandBattle(
                force("power:spain", troops("a", 3, 4, 2), "organizer"),
                force("power:france", troops("d", 2, 3), "creative"),
                terrain="mountain",
                naval_support="defender",
            ),
        ),
        (
            combat_naval,
            NavalBattle(
                "support",
                force("power:england", (Unit("e1", "squadron", 3),), "admiral"),
                force("power:spain", (Unit("s1", "squadron", 2), Unit("s2", "squadron", 3))),
                commercial_port=True,
            ),
        ),
        (
            combat_siege,
            SiegeBattle(
                force("power:ottomans", troops("o", 3, 3, 4), "tactical"),
                force("power:venice", (*troops("b", 2), Unit("f", "fortress"))),
                1,
                "defender",
            ),
        ),
        (
            combat_subjugation,
            Subjugation(
                force("power:spain", troops("a", 3, 3), "determined"),
                Force(None),
                "rebels",
                strength=3,
                terrain="forest",
                moved_all=True,
            ),
        ),
    ]
    for module, battle in battles:
        result, _decisions, draws = _drive(module, battle, seed)
        assert draws == 1  # the call that rolled; every later call replays the stored dice
        assert _drive(module, battle, seed)[0] == result
