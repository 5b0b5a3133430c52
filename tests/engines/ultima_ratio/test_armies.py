"""Armies and fleets with a leader: strategic movement (10.3, 10.4), the overstack decision (15.1.1), fleet
stacking by the naval base (15.1.2), a leader reattached before his unit is eliminated (17.1). Line numbers are
those of shared/rules/ultima-ratio-regis.txt."""

from __future__ import annotations

import copy

from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.logistics import stacking
from engines.ultima_ratio.movement import armies
from tests.engines.ultima_ratio.support import at_first_impulse, ctx, legal, moves, place, play, step, texts


def with_leader(s: dict, leader: str, unit: str, extraordinary: bool = False) -> dict:
    s["leaders"][leader] = {"power": "power:portugal", "unit": unit, "extraordinary": extraordinary}
    s["leader_pool"].remove(leader)
    return s


def extra_troop(s: dict, n: int, loc: str) -> dict:
    """A fifth (sixth ...) Portuguese troop for a test position (9.1 gives Portugal four)."""
    uid = f"power:portugal-troop-{n}"
    s["units"][uid] = copy.deepcopy(s["units"]["power:portugal-troop-1"])
    s["impulse"]["start_locs"][uid] = loc
    return place(s, uid, loc)


def army(*troops: str, at: str = "area:portugal", leader: str = "leader:tactical-1") -> dict:
    s = at_first_impulse()
    for uid in troops:
        s = place(s, uid, at)
    return with_leader(s, leader, troops[0])


def test_an_army_absorbs_and_leaves_troops_on_the_way():
    """10.3 (l. 548): "with each movement (to seas or areas) squadrons or troops can be "absorbed" ... or left on the
    way"."""
    s = army("power:portugal-troop-1", "power:portugal-troop-2")
    s = place(s, "power:portugal-troop-3", "area:alentejo")
    s = moves(s, ("done", None), ("act", ["power:portugal", "strategic_move"]), ("unit", "power:portugal-troop-1"))
    assert legal(s)["absorb"] == ["power:portugal-troop-2"] and "leave" not in legal(s)
    s = moves(s, ("absorb", "power:portugal-troop-2"), ("area", "area:alentejo"))
    assert legal(s)["absorb"] == ["power:portugal-troop-3"] and legal(s)["leave"] == ["power:portugal-troop-2"]
    s = moves(s, ("absorb", "power:portugal-troop-3"), ("leave", "power:portugal-troop-2"), ("area", "area:algarve"))
    s, log = play(s, "stop")
    locs = {
        u: s["units"][u]["loc"] for u in ("power:portugal-troop-1", "power:portugal-troop-2", "power:portugal-troop-3")
    }
    assert locs == {
        "power:portugal-troop-1": "area:algarve",
        "power:portugal-troop-2": "area:alentejo",
        "power:portugal-troop-3": "area:algarve",
    }
    assert s["leaders"]["leader:tactical-1"]["unit"] == "power:portugal-troop-1"
    assert "moves Portugal troop 1 and Portugal troop 3 strategically through Alentejo and the Algarve" in texts(log)[0]


def test_an_army_has_at_most_four_troops():
    """10.3 (l. 548): "the only condition is that at no time more than four squadrons or troops can be stacked"."""
    s = army("power:portugal-troop-1", "power:portugal-troop-2", "power:portugal-troop-3", "power:portugal-troop-4")
    s = extra_troop(s, 5, "area:portugal")
    s = moves(s, ("done", None), ("act", ["power:portugal", "strategic_move"]), ("unit", "power:portugal-troop-1"))
    assert len(legal(s)["absorb"]) == 4
    s = moves(
        s,
        ("absorb", "power:portugal-troop-2"),
        ("absorb", "power:portugal-troop-3"),
        ("absorb", "power:portugal-troop-4"),
    )
    assert "absorb" not in legal(s)


def test_a_troop_without_a_leader_absorbs_nothing():
    """10.2 / 10.3: only a leader moves several units."""
    s = at_first_impulse()
    s = place(place(s, "power:portugal-troop-1", "area:portugal"), "power:portugal-troop-2", "area:portugal")
    s = moves(s, ("done", None), ("act", ["power:portugal", "strategic_move"]), ("unit", "power:portugal-troop-1"))
    assert "absorb" not in legal(s)


