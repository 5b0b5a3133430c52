"""A move's round trip against the floor, with the server in its own process (issue 15, target 1).

    python bench/bench_move.py [--moves 300] [--runs 3] [--database-url postgresql://…] [--game 15-dias]

The server is `bench/bench_app.py` (the app as `siglo serve` builds it, plus `/bench/floor`: a bare sync
endpoint making one commit) under uvicorn in a process of its own; this process is the only client, one
request at a time. Each run starts a fresh database (a SQLite file, or a new database on the PostgreSQL server
given) and a fresh server, creates hot-seat tables of a real game (15 Días, 4 players by default, every seat
the benchmark's) and plays each table to its end with random legal moves. Before every timed move the client
times one floor request and reads the acting seat's view (untimed), so floors and moves interleave in the same
second. Moves alternate between the JSON API (`POST /api/v1/tables/{id}/actions`, answered with the seat's view)
and HTMX (`POST /tables/{id}/act` with `HX-Request`, answered with the live partial); both log in with the
same cookie session. Before an HTMX move the seat's page fetches its live table as the last move's news would
have it do (untimed), and the move then says what that page holds (`X-Live-Have`, `bench/live_page.py`): a
server that answers with the changed sections alone (app/live_parts.py) is timed as a page uses it; the
answer's bytes (as decoded, and as sent, gzip) are reported too.

The same run also times the issue's own floor, `bench/bare_floor.py` (a minimal FastAPI sync endpoint: one INSERT
+ COMMIT through the driver, no middleware, no SQLAlchemy, no login) in a second server process on the same
database, right after the app's floor; the report gives the moves' ratios to both. Before each move it also
times the seat's API view, the view's skeleton and the move's skeleton (`/bench/skeleton/{id}` of bench_app, GET
and POST: the routes' framework, login, table query and database round trips, a real view's bytes as the answer,
but no rules, no view built, no words): how much of the budget the stack itself takes.

Each request is timed twice: its round trip as the client sees it (wall time, which on a shared machine includes
waiting for a CPU), and the CPU time the server's threads spent meanwhile (the scheduler's own count, from
/proc/<pid>/task/*/schedstat, Linux), which other jobs on the machine barely change. Prints, per run, the medians
and the ratios move/floor; then the min, median and max over the runs, the targets first (issue 26): each move
against the move's skeleton timed just before it, API ≤ 1.25×, HTMX ≤ 1.40× of the round trip. `compare.py` runs
the same for two commits, in turn.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.live_page import LivePage  # noqa: E402

ROLES = {"15-dias": ["player1", "player2", "player3", "player4"], "toy-duel": ["north", "south"]}


def fresh_database(url: str | None, tmp: Path) -> tuple[str, Callable[[], None]]:
    """A new database: a SQLite file in ``tmp``, or a new database on the PostgreSQL server ``url``; returns its
    URL and a function that drops it."""
    from sqlalchemy import create_engine, text

    from app.db import normalise_url

    if not url:
        return f"sqlite:///{tmp}/bench.db", lambda: None
    name = "siglo_bench_" + uuid.uuid4().hex[:8]

    def admin(sql: str) -> None:
        e = create_engine(normalise_url(url), isolation_level="AUTOCOMMIT")
        with e.connect() as c:
            c.execute(text(sql))
        e.dispose()

    admin(f'CREATE DATABASE "{name}"')
    return normalise_url(url).rpartition("/")[0] + "/" + name, lambda: admin(
        f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'
    )


def uvicorn(
    app: str,
    port: int,
    env: dict[str, str],
    log: Path,
    probe,
    args: tuple[str, ...] = (),
    seconds: float = 60,
    tree: Path = ROOT,
) -> subprocess.Popen:
    """``app`` under uvicorn in a process of its own, once ``probe(base_url)`` answers 200 (the benchmarks'
    servers: bench_app, bare_floor; bench_server.py uses it too); ``tree``: the checkout whose code it runs."""
    with open(log, "ab") as err:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                app,
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--log-level",
                "warning",
                "--no-access-log",
                *args,
            ],
            cwd=tree,
            env={**os.environ, "PYTHONPATH": str(tree), **env},
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"{app} died: " + log.read_text(errors="replace")[-2000:])
        try:
            if probe(f"http://127.0.0.1:{port}").status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"{app} did not start")


def app_env(url: str, tmp: Path) -> dict[str, str]:
    """The benchmark app's settings: a fresh secret, no bots, the toy games too."""
    return {
        "DATABASE_URL": url,
        "SIGLO_SECRET_KEY": "bench-" + "k" * 40,
        "SIGLO_SECRET_FILE": str(tmp / "secret"),
        "SIGLO_BOTS_ENABLED": "false",
        "SIGLO_EXTRA_GAMES": '["tests.support.toy_game:GAME"]',
    }


def start_server(url: str, port: int, tmp: Path, tree: Path = ROOT) -> subprocess.Popen:
    """``tree``'s bench_app (the app with the floor and the skeletons) on ``url``, migrated by that tree's code."""
    subprocess.run(
        [sys.executable, "-c", "import sys; from app.migrate import upgrade; upgrade(sys.argv[1])", url],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        check=True,
    )
    return uvicorn(
        "bench.bench_app:app",
        port,
        app_env(url, tmp),
        tmp / "server.log",
        lambda base: httpx.get(base + "/api/v1/games", timeout=2),
        tree=tree,
    )


