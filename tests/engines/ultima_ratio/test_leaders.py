"""Ultima Ratio Regis "17. Leaders": the leaders file and its references, and the rules of leaders.py."""

from __future__ import annotations

import pytest

from engines.core import rng
from engines.core.chance import Chance, scripted
from engines.core.types import ContentError
from engines.ultima_ratio.counters import Leader, RuleError, unit
from engines.ultima_ratio.leader_items import ABILITY_IDS, dangling, load_leaders
from engines.ultima_ratio.leaders import leader_rules as L
from engines.ultima_ratio.world import load_world

RULES = __import__("pathlib").Path(__file__).resolve().parents[4] / "shared" / "rules" / "ultima-ratio-regis.txt"


@pytest.fixture(scope="module")
def content():
    return load_leaders()[0]


def chance():
    return Chance({"rng": rng.seed_state(1)})


def leader(id, power="power:spain", on="t1", extraordinary=False) -> Leader:
    return Leader(id=id, power=power, unit=on, extraordinary=extraordinary)


# ---------------------------------------------------------------------------------------------- the data
def test_every_reference_resolves(content):
    assert dangling(content, load_world()) == []


def test_every_event_that_brings_a_leader_names_one_of_the_file(content):
    world = load_world()
    brought = {
        (e.id, eff.leader) for e in world.events for top in e.effects for eff in top.walk() if eff.op == "leader"
    }
    assert brought == {(h.event, h.id) for h in content.historical}
    assert {"leader:farnesio", "leader:hawkins", "leader:godunov"} <= {h.id for h in content.historical}  # line 1225
    leader_cards = {e.id for e in world.events if e.category == "leader"}
    assert leader_cards == {h.event for h in content.historical}


def test_dangling_catches_a_wrong_ability(content):
    hawkins = content.historical_for_event("card:hawkins")
    bad = content.model_copy(
        update={
            "historical": [
                hawkins.model_copy(update={"ability": "tactical"}),
                *[h for h in content.historical if h.id != "leader:hawkins"],
            ]
        }
    )
    assert any("leader:hawkins" in p and "admiral" in p for p in dangling(bad, load_world()))


def test_abilities_are_the_rulebook_list_in_its_order(content):
    assert content.order() == ABILITY_IDS
    assert all(a.source == "rulebook" for a in content.abilities)
    if RULES.is_file():
        lines = RULES.read_text(encoding="utf-8").splitlines()
        for ability in content.abilities:
            assert f"• {ability.name}: {ability.text}" in lines[ability.line[-1] - 1]


def test_rule_quotes_are_the_rulebook_s(content):
    if not RULES.is_file():
        pytest.skip("the rulebook is not next to the repository")
    lines = RULES.read_text(encoding="utf-8").splitlines()
    assert content.rules
    for rule in content.rules:
        assert rule.quote in lines[rule.line - 1], rule.id


def test_pool_and_historical_are_sourced(content):
    assert all(p.source == "reconstructed" for p in (*content.pool, *content.historical))
    assert {p.ability for p in content.pool} == set(ABILITY_IDS)  # every ability can be drawn


def test_owner_file_is_validated(tmp_path):
    folder = tmp_path / "ultima-ratio-regis"
    folder.mkdir()
    (folder / "leaders.yaml").write_text("abilities: []\npool: [{id: x, name: X, source: rulebook, ability: fast}]\n")
    with pytest.raises(ContentError, match=r"leaders\.yaml"):
        load_leaders(tmp_path)


def test_owner_file_replaces_the_packaged_one_and_the_core_loader_takes_the_model(tmp_path, content):
    folder = tmp_path / "ultima-ratio-regis"
    folder.mkdir()
    (folder / "powers.yaml").write_text("[]\n")  # another file of the game: the game's loader checks it
    mine = content.model_copy(update={"pool": content.pool[:1]})
    (folder / "leaders.yaml").write_text(__import__("yaml").safe_dump(mine.model_dump(mode="json")))
    assert load_leaders(tmp_path)[0].pool_ids() == ["leader:tactical-1"]
    assert load_leaders(tmp_path)[1] != load_leaders()[1]
    from engines.core.content import load_content
    from engines.ultima_ratio.leader_items import DATA_DIR, LEADER_FILES

    assert load_content("ultima-ratio-regis", DATA_DIR, LEADER_FILES).files["leaders.yaml"] == content


# ---------------------------------------------------------------------------------------------- 17.1
UNITS = [
    unit("t1", "power:spain", at="area:milan"),
    unit("t2", "power:spain", at="area:milan"),
    unit("f1", "power:spain", "fortress", "area:milan"),
    unit("t3", "power:spain", at="area:naples"),
    unit("s1", "power:spain", "squadron", "central-med"),
    unit("s2", "power:spain", "squadron", "central-med"),
    unit("x1", "power:france", at="area:milan"),
    unit("d1", "power:spain", at="box:dispersed-cm", dispersed=True),
    unit("d2", "power:spain", at="box:dispersed-cm", dispersed=True),
    unit("b1", "power:spain", at="pavia", besieged=True),
    unit("c1", "power:spain", "fortress", "area:genoa", operational=False),
]


