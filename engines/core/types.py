"""Plain types of the game-session interface (DESIGN.md › engines/)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypedDict

# The legal actions of one role now: verb -> the finite list of arguments it may take (DESIGN.md › Flow).
Legal = dict[str, list[Any]]


class Text(TypedDict):
    """Words to show a reader, as data: a message key of the game's catalog and its arguments. The game renders
    it in the reader's language at view time (``Game.render``)."""

    msg: str
    args: dict[str, Any]


class Entry(TypedDict, total=False):
    """One log entry, as data, outside the state: ``msg`` + ``args`` (a ``Text``), who may read it (``to``: "all"
    or a list of roles), the rule it applies (``rule``: a rule id of the game's catalog) and the ids of the objects
    it names (``refs``)."""

    msg: str
    args: dict[str, Any]
    to: str | list[str]
    rule: str
    refs: list[str]


@dataclass(frozen=True)
class Reveal:
    """Hidden objects (``ids``) that became visible to ``roles`` during a move (``Ctx.show``)."""

    roles: tuple[str, ...]
    ids: tuple[str, ...]


@dataclass
class Played:
    """What one move (or the setup) produced: the new state, the new log entries, whether it is an undo barrier
    (chance used, something hidden shown, the turn handed to someone else, or declared by the engine) and what it
    showed to whom."""

    state: dict
    log: list[Entry] = field(default_factory=list)
    barrier: bool = False
    shown: list[Reveal] = field(default_factory=list)


def text(msg: str, **args: Any) -> Text:
    """A ``Text``: ``text("prompt.stake", round=2)``."""
    return {"msg": msg, "args": args}


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


class ContentError(ValueError):
    """A content file does not validate; the message names the game, the file and the item."""
