"""The audit of chapters 13-23 (AUDIT.md): the gaps it found, each with the rule it reads."""

from __future__ import annotations

from engines.ultima_ratio import state as st
from engines.ultima_ratio.diplomacy import war
from engines.ultima_ratio.end_of_turn import turn_end
from engines.ultima_ratio.movement import land_areas, naval
from tests.engines.ultima_ratio.support import GAME, advance, at_first_impulse, ctx, legal, moves, place, play, step
from tests.engines.ultima_ratio.support_war import (
    SQUADRON,
    TROOP,
    area,
    battle_record,
    leader,
    power,
    start,
    through_combat,
    unit,
)
from tests.engines.ultima_ratio.support_war import legal as war_legal
from tests.engines.ultima_ratio.support_war import moves as war_moves
from tests.engines.ultima_ratio.support_war import seat as war_seat
from tests.engines.ultima_ratio.test_leaders_other_impulse import spanish_fleet_attacked


def test_a_dynastic_change_eliminates_fortresses_and_leaders_and_ends_its_sieges():
    """23.3 "All the military units of the major power are eliminated": fortresses too, and the leaders on them go
    back to the pool with their last unit (13.1.7, 17.1); a siege it made is over (13.4.5)."""
    s = at_first_impulse()
    s["units"]["power:portugal-troop-1"]["loc"] = "area:portugal"
    s["units"]["power:portugal-troop-2"]["loc"] = "area:tangier"
    s["areas"]["area:oporto"]["fortress"] = {"power": "power:portugal", "built": True, "since": 0}
    pool = list(s["leader_pool"])
    leader(s, pool[0], "power:portugal-troop-1")
    leader(s, pool[1], "fortress:area:oporto")
    power(s, "power:spain", war=True)
    area(
        s,
        "area:tangier",
        "power:spain",
        fortress={"power": "power:spain", "built": True, "since": 0},
        siege={"besieger": "power:portugal", "casualties": 1},
    )
    unit(s, "power:spain-troop-1", "troop", "area:tangier")
    g = ctx(s)
    turn_end.dynastic_change(g, "power:portugal", collapse=False)
    assert g.s["leaders"] == {} and set(pool[:2]) <= set(g.s["leader_pool"])
    assert g.s["areas"]["area:oporto"]["fortress"] is None
    assert (
        g.s["areas"]["area:tangier"]["siege"] is None
        and g.s["areas"]["area:tangier"]["fortress"]["power"] == "power:spain"
    )
    assert all(info["loc"] == "available" for info in g.s["units"].values() if info["power"] == "power:portugal")


def test_rebellions_in_all_its_territory_collapse_the_power_without_new_revolts():
    """23.2 "or that have rebellions in all its territory": revolts placed before this phase count too."""
    s = at_first_impulse()
    for name in st.possessions(s, "power:portugal"):
        s["areas"][name].update(marker="R2", control=None)
    s = advance(s, "social_agitation")
    assert s["powers"]["power:portugal"]["unrest"] < 20 and s["stack"][-1]["revolts"] <= 0
    assert legal(s) == {"dynastic_change": ["collapse"]}
    vp = s["seats"]["player1"]["vp"]
    s, _ = play(s, "dynastic_change", "collapse")
    assert s["seats"]["player1"]["vp"] == vp - 8  # twice the vitality


def test_the_area_of_a_siege_belongs_to_the_besieger_for_strategic_movement():
    """13.4.7: a besieger's troop may move strategically to (and out of) the area it besieges; the besieged
    power's inland besieged fortress is no part of a strategic movement (10.2)."""
    s = at_first_impulse(deploy=TROOP)
    power(s, "power:spain", war=True)
    area(
        s,
        "area:goa",
        "power:spain",
        fortress={"power": "power:spain", "built": True, "since": 0},
        siege={"besieger": "power:portugal", "casualties": 0},
    )
    unit(s, "power:spain-troop-1", "troop", "area:goa")
    s = place(s, "power:portugal-troop-2", "area:goa")
    s = moves(s, ("done", None), ("act", ["power:portugal", "strategic_move"]))
    assert "power:portugal-troop-2" in legal(s)["unit"]  # the besieger is not besieged
    s = moves(
        s,
        ("unit", "power:portugal-troop-1"),
        ("sea", "sea:east-atlantic"),
        ("sea", "sea:south-atlantic"),
        ("sea", "sea:indian-ocean"),
    )
    assert "area:goa" in legal(s)["area"]
    s = moves(s, ("area", "area:goa"), ("stop", None))
    assert (
        s["units"]["power:portugal-troop-1"]["loc"] == "area:goa"
        and s["areas"]["area:goa"]["siege"]["besieger"] == "power:portugal"
    )