def test_attach_within_the_area_the_fleet_and_the_dispersion_area():
    ls = [leader("a", on="t1"), leader("s", on="s1"), leader("d", on="d1")]
    assert L.attach(ls, UNITS, "a", "f1")[0]["unit"] == "f1"
    assert L.attach(ls, UNITS, "s", "s2")[1]["unit"] == "s2"
    assert L.attach(ls, UNITS, "d", "d2")[2]["unit"] == "d2"
    sieged = [*UNITS, unit("b2", "power:spain", at="pavia"), unit("b3", "power:spain", at="pavia", besieged=True)]
    inside = [leader("c", on="b1")]
    assert L.attach(inside, sieged, "c", "b3")[0]["unit"] == "b3"
    with pytest.raises(RuleError):
        L.attach(inside, sieged, "c", "b2")  # the relief army outside the siege is another force
    for target in ("t3", "x1", "s1", "d1"):  # another area, another power, a fleet, a dispersion box
        with pytest.raises(RuleError):
            L.attach(ls, UNITS, "a", target)


def test_allied_minor_units_count_as_the_power_s_when_the_flow_says_so(content):
    units = [*UNITS, unit("m1", "minor:papacy", at="area:milan")]
    ls = [leader("a", on="t1")]
    with pytest.raises(RuleError):
        L.attach(ls, units, "a", "m1")
    assert L.attach(ls, units, "a", "m1", side=["minor:papacy"])[0]["unit"] == "m1"
    assert "m1" in L.build_targets("power:spain", units, ["minor:papacy"]) and "m1" not in L.build_targets(
        "power:spain", units
    )
    (decision,) = L.reattach_decision(ls, units, "t1", side=["minor:papacy"])
    assert decision.options == ("f1", "m1", "t2")


def test_swap_and_end_of_impulse_move_exclude_besieged_leaders():
    ls = [leader("a", on="t1"), leader("b", on="t3"), leader("c", on="b1")]
    swapped = L.swap(ls, UNITS, "a", "b")
    assert [x["unit"] for x in swapped] == ["t3", "t1", "b1"]
    with pytest.raises(RuleError):
        L.swap(ls, UNITS, "a", "c")
    assert L.move_at_end_of_impulse(ls, UNITS, "a", "s1")[0]["unit"] == "s1"
    for who, where in (("c", "t1"), ("a", "b1"), ("a", "x1")):
        with pytest.raises(RuleError):
            L.move_at_end_of_impulse(ls, UNITS, who, where)


def test_leader_stays_with_the_stack_and_dies_with_its_last_unit(content):
    ls = [leader("leader:tactical-1", on="t1")]
    (decision,) = L.reattach_decision(ls, UNITS, "t1")
    assert decision.options == ("f1", "t2") and decision.count == 1
    assert L.reattach_decision(ls, UNITS, "t3") == []  # nobody on t3
    alone = [leader("leader:tactical-1", on="t3")]
    (last,) = L.reattach_decision(alone, UNITS, "t3")  # the last unit of the stack: he is eliminated
    assert last.options == () and last.count == 0
    last.check([])
    left, pool = L.eliminate(alone, ["leader:admiral-1"], content, ["leader:tactical-1"])
    assert left == [] and pool == ["leader:admiral-1", "leader:tactical-1"]
    left, pool = L.eliminate([leader("leader:farnesio")], [], content, ["leader:farnesio"])
    assert left == [] and pool == []  # historical leaders are set apart


# ---------------------------------------------------------------------------------------------- 17.2 / 17.3
def test_draw_is_random_from_the_pool():
    with scripted([2]):
        assert L.draw(["c", "a", "b"], chance()) == "c"
    with pytest.raises(RuleError):
        L.draw([], chance())
    assert L.draw(["a", "b", "c"], chance()) in {"a", "b", "c"}


def test_extraordinary_side_needs_unrest_not_above_vitality_and_costs_three(content):
    pool = content.pool_ids()
    built = L.build(
        [],
        pool,
        UNITS,
        content,
        power="power:spain",
        leader_id="leader:tactical-1",
        extraordinary=True,
        unrest=6,
        vitality=6,
        target="t1",
    )
    assert built.unrest == 9 and built.leaders == [leader("leader:tactical-1", extraordinary=True)]
    assert "leader:tactical-1" not in built.pool and len(built.pool) == len(pool) - 1
    ordinary = L.build(
        [],
        pool,
        UNITS,
        content,
        power="power:spain",
        leader_id="leader:tactical-1",
        extraordinary=False,
        unrest=7,
        vitality=6,
        target="t1",
    )
    assert ordinary.unrest == 7 and not ordinary.leaders[0]["extraordinary"]
    with pytest.raises(RuleError, match=r"17\.3"):
        L.build(
            [],
            pool,
            UNITS,
            content,
            power="power:spain",
            leader_id="leader:tactical-1",
            extraordinary=True,
            unrest=7,
            vitality=6,
            target="t1",
        )


def test_build_targets_are_own_units_not_besieged():
    assert L.build_targets("power:spain", UNITS) == ["d1", "d2", "f1", "s1", "s2", "t1", "t2", "t3"]


