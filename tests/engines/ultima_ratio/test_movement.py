"""10. Strategic movement and 12. Land tactical movement (with amphibious landings and subjugation)."""

from __future__ import annotations

from engines.ultima_ratio.movement import landings
from tests.engines.ultima_ratio.support import at_first_impulse, ctx, legal, moves, place, play, step, texts

SQUADRON = [("build", "build_squadron"), ("grade", "E3"), ("area", "portugal")]
TROOP = [("build", "build_troop"), ("grade", "2-3"), ("area", "portugal"), ("stop", None)]


def own(s, *areas):
    for area in areas:
        s["areas"][area].update(owner="portugal", control="portugal", marker=None)
    return s


def test_a_troop_moves_strategically_by_sea_to_a_controlled_area():
    s = own(at_first_impulse(deploy=TROOP), "goa")
    s = moves(s, ("done", None), ("act", ["portugal", "strategic_move"]), ("unit", "portugal-troop-1"))
    assert legal(s) == {"area": ["alentejo", "oporto"], "sea": ["east-atlantic"]}
    s = moves(s, ("sea", "east-atlantic"), ("sea", "south-atlantic"))
    assert "stop" not in legal(s)  # 10.2: a troop cannot finish at sea
    assert "east-atlantic" not in legal(s)["sea"]  # never back to a place crossed
    s = moves(s, ("sea", "indian-ocean"), ("area", "goa"))
    s, log = play(s, "stop")
    assert s["units"]["portugal-troop-1"]["loc"] == "area:goa"
    assert "through East Atlantic, South Atlantic, Indian Ocean and Goa" in texts(log)[0]


def test_a_strategic_path_only_offers_seas_that_lead_somewhere():
    s = moves(
        at_first_impulse(deploy=TROOP),
        ("done", None),
        ("act", ["portugal", "strategic_move"]),
        ("unit", "portugal-troop-1"),
        ("sea", "east-atlantic"),
    )
    assert legal(s) == {"area": ["oporto", "algarve"]}  # no controlled area overseas: no sea is offered


def test_a_squadron_ends_at_sea_within_the_operation_distance_or_in_port():
    s = moves(
        at_first_impulse(deploy=SQUADRON),
        ("to_sea", ["portugal-squadron-4", "east-atlantic"]),
        ("done", None),
        ("act", ["portugal", "strategic_move"]),
        ("unit", "portugal-squadron-4"),
    )
    # 9.1 distance 2 (RULINGS): one sea beyond the base's sea; the Mediterranean is closed to ocean fleets (18.6.1)
    assert {"gulf-of-guinea", "south-atlantic"} <= set(legal(s)["sea"])
    assert "western-mediterranean" not in legal(s)["sea"]
    assert sorted(legal(s)["area"]) == ["algarve", "oporto", "portugal"]
    s = moves(s, ("sea", "south-atlantic"))
    assert "stop" in legal(s) and "indian-ocean" not in legal(s).get("sea", [])


def test_tactical_movement_two_areas_without_combat():
    s = own(at_first_impulse(deploy=TROOP), "guinea")
    s = place(s, "portugal-troop-1", "area:guinea")
    s = moves(s, ("done", None), ("act", ["portugal", "tactical_move"]), ("unit", "portugal-troop-1"))
    assert sorted(legal(s)["area"]) == ["elmina", "mali", "senegal"]
    s, _ = play(s, "area", "senegal")  # an independent A2 area: no combat, the move may go on
    assert step(s) == "tactical_second_area" and set(legal(s)) == {"area", "stop", "subjugate"}


def test_amphibious_landing_needs_an_escort_and_the_distance():
    """12.3.1 / 11.1.2: "if the naval operation distance is 1, only landings from coastal areas to coastal areas of
    the same sea are possible. If this distance is 2, landings to coastal areas of adjacent seas would be
    possible" (l. 707)."""
    s = at_first_impulse(deploy=TROOP)
    g = ctx(s)
    assert landings.landers(g, "portugal") == []  # no escort
    s = at_first_impulse(deploy=TROOP + SQUADRON)
    g = ctx(s)
    assert landings.landers(g, "portugal") == ["portugal-troop-1"]
    assert "guinea" in landings.landing_targets(g, "portugal", "portugal-troop-1")
    assert "goa" not in landings.landing_targets(g, "portugal", "portugal-troop-1")  # three seas away
    g.s["naval_distance"]["elsewhere"] = 1
    assert sorted(landings.landing_targets(g, "portugal", "portugal-troop-1")) == ["mazagan", "tangier"]


