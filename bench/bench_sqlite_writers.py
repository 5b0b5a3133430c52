"""Contended SQLite writers: the app's engine (writers take turns on a lock, app.db.SerializedWriters) against a
plain engine whose writers wait in SQLite's busy handler, in turn, run by run.

    python bench/bench_sqlite_writers.py [--threads 16] [--transactions 150] [--runs 3]

Each thread plays a table: read its row, 0.5 ms of "rules", UPDATE the row (~0.8 kB), INSERT a move, COMMIT.
Prints transactions per second and the process's CPU seconds for each engine and run, as Markdown.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from sqlalchemy import create_engine, event, text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.db import make_engine


def plain_engine(url: str):
    e = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30}, pool_size=40)

    @event.listens_for(e, "connect")
    def _pragmas(conn, _record):
        cur = conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.close()

    return e


def run(kind: str, threads: int, transactions: int, folder: str) -> tuple[float, float]:
    url = "sqlite:///" + tempfile.mktemp(suffix=".db", dir=folder)
    engine = make_engine(url) if kind == "app" else plain_engine(url)
    with engine.begin() as c:
        c.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, seq INTEGER, state TEXT)"))
        c.execute(text("CREATE TABLE m (t INTEGER, seq INTEGER, arg TEXT)"))
        for i in range(threads):
            c.execute(text("INSERT INTO t VALUES (:i, 0, :s)"), {"i": i, "s": "x" * 800})

    def table(i: int) -> None:
        for k in range(transactions):
            with engine.connect() as c:
                c.execute(text("SELECT * FROM t WHERE id = :i"), {"i": i}).all()
                time.sleep(0.0005)
                c.execute(text("UPDATE t SET seq = seq + 1, state = :s WHERE id = :i"), {"i": i, "s": "y" * 800})
                c.execute(text("INSERT INTO m VALUES (:i, :k, :a)"), {"i": i, "k": k, "a": "z" * 300})
                c.commit()

    workers = [threading.Thread(target=table, args=(i,)) for i in range(threads)]
    t0, c0 = time.perf_counter(), time.process_time()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    with engine.connect() as c:
        assert c.execute(text("SELECT COUNT(*) FROM m")).scalar() == threads * transactions
    engine.dispose()
    return threads * transactions / wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--threads", type=int, default=16)
    ap.add_argument("--transactions", type=int, default=150)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    load = os.getloadavg()
    rows: dict[str, list[tuple[float, float]]] = {"app": [], "busy handler": []}
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(args.runs):
            for kind in rows:
                rows[kind].append(run("app" if kind == "app" else "plain", args.threads, args.transactions, folder))
    print(
        f"`python bench/bench_sqlite_writers.py --threads {args.threads} --transactions {args.transactions} "
        f"--runs {args.runs}`, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average before "
        f"{load[0]:.2f}\n"
    )
    print("| writers wait | transactions/s per run | median | CPU s per run |")
    print("|---|---|---|---|")
    for kind, got in rows.items():
        print(
            f"| {kind} | {', '.join(f'{r:.0f}' for r, _ in got)} | {statistics.median(r for r, _ in got):.0f} | "
            f"{', '.join(f'{c:.2f}' for _, c in got)} |"
        )


if __name__ == "__main__":
    main()
