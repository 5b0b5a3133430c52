"""Chance: every die, draw and shuffle of an engine goes through one source (DESIGN.md › Chance).

Normally the source is the table's generator, whose whole state lives in ``state["rng"]`` (engines.core.rng), so
a game is its seed, options and moves. A test can script the values instead, to play a rulebook example exactly:

    with scripted([6, 5, 1]):          # the next three rolls (or randbelow draws) give 6, 5 and 1
        played = GAME.play(state, role, "attack", "milan")

A scripted ``shuffle`` takes the next scripted value when it is a list (the order after the shuffle); otherwise
it shuffles with the table's generator. A script that runs out, or a value out of range, fails loudly.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableSequence, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from engines.core import rng as _rng
from engines.core.types import State

T = TypeVar("T")


class ScriptError(AssertionError):
    """A scripted value is missing or does not fit the draw asking for it."""


class _Script:
    def __init__(self, values: Sequence[Any]):
        self.values = list(values)
        self.used = 0

    def next(self, what: str) -> Any:
        if self.used >= len(self.values):
            raise ScriptError(f"the chance script ran out at {what} (it had {len(self.values)} values)")
        value = self.values[self.used]
        self.used += 1
        return value

    def peek_list(self) -> bool:
        return self.used < len(self.values) and isinstance(self.values[self.used], list)


_script: ContextVar[_Script | None] = ContextVar("siglo_chance_script", default=None)


@contextmanager
def scripted(values: Sequence[Any]) -> Iterator[_Script]:
    """Within the block, chance gives ``values`` in order; the script object tells how many were used."""
    script = _Script(values)
    token = _script.set(script)
    try:
        yield script
    finally:
        _script.reset(token)


class Chance:
    """The source one move draws from; ``used`` tells whether the move consumed chance (an undo barrier)."""

    __slots__ = ("_state", "used")

    def __init__(self, state: State):
        self._state = state
        self.used = False

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        self.used = True
        script = _script.get()
        if script is None:
            return _rng.randbelow(self._state, n)
        value = script.next(f"a draw below {n}")
        if not isinstance(value, int) or not 0 <= value < n:
            raise ScriptError(f"scripted {value!r} for a draw below {n}")
        return value

    def roll(self, sides: int = 6) -> int:
        """A die roll, 1..sides."""
        self.used = True
        script = _script.get()
        if script is None:
            return _rng.roll(self._state, sides)
        value = script.next(f"a d{sides} roll")
        if not isinstance(value, int) or not 1 <= value <= sides:
            raise ScriptError(f"scripted {value!r} for a d{sides} roll")
        return value

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place (or the scripted order)."""
        self.used = True
        script = _script.get()
        if script is not None and script.peek_list():
            order = script.next("a shuffle")
            if sorted(map(repr, order)) != sorted(map(repr, items)):
                raise ScriptError(f"scripted order {order!r} is not a permutation of {list(items)!r}")
            items[:] = order
            return
        _rng.shuffle(self._state, items)