def test_landing_and_subjugation_of_an_independent_area():
    s = moves(
        at_first_impulse(deploy=TROOP + SQUADRON),
        ("done", None),
        ("act", ["portugal", "landing"]),
        ("unit", "portugal-troop-1"),
        ("area", "guinea"),
        ("escort", "portugal-squadron-4"),
    )
    assert s["units"]["portugal-troop-1"]["loc"] == "area:guinea"
    assert legal(s) == {"subjugate": ["guinea"], "stop": [None]}
    # 13.5.3: the troop moved (disadvantage) into a forest (disadvantage): Q3 -> Q1; A2: Q2.
    s, _log = play(s, "subjugate", "guinea", dice=[5, 3])  # Q1 5 -> 4: 1 point; Q2 3: 1 point: a tie
    assert legal(s) == {"force_control": [False, True]}  # 13.5.4: disperse the troop to gain control?
    s, _ = play(s, "force_control", False)
    assert step(s) == "power_actions" and s["areas"]["guinea"]["marker"] == "A2"


def test_subjugation_tie_then_dispersing_gains_control():
    s = own(at_first_impulse(deploy=TROOP + TROOP), "sao-tome")
    s = place(s, "portugal-troop-1", "area:guinea")
    s = place(s, "portugal-troop-2", "area:guinea")
    s = moves(s, ("done", None), ("act", ["portugal", "tactical_move"]), ("unit", "portugal-troop-1"))
    assert legal(s)["subjugate"] == ["guinea"]
    # not moved: only the forest disadvantage: Q3 -> Q2. Q2 4 (1 point) against Q2 4 (1 point): a tie
    s, _ = play(s, "subjugate", "guinea", dice=[3, 3])
    assert step(s) == "combat_decision" and legal(s) == {"force_control": [False, True]}  # 13.5.4
    s, _ = play(s, "force_control", True)
    assert legal(s) == {"disperse": ["portugal-troop-1", "portugal-troop-2"]}  # the player picks the troop
    s, _ = play(s, "disperse", "portugal-troop-2")
    assert s["units"]["portugal-troop-2"]["loc"] == "box:dispersed-af"
    assert s["areas"]["guinea"]["owner"] == "portugal" and s["areas"]["guinea"]["marker"] is None
    assert sum(1 for u in ("portugal-troop-1", "portugal-troop-2") if s["units"][u]["loc"] == "box:dispersed-af") == 1
    assert s["seats"]["player1"]["vp"] == 1


def test_subjugation_lost_disperses_the_troop():
    s = place(at_first_impulse(deploy=TROOP), "portugal-troop-1", "area:guinea")
    s["areas"]["sao-tome"].update(owner="portugal", control="portugal", marker=None)
    s = moves(s, ("done", None), ("act", ["portugal", "tactical_move"]), ("unit", "portugal-troop-1"))
    s, _ = play(s, "subjugate", "guinea", dice=[1, 6])  # 0 points against 2 (+C): two disband results
    assert s["units"]["portugal-troop-1"]["loc"] == "box:dispersed-af"
    assert s["areas"]["guinea"]["marker"] == "A2" and step(s) == "power_actions"


def test_landing_on_aden_fights_the_emirates_troop_and_fortress():
    s = own(at_first_impulse(deploy=TROOP + SQUADRON), "muscat")
    s = place(s, "portugal-troop-1", "area:muscat")
    s = place(s, "portugal-squadron-4", "sea:indian-ocean")
    s["units"]["emirates-squadron-1"]["loc"] = "area:aden"
    s["units"]["emirates-squadron-1"]["repair"] = True
    s = moves(s, ("done", None), ("act", ["portugal", "landing"]), ("unit", "portugal-troop-1"))
    assert "aden" in legal(s)["area"]
    s = moves(s, ("area", "aden"))
    # the escort: the Emirates fleet is in port under repair, so no interception; battle: open? Aden is mountain
    s, _ = play(s, "escort", "portugal-squadron-4")
    assert step(s) == "support_announce"  # 11.4.2: a decision
    assert legal(s) == {"support": [["portugal-squadron-4", "attacker"]], "no_support": [None]}
    s, log = play(s, "no_support", None, dice=[6, 1, 1])
    assert any(e["msg"] == "combat.won" and e["args"]["side"] == "portugal" for e in log)
    # Q1 (landing) 6 -> 5: 2 points; the fortress Q3 1 -> 3: 1 point, the troop Q2 1 -> 2: nothing
    assert s["units"]["emirates-troop-1"]["loc"] == "box:dispersed-te"
    assert s["areas"]["aden"]["siege"] == {"besieger": "portugal", "casualties": 0}
    assert s["areas"]["aden"]["owner"] == "emirates"
    # a later tactical action assaults the fortress (13.4): one troop on a battlefield of 2, a conscript allowed
    s = moves(s, ("act", ["portugal", "tactical_move"]), ("unit", "portugal-troop-1"))
    assert legal(s)["assault"] == ["aden"]
    s, _ = play(s, "assault", "aden")
    assert step(s) == "support_announce"  # 13.4.4: a fleet may support the assault (11.4.2)
    s, _ = play(s, "no_support")
    assert step(s) == "combat_decision" and legal(s) == {"conscript": [True, False]}  # 13.1.9
    # Q2 6: 2 points and a casualty; the fortress Q3 1 -> 3: 1 point; 2 disband results: a siege casualty with
    # no troop left in the fortress: it capitulates (13.4.5)
    s, _ = play(s, "conscript", False, dice=[6, 1])
    assert s["areas"]["aden"]["owner"] == "portugal" and "emirates" not in s["minors"]


