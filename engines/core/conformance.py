"""Random playouts with the platform's invariants checked at every step (DESIGN.md › Tests; proof issue §1).

Used by the conformance suite under tests/, by ``siglo simulate`` and by the fuzzer. A failure raises
``ConformanceError`` naming the seed and a command that reproduces it. The invariants:

- a state survives a JSON round trip and holds no log; nobody to act means the game is over; an active role has
  a non-empty legal list, and every listed action is accepted (``allows``) and has a label that renders;
- **no leak**: no view of a role (or of a spectator), and no log entry it may read, holds — as an exact value,
  anywhere in its JSON — the id of a hidden object that role may not see now (``Game.secrets``), nor the RNG; a log
  entry is judged by what its reader could see when it was written too (``machine.WITNESS``: a card named in sight
  of the table may be shuffled into a deck later in the same move);
- **reveals are barriers**: a move after which its mover sees hidden ids it did not see before (ids hidden from
  him before the move, not ids that were in sight of everyone) is an undo barrier;
- unlisted actions are refused and change nothing; replaying the moves gives the same state;
- **a face-down choice tells the others nothing** until it is revealed: the same move with any other listed action
  leaves the views and readable log of every role that shares none of the mover's secrets the same
  (``check_secret_choice``; bets are amounts, not ids, so the leak check above cannot see them);
- **bots choose from the legal list**: every choice of the bot being played is in the legal list its seat's view
  offered at that moment (checked at every move, with or without ``check``).
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, NoReturn

import orjson

from engines.core.game import Game, flat, strings
from engines.core.machine import WITNESS
from engines.core.types import Entry, IllegalAction, Played, State, View

Secrets = Mapping[str, Collection[str]]  # Game.secrets: hidden id -> the roles that may see it now
Fail = Callable[[str], NoReturn]  # reports a broken invariant (raises ConformanceError)


class ConformanceError(AssertionError):
    def __init__(self, game: Game, seed: int, options: dict[str, Any], step: int, problem: str, bot: str = "random"):
        opts = " ".join(f"--option {shlex.quote(f'{k}={orjson.dumps(v).decode()}')}" for k, v in options.items())
        bot_option = f" --bot {bot}" if bot != "random" else ""
        self.reproduce = f"siglo simulate {game.id} --games 1 --seed {seed}{bot_option} --check {opts}".rstrip()
        super().__init__(
            f"{game.id} seed {seed} options {options} after {step} actions: {problem}\nreproduce with: {self.reproduce}"
        )
        self.seed = seed


def _dump(obj: Any) -> bytes:
    return orjson.dumps(obj, option=orjson.OPT_SORT_KEYS)


def visible(secrets: Secrets, role: str | None) -> set[str]:
    return {i for i, roles in secrets.items() if role is not None and role in roles}


def all_roles(game: Game, state: State) -> list[str]:
    return game.roles(game.parse_options(state.get("options", {})))


def check_state(
    game: Game, state: State, fail: Fail, entries: Sequence[Entry] = (), seen: dict[int, Secrets] | None = None
) -> None:
    """Invariants of one state and of the log entries the move into it produced. ``seen`` maps ``id(entry)`` to
    the secrets when the entry was written: an id in an entry is a leak if its reader could see it neither then
    nor after the move."""
    raw = _dump(state)
    if orjson.loads(raw) != state:
        fail("the state does not survive a JSON round-trip")
    if "log" in state:
        fail("the state holds a log")
    over = game.outcome(state) is not None
    active = game.active_roles(state)
    if not over and not active:
        fail("nobody is to act but the game is not over")
    renderer = game.renderer()
    for role in active:
        legal = game.legal(state, role)
        if not flat(legal):
            fail(f"{role} is active with an empty legal list")
        for verb, arg in flat(legal):
            if not game.allows(state, role, verb, arg):
                fail(f"{role}'s listed action {verb} {arg!r} is not allowed")
        game.labels(state, role, renderer)
    secrets = game.secrets(state)
    rng = str(state.get("rng"))
    for viewer in [*all_roles(game, state), None]:
        view = game.view(state, viewer)
        renderer.text(view["prompt"]["text"])
        readable = [e for e in entries if game.may_read(e, viewer)]
        for e in readable:
            game.render_entry(e, renderer)
        hidden = {i for i, roles in secrets.items() if viewer is None or viewer not in roles}
        for where, data, then in [("view", view, None)] + [("log", e, (seen or {}).get(id(e))) for e in readable]:
            for value in strings(data):
                hidden_then = then is None or (value in then and (viewer is None or viewer not in then[value]))
                if value in hidden and hidden_then:
                    fail(f"the hidden {value} is in the {where} of {viewer or 'a spectator'}")
                if value == rng:
                    fail(f"the RNG state is in the {where} of {viewer or 'a spectator'}")


def check_illegal(game: Game, state: State, fail: Fail) -> None:
    """Unlisted actions raise IllegalAction and leave the state byte-identical."""
    before = _dump(state)
    active = game.active_roles(state)
    attempts: list[tuple[str, str, Any]] = []
    for role in all_roles(game, state):
        attempts.append((role, "no-such-verb", None))
        legal = flat(game.legal(state, role))
        if legal:
            attempts.append((role, legal[0][0], {"not": "offered"}))
        elif active:
            attempts.append((role, *flat(game.legal(state, active[0]))[0]))
    for role, verb, arg in attempts:
        try:
            game.play(state, role, verb, arg)
        except IllegalAction:
            pass
        else:
            fail(f"unlisted action {verb} {arg!r} by {role} was accepted")
        if _dump(state) != before:
            fail(f"refused action {verb} {arg!r} by {role} changed the state")


def check_barrier(game: Game, before: State, played: Played, role: str, fail: Fail) -> None:
    """A move after which its mover sees hidden ids it did not see before must be a barrier. An id that was in
    sight of everyone before (not a secret) was seen: it is no gain when it becomes a secret the mover keeps."""
    if played.barrier:
        return
    earlier = game.secrets(before)
    gained = {i for i in visible(game.secrets(played.state), role) if i in earlier and role not in earlier[i]}
    if gained:
        fail(f"{role} now sees {sorted(gained)[:3]} but the move is not an undo barrier")


def check_secret_choice(game: Game, before: State, role: str, verb: str, arg: Any, played: Played, fail: Fail) -> None:
    """A face-down choice (``Game.secret_choice``: a bet, a card placed face down) that reveals nothing yet (the
    move is no barrier) tells the others nothing: had its mover chosen any other listed action, every role that
    shares none of the mover's secrets, and a spectator, would see the same view and read the same log entries
    (no bet amount, no card, not even through an entry's shape or whose turn it is)."""
    if played.barrier or not game.secret_choice(before):
        return
    secrets = game.secrets(before)
    mine = visible(secrets, role)
    others: list[str | None] = [r for r in all_roles(game, before) if r != role and not mine & visible(secrets, r)]

    def seen(p: Played) -> list[tuple[bytes, list[bytes]]]:
        return [
            (_dump(game.view(p.state, r)), [_dump(e) for e in p.log if game.may_read(e, r)]) for r in [*others, None]
        ]

    actual, chosen = seen(played), (verb, _dump(arg))
    for v, a in flat(game.legal(before, role)):
        if (v, _dump(a)) == chosen:
            continue
        other = game.play(before, role, v, a)
        if not other.barrier and seen(other) != actual:
            fail(f"{role}'s face-down {verb} {arg!r} and {v} {a!r} look different to the others before the reveal")


def check_choice(view: View, role: str, bot: str, verb: str, arg: Any, fail: Fail) -> None:
    """The bot's choice (verb, arg) is one of the legal list of the view it was given (compared as JSON, so a
    tuple answers a listed list)."""
    key = _dump(arg)
    if not any(_dump(a) == key for a in view["prompt"]["legal"].get(verb, ())):
        fail(f"the {bot} bot chose {verb} {arg!r} for {role}, which is not in its legal list")


def playout(
    game: Game,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    check: bool = True,
    every: int = 1,
    bot: str = "random",
    max_actions: int | None = None,
) -> dict[str, Any]:
    """Play one game from ``seed`` with ``bot`` at every seat; return {"actions", "outcome", "state"}.

    With ``check``, the invariants are checked every ``every`` actions (views, log, leaks, barriers, illegal
    actions), every listed action is tried every ``7 * every`` actions, and the end state is checked against a
    replay."""
    options = game.parse_options(options or {}).model_dump(mode="json")
    limit = max_actions or game.max_actions
    rnd = random.Random(seed)
    pick = game.bots[bot]
    moves: list[tuple[str, str, Any]] = []

    def fail(problem: str) -> NoReturn:
        raise ConformanceError(game, seed, options, len(moves), problem, bot)

    seen: dict[int, Secrets] = {}
    try:
        played = game.begin(seed, options)
        state = played.state
        while game.outcome(state) is None:
            if len(moves) >= limit:
                fail(f"the game did not end within {limit} actions")
            checking = check and len(moves) % every == 0
            if checking:
                check_state(game, state, fail, played.log, seen)
                if len(moves) % (5 * every) == 0:
                    check_illegal(game, state, fail)
            active = game.active_roles(state)
            if not active:
                fail("nobody is to act but the game is not over")
            role = active[rnd.randrange(len(active))]
            if check and len(moves) % (7 * every) == 0:
                for verb, arg in flat(game.legal(state, role)):
                    game.play(state, role, verb, arg)
            view = game.view(state, role)
            verb, arg = pick(game, view, role, rnd)
            check_choice(view, role, bot, verb, arg, fail)
            before = state
            seen = {}

            def remember(entry: Entry, s: State, seen: dict[int, Secrets] = seen) -> None:
                seen[id(entry)] = game.secrets(s)

            token = WITNESS.set(remember) if check else None
            try:
                played = game.play(state, role, verb, arg)
            finally:
                if token is not None:
                    WITNESS.reset(token)
            state = played.state
            if checking:
                check_barrier(game, before, played, role, fail)
                check_secret_choice(game, before, role, verb, arg, played, fail)
            moves.append((role, verb, arg))
        if check:
            check_state(game, state, fail, played.log, seen)
            if _dump(game.replay(seed, options, moves)) != _dump(state):
                fail("replaying the action log does not give the same state")
    except ConformanceError:
        raise
    except IllegalAction as exc:
        fail(f"a listed action was refused: {exc.message}")
    except Exception as exc:  # noqa: BLE001 (any engine bug is a finding: report it with its seed)
        fail(f"{type(exc).__name__}: {exc}")
    return {"actions": len(moves), "outcome": game.outcome(state), "state": state}