def _attack_with_a_leader(interrupted: bool = False):
    s = at_first_impulse()
    s["areas"]["area:goa"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = place(s, "power:portugal-squadron-4", "sea:indian-ocean")
    leader(s, s["leader_pool"][0], "power:portugal-squadron-4")
    s["leaders"][next(iter(s["leaders"]))]["extraordinary"] = False
    for name in naval.commercial_ports_on(s, GAME.board, "sea:indian-ocean") if interrupted else ():
        s["areas"][name]["interrupted"] = True
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "naval_move"]),
        ("unit", "power:portugal-squadron-4"),
        ("sea", "sea:indian-ocean"),
    )
    s, _ = play(s, "attack", "minor:emirates-squadron-1")
    return s


def test_a_naval_conscript_with_a_leader_and_a_commercial_port_in_the_sea():
    """13.1.9: in naval combats a conscript needs a leader and a commercial port not razed in the sea (19.2.4);
    on a mini-map (the Indian Ocean) it costs no unrest."""
    s = _attack_with_a_leader()
    assert step(s) == "combat_decision" and legal(s) == {"conscript": [True, False]}
    unrest = s["powers"]["power:portugal"]["unrest"]
    s, _log = play(s, "conscript", True, dice=[6, 1, 3])  # the squadron, the conscript, the Emirates
    assert s["powers"]["power:portugal"]["unrest"] == unrest
    assert step(_attack_with_a_leader(interrupted=True)) != "combat_decision"


def test_a_naval_conscript_on_the_main_map_raises_unrest():
    """13.1.9: "If this conscription is done on the main map, the unrest of the major power increases by 1"."""
    s = power(at_first_impulse(deploy=SQUADRON), "power:spain", war=True)
    unit(s, "power:spain-squadron-1", "squadron", "sea:east-atlantic")
    s = place(s, "power:portugal-squadron-4", "sea:east-atlantic")
    leader(s, s["leader_pool"][0], "power:portugal-squadron-4")
    s["leaders"][next(iter(s["leaders"]))]["extraordinary"] = False
    s = war_moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "naval_move"]),
        ("unit", "power:portugal-squadron-4"),
        ("sea", "sea:east-atlantic"),
        ("attack", "power:spain-squadron-1"),
    )
    unrest = s["powers"]["power:portugal"]["unrest"]
    s, _log = through_combat(s, "fight", None, dice=[6, 1, 3], answers={"conscript": True})
    assert s["powers"]["power:portugal"]["unrest"] == unrest + 1


def test_defenders_may_join_their_fortress_instead_of_a_land_battle():
    """13.4.1: "Troops defending the area can announce that they join the fortress (respecting the stacking
    limits)": the entering force besieges them, no land battle is fought."""
    from tests.engines.ultima_ratio.test_reactions import start as reaction_start

    s = reaction_start({"area:mali": "power:spain"})
    s["areas"]["area:mali"]["fortress"] = {"power": "power:spain", "built": True, "since": 0}
    s, _ = play(s, "area", "area:mali")
    assert step(s) == "land_reaction" and "join_fortress" in legal(s)
    s, _log = play(s, "join_fortress", None)  # no dice: no land battle
    assert s["areas"]["area:mali"]["siege"] == {"besieger": "power:portugal", "casualties": 0}
    assert s["units"]["power:portugal-troop-1"]["loc"] == s["units"]["power:spain-troop-1"]["loc"] == "area:mali"
    two = reaction_start({"area:mali": "power:spain"})
    two["areas"]["area:mali"]["fortress"] = {"power": "power:spain", "built": True, "since": 0}
    unit(two, "power:spain-troop-9", "troop", "area:mali")
    two, _ = play(two, "area", "area:mali")
    assert "join_fortress" not in legal(two)  # a domain stacks 2, the fortress counts


def test_border_areas_taken_in_a_war_outside_the_interest_are_returned_when_it_ends():
    """18.5: "During a war, these areas can be controlled normally even if the major power has no interest in that
    theater ... At the end of the war, however, these areas must be returned"; areas of its interest stay."""
    s = power(at_first_impulse(), "power:spain", war=True)
    area(s, "area:damascus", "power:spain")  # Eastern Mediterranean, bordering The East (TE)
    area(s, "area:mali", "power:spain")  # Africa: Portugal's interest
    g = ctx(s)
    land_areas.take_control(g, "power:portugal", "area:damascus")
    land_areas.take_control(g, "power:portugal", "area:mali")
    assert g.s["areas"]["area:damascus"]["control"] == g.s["areas"]["area:mali"]["control"] == "power:portugal"
    war.end_war(g, ["power:portugal", "power:spain"])
    assert (
        g.s["areas"]["area:damascus"]["control"] == "power:spain"
        and g.s["areas"]["area:mali"]["control"] == "power:portugal"
    )
    assert any(e["msg"] == "log.border_returned" for e in g.entries)


