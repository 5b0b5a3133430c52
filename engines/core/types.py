"""Plain types of the game-session interface (DESIGN.md › engines/)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypedDict

# The legal actions of one role now: verb -> the finite list of arguments it may take (DESIGN.md › Flow).
Legal = dict[str, list[Any]]

# A game's whole state: one JSON-able dict (DESIGN.md › State). The core owns the keys "game", "version",
# "content", "options", "rng", "stack" (of ``Frame``s) and "outcome" (an ``Outcome`` or None); every other key is
# the game's own, read by key in its rules modules.
State = dict[str, Any]

# One frame of a step machine's stack: ``{"step": name, **locals}`` (``core.machine``).
Frame = dict[str, Any]

# A finished game's result: ``{"text": Text, "winners": [roles], "scores": {role: n}, "ranking": [roles]}`` and
# whatever else the game records there (The Planet King's "level"); None while the game runs.
Outcome = dict[str, Any]


class Text(TypedDict):
    """Words to show a reader, as data: a message key of the game's catalog and its arguments. The game renders
    it in the reader's language at view time (``Game.render``)."""

    msg: str
    args: dict[str, Any]


# What a log argument may be when a reader reads it: a ``Text`` (rendered inside the sentence) or a value the game
# names (an id, a card's name: ``Game.name_of``), e.g. the reason given for a payment.
Words = Text | str


class Entry(Text, total=False):
    """One log entry, as data, outside the state: ``msg`` + ``args`` (a ``Text``, always there), who may read it
    (``to``: "all" or a list of roles), the rule it applies (``rule``: a rule id of the game's catalog) and the ids
    of the objects it names (``refs``)."""

    to: str | list[str]
    rule: str
    refs: list[str]


class Prompt(TypedDict):
    """What a role is asked now: the prompt's words, its legal actions, who is to act and the step's name (None
    when the game is over)."""

    text: Text
    legal: Legal
    active: list[str]
    step: str | None


class View(TypedDict):
    """What a role (None: a spectator) may see: the public part, its private part and its prompt."""

    public: dict[str, Any]
    private: dict[str, Any]
    prompt: Prompt


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

    state: State
    log: list[Entry] = field(default_factory=list)
    barrier: bool = False
    shown: list[Reveal] = field(default_factory=list)


def text(msg: str, **args: Any) -> Text:
    """A ``Text``: ``text("prompt.stake", round=2)``."""
    return {"msg": msg, "args": args}


class IllegalAction(Exception):
    """Raised by ``apply`` for an action the prompt did not offer; the state is left untouched. ``message`` in
    English; ``text``, when given, the same by its catalog key, which an app renders for its reader (issue 29)."""

    def __init__(self, message: str, text: Text | None = None):
        super().__init__(message)
        self.message = message
        self.text = text


class OptionsError(ValueError):
    """Raised when a table's options do not validate; ``messages`` lists one sentence per problem, ``errors`` the
    validator's own errors (pydantic's: type, loc, ctx), which an app may word in its reader's language."""

    def __init__(self, messages: list[str], errors: list[dict[str, Any]] | None = None):
        super().__init__("; ".join(messages))
        self.messages = messages
        self.errors = errors or []


class ContentError(ValueError):
    """A content file does not validate; the message names the game, the file and the item."""
