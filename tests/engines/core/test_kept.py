"""engines/core/kept.py: a process's bounded stores forget the least recently used item, one at a time."""

from __future__ import annotations

import sys
import threading

import pytest

from engines.core.kept import Kept


def test_a_full_store_forgets_the_least_recently_used_item_alone():
    kept: Kept[str, int] = Kept(3)
    for i, key in enumerate("abc"):
        kept.put(key, i)
    assert kept.get("a") == 0  # now the most recently used: "b" is the least
    kept.put("d", 3)
    assert len(kept) == 3 and kept.get("b") is None
    assert [kept.get(k) for k in "acd"] == [0, 2, 3]  # the others stay (a store emptied whole would lose them)


def test_get_or_make_makes_once_and_keeps_none_as_a_value():
    kept: Kept[str, int | None] = Kept(2)
    made: list[str] = []

    def make(key: str) -> int | None:
        made.append(key)
        return None if key == "none" else len(key)

    assert kept.get_or_make("none", lambda: make("none")) is None
    assert kept.get_or_make("none", lambda: make("none")) is None and made == ["none"]
    assert kept.get_or_make("abc", lambda: make("abc")) == 3
    kept.get_or_make("none", lambda: make("none"))  # used: "abc" is now the least recently used
    kept.get_or_make("xy", lambda: make("xy"))
    assert kept.peek("abc") is None and kept.peek("none") is None and "none" in list(kept)
    assert made == ["none", "abc", "xy"]


def test_peek_does_not_change_which_item_goes_first():
    kept: Kept[str, int] = Kept(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.peek("a") == 1
    kept.put("c", 3)
    assert kept.peek("a") is None and kept.peek("b") == 2


def test_a_replaced_value_is_the_one_kept_and_forget_takes_out_what_it_names():
    kept: Kept[str, int] = Kept(4)
    kept.put("a", 1)
    kept.put("a", 2)
    assert kept.get("a") == 2 and len(kept) == 1
    kept.put("b", 3)
    kept.put("c", 4)
    kept.forget(lambda key, value: value % 2 == 0)
    assert list(kept) == ["b"] and kept.pop("b") == 3 and kept.pop("b") is None and len(kept) == 0
    kept.update({"x": 1, "y": 2})
    assert kept.items() == [("x", 1), ("y", 2)]


def test_a_store_keeps_at_least_one_item():
    with pytest.raises(ValueError):
        Kept(0)


def test_threads_asking_and_replacing_never_bring_back_a_replaced_value():
    """A reader must not take an item out and put it back: it could put back the value a writer had just replaced
    (a table's position moved on)."""
    kept: Kept[int, int] = Kept(8)
    stop = threading.Event()
    done: list[int] = []

    def reader() -> None:
        while not stop.is_set():
            kept.get(0)
            kept.get_or_make(1, lambda: 0)

    readers = [threading.Thread(target=reader) for _ in range(3)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads switched as often as the interpreter can: a race shows within the loop
    for t in readers:
        t.start()
    try:
        for value in range(20_000):
            kept.put(0, value)
            if kept.peek(0) != value:
                done.append(value)
    finally:
        sys.setswitchinterval(interval)
        stop.set()
        for t in readers:
            t.join()
    assert done == [] and kept.get(0) == 19_999 and len(kept) <= 8
