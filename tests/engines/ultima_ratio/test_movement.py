"""10. Strategic movement and 12. Land tactical movement (with amphibious landings and subjugation)."""

from __future__ import annotations

from engines.ultima_ratio.movement import landings
from tests.engines.ultima_ratio.support import at_first_impulse, ctx, legal, moves, place, play, step, texts

SQUADRON = [("build", "build_squadron"), ("grade", "E3"), ("area", "area:portugal")]
TROOP = [("build", "build_troop"), ("grade", "2-3"), ("area", "area:portugal"), ("stop", None)]


def own(s, *areas):
    for area in areas:
        s["areas"][area].update(owner="power:portugal", control="power:portugal", marker=None)
    return s


def test_a_troop_moves_strategically_by_sea_to_a_controlled_area():
    s = own(at_first_impulse(deploy=TROOP), "area:goa")
    s = moves(s, ("done", None), ("act", ["power:portugal", "strategic_move"]), ("unit", "power:portugal-troop-1"))
    assert legal(s) == {"area": ["area:alentejo", "area:oporto"], "sea": ["sea:east-atlantic"]}
    s = moves(s, ("sea", "sea:east-atlantic"), ("sea", "sea:south-atlantic"))
    assert "stop" not in legal(s)  # 10.2: a troop cannot finish at sea
    assert "sea:east-atlantic" not in legal(s)["sea"]  # never back to a place crossed
    s = moves(s, ("sea", "sea:indian-ocean"), ("area", "area:goa"))
    s, log = play(s, "stop")
    assert s["units"]["power:portugal-troop-1"]["loc"] == "area:goa"
    assert "through the East Atlantic, the South Atlantic, the Indian Ocean and Goa" in texts(log)[0]


def test_a_strategic_path_only_offers_seas_that_lead_somewhere():
    s = moves(
        at_first_impulse(deploy=TROOP),
        ("done", None),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-troop-1"),
        ("sea", "sea:east-atlantic"),
    )
    assert legal(s) == {"area": ["area:oporto", "area:algarve"]}  # no controlled area overseas: no sea is offered


def test_a_squadron_ends_at_sea_within_the_operation_distance_or_in_port():
    s = moves(
        at_first_impulse(deploy=SQUADRON),
        ("to_sea", ["power:portugal-squadron-4", "sea:east-atlantic"]),
        ("done", None),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-squadron-4"),
    )
    # 9.1 distance 2 (RULINGS): one sea beyond the base's sea; the Mediterranean is closed to ocean fleets (18.6.1)
    assert {"sea:gulf-of-guinea", "sea:south-atlantic"} <= set(legal(s)["sea"])
    assert "sea:western-mediterranean" not in legal(s)["sea"]
    assert sorted(legal(s)["area"]) == ["area:algarve", "area:oporto", "area:portugal"]
    s = moves(s, ("sea", "sea:south-atlantic"))
    assert "stop" in legal(s) and "sea:indian-ocean" not in legal(s).get("sea", [])


def test_tactical_movement_two_areas_without_combat():
    s = own(at_first_impulse(deploy=TROOP), "area:guinea")
    s = place(s, "power:portugal-troop-1", "area:guinea")
    s = moves(s, ("done", None), ("act", ["power:portugal", "tactical_move"]), ("unit", "power:portugal-troop-1"))
    assert sorted(legal(s)["area"]) == ["area:elmina", "area:mali", "area:senegal"]
    s, _ = play(s, "area", "area:senegal")  # an independent A2 area: no combat, the move may go on
    assert step(s) == "tactical_second_area" and set(legal(s)) == {"area", "stop", "subjugate"}


def test_amphibious_landing_needs_an_escort_and_the_distance():
    """12.3.1 / 11.1.2: "if the naval operation distance is 1, only landings from coastal areas to coastal areas of
    the same sea are possible. If this distance is 2, landings to coastal areas of adjacent seas would be
    possible" (l. 707)."""
    s = at_first_impulse(deploy=TROOP)
    g = ctx(s)
    assert landings.landers(g, "power:portugal") == []  # no escort
    s = at_first_impulse(deploy=TROOP + SQUADRON)
    g = ctx(s)
    assert landings.landers(g, "power:portugal") == ["power:portugal-troop-1"]
    assert "area:guinea" in landings.landing_targets(g, "power:portugal", "power:portugal-troop-1")
    assert "area:goa" not in landings.landing_targets(g, "power:portugal", "power:portugal-troop-1")  # three seas away
    g.s["naval_distance"]["elsewhere"] = 1
    assert sorted(landings.landing_targets(g, "power:portugal", "power:portugal-troop-1")) == [
        "area:mazagan",
        "area:tangier",
    ]


