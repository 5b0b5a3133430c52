"""Content ids namespaced by kind (issue 27 › Declared state; ENGINE.md › Content ids), and the moves of logs
recorded before (engine version 6) brought to them (upgrade.py, ``Game.upgrade_move``)."""

from __future__ import annotations

import json
import pathlib

import pytest

from engines.core.content import accepts, digest_of
from engines.core.types import IllegalAction
from engines.ultima_ratio.upgrade import bare
from tests.engines.ultima_ratio.support import GAME

V6_LOG = json.loads((pathlib.Path(__file__).parent / "new_order_v6.json").read_text())


def kinds() -> dict[str, list[str]]:
    b = GAME.board
    m, w = b.map, b.world
    return {
        "area": [a.id for a in m.areas],
        "sea": [x.id for x in m.seas],
        "center": [x.id for x in m.trade_centers],
        "province": [p.id for t in m.theaters for p in t.provinces],
        "box": [x.id for t in m.theaters for x in t.dispersed_boxes],
        "power": [p.id for p in w.powers],
        "minor": [x.id for x in w.minors],
        "card": [e.id for e in w.events],
        "leader": [x.id for x in (*b.leaders.pool, *b.leaders.historical)],
    }


def test_every_content_id_carries_its_kinds_prefix_and_no_two_items_share_an_id():
    everything = []
    for kind, ids in kinds().items():
        assert ids and all(i.startswith(f"{kind}:") and i.count(":") == 1 for i in ids), kind
        everything += ids
    # with the ids that stay bare: theaters (their glossary keys), maps, scenarios and turns (option values)
    b = GAME.board
    everything += [t.key for t in b.map.theaters] + [x.id for x in b.map.maps]
    everything += [x.id for x in (*b.world.scenarios, *b.world.turns)]
    assert len(everything) == len(set(everything))
    # the 26 slugs that two kinds shared (``venice``: an area and a power) are told apart now
    assert {"area:venice", "power:venice", "area:genoa", "minor:genoa"} <= set(everything)


def test_references_in_the_content_name_namespaced_ids():
    power = GAME.board.world.power("power:spain")
    assert power.capital == "area:castile" and "area:toledo" in power.home_areas
    area = GAME.board.map.area("area:castile")
    assert area.province == "province:castile" and area.home_of == "power:spain" and area.seas == ["sea:east-atlantic"]


def test_a_state_holds_namespaced_ids_and_a_unit_stands_on_its_places_id():
    s = GAME.setup(1, {"scenario": "the-rise-of-portugal"})
    assert set(s["powers"]) == {"power:portugal"} and "area:alentejo" in s["areas"]
    assert s["units"]["minor:emirates-troop-1"]["loc"] == "area:aden"  # the area's id itself, never area:area:aden


def test_the_content_as_version_6_spelt_it_is_accepted():
    assert accepts(GAME.content_digest, V6_LOG["content"])


def test_a_version_6_log_of_new_order_replays_to_the_same_position():
    options = GAME.parse_options(V6_LOG["options"]).model_dump()
    moves = [tuple(m) for m in V6_LOG["moves"]]
    state = GAME.replay(V6_LOG["seed"], options, moves, version=V6_LOG["engine_version"])
    same = bare({k: v for k, v in state.items() if k not in ("content", "version")})
    assert digest_of(same) == V6_LOG["bare_digest"] and state["turn"] == V6_LOG["turn"] == 2
    assert "power:spain" in state["powers"] and "spain" not in state["powers"]
    with pytest.raises(IllegalAction):  # the same moves read as this version's: the bare ids are not offered
        GAME.replay(V6_LOG["seed"], options, moves)


def test_a_version_6_move_is_read_in_its_position():
    s = GAME.setup(1000, {"scenario": "the-rise-of-portugal"})
    for verb, arg in [("build", "build_troop"), ("grade", "3-4")]:
        s = GAME.apply(s, "player1", verb, arg)
    # "portugal" is an area, a province and a power: the "area" verb offers the area
    assert GAME.upgrade_move(s, "player1", "area", "portugal", "6") == "area:portugal"
    assert GAME.upgrade_move(s, "player1", "area", "area:portugal", "6") == "area:portugal"
    assert GAME.upgrade_move(s, "player1", "area", "portugal", "7") == "portugal"  # a version-7 move is as it is


def test_a_position_stored_by_version_6_is_refused_saying_why():
    """An analysis fork's start (a stored position, not moves) of version 6 names the content by bare slugs: the
    replay from it refuses it (``upgrade_start``) rather than misread it; a position of this version is as it is."""
    options = GAME.parse_options(V6_LOG["options"]).model_dump()
    state = GAME.setup(V6_LOG["seed"], options)
    with pytest.raises(IllegalAction, match="before the content ids were namespaced") as refused:
        GAME.replay(V6_LOG["seed"], options, [], bare(state), version="6")
    assert refused.value.text is not None and refused.value.text["msg"] == "upgrade.start_refused"
    assert GAME.replay(V6_LOG["seed"], options, [], state, version=GAME.version) == state
