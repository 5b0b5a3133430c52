"""Ultima Ratio Regis "14. Repatriations"."""

from __future__ import annotations

import pytest

from engines.ultima_ratio.counters import Leader, RuleError, unit
from engines.ultima_ratio.logistics import repatriation as R


def test_the_three_options_and_dispersal_always():
    troop = unit("t", "power:spain", at="area:milan")
    assert R.troop_decision(troop, ["strategic", "tactical"]).options == ("tactical", "strategic", "disperse")
    assert R.troop_decision(troop, []).options == ("disperse",)
    with pytest.raises(ValueError):
        R.troop_decision(troop, ["fly"])


def test_areas_of_the_owner_count_as_an_ally_s():
    possession = {
        "area:milan": "milan-minor",
        "pavia": "milan-minor",
        "minor:genoa": "minor:genoa",
        "area:lyon": "power:france",
        "turin": "minor:savoy",
    }
    open_ = R.crossable(
        "area:milan", possession, controlled=["area:genoa"], own_troop_areas=["turin"], enemy_troop_areas=[]
    )
    assert open_ == {"area:milan", "pavia", "area:genoa", "turin"}
    assert "pavia" not in R.crossable(
        "area:milan", possession, controlled=["area:genoa"], own_troop_areas=[], enemy_troop_areas=["pavia"]
    )
    assert R.crossable("area:lyon", possession, controlled=[], own_troop_areas=[], enemy_troop_areas=[]) == {
        "area:lyon"
    }


def test_a_troop_lost_at_sea_is_dispersed():
    units = [unit("t", "power:spain", at="western-med")]
    assert R.lost_at_sea(units, "t", "box:dispersed-wm")[0] == {**units[0], "at": "box:dispersed-wm", "dispersed": True}
    with pytest.raises(RuleError):
        R.lost_at_sea(units, "x", "box:dispersed-wm")


def test_fortresses_are_eliminated_and_their_leaders_reassigned():
    units = [
        unit("f", "power:spain", "fortress", "area:milan"),
        unit("t", "power:spain", at="area:naples"),
        unit("b", "power:spain", at="pavia", besieged=True),
        unit("m", "minor:papacy", at="area:rome"),
    ]
    leaders = [Leader(id="leader:tactical-1", power="power:spain", unit="f", extraordinary=False)]
    rest, (decision,) = R.remove_fortress(units, leaders, "f")
    assert [u["id"] for u in rest] == ["t", "b", "m"]
    assert decision.options == ("t",) and decision.at == "leader:tactical-1"
    assert R.assign(leaders, decision, "t")[0]["unit"] == "t"
    with pytest.raises(RuleError):
        R.assign(leaders, decision, "b")
    _, (with_minor,) = R.remove_fortress(units, leaders, "f", side=["minor:papacy"])
    assert with_minor.options == ("m", "t")
    _, (nowhere,) = R.remove_fortress(units[:1], leaders, "f")
    assert nowhere.options == () and nowhere.count == 0
    with pytest.raises(RuleError):
        R.remove_fortress(units, leaders, "t")
