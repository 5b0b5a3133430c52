"""The common game-session interface (platform issue §2).

A game is a pure function of (engine version, options, seed, action log). Every engine subclasses ``Game``;
most do it through ``StepGame`` (engines.core.machine), which supplies ``actions``/``apply``/``view`` from a
table of named steps.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar, Iterable

from pydantic import BaseModel, ValidationError

from engines.core.types import Action, OptionsError

Bot = Callable[["Game", dict, str, random.Random], Action]


def random_bot(game: "Game", state: dict, role: str, rnd: random.Random) -> Action:
    """The random-legal bot: any action the prompt offers, uniformly."""
    return rnd.choice(game.actions(state, role))


class Game(ABC):
    """A game's fixed description (id, title, options, roles, content) plus the operations on its state."""

    id: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str]
    Options: ClassVar[type[BaseModel]]
    bots: ClassVar[dict[str, Bot]] = {"random": random_bot}

    # ----- options and roles -------------------------------------------------------------------
    def parse_options(self, raw: dict[str, Any] | None) -> BaseModel:
        """Validate a table's options; ``OptionsError`` carries one readable message per problem."""
        try:
            return self.Options.model_validate(raw or {})
        except ValidationError as exc:
            messages = []
            for err in exc.errors():
                where = ".".join(str(p) for p in err["loc"]) or "options"
                messages.append(f"{where}: {err['msg']}")
            raise OptionsError(messages) from None

    def option_sets(self) -> list[dict[str, Any]]:
        """Every scenario / variant combination worth playing through in the conformance suite."""
        return [{}]

    @abstractmethod
    def roles(self, options: BaseModel) -> list[str]:
        """The seats of a table with these options, in seating order."""

    def role_label(self, role: str) -> str:
        return role.replace("_", " ").title()

    # ----- the session ---------------------------------------------------------------------------
    @abstractmethod
    def setup(self, seed: int, options: dict[str, Any]) -> dict:
        """The initial state for this seed and these (already validated) options."""

    @abstractmethod
    def actions(self, state: dict, role: str) -> list[Action]:
        """The finite list of legal atomic actions for ``role`` now (empty when it need not act)."""

    @abstractmethod
    def apply(self, state: dict, role: str, verb: str, arg: Any) -> dict:
        """The new state after ``role`` plays (verb, arg); raises IllegalAction and changes nothing otherwise."""

    @abstractmethod
    def active_roles(self, state: dict) -> list[str]:
        """Roles that must act now (several when choices are simultaneous)."""

    @abstractmethod
    def view(self, state: dict, role: str | None) -> dict:
        """``{"public", "private", "prompt"}`` as ``role`` (None: a spectator) may see it."""

    @abstractmethod
    def outcome(self, state: dict) -> dict | None:
        """None while running; else ``{"text", "winners", "scores", "ranking"}``."""

    @abstractmethod
    def log(self, state: dict, role: str | None) -> list[dict]:
        """The log entries ``role`` may read."""

    @abstractmethod
    def hidden_ids(self, state: dict, role: str) -> set[str]:
        """Ids of hidden objects only ``role`` may see now (used to prove views do not leak)."""

    def content(self) -> dict[str, Any]:
        """The game's content data (cards, map...) as JSON-able data; ``siglo content export`` prints it."""
        return {}

    # ----- derived operations ---------------------------------------------------------------------
    def play(self, state: dict, role: str, verb: str, arg: Any) -> tuple[dict, bool]:
        """Apply an action and tell whether it is an undo barrier: randomness consumed, hidden information
        revealed, or someone other than ``role`` (alone) to act next."""
        new = self.apply(state, role, verb, arg)
        barrier = (
            new.get("rng") != state.get("rng")
            or new.get("reveals") != state.get("reveals")
            or self.active_roles(new) != [role]
        )
        return new, barrier

    def replay(self, seed: int, options: dict[str, Any], moves: Iterable[tuple[str, str, Any]]) -> dict:
        """The state reached from the seed and options by the given (role, verb, arg) moves."""
        state = self.setup(seed, options)
        for role, verb, arg in moves:
            state = self.apply(state, role, verb, arg)
        return state
