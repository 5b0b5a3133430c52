"""Random playouts with the platform's invariants checked at every step (platform issue §2, proof issue §1).

Used by the conformance suite under tests/, by ``siglo simulate`` and by the fuzzer. A failure raises
``ConformanceError`` naming the seed and a command that reproduces it.
"""
from __future__ import annotations

import random
import shlex
from typing import Any

import orjson

from engines.core.game import Game
from engines.core.types import IllegalAction


class ConformanceError(AssertionError):
    def __init__(self, game: Game, seed: int, options: dict, step: int, problem: str):
        opts = " ".join(f"--option {shlex.quote(f'{k}={orjson.dumps(v).decode()}')}" for k, v in options.items())
        self.reproduce = f"siglo simulate {game.id} --games 1 --seed {seed} --check {opts}".rstrip()
        super().__init__(f"{game.id} seed {seed} options {options} after {step} actions: {problem}\n"
                         f"reproduce with: {self.reproduce}")
        self.seed = seed


def _dump(obj: Any) -> bytes:
    return orjson.dumps(obj, option=orjson.OPT_SORT_KEYS)


def check_state(game: Game, state: dict, fail, log_seen: dict | None = None) -> None:
    """Invariants of one state: JSON round-trip, no dead end, no leak of hidden ids or of the RNG.

    Logs only grow: with ``log_seen`` (viewer -> entries already checked) only the new entries of each viewer's
    log are read, so checking every step of a long game stays linear. Hidden ids are checked against the
    entries read now."""
    raw = _dump(state)
    if orjson.loads(raw) != state:
        fail("the state does not survive a JSON round-trip")
    over = game.outcome(state) is not None
    active = game.active_roles(state)
    if not over and not active:
        fail("nobody is to act but the game is not over")
    for role in active:
        if not game.actions(state, role):
            fail(f"{role} is active with an empty legal list")
    roles = game.roles(game.parse_options(state.get("options", {})))
    seen: dict[str | None, bytes] = {}
    for viewer in [*roles, None]:
        log = game.log(state, viewer)
        start = 0 if log_seen is None else log_seen.get(viewer, 0)
        if log_seen is not None:
            log_seen[viewer] = len(log)
        seen[viewer] = _dump(game.view(state, viewer)) + _dump(log[start:])
        if "rng" in state and str(state["rng"]).encode() in seen[viewer]:
            fail(f"the RNG state is visible to {viewer or 'a spectator'}")
    for owner in roles:
        for hidden in game.hidden_ids(state, owner):
            for viewer, text in seen.items():
                if viewer != owner and hidden.encode() in text:
                    fail(f"{owner}'s hidden {hidden} is visible to {viewer or 'a spectator'}")


def check_illegal(game: Game, state: dict, fail) -> None:
    """Unlisted actions raise IllegalAction and leave the state byte-identical."""
    before = _dump(state)
    roles = game.roles(game.parse_options(state.get("options", {})))
    active = game.active_roles(state)
    attempts: list[tuple[str, str, Any]] = []
    for role in roles:
        attempts.append((role, "no-such-verb", None))
        legal = game.actions(state, role)
        if legal:
            attempts.append((role, legal[0]["verb"], {"not": "offered"}))
        elif active:
            other = game.actions(state, active[0])
            attempts.append((role, other[0]["verb"], other[0]["arg"]))
    for role, verb, arg in attempts:
        try:
            game.apply(state, role, verb, arg)
        except IllegalAction:
            pass
        else:
            fail(f"unlisted action {verb} {arg!r} by {role} was accepted")
        if _dump(state) != before:
            fail(f"refused action {verb} {arg!r} by {role} changed the state")


def playout(game: Game, seed: int, options: dict | None = None, *, check: bool = True, every: int = 1,
            bot: str = "random", max_actions: int | None = None) -> dict:
    """Play one game from ``seed`` with ``bot`` at every seat; return {"actions", "outcome"}.

    With ``check``, the invariants are checked every ``every`` actions (views, leaks, illegal actions), every
    listed action is tried every ``7 * every`` actions, and the end state is checked against a replay."""
    options = game.parse_options(options or {}).model_dump(mode="json")
    limit = max_actions or getattr(game, "max_actions", 20_000)
    rnd = random.Random(seed)
    pick = game.bots[bot]
    moves: list[tuple[str, str, Any]] = []

    def fail(problem: str):
        raise ConformanceError(game, seed, options, len(moves), problem)

    log_seen: dict = {}
    try:
        state = game.setup(seed, options)
        while game.outcome(state) is None:
            if len(moves) >= limit:
                fail(f"the game did not end within {limit} actions")
            if check and len(moves) % every == 0:
                check_state(game, state, fail, log_seen)
                if len(moves) % (5 * every) == 0:
                    check_illegal(game, state, fail)
            active = game.active_roles(state)
            if not active:
                fail("nobody is to act but the game is not over")
            role = active[rnd.randrange(len(active))]
            if check and len(moves) % (7 * every) == 0:
                for a in game.actions(state, role):
                    game.apply(state, role, a["verb"], a["arg"])
            action = pick(game, state, role, rnd)
            state = game.apply(state, role, action["verb"], action["arg"])
            moves.append((role, action["verb"], action["arg"]))
        if check:
            check_state(game, state, fail)
            if _dump(game.replay(seed, options, moves)) != _dump(state):
                fail("replaying the action log does not give the same state")
    except ConformanceError:
        raise
    except IllegalAction as exc:
        fail(f"a listed action was refused: {exc.message}")
    except Exception as exc:  # an engine bug: report it with its seed
        fail(f"{type(exc).__name__}: {exc}")
    return {"actions": len(moves), "outcome": game.outcome(state)}