def test_an_army_ends_only_where_all_of_it_fits():
    """15.1.1 (l. 1154): the limit "can only be surpassed for armies that are moving ... as long as they do not
    finish their movement overstacked"."""
    s = army("power:portugal-troop-1", "power:portugal-troop-2")
    for _n, uid in enumerate(("power:portugal-troop-3", "power:portugal-troop-4")):
        s = place(s, uid, "area:alentejo")
    s = extra_troop(s, 5, "area:alentejo")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-troop-1"),
        ("absorb", "power:portugal-troop-2"),
        ("area", "area:alentejo"),
    )
    assert "stop" not in legal(s)  # 3 there + 2 > 4
    s = moves(s, ("leave", "power:portugal-troop-2"))  # a fourth one fits
    assert s["units"]["power:portugal-troop-2"]["loc"] == "area:alentejo"
    assert "stop" not in legal(s) and "area:algarve" in legal(s)["area"]
    s, _ = play(s, "area", "area:algarve")
    assert "stop" in legal(s)


def test_between_maps_one_unit_at_a_time():
    """10.4 (l. 554): "to move an army of three troops from one map (or mini-map) to another, three strategic
    movements of one troop must be made"."""
    s = army("power:portugal-troop-1", "power:portugal-troop-2")
    s["areas"]["area:guinea"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = moves(s, ("done", None), ("act", ["power:portugal", "strategic_move"]), ("unit", "power:portugal-troop-1"))
    alone = legal(s)
    s = moves(s, ("absorb", "power:portugal-troop-2"))
    assert legal(s)["sea"] == alone["sea"] == ["sea:east-atlantic"]
    s2 = moves(s, ("sea", "sea:east-atlantic"))
    assert "sea:gulf-of-guinea" not in legal(s2).get("sea", [])  # the Africa mini-map
    s1 = moves(s, ("leave", "power:portugal-troop-2"), ("sea", "sea:east-atlantic"))
    assert "sea:gulf-of-guinea" in legal(s1)["sea"]
    assert armies.map_of(board_of(ctx(s)), "area:aden") == "main"  # The East counts as the main map (13.5.7)


def test_a_fleet_moves_within_its_bases_limit():
    """10.3 with squadrons, 15.1.2 (l. 1164): "Fleets at sea have the same stacking limit as the naval base from
    which they operate"."""
    s = at_first_impulse()
    for uid in ("power:portugal-squadron-4", "power:portugal-squadron-5"):
        s = place(s, uid, "area:portugal")
    s = with_leader(s, "leader:admiral-1", "power:portugal-squadron-4")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-squadron-4"),
        ("absorb", "power:portugal-squadron-5"),
        ("sea", "sea:east-atlantic"),
    )
    assert "stop" in legal(s)  # Lisbon (main map): 4
    g = ctx(s)
    assert (
        stacking.fleet_limit(
            g.s, board_of(g), "power:portugal", "sea:east-atlantic", False, ["power:portugal-squadron-4"]
        )
        == 4
    )
    s, _log = play(s, "stop")
    assert s["units"]["power:portugal-squadron-5"]["loc"] == "sea:east-atlantic"


def test_fleet_limit_of_a_mini_map_domain():
    """15.1.2 (l. 1164): "if at any given moment a major power has 5 fleets using as naval base a domain at a
    mini-map (stacking limit 2), it can only make stacks of up to 2 squadrons" — in the flow: the Gulf of Guinea
    with Guinea (a domain of the Africa mini-map) as the only base in range."""
    s = at_first_impulse()
    s["naval_distance"]["elsewhere"] = 1
    s["areas"]["area:guinea"].update(owner="power:portugal", control="power:portugal", marker=None)
    g = ctx(s)
    assert stacking.fleet_limit(g.s, board_of(g), "power:portugal", "sea:gulf-of-guinea", False, []) == 2
    three = ["power:portugal-squadron-4", "power:portugal-squadron-5", "power:portugal-squadron-6"]
    assert stacking.fleet_may_be_at(g.s, board_of(g), "power:portugal", "sea:gulf-of-guinea", three[:2])
    assert not stacking.fleet_may_be_at(g.s, board_of(g), "power:portugal", "sea:gulf-of-guinea", three)