def test_build_by_replacing_a_leader_even_besieged(content):
    ls = [
        leader("leader:admiral-1", on="b1", extraordinary=True),
        leader("leader:farnesio", on="t1", extraordinary=True),
    ]
    pool = ["leader:tactical-2"]
    built = L.build(
        ls,
        pool,
        UNITS,
        content,
        power="power:spain",
        leader_id="leader:tactical-2",
        extraordinary=False,
        unrest=0,
        vitality=6,
        replace="leader:admiral-1",
    )
    assert built.leaders == [ls[1], leader("leader:tactical-2", on="b1")]
    assert built.pool == ["leader:admiral-1"] and built.replaced == "leader:admiral-1"
    replaced_historical = L.build(
        ls,
        pool,
        UNITS,
        content,
        power="power:spain",
        leader_id="leader:tactical-2",
        extraordinary=False,
        unrest=0,
        vitality=6,
        replace="leader:farnesio",
    )
    assert replaced_historical.pool == []
    for bad in (
        {"target": "b1"},
        {"target": "x1"},
        {"target": "c1"},
        {"target": "t1", "replace": "leader:admiral-1"},
        {"replace": "nobody"},
        {},
    ):
        with pytest.raises(RuleError):
            L.build(
                ls,
                pool,
                UNITS,
                content,
                power="power:spain",
                leader_id="leader:tactical-2",
                extraordinary=False,
                unrest=0,
                vitality=6,
                **bad,
            )
    with pytest.raises(RuleError):
        L.build(
            ls,
            pool,
            UNITS,
            content,
            power="power:spain",
            leader_id="leader:organizer-1",
            extraordinary=False,
            unrest=0,
            vitality=6,
            target="t1",
        )


def test_historical_leader_comes_extraordinary_without_unrest(content):
    ls = L.bring_historical([], UNITS, content, event="card:farnesio", target="t1")
    assert ls == [leader("leader:farnesio", extraordinary=True)]
    with pytest.raises(RuleError):
        L.bring_historical(ls, UNITS, content, event="card:farnesio", target="t2")
    with pytest.raises(RuleError):
        L.bring_historical([], UNITS, content, event="card:hawkins", target="s1")  # England's, not Spain's
    with pytest.raises(KeyError):
        L.bring_historical([], UNITS, content, event="card:luther", target="t1")


def test_commander_follows_the_list_order(content):
    force = [
        leader("leader:organizer-1", extraordinary=True),
        leader("leader:creative-1", extraordinary=True),
        leader("leader:tactical-1", extraordinary=False),
    ]
    assert L.commander(force, content)["id"] == "leader:creative-1"
    assert L.force_ability(force, content) == "creative"
    assert L.force_ability([*force, leader("leader:admiral-2", extraordinary=True)], content) == "admiral"
    assert L.commander([leader("leader:tactical-1")], content) is None


@pytest.mark.parametrize(
    "ability,battle,intercepted,effects",
    [
        ("tactical", "land", False, {"die_plus_one"}),
        ("tactical", "siege", False, {"die_plus_one"}),
        ("tactical", "naval", False, set()),
        ("admiral", "naval", False, {"die_plus_one"}),
        ("admiral", "piracy", False, {"die_plus_one"}),
        ("admiral", "land", False, set()),
        ("determined", "subjugation", False, {"die_plus_one"}),
        ("determined", "land", False, set()),
        ("determined", "land", True, {"die_plus_one"}),
        ("creative", "piracy", False, {"category_plus_one"}),
        ("creative", "subjugation", False, {"category_plus_one"}),
        ("organizer", "siege", False, {"battle_size"}),
        ("organizer", "piracy", False, set()),
        ("organizer", "subjugation", False, set()),
        (None, "land", False, set()),
    ],
)
def test_battle_effects(ability, battle, intercepted, effects):
    assert L.battle_effects(ability, battle, intercepted=intercepted) == effects


def test_ability_modifiers():
    assert L.die_plus_one([5, 6, 2], 0) == [6, 6, 2]
    with pytest.raises(RuleError):
        L.die_plus_one([5, 6, 2], 1)
    assert L.category_plus_one([3, 4], 0) == [4, 4]
    with pytest.raises(RuleError):
        L.category_plus_one([3, 4], 1)
    assert L.organize_battle_size(4, 1) == 5 and L.organize_battle_size(3, -1) == 2
    for size, delta in ((5, 1), (2, -1), (3, 2)):
        with pytest.raises(RuleError):
            L.organize_battle_size(size, delta)
    assert L.stacking_bonus("organizer") == 1 and L.stacking_bonus("tactical") == 0
    assert L.intercepts_with_several_troops("determined") and not L.intercepts_with_several_troops("tactical")


def test_extraordinary_leaders_turn_ordinary_at_turn_end():
    ls = [leader("a", extraordinary=True), leader("b", power="power:france", extraordinary=True), leader("c")]
    assert [x["extraordinary"] for x in L.flip_to_ordinary(ls)] == [False, False, False]
    assert ls[0]["extraordinary"]  # inputs are not mutated
