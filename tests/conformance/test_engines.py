"""Conformance suite: every registered engine, every option set, random playouts with all invariants.

A few seeds are checked at every step; more seeds are played with the invariants sampled, so every option set
sees many games within CI's time. The proof issue's fuzzer runs the same playouts at larger scale."""

import os

import orjson
import pytest

from engines import registry
from engines.core.conformance import playout

FULLY_CHECKED_SEEDS = range(1, 4)
# Per option set; the nightly run raises it: SIGLO_FUZZ_GAMES=2000 python -m pytest tests/conformance
SAMPLED_SEEDS = range(100, 100 + int(os.environ.get("SIGLO_FUZZ_GAMES", "25")))


def _cases():
    for game in registry.all_games():
        for options in game.option_sets():
            label = "-".join(f"{k}={v}" for k, v in options.items()) or "default"
            yield pytest.param(game, options, id=f"{game.id}-{label}")


CASES = list(_cases())


BOT_CASES = [
    pytest.param(game, options, bot, id=f"{param.id}-{bot}")
    for param in CASES
    for game, options in [param.values]
    for bot in game.bots
]
BOT_SEEDS = range(1, 3)


@pytest.mark.parametrize("game,options,bot", BOT_CASES)
def test_every_bot_chooses_from_the_legal_list(game, options, bot):
    """Every bot an engine offers, at every seat, to the end: each of its choices is in the legal list its view
    offered at that moment (``conformance.check_choice``, at every move), the other invariants sampled."""
    for seed in BOT_SEEDS:
        result = playout(game, seed, options, bot=bot, every=25)
        assert result["outcome"]["text"]


@pytest.mark.parametrize("game,options", CASES)
def test_random_playouts_keep_every_invariant(game, options):
    for seed in FULLY_CHECKED_SEEDS:
        result = playout(game, seed, options)
        assert result["outcome"] is not None and result["outcome"]["text"]


@pytest.mark.parametrize("game,options", CASES)
def test_many_random_playouts_end_and_replay(game, options):
    for seed in SAMPLED_SEEDS:
        result = playout(game, seed, options, every=10)
        assert result["outcome"]["text"]


@pytest.mark.parametrize("game,options", CASES)
def test_same_seed_same_actions_same_state(game, options):
    a = playout(game, 99, options, check=False)
    b = playout(game, 99, options, check=False)
    assert a["actions"] == b["actions"] and orjson.dumps(a["state"], option=orjson.OPT_SORT_KEYS) == orjson.dumps(
        b["state"], option=orjson.OPT_SORT_KEYS
    )


def test_every_shipped_game_is_registered_with_its_id():
    shipped = {ref.split(":")[0] for ref in registry.BUILTIN}
    assert shipped == {"engines.quince_dias", "engines.planet_king", "engines.ultima_ratio.game"}
    ids = {g.id for g in registry.all_games()}
    assert {"15-dias", "planet-king", "ultima-ratio-regis", "toy-duel"} <= ids
    for game in registry.all_games():
        assert game.title and game.version and game.roles(game.parse_options({}))
        assert "random" in game.bots and game.content_digest