def test_overstacked_troops_are_dispersed_at_the_end_of_the_action():
    """15.1.1 (l. 1156): "When a player finishes an action, overstacked troops must be dispersed" — the player
    picks them (RULINGS S-4)."""
    s = at_first_impulse()
    for uid in ("power:portugal-troop-1", "power:portugal-troop-2", "power:portugal-troop-3", "power:portugal-troop-4"):
        s = place(s, uid, "area:portugal")
    s = extra_troop(s, 5, "area:portugal")
    s = moves(s, ("done", None))
    s, _ = play(s, "act", ["power:portugal", "lower_unrest"])
    assert step(s) == "disperse_overstack"
    assert legal(s) == {"disperse": [f"power:portugal-troop-{n}" for n in range(1, 6)]}
    s, log = play(s, "disperse", "power:portugal-troop-2")
    assert s["units"]["power:portugal-troop-2"]["loc"] == "box:dispersed-wm"
    assert step(s) == "power_actions"
    assert "overstacked" in texts(log)[0]


def own(s: dict, *areas: str) -> dict:
    for area in areas:
        s["areas"][area].update(owner="power:portugal", control="power:portugal", marker=None)
    return s


def test_an_army_moves_tactically_with_the_troops_taken_along():
    """12.2 (l. 697): "An army is composed of one or more troops together (in the same area), with a leader"; "after
    the first movement, the army can leave or absorb troops in the first area"."""
    s = own(
        army("power:portugal-troop-1", "power:portugal-troop-2", "power:portugal-troop-3", at="area:guinea"),
        "area:guinea",
    )
    s = place(s, "power:portugal-troop-4", "area:senegal")
    s = own(s, "area:senegal", "area:mali")
    s = moves(s, ("done", None), ("act", ["power:portugal", "tactical_move"]), ("unit", "power:portugal-troop-1"))
    assert step(s) == "tactical_army" and legal(s) == {
        "absorb": ["power:portugal-troop-2", "power:portugal-troop-3"],
        "march": [None],
    }
    s = moves(s, ("absorb", "power:portugal-troop-2"))
    assert legal(s) == {"absorb": ["power:portugal-troop-3"], "leave": ["power:portugal-troop-2"], "march": [None]}
    s = moves(s, ("march", None))
    # Senegal and Mali are domains of the Africa mini-map (15.1: 2); Senegal has a troop: the army of two may
    # cross it (15.1.1: "armies that are moving") but not stop there
    assert legal(s)["area"] == ["area:elmina", "area:mali", "area:senegal"]
    crossing, _ = play(s, "area", "area:senegal")
    assert "stop" not in legal(crossing) and "power:portugal-troop-4" in legal(crossing)["absorb"]
    assert legal(crossing)["leave"] == ["power:portugal-troop-2"]  # it stays with the troop there: two, the limit
    crowded = place(crossing, "power:portugal-troop-3", "area:senegal")
    assert "leave" not in legal(crowded)  # three: it would end overstacked
    s, log = play(s, "area", "area:mali")
    assert "Tactical leader 1 leads Portugal troop 1 and Portugal troop 2 into Mali" in texts(log)[0]
    assert {s["units"][u]["loc"] for u in ("power:portugal-troop-1", "power:portugal-troop-2")} == {"area:mali"}
    assert s["units"]["power:portugal-troop-3"]["loc"] == "area:guinea"
    assert legal(s).get("leave") == ["power:portugal-troop-2"]
    s = moves(s, ("leave", "power:portugal-troop-2"))
    assert s["units"]["power:portugal-troop-2"]["loc"] == "area:mali"


def test_an_army_fights_with_all_its_troops():
    """12.2 / 13.1.5: the battle is fought by the army: every troop of it may take the field."""
    s = own(army("power:portugal-troop-1", "power:portugal-troop-2", at="area:guinea"), "area:guinea")
    s = place(s, "minor:emirates-troop-1", "area:mali")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("absorb", "power:portugal-troop-2"),
        ("march", None),
    )
    s, _ = play(s, "area", "area:mali")
    frame = next(f for f in reversed(s["stack"]) if f["step"] == "combat")
    units = [u["id"] for u in frame["battle"]["attacker"]["units"]]
    assert units == ["power:portugal-troop-1", "power:portugal-troop-2"]
    assert [ld["id"] for ld in frame["battle"]["attacker"]["leaders"]] == ["leader:tactical-1"]


