"""Helpers for the Ultima Ratio Regis engine tests: a 9.1 game, moves with scripted dice, direct rule calls."""

from __future__ import annotations

from engines.core.chance import scripted
from engines.core.machine import Ctx, copy_state
from engines.ultima_ratio.game import GAME as GAME  # re-exported: the tests take the game from here

ROLE = "player1"


def fresh(seed: int = 1) -> dict:
    return GAME.begin(seed, {"scenario": "the-rise-of-portugal"}).state


def play(state: dict, verb: str, arg=None, dice=None):
    """One move of the player; returns (state, log)."""
    if dice is None:
        played = GAME.play(state, ROLE, verb, arg)
    else:
        with scripted(dice) as script:
            played = GAME.play(state, ROLE, verb, arg)
        assert script.used == len(dice), f"{script.used} of {len(dice)} scripted values used"
    return played.state, played.log


def through_combat(state: dict, verb: str, arg=None, dice=()):
    """A move that starts a combat, then every combat decision answered (all units fight, the first option, no
    conscript), with the dice scripted; returns (state, log of all the moves)."""
    log = []
    with scripted(list(dice)) as script:
        played = GAME.play(state, ROLE, verb, arg)
        state, log = played.state, list(played.log)
        while state["stack"] and state["stack"][-1]["step"] == "combat_decision":
            options = legal(state)
            verb = next(v for v in options if v != "done")
            arg = False if False in options[verb] else options[verb][0]
            played = GAME.play(state, ROLE, verb, arg)
            state, log = played.state, log + list(played.log)
    assert script.used == len(dice), f"{script.used} of {len(dice)} scripted values used"
    return state, log


def moves(state: dict, *pairs):
    for verb, arg in pairs:
        state, _ = play(state, verb, arg)
    return state


def legal(state: dict) -> dict:
    return GAME.legal(state, ROLE)


def step(state: dict) -> str:
    return state["stack"][-1]["step"]


def ctx(state: dict) -> Ctx:
    return Ctx(GAME, copy_state(state))


def texts(log) -> list[str]:
    r = GAME.renderer()
    return [r.text(e) for e in log]


def at_first_impulse(seed: int = 1, deploy=()) -> dict:
    """The first impulse's start, after the deployment moves ``deploy`` (then "done")."""
    state = moves(fresh(seed), *deploy, ("done", None))
    assert step(state) == "start_of_impulse"
    return state


def place(state: dict, uid: str, loc: str, **fields) -> dict:
    """A test position: a counter put somewhere directly."""
    state = copy_state(state)
    state["units"][uid].update(loc=loc, since=0, **fields)
    if uid in state["impulse"]["start_locs"]:
        state["impulse"]["start_locs"][uid] = loc
    return state


PASSIVE = ("done", "end_impulse", "no_interception", "keep", "stop", "enter", "no_escort")


def advance(state: dict, until: str | None = None, limit: int = 400, log: list | None = None) -> dict:
    """Play the passive choice (done, end the actions, no interception...) until the step ``until`` (or the end),
    gathering the log entries in ``log``."""
    for _ in range(limit):
        if GAME.outcome(state) is not None or (until is not None and step(state) == until):
            return state
        options = legal(state)
        verb = next(v for v in PASSIVE if v in options)
        state, entries = play(state, verb, options[verb][0])
        if log is not None:
            log.extend(entries)
    raise AssertionError(f"{until} not reached")
