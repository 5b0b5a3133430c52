"""Worked examples of the rulebook played in the flow where no other test plays them whole (the table of every
example and its test is in ENGINE.md › Worked examples): 18.3 (l. 1282), 21.4.2 (l. 1705), 21.5.1 (l. 1734) and
23.1.2 (l. 1839)."""

from __future__ import annotations

import random

from engines.ultima_ratio import state as st
from engines.ultima_ratio.bots.heuristic import heuristic_bot
from tests.engines.ultima_ratio import support_war as war
from tests.engines.ultima_ratio.support import GAME, advance, at_first_impulse, ctx, legal, moves, place, play, step

TROOP = [("build", "build_troop"), ("grade", "2-3"), ("area", "area:portugal"), ("stop", None)]


def test_example_18_3_a_rebellion_keeps_the_holder_but_no_strategic_movement_through_it():
    """l. 1282: "When a rebellion appears in an area, the major power remains the nominal holder, although it stops
    controlling the area (it cannot, for example, trace strategic movements)"."""
    s = at_first_impulse(deploy=TROOP)
    before = moves(s, ("done", None), ("act", ["power:portugal", "strategic_move"]), ("unit", "power:portugal-troop-1"))
    assert "area:alentejo" in legal(before)["area"]
    s["areas"]["area:alentejo"].update(control=None, marker="R2")  # a revolt in Alentejo
    g = ctx(s)
    assert g.s["areas"]["area:alentejo"]["owner"] == "power:portugal"  # the nominal holder
    assert not st.controls(g.s, "power:portugal", "area:alentejo")
    s = moves(s, ("done", None), ("act", ["power:portugal", "strategic_move"]), ("unit", "power:portugal-troop-1"))
    assert legal(s) == {"area": ["area:oporto"], "sea": ["sea:east-atlantic"]}  # no path through Alentejo


def test_example_23_1_2_veterans_and_extraordinary_leaders_at_the_end_of_the_turn():
    """l. 1839: "Spain throughout the turn managed to veteranize 3 troops, and had 2 extraordinary leaders. Half of
    the veterans rounding up (2 troops) are turned to their regular side. The two extraordinary leaders are also
    turned to their ordinary face. Next Spain decides to eliminate one of its leaders." — here with Portugal; the
    player picks the two veterans that turn, then eliminates one leader: he goes back to the pool (17.2)."""
    s = at_first_impulse()
    for n in (1, 2, 3):
        s["units"][f"power:portugal-troop-{n}"].update(loc="area:portugal", veteran=True)
    drawn = s["leader_pool"][:2]
    s["leader_pool"] = s["leader_pool"][2:]
    for lid, troop in zip(drawn, ("power:portugal-troop-1", "power:portugal-troop-2"), strict=False):
        s["leaders"][lid] = {"power": "power:portugal", "unit": troop, "extraordinary": True}
    s = advance(s, "flip_veterans")
    assert s["stack"][-1]["count"] == 2  # half of 3, rounding up
    s, _ = play(s, "unit", "power:portugal-troop-2")
    s, _ = play(s, "unit", "power:portugal-troop-3")
    assert [s["units"][f"power:portugal-troop-{n}"]["veteran"] for n in (1, 2, 3)] == [True, False, False]
    assert step(s) == "disband_units"
    assert [s["leaders"][lid]["extraordinary"] for lid in drawn] == [False, False]  # both ordinary now
    assert {s["leaders"][lid]["unit"] for lid in drawn} == {"power:portugal-troop-1", "power:portugal-troop-2"}
    assert legal(s)["eliminate_leader"] == sorted(drawn)
    assert heuristic_bot(GAME, GAME.view(s, "player1"), "player1", random.Random(0)) == ("done", None)  # keeps them
    s, log = play(s, "eliminate_leader", drawn[1])
    assert drawn[1] not in s["leaders"] and drawn[1] in s["leader_pool"]
    assert [e["msg"] for e in log] == ["log.leader_disbanded"]
    assert s["units"]["power:portugal-troop-2"]["loc"] == "area:portugal"  # his troop stays
    assert legal(s)["eliminate_leader"] == [drawn[0]]
    s, _ = play(s, "done")
    assert set(s["leaders"]) == {drawn[0]} and step(s) != "disband_units"


