"""Playbook 9.1 The Rise of Portugal: set-up, impulses and actions, VP, the verdict, the Emirates automaton."""

from __future__ import annotations

import pytest

from engines.ultima_ratio.game import GAME
from engines.ultima_ratio.scenarios import rise_of_portugal
from tests.engines.ultima_ratio.support import advance, at_first_impulse, ctx, fresh, legal, play, step


def test_setup_follows_the_scenario():
    s = fresh()
    areas = s["areas"]
    # l. 1916: Portugal's home areas in WM; l. 1921-1922: A3 Cape Colony, A2 the Portuguese mini-map areas
    for area in ("area:portugal", "area:oporto", "area:alentejo", "area:algarve"):
        assert areas[area]["owner"] == "power:portugal" and areas[area]["control"] == "power:portugal"
    assert areas["area:cape-colony"]["marker"] == "A3"
    for area in ("area:goa", "area:malacca", "area:brazil", "area:ormuz", "area:moluccas", "area:elmina"):
        assert areas[area]["marker"] == "A2" and areas[area]["owner"] is None
    # l. 1923: only the Portuguese areas (and Aden) on the main map
    main = [a for a in areas if GAME.board.areas[a].map == "main" or GAME.board.areas[a].theater == "TE"]
    assert sorted(main) == [
        "area:aden",
        "area:alentejo",
        "area:algarve",
        "area:mazagan",
        "area:muscat",
        "area:oporto",
        "area:ormuz",
        "area:portugal",
        "area:tangier",
    ]
    assert "area:castile" not in areas and "area:java" not in areas
    # l. 1924 capacities, the rest 0
    assert s["capacity"]["center:africa"] == 1 and s["capacity"]["center:sea-of-china"] == 2
    assert s["capacity"]["center:indian-ocean"] == 1 and s["capacity"]["center:persian-gulf-red-sea"] == 1
    assert s["capacity"]["center:east-atlantic"] == 0
    # l. 1916 interest; l. 1930 the Emirates
    assert s["powers"]["power:portugal"]["interest"] == ["Af", "In", "TE"]
    assert s["units"]["minor:emirates-troop-1"]["loc"] == "area:aden"
    assert s["units"]["minor:emirates-squadron-1"]["loc"] == "sea:indian-ocean"
    assert areas["area:aden"]["owner"] == "minor:emirates" and areas["area:aden"]["fortress"]["built"]
    # 24.: unrest at vitality, 6 points to deploy
    assert s["powers"]["power:portugal"]["unrest"] == GAME.board.power("power:portugal").vitality
    assert s["stack"][-1] == {"step": "deploy"} and s["powers"]["power:portugal"]["to_deploy"]["points"] == 6


def test_two_actions_per_impulse_then_three_from_turn_two():
    s = at_first_impulse()
    assert s["impulse"]["actions"] == {"power:portugal": 2}
    s = advance(s, "disband_units")
    s = advance(s, "start_of_impulse")
    assert s["turn"] == 2 and s["impulse"]["actions"] == {"power:portugal": 3}
    assert s["powers"]["power:portugal"]["interest"] == ["Af", "In", "TE", "Sa", "As"]  # l. 1940


def test_three_impulses_per_turn():
    log: list = []
    s = advance(at_first_impulse(), "disband_units", log=log)
    assert s["turn"] == 1
    assert [e["args"]["number"] for e in log if e["msg"] == "log.impulse"] == [2, 3]  # the first began before
    assert sum(1 for e in log if e["msg"].startswith("log.emirates")) == 3  # after each impulse


def test_vp_once_per_portuguese_area():
    g = ctx(fresh())
    g.s["areas"]["area:guinea"].update(owner="power:portugal", control="power:portugal", marker=None)
    rise_of_portugal.on_control(g, "power:portugal", "area:guinea", None)
    rise_of_portugal.on_control(g, "power:portugal", "area:guinea", None)
    assert g.s["seats"]["player1"]["vp"] == 1 and g.s["scored_areas"][-1] == "area:guinea"
    # areas owned from the start do not "become owned"; other areas give nothing
    rise_of_portugal.on_control(g, "power:portugal", "power:portugal", None)
    g.s["areas"]["area:senegal"].update(owner="power:portugal", control="power:portugal", marker=None)
    rise_of_portugal.on_control(g, "power:portugal", "area:senegal", None)
    assert g.s["seats"]["player1"]["vp"] == 1


