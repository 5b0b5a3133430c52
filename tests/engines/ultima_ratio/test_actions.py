"""9. Actions: troops, squadrons, repair, fortresses, regroup; 24. Deployment costs."""

from __future__ import annotations

from engines.ultima_ratio.actions import construction
from tests.engines.ultima_ratio.support import at_first_impulse, ctx, fresh, legal, moves, place, play, step


def test_deployment_builds_squadrons_and_fortresses_at_once_for_two_points():
    s = moves(fresh(), ("build", "build_squadron"), ("grade", "E2"), ("area", "area:algarve"))
    assert (
        not s["units"]["power:portugal-squadron-1"]["repair"]
        and s["powers"]["power:portugal"]["to_deploy"]["points"] == 4
    )
    s = moves(s, ("build", "build_fortress"), ("area", "area:oporto"))
    assert s["areas"]["area:oporto"]["fortress"]["built"] and s["powers"]["power:portugal"]["to_deploy"]["points"] == 2
    s = moves(s, ("build", "lower_unrest"), ("build", "lower_unrest"))
    assert step(s) == "start_of_impulse" and s["powers"]["power:portugal"]["unrest"] == 2


def test_troops_of_sides_3_4_only_in_the_theater_with_more_home_areas():
    g = ctx(at_first_impulse())
    g.s["areas"]["area:goa"].update(owner="power:portugal", control="power:portugal", marker=None)
    assert "area:goa" in construction.troop_places(g, "power:portugal", "2-3")
    assert "area:goa" not in construction.troop_places(g, "power:portugal", "3-4")
    assert set(construction.troop_places(g, "power:portugal", "3-4")) == {
        "area:portugal",
        "area:oporto",
        "area:alentejo",
        "area:algarve",
    }


def test_no_troops_in_a_revolt_nor_beyond_the_stacking_limit():
    g = ctx(at_first_impulse())
    g.s["areas"]["area:goa"].update(owner="power:portugal", control=None, marker="R2")
    g.s["areas"]["area:ormuz"].update(owner="power:portugal", control="power:portugal", marker=None)
    g.s["units"]["power:portugal-troop-1"]["loc"] = "area:ormuz"  # Ormuz stacks 1 (15.1)
    assert "area:goa" not in construction.troop_places(g, "power:portugal", "2-3")
    assert "area:ormuz" not in construction.troop_places(g, "power:portugal", "2-3")


def test_a_squadron_is_built_under_repair_and_repaired_in_a_later_impulse():
    s = moves(
        at_first_impulse(),
        ("done", None),
        ("act", ["power:portugal", "build_squadron"]),
        ("grade", "E3"),
        ("area", "area:portugal"),
    )
    assert s["units"]["power:portugal-squadron-4"]["repair"]
    assert ["power:portugal", "repair_squadron"] not in legal(s)["act"]  # it did not start the impulse so
    s = moves(s, ("end_impulse", None), ("done", None), ("done", None))
    assert ["power:portugal", "repair_squadron"] in legal(s)["act"]
    s = moves(s, ("act", ["power:portugal", "repair_squadron"]), ("unit", "power:portugal-squadron-4"))
    assert not s["units"]["power:portugal-squadron-4"]["repair"] and step(s) == "strategic_move"
    assert "stop" in legal(s) and legal(s)["sea"] == ["sea:east-atlantic"]


def test_a_fortress_takes_two_actions_in_different_impulses():
    s = moves(
        at_first_impulse(), ("done", None), ("act", ["power:portugal", "build_fortress"]), ("area", "area:alentejo")
    )
    assert s["areas"]["area:alentejo"]["fortress"] == {"power": "power:portugal", "built": False, "since": 1}
    s, _ = play(s, "act", ["power:portugal", "build_fortress"])
    assert "area:alentejo" not in legal(s)["area"]
    s = moves(
        at_first_impulse(),
        ("done", None),
        ("act", ["power:portugal", "build_fortress"]),
        ("area", "area:alentejo"),
        ("end_impulse", None),
        ("done", None),
        ("done", None),
        ("act", ["power:portugal", "build_fortress"]),
    )
    assert "area:alentejo" in legal(s)["area"]
    s, _ = play(s, "area", "area:alentejo")
    assert s["areas"]["area:alentejo"]["fortress"]["built"]


def test_regroup_a_troop_that_started_the_impulse_dispersed():
    s = place(at_first_impulse(), "power:portugal-troop-1", "box:dispersed-wm")
    s = moves(s, ("done", None), ("act", ["power:portugal", "regroup_troop"]), ("unit", "power:portugal-troop-1"))
    assert legal(s)["area"] == ["area:algarve", "area:alentejo", "area:oporto", "area:portugal"] or sorted(
        legal(s)["area"]
    ) == [
        "area:alentejo",
        "area:algarve",
        "area:oporto",
        "area:portugal",
    ]
    s, _ = play(s, "area", "area:algarve")
    assert s["units"]["power:portugal-troop-1"]["loc"] == "area:algarve" and step(s) == "strategic_move"


def test_lower_unrest_is_offered_only_above_zero():
    s = at_first_impulse()
    s["powers"]["power:portugal"]["unrest"] = 0
    s, _ = play(s, "done")
    assert ["power:portugal", "lower_unrest"] not in legal(s)["act"]


def test_quality_of_the_counters():
    """4.1: troops 2-3 are I2 (I3 veteran), 3-4 are I3 (I4 veteran); squadrons E2 / E3."""
    from engines.ultima_ratio import state as st

    s = fresh()
    assert st.quality(s, "power:portugal-troop-1") == 2 and st.quality(s, "power:portugal-troop-4") == 3
    s["units"]["power:portugal-troop-4"]["veteran"] = True
    assert st.quality(s, "power:portugal-troop-4") == 4
    assert st.quality(s, "power:portugal-squadron-1") == 2 and st.quality(s, "power:portugal-squadron-6") == 3


def test_deployment_builds_leaders_in_the_usual_way_even_on_their_extraordinary_side():
    """24. (l. 1873-1875): the initial points build "troops, squadrons, leaders, fortresses, merchants or lower the
    unrest"; "Leaders can be built in the usual way, so it is possible to place them on their extraordinary side
    (thus increasing unrest, see 17.)" — one point, drawn from the cup, +3 unrest on the extraordinary side."""
    s = fresh()
    assert "build_leader" not in legal(s)["build"]  # 17.2: nothing of Portugal's on the map to carry him yet
    s = moves(s, ("build", "build_troop"), ("grade", "3-4"), ("area", "area:portugal"), ("stop", None))
    assert "build_leader" in legal(s)["build"]
    unrest, pool = s["powers"]["power:portugal"]["unrest"], len(s["leader_pool"])
    s = moves(s, ("build", "build_leader"))
    assert step(s) == "build_leader" and legal(s) == {"side": ["ordinary", "extraordinary"]}
    leader = s["stack"][-1]["leader"]
    (troop,) = [u for u, info in s["units"].items() if info["loc"] == "area:portugal"]
    s = moves(s, ("side", "extraordinary"))
    assert legal(s) == {"target": [troop]}
    s = moves(s, ("target", troop))
    assert s["leaders"][leader] == {"power": "power:portugal", "unit": troop, "extraordinary": True}
    assert s["powers"]["power:portugal"]["unrest"] == unrest + 3 and len(s["leader_pool"]) == pool - 1
    assert step(s) == "deploy" and s["powers"]["power:portugal"]["to_deploy"]["points"] == 4
