"""A bounded store of things worked out once and asked again (issue 15, issue 26, issue 30): the one "full" rule of
a process's stores — the server's kept pieces of pages, words, positions, logins, routes, and the games'
presentations' kept cards and tracks (an engine's own words, asked on every word a board says, keep a plain dict).

Over its limit the least recently used item is forgotten, one at a time: a store emptied whole when full would make
every table's next page work everything out anew, many tables at once, and a client able to make many keys (a
path's words, a message's arguments) could empty it at will.

Safe between threads without a lock: each step is one operation of the ordered dict (the GIL makes each one whole),
and none takes an item out to put it back (which could put back a value another thread had just replaced). Callers
whose step spans several operations (check, then replace) hold their own lock around them.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

_MISSING: object = object()


class Kept(Generic[K, V]):
    """At most ``limit`` items by key, the least recently used forgotten first."""

    __slots__ = ("_items", "limit")

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError("a store keeps at least one item")
        self.limit = limit
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        """The item of ``key`` (now the most recently used), or None."""
        items = self._items
        found = items.get(key, _MISSING)
        if found is _MISSING:
            return None
        try:  # noqa: SIM105 (contextlib.suppress costs a call on the path of every hit)
            items.move_to_end(key)
        except KeyError:  # forgotten by another thread meanwhile: what was found is still this key's
            pass
        return found  # type: ignore[return-value]  # not _MISSING: an item

    def put(self, key: K, value: V) -> None:
        """``value`` kept for ``key`` as the most recently used; over the limit, the least recently used forgotten."""
        items = self._items
        items[key] = value
        items.move_to_end(key)
        while len(items) > self.limit:
            try:
                items.popitem(last=False)
            except KeyError:  # emptied by another thread
                break

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The item of ``key``, else ``make()``'s, kept (None is kept as any value is)."""
        items = self._items
        found = items.get(key, _MISSING)
        if found is _MISSING:
            value = make()
            self.put(key, value)
            return value
        try:  # noqa: SIM105 (as in get)
            items.move_to_end(key)
        except KeyError:
            pass
        return found  # type: ignore[return-value]

    def peek(self, key: K) -> V | None:
        """The item of ``key`` without making it the most recently used (a check before a replacement)."""
        return self._items.get(key)

    def pop(self, key: K) -> V | None:
        return self._items.pop(key, None)

    def forget(self, unwanted: Callable[[K, V], bool]) -> None:
        """Every item ``unwanted(key, value)`` names goes (a user's logins after a revocation)."""
        for key in [k for k, v in self.items() if unwanted(k, v)]:
            self._items.pop(key, None)

    def items(self) -> list[tuple[K, V]]:
        """The items, the least recently used first (a copy: the store may change meanwhile)."""
        return list(self._items.items())

    def update(self, items: Mapping[K, V]) -> None:
        """Each of ``items`` kept, in their order, as ``put`` keeps one."""
        for key, value in items.items():
            self.put(key, value)

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[K]:
        return iter(list(self._items))
