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
    s["units"]["portugal-troop-1"]["loc"] = "area:portugal"
    s["units"]["portugal-troop-2"]["loc"] = "area:tangier"
    s["areas"]["oporto"]["fortress"] = {"power": "portugal", "built": True, "since": 0}
    pool = list(s["leader_pool"])
    leader(s, pool[0], "portugal-troop-1")
    leader(s, pool[1], "fortress:oporto")
    power(s, "spain", war=True)
    area(
        s,
        "tangier",
        "spain",
        fortress={"power": "spain", "built": True, "since": 0},
        siege={"besieger": "portugal", "casualties": 1},
    )
    unit(s, "spain-troop-1", "troop", "area:tangier")
    g = ctx(s)
    turn_end.dynastic_change(g, "portugal", collapse=False)
    assert g.s["leaders"] == {} and set(pool[:2]) <= set(g.s["leader_pool"])
    assert g.s["areas"]["oporto"]["fortress"] is None
    assert g.s["areas"]["tangier"]["siege"] is None and g.s["areas"]["tangier"]["fortress"]["power"] == "spain"
    assert all(info["loc"] == "available" for info in g.s["units"].values() if info["power"] == "portugal")


def test_rebellions_in_all_its_territory_collapse_the_power_without_new_revolts():
    """23.2 "or that have rebellions in all its territory": revolts placed before this phase count too."""
    s = at_first_impulse()
    for name in st.possessions(s, "portugal"):
        s["areas"][name].update(marker="R2", control=None)
    s = advance(s, "social_agitation")
    assert s["powers"]["portugal"]["unrest"] < 20 and s["stack"][-1]["revolts"] <= 0
    assert legal(s) == {"dynastic_change": ["collapse"]}
    vp = s["seats"]["player1"]["vp"]
    s, _ = play(s, "dynastic_change", "collapse")
    assert s["seats"]["player1"]["vp"] == vp - 8  # twice the vitality


def test_the_area_of_a_siege_belongs_to_the_besieger_for_strategic_movement():
    """13.4.7: a besieger's troop may move strategically to (and out of) the area it besieges; the besieged
    power's inland besieged fortress is no part of a strategic movement (10.2)."""
    s = at_first_impulse(deploy=TROOP)
    power(s, "spain", war=True)
    area(
        s,
        "goa",
        "spain",
        fortress={"power": "spain", "built": True, "since": 0},
        siege={"besieger": "portugal", "casualties": 0},
    )
    unit(s, "spain-troop-1", "troop", "area:goa")
    s = place(s, "portugal-troop-2", "area:goa")
    s = moves(s, ("done", None), ("act", ["portugal", "strategic_move"]))
    assert "portugal-troop-2" in legal(s)["unit"]  # the besieger is not besieged
    s = moves(
        s, ("unit", "portugal-troop-1"), ("sea", "east-atlantic"), ("sea", "south-atlantic"), ("sea", "indian-ocean")
    )
    assert "goa" in legal(s)["area"]
    s = moves(s, ("area", "goa"), ("stop", None))
    assert s["units"]["portugal-troop-1"]["loc"] == "area:goa" and s["areas"]["goa"]["siege"]["besieger"] == "portugal"


def _attack_with_a_leader(interrupted: bool = False):
    s = at_first_impulse()
    s["areas"]["goa"].update(owner="portugal", control="portugal", marker=None)
    s = place(s, "portugal-squadron-4", "sea:indian-ocean")
    leader(s, s["leader_pool"][0], "portugal-squadron-4")
    s["leaders"][next(iter(s["leaders"]))]["extraordinary"] = False
    for name in naval.commercial_ports_on(s, GAME.board, "indian-ocean") if interrupted else ():
        s["areas"][name]["interrupted"] = True
    s = moves(
        s, ("done", None), ("act", ["portugal", "naval_move"]), ("unit", "portugal-squadron-4"), ("sea", "indian-ocean")
    )
    s, _ = play(s, "attack", "emirates-squadron-1")
    return s


