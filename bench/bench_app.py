"""The app as `siglo serve` builds it (settings from the environment), plus the floor route of
bench/bench_move.py: a bare endpoint that makes one database commit. Served by bench/bench_server.py as

    python -m uvicorn bench.bench_app:app
"""
from __future__ import annotations

from sqlalchemy import text

from app.main import create_app, tune_garbage_collector

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

