"""The declared state (``state_types.URRState``) holds for real games' states: a 9.1 game's begin, every state of a
heuristic and of a random playout to their end, 9.2's auction and its first deployments, a game with cards.
pydantic checks them strictly (no coercion) and refuses a key the declaration does not name, so neither the
engine nor the declaration can change without the other."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from engines.ultima_ratio.bots.heuristic import heuristic_bot
from engines.ultima_ratio.game import GAME
from engines.ultima_ratio.state_types import URRState
from tests.engines.ultima_ratio.test_new_order import GAME as NEW_ORDER
from tests.engines.ultima_ratio.test_war_walks import POSITIONS

STATE = TypeAdapter(URRState)
OPTIONS = {"scenario": "the-rise-of-portugal"}


def valid(state: dict[str, Any]) -> None:
    STATE.validate_python(state, strict=True)


def playout(game: Any, seed: int, options: dict[str, Any], bot: str, limit: int = 5000) -> list[dict[str, Any]]:
    """Every state of a game played by ``bot`` at every seat, from its begin to its end (or ``limit`` moves)."""
    rnd = random.Random(seed)
    state = game.begin(seed, options).state
    states = [state]
    while game.outcome(state) is None and len(states) < limit:
        role = game.active_roles(state)[0]
        verb, arg = game.bots[bot](game, game.view(state, role), role, rnd)
        state = game.play(state, role, verb, arg).state
        states.append(state)
    return states


def test_the_begin_of_the_rise_of_portugal_is_declared():
    valid(GAME.begin(1, OPTIONS).state)


@pytest.mark.parametrize(("bot", "seed"), [("heuristic", 0), ("random", 3)])
def test_every_state_of_a_playout_is_declared(bot, seed):
    states = playout(GAME, seed, OPTIONS, bot)
    assert GAME.outcome(states[-1]) is not None, "the playout ended"
    for n, state in enumerate(states):
        try:
            valid(state)
        except ValidationError as e:  # pragma: no cover - the message says which state
            raise AssertionError(f"state {n} of the {bot} playout (seed {seed}):\n{e}") from None


def test_states_at_war_are_declared():
    """Walks from the hand-built positions at war (``test_war_walks``): sieges, fleets kept, morale, the keys made
    when first needed are met on the way."""
    seen: set[str] = set()
    for name, position in sorted(POSITIONS.items()):
        for bot in ("random", "heuristic"):
            rnd = random.Random(0)
            state = position()
            for n in range(80):
                try:
                    valid(state)
                except ValidationError as e:  # pragma: no cover - the message says which state
                    raise AssertionError(f"state {n} of the {bot} walk from {name}:\n{e}") from None
                seen.update(state)
                seen.update("siege" for a in state["areas"].values() if a["siege"])
                seen.update("pirated" for u in state["units"].values() if "pirated" in u)
                if GAME.outcome(state) is not None or state["turn"] > state["first_turn"]:
                    break
                role = GAME.active_roles(state)[0]
                pick = heuristic_bot if bot == "heuristic" else GAME.bots["random"]
                verb, arg = pick(GAME, GAME.view(state, role), role, rnd)
                state = GAME.play(state, role, verb, arg).state
    assert {"fleets", "morale", "siege"} <= seen


@pytest.mark.parametrize("players", [3, 6])
def test_new_orders_auction_and_deployment_are_declared(players):
    states = playout(NEW_ORDER, players, {"players": players}, "random", limit=60)
    assert any("auction" in s for s in states) and any("auction" not in s for s in states)
    for state in states:
        valid(state)


def test_a_game_with_cards_is_declared():
    state = GAME.begin(1, OPTIONS).state
    state["cards"].update(
        in_play=True, active=[], corsairs=["power:portugal"], technologies={"power:portugal": ["industrial"]}
    )
    state["cards"]["hands"]["player1"] = ["card:cb-france-spain"]
    state["impulse"].update(card_of={}, played=0, must_play=True, events_due=[], extra=0)
    valid(state)


def test_a_key_the_declaration_does_not_name_is_refused():
    state = GAME.begin(1, OPTIONS).state
    state["units"]["power:portugal-troop-1"]["moved"] = True
    with pytest.raises(ValidationError, match="moved"):
        valid(state)
    state = GAME.begin(1, OPTIONS).state
    state["turn"] = "1"  # strict: no coercion
    with pytest.raises(ValidationError, match="turn"):
        valid(state)
