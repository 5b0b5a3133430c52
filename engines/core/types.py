"""Plain types of the game-session interface."""
from __future__ import annotations

from typing import Any, TypedDict


class Action(TypedDict):
    """One atomic legal action: a (verb, arg) pair and the label a player reads."""

    verb: str
    arg: Any
    label: str


class IllegalAction(Exception):
    """Raised by ``apply`` for an action the prompt did not offer; the state is left untouched."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class OptionsError(ValueError):
    """Raised when a table's options do not validate; ``messages`` lists one sentence per problem."""

    def __init__(self, messages: list[str]):
        super().__init__("; ".join(messages))
        self.messages = messages
