"""The step machine: one flow style for every engine (DESIGN.md › Flow; the Rally the Troops pattern).

The state holds a stack of frames ``{"step": name, ...locals}``. Each name is a ``Step`` of the game's ``steps``
table, one of two kinds:

- a **state**, where somebody decides: ``active(g)`` (the roles that must decide), ``prompt(g, role) ->
  (Text, {verb: [args]})`` (the legal list *is* the prompt), ``label(g, role, verb, arg) -> Text`` and one handler
  ``on_<verb>(g, role, arg)`` per verb it offers;
- a **procedure**, automatic work: ``auto(g)``, run until the next decision.

Frames move by ``g.call(name, **locals)`` (push; when the callee ends, the caller's ``resume(g, result)`` runs,
if it has one), ``g.goto(name, **locals)`` (replace the top frame) and ``g.end(result)`` (pop). Every step
names the steps it may call or go to in ``goes_to``; the game checks every name when it is constructed, and a
move to an undeclared name fails loudly.

A move works on a copy of the state, so an illegal action changes nothing. Log entries, reveals and chance are
gathered by the ``Ctx`` and returned in ``Played``; the state never holds the log.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Collection, MutableSequence, Sequence
from contextvars import ContextVar
from typing import Any, ClassVar, TypeVar

import orjson

from engines.core import rng as _rng
from engines.core.chance import Chance
from engines.core.game import Game
from engines.core.types import (
    Entry,
    Frame,
    IllegalAction,
    Legal,
    Outcome,
    Played,
    Reveal,
    State,
    Text,
    View,
    text,
)

MAX_AUTO_STEPS = 100_000
T = TypeVar("T")
# Set by the conformance suite: called with each log entry and the state as it is when the entry is written, so
# that an entry is judged by what its readers could see then (a card named in sight of the table may be shuffled
# into a deck later in the same move).
WITNESS: ContextVar[Callable[[Entry, State], None] | None] = ContextVar("siglo_log_witness", default=None)


def _key(arg: Any) -> bytes:
    return orjson.dumps(arg, option=orjson.OPT_SORT_KEYS)


def copy_state(state: State) -> State:
    """A deep copy of a JSON state, through the fast JSON library (no deepcopy on the hot path)."""
    copy: State = orjson.loads(orjson.dumps(state))
    return copy


def _plain(value: Any) -> Any:
    """A private copy of JSON data a log entry keeps (the state it came from changes later)."""
    return orjson.loads(orjson.dumps(value)) if isinstance(value, (list, dict)) else value


class Ctx:
    """What a step sees: the state, its top frame, and the helpers that change them; it gathers the move's log
    entries, reveals, declared barriers and use of chance."""

    __slots__ = ("barrier_declared", "chance", "entries", "game", "s", "shown")

    def __init__(self, game: StepGame, state: State):
        self.game = game
        self.s = state
        self.entries: list[Entry] = []
        self.shown: list[Reveal] = []
        self.barrier_declared = False
        self.chance = Chance(state)

    # ----- frames ------------------------------------------------------------------------------
    @property
    def frame(self) -> Frame:
        top: Frame = self.s["stack"][-1]
        return top

    def _check_move(self, target: str) -> None:
        steps = self.game.steps
        if target not in steps:
            raise KeyError(f"unknown step {target!r}")
        stack = self.s["stack"]
        if stack:
            source = stack[-1]["step"]
            if target not in steps[source].goes_to:
                raise RuntimeError(f"step {source!r} does not declare {target!r} in goes_to")

    def call(self, step: str, **local: Any) -> Frame:
        """Push ``step``; when it ends, the caller's ``resume(g, result)`` runs (if the caller has one)."""
        self._check_move(step)
        frame = {"step": step, **local}
        self.s["stack"].append(frame)
        return frame

    def goto(self, step: str, **local: Any) -> Frame:
        """Replace the top frame by ``step``."""
        self._check_move(step)
        frame = {"step": step, **local}
        self.s["stack"][-1] = frame
        return frame

    def end(self, result: Any = None) -> None:
        """Pop the top frame and hand ``result`` to the frame below (its step's ``resume``)."""
        self.s["stack"].pop()
        if self.s["stack"] and self.s["outcome"] is None:
            below = self.game.steps[self.s["stack"][-1]["step"]]
            if below.resume is not None:
                below.resume(self, result)

    # ----- log, reveals, barriers ------------------------------------------------------------------
    def log(
        self, msg: str, *, to: str | list[str] = "all", rule: str | None = None, refs: Collection[str] = (), **args: Any
    ) -> None:
        """Add a log entry: a message key of the game's catalog with its arguments (DESIGN.md › Log)."""
        catalog = self.game.catalogs["en"]
        if msg not in catalog:
            raise KeyError(f"log message {msg!r} is not in {self.game.id}'s catalog")
        if rule is not None and f"rule.{rule}" not in catalog:
            raise KeyError(f"rule {rule!r} is not in {self.game.id}'s catalog")
        entry: Entry = {
            "msg": msg,
            "args": {k: _plain(v) for k, v in args.items()},
            "to": to if to == "all" else list(to),
        }
        if rule is not None:
            entry["rule"] = rule
        if refs:
            entry["refs"] = list(refs)
        self.entries.append(entry)
        witness = WITNESS.get()
        if witness is not None:
            witness(entry, self.s)

    def show(self, roles: Collection[str], ids: Collection[str]) -> None:
        """Hidden objects ``ids`` become visible to ``roles``: a reveal, and an undo barrier."""
        self.shown.append(Reveal(tuple(roles), tuple(ids)))

    def barrier(self) -> None:
        """This move may not be taken back, for a reason the engine knows (e.g. a public commitment)."""
        self.barrier_declared = True

    # ----- chance ------------------------------------------------------------------------------
    def randbelow(self, n: int) -> int:
        return self.chance.randbelow(n)

    def roll(self, sides: int = 6) -> int:
        return self.chance.roll(sides)

    def choice(self, items: Sequence[T]) -> T:
        return self.chance.choice(items)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        self.chance.shuffle(items)

    # ----- end ---------------------------------------------------------------------------------
    def finish(self, outcome: Outcome) -> None:
        """End the game with ``{"text": Text, "winners", "scores", "ranking"}``."""
        self.s["outcome"] = outcome
        self.s["stack"] = []