def test_landing_and_subjugation_of_an_independent_area():
    s = moves(
        at_first_impulse(deploy=TROOP + SQUADRON),
        ("done", None),
        ("act", ["power:portugal", "landing"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:guinea"),
        ("escort", "power:portugal-squadron-4"),
    )
    assert s["units"]["power:portugal-troop-1"]["loc"] == "area:guinea"
    assert legal(s) == {"subjugate": ["area:guinea"], "stop": [None]}
    # 13.5.3: the troop moved (disadvantage) into a forest (disadvantage): Q3 -> Q1; A2: Q2.
    s, _log = play(s, "subjugate", "area:guinea", dice=[5, 3])  # Q1 5 -> 4: 1 point; Q2 3: 1 point: a tie
    assert legal(s) == {"force_control": [False, True]}  # 13.5.4: disperse the troop to gain control?
    s, _ = play(s, "force_control", False)
    assert step(s) == "power_actions" and s["areas"]["area:guinea"]["marker"] == "A2"


def test_subjugation_tie_then_dispersing_gains_control():
    s = own(at_first_impulse(deploy=TROOP + TROOP), "area:sao-tome")
    s = place(s, "power:portugal-troop-1", "area:guinea")
    s = place(s, "power:portugal-troop-2", "area:guinea")
    s = moves(s, ("done", None), ("act", ["power:portugal", "tactical_move"]), ("unit", "power:portugal-troop-1"))
    assert legal(s)["subjugate"] == ["area:guinea"]
    # not moved: only the forest disadvantage: Q3 -> Q2. Q2 4 (1 point) against Q2 4 (1 point): a tie
    s, _ = play(s, "subjugate", "area:guinea", dice=[3, 3])
    assert step(s) == "combat_decision" and legal(s) == {"force_control": [False, True]}  # 13.5.4
    s, _ = play(s, "force_control", True)
    assert legal(s) == {"disperse": ["power:portugal-troop-1", "power:portugal-troop-2"]}  # the player picks the troop
    s, _ = play(s, "disperse", "power:portugal-troop-2")
    assert s["units"]["power:portugal-troop-2"]["loc"] == "box:dispersed-af"
    assert s["areas"]["area:guinea"]["owner"] == "power:portugal" and s["areas"]["area:guinea"]["marker"] is None
    assert (
        sum(
            1
            for u in ("power:portugal-troop-1", "power:portugal-troop-2")
            if s["units"][u]["loc"] == "box:dispersed-af"
        )
        == 1
    )
    assert s["seats"]["player1"]["vp"] == 1


def test_subjugation_lost_disperses_the_troop():
    s = place(at_first_impulse(deploy=TROOP), "power:portugal-troop-1", "area:guinea")
    s["areas"]["area:sao-tome"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = moves(s, ("done", None), ("act", ["power:portugal", "tactical_move"]), ("unit", "power:portugal-troop-1"))
    s, _ = play(s, "subjugate", "area:guinea", dice=[1, 6])  # 0 points against 2 (+C): two disband results
    assert s["units"]["power:portugal-troop-1"]["loc"] == "box:dispersed-af"
    assert s["areas"]["area:guinea"]["marker"] == "A2" and step(s) == "power_actions"


def test_landing_on_aden_fights_the_emirates_troop_and_fortress():
    s = own(at_first_impulse(deploy=TROOP + SQUADRON), "area:muscat")
    s = place(s, "power:portugal-troop-1", "area:muscat")
    s = place(s, "power:portugal-squadron-4", "sea:indian-ocean")
    s["units"]["minor:emirates-squadron-1"]["loc"] = "area:aden"
    s["units"]["minor:emirates-squadron-1"]["repair"] = True
    s = moves(s, ("done", None), ("act", ["power:portugal", "landing"]), ("unit", "power:portugal-troop-1"))
    assert "area:aden" in legal(s)["area"]
    s = moves(s, ("area", "area:aden"))
    # the escort: the Emirates fleet is in port under repair, so no interception; battle: open? Aden is mountain
    s, _ = play(s, "escort", "power:portugal-squadron-4")
    assert step(s) == "support_announce"  # 11.4.2: a decision
    assert legal(s) == {"support": [["power:portugal-squadron-4", "attacker"]], "no_support": [None]}
    s, log = play(s, "no_support", None, dice=[6, 1, 1])
    assert any(e["msg"] == "combat.won" and e["args"]["side"] == "power:portugal" for e in log)
    # Q1 (landing) 6 -> 5: 2 points; the fortress Q3 1 -> 3: 1 point, the troop Q2 1 -> 2: nothing
    assert s["units"]["minor:emirates-troop-1"]["loc"] == "box:dispersed-te"
    assert s["areas"]["area:aden"]["siege"] == {"besieger": "power:portugal", "casualties": 0}
    assert s["areas"]["area:aden"]["owner"] == "minor:emirates"
    # a later tactical action assaults the fortress (13.4): one troop on a battlefield of 2, a conscript allowed
    s = moves(s, ("act", ["power:portugal", "tactical_move"]), ("unit", "power:portugal-troop-1"))
    assert legal(s)["assault"] == ["area:aden"]
    s, _ = play(s, "assault", "area:aden")
    assert step(s) == "support_announce"  # 13.4.4: a fleet may support the assault (11.4.2)
    s, _ = play(s, "no_support")
    assert step(s) == "combat_decision" and legal(s) == {"conscript": [True, False]}  # 13.1.9
    # Q2 6: 2 points and a casualty; the fortress Q3 1 -> 3: 1 point; 2 disband results: a siege casualty with
    # no troop left in the fortress: it capitulates (13.4.5)
    s, _ = play(s, "conscript", False, dice=[6, 1])
    assert s["areas"]["area:aden"]["owner"] == "power:portugal" and "minor:emirates" not in s["minors"]


def test_naval_support_gives_the_opposition_a_disadvantage():
    """11.4.2 / 13.5.3: a squadron in an adjacent sea supports the subjugation; the A2 die drops to Q1."""
    s = own(at_first_impulse(deploy=TROOP), "area:sao-tome")
    s = place(s, "power:portugal-troop-1", "area:guinea")
    s = place(s, "power:portugal-squadron-1", "sea:gulf-of-guinea")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("subjugate", "area:guinea"),
    )
    assert legal(s) == {"support": [["power:portugal-squadron-1", "attacker"]], "no_support": [None]}
    # forest: Q3 -> Q2 rolls 3 (1 point); supported against: Q2 -> Q1 rolls 3 -> 2 (no point): a win
    s, _ = play(s, "support", ["power:portugal-squadron-1", "attacker"], dice=[3, 3])
    assert s["areas"]["area:guinea"]["owner"] == "power:portugal"


def test_the_emirates_fleet_intercepts_a_landing_on_aden():
    """11.4.1 / l. 1930: the Emirates intercept attacks on Aden; the escort fights (one die each: one squadron
    per side within the two-dice battlefield); if the interceptor wins, the landing is turned back."""
    s = own(at_first_impulse(deploy=TROOP + SQUADRON), "area:muscat")
    s = place(s, "power:portugal-troop-1", "area:muscat")
    s = place(s, "power:portugal-squadron-4", "area:muscat")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "landing"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:aden"),
        ("escort", "power:portugal-squadron-4"),
    )
    assert s["stack"][-1]["step"] == "sea_interception"
    assert legal(s) == {"escort": ["power:portugal-squadron-4"], "no_escort": [None]}
    s, log = play(s, "escort", "power:portugal-squadron-4", dice=[1, 6])  # E3 1 -> 3 (1) against E2 6 (2+C)
    assert s["units"]["power:portugal-troop-1"]["loc"] == "area:muscat"
    assert any(e["msg"] == "log.landing_stopped" for e in log)
    assert s["units"]["power:portugal-squadron-4"]["loc"] == "area:muscat"  # beaten, back to its base
    assert s["stack"][-1]["step"] == "power_actions"


def test_an_unescorted_crossing_is_stopped_by_one_battle_point():
    s = own(at_first_impulse(deploy=TROOP + SQUADRON), "area:muscat")
    s = place(s, "power:portugal-troop-1", "area:muscat")
    s = place(s, "power:portugal-squadron-4", "area:muscat")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "landing"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:aden"),
        ("escort", "power:portugal-squadron-4"),
    )
    s, _ = play(s, "no_escort", None, dice=[2])  # E2: 2 -> no point: the crossing goes through
    assert s["units"]["power:portugal-troop-1"]["loc"] == "area:aden"


def test_a_siege_ends_when_the_besiegers_leave():
    g = ctx(at_first_impulse(deploy=TROOP))
    g.s["units"]["power:portugal-troop-1"]["loc"] = "area:aden"
    g.s["areas"]["area:aden"]["siege"] = {"besieger": "power:portugal", "casualties": 1}
    from engines.ultima_ratio import state as st

    st.move_unit(g.s, "power:portugal-troop-1", "box:dispersed-te")
    assert g.s["areas"]["area:aden"]["siege"] is None