def test_a_strategic_port_joins_its_two_seas_for_interceptions():
    """18.6.3: "Portsmouth: North Sea and Eastern Atlantic" — a squadron based there intercepts in either sea, for
    strategic movements (11.4.1) and piracy (11.4.3); without the port it does not."""
    s = power(at_first_impulse(deploy=TROOP + SQUADRON), "power:england", war=True)
    area(s, "area:portsmouth", "power:england")
    unit(s, "power:england-squadron-1", "squadron", "sea:north-sea")
    s = war_moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-troop-1"),
        ("sea", "sea:east-atlantic"),
    )
    assert step(s) == "sea_interception" and war_legal(s)["intercept"] == ["power:england-squadron-1"]
    assert naval.piracy_interceptors(ctx(s), "power:england", "sea:east-atlantic") == ["power:england-squadron-1"]
    del s["areas"]["area:portsmouth"]  # no strategic port of England: no interception
    assert naval.piracy_interceptors(ctx(s), "power:england", "sea:east-atlantic") == []


def test_the_winner_of_a_field_battle_takes_control_without_opposition():
    """13.3.7: "The winner of a field battle takes control of the area automatically (if desired)": the
    controller's troops within two areas cannot oppose it (13.5.2 is for areas entered without a battle)."""
    from tests.engines.ultima_ratio.support import through_combat as solo_combat
    from tests.engines.ultima_ratio.test_reactions import with_spain

    s = at_first_impulse(deploy=TROOP)
    area(s, "area:andalusia", None)
    s = with_spain(s, {"area:alentejo": "power:spain", "area:andalusia": "power:spain"})
    s["impulse"]["actions"] = {"power:portugal": 2, "power:spain": 0}
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:alentejo"),
    )
    assert step(s) == "land_reaction"
    s, _ = solo_combat(s, "done", None, dice=[6, 1])  # Q2 6 (2 points) against Q2 1 -> 2 (0)
    assert s["units"]["power:spain-troop-1"]["loc"].startswith("box:") and "subjugate" in legal(s)
    s, _ = play(s, "subjugate", "area:alentejo")
    assert s["areas"]["area:alentejo"]["control"] == "power:portugal"  # no oppose_subjugation from Andalusia


def test_a_land_result_on_the_board_eliminates_disperses_veteranizes_and_raises_unrest():
    """13.1.7 (eliminated to the box of the turn, dispersed to the area's box), 13.3.8 / 16.1 (the chosen troop
    turns veteran), 13.1.9 (a conscript's unrest), as ``battles.apply_losses`` puts them on the board."""
    from engines.ultima_ratio.combat import battles

    s = power(at_first_impulse(), "power:spain", war=True)
    for n in (1, 2):
        s["units"][f"power:portugal-troop-{n}"]["loc"] = "area:alentejo"
    unit(s, "power:spain-troop-1", "troop", "area:alentejo")
    unit(s, "power:spain-troop-2", "troop", "area:alentejo")
    g = ctx(s)
    unrest = g.s["powers"]["power:portugal"]["unrest"]
    battles.apply_losses(
        g,
        {
            "eliminated": {"attacker": [], "defender": ["power:spain-troop-1"]},
            "dispersed": {"attacker": ["power:portugal-troop-2"], "defender": ["power:spain-troop-2"]},
            "veterans": {"attacker": "power:portugal-troop-1", "defender": None},
            "unrest": {"attacker": 1, "defender": 0},
            "powers": {"attacker": "power:portugal", "defender": "power:spain"},
        },
        "area:alentejo",
    )
    units = g.s["units"]
    assert units["power:spain-troop-1"]["loc"] == "eliminated" and units["power:spain-troop-2"]["loc"].startswith(
        "box:"
    )
    assert units["power:portugal-troop-2"]["loc"] == units["power:spain-troop-2"]["loc"]
    assert units["power:portugal-troop-1"]["veteran"] and g.s["powers"]["power:portugal"]["unrest"] == unrest + 1


