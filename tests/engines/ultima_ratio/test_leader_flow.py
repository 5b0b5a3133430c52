"""17. Leaders in the flow: the build-a-leader action (17.2-17.3), leaders with their units in combat (17.3.2),
eliminated with them (13.1.7), ordinary again at the end of the turn (17.3.3)."""

from __future__ import annotations

from tests.engines.ultima_ratio.support import at_first_impulse, legal, moves, place, play, step

TROOP = [("build", "build_troop"), ("grade", "2-3"), ("area", "area:portugal"), ("stop", None)]


def built(side: str) -> dict:
    s = moves(at_first_impulse(deploy=TROOP), ("done", None))
    assert ["power:portugal", "build_leader"] in legal(s)["act"]
    s, _ = play(s, "act", ["power:portugal", "build_leader"], dice=[1])  # the draw is chance (17.2)
    assert step(s) == "build_leader" and legal(s) == {"side": ["ordinary", "extraordinary"]}
    s, _ = play(s, "side", side)
    assert legal(s) == {"target": ["power:portugal-troop-1"]}
    s, _ = play(s, "target", "power:portugal-troop-1")
    return s


def test_an_extraordinary_leader_costs_three_unrest_and_leaves_the_pool():
    before = moves(at_first_impulse(deploy=TROOP), ("done", None))
    s = built("extraordinary")
    ((lid, info),) = s["leaders"].items()
    assert info == {"power": "power:portugal", "unit": "power:portugal-troop-1", "extraordinary": True}
    assert lid not in s["leader_pool"] and len(s["leader_pool"]) == len(before["leader_pool"]) - 1
    assert s["powers"]["power:portugal"]["unrest"] == before["powers"]["power:portugal"]["unrest"] + 3
    assert step(s) == "power_actions"


def test_an_ordinary_leader_costs_nothing_and_follows_his_troop():
    before = moves(at_first_impulse(deploy=TROOP), ("done", None))
    s = built("ordinary")
    assert s["powers"]["power:portugal"]["unrest"] == before["powers"]["power:portugal"]["unrest"]
    s, _ = play(s, "act", ["power:portugal", "strategic_move"])
    assert next(iter(s["leaders"].values()))["unit"] == "power:portugal-troop-1"


def test_the_extraordinary_side_needs_unrest_within_the_vitality():
    s = moves(at_first_impulse(deploy=TROOP), ("done", None))
    s["powers"]["power:portugal"]["unrest"] = 99
    s, _ = play(s, "act", ["power:portugal", "build_leader"], dice=[1])
    assert legal(s) == {"side": ["ordinary"]}


def test_a_determined_commander_adds_one_to_the_subjugation_die():
    """17.3.2 through the flow: "Determined: after throwing the dice in a subjugation combat ... add +1 to the
    die" — a combat decision of the player."""
    s = built("ordinary")
    s["leader_pool"] += list(s["leaders"])
    s["leaders"] = {
        "leader:determined-1": {"power": "power:portugal", "unit": "power:portugal-troop-1", "extraordinary": True}
    }
    s["leader_pool"].remove("leader:determined-1")
    s["areas"]["area:sao-tome"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = place(s, "power:portugal-troop-1", "area:guinea")
    s = moves(s, ("act", ["power:portugal", "tactical_move"]), ("unit", "power:portugal-troop-1"))
    # forest: Q3 -> Q2; a 4 stays 4 (1 point); the A2 die: Q2 3 (1 point)
    s, _ = play(s, "subjugate", "area:guinea", dice=[4, 3])
    assert step(s) == "combat_decision" and legal(s) == {"bonus": [None, 4]}
    s, log = play(s, "bonus", 4)  # 5: 2 points against 1
    assert any(e["msg"] == "combat.won" and e["args"]["side"] == "power:portugal" for e in log)
    assert s["areas"]["area:guinea"]["owner"] == "power:portugal"