def test_a_landing_army_needs_a_squadron_for_each_troop():
    """12.3.1 (l. 711): "The number of squadrons will limit the number of troops that can land. Thus, if the escort
    is a two-squadron fleet, the landing army is limited to two troops"; 12.3.3 (l. 721): between maps "It is
    limited to a single troop"."""
    s = army("power:portugal-troop-1", "power:portugal-troop-2", "power:portugal-troop-3")
    for uid in ("power:portugal-squadron-4", "power:portugal-squadron-5"):
        s = place(s, uid, "area:portugal")
    s = with_leader(s, "leader:admiral-1", "power:portugal-squadron-4")
    s = moves(s, ("done", None), ("act", ["power:portugal", "landing"]), ("unit", "power:portugal-troop-1"))
    assert legal(s)["absorb"] == ["power:portugal-troop-2", "power:portugal-troop-3"]
    s = moves(s, ("absorb", "power:portugal-troop-2"))
    assert "absorb" not in legal(s)  # two squadrons: two troops
    s = moves(s, ("march", None))
    assert "area:tangier" in legal(s)["area"] and "area:guinea" not in legal(s)["area"]  # the Africa mini-map
    s = moves(s, ("area", "area:tangier"))
    assert legal(s) == {"escort": ["power:portugal-squadron-4"]}  # the fleet's flagship (11.2: with a leader)
    s = moves(s, ("escort", "power:portugal-squadron-4"))
    assert legal(s) == {"absorb": ["power:portugal-squadron-5"]}
    s, _log = play(s, "absorb", "power:portugal-squadron-5")
    assert "sail" in legal(s)
    s, _log = play(s, "sail")
    assert {s["units"][u]["loc"] for u in ("power:portugal-troop-1", "power:portugal-troop-2")} == {"area:tangier"}
    assert s["units"]["power:portugal-troop-3"]["loc"] == "area:portugal"


def test_a_leader_goes_to_another_unit_of_the_stack_before_his_unit_is_eliminated():
    """17.1 (l. 1201-1203): "the leader may be attached to any own troop ... in the area ... at any time (even during
    or right after a combat)"; 13.1.7: leaders are eliminated only with the last unit of the stack — the player
    picks the unit (``leaders.reattach_decision``)."""
    s = own(
        army("power:portugal-troop-1", "power:portugal-troop-2", "power:portugal-troop-3", at="area:guinea"),
        "area:guinea",
    )
    s["units"]["minor:emirates-troop-2"] = copy.deepcopy(s["units"]["minor:emirates-troop-1"])
    s = place(place(s, "minor:emirates-troop-1", "area:mali"), "minor:emirates-troop-2", "area:mali")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("absorb", "power:portugal-troop-2"),
        ("absorb", "power:portugal-troop-3"),
        ("march", None),
        ("area", "area:mali"),
        ("fight", "power:portugal-troop-1"),
        ("fight", "power:portugal-troop-2"),
        ("fight", "power:portugal-troop-3"),
    )
    # three Q2 1s: no point; the Emirates' two Q2 6s: 4 points and 2 casualties: one troop eliminated
    s, _ = play(s, "conscript", False, dice=[1, 1, 1, 6, 6])
    assert legal(s) == {"eliminate": ["power:portugal-troop-1", "power:portugal-troop-2", "power:portugal-troop-3"]}
    s, _ = play(s, "eliminate", "power:portugal-troop-1")
    assert step(s) == "reattach_leader" and legal(s) == {"unit": ["power:portugal-troop-2", "power:portugal-troop-3"]}
    s, log = play(s, "unit", "power:portugal-troop-3")
    assert s["units"]["power:portugal-troop-1"]["loc"] == "eliminated"
    assert (
        s["leaders"]["leader:tactical-1"]["unit"] == "power:portugal-troop-3"
        and "leader:tactical-1" not in s["leader_pool"]
    )
    assert "Tactical leader 1 goes to Portugal troop 3 before his unit is eliminated." in texts(log)


