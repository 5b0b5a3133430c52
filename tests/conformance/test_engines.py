"""Conformance suite: every registered engine, every option set, random playouts with all invariants."""
import pytest

from engines import registry
from engines.core.conformance import playout

SEEDS = range(1, 13)


def _cases():
    for game in registry.all_games():
        for options in game.option_sets():
            yield pytest.param(game, options, id=f"{game.id}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'default'}")


@pytest.mark.parametrize("game,options", list(_cases()))
def test_random_playouts_keep_every_invariant(game, options):
    for seed in SEEDS:
        result = playout(game, seed, options)
        assert result["outcome"] is not None
        assert result["outcome"]["text"]


@pytest.mark.parametrize("game,options", list(_cases()))
def test_same_seed_same_actions_same_state(game, options):
    a = playout(game, 99, options, check=False)
    b = playout(game, 99, options, check=False)
    assert a == b