class Step:
    """A named state (``active``/``prompt``/``label``/``on_<verb>``) or procedure (``auto``) of the flow."""

    auto: ClassVar[Any] = None
    resume: ClassVar[Any] = None  # resume(g, result) after a step this one called has ended
    goes_to: tuple[str, ...] = ()  # the class's, or one step's own (The Planet King derives each from its source)
    # A choice made here is hidden from the others until the step shows it (a simultaneous face-down choice):
    # handing the turn on after it is no undo barrier by itself.
    secret_choice: ClassVar[bool] = False
    # Several seats act here at once, each on his own (a deployment done simultaneously): a move after which its
    # seat is still one of them hands nothing on, so it stays the seat's to take back while nobody moves after it.
    simultaneous: ClassVar[bool] = False

    def active(self, g: Ctx) -> list[str]:
        raise TypeError(f"{type(self).__name__} defines neither active() nor auto()")

    def prompt(self, g: Ctx, role: str) -> tuple[Text, Legal]:
        raise TypeError(f"{type(self).__name__} defines neither prompt() nor auto()")

    def label(self, g: Ctx, role: str, verb: str, arg: Any) -> Text:
        return text(f"act.{verb}", arg=arg)

    def allows(self, g: Ctx, role: str, verb: str, arg: Any) -> bool:
        """Whether (verb, arg) is offered; a step with long lists may answer faster than the prompt."""
        args = self.prompt(g, role)[1].get(verb)
        if not args:
            return False
        key = _key(arg)
        return any(_key(a) == key for a in args)