def test_the_east_on_the_india_mini_map_is_part_of_the_main_map():
    """13.5.7 "(note: the East areas in the India mini-map are considered to be part of the main map)": an enemy's
    area there is not subjugated as a mini-map area (A3 / A2): its controller may oppose the control (13.5.2)."""
    s = power(at_first_impulse(), "power:spain", war=True)
    area(s, "area:muscat", "power:spain")  # The East, drawn on the India mini-map
    area(s, "area:goa", "power:spain")  # India
    g = ctx(s)
    assert st.on_main_map(GAME.board, "area:muscat") and not st.on_main_map(GAME.board, "area:goa")
    assert land_areas.to_subjugate(g, "power:portugal", "area:muscat") is None
    assert land_areas.to_subjugate(g, "power:portugal", "area:goa") == 2
    assert land_areas.free_control(g, "power:portugal", "area:muscat")  # announced control, which Spain may oppose
    assert GAME.board.areas["area:muscat"].mini_map  # drawn there all the same


def test_a_troop_dispersed_in_a_border_area_goes_to_the_box_its_player_picks():
    """18.5: "Troops dispersed in these areas can be placed in the dispersed boxes of either of the two theaters of
    operations": Sind (India) borders The East; asked at the end of the action (RULINGS AV-10)."""
    s = place(at_first_impulse(deploy=TROOP), "power:portugal-troop-1", "area:sind")
    s["areas"]["area:gujarat"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = moves(s, ("done", None), ("act", ["power:portugal", "tactical_move"]), ("unit", "power:portugal-troop-1"))
    s, _ = play(s, "subjugate", "area:sind", dice=[1, 6])  # beaten by the A2 marker: the troop is dispersed
    assert step(s) == "dispersion_box" and legal(s) == {"box": ["box:dispersed-in", "box:dispersed-te"]}
    s, _log = play(s, "box", "box:dispersed-te")
    assert s["units"]["power:portugal-troop-1"]["loc"] == "box:dispersed-te" and step(s) == "power_actions"
    assert not s["box_choices"]


def test_a_troop_dispersed_by_social_agitation_in_a_border_area_too():
    """18.5 with 23.2: the troop dispersed against the revolts goes to the box its player picks."""
    s = at_first_impulse()
    s["areas"]["area:sind"].update(owner="power:portugal", control="power:portugal", marker=None)
    s["powers"]["power:portugal"]["unrest"] = 17
    s["units"]["power:portugal-troop-4"].update(loc="area:sind")
    s = advance(s, "social_agitation")
    s, _ = play(s, "disperse", "power:portugal-troop-4")
    assert step(s) == "dispersion_box"
    s, _ = play(s, "box", "box:dispersed-te")
    assert s["units"]["power:portugal-troop-4"]["loc"] == "box:dispersed-te" and step(s) == "social_agitation"


def test_a_besieger_dispersed_by_a_sortie_in_a_border_area_picks_its_box_at_once():
    """18.5 with 13.3.1 / 13.3.6: a sortie at the start of the impulse (no power action) beats the besiegers of
    Tafilalt (Western Mediterranean, bordering the Central one); the Spanish troop, with nowhere to retreat, is
    dispersed and its player picks the box at once, before the start of the impulse goes on (RULINGS BX-1)."""
    s = power(start(), "power:spain")
    area(
        s,
        "area:tafilalt",
        "power:portugal",
        fortress={"power": "power:portugal", "built": True, "since": 0},
        siege={"besieger": "power:spain", "casualties": 0},
    )
    unit(s, "power:spain-troop-1", "troop", "area:tafilalt")
    s = place(s, "power:portugal-troop-2", "area:tafilalt")
    s, _ = through_combat(s, "sortie", ["power:portugal", "area:tafilalt"], dice=[6, 1], answers={"battlefield": 3})
    assert s["areas"]["area:tafilalt"]["siege"] is None
    assert step(s) == "dispersion_box" and war_seat(s) == "player2"
    assert war_legal(s) == {"box": ["box:dispersed-wm", "box:dispersed-cm"]}
    s = war_moves(s, ("box", "box:dispersed-cm"))
    assert s["units"]["power:spain-troop-1"]["loc"] == "box:dispersed-cm" and not s["box_choices"]
    assert step(s) == "start_of_impulse"


def test_after_his_naval_response_the_defender_is_not_asked_his_leaders_again_before_the_fight():
    """17.1 with 11.3 (RULINGS L-17.4, BX-3): the attacked player changed his leaders in his naval response; the
    combat that follows starts at once, without a second moment before it for the same fight."""
    s = spanish_fleet_attacked("power:spain-squadron-1")
    s = war_moves(s, ("attach_leader", ["leader:admiral-3", "power:spain-squadron-2"]), ("fight", None))
    assert step(s) == "combat_decision" and war_seat(s) == "player2"
    assert [ld["id"] for ld in battle_record(s)["defender"]["leaders"]] == ["leader:admiral-2", "leader:admiral-3"]
