"""The app as `siglo serve` builds it (settings from the environment), plus the benchmark routes of
bench/bench_move.py: a bare endpoint that makes one database commit (the app's floor), and a move's and a
seat's view's skeletons (the hot routes' framework and database work without the game). Served by
bench/bench_server.py and bench/bench_move.py as

    python -m uvicorn bench.bench_app:app
"""

from __future__ import annotations

import threading

import orjson
from fastapi import Response
from sqlalchemy import inspect, text
from sqlalchemy.exc import DBAPIError

from app.deps import CSRF, PlayerHop, RowId, SeatQuery, WatcherHop, seat_of
from app.main import create_app, tune_garbage_collector
from app.routes.api import ActionRequest
from app.services import gamelog, play, table_views, tables

app = create_app()
tune_garbage_collector()  # as app.asgi does


def _floor_commit() -> None:
    with app.state.sessions() as db:
        db.execute(text("UPDATE users SET username = username WHERE id = 1"))
        db.commit()


@app.post("/bench/floor")
def floor():
    """A sync route like the move route (FastAPI runs it in the thread pool): parse nothing, one commit."""
    _floor_commit()
    return {"ok": True}


@app.get("/bench/ping")
async def ping():
    """No database at all: the cost of HTTP + FastAPI alone."""
    return {"ok": True}


try:  # the skeleton's own table (the game's tables stay as the game left them)
    with app.state.engine.begin() as conn:
        conn.execute(text("CREATE TABLE IF NOT EXISTS bench_skeleton (table_id INTEGER, seq INTEGER, entry TEXT)"))
except DBAPIError:  # two workers creating it at once on PostgreSQL: one of them wins
    if not inspect(app.state.engine).has_table("bench_skeleton"):
        raise
_VIEWS: dict[int, bytes] = {}  # a table's real API view, read once: the skeleton's answer has its size
_VIEWS_LOCK = threading.Lock()
_STATE = "x" * 3000  # about a 15 Días snapshot's size
_ADVANCE = text("UPDATE tables SET seq = seq WHERE id = :id AND seq = :seq")  # a write that changes nothing
_WRITE = text("INSERT INTO bench_skeleton (table_id, seq, entry) VALUES (:id, :seq, :entry)")


def _answer(db, table, role) -> Response:
    with _VIEWS_LOCK:
        view = _VIEWS.get(table.id)
    if view is None:
        view = orjson.dumps(table_views.table_view(db, play.load(db, table), role))
        with _VIEWS_LOCK:
            _VIEWS[table.id] = view
    return Response(view, media_type="application/json")


def _log_page(db, table, role) -> None:
    gamelog.page_rows(db, table.id, role, gamelog.VIEW_PAGE)  # the view's page of the log, read but not rendered


@app.post("/bench/skeleton/{table_id}", dependencies=[CSRF])
def skeleton(hop: PlayerHop, table_id: RowId, body: ActionRequest):
    """A move's skeleton: what the API move route does with the framework and the database, without the rules,
    the view's building or its words (issue 15: how much of a move's 3× budget the stack takes). The same
    middleware, login, CSRF check, body model, one worker-thread hop and table query as the move route; then
    its writes' round trips — the table's UPDATE, an INSERT for the move, the log entries in one executemany,
    a snapshot-sized INSERT — one COMMIT, the log page's query, and the table's real view as the answer (read
    once per table, so the answer is a real view's size)."""
    with hop.at(table_id) as (db, user, table):
        role = tables.acting_role(table, user, body.role)
        conn = db.connection()
        conn.execute(_ADVANCE, {"id": table.id, "seq": table.seq})
        conn.execute(_WRITE, {"id": table.id, "seq": body.seq, "entry": body.verb})
        conn.execute(_WRITE, [{"id": table.id, "seq": body.seq, "entry": '{"text": "a log entry"}'}] * 2)
        conn.execute(_WRITE, {"id": table.id, "seq": body.seq, "entry": _STATE})
        db.commit()
        _log_page(db, table, role)
        return _answer(db, table, role)


@app.get("/bench/skeleton/{table_id}")
def view_skeleton(hop: WatcherHop, table_id: RowId, as_: SeatQuery = None):
    """A seat's view's skeleton, as the move's: the view route's login, table query and log page query, and the
    table's real view as the answer, without the view's building or its words."""
    with hop.at(table_id) as (db, user, table):
        role = seat_of(table, user, as_)
        _log_page(db, table, role)
        return _answer(db, table, role)


# the benchmark's routes first, as the hot routes' routers are (app.main): a route tried before the one that
# matches costs its path check (~3 µs a route with FastAPI's included routers), which the moves do not pay
_ours = [r for r in app.router.routes if getattr(r, "path", "").startswith("/bench/")]
app.router.routes[:] = _ours + [r for r in app.router.routes if r not in _ours]