class StepGame(Game):
    """A ``Game`` whose flow is a table of named steps (``steps``)."""

    steps: ClassVar[dict[str, Step]]

    def __init__(self, content_dir: pathlib.Path | str | None = None) -> None:
        super().__init__(content_dir)
        for name, step in self.steps.items():
            kind = type(step)
            decides = (kind.active is not Step.active, kind.prompt is not Step.prompt)
            if (step.auto is not None and any(decides)) or (step.auto is None and not all(decides)):
                raise TypeError(f"{self.id}: step {name!r} must define either auto() or both active() and prompt()")
            unknown = [t for t in step.goes_to if t not in self.steps]
            if unknown:
                raise TypeError(f"{self.id}: step {name!r} goes to unknown steps {unknown}")

    # ----- what a game supplies ---------------------------------------------------------------
    def start(self, g: Ctx, options: dict[str, Any]) -> None:
        """Fill the fresh state and push the first frame."""
        raise TypeError(f"{type(self).__name__} must define start()")

    def public_view(self, g: Ctx) -> dict[str, Any]:
        raise TypeError(f"{type(self).__name__} must define public_view()")

    def private_view(self, g: Ctx, role: str) -> dict[str, Any]:
        return {}

    # ----- the interface ----------------------------------------------------------------------
    def begin(self, seed: int, options: dict[str, Any]) -> Played:
        opts = self.parse_options(options).model_dump(mode="json")
        state: dict[str, Any] = {
            "game": self.id,
            "version": self.version,
            "content": self.content_digest,
            "options": opts,
            "rng": _rng.seed_state(seed),
            "stack": [],
            "outcome": None,
        }
        g = Ctx(self, state)
        self.start(g, opts)
        self._run_auto(g)
        return Played(state, g.entries, True, g.shown)

    def _step(self, state: State) -> Step | None:
        if state["outcome"] is not None or not state["stack"]:
            return None
        return self.steps[state["stack"][-1]["step"]]

    def active_roles(self, state: State) -> list[str]:
        step = self._step(state)
        return [] if step is None else list(step.active(Ctx(self, state)))

    def _prompt(self, state: State, role: str | None) -> tuple[Text, Legal]:
        step = self._step(state)
        if step is None:
            return text("core.over"), {}
        g = Ctx(self, state)
        active = step.active(g)
        if role is None or role not in active:
            return text("core.waiting", roles=list(active)), {}
        return step.prompt(g, role)

    def legal(self, state: State, role: str) -> Legal:
        return self._prompt(state, role)[1]

    def allows(self, state: State, role: str, verb: str, arg: Any) -> bool:
        step = self._step(state)
        if step is None:
            return False
        g = Ctx(self, state)
        if role not in step.active(g):
            return False
        try:
            return step.allows(g, role, verb, arg)
        except TypeError:  # an argument that is not plain data
            return False

    def label(self, state: State, role: str, verb: str, arg: Any) -> Text:
        step = self._step(state)
        if step is None:
            raise IllegalAction("The game is over.", text("core.over"))
        return step.label(Ctx(self, state), role, verb, arg)

    def play(self, state: State, role: str, verb: str, arg: Any) -> Played:
        step = self._step(state)
        if step is None:
            raise IllegalAction("The game is over.", text("core.over"))
        if role not in step.active(Ctx(self, state)):
            raise IllegalAction(f"It is not {self.role_label(role)}'s turn.", text("core.not_your_turn", role=role))
        try:
            _key(arg)
        except TypeError:
            raise IllegalAction("That argument is not plain data.", text("core.not_plain_data")) from None
        if not self.allows(state, role, verb, arg):  # the game's check: it may know the prompt's list already
            raise IllegalAction(
                f"'{verb}' with that argument is not one of the actions offered now.", text("core.not_offered")
            )
        handler = getattr(step, "on_" + verb, None)
        if handler is None:
            raise RuntimeError(f"{self.id}: step {state['stack'][-1]['step']!r} offers {verb!r} but has no handler")
        new = self.copy_for_move(state)
        g = Ctx(self, new)
        handler(g, role, copy_state({"a": arg})["a"])
        self._run_auto(g)
        handed_on = self._hands_on(new, role) and not step.secret_choice
        barrier = g.chance.used or bool(g.shown) or g.barrier_declared or handed_on
        return Played(new, g.entries, barrier, g.shown)

    def _hands_on(self, state: State, role: str) -> bool:
        """Whether the move that made ``state`` hands the turn on: someone else may act now — other than in a
        ``simultaneous`` step where the mover still acts beside them."""
        active = self.active_roles(state)
        if active == [role]:
            return False
        top = self._step(state)
        return not (top is not None and top.simultaneous and role in active)

    def copy_for_move(self, state: State) -> State:
        """The copy of ``state`` a move changes (``copy_state``); a game that holds the state's bytes already may
        make it from them."""
        return copy_state(state)

    def _run_auto(self, g: Ctx) -> None:
        for _ in range(MAX_AUTO_STEPS):
            step = self._step(g.s)
            if step is None or step.auto is None:
                return
            step.auto(g)
        raise RuntimeError("automatic steps did not reach a decision")

    def secret_choice(self, state: State) -> bool:
        step = self._step(state)
        return step is not None and step.secret_choice

    def outcome(self, state: State) -> Outcome | None:
        result: Outcome | None = state["outcome"]
        return result

    def view(self, state: State, role: str | None) -> View:
        g = Ctx(self, state)
        prompt_text, legal = self._prompt(state, role)
        return {
            "public": self.public_view(g),
            "private": self.private_view(g, role) if role is not None else {},
            "prompt": {
                "text": prompt_text,
                "legal": legal,
                "active": self.active_roles(state),
                "step": state["stack"][-1]["step"] if self._step(state) is not None else None,
            },
        }
