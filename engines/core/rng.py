"""The deterministic random number generator whose whole state lives in the game state.

The generator is SplitMix64. Its 64-bit state is kept as ``state["rng"]`` (a hex string, so no JSON consumer
ever meets an integer wider than 53 bits). Nothing in an engine may use Python's ``random`` or the clock.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def seed_state(seed: int) -> str:
    """The initial generator state for a table's seed."""
    return format((seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK, "016x")


def next_u64(state: dict[str, Any]) -> int:
    """Advance the generator kept in ``state["rng"]`` and return 64 random bits."""
    x = (int(state["rng"], 16) + 0x9E3779B97F4A7C15) & _MASK
    state["rng"] = format(x, "016x")
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def randbelow(state: dict[str, Any], n: int) -> int:
    """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        r = next_u64(state)
        if r < limit:
            return r % n


def shuffle(state: dict[str, Any], items: MutableSequence[T]) -> None:
    """Fisher–Yates shuffle of ``items`` in place."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(state: dict[str, Any], items: Sequence[T]) -> T:
    """One element of ``items`` chosen uniformly."""
    return items[randbelow(state, len(items))]


def roll(state: dict[str, Any], sides: int = 6) -> int:
    """A die roll, 1..sides."""
    return randbelow(state, sides) + 1
