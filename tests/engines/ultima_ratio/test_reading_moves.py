"""A move and the menu's questions read through the kept reading (issue 27's speed, branch urr-speed3): a move's check
reads the prompt the view worked out, the move's copy is made from the bytes the reading took of the state, and the
regroup question asks only the areas the power controls. These tests prove each answers as before, along whole 9.2
games."""

from __future__ import annotations

import random

import orjson
import pytest

from engines.core import machine
from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.actions import construction, regroup
from engines.ultima_ratio.bots.heuristic import heuristic_bot

from .test_reading import SIM, positions


def test_a_move_is_checked_by_the_prompt_the_view_asked_and_copied_from_its_bytes(monkeypatch):
    """After the view of a position, its move is checked against the view's prompt (the step is not asked again)
    and changes a copy made from the bytes the kept reading took (no new serialization of the state): the new
    state is the one the same move makes of a fresh copy without any reading."""
    plain_copy, steps_asked = machine.copy_state, []

    def step_asked(*args: object) -> bool:
        steps_asked.append(args)
        return False

    def no_state_copy(value):
        assert "units" not in value, "the state was serialized again for the move"
        return plain_copy(value)

    played = 0
    for n, (s, role) in enumerate(positions(3, 6, 240)):
        if n % 3:
            continue
        fresh = orjson.loads(orjson.dumps(s))
        view = SIM.view(s, role)
        verb, arg = heuristic_bot(SIM, view, role, random.Random(n))
        step = SIM.steps[s["stack"][-1]["step"]]
        with monkeypatch.context() as m:
            m.setattr(machine, "copy_state", no_state_copy)
            m.setattr(type(step), "allows", step_asked)
            new = SIM.apply(s, role, verb, arg)
        assert new == SIM.apply(fresh, role, verb, arg)
        played += 1
    assert played == 80 and not steps_asked


@pytest.mark.parametrize(("seed", "players", "bot"), [(1, 6, "heuristic"), (4, 3, "random")])
def test_regroup_places_are_the_areas_of_the_box_a_troop_fits_in(seed, players, bot):
    """9.5: for every troop in a dispersed box, the places offered (within a reading and outside) are every area
    of the box's theater the troop fits in, asked of each area of the map in its order; the first is the first of
    them, and a power may regroup exactly when some troop has a place."""
    asked = 0
    for n, (s, _role) in enumerate(positions(seed, players, 1500, bot)):
        if n % 10:
            continue
        g, b = Ctx(SIM, s), SIM.board
        for power in sorted({info["power"] for info in s["units"].values()} & (set(s["powers"]) | set(s["minors"]))):
            boxed = st.units_of(s, power, "troop", "box")
            every = {
                u: [
                    a
                    for a in s["areas"]
                    if st.box_for(b, a) == s["units"][u]["loc"] and construction.troop_fits(s, b, power, a)
                ]
                for u in boxed
            }
            may = [u for u in boxed if st.started_impulse_as(s, u) and every[u]]
            assert {u: regroup.regroup_places(g, power, u) for u in boxed} == every
            with st.reading(s):
                assert {u: regroup.regroup_places(g, power, u) for u in boxed} == every
                assert {u: regroup.regroup_places(g, power, u, first=True) for u in boxed} == {
                    u: places[:1] for u, places in every.items()
                }
                assert regroup.regroupable(g, power) == may
                assert regroup.regroupable(g, power, first=True) == may[:1]
            asked += len(boxed)
    assert asked > 50
