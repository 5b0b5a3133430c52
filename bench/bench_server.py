"""The server under load, on PostgreSQL (or SQLite: give `sqlite` for the URL): N concurrent tables played by HTTP bot clients, each table watched
over SSE, against the floor (a bare endpoint + one commit) measured in the same run.

    python bench/bench_server.py postgresql://postgres:postgres@127.0.0.1:5432/postgres \
        [--tables 50,200,500] [--seconds 20] [--think 1.0] [--game 15-dias] [--workers 1] [--profile]

The URL names a PostgreSQL server; the benchmark creates a fresh database on it (dropped at the end unless
--keep). The app runs in its own uvicorn process (bench/bench_app.py: the app + /bench/floor), so the clients
(asyncio + httpx, in this process) do not share its GIL.

For each N: N hot-seat tables (one user holds every seat) are created, a bot coroutine per table plays random legal
moves with a think time of --think seconds (uniform 0.5x-1.5x) between moves: GET the acting seat's view, POST
the move (the timed round trip). One SSE stream per table notes when each move's news arrives. A floor probe
POSTs /bench/floor every --floor-every seconds (0.1) in the same run, under the same load. After each level the move log of every table
is checked: seqs 1..n without gap or duplicate, every acknowledged move present, nothing else.

Prints a Markdown report (paste it into bench/RESULTS.md). --profile runs py-spy on the server process during
the largest level and prints where the time goes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SHARD = 20  # tables per HTTP client (see run_level)
ROLES = {"15-dias": ["player1", "player2", "player3", "player4"], "toy-duel": ["north", "south"], "planet-king": None}


def pct(samples: list[float]) -> dict[str, float]:
    if len(samples) < 2:
        v = samples[0] * 1000 if samples else float("nan")
        return {"n": len(samples), "p50": v, "p95": v, "p99": v, "mean": v}
    q = statistics.quantiles(samples, n=100, method="inclusive")
    return {
        "n": len(samples),
        "p50": q[49] * 1000,
        "p95": q[94] * 1000,
        "p99": q[98] * 1000,
        "mean": statistics.fmean(samples) * 1000,
    }


# ----- database -----


def admin(server_url: str, sql: str) -> None:
    from sqlalchemy import create_engine, text

    from app.db import normalise_url

    e = create_engine(normalise_url(server_url), isolation_level="AUTOCOMMIT")
    with e.connect() as c:
        c.execute(text(sql))
    e.dispose()


def fresh_database(server_url: str) -> str:
    from app.db import normalise_url

    name = "siglo_bench_" + uuid.uuid4().hex[:8]
    admin(server_url, f'CREATE DATABASE "{name}"')
    return normalise_url(server_url).rpartition("/")[0] + "/" + name


def check_logs(url: str, acked: dict[int, list[tuple]]) -> dict[str, int]:
    """Every table's log: seqs 1..n, no gap or duplicate; every acknowledged move is the log's move at its seq;
    the log holds no move nobody was told about (no lost answer was possible unless a request errored)."""
    from sqlalchemy import create_engine, select

    from app.db import normalise_url
    from app.models import GameTable, Move

    e = create_engine(normalise_url(url))
    out: Counter[str] = Counter()
    with e.connect() as c:
        for table_id, moves in acked.items():
            seq = c.execute(select(GameTable.seq).where(GameTable.id == table_id)).scalar_one()
            rows = c.execute(
                select(Move.seq, Move.role, Move.verb, Move.arg).where(Move.table_id == table_id).order_by(Move.seq)
            ).all()
            seqs = [r.seq for r in rows]
            if seqs != list(range(1, seq + 1)):
                out["tables with a gap or duplicate"] += 1
            by_seq = {r.seq: (r.role, r.verb, r.arg) for r in rows}
            for s, role, verb, arg in moves:
                if by_seq.get(s) != (role, verb, arg):
                    out["acknowledged moves missing"] += 1
            out["moves in the log"] += len(rows)
            out["moves acknowledged"] += len(moves)
    e.dispose()
    out["moves never acknowledged"] = out["moves in the log"] - out["moves acknowledged"]
    return dict(out)


# ----- the server process -----


def start_server(url: str, port: int, workers: int, tmp: Path, admission: int | None = None) -> subprocess.Popen:
    from bench.bench_move import app_env, uvicorn

    env = {
        **app_env(url, tmp),
        **({"SIGLO_MAX_CONCURRENT_REQUESTS": str(admission)} if admission else {}),
        # every client of the benchmark is this machine's one address: no registration limit in its way
        "SIGLO_REGISTRATIONS_PER_HOUR": "1000000",
    }
    return uvicorn(
        "bench.bench_app:app",
        port,
        env,
        tmp / "server.log",
        lambda base: httpx.get(base + "/api/v1/games", timeout=2),
        ("--workers", str(workers), "--timeout-graceful-shutdown", "2"),
        seconds=90,
    )


# ----- clients -----


class Level:
    def __init__(self, n: int):
        self.n = n
        self.move_times: list[float] = []
        self.get_times: list[float] = []
        self.floor_times: list[float] = []
        self.sse_delays: list[float] = []
        self.statuses: Counter = Counter()
        self.errors: Counter = Counter()
        self.acked: dict[int, list[tuple]] = defaultdict(list)
        self.sent_at: dict[tuple[int, int], float] = {}
        self.sse_missing = 0
        self.seconds = 0.0
        self.server_cpu = 0.0  # CPU seconds of the server's processes while the players played
        self.client_cpu = 0.0  # and of this process (the clients)


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of ``pid`` and its descendants (uvicorn's workers), from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    stats = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            stats[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    wanted, total = {pid}, 0.0
    while wanted:
        p = wanted.pop()
        total += stats.get(p, (0, 0.0))[1]
        wanted |= {c for c, (parent, _) in stats.items() if parent == p}
    return total


async def watch(client: httpx.AsyncClient, table: int, arrivals: dict, ready: asyncio.Event) -> None:
    try:
        async with client.stream("GET", f"/api/v1/tables/{table}/events") as r:
            kind = None
            async for line in r.aiter_lines():
                if line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: "):
                    if kind == "hello":
                        ready.set()
                    elif kind == "move":
                        arrivals[(table, int(line[6:]))] = time.perf_counter()
                # read on after the players stop: the last moves' news is still on its way (the watcher is
                # cancelled once the grace period is over; returning at the stop lost those events)
    except (httpx.HTTPError, asyncio.CancelledError):
        ready.set()


async def play(
    client: httpx.AsyncClient,
    table: int,
    roles: list[str],
    level: Level,
    think: float,
    stop: asyncio.Event,
    rng: random.Random,
) -> None:
    await asyncio.sleep(rng.uniform(0, think))  # spread the start
    role = roles[0]
    while not stop.is_set():
        try:
            t0 = time.perf_counter()
            r = await client.get(f"/api/v1/tables/{table}", params={"as": role})
            level.get_times.append(time.perf_counter() - t0)
            if r.status_code != 200:
                level.statuses[f"GET {r.status_code}"] += 1
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                continue
            v = r.json()
            if v["status"] == "finished":
                return
            if not v["actions"]:
                role = next((x for x in v["active_roles"] if x in roles), roles[0])
                continue
            a = rng.choice(v["actions"])
            body = {"seq": v["seq"], "verb": a["verb"], "arg": a["arg"], "role": role}
            t0 = time.perf_counter()
            r = await client.post(f"/api/v1/tables/{table}/actions", json=body)
            level.move_times.append(time.perf_counter() - t0)
            level.statuses[r.status_code] += 1
            if r.status_code == 200:
                level.acked[table].append((v["seq"] + 1, role, a["verb"], a["arg"]))
                level.sent_at[(table, v["seq"] + 1)] = t0
                active = r.json()["active_roles"]
                if role not in active and active:
                    role = next((x for x in active if x in roles), roles[0])
        except httpx.HTTPError as exc:
            level.errors[type(exc).__name__] += 1
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))


async def floor_probe(client: httpx.AsyncClient, level: Level, stop: asyncio.Event, every: float) -> None:
    while not stop.is_set():
        t0 = time.perf_counter()
        try:
            r = await client.post("/bench/floor")
            if r.status_code == 200:
                level.floor_times.append(time.perf_counter() - t0)
        except httpx.HTTPError as exc:
            level.errors["floor " + type(exc).__name__] += 1
        await asyncio.sleep(every)


async def run_level(
    base: str,
    token: str,
    game: str,
    roles: list[str],
    n: int,
    seconds: float,
    think: float,
    seed: int,
    on_start=None,
    floor_every: float = 0.1,
    server_pid: int | None = None,
) -> Level:
    level = Level(n)
    headers = {"Authorization": "Bearer " + token}
    # httpcore's pool checks every connection it holds on every request (has_expired, is_idle): one client with
    # 500 connections spent ~0.9 of a core on that alone and became the bottleneck of the 500-table level (the
    # server idled at ~0.4 core). So each client holds the connections of SHARD tables.
    shards = range((n + SHARD - 1) // SHARD)
    # a connection idle 4 s is dropped by the client, before uvicorn closes it at 5 s: with httpx's default (5 s,
    # the server's own) a table that thought ~5 s could send on a connection the server was closing (ReadError)
    limits = httpx.Limits(max_connections=SHARD + 2, max_keepalive_connections=SHARD + 2, keepalive_expiry=4.0)
    timeout = httpx.Timeout(60, connect=30)
    async with contextlib.AsyncExitStack() as stack:
        players_c = [
            await stack.enter_async_context(
                httpx.AsyncClient(base_url=base, headers=headers, limits=limits, timeout=timeout)
            )
            for _ in shards
        ]
        sse_c = [
            await stack.enter_async_context(
                httpx.AsyncClient(base_url=base, limits=limits, timeout=httpx.Timeout(None, connect=30))
            )
            for _ in shards
        ]
        c = await stack.enter_async_context(httpx.AsyncClient(base_url=base, headers=headers, timeout=timeout))
        sem = asyncio.Semaphore(8)

        async def create(i: int) -> int:
            async with sem:
                r = await c.post(
                    "/api/v1/tables",
                    json={"game": game, "seats": dict.fromkeys(roles, "me"), "seed": seed * 100_000 + i},
                )
                r.raise_for_status()
                return r.json()["id"]

        tables = await asyncio.gather(*(create(i) for i in range(n)))
        stop = asyncio.Event()
        arrivals: dict = {}
        readies = [asyncio.Event() for _ in tables]
        watchers = [
            asyncio.create_task(watch(sse_c[i // SHARD], t, arrivals, ready))
            for i, (t, ready) in enumerate(zip(tables, readies, strict=True))
        ]
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 120)
        rng = random.Random(seed)
        started = time.perf_counter()
        cpu0 = (cpu_seconds(server_pid) if server_pid else 0.0), time.process_time()
        players = [
            asyncio.create_task(play(players_c[i // SHARD], t, roles, level, think, stop, random.Random(rng.random())))
            for i, t in enumerate(tables)
        ]
        probe = asyncio.create_task(floor_probe(c, level, stop, floor_every))
        if on_start is not None:
            on_start()
        await asyncio.sleep(seconds)
        stop.set()
        await asyncio.gather(*players, probe)
        level.seconds = time.perf_counter() - started
        level.server_cpu = (cpu_seconds(server_pid) if server_pid else 0.0) - cpu0[0]
        level.client_cpu = time.process_time() - cpu0[1]
        await asyncio.sleep(3.0)  # the last news
        for w in watchers:
            w.cancel()
        await asyncio.gather(*watchers, return_exceptions=True)
    for key, sent in level.sent_at.items():
        got = arrivals.get(key)
        if got is None:
            level.sse_missing += 1
        else:
            level.sse_delays.append(max(got - sent, 0.0))
    return level


async def idle_baseline(base: str, token: str, game: str, roles: list[str], count: int) -> tuple[dict, dict]:
    """One client, one request at a time: the move round trip and the floor on an idle server."""
    moves, floors = [], []
    async with httpx.AsyncClient(base_url=base, headers={"Authorization": "Bearer " + token}, timeout=30) as c:
        r = await c.post("/api/v1/tables", json={"game": game, "seats": dict.fromkeys(roles, "me"), "seed": 1})
        table, role = r.json()["id"], roles[0]
        rng = random.Random(1)
        for _ in range(count):
            t0 = time.perf_counter()
            await c.post("/bench/floor")
            floors.append(time.perf_counter() - t0)
            v = (await c.get(f"/api/v1/tables/{table}", params={"as": role})).json()
            if v["status"] == "finished":
                r = await c.post("/api/v1/tables", json={"game": game, "seats": dict.fromkeys(roles, "me")})
                table = r.json()["id"]
                continue
            if not v["actions"]:
                role = next((x for x in v["active_roles"] if x in roles), roles[0])
                continue
            a = rng.choice(v["actions"])
            t0 = time.perf_counter()
            r = await c.post(
                f"/api/v1/tables/{table}/actions",
                json={"seq": v["seq"], "verb": a["verb"], "arg": a["arg"], "role": role},
            )
            moves.append(time.perf_counter() - t0)
            assert r.status_code == 200, r.text
    return pct(moves), pct(floors)


def profile(pid: int, seconds: int, out: Path) -> subprocess.Popen | None:
    spy = shutil.which("py-spy")
    if spy is None:
        print("(py-spy not found: pip install py-spy)", file=sys.stderr)
        return None
    return subprocess.Popen(
        [
            spy,
            "record",
            "--pid",
            str(pid),
            "--duration",
            str(seconds),
            "--format",
            "raw",
            "--rate",
            "50",
            "--nonblocking",
            "--gil",
            "--output",
            str(out),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def summarise_profile(path: Path, top: int = 25) -> str:
    """Inclusive share of samples per function from py-spy's collapsed stacks, sampled only while a thread holds
    the GIL (--gil): where the server's Python CPU time goes."""
    if not path.exists():
        return "(no profile)"
    total = 0
    incl: Counter = Counter()
    leaf: Counter = Counter()
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not count.isdigit():
            continue
        n = int(count)
        frames = stack.split(";")
        if any("wait" in f and ("threading.py" in f or "queue.py" in f) for f in frames[-3:]) or any(
            f.startswith("select (") or (f.startswith("_run_once") and frames[-1].startswith("select"))
            for f in frames[-1:]
        ):
            continue  # idle threads waiting for work
        total += n
        leaf[frames[-1]] += n
        for f in set(frames):
            incl[f] += n
    lines = [f"samples holding the GIL: {total}", "", "| inclusive % | function (file:line) |", "|---|---|"]
    key = (
        "(app/",
        "(engines/",
        "jsonable_encoder",
        "serialize_response",
        "Session.commit",
        "Session.execute",
        "Session.scalar",
        "Session.get",
        "Session.refresh",
        "_instance_processor",
        "orjson",
        "JSONEncoder",
    )
    shown = 0
    for f, n in incl.most_common():
        if any(k in f for k in key) and "middleware.py" not in f:
            lines.append(f"| {100 * n / max(total, 1):.1f} | {f} |")
            shown += 1
        if shown >= top:
            break
    lines += ["", "| self % | function |", "|---|---|"]
    lines += [f"| {100 * n / max(total, 1):.1f} | {f} |" for f, n in leaf.most_common(15)]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("postgres_url", help="a PostgreSQL server the benchmark may create a database on, or sqlite")
    ap.add_argument("--tables", default="50,200,500")
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds between a table's moves")
    ap.add_argument("--game", default="15-dias", choices=[g for g, r in ROLES.items() if r])
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--admission", type=int, default=None, help="requests at work at once (default: the app's)")
    ap.add_argument("--floor-every", type=float, default=0.1, help="seconds between floor probes under load")
    ap.add_argument("--port", type=int, default=8766)
    ap.add_argument("--profile", action="store_true", help="py-spy the server during the largest level")
    ap.add_argument("--keep", action="store_true", help="keep the benchmark database")
    args = ap.parse_args()
    sqlite = args.postgres_url == "sqlite"
    if not sqlite and not args.postgres_url.startswith(("postgres://", "postgresql")):
        raise SystemExit("give a postgresql:// URL, or the word sqlite for a fresh SQLite file")
    sizes = [int(x) for x in args.tables.split(",")]
    roles = ROLES[args.game]
    if roles is None:  # --game offers only the games with roles listed
        sys.exit(f"no roles listed for {args.game!r}")
    tmp = Path(tempfile.mkdtemp(prefix="siglo-bench-"))
    url = f"sqlite:///{tmp}/bench.db" if sqlite else fresh_database(args.postgres_url)
    from app.migrate import upgrade

    upgrade(url)
    proc = start_server(url, args.port, args.workers, tmp, args.admission)
    base = f"http://127.0.0.1:{args.port}"
    load_before = os.getloadavg()
    results = []
    profile_text = None
    try:
        user = "bench"
        httpx.post(base + "/api/v1/users", json={"username": user, "password": "bench password"}, timeout=30)
        token = httpx.post(
            base + "/api/v1/tokens", json={"username": user, "password": "bench password"}, timeout=30
        ).json()["token"]
        idle_move, idle_floor = asyncio.run(idle_baseline(base, token, args.game, roles, 200))
        for i, n in enumerate(sizes):
            spies: list[Any] = []

            def on_start(n: int = n, spies: list = spies) -> None:
                if args.profile and n == max(sizes):
                    spies.append(profile(proc.pid, int(args.seconds), tmp / "profile.txt"))

            t0 = time.time()
            level = asyncio.run(
                run_level(
                    base,
                    token,
                    args.game,
                    roles,
                    n,
                    args.seconds,
                    args.think,
                    i + 1,
                    on_start,
                    args.floor_every,
                    proc.pid,
                )
            )
            load = os.getloadavg()
            for spy in spies:
                if spy is not None:
                    spy.wait(args.seconds + 30)
                    profile_text = summarise_profile(tmp / "profile.txt")
            logs = check_logs(url, level.acked)
            results.append((level, logs, load))
            errs = (tmp / "server.log").read_text(errors="replace").count("Traceback")
            print(
                f"  {n} tables done in {time.time() - t0:.0f}s, server tracebacks so far {errs}: {sum(level.statuses.values())} moves, "
                f"statuses {dict(level.statuses)}, errors {dict(level.errors)}, logs {logs}",
                file=sys.stderr,
            )
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        if not args.keep and not sqlite:
            admin(args.postgres_url, f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)')

    cpu = "?"
    with contextlib.suppress(OSError, StopIteration):
        cpuinfo = Path("/proc/cpuinfo").read_text().splitlines()
        cpu = next(line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name"))
    cmd = "python bench/bench_server.py " + " ".join(a if "@" not in a else "postgresql://…" for a in sys.argv[1:])
    print(f"## Server under load — {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}\n")
    print(
        f"- machine: {platform.node()}, {cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{'SQLite' if sqlite else 'PostgreSQL on 127.0.0.1'}, {args.workers} uvicorn worker(s), admission "
        f"{args.admission or 'default'}"
    )
    print(
        f"- load average before the run: {load_before[0]:.2f} / {load_before[1]:.2f} / {load_before[2]:.2f} "
        "(the machine is shared: numbers are noisy)"
    )
    print(f"- command: `{cmd}`")
    print(
        f"- game {args.game}, hot-seat tables, think time {args.think} s (0.5-1.5x), {args.seconds:.0f} s per level,"
        f" one SSE stream per table, floor probe every {args.floor_every * 1000:.0f} ms\n"
    )
    print(
        f"Idle server, one request at a time: move p50 {idle_move['p50']:.1f} ms / p95 {idle_move['p95']:.1f} ms;"
        f" floor p50 {idle_floor['p50']:.1f} ms / p95 {idle_floor['p95']:.1f} ms; "
        f"ratio p50 {idle_move['p50'] / idle_floor['p50']:.2f}x\n"
    )
    print(
        "| tables | moves/s | move p50 | p95 | p99 ms | GET view p50 / p95 ms | floor p50 / p95 ms | "
        "move/floor p50 | SSE delay p50 / p95 / p99 ms | SSE not in 3 s | 409 / other | errors | lost / dup / "
        "unacked-in-log | server CPU (cores) | server CPU ms / move | client CPU (cores) | load avg after |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for level, logs, load in results:
        m, g, f, s = pct(level.move_times), pct(level.get_times), pct(level.floor_times), pct(level.sse_delays)
        other = sum(v for k, v in level.statuses.items() if k not in (200, 409))
        if other:
            print(f"<!-- {level.n} tables, other statuses: {dict(level.statuses)} -->")
        print(
            f"| {level.n} | {level.statuses[200] / level.seconds:.1f} | {m['p50']:.1f} | {m['p95']:.1f} | "
            f"{m['p99']:.1f} | {g['p50']:.1f} / {g['p95']:.1f} | {f['p50']:.1f} / {f['p95']:.1f} | "
            f"{m['p50'] / f['p50']:.2f}x | {s['p50']:.1f} / {s['p95']:.1f} / {s['p99']:.1f} | "
            f"{level.sse_missing} | {level.statuses[409]} / {other} | {sum(level.errors.values())} | "
            f"{logs.get('acknowledged moves missing', 0)} / {logs.get('tables with a gap or duplicate', 0)} / "
            f"{logs.get('moves never acknowledged', 0)} | {level.server_cpu / level.seconds:.2f} | "
            f"{1000 * level.server_cpu / max(level.statuses[200], 1):.1f} | {level.client_cpu / level.seconds:.2f} | "
            f"{load[0]:.1f} |"
        )
    if profile_text:
        print(f"\n### Profile of the server during the {max(sizes)}-table level (py-spy --gil)\n")
        print(profile_text)


if __name__ == "__main__":
    main()