def test_naval_support_gives_the_opposition_a_disadvantage():
    """11.4.2 / 13.5.3: a squadron in an adjacent sea supports the subjugation; the A2 die drops to Q1."""
    s = own(at_first_impulse(deploy=TROOP), "sao-tome")
    s = place(s, "portugal-troop-1", "area:guinea")
    s = place(s, "portugal-squadron-1", "sea:gulf-of-guinea")
    s = moves(
        s, ("done", None), ("act", ["portugal", "tactical_move"]), ("unit", "portugal-troop-1"), ("subjugate", "guinea")
    )
    assert legal(s) == {"support": [["portugal-squadron-1", "attacker"]], "no_support": [None]}
    # forest: Q3 -> Q2 rolls 3 (1 point); supported against: Q2 -> Q1 rolls 3 -> 2 (no point): a win
    s, _ = play(s, "support", ["portugal-squadron-1", "attacker"], dice=[3, 3])
    assert s["areas"]["guinea"]["owner"] == "portugal"


def test_the_emirates_fleet_intercepts_a_landing_on_aden():
    """11.4.1 / l. 1930: the Emirates intercept attacks on Aden; the escort fights (one die each: one squadron
    per side within the two-dice battlefield); if the interceptor wins, the landing is turned back."""
    s = own(at_first_impulse(deploy=TROOP + SQUADRON), "muscat")
    s = place(s, "portugal-troop-1", "area:muscat")
    s = place(s, "portugal-squadron-4", "area:muscat")
    s = moves(
        s,
        ("done", None),
        ("act", ["portugal", "landing"]),
        ("unit", "portugal-troop-1"),
        ("area", "aden"),
        ("escort", "portugal-squadron-4"),
    )
    assert s["stack"][-1]["step"] == "sea_interception"
    assert legal(s) == {"escort": ["portugal-squadron-4"], "no_escort": [None]}
    s, log = play(s, "escort", "portugal-squadron-4", dice=[1, 6])  # E3 1 -> 3 (1) against E2 6 (2+C)
    assert s["units"]["portugal-troop-1"]["loc"] == "area:muscat"
    assert any(e["msg"] == "log.landing_stopped" for e in log)
    assert s["units"]["portugal-squadron-4"]["loc"] == "area:muscat"  # beaten, back to its base
    assert s["stack"][-1]["step"] == "power_actions"


def test_an_unescorted_crossing_is_stopped_by_one_battle_point():
    s = own(at_first_impulse(deploy=TROOP + SQUADRON), "muscat")
    s = place(s, "portugal-troop-1", "area:muscat")
    s = place(s, "portugal-squadron-4", "area:muscat")
    s = moves(
        s,
        ("done", None),
        ("act", ["portugal", "landing"]),
        ("unit", "portugal-troop-1"),
        ("area", "aden"),
        ("escort", "portugal-squadron-4"),
    )
    s, _ = play(s, "no_escort", None, dice=[2])  # E2: 2 -> no point: the crossing goes through
    assert s["units"]["portugal-troop-1"]["loc"] == "area:aden"


def test_a_siege_ends_when_the_besiegers_leave():
    g = ctx(at_first_impulse(deploy=TROOP))
    g.s["units"]["portugal-troop-1"]["loc"] = "area:aden"
    g.s["areas"]["aden"]["siege"] = {"besieger": "portugal", "casualties": 1}
    from engines.ultima_ratio import state as st

    st.move_unit(g.s, "portugal-troop-1", "box:dispersed-te")
    assert g.s["areas"]["aden"]["siege"] is None
