"""The game log of a table: entries stored with their move, paged per reader, rendered at view time
(DESIGN.md › Log). A reader pages its own log newest first; an entry is readable by everyone (``*``) or by the
roles it names. Every write to a table's entries bumps the table's log tip first (``bump``), in its transaction:
a page read with its tip is kept in memory and used while the table row says the same tip
(``app.services.kept_log``)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

import orjson
from sqlalchemy import Select, Text, bindparam, cast, or_, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from app.db import read_columns
from app.models import GameTable, LogEntry, Move, table_of
from app.services import kept_log
from engines import registry
from engines.core import Entry, Game
from engines.core.kept import Kept
from engines.core.text import Renderer

PAGE = 50  # a page of the log API
VIEW_PAGE = 20  # the newest entries every view carries (the rest is paged)
MAX_PAGE = 500


def audience(entry: Entry) -> str:
    to = entry.get("to", "all")
    return "*" if to == "all" else "," + ",".join(to) + ","


def rows(table_id: int, seq: int, entries: Iterable[Entry]) -> list[dict[str, Any]]:
    """The rows of one move's entries, for a bulk insert."""
    return [{"table_id": table_id, "seq": seq, "audience": audience(e), "entry": e} for e in entries]


_entries, _tables = table_of(LogEntry), table_of(GameTable)
INSERT = _entries.insert()  # built once (issue 15)
# the rows as a page reads them (app.services.kept_log keeps a move's)
INSERT_WRITTEN = INSERT.returning(
    _entries.c.id, _entries.c.seq, _entries.c.audience, cast(_entries.c.entry, Text).label("entry")
)
UNCOMMITTED = "gamelog.bumped_in"  # the session's transaction that bumped a tip (a page read in it may roll back)
TIP = _tables.c.log_tip + 1  # what a write to a table's log sets its tip to (app.services.play's ADVANCE too)
BUMP = _tables.update().where(_tables.c.id == bindparam("table_id")).values(log_tip=TIP).returning(_tables.c.log_tip)


def bump(db: Session, table: GameTable) -> int:
    """The table's log tip moved on, before its log is written in this transaction (the row lock orders the
    writers of one table: their entries' ids follow their tips); the new tip, kept on ``table`` too."""
    tip: int = db.connection().execute(BUMP, {"table_id": table.id}).scalar_one()
    set_committed_value(table, "log_tip", tip)
    db.info[UNCOMMITTED] = db.get_transaction()  # until it commits, its pages are not kept (newest_rows)
    return tip


def add(db: Session, table: GameTable, seq: int, entries: Iterable[Entry], tip: int | None = None) -> list[Any]:
    """Write one move's entries (``tip``: the tip this transaction bumped the table to already, else bumped
    here); the rows written (id, seq, audience, entry as stored text)."""
    batch = rows(table.id, seq, entries)
    if not batch:
        return []
    if tip is None:
        bump(db, table)
    # columns, not objects: no ORM preparation (app.services.play)
    return list(db.connection().execute(INSERT_WRITTEN, batch).all())


def is_platform(entry: Entry) -> bool:
    """An entry of the platform (a resignation, a time-out: ``app.services.endings``), not of the game."""
    return str(entry.get("msg", "")).startswith("platform.")


_msg = _entries.c.entry["msg"].as_string()
# one statement, built once (issue 15): a move's entries but the platform's (see is_platform)
DROP_MOVE = _entries.delete().where(
    _entries.c.table_id == bindparam("table_id"),
    _entries.c.seq == bindparam("seq"),
    or_(_msg.is_(None), ~_msg.startswith("platform.")),
)


def drop_move(db: Session, table: GameTable, seq: int, tip: int | None = None) -> None:
    """A move taken back: its entries go (the move itself stays in the append-only move log); the platform's
    entries at that seq stay. ``tip`` as for ``add``."""
    if tip is None:
        bump(db, table)
    db.connection().execute(DROP_MOVE, {"table_id": table.id, "seq": seq})