def test_a_naval_conscript_with_a_leader_and_a_commercial_port_in_the_sea():
    """13.1.9: in naval combats a conscript needs a leader and a commercial port not razed in the sea (19.2.4);
    on a mini-map (the Indian Ocean) it costs no unrest."""
    s = _attack_with_a_leader()
    assert step(s) == "combat_decision" and legal(s) == {"conscript": [True, False]}
    unrest = s["powers"]["portugal"]["unrest"]
    s, _log = play(s, "conscript", True, dice=[6, 1, 3])  # the squadron, the conscript, the Emirates
    assert s["powers"]["portugal"]["unrest"] == unrest
    assert step(_attack_with_a_leader(interrupted=True)) != "combat_decision"


def test_a_naval_conscript_on_the_main_map_raises_unrest():
    """13.1.9: "If this conscription is done on the main map, the unrest of the major power increases by 1"."""
    s = power(at_first_impulse(deploy=SQUADRON), "spain", war=True)
    unit(s, "spain-squadron-1", "squadron", "sea:east-atlantic")
    s = place(s, "portugal-squadron-4", "sea:east-atlantic")
    leader(s, s["leader_pool"][0], "portugal-squadron-4")
    s["leaders"][next(iter(s["leaders"]))]["extraordinary"] = False
    s = war_moves(
        s,
        ("done", None),
        ("act", ["portugal", "naval_move"]),
        ("unit", "portugal-squadron-4"),
        ("sea", "east-atlantic"),
        ("attack", "spain-squadron-1"),
    )
    unrest = s["powers"]["portugal"]["unrest"]
    s, _log = through_combat(s, "fight", None, dice=[6, 1, 3], answers={"conscript": True})
    assert s["powers"]["portugal"]["unrest"] == unrest + 1


def test_defenders_may_join_their_fortress_instead_of_a_land_battle():
    """13.4.1: "Troops defending the area can announce that they join the fortress (respecting the stacking
    limits)": the entering force besieges them, no land battle is fought."""
    from tests.engines.ultima_ratio.test_reactions import start as reaction_start

    s = reaction_start({"mali": "spain"})
    s["areas"]["mali"]["fortress"] = {"power": "spain", "built": True, "since": 0}
    s, _ = play(s, "area", "mali")
    assert step(s) == "land_reaction" and "join_fortress" in legal(s)
    s, _log = play(s, "join_fortress", None)  # no dice: no land battle
    assert s["areas"]["mali"]["siege"] == {"besieger": "portugal", "casualties": 0}
    assert s["units"]["portugal-troop-1"]["loc"] == s["units"]["spain-troop-1"]["loc"] == "area:mali"
    two = reaction_start({"mali": "spain"})
    two["areas"]["mali"]["fortress"] = {"power": "spain", "built": True, "since": 0}
    unit(two, "spain-troop-9", "troop", "area:mali")
    two, _ = play(two, "area", "mali")
    assert "join_fortress" not in legal(two)  # a domain stacks 2, the fortress counts


def test_border_areas_taken_in_a_war_outside_the_interest_are_returned_when_it_ends():
    """18.5: "During a war, these areas can be controlled normally even if the major power has no interest in that
    theater ... At the end of the war, however, these areas must be returned"; areas of its interest stay."""
    s = power(at_first_impulse(), "spain", war=True)
    area(s, "damascus", "spain")  # Eastern Mediterranean, bordering The East (TE)
    area(s, "mali", "spain")  # Africa: Portugal's interest
    g = ctx(s)
    land_areas.take_control(g, "portugal", "damascus")
    land_areas.take_control(g, "portugal", "mali")
    assert g.s["areas"]["damascus"]["control"] == g.s["areas"]["mali"]["control"] == "portugal"
    war.end_war(g, ["portugal", "spain"])
    assert g.s["areas"]["damascus"]["control"] == "spain" and g.s["areas"]["mali"]["control"] == "portugal"
    assert any(e["msg"] == "log.border_returned" for e in g.entries)


