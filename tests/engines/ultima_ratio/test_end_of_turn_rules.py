"""Ultima Ratio Regis "23. End of turn": maintenance and unrest, degradation, social agitation, dynastic changes,
and the end-of-turn victory points (22.)."""

from __future__ import annotations

import pytest

from engines.ultima_ratio.combat import veterans as V
from engines.ultima_ratio.counters import Leader, RuleError, unit
from engines.ultima_ratio.end_of_turn import end_of_turn_rules as E
from engines.ultima_ratio.end_of_turn import victory as P
from engines.ultima_ratio.leader_items import load_leaders
from engines.ultima_ratio.map import load_map
from engines.ultima_ratio.world import load_world
from engines.ultima_ratio.world_items import Objective


@pytest.fixture(scope="module")
def content():
    return load_leaders()[0]


# ---------------------------------------------------------------------------------------------- 23.1.1
def test_expenses():
    units = [
        unit("t", "power:spain", at="area:milan"),
        unit("d", "power:spain", at="box:dispersed-cm", dispersed=True),
        unit("s", "power:spain", "squadron", "area:naples", operational=False),
        unit("f", "power:spain", "fortress", "area:milan", operational=False),
        unit("m", "minor:papacy", at="area:rome"),
        unit("x", "power:france", at="area:lyon"),
    ]
    leaders = [
        Leader(id="a", power="power:spain", unit="t", extraordinary=False),
        Leader(id="b", power="power:france", unit="x", extraordinary=False),
    ]
    dead = [
        unit("k", "power:spain", at="eliminated"),
        unit("ks", "power:spain", "squadron", "eliminated"),
        unit("kf", "power:spain", "fortress", "eliminated"),
    ]
    # troop 1 + dispersed 1 + squadron in repair 2 + fortress under construction 1 + leader 1 + destroyed 1 + 2
    assert E.expenses(units, leaders, "power:spain", eliminated=dead) == 9
    assert E.expenses(units, leaders, "power:spain", eliminated=dead, rebellions=2) == 11
    assert E.expenses(units, leaders, "power:france") == 2
    assert E.expenses([], [], "power:spain") == 0


def test_unrest_adjustment():
    assert E.adjust_unrest(5, income=8, expenses_=6) == 3
    assert E.adjust_unrest(1, income=8, expenses_=2) == 0  # "cannot be less than 0"
    assert E.adjust_unrest(5, income=6, expenses_=9) == 8


# ---------------------------------------------------------------------------------------------- 23.1.2
def test_degradation_worked_example(content):
    """Line 1839: Spain veteranized 3 troops and had 2 extraordinary leaders. Half of the veterans rounding up
    (2 troops) are turned to their regular side; the two extraordinary leaders are turned to their ordinary face;
    then Spain decides to eliminate one of its leaders."""
    units = [unit(f"v{i}", "power:spain", at="area:milan", veteran=True) for i in range(3)] + [
        unit("y", "power:france", at="area:lyon", veteran=True)
    ]
    leaders = [
        Leader(id="leader:tactical-1", power="power:spain", unit="v0", extraordinary=True),
        Leader(id="leader:organizer-1", power="power:spain", unit="v1", extraordinary=True),
        Leader(id="leader:admiral-1", power="power:france", unit="y", extraordinary=True),
    ]
    step = E.degradation(units, leaders, "power:spain")
    assert step.veterans.count == 2
    units = V.lose_veterans(units, step.veterans, ["v0", "v1"])
    assert sum(u["veteran"] for u in units if u["power"] == "power:spain") == 1
    assert [ld["extraordinary"] for ld in step.leaders] == [False, False, True]  # France flips on its own call
    units, leaders, pool = E.retire(units, step.leaders, [], content, leader_ids=["leader:organizer-1"])
    assert [ld["id"] for ld in leaders] == ["leader:tactical-1", "leader:admiral-1"] and pool == ["leader:organizer-1"]
    assert len(units) == 4


