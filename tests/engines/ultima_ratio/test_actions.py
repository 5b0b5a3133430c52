"""9. Actions: troops, squadrons, repair, fortresses, regroup; 24. Deployment costs."""

from __future__ import annotations

from engines.ultima_ratio.actions import construction
from tests.engines.ultima_ratio.support import at_first_impulse, ctx, fresh, legal, moves, place, play, step


def test_deployment_builds_squadrons_and_fortresses_at_once_for_two_points():
    s = moves(fresh(), ("build", "build_squadron"), ("grade", "E2"), ("area", "algarve"))
    assert not s["units"]["portugal-squadron-1"]["repair"] and s["stack"][-1]["points"] == 4
    s = moves(s, ("build", "build_fortress"), ("area", "oporto"))
    assert s["areas"]["oporto"]["fortress"]["built"] and s["stack"][-1]["points"] == 2
    s = moves(s, ("build", "lower_unrest"), ("build", "lower_unrest"))
    assert step(s) == "start_of_impulse" and s["powers"]["portugal"]["unrest"] == 2


def test_troops_of_sides_3_4_only_in_the_theater_with_more_home_areas():
    g = ctx(at_first_impulse())
    g.s["areas"]["goa"].update(owner="portugal", control="portugal", marker=None)
    assert "goa" in construction.troop_places(g, "portugal", "2-3")
    assert "goa" not in construction.troop_places(g, "portugal", "3-4")
    assert set(construction.troop_places(g, "portugal", "3-4")) == {"portugal", "oporto", "alentejo", "algarve"}


def test_no_troops_in_a_revolt_nor_beyond_the_stacking_limit():
    g = ctx(at_first_impulse())
    g.s["areas"]["goa"].update(owner="portugal", control=None, marker="R2")
    g.s["areas"]["ormuz"].update(owner="portugal", control="portugal", marker=None)
    g.s["units"]["portugal-troop-1"]["loc"] = "area:ormuz"  # Ormuz stacks 1 (15.1)
    assert "goa" not in construction.troop_places(g, "portugal", "2-3")
    assert "ormuz" not in construction.troop_places(g, "portugal", "2-3")


def test_a_squadron_is_built_under_repair_and_repaired_in_a_later_impulse():
    s = moves(
        at_first_impulse(),
        ("done", None),
        ("act", ["portugal", "build_squadron"]),
        ("grade", "E3"),
        ("area", "portugal"),
    )
    assert s["units"]["portugal-squadron-4"]["repair"]
    assert ["portugal", "repair_squadron"] not in legal(s)["act"]  # it did not start the impulse so
    s = moves(s, ("end_impulse", None), ("done", None), ("done", None))
    assert ["portugal", "repair_squadron"] in legal(s)["act"]
    s = moves(s, ("act", ["portugal", "repair_squadron"]), ("unit", "portugal-squadron-4"))
    assert not s["units"]["portugal-squadron-4"]["repair"] and step(s) == "strategic_move"
    assert "stop" in legal(s) and legal(s)["sea"] == ["east-atlantic"]


def test_a_fortress_takes_two_actions_in_different_impulses():
    s = moves(at_first_impulse(), ("done", None), ("act", ["portugal", "build_fortress"]), ("area", "alentejo"))
    assert s["areas"]["alentejo"]["fortress"] == {"power": "portugal", "built": False, "since": 1}
    s, _ = play(s, "act", ["portugal", "build_fortress"])
    assert "alentejo" not in legal(s)["area"]
    s = moves(
        at_first_impulse(),
        ("done", None),
        ("act", ["portugal", "build_fortress"]),
        ("area", "alentejo"),
        ("end_impulse", None),
        ("done", None),
        ("done", None),
        ("act", ["portugal", "build_fortress"]),
    )
    assert "alentejo" in legal(s)["area"]
    s, _ = play(s, "area", "alentejo")
    assert s["areas"]["alentejo"]["fortress"]["built"]


def test_regroup_a_troop_that_started_the_impulse_dispersed():
    s = place(at_first_impulse(), "portugal-troop-1", "box:dispersed-wm")
    s = moves(s, ("done", None), ("act", ["portugal", "regroup_troop"]), ("unit", "portugal-troop-1"))
    assert legal(s)["area"] == ["algarve", "alentejo", "oporto", "portugal"] or sorted(legal(s)["area"]) == [
        "alentejo",
        "algarve",
        "oporto",
        "portugal",
    ]
    s, _ = play(s, "area", "algarve")
    assert s["units"]["portugal-troop-1"]["loc"] == "area:algarve" and step(s) == "strategic_move"


def test_lower_unrest_is_offered_only_above_zero():
    s = at_first_impulse()
    s["powers"]["portugal"]["unrest"] = 0
    s, _ = play(s, "done")
    assert ["portugal", "lower_unrest"] not in legal(s)["act"]


def test_quality_of_the_counters():
    """4.1: troops 2-3 are I2 (I3 veteran), 3-4 are I3 (I4 veteran); squadrons E2 / E3."""
    from engines.ultima_ratio import state as st

    s = fresh()
    assert st.quality(s, "portugal-troop-1") == 2 and st.quality(s, "portugal-troop-4") == 3
    s["units"]["portugal-troop-4"]["veteran"] = True
    assert st.quality(s, "portugal-troop-4") == 4
    assert st.quality(s, "portugal-squadron-1") == 2 and st.quality(s, "portugal-squadron-6") == 3