def test_a_fleet_attacks_with_all_its_squadrons():
    """11.2 (l. 590-596) / 11.3 (l. 602): a fleet assembled where it is, moved, then in the destination sea "the
    fleet can leave or absorb any squadrons it wants"; it fights as one."""
    s = own(at_first_impulse(), "area:goa")
    for uid in ("power:portugal-squadron-4", "power:portugal-squadron-5"):
        s = place(s, uid, "area:goa")
    s = place(s, "power:portugal-squadron-6", "sea:indian-ocean")
    s = with_leader(s, "leader:admiral-1", "power:portugal-squadron-4")
    s = moves(s, ("done", None), ("act", ["power:portugal", "naval_move"]), ("unit", "power:portugal-squadron-4"))
    assert legal(s)["absorb"] == ["power:portugal-squadron-5"]
    s = moves(s, ("absorb", "power:portugal-squadron-5"), ("sea", "sea:indian-ocean"))
    assert legal(s)["absorb"] == ["power:portugal-squadron-6"] and legal(s)["leave"] == ["power:portugal-squadron-5"]
    s = moves(s, ("absorb", "power:portugal-squadron-6"), ("attack", "minor:emirates-squadron-1"))
    frame = next(f for f in reversed(s["stack"]) if f["step"] == "combat")
    assert [u["id"] for u in frame["battle"]["attacker"]["units"]] == [
        "power:portugal-squadron-4",
        "power:portugal-squadron-5",
        "power:portugal-squadron-6",
    ]


def test_fleet_stacking_by_its_base_in_the_flow():
    """15.1.2 (l. 1164): with a mini-map domain as its base (limit 2) a fleet has at most 2 squadrons — the example's
    "2 fleets of 2 squadrons each and 1 fleet of 1 squadron"."""
    s = own(at_first_impulse(), "area:guinea")
    s["naval_distance"]["elsewhere"] = 1
    for uid in ("power:portugal-squadron-4", "power:portugal-squadron-5", "power:portugal-squadron-6"):
        s = place(s, uid, "area:guinea")
    s = with_leader(s, "leader:admiral-1", "power:portugal-squadron-4")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-squadron-4"),
        ("absorb", "power:portugal-squadron-5"),
        ("absorb", "power:portugal-squadron-6"),
        ("sea", "sea:gulf-of-guinea"),
    )
    assert "stop" not in legal(s)  # three squadrons: over the limit of 2
    s = moves(s, ("leave", "power:portugal-squadron-6"))
    assert "stop" in legal(s)
    s, _ = play(s, "stop")
    at_sea = [
        u
        for u in ("power:portugal-squadron-4", "power:portugal-squadron-5", "power:portugal-squadron-6")
        if s["units"][u]["loc"] == "sea:gulf-of-guinea"
    ]
    assert len(at_sea) == 3  # a fleet of 2 and a fleet of 1


def test_the_heuristic_bot_answers_the_new_steps():
    """The bot chooses by step name and raises on unknown ones: it must know the overstack dispersal (15.1.1), the
    leader's reattachment (17.1) and the army / fleet choices (10.3, 12.2, 12.3.1)."""
    import random

    from engines.ultima_ratio.bots.heuristic import heuristic_bot
    from tests.engines.ultima_ratio.support import GAME, ROLE

    s = at_first_impulse()
    for n in range(1, 5):
        s = place(s, f"power:portugal-troop-{n}", "area:portugal")
    s = moves(extra_troop(s, 5, "area:portugal"), ("done", None))
    s, _ = play(s, "act", ["power:portugal", "lower_unrest"])
    marching = moves(
        army("power:portugal-troop-1", "power:portugal-troop-2"),
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
    )
    for state in (s, marching):
        verb, arg = heuristic_bot(GAME, GAME.view(state, ROLE), ROLE, random.Random(0))
        assert arg in legal(state)[verb]
    assert heuristic_bot(GAME, GAME.view(s, ROLE), ROLE, random.Random(0)) == ("disperse", "power:portugal-troop-1")


def test_the_player_chooses_the_dispersion_box_of_a_border_area():
    """15.1.1 with 18.5: Sind borders The East, so its troops may go to either theater's dispersion box; a domain of
    the India mini-map stacks 2 (15.1, l. 1148)."""
    s = own(at_first_impulse(), "area:sind")
    for uid in ("power:portugal-troop-1", "power:portugal-troop-2", "power:portugal-troop-3"):
        s = place(s, uid, "area:sind")
    s = moves(s, ("done", None))
    s, _ = play(s, "act", ["power:portugal", "lower_unrest"])
    assert step(s) == "disperse_overstack" and len(legal(s)["disperse"]) == 3
    s, _ = play(s, "disperse", "power:portugal-troop-3")
    assert legal(s) == {"box": ["box:dispersed-in", "box:dispersed-te"]}
    s, _ = play(s, "box", "box:dispersed-te")
    assert s["units"]["power:portugal-troop-3"]["loc"] == "box:dispersed-te" and step(s) == "power_actions"