def test_retire_units_takes_their_leaders(content):
    units = [unit("t", "power:spain", at="area:milan"), unit("u", "power:spain", at="area:milan")]
    leaders = [Leader(id="leader:farnesio", power="power:spain", unit="t", extraordinary=False)]
    left, ls, pool = E.retire(units, leaders, ["leader:admiral-2"], content, unit_ids=["t"])
    assert [u["id"] for u in left] == ["u"] and ls == [] and pool == ["leader:admiral-2"]
    with pytest.raises(RuleError):
        E.retire(units, leaders, [], content, unit_ids=["nobody"])


def test_degrade():
    units = [
        unit("s", "power:spain", "squadron", "area:naples", quality=3),
        unit("t", "power:spain", at="area:milan", quality=3, veteran=True),
    ]
    assert E.degrade(units, "s")[0]["quality"] == 2
    assert E.degrade(units, "t")[1] == {**units[1], "quality": 2}
    with pytest.raises(RuleError):
        E.degrade(E.degrade(units, "s"), "s")


# ---------------------------------------------------------------------------------------------- 23.2
def test_social_agitation_and_dispersal():
    assert not E.social_agitation(10, 5) and E.social_agitation(11, 5)
    assert E.revolts_due(13, 5) == 3 and E.revolts_due(10, 5) == 0
    units = [
        unit("a", "power:spain", at="area:milan", quality=3),
        unit("b", "power:spain", at="area:naples"),
        unit("c", "power:spain", at="box:dispersed-cm", dispersed=True),
        unit("x", "power:france", at="area:lyon"),
    ]
    decision = E.agitation_decision(units, "power:spain", 13, 5)
    assert decision.options == ("a", "b") and decision.at_most and decision.extra == {"revolts": 3}
    assert E.revolts_left(units, 13, 5, ["a"]) == 0  # "if a Q3 troop is dispersed ... 3 revolts avoided"
    assert E.revolts_left(units, 13, 5, ["b"]) == 1
    assert E.revolts_left(units, 13, 5, []) == 3
    assert E.agitation_decision(units, "power:spain", 10, 5) is None


def territory(**kw):
    base = {
        "possessions": frozenset("abcde"),
        "revolted": frozenset(),
        "key_or_commercial": frozenset("a"),
        "with_units": frozenset("b"),
        "group_of": {**{x: tuple("abc") for x in "abc"}, "d": ("d", "e"), "e": ("d", "e")},
    }
    return E.Territory(**{**base, **kw})


def test_where_revolts_go():
    assert E.revolt_options(territory()) == ("c", "d", "e")
    assert E.revolt_options(territory(revolted=frozenset("c"))) == ("d", "e")
    assert E.revolt_options(territory(revolted=frozenset("d"))) == ("c",)  # e: the last of its province
    # a is key, b has units, e is the last of its province: the requirements are ignored
    assert E.revolt_options(territory(revolted=frozenset("cd"))) == ("a", "b", "e")
    assert E.revolt_options(territory(revolted=frozenset("abcde"))) == ()
    assert E.revolt_decision(territory(revolted=frozenset("abcde")), "power:spain") is None
    assert E.revolt_decision(territory(), "power:spain").extra == {"level": 2}


def test_collapse_and_dynastic_change():
    assert E.collapses(20, "ab", "") and not E.collapses(19, "ab", "a") and E.collapses(3, "ab", "ab")
    assert E.dynastic_change(5, collapse=False) == E.DynasticChange(5, 5, 2)
    assert E.dynastic_change(5, collapse=True) == E.DynasticChange(10, 5, 2)
    assert E.dynasty_must_change(collapsed=True, unrest=0, vitality=5, last_turn=False)
    assert not E.dynasty_must_change(collapsed=False, unrest=11, vitality=5, last_turn=False)
    assert E.dynasty_must_change(collapsed=False, unrest=11, vitality=5, last_turn=True)  # 23.4
    assert not E.dynasty_must_change(collapsed=False, unrest=10, vitality=5, last_turn=True)


# ---------------------------------------------------------------------------------------------- 22. / 23.1.3
@pytest.fixture(scope="module")
def index():
    return P.board_index(load_map())


def obj(**kw):
    return Objective(source="reconstructed", **kw)