def with_platform_rows(db: Session, table_id: int, game_rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A rebuilt log (rows in order of their moves) with the table's platform entries put back after the
    entries of the move they followed."""
    kept = [
        {"table_id": table_id, "seq": r.seq, "audience": r.audience, "entry": r.entry}
        for r in db.execute(
            select(LogEntry.seq, LogEntry.audience, LogEntry.entry)
            .where(LogEntry.table_id == table_id)
            .order_by(LogEntry.id)
        )
        if is_platform(r.entry)
    ]
    return sorted(game_rows + kept, key=lambda row: row["seq"])  # stable: a move's own entries come first


def like_escaped(text: str) -> str:
    """``text`` as a LIKE pattern matching it anywhere (escape character ``/``)."""
    return "%" + text.replace("/", "//").replace("%", "/%").replace("_", "/_") + "%"


class RenderedEntries:
    """Log entries as their readers see them, kept by the entry's stored text (issue 15): a view renders the
    newest entries of its table every time, and an entry, once written, never changes; what it reads as depends
    only on the game (its catalogs, fixed once loaded: a reworded message comes with a new release, a restart) and
    the renderer (language, seat names: ``Renderer.key``). Bounded: 20,000 entries (~0.5–1 kB each: the newest
    20 of 500 live tables read by their seats fill half), the least recently used forgotten first
    (``engines.core.kept``)."""

    def __init__(self, size: int = 20_000, pages: int = 2_000):
        self._kept: Kept[tuple[Any, ...], dict[str, Any]] = Kept(size)
        # the entries of each reader's newest page as last shown, by (table, role, own only, limit, game, renderer's
        # key): {row id: (the kept row, its entry)} (``page``); ~20 entries a page, ~0.3 kB each of their own
        self.pages: Kept[tuple[Any, ...], dict[int, tuple[Any, dict[str, Any]]]] = Kept(pages)

    def render(self, game: Game, renderer: Renderer, stored: str) -> dict[str, Any]:
        key = (game, renderer.key, stored)
        found = self._kept.get(key)
        if found is None:
            entry = orjson.loads(stored)
            found = game.render_entry(entry, renderer)
            named = registry.presentation(game).entry_keys
            if named is not None:  # the board keys it names (issue 28: the log linked to the board)
                found["keys"] = named(game, entry)
            drawn = registry.presentation(game).entry_view
            if drawn is not None and drawn(game, entry, renderer.lang) is not None:
                found["view"] = True  # the game draws it: a link to /tables/<id>/log/<entry id> (issue 28)
            self._kept.put(key, found)
        return found


RENDERED = RenderedEntries()


@cache
def page_query(reader: str, before: bool, upto: bool, tip: bool = False) -> Select[Any]:
    """The statement of a page of the log, built once per shape (issue 15) and given its values when run:
    ``reader`` "seat" (the public entries and the seat's), "mine" (the seat's only) or "all" (the public ones).
    The entry comes as its stored text (``RENDERED`` keeps entries by it); ``tip``: each row with the table's log
    tip, read in the same statement (one snapshot: the page is that tip's, ``kept_log``)."""
    mine = LogEntry.audience.like(bindparam("mine"), escape="/")
    columns: list[Any] = [LogEntry.id, LogEntry.seq, LogEntry.audience, cast(LogEntry.entry, Text).label("entry")]
    if tip:
        at = select(_tables.c.log_tip).where(_tables.c.id == bindparam("table_id")).scalar_subquery()
        columns.append(at.label("tip"))
    query = select(*columns).where(
        LogEntry.table_id == bindparam("table_id"),
        {"seat": or_(LogEntry.audience == "*", mine), "mine": mine, "all": LogEntry.audience == "*"}[reader],
    )
    if before:
        query = query.where(LogEntry.id < bindparam("before"))
    if upto:
        query = query.where(LogEntry.seq <= bindparam("upto"))
    return query.order_by(LogEntry.id.desc()).limit(bindparam("limit"))


def page_rows(
    db: Session,
    table_id: int,
    role: str | None,
    limit: int,
    before: int | None = None,
    only_mine: bool = False,
    upto_seq: int | None = None,
) -> list[Any]:
    """The stored rows of one page, newest first, one more than ``limit`` when there are more (see ``page``)."""
    reader = "all" if role is None else "mine" if only_mine else "seat"
    values: dict[str, Any] = {"table_id": table_id, "limit": limit + 1, "before": before, "upto": upto_seq}
    if role is not None:
        values["mine"] = like_escaped(f",{role},")
    return list(db.connection().execute(page_query(reader, before is not None, upto_seq is not None), values).all())


def newest_rows(db: Session, table_id: int, role: str | None, limit: int, only_mine: bool, tip: int) -> list[Any]:
    """The rows of the newest page (as ``page_rows``) for a reader whose table row says ``tip``: kept in memory
    when this process knows that tip's page (``kept_log``), else read with the tip and kept."""
    reader = "all" if role is None else "mine" if only_mine else "seat"
    if db.info.get(UNCOMMITTED) is not None and db.info[UNCOMMITTED] is db.get_transaction():
        return page_rows(db, table_id, role, limit, only_mine=only_mine)  # this transaction wrote the log
    store = kept_log.pages_for(db)
    key = (table_id, reader, role, limit)
    ascii_case = db.get_bind().dialect.name == "sqlite"
    found = store.get(key, tip, ascii_case)
    if found is not None:
        return found
    values: dict[str, Any] = {"table_id": table_id, "limit": limit + 1}
    if role is not None:
        values["mine"] = like_escaped(f",{role},")
    found = list(db.connection().execute(page_query(reader, False, False, tip=True), values).all())
    if found:  # an empty page says no tip: read again next time
        store.put(key, found[0].tip, found)
    return found


def page(
    db: Session,
    table_id: int,
    role: str | None,
    game: Game,
    renderer: Renderer,
    limit: int = PAGE,
    before: int | None = None,
    only_mine: bool = False,
    upto_seq: int | None = None,
    tip: int | None = None,
) -> dict[str, Any]:
    """One page of the entries ``role`` may read, newest first: ``{"entries", "more"}``; each entry has its id
    (an anchor), the move's seq, its text, its rule (id and section title) and whether it was private;
    ``upto_seq``: only the entries of the moves up to that seq (a replay's step); ``tip``: the table's log tip
    as the reader's table row says it, for the newest page (of at most ``PAGE`` entries) kept in memory."""
    limit = max(1, min(limit, MAX_PAGE))
    if tip is None or before is not None or upto_seq is not None or limit > PAGE:
        found = page_rows(db, table_id, role, limit, before, only_mine, upto_seq)
        return {"entries": [entry_of(r, game, renderer) for r in found[:limit]], "more": len(found) > limit}
    found = newest_rows(db, table_id, role, limit, only_mine, tip)
    # the entries of the rows this reader's newest page showed last time, reused for the very row objects they were
    # made from (kept_log keeps them): a row read again, or an id given again after an undo on SQLite, is made
    # afresh. Entries are never changed by their readers.
    key = (table_id, role, only_mine, limit, game, renderer.key)
    before_now = RENDERED.pages.get(key) or {}
    entries = []
    for r in found[:limit]:
        shown = before_now.get(r.id)
        entries.append(shown[1] if shown is not None and shown[0] is r else entry_of(r, game, renderer))
    RENDERED.pages.put(key, {r.id: (r, e) for r, e in zip(found, entries, strict=False)})
    return {"entries": entries, "more": len(found) > limit}


def entry_of(row: Any, game: Game, renderer: Renderer) -> dict[str, Any]:
    """A stored row as its reader sees it (``page``'s entries)."""
    return {"id": row.id, "seq": row.seq, "private": row.audience != "*", **RENDERED.render(game, renderer, row.entry)}


def readable_row(db: Session, table_id: int, role: str | None, entry_id: int) -> Any | None:
    """The stored row of the entry ``entry_id`` if ``role`` (None: a spectator) may read it, else None."""
    found = page_rows(db, table_id, role, 1, before=entry_id + 1)
    return found[0] if found and found[0].id == entry_id else None


# the entries a seat may read after one of its moves, with who made each move (``since``): a statement made once and
# read through the session's connection (a statement built and run through the ORM for each page that shows it
# cost ~0.6 ms more; bench/RESULTS.md)
SINCE = (
    select(LogEntry.id, LogEntry.seq, LogEntry.audience, cast(LogEntry.entry, Text).label("entry"), Move.role)
    .outerjoin(Move, (Move.table_id == LogEntry.table_id) & (Move.seq == LogEntry.seq))
    .where(
        LogEntry.table_id == bindparam("table_id"),
        LogEntry.seq > bindparam("after"),
        or_(LogEntry.audience == "*", LogEntry.audience.like(bindparam("mine"), escape="/")),
    )
    .order_by(LogEntry.id.desc())
    .limit(bindparam("limit"))
)


def since(
    db: Session, table_id: int, role: str, game: Game, renderer: Renderer, after_seq: int, limit: int = MAX_PAGE
) -> dict[str, Any]:
    """What ``role`` may read that happened after its move ``after_seq``, oldest first, grouped by move:
    ``{"moves": [{"seq", "role", "entries"}], "more"}`` (``role``: who made the move, None for the setup;
    ``more``: older entries left out, the full log has them)."""
    values = {"table_id": table_id, "after": after_seq, "mine": like_escaped(f",{role},"), "limit": limit + 1}
    found = read_columns(db, SINCE, values).all()
    moves: list[dict[str, Any]] = []
    for r in reversed(found[:limit]):
        if not moves or moves[-1]["seq"] != r.seq:
            moves.append({"seq": r.seq, "role": r.role, "entries": []})
        moves[-1]["entries"].append(
            {"id": r.id, "seq": r.seq, "private": r.audience != "*", **RENDERED.render(game, renderer, r.entry)}
        )
    return {"moves": moves, "more": len(found) > limit}
