"""Hypothesis stateful tests, for every registered game: legal actions, illegal ones and undo, mixed.

Invariants after every step: an illegal action raises IllegalAction and changes nothing; undo (a replay of the
log without the last move) gives back exactly the state before that move; the state always equals the replay of
its log; nobody active has an empty legal list before the end."""

import orjson
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from engines import registry
from engines.core import IllegalAction, flat


def dump(state):
    return orjson.dumps(state, option=orjson.OPT_SORT_KEYS)


def machine_for(game, options):
    class GameMachine(RuleBasedStateMachine):
        @initialize(seed=st.integers(0, 2**32))
        def start(self, seed):
            self.seed = seed
            self.state = game.setup(seed, options)
            self.moves = []
            self.history = [dump(self.state)]

        def active(self):
            return game.active_roles(self.state)

        @rule(pick=st.integers(0, 10**6), who=st.integers(0, 10**6))
        def legal(self, pick, who):
            active = self.active()
            if not active:
                return
            role = active[who % len(active)]
            acts = flat(game.legal(self.state, role))
            verb, arg = acts[pick % len(acts)]
            self.state = game.apply(self.state, role, verb, arg)
            self.moves.append((role, verb, arg))
            self.history.append(dump(self.state))

        @rule(
            verb=st.text(max_size=12),
            arg=st.one_of(st.none(), st.integers(), st.text(max_size=8), st.lists(st.integers(), max_size=3)),
            who=st.integers(0, 10**6),
        )
        def illegal(self, verb, arg, who):
            roles = game.roles(game.parse_options(options))
            role = roles[who % len(roles)]
            if (verb, arg) in flat(game.legal(self.state, role)):
                return
            before = dump(self.state)
            with pytest.raises(IllegalAction):
                game.apply(self.state, role, verb, arg)
            assert dump(self.state) == before

        @rule()
        def undo(self):
            if not self.moves:
                return
            self.moves.pop()
            self.history.pop()
            self.state = game.replay(self.seed, options, self.moves)
            assert dump(self.state) == self.history[-1]

        @invariant()
        def no_dead_end(self):
            if getattr(self, "state", None) is not None and game.outcome(self.state) is None:
                active = self.active()
                assert active and all(flat(game.legal(self.state, r)) for r in active)

    GameMachine.TestCase.settings = settings(
        max_examples=8, stateful_step_count=40, deadline=None, suppress_health_check=list(HealthCheck)
    )
    return GameMachine


@pytest.mark.parametrize("game", registry.all_games(), ids=lambda g: g.id)
def test_legal_illegal_and_undo_mixed(game):
    for options in game.option_sets()[:3]:
        machine_for(game, options).TestCase("runTest").runTest()