def test_a_unit_eliminated_at_the_end_of_the_turn_takes_its_leader_back_to_the_pool():
    """23.1.2 with 17.1: a leader is always on a unit; the one on a unit returned to the reserve goes with it
    (``end_of_turn_rules.retire``), unless moved first."""
    s = at_first_impulse()
    s["units"]["power:portugal-troop-1"].update(loc="area:portugal")
    lid = s["leader_pool"].pop(0)
    s["leaders"][lid] = {"power": "power:portugal", "unit": "power:portugal-troop-1", "extraordinary": False}
    s = advance(s, "disband_units")
    s, log = play(s, "eliminate", "power:portugal-troop-1")
    assert s["units"]["power:portugal-troop-1"]["loc"] == "available"
    assert lid not in s["leaders"] and lid in s["leader_pool"]
    assert [e["msg"] for e in log] == ["log.leader_disbanded", "log.disbanded"]


def test_example_21_4_2_after_forced_negotiations_the_impulse_goes_on_against_an_enemy_still_at_war():
    """l. 1705: "When the negotiations are over, the impulse continues if it was not over (the part that was not
    affected by the outcome of the negotiation); for example, if after a victorious battle it was left to occupy an
    area controlled by a power with which, after the negotiations, it is still at war." Spain (player 2), at war with
    Portugal and France (player 3), has given France 5 of its 6 morale points. A Portuguese army beats two Spanish
    troops in Leon (Spain threw two dice: its last point, 21.3.5); the negotiations come when the action is over
    (RULINGS P-10); Spain negotiates with France, not with Portugal ("It is not mandatory ... with the major power
    that has received the last point"), and Portugal's impulse goes on: its second action takes Leon, still Spain's
    enemy."""
    s = war.start()
    war.power(s, "power:spain")
    war.power(s, "power:france", seat="player3", war=False)
    s["wars"].append(["power:france", "power:spain"])
    s["morale"] = {"power:spain": {"power:france": 5}}
    s = _portugal_army_marches_into_leon(s)
    # Portugal Q2 6, 6 (two casualties) against Spain Q2 6, 1; Portugal's casualty disperses troop 2
    s, log = war.through_combat(s, "done", None, dice=[6, 6, 6, 1], answers={"disperse": "power:portugal-troop-2"})
    assert [e["args"]["side"] for e in log if e["msg"] == "combat.won"] == ["power:portugal"]
    assert s["morale"]["power:spain"] == {"power:france": 5, "power:portugal": 1}  # the last of its 6
    assert war.step(s) == "tactical_control"  # the action is not over: control of Leon is not announced yet
    s, _ = war.play(s, "stop")
    assert war.step(s) == "forced_negotiations" and war.seat(s) == "player2"
    assert war.legal(s) == {"negotiate": [["power:spain", "power:france"], ["power:spain", "power:portugal"]]}
    s, _ = war.play(s, "negotiate", ["power:spain", "power:france"])
    while war.step(s) == "peace_conditions":
        s, _ = war.play(s, "done")
    assert s["wars"] == [["power:portugal", "power:spain"]] and s["forced_peace"] == [["power:france", "power:spain"]]
    assert (
        war.step(s) == "power_actions" and war.seat(s) == "player1" and s["impulse"]["actions"]["power:portugal"] == 1
    )
    s = war.moves(s, ("act", ["power:portugal", "tactical_move"]), ("unit", "power:portugal-troop-1"))
    assert "subjugate" in war.legal(s) and war.legal(s)["subjugate"] == ["area:leon"]


