"""The step machine (the Rally the Troops pattern, DESIGN.md › engines/).

The state holds a stack of frames ``{"step": name, ...locals}``. Each step is a ``Step`` subclass registered
in the game's ``steps`` table with:

- ``active(g)``: the roles that must decide in this step;
- ``prompt(g, role) -> (text, [Action])``: what it offers; the legal list *is* the prompt;
- ``on_<verb>(g, role, arg)``: one handler per verb it offers;
- or ``auto(g)`` instead of the three above: automatic work, run until the next decision.

Handlers push and pop frames through the ``Ctx`` they receive; ``apply`` refuses anything the prompt did not
offer and works on a copy, so an illegal action changes nothing.
"""
from __future__ import annotations

from typing import Any, ClassVar

import orjson

from engines.core import rng as _rng
from engines.core.game import Game
from engines.core.types import Action, IllegalAction

MAX_AUTO_STEPS = 100_000


def act(verb: str, arg: Any, label: str) -> Action:
    """Build one legal action."""
    return {"verb": verb, "arg": arg, "label": label}


def _key(verb: str, arg: Any) -> bytes:
    return verb.encode() + b"\x00" + orjson.dumps(arg, option=orjson.OPT_SORT_KEYS)


def copy_state(state: dict) -> dict:
    """A deep copy of a JSON state, through the fast JSON library (no deepcopy on the hot path)."""
    return orjson.loads(orjson.dumps(state))


class Ctx:
    """What a step sees: the state, its top frame, and the helpers that change them."""

    __slots__ = ("game", "s")

    def __init__(self, game: "StepGame", state: dict):
        self.game = game
        self.s = state

    # frames
    @property
    def frame(self) -> dict:
        return self.s["stack"][-1]

    def push(self, step: str, **local: Any) -> dict:
        if step not in self.game.steps:
            raise KeyError(f"unknown step {step!r}")
        frame = {"step": step, **local}
        self.s["stack"].append(frame)
        return frame

    def pop(self) -> dict:
        return self.s["stack"].pop()

    def goto(self, step: str, **local: Any) -> dict:
        """Replace the top frame."""
        self.pop()
        return self.push(step, **local)

    # log and hidden information
    def log(self, text: str, to: str | list[str] = "all", rule: str | None = None) -> None:
        """Append a log entry; entries are never changed afterwards (states share them)."""
        entry: dict[str, Any] = {"text": text, "to": to}
        if rule:
            entry["rule"] = rule
        self.s["log"].append(entry)

    def reveal(self) -> None:
        """Mark that hidden information became visible: an undo barrier."""
        self.s["reveals"] += 1

    # chance
    def randbelow(self, n: int) -> int:
        return _rng.randbelow(self.s, n)

    def shuffle(self, items: list) -> None:
        _rng.shuffle(self.s, items)

    def choice(self, items: list) -> Any:
        return _rng.choice(self.s, items)

    def roll(self, sides: int = 6) -> int:
        return _rng.roll(self.s, sides)

    # end
    def finish(self, outcome: dict) -> None:
        """End the game with ``{"text", "winners", "scores", "ranking"}``."""
        self.s["outcome"] = outcome
        self.s["stack"] = []


class Step:
    """A named state of the game flow. Subclasses define ``active``/``prompt``/``on_<verb>`` or ``auto``."""

    auto: ClassVar[Any] = None

    def active(self, g: Ctx) -> list[str]:
        raise TypeError(f"{type(self).__name__} defines neither active() nor auto()")

    def prompt(self, g: Ctx, role: str) -> tuple[str, list[Action]]:
        raise TypeError(f"{type(self).__name__} defines neither prompt() nor auto()")


class StepGame(Game):
    """A ``Game`` whose flow is a table of named steps (``steps``)."""

    steps: ClassVar[dict[str, Step]]

    # ----- what a game supplies ---------------------------------------------------------------
    def start(self, g: Ctx, options: dict[str, Any]) -> None:
        """Fill the fresh state and push the first frame."""
        raise TypeError(f"{type(self).__name__} must define start()")

    def public_view(self, g: Ctx) -> dict:
        raise TypeError(f"{type(self).__name__} must define public_view()")

    def private_view(self, g: Ctx, role: str) -> dict:
        return {}

    # ----- the interface ----------------------------------------------------------------------
    def setup(self, seed: int, options: dict[str, Any]) -> dict:
        opts = self.parse_options(options).model_dump(mode="json")
        state: dict[str, Any] = {
            "game": self.id,
            "version": self.version,
            "options": opts,
            "rng": _rng.seed_state(seed),
            "reveals": 0,
            "stack": [],
            "log": [],
            "outcome": None,
        }
        g = Ctx(self, state)
        self.start(g, opts)
        self._run_auto(g)
        return state

    def _step(self, state: dict) -> Step | None:
        if state["outcome"] is not None or not state["stack"]:
            return None
        return self.steps[state["stack"][-1]["step"]]

    def active_roles(self, state: dict) -> list[str]:
        step = self._step(state)
        return [] if step is None else list(step.active(Ctx(self, state)))

    def _prompt(self, state: dict, role: str) -> tuple[str, list[Action]]:
        step = self._step(state)
        if step is None:
            return "The game is over.", []
        g = Ctx(self, state)
        if role not in step.active(g):
            return "", []
        return step.prompt(g, role)

    def actions(self, state: dict, role: str) -> list[Action]:
        return self._prompt(state, role)[1]

    def apply(self, state: dict, role: str, verb: str, arg: Any) -> dict:
        legal = self.actions(state, role)
        if not legal:
            raise IllegalAction(
                "The game is over." if state["outcome"] is not None else f"It is not {self.role_label(role)}'s turn."
            )
        try:
            key = _key(verb, arg)
        except TypeError:
            raise IllegalAction("That argument is not plain data.") from None
        chosen = next((a for a in legal if _key(a["verb"], a["arg"]) == key), None)
        if chosen is None:
            raise IllegalAction(f"'{verb}' with {arg!r} is not one of the actions offered now.")
        new = copy_state({k: v for k, v in state.items() if k != "log"})
        new["log"] = list(state["log"])  # copy-on-write: log entries are never changed once written
        g = Ctx(self, new)
        handler = getattr(self.steps[g.frame["step"]], "on_" + verb)
        handler(g, role, copy_state({"a": chosen["arg"]})["a"])
        self._run_auto(g)
        return new

    def _run_auto(self, g: Ctx) -> None:
        for _ in range(MAX_AUTO_STEPS):
            step = self._step(g.s)
            if step is None or step.auto is None:
                return
            step.auto(g)
        raise RuntimeError("automatic steps did not reach a decision")

    def outcome(self, state: dict) -> dict | None:
        return state["outcome"]

    def log(self, state: dict, role: str | None) -> list[dict]:
        return [e for e in state["log"] if e["to"] == "all" or (role is not None and role in e["to"])]

    def view(self, state: dict, role: str | None) -> dict:
        g = Ctx(self, state)
        text, actions = self._prompt(state, role) if role is not None else ("", [])
        active = self.active_roles(state)
        if not text:
            names = ", ".join(self.role_label(r) for r in active)
            text = f"Waiting for {names}." if active else "The game is over."
        return {
            "public": self.public_view(g),
            "private": self.private_view(g, role) if role is not None else {},
            "prompt": {"text": text, "actions": actions, "active": active},
        }