def test_a_strategic_port_joins_its_two_seas_for_interceptions():
    """18.6.3: "Portsmouth: North Sea and Eastern Atlantic" — a squadron based there intercepts in either sea, for
    strategic movements (11.4.1) and piracy (11.4.3); without the port it does not."""
    s = power(at_first_impulse(deploy=TROOP + SQUADRON), "england", war=True)
    area(s, "portsmouth", "england")
    unit(s, "england-squadron-1", "squadron", "sea:north-sea")
    s = war_moves(
        s,
        ("done", None),
        ("act", ["portugal", "strategic_move"]),
        ("unit", "portugal-troop-1"),
        ("sea", "east-atlantic"),
    )
    assert step(s) == "sea_interception" and war_legal(s)["intercept"] == ["england-squadron-1"]
    assert naval.piracy_interceptors(ctx(s), "england", "east-atlantic") == ["england-squadron-1"]
    del s["areas"]["portsmouth"]  # no strategic port of England: no interception
    assert naval.piracy_interceptors(ctx(s), "england", "east-atlantic") == []


def test_the_winner_of_a_field_battle_takes_control_without_opposition():
    """13.3.7: "The winner of a field battle takes control of the area automatically (if desired)": the
    controller's troops within two areas cannot oppose it (13.5.2 is for areas entered without a battle)."""
    from tests.engines.ultima_ratio.support import through_combat as solo_combat
    from tests.engines.ultima_ratio.test_reactions import with_spain

    s = at_first_impulse(deploy=TROOP)
    area(s, "andalusia", None)
    s = with_spain(s, {"alentejo": "spain", "andalusia": "spain"})
    s["impulse"]["actions"] = {"portugal": 2, "spain": 0}
    s = moves(
        s, ("done", None), ("act", ["portugal", "tactical_move"]), ("unit", "portugal-troop-1"), ("area", "alentejo")
    )
    assert step(s) == "land_reaction"
    s, _ = solo_combat(s, "done", None, dice=[6, 1])  # Q2 6 (2 points) against Q2 1 -> 2 (0)
    assert s["units"]["spain-troop-1"]["loc"].startswith("box:") and "subjugate" in legal(s)
    s, _ = play(s, "subjugate", "alentejo")
    assert s["areas"]["alentejo"]["control"] == "portugal"  # no oppose_subjugation from Andalusia


def test_a_land_result_on_the_board_eliminates_disperses_veteranizes_and_raises_unrest():
    """13.1.7 (eliminated to the box of the turn, dispersed to the area's box), 13.3.8 / 16.1 (the chosen troop
    turns veteran), 13.1.9 (a conscript's unrest), as ``battles.apply_losses`` puts them on the board."""
    from engines.ultima_ratio.combat import battles

    s = power(at_first_impulse(), "spain", war=True)
    for n in (1, 2):
        s["units"][f"portugal-troop-{n}"]["loc"] = "area:alentejo"
    unit(s, "spain-troop-1", "troop", "area:alentejo")
    unit(s, "spain-troop-2", "troop", "area:alentejo")
    g = ctx(s)
    unrest = g.s["powers"]["portugal"]["unrest"]
    battles.apply_losses(
        g,
        {
            "eliminated": {"attacker": [], "defender": ["spain-troop-1"]},
            "dispersed": {"attacker": ["portugal-troop-2"], "defender": ["spain-troop-2"]},
            "veterans": {"attacker": "portugal-troop-1", "defender": None},
            "unrest": {"attacker": 1, "defender": 0},
            "powers": {"attacker": "portugal", "defender": "spain"},
        },
        "alentejo",
    )
    units = g.s["units"]
    assert units["spain-troop-1"]["loc"] == "eliminated" and units["spain-troop-2"]["loc"].startswith("box:")
    assert units["portugal-troop-2"]["loc"] == units["spain-troop-2"]["loc"]
    assert units["portugal-troop-1"]["veteran"] and g.s["powers"]["portugal"]["unrest"] == unrest + 1


def test_the_east_on_the_india_mini_map_is_part_of_the_main_map():
    """13.5.7 "(note: the East areas in the India mini-map are considered to be part of the main map)": an enemy's
    area there is not subjugated as a mini-map area (A3 / A2): its controller may oppose the control (13.5.2)."""
    s = power(at_first_impulse(), "spain", war=True)
    area(s, "muscat", "spain")  # The East, drawn on the India mini-map
    area(s, "goa", "spain")  # India
    g = ctx(s)
    assert st.on_main_map(GAME.board, "muscat") and not st.on_main_map(GAME.board, "goa")
    assert land_areas.to_subjugate(g, "portugal", "muscat") is None
    assert land_areas.to_subjugate(g, "portugal", "goa") == 2
    assert land_areas.free_control(g, "portugal", "muscat")  # announced control, which Spain may oppose
    assert GAME.board.areas["muscat"].mini_map  # drawn there all the same


