"""Pages of a table's log kept in memory, checked by the table's log tip (issue 26: the log page's SQL off a move).

Every write to a table's log entries bumps ``tables.log_tip`` in the writing transaction, before it writes
(``app.services.gamelog.bump``; a move's own UPDATE of the table row does it): the tip is a counter of the log's
versions, and the row lock the bump takes orders the writers of one table, so the entries a writer inserts have
ids above every entry committed before its tip. A page of the log read with the tip *in the same statement*
(one snapshot) is the page of that tip; a request that reads the table row (every view does) and finds the same
tip there may use it without SQL. Tips only grow, so a page kept at another tip is never taken for the current
one; several server processes each keep their own, and a write by another process simply makes this one's
pages miss. One store per database engine (tests build many apps on databases that reuse table ids).

A move of this process also keeps what it wrote, a *step* of the tip (the tip it bumped to, the rows it
inserted, nothing deleted): a page kept at the tip before is brought to the new one by putting the rows its
reader may see on top (newest first, cut to the page) — exactly the page the SQL would read, since those rows
are newer than any other and nothing else changed. An undo deletes entries: it keeps no step, and the pages
before it are read again. Only pages from the newest entry are kept (never an older page, never a replay's);
what a reader may see is decided as the SQL decides it (``app.services.gamelog.page_query``).
"""

from __future__ import annotations

import string
import threading
from typing import Any

from sqlalchemy.orm import Session

from app.services import hot
from engines.core.kept import Kept

PAGES = 2000  # readers; a page of a view is 21 rows (~0.5 kB of stored text each); the steps' rows are shared
TABLES = 2000  # tables whose steps are kept
STEPS = 32  # of one table: a reader of a 6-seat table reading once a round needs 6
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)

Key = tuple[int, str, str | None, int]  # table id, reader ("seat", "mine", "all"), role, limit


def sees(reader: str, role: str | None, audience: str, ascii_case: bool) -> bool:
    """Whether ``reader`` (``gamelog.page_query``'s kinds) of ``role`` may read an entry of ``audience``: ``*``
    or an audience naming the role, as the SQL's ``LIKE '%,role,%'`` says (on SQLite, ``ascii_case``: LIKE
    ignores the case of ASCII letters)."""
    public = audience == "*"
    if reader == "all" or role is None:
        return public
    mark = f",{role},"
    if ascii_case:
        named = mark.translate(_ASCII_LOWER) in audience.translate(_ASCII_LOWER)
    else:
        named = mark in audience
    return named if reader == "mine" else public or named


class KeptPages:
    """The store: pages by (table, reader, role, limit) with the tip they were read at; steps by table. Bounded,
    the least recently used forgotten first (``engines.core.kept``); a hit takes no lock."""

    def __init__(self, pages: int = PAGES, tables: int = TABLES, steps: int = STEPS):
        self.steps = steps
        self._pages: Kept[Key, tuple[int, list[Any]]] = Kept(pages)
        self._steps: Kept[int, dict[int, list[Any]]] = Kept(tables)  # each dict replaced whole, never changed
        self._lock = threading.Lock()  # a page brought forward or read: a check, then the replacement

    def get(self, key: Key, tip: int, ascii_case: bool) -> list[Any] | None:
        """The rows of the page ``key`` at ``tip`` (one more than its limit when there are more), or None when
        this process cannot tell them without the database."""
        kept = self._pages.get(key)
        if kept is None or kept[0] > tip or tip - kept[0] > self.steps:
            return None
        if kept[0] == tip:
            return kept[1]
        steps = self._steps.get(key[0])
        if steps is None or any(t not in steps for t in range(kept[0] + 1, tip + 1)):
            return None
        _table, reader, role, limit = key
        newer = [
            row for t in range(tip, kept[0], -1) for row in steps[t] if sees(reader, role, row.audience, ascii_case)
        ]
        rows = (newer + kept[1])[: limit + 1]
        self.put(key, tip, rows)
        return rows

    def put(self, key: Key, tip: int, rows: list[Any]) -> None:
        """The rows of the page ``key`` at ``tip`` (read with the tip in the same statement, or brought forward)."""
        with self._lock:
            kept = self._pages.peek(key)
            if kept is None or kept[0] <= tip:
                self._pages.put(key, (tip, rows))

    def wrote(self, table_id: int, tip: int, rows: list[Any]) -> None:
        """A committed transaction bumped the table's tip from ``tip - 1`` to ``tip`` and, after the bump, only
        inserted ``rows`` into its log (id, seq, audience, entry as stored text)."""
        newest_first = sorted(rows, key=lambda row: row.id, reverse=True)
        with self._lock:
            steps = self._steps.peek(table_id) or {}
            kept = {t: step for t, step in steps.items() if t > tip - self.steps}
            kept[tip] = newest_first
            self._steps.put(table_id, kept)

    def __len__(self) -> int:
        return len(self._pages)


def pages_for(db: Session) -> KeptPages:
    """The store of this session's database engine."""
    return hot.per_engine(db, KeptPages)