def start_bare_floor(url: str, port: int, tmp: Path) -> subprocess.Popen:
    """``bench/bare_floor.py`` under uvicorn: the issue's minimal floor, on the run's database."""
    return uvicorn(
        "bench.bare_floor:app",
        port,
        {"BARE_DATABASE_URL": url},
        tmp / "bare.log",
        lambda base: httpx.post(base + "/floor", timeout=2),
    )


def server_cpu(pid: int) -> float:
    """Seconds the server process's threads have run on a CPU (the scheduler's exact count, in nanoseconds,
    summed over its threads): what a request costs the server, whatever the machine's other jobs do."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError, ValueError, IndexError):  # a thread that ended meanwhile
            total += int((task / "schedstat").read_text().split()[0])
    return total / 1e9


T = TypeVar("T")


def csrf_of(page: str) -> str:
    """The CSRF token a page carries (its ``<meta name="csrf-token">``)."""
    found = re.search(r'name="csrf-token" content="([^"]*)"', page)
    if found is None:
        raise RuntimeError("the page carries no CSRF token")
    return found.group(1)


def timed(pid: int, call: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[T, float, float]:
    """(the result of ``call(*args, **kwargs)``, its wall time, the server CPU it took)."""
    c0, t0 = server_cpu(pid), time.perf_counter()
    result = call(*args, **kwargs)
    elapsed = time.perf_counter() - t0
    return result, elapsed, server_cpu(pid) - c0


def one_run(url: str | None, port: int, game: str, moves: int, seed: int, tree: Path = ROOT) -> dict[str, list[float]]:
    """One run against ``tree``'s app (the bare floor is always this checkout's): every request's round trip and
    server CPU, in seconds, by kind."""
    tmp = Path(tempfile.mkdtemp(prefix="siglo-bench-move-"))
    db_url, drop = fresh_database(url, tmp)
    proc = start_server(db_url, port, tmp, tree)
    bare_proc = start_bare_floor(db_url, port + 1, tmp)
    roles = ROLES[game]
    times: dict[str, list[float]] = {
        k: []
        for k in (
            "floor",
            "api",
            "htmx",
            "bare",
            "skeleton",
            "view skeleton",
            "view",
            "floor cpu",
            "api cpu",
            "htmx cpu",
            "bare cpu",
            "skeleton cpu",
            "view skeleton cpu",
            "view cpu",
            "htmx bytes",
            "htmx wire bytes",
        )
    }
    pages: dict[tuple[int, str], LivePage] = {}  # each seat's page, kept as its script keeps it
    try:
        c = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
        bare = httpx.Client(base_url=f"http://127.0.0.1:{port + 1}", timeout=30)
        csrf = csrf_of(c.get("/register").text)
        r = c.post("/register", data={"username": "bench", "password": "bench password", "csrf_token": csrf})
        assert r.status_code in (200, 303), r.text[:300]
        csrf = csrf_of(c.get("/").text)
        headers = {"X-CSRF-Token": csrf}
        rng = random.Random(seed)

        def new_table() -> int:
            r = c.post(
                "/api/v1/tables",
                json={"game": game, "seats": dict.fromkeys(roles, "me"), "seed": rng.randrange(2**40)},
                headers=headers,
            )
            assert r.status_code == 201, r.text[:300]
            return r.json()["id"]

        table, role, done = new_table(), roles[0], 0
        while done < moves:
            _, floor, floor_cpu = timed(proc.pid, c.post, "/bench/floor")
            _, bare_floor, bare_cpu = timed(bare_proc.pid, bare.post, "/floor")
            r, view, view_cpu = timed(proc.pid, c.get, f"/api/v1/tables/{table}", params={"as": role})
            v = r.json()
            if v["status"] == "finished":
                table, role = new_table(), roles[0]
                continue
            if not v["actions"]:
                role = next(x for x in v["active_roles"] if x in roles)
                continue
            a = rng.choice(v["actions"])
            move = {"seq": v["seq"], "verb": a["verb"], "arg": a["arg"], "role": role}
            _, view_skeleton, view_skeleton_cpu = timed(
                proc.pid, c.get, f"/bench/skeleton/{table}", params={"as": role}
            )
            r, skeleton, skeleton_cpu = timed(proc.pid, c.post, f"/bench/skeleton/{table}", headers=headers, json=move)
            assert r.status_code == 200, (r.status_code, r.text[:300])
            mode = "api" if done % 2 == 0 else "htmx"
            if mode == "api":
                r, elapsed, cpu = timed(proc.pid, c.post, f"/api/v1/tables/{table}/actions", headers=headers, json=move)
            else:
                # the seat's page as its news left it: the live table fetched on the last move's news (untimed)
                page = pages.setdefault((table, role), LivePage())
                live = c.get(
                    f"/tables/{table}/live", params={"as": role}, headers={"HX-Request": "true", **page.headers()}
                )
                page.update(live.text)
                r, elapsed, cpu = timed(
                    proc.pid,
                    c.post,
                    f"/tables/{table}/act",
                    headers={**headers, "HX-Request": "true", **page.headers()},
                    data={**move, "arg": json.dumps(a["arg"])},
                )
                page.update(r.text)
                times["htmx bytes"].append(len(r.content))
                times["htmx wire bytes"].append(r.num_bytes_downloaded)
            assert r.status_code == 200, (r.status_code, r.text[:300])
            for key, value in (
                ("floor", floor),
                ("floor cpu", floor_cpu),
                ("bare", bare_floor),
                ("bare cpu", bare_cpu),
                ("skeleton", skeleton),
                ("skeleton cpu", skeleton_cpu),
                ("view", view),
                ("view cpu", view_cpu),
                ("view skeleton", view_skeleton),
                ("view skeleton cpu", view_skeleton_cpu),
                (mode, elapsed),
                (mode + " cpu", cpu),
            ):
                times[key].append(value)
            done += 1
    finally:
        for p in (proc, bare_proc):
            p.terminate()
            p.wait(10)
        drop()
    return times


TARGETS = (("api", 1.25, "API move / a move's skeleton"), ("htmx", 1.40, "HTMX move / a move's skeleton"))


def medians(times: dict[str, list[float]]) -> dict[str, float]:
    """A run's median of each kind, in ms (sizes in bytes)."""
    return {k: statistics.median(v) * (1 if k.endswith("bytes") else 1000) for k, v in times.items() if v}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--moves", type=int, default=300, help="timed moves per run (half API, half HTMX)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--database-url", default=None, help="a PostgreSQL server (default: SQLite files)")
    ap.add_argument("--game", default="15-dias", choices=sorted(ROLES))
    ap.add_argument("--port", type=int, default=8771)
    args = ap.parse_args()
    load = os.getloadavg()
    db = "PostgreSQL" if args.database_url else "SQLite"
    rows = []
    for run in range(args.runs):
        med = medians(one_run(args.database_url, args.port, args.game, args.moves, run + 1))
        rows.append(med)
        print(
            f"run {run + 1}: skeleton {med['skeleton']:.2f} ms, API move {med['api']:.2f} ms "
            f"({med['api'] / med['skeleton']:.2f}×), HTMX move {med['htmx']:.2f} ms "
            f"({med['htmx'] / med['skeleton']:.2f}×); server CPU: skeleton {med['skeleton cpu']:.2f} ms, API "
            f"{med['api cpu']:.2f} ms ({med['api cpu'] / med['skeleton cpu']:.2f}×), HTMX {med['htmx cpu']:.2f} ms "
            f"({med['htmx cpu'] / med['skeleton cpu']:.2f}×); bare floor {med['bare']:.2f} ms (API "
            f"{med['api'] / med['bare']:.2f}×, HTMX {med['htmx'] / med['bare']:.2f}×)",
            file=sys.stderr,
        )
    print(
        f"# Move round trip vs floor — {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {db}, {args.game}, "
        f"{args.runs} runs × {args.moves} moves, load average before {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}\n"
    )
    print("| median per run | min of runs | median of runs | max of runs |\n|---|---|---|---|")
    for kind in ("", " cpu"):  # the targets first: each move against the skeleton timed just before it
        what = "server CPU" if kind else "round trip"
        for key, target, label in TARGETS:
            vals = [r[key + kind] / r["skeleton" + kind] for r in rows]
            bound = f" (target ≤ {target:.2f}×)" if not kind else ""
            print(
                f"| **{label}, {what}**{bound} | {min(vals):.2f}× | **{statistics.median(vals):.2f}×** "
                f"| {max(vals):.2f}× |"
            )
    for kind in ("", " cpu"):
        what = "server CPU ms" if kind else "round trip ms"
        for key, label in (
            ("floor", "app floor"),
            ("bare", "bare floor"),
            ("skeleton", "a move's skeleton"),
            ("api", "API move"),
            ("htmx", "HTMX move"),
            ("view skeleton", "a view's skeleton"),
            ("view", "API view"),
        ):
            vals = [r[key + kind] for r in rows]
            print(f"| {label}, {what} | {min(vals):.2f} | {statistics.median(vals):.2f} | {max(vals):.2f} |")
        if not kind:
            for key, label in (("htmx bytes", "HTMX answer, bytes"), ("htmx wire bytes", "HTMX answer, bytes sent")):
                vals = [r[key] for r in rows if key in r]
                if vals:
                    print(f"| {label} | {min(vals):.0f} | {statistics.median(vals):.0f} | {max(vals):.0f} |")
        for floor, name in (("floor", "app floor"), ("bare", "bare floor")):
            for key, label in (("skeleton", "a move's skeleton"), ("api", "API move"), ("htmx", "HTMX move")):
                vals = [r[key + kind] / r[floor + kind] for r in rows]
                print(
                    f"| {label} / {name}, {what} | {min(vals):.2f}× | {statistics.median(vals):.2f}× "
                    f"| {max(vals):.2f}× |"
                )


if __name__ == "__main__":
    main()
