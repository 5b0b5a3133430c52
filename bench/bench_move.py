"""A move's round trip (POST -> apply -> commit -> rendered HTMX partial) against the floor: a bare endpoint
plus one database commit, in the same run, same server, same database.

    python bench/bench_move.py [--moves 500] [--database-url URL] [--game 15-dias --option players=8]

Default database: a fresh SQLite file; default game: the test game (tests/support/toy_game.py). With a real game
every seat is the benchmark's (hot-seat) and each move is the first action offered; the later moves of a long
game show what its length costs. Prints a Markdown table; paste it into bench/README.md.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn
from sqlalchemy import text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.config import Settings  # noqa: E402
from app.main import create_app  # noqa: E402
from app.migrate import upgrade  # noqa: E402
from engines import registry  # noqa: E402
from tests.support.toy_game import GAME  # noqa: E402


def build_app(database_url: str, secret_file: Path):
    registry.register(GAME)
    upgrade(database_url)
    app = create_app(Settings(database_url=database_url, secret_key="bench-" + "k" * 40, bots_enabled=False,
                              secret_file=secret_file))

    @app.post("/bench/floor")
    def floor():
        with app.state.sessions() as db:
            db.execute(text("UPDATE users SET username = username WHERE id = 1"))
            db.commit()
        return {"ok": True}

    return app


def serve(app, port: int) -> uvicorn.Server:
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return server


def percentiles(samples: list[float]) -> dict[str, float]:
    q = statistics.quantiles(samples, n=100)
    return {"p50": q[49] * 1000, "p95": q[94] * 1000, "p99": q[98] * 1000, "mean": statistics.fmean(samples) * 1000}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=500)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--game", default=GAME.id)
    parser.add_argument("--option", action="append", default=[], help="key=value (JSON values)")
    args = parser.parse_args()
    options = {k: json.loads(v) for k, _, v in (o.partition("=") for o in args.option)}
    tmp = Path(tempfile.mkdtemp())
    url = args.database_url or f"sqlite:///{tmp}/bench.db"
    server = serve(build_app(url, tmp / "secret"), args.port)
    base = f"http://127.0.0.1:{args.port}"
    c = httpx.Client(base_url=base, timeout=30)
    c.get("/register")
    csrf = c.cookies["siglo_csrf"]
    name = f"bench{int(time.time())}"
    c.post("/register", data={"username": name, "password": "bench password", "csrf_token": csrf})
    headers = {"X-CSRF-Token": csrf, "HX-Request": "true"}

    game = registry.get_game(args.game)
    seats = {role: "me" for role in game.roles(game.parse_options(options))}

    def new_table() -> int:
        r = c.post("/api/v1/tables", json={"game": game.id, "options": options, "seats": seats, "seed": 1},
                   headers={"X-CSRF-Token": csrf})
        return r.json()["id"]

    move_times, floor_times = [], []
    table = new_table()
    for i in range(args.moves):
        t0 = time.perf_counter()
        c.post("/bench/floor", headers=headers)
        floor_times.append(time.perf_counter() - t0)
        view = c.get(f"/api/v1/tables/{table}").json()
        if view["outcome"]:
            table = new_table()
            view = c.get(f"/api/v1/tables/{table}").json()
        role = view["active_roles"][0]
        view = c.get(f"/api/v1/tables/{table}?as={role}").json()
        a = view["actions"][0]
        form = {"seq": view["seq"], "verb": a["verb"], "arg": json.dumps(a["arg"]), "role": role, "csrf_token": csrf}
        t0 = time.perf_counter()
        r = c.post(f"/tables/{table}/act", data=form, headers=headers)
        move_times.append(time.perf_counter() - t0)
        assert r.status_code == 200, r.text[:300]
    server.should_exit = True
    move, floor = percentiles(move_times), percentiles(floor_times)
    db = "PostgreSQL" if url.startswith("postgres") else "SQLite"
    print(f"# Move round trip vs floor — {time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, {db}, {game.id} {options}, {args.moves} moves\n")
    print("| request | mean ms | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|")
    for label, p in (("move (POST, apply, commit, rendered partial)", move), ("floor (bare endpoint + 1 commit)", floor)):
        print(f"| {label} | {p['mean']:.2f} | {p['p50']:.2f} | {p['p95']:.2f} | {p['p99']:.2f} |")
    print(f"\nRatio move/floor: p50 {move['p50'] / floor['p50']:.2f}×, p95 {move['p95'] / floor['p95']:.2f}×")


if __name__ == "__main__":
    main()