@pytest.mark.parametrize(
    "vp, result", [(14, "defeat"), (15, "draw"), (19, "draw"), (20, "victory"), (25, "victory"), (26, "epic")]
)
def test_verdict(vp, result):
    g = ctx(fresh())
    g.s["seats"]["player1"]["vp"] = vp
    rise_of_portugal.verdict(g)
    assert g.s["outcome"]["text"] == {"msg": f"outcome.{result}", "args": {"vp": vp}}


def test_turn_five_adds_twelve_minus_unrest():
    g = ctx(fresh())
    g.s["turn"] = 5
    g.s["powers"]["power:portugal"]["unrest"] = 3
    g.s["seats"]["player1"]["vp"] = 7
    rise_of_portugal.end_of_turn_vp(g)
    assert g.s["seats"]["player1"]["vp"] == 16
    g.s["turn"] = 4
    rise_of_portugal.end_of_turn_vp(g)
    assert g.s["seats"]["player1"]["vp"] == 16


def test_emirates_without_portuguese_merchant_do_nothing_at_sea():
    s = advance(at_first_impulse(), "end_of_impulse")
    s, log = play(s, "done")
    assert s["units"]["minor:emirates-squadron-1"]["loc"] == "sea:indian-ocean"
    assert any(e["msg"] == "log.emirates_no_target" for e in log)


def test_emirates_piracy_against_a_portuguese_merchant():
    s = advance(at_first_impulse(), "end_of_impulse")
    s["merchants"]["center:indian-ocean"] = {"power:portugal": 1}
    unrest = s["powers"]["power:portugal"]["unrest"]
    s, _ = play(s, "done")
    assert step(s) == "piracy" and legal(s) == {"no_interception": [None]}
    s, _log = play(s, "no_interception", None, dice=[5])  # E2 die: 5 -> 2 battle points: the pirate wins
    assert s["powers"]["power:portugal"]["unrest"] == unrest + 1
    assert legal(s) == {"eliminate_merchant": ["center:indian-ocean"], "keep": [None]}
    s, _ = play(s, "eliminate_merchant", "center:indian-ocean")
    assert s["merchants"]["center:indian-ocean"] == {}


def test_emirates_piracy_fails_without_a_battle_point():
    s = advance(at_first_impulse(), "end_of_impulse")
    s["merchants"]["center:indian-ocean"] = {"power:portugal": 1}
    unrest = s["powers"]["power:portugal"]["unrest"]
    s, _ = play(s, "done")
    s, _ = play(s, "no_interception", None, dice=[1])  # Q2: 1 -> 2: no battle point
    assert s["powers"]["power:portugal"]["unrest"] == unrest and step(s) == "start_of_impulse"


def test_emirates_fleet_in_port_goes_to_sea_and_destroyed_returns_damaged():
    s = advance(at_first_impulse(), "end_of_impulse")
    s["units"]["minor:emirates-squadron-1"].update(loc="area:aden", repair=True)
    s, _log = play(s, "done")
    assert s["units"]["minor:emirates-squadron-1"]["loc"] == "sea:indian-ocean"
    assert not s["units"]["minor:emirates-squadron-1"]["repair"]
    g = ctx(s)
    g.s["units"]["minor:emirates-squadron-1"]["loc"] = "eliminated"
    g.s["turn"] = 2
    rise_of_portugal.turn_rules(g)
    assert (
        g.s["units"]["minor:emirates-squadron-1"]["loc"] == "area:aden"
        and g.s["units"]["minor:emirates-squadron-1"]["repair"]
    )


def test_aden_taken_the_emirates_disappear():
    g = ctx(fresh())
    g.s["areas"]["area:aden"].update(owner="power:portugal", control="power:portugal")
    rise_of_portugal.on_control(g, "power:portugal", "area:aden", "minor:emirates")
    assert "minor:emirates" not in g.s["minors"]
    assert g.s["units"]["minor:emirates-troop-1"]["loc"] == "available"


def test_portugal_attacks_the_emirates_without_cb():
    from engines.ultima_ratio import state as st

    assert st.hostile(fresh(), "power:portugal", "minor:emirates")
    assert not st.hostile(fresh(), "power:portugal", None)
