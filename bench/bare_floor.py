"""The issue's own floor (issue 15: "a minimal FastAPI sync endpoint, one INSERT + COMMIT"): no middleware, no
SQLAlchemy, no login — one connection per worker thread through the driver itself. `bench/bench_move.py` times it
beside the app's own floor route (`bench/bench_app.py`), so both ratios are in the same run.

    BARE_DATABASE_URL=sqlite:////tmp/x.db python -m uvicorn bench.bare_floor:app
"""

from __future__ import annotations

import os
import sqlite3
import threading
from typing import Any

from fastapi import FastAPI

URL = os.environ["BARE_DATABASE_URL"]
app = FastAPI()
_local = threading.local()


def _connect() -> Any:
    """A DB-API connection (sqlite3's or psycopg's: the floor uses only execute and commit)."""
    conn: Any
    if URL.startswith("sqlite:///"):
        conn = sqlite3.connect(URL[len("sqlite:///") :], check_same_thread=False, timeout=30)
        conn.execute("PRAGMA journal_mode=WAL")
    else:
        import psycopg

        conn = psycopg.connect(URL.replace("postgresql+psycopg://", "postgresql://"))
    conn.execute("CREATE TABLE IF NOT EXISTS bare_floor (x INTEGER)")
    conn.commit()
    return conn


@app.post("/floor")
def floor():
    conn = getattr(_local, "conn", None)
    if conn is None:
        conn = _local.conn = _connect()
    conn.execute("INSERT INTO bare_floor VALUES (1)")
    conn.commit()
    return {"ok": True}
