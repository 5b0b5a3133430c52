"""Random and heuristic walks from the hand-built positions with two seats at war (the new steps of 8.2.2, 11.4,
12.4.1, 13.3, 21.4-21.5), every platform invariant checked at every move (engines.core.conformance)."""

from __future__ import annotations

import random

import pytest

from engines.core.conformance import check_illegal, check_state
from engines.ultima_ratio.bots.heuristic import heuristic_bot
from tests.engines.ultima_ratio import test_fleets_kept as fk
from tests.engines.ultima_ratio import test_land_battles as lb
from tests.engines.ultima_ratio import test_leaders_other_impulse as lo
from tests.engines.ultima_ratio import test_naval_interception as ni
from tests.engines.ultima_ratio import test_peace as peace
from tests.engines.ultima_ratio import test_war as war
from tests.engines.ultima_ratio.support import GAME

POSITIONS = {
    "interception at sea": lambda: ni.strategic_move_into_the_atlantic("power:england", "power:spain"),
    "naval support": lambda: ni.coastal_attack(defender_fleet=True, attacker_fleet=True),
    "naval support of three powers": ni.three_powers,
    "sortie": lambda: lb.besieged_alentejo(casualties=1, inside=2),
    "relief battle": lambda: lb.relief(casualties=1),
    "army interception": lambda: lb.spanish_army("determined", "area:granada"),
    "leaders": lambda: lb.two_leaders(besieged=True),
    "kept fleets": fk.kept_fleets_at_war,
    "army choosing its troops": lambda: fk.spanish_stack(3),
    "declarations of war": war.two_neighbours,
    "leaders in another's impulse": lo.elmina_attacked,
    "peace negotiations": peace.losing_with_troops_abroad,
    "forced peace": peace.one_morale_left,
}


def fail(problem: str):
    raise AssertionError(problem)


@pytest.mark.parametrize("bot", ["random", "heuristic"])
@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_walks_from_war_positions_keep_every_invariant(name, bot):
    for seed in range(3):
        rnd = random.Random(seed)
        state = POSITIONS[name]()
        for n in range(80):
            if GAME.outcome(state) is not None or state["turn"] > state["first_turn"]:
                break
            check_state(GAME, state, fail)
            if n % 5 == 0:
                check_illegal(GAME, state, fail)
            role = GAME.active_roles(state)[0]
            pick = heuristic_bot if bot == "heuristic" else GAME.bots["random"]
            verb, arg = pick(GAME, GAME.view(state, role), role, rnd)
            state = GAME.play(state, role, verb, arg).state
