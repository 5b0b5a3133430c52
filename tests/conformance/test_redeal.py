"""``Game.redeal`` over every engine that supports it and every option set (an analysis fork's re-deal): the seat's
view is unchanged, the hidden cards are the same cards (or, where the game deals them from outside the state, as
many), the invariants hold and random bots play on from it; and a hidden card does not stay where it was."""

import copy
import random
from collections import Counter

import orjson
import pytest

from engines import registry
from engines.core.conformance import check_state
from engines.core.game import Game, random_bot

SEEDS = range(1, 4)
REDEALS = 12
# where the seat cannot tell an unseen card in play from one out of it, the re-deal may bring one in
OUT_OF_PLAY = {"planet-king", "ultima-ratio-regis"}


def _supported(game) -> bool:
    return type(game).redeal is not Game.redeal


CASES = [
    pytest.param(game, options, id=f"{game.id}-" + ("-".join(f"{k}={v}" for k, v in options.items()) or "default"))
    for game in registry.all_games()
    if _supported(game)
    for options in game.option_sets()
]


def positions(game, options: dict, seed: int, every: int = 25, limit: int = 400):
    """Running positions of a random game, one every ``every`` actions."""
    rnd = random.Random(seed)
    state = game.setup(seed, options)
    for n in range(limit):
        if game.outcome(state) is not None:
            return
        if n % every == every - 1:
            yield state
        role = rnd.choice(game.active_roles(state))
        verb, arg = random_bot(game, game.view(state, role), role, rnd)
        state = game.apply(state, role, verb, arg)


def hidden_from(game, state: dict, role: str) -> list[str]:
    return [i for i, roles in game.secrets(state).items() if role not in roles]


def places(obj, ids: set, path=()):
    """Every (id, place) of the state where an id of ``ids`` is a value (a place: its path)."""
    if isinstance(obj, str) and obj in ids:
        yield obj, path
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from places(v, ids, (*path, k if k not in ids else "*"))
    elif isinstance(obj, list):
        for n, v in enumerate(obj):
            yield from places(v, ids, (*path, n))


def where(state: dict, ids: set) -> dict[str, set]:
    out: dict[str, set] = {}
    for cid, path in places(state, ids):
        out.setdefault(cid, set()).add(path)
    return out


def at(obj, path):
    for p in path:
        obj = obj[p]
    return obj


def play_on(game, state: dict, rnd: random.Random, moves: int = 40) -> None:
    for _ in range(moves):
        if game.outcome(state) is not None:
            return
        role = rnd.choice(game.active_roles(state))
        verb, arg = random_bot(game, game.view(state, role), role, rnd)
        state = game.apply(state, role, verb, arg)


def _fail(problem: str):
    raise AssertionError(problem)


@pytest.mark.parametrize("game,options", CASES)
def test_redeal_keeps_what_the_seat_knows(game, options):
    options = game.parse_options(options).model_dump(mode="json")
    checked = 0
    for seed in SEEDS:
        for state in positions(game, options, seed):
            before = copy.deepcopy(state)
            roles = game.roles(game.parse_options(options))
            for role in roles:
                rnd = random.Random(f"{seed}-{role}-{checked}")
                new = game.redeal(state, role, rnd)
                assert state == before, "redeal changed its source state"
                assert orjson.dumps(game.view(new, role), option=orjson.OPT_SORT_KEYS) == orjson.dumps(
                    game.view(state, role), option=orjson.OPT_SORT_KEYS
                ), f"{role}'s view changed (seed {seed})"
                old_hidden, new_hidden = hidden_from(game, state, role), hidden_from(game, new, role)
                if game.id in OUT_OF_PLAY:
                    assert len(new_hidden) == len(old_hidden)
                    seen = set(orjson.dumps(state).decode().split('"')) - set(old_hidden)
                    assert not {c for c in new_hidden if c in seen and c not in old_hidden}
                else:
                    assert Counter(new_hidden) == Counter(old_hidden)
                visible = {i: sorted(r) for i, r in game.secrets(state).items() if role in r}
                assert {i: sorted(r) for i, r in game.secrets(new).items() if role in r} == visible
                assert new["rng"] != state["rng"]
                if checked % len(roles) == checked // len(roles) % len(roles):  # one seat a position, in turn:
                    check_state(game, new, _fail)  # the invariants hold, and play goes on
                    play_on(game, new, rnd)
                checked += 1
    assert checked, "no running position was reached"


def _moved_share(game, state: dict, role: str, rounds: int = REDEALS) -> tuple[int, int]:
    """How many of the cards hidden from the seat were somewhere else after at least one of ``rounds`` redeals,
    of how many."""
    hidden = set(hidden_from(game, state, role))
    before = where(state, hidden)
    moved = set()
    for n in range(rounds):
        after = where(game.redeal(state, role, random.Random(n)), hidden)
        moved |= {c for c in hidden if after.get(c) != before.get(c)}
    return len(moved), len(hidden)


@pytest.mark.parametrize("game,options", CASES)
def test_redeal_moves_the_hidden_cards(game, options):
    options = game.parse_options(options).model_dump(mode="json")
    moved = total = 0
    for seed in SEEDS:
        for state in positions(game, options, seed, every=60):
            role = game.active_roles(state)[0]
            m, t = _moved_share(game, state, role)
            moved, total = moved + m, total + t
    assert moved >= 0.9 * total, f"only {moved} of {total} hidden cards moved over {REDEALS} redeals"


def test_no_card_in_another_hand_is_sure_to_stay():
    """15 Días: every card of another player's hand (not a hired Conspirator, which only its owner's others may
    replace) is somewhere else after some redeal."""
    game = registry.get_game("15-dias")
    options = game.parse_options({"players": 4}).model_dump(mode="json")
    for seed in SEEDS:
        state = next(positions(game, options, seed))
        hidden = set(hidden_from(game, state, "player1"))
        hands = [
            ("hands", r, n)
            for r in state["roles"]
            if r != "player1"
            for n, c in enumerate(state["hands"][r])
            if c in hidden
        ]
        assert hands
        moved = set()
        for n in range(REDEALS):
            new = game.redeal(state, "player1", random.Random(n))
            moved |= {p for p in hands if at(new, p) != at(state, p)}
        assert moved == set(hands)
