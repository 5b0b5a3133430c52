"""One background thread fed by a queue: the shape the bot runner, the clock checker and the notices sender
share (``start`` / ``poke`` / ``stop``; ``None`` on the queue stops the thread after what was queued before it)."""

from __future__ import annotations

import queue
import threading
from abc import ABC, abstractmethod
from typing import Any, ClassVar

EMPTY = object()  # what ``_next`` gives when the wait ran out with nothing queued


class Worker(ABC):
    """Subclasses name their thread and write ``_run``, reading the queue with ``_next`` / ``_drain``."""

    thread_name: ClassVar[str]

    def __init__(self) -> None:
        self._queue: queue.Queue[Any] = queue.Queue()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name=self.thread_name, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._queue.put(None)
        if self._thread is not None:
            self._thread.join(timeout=5)

    def poke(self, item: Any) -> None:
        self._queue.put(item)

    def _next(self, timeout: float | None = None) -> Any:
        """The next item queued (``None``: stop), waiting at most ``timeout`` seconds (then ``EMPTY``)."""
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return EMPTY

    def _drain(self) -> list[Any]:
        """Every item queued meanwhile, without waiting."""
        items = []
        while True:
            try:
                items.append(self._queue.get_nowait())
            except queue.Empty:
                return items

    @abstractmethod
    def _run(self) -> None:
        """The thread's loop: return after taking ``None`` from the queue."""