def test_example_21_5_1_the_key_area_taken_after_the_battle_costs_a_morale_point_recovered_in_the_peace():
    """l. 1732-1734: A, with no morale of its own left after losing a battle to C ("A delivers C its last morale
    point ... and it is forced to open peace negotiations"), makes peace with B; "Since peace has been made with power
    B, the impulse resumes. After the battle, C automatically captures the key area where the battle was fought, so A
    must deliver one of its newly recovered morale (A vs. C: 1-4)". Here A is Spain (vitality 6, 5 points given to
    France, B), C is Portugal, whose army beats two Spanish troops in Andalusia, a key area: Spain's last point goes
    to Portugal; Portugal takes Andalusia within the same action (RULINGS P-10), when Spain has no point to give:
    the point is owed, and delivered out of those Spain recovers in its peace with France (21.3.4 "A major power
    cannot run out of morale points")."""
    s = war.start()
    war.power(s, "power:spain")
    war.power(s, "power:france", seat="player3", war=False)
    s["wars"].append(["power:france", "power:spain"])
    s["morale"] = {"power:spain": {"power:france": 5}}
    s = _portugal_army_marches(s, "area:alentejo", "area:andalusia", ("area:castile", "area:leon"))
    s, _ = war.through_combat(s, "done", None, dice=[6, 6, 6, 1], answers={"disperse": "power:portugal-troop-2"})
    assert s["morale"]["power:spain"] == {"power:france": 5, "power:portugal": 1}  # its last point
    s, log = war.play(s, "subjugate", "area:andalusia")  # the key area, with no point left to give
    assert s["areas"]["area:andalusia"]["control"] == "power:portugal" and "log.morale_none" in [e["msg"] for e in log]
    assert war.step(s) == "forced_negotiations" and war.seat(s) == "player2"
    s, _ = war.play(s, "negotiate", ["power:spain", "power:france"])
    log = []
    while war.step(s) == "peace_conditions":
        s, more = war.play(s, "done")
        log += more
    assert s["wars"] == [["power:portugal", "power:spain"]]
    assert s["morale"]["power:spain"] == {"power:portugal": 2}  # "one of its newly recovered morale"
    delivered = [e["args"] for e in log if e["msg"] == "log.morale"]
    assert delivered[-1]["power"] == "power:spain" and delivered[-1]["reason"] == "key_area"
    assert war.step(s) == "power_actions" and war.seat(s) == "player1"


def test_an_army_whose_leading_troop_is_dispersed_in_a_won_battle_may_take_control_where_it_fought():
    """12.5 / 13.3: after a won battle the move is over where the army fought. When the casualty chosen is the
    leader's own troop (the one the move was started with), control is still offered of that area (Leon), not of
    the area the army came from (Oporto): the move stands where its surviving troops stand."""
    s = war.start()
    war.power(s, "power:spain")
    s = _portugal_army_marches_into_leon(s)
    # Portugal Q2 6, 6 (two casualties) against Spain Q2 6, 1; Portugal's casualty disperses the leading troop
    s, log = war.through_combat(s, "done", None, dice=[6, 6, 6, 1], answers={"disperse": "power:portugal-troop-1"})
    assert [e["args"]["side"] for e in log if e["msg"] == "combat.won"] == ["power:portugal"]
    assert st.loc_area(s["units"]["power:portugal-troop-1"]["loc"]) is None
    assert s["units"]["power:portugal-troop-2"]["loc"] == "area:leon"
    assert war.step(s) == "tactical_control"
    assert war.legal(s) == {"subjugate": ["area:leon"], "stop": [None]}
    s, log = war.play(s, "subjugate", "area:leon")
    assert [e["args"] for e in log if e["msg"] == "log.control"] == [{"power": "power:portugal", "area": "area:leon"}]
    assert (
        s["areas"]["area:leon"]["control"] == "power:portugal" and s["areas"]["area:oporto"]["control"] != "power:spain"
    )
    assert war.step(s) == "power_actions"


def _portugal_army_marches_into_leon(s: dict) -> dict:
    """Two Spanish troops hold Leon; a Portuguese army of two troops led from Oporto marches into it (the battle
    is next)."""
    return _portugal_army_marches(s, "area:oporto", "area:leon", ("area:castile", "area:galicia"))


def _portugal_army_marches(s: dict, start: str, target: str, also_spanish: tuple[str, ...]) -> dict:
    """Spain holds ``target`` (two troops in it) and ``also_spanish``; a Portuguese army of two troops, led by a
    tactical leader, marches from ``start`` into ``target`` (the battle is next)."""
    for name in (target, *also_spanish):
        war.area(s, name, "power:spain")
    war.unit(s, "power:spain-troop-1", "troop", target)
    war.unit(s, "power:spain-troop-2", "troop", target)
    s["powers"]["power:portugal"]["interest"].append("WM")  # the Spanish areas are of the WM theater
    for uid in ("power:portugal-troop-1", "power:portugal-troop-2"):
        s = place(s, uid, start)
        s["impulse"]["start_locs"][uid] = start
    war.leader(s, "leader:tactical-1", "power:portugal-troop-1")
    return war.moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("absorb", "power:portugal-troop-2"),
        ("march", None),
        ("area", target),
    )
