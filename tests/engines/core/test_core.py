"""The common game-session interface: RNG, step machine, barriers, conformance checks that can fail."""
import ast
import pathlib

import pytest

from engines.core import IllegalAction, rng
from engines.core.conformance import ConformanceError, playout
from engines.core.machine import copy_state
from tests.support.toy_game import GAME, Duel

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_rng_is_deterministic_and_uniform_enough():
    a, b = {"rng": rng.seed_state(5)}, {"rng": rng.seed_state(5)}
    assert [rng.randbelow(a, 10) for _ in range(50)] == [rng.randbelow(b, 10) for _ in range(50)]
    s = {"rng": rng.seed_state(1)}
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.roll(s) - 1] += 1
    assert all(900 < c < 1100 for c in counts)
    items = list(range(20))
    rng.shuffle(s, items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    with pytest.raises(ValueError):
        rng.randbelow(s, 0)


def test_setup_is_a_pure_function_of_seed_and_options():
    assert GAME.setup(3, {}) == GAME.setup(3, {})
    assert GAME.setup(3, {}) != GAME.setup(4, {})
    assert GAME.setup(3, {"deck": "short"})["options"]["deck"] == "short"


def test_illegal_action_changes_nothing():
    state = GAME.setup(1, {})
    before = copy_state(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, "north", "choose", "toy:card:1")
    with pytest.raises(IllegalAction):
        GAME.apply(state, "south", "raise", None)  # not south's turn
    with pytest.raises(IllegalAction):
        GAME.apply(state, "north", "raise", object())  # not plain data
    assert state == before


def test_barriers_randomness_reveals_and_other_roles():
    state = GAME.setup(1, {})
    state, barrier = GAME.play(state, "north", "raise", None)
    assert not barrier  # north still alone to act, nothing drawn or revealed
    state, barrier = GAME.play(state, "north", "done", None)
    assert barrier  # both must now choose
    card = GAME.actions(state, "north")[0]["arg"]
    state, barrier = GAME.play(state, "north", "choose", card)
    assert barrier


def test_views_hold_only_what_the_viewer_may_see():
    state = GAME.setup(1, {})
    north = GAME.view(state, "north")
    assert north["private"]["hand"] == state["hands"]["north"]
    assert GAME.view(state, None)["private"] == {}
    text = str(GAME.view(state, "south")) + str(GAME.view(state, None))
    assert not any(card in text for card in state["hands"]["north"])


def test_simultaneous_choice_has_several_active_roles():
    state = GAME.apply(GAME.setup(1, {}), "north", "done", None)
    assert GAME.active_roles(state) == ["north", "south"]


def test_options_are_validated_with_messages():
    with pytest.raises(ValueError) as err:
        GAME.parse_options({"rounds": 0})
    assert "rounds" in str(err.value)


class LeakyDuel(Duel):
    id = "toy-leaky"

    def public_view(self, g):
        return {**super().public_view(g), "peek": g.s["hands"]["north"]}


def test_conformance_catches_a_leak_and_says_how_to_reproduce():
    with pytest.raises(ConformanceError) as err:
        playout(LeakyDuel(), 4, {})
    assert "visible to" in str(err.value) and "siglo simulate toy-leaky" in err.value.reproduce


class EndlessDuel(Duel):
    id = "toy-endless"

    def actions(self, state, role):
        acts = super().actions(state, role)
        if acts and state["stack"][-1]["step"] == "stake":
            return [{"verb": "raise", "arg": None, "label": "Raise again"}]
        return acts


def test_conformance_catches_a_game_that_never_ends():
    with pytest.raises(ConformanceError) as err:
        playout(EndlessDuel(), 1, {}, max_actions=50)
    assert "did not end within 50 actions" in str(err.value)


def test_engines_never_import_app():
    for path in (ROOT / "engines").rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not (name == "app" or name.startswith("app.")), f"{path} imports {name}"


def test_engines_use_no_clock_or_global_random():
    banned = {"random", "time", "datetime", "secrets", "uuid"}
    for path in (ROOT / "engines").rglob("*.py"):
        if path.name == "game.py" and path.parent.name == "core":
            continue  # random_bot: bots get a seeded random.Random, never the global one
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                bad = [a.name for a in node.names if a.name.split(".")[0] in banned]
            elif isinstance(node, ast.ImportFrom) and node.module:
                bad = [node.module] if node.module.split(".")[0] in banned else []
            else:
                continue
            assert not bad or "bot" in path.name or path.name == "conformance.py", f"{path} imports {bad}"