def test_a_troop_dispersed_in_a_border_area_goes_to_the_box_its_player_picks():
    """18.5: "Troops dispersed in these areas can be placed in the dispersed boxes of either of the two theaters of
    operations": Sind (India) borders The East; asked at the end of the action (RULINGS AV-10)."""
    s = place(at_first_impulse(deploy=TROOP), "portugal-troop-1", "area:sind")
    s["areas"]["gujarat"].update(owner="portugal", control="portugal", marker=None)
    s = moves(s, ("done", None), ("act", ["portugal", "tactical_move"]), ("unit", "portugal-troop-1"))
    s, _ = play(s, "subjugate", "sind", dice=[1, 6])  # beaten by the A2 marker: the troop is dispersed
    assert step(s) == "dispersion_box" and legal(s) == {"box": ["dispersed-in", "dispersed-te"]}
    s, _log = play(s, "box", "dispersed-te")
    assert s["units"]["portugal-troop-1"]["loc"] == "box:dispersed-te" and step(s) == "power_actions"
    assert not s["box_choices"]


def test_a_troop_dispersed_by_social_agitation_in_a_border_area_too():
    """18.5 with 23.2: the troop dispersed against the revolts goes to the box its player picks."""
    s = at_first_impulse()
    s["areas"]["sind"].update(owner="portugal", control="portugal", marker=None)
    s["powers"]["portugal"]["unrest"] = 17
    s["units"]["portugal-troop-4"].update(loc="area:sind")
    s = advance(s, "social_agitation")
    s, _ = play(s, "disperse", "portugal-troop-4")
    assert step(s) == "dispersion_box"
    s, _ = play(s, "box", "dispersed-te")
    assert s["units"]["portugal-troop-4"]["loc"] == "box:dispersed-te" and step(s) == "social_agitation"


def test_a_besieger_dispersed_by_a_sortie_in_a_border_area_picks_its_box_at_once():
    """18.5 with 13.3.1 / 13.3.6: a sortie at the start of the impulse (no power action) beats the besiegers of
    Tafilalt (Western Mediterranean, bordering the Central one); the Spanish troop, with nowhere to retreat, is
    dispersed and its player picks the box at once, before the start of the impulse goes on (RULINGS BX-1)."""
    s = power(start(), "spain")
    area(
        s,
        "tafilalt",
        "portugal",
        fortress={"power": "portugal", "built": True, "since": 0},
        siege={"besieger": "spain", "casualties": 0},
    )
    unit(s, "spain-troop-1", "troop", "area:tafilalt")
    s = place(s, "portugal-troop-2", "area:tafilalt")
    s, _ = through_combat(s, "sortie", ["portugal", "tafilalt"], dice=[6, 1], answers={"battlefield": 3})
    assert s["areas"]["tafilalt"]["siege"] is None
    assert step(s) == "dispersion_box" and war_seat(s) == "player2"
    assert war_legal(s) == {"box": ["dispersed-wm", "dispersed-cm"]}
    s = war_moves(s, ("box", "dispersed-cm"))
    assert s["units"]["spain-troop-1"]["loc"] == "box:dispersed-cm" and not s["box_choices"]
    assert step(s) == "start_of_impulse"


def test_after_his_naval_response_the_defender_is_not_asked_his_leaders_again_before_the_fight():
    """17.1 with 11.3 (RULINGS L-17.4, BX-3): the attacked player changed his leaders in his naval response; the
    combat that follows starts at once, without a second moment before it for the same fight."""
    s = spanish_fleet_attacked("spain-squadron-1")
    s = war_moves(s, ("attach_leader", ["admiral-3", "spain-squadron-2"]), ("fight", None))
    assert step(s) == "combat_decision" and war_seat(s) == "player2"
    assert [ld["id"] for ld in battle_record(s)["defender"]["leaders"]] == ["admiral-2", "admiral-3"]
