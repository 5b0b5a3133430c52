"""The copy of the state a move changes (``state_copy``, issue 27's speed): a deep copy equal to the JSON round trip,
key for key in the same order, sharing no list or dict with the state it copies — so that a move never changes the
position it was played from."""

from __future__ import annotations

import random

import orjson
import pytest

from engines.ultima_ratio import state_copy

from .test_reading import SIM, positions


def containers(value: object, found: dict[int, object] | None = None) -> dict[int, object]:
    """Every list and dict inside ``value`` (itself included), by ``id``."""
    found = {} if found is None else found
    if isinstance(value, dict):
        found[id(value)] = value
        for v in value.values():
            containers(v, found)
    elif isinstance(value, list):
        found[id(value)] = value
        for v in value:
            containers(v, found)
    return found


@pytest.mark.parametrize(("seed", "players", "bot"), [(1, 6, "heuristic"), (6, 4, "random")])
def test_the_copy_is_the_round_trip_and_shares_no_list_or_dict(seed, players, bot):
    """Along a 9.2 game (fortresses built and besieged, so areas with a ``fortress`` and a ``siege`` dict), the copy
    of every tenth position has the round trip's bytes, keys in the same order, and not one of its lists or dicts is
    the state's."""
    checked = with_inner = 0
    for n, (s, _role) in enumerate(positions(seed, players, 1600, bot)):
        if n % 10:
            continue
        copy = state_copy.copy_for_move(s)
        assert orjson.dumps(copy) == orjson.dumps(s)
        assert not containers(copy).keys() & containers(s).keys()
        with_inner += any(a["fortress"] or a["siege"] for a in s["areas"].values())
        checked += 1
    assert checked == 160 and with_inner > 100


def test_a_change_to_the_copy_leaves_the_state_as_it_was():
    """A counter moved, a fortress taken and a siege's casualties counted in the copy: the state copied keeps its
    bytes."""
    s = next(s for n, (s, _role) in enumerate(positions(1, 6, 1200)) if n > 1000)
    saved = orjson.dumps(s)
    copy = state_copy.copy_for_move(s)
    uid = next(iter(copy["units"]))
    copy["units"][uid]["loc"] = "eliminated"
    area = next(a for a, info in copy["areas"].items() if info["fortress"])
    copy["areas"][area]["fortress"]["power"] = "power:nobody"
    copy["areas"][area]["siege"] = {"besieger": "power:nobody", "casualties": 1}
    copy["stack"][-1]["changed"] = True
    assert orjson.dumps(s) == saved


@pytest.mark.parametrize(("seed", "players", "bot"), [(2, 5, "heuristic"), (5, 6, "random")])
def test_a_move_leaves_the_position_it_was_played_from_as_it_was(seed, players, bot):
    """Every move of 9.2 games: the state it was played from has, after the move, the bytes it had before (a move
    that changed something the copy shared with it would change it)."""
    rnd, pick = random.Random(seed), SIM.bots[bot]
    s = SIM.begin(seed, {"scenario": "new-order", "players": players}).state
    for _ in range(1500):
        role = SIM.active_roles(s)[0]
        verb, arg = pick(SIM, SIM.view(s, role), role, rnd)
        saved = orjson.dumps(s)
        new = SIM.apply(s, role, verb, arg)
        assert orjson.dumps(s) == saved, (s["stack"][-1]["step"], verb)
        s = new