def test_objectives(index):
    south_italy = index.province_areas["province:south-italy"]
    half = frozenset(south_italy[: len(south_italy) // 2 + 1])
    held = P.Holdings(
        possessed=frozenset({"area:granada", "area:milan", *half}),
        controlled=frozenset({"area:granada"}),
        possessed_at_start=frozenset({"area:granada", "area:milan"}),
        merchants={"center:caribbean-sea": 2},
        imperial_voters=3,
    )
    assert P.objective_met(obj(kind="areas", areas=["area:granada"]), held, index)
    assert not P.objective_met(obj(kind="areas", areas=["area:milan"]), held, index)  # possessed, in revolt
    assert not P.objective_met(obj(kind="areas", areas=["area:granada", "area:milan"]), held, index)
    assert P.objective_met(obj(kind="province", province="province:south-italy"), held, index)
    few = P.Holdings(possessed=frozenset(south_italy[: len(south_italy) // 2]), controlled=frozenset())
    assert not P.objective_met(obj(kind="province", province="province:south-italy"), few, index)  # not more than half
    allied = P.Holdings(possessed=few.possessed, controlled=frozenset(), allied=frozenset(south_italy[-1:]))
    assert P.objective_met(obj(kind="province", province="province:south-italy"), allied, index) == (
        2 * (len(few.possessed) + 1) > len(south_italy)
    )
    assert P.objective_met(obj(kind="pass_to_possess", areas=[south_italy[0]]), held, index)
    assert not P.objective_met(obj(kind="pass_to_possess", areas=["area:milan"]), held, index)
    assert P.objective_met(obj(kind="trade_centers", trade_centers=["center:caribbean-sea"]), held, index)
    assert not P.objective_met(obj(kind="trade_centers", trade_centers=["center:north-sea"]), held, index)
    assert P.objective_met(obj(kind="merchants", count=2), held, index)
    assert not P.objective_met(obj(kind="merchants", count=3), held, index)
    assert not P.objective_met(obj(kind="imperial_voters", count=4), held, index)
    assert P.objective_met(obj(kind="areas_in_theater", theater="WM", count=1), held, index)
    assert not P.objective_met(obj(kind="military_victory", against="power:netherlands"), held, index)


def test_turn_end_awards(index):
    world = load_world()
    spain, papacy = world.power("power:spain"), world.minor("minor:papacy")
    held = P.Holdings(
        possessed=frozenset({"area:granada", "area:ravenna"}),
        controlled=frozenset({"area:granada", "area:ravenna"}),
        merchants={"center:caribbean-sea": 2, "center:north-sea": 1},
    )
    awards = P.turn_end_awards(spain, held, index, [papacy])
    kinds = [(a.reason, a.card, a.trade_center) for a in awards]
    assert ("objective", "power:spain", None) in kinds and ("minor_objective", "minor:papacy", None) in kinds
    assert ("monopoly", None, "center:caribbean-sea") in kinds and ("monopoly", None, "sea:north-sea") not in kinds
    spain_met = [o for o in spain.objectives if P.objective_met(o, held, index)]
    assert sum(a.vp for a in awards) == sum(o.vp for o in spain_met) + 1 + 1


def test_most_possessions_in_a_province_ties_give_nothing(index):
    areas = index.province_areas["province:german-states"]
    assert len(areas) >= 3
    assert (
        P.most_possessions(
            "province:german-states",
            {areas[0]: "power:austria", areas[1]: "power:austria", areas[2]: "power:sweden"},
            index,
        )
        == "power:austria"
    )
    assert (
        P.most_possessions("minor:german-states", {areas[0]: "power:austria", areas[1]: "power:sweden"}, index) is None
    )
    assert P.most_possessions("minor:german-states", {}, index) is None


def test_ranking_ties_go_to_the_game_order():
    order = ["p3", "p1", "p2"]  # p3 is player 1 in the game order
    assert P.ranking({"p1": 10, "p2": 12, "p3": 10}, order) == ["p2", "p3", "p1"]
    assert P.ranking({"p1": 10, "p2": 9, "p3": 8}, order) == ["p1", "p2", "p3"]
