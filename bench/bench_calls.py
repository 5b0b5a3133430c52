"""Python calls, thread-pool hops and SQL statements per request (issue 15, target 1): counts, not times, so
they hold on a loaded machine.

    python bench/bench_calls.py [--moves 100] [--database-url postgresql://…]

The app is driven in this process by direct ASGI calls (httpx's ASGI transport), the same requests
`bench_move.py` sends: a 4-player 15 Días table of hot seats, moves alternating the JSON API and HTMX, each
after a view of the acting seat. The thread pool is run inline (each hop is counted, then the function is
called on the event loop's thread), so cProfile, enabled around each request, sees all of its Python calls.
Statements are those the request's thread sends (the notices and listener threads are not counted). Prints a
Markdown table of the medians per request; ``--top N``: then the N functions with the most own time over every
request of ``--kind`` (cProfile's own times: with the profiler's overhead, a guide to where calls go);
``--by-package``: cProfile's own time per package for ``--kind``. ``--plain``: the requests alone, no profiler and
no counts (the driver `bench_instructions.py` runs under valgrind); ``--tree PATH``: the app of another checkout
(a base to compare with), driven by this script.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pathlib
import pstats
import random
import statistics
import sys
import tempfile
import threading

import anyio.to_thread
import httpx

ROOT = pathlib.Path(__file__).resolve().parent.parent
WARM_UP = 10  # requests of each kind left out of --top and --by-package
ROLES = ["player1", "player2", "player3", "player4"]


async def register(c: httpx.AsyncClient) -> dict[str, str]:
    """Register the benchmark's user through the pages (in-process client ``c``): the CSRF header its calls send."""
    from bench.bench_move import csrf_of

    csrf = csrf_of((await c.get("/register")).text)
    await c.post("/register", data={"username": "bench", "password": "bench password", "csrf_token": csrf})
    return {"X-CSRF-Token": csrf_of((await c.get("/")).text)}


async def random_moves(
    c: httpx.AsyncClient, headers: dict[str, str], game: str, roles: list[str], rng: random.Random, view=None
):
    """Hot-seat tables of ``game`` (a new one when one ends) played by random legal moves: yields, for each move to
    make, (table, acting seat, the seat's view, an offered action chosen at random). ``view`` wraps the GET of the
    view (bench_calls counts it)."""

    async def new_table() -> int:
        r = await c.post(
            "/api/v1/tables",
            headers=headers,
            json={"game": game, "seats": dict.fromkeys(roles, "me"), "seed": rng.randrange(2**40)},
        )
        return r.json()["id"]

    table, role = await new_table(), roles[0]
    while True:
        call = c.get(f"/api/v1/tables/{table}", params={"as": role})
        v = (await (view(call) if view else call)).json()
        if v["status"] == "finished":
            table, role = await new_table(), roles[0]
        elif not v["actions"]:
            role = next(x for x in v["active_roles"] if x in roles)
        else:
            yield table, role, v, rng.choice(v["actions"])


def htmx_move(c: httpx.AsyncClient, headers: dict[str, str], table: int, role: str, v: dict, a: dict):
    """The move ``a`` posted as the page's form does, through HTMX (the request, to be awaited)."""
    return c.post(
        f"/tables/{table}/act",
        headers={**headers, "HX-Request": "true"},
        data={"seq": v["seq"], "verb": a["verb"], "arg": json.dumps(a["arg"]), "role": role},
    )


class Counts:
    def __init__(self):
        self.hops = self.statements = 0


async def main_async(args) -> dict[str, list[tuple[int, int, int]]]:
    from sqlalchemy import event

    from app.config import Settings
    from app.main import create_app
    from app.migrate import upgrade
    from bench.bench_move import fresh_database

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="siglo-bench-calls-"))
    url, drop = fresh_database(args.database_url, tmp)
    upgrade(url)
    app = create_app(
        Settings(database_url=url, secret_key="bench-" + "k" * 40, bots_enabled=False, secret_file=tmp / "secret")
    )
    if args.plain:  # valgrind runs this ~50 times slower: the kept login (2 s) would expire between requests
        from app.services.accounts import Logins

        Logins.ttl = 3600.0
        from app import main as server

        tune = getattr(server, "tune_garbage_collector", None)
        if tune is not None:  # as the server process does (app.asgi); a base to compare with may predate it
            tune()
    counts = Counts()
    main_thread = threading.current_thread()

    async def inline(func, *a, **_kw):  # the pool's hop, counted, run on this thread
        counts.hops += 1
        return func(*a)

    anyio.to_thread.run_sync = inline  # type: ignore[assignment]  # the pool's work runs inline, counted

    @event.listens_for(app.state.engine, "before_cursor_execute")
    def _count(*_a):
        if threading.current_thread() is main_thread:
            counts.statements += 1

    out: dict[str, list[tuple[int, int, int]]] = {"API move": [], "HTMX move": [], "API view": []}
    profiles: dict[str, list[cProfile.Profile]] = {kind: [] for kind in out}
    rng = random.Random(1)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench") as c,
    ):
        headers = await register(c)

        async def counted(kind: str, call):
            if args.plain:
                return await call
            prof = cProfile.Profile()
            counts.hops = counts.statements = 0
            prof.enable()
            r = await call
            prof.disable()
            calls = pstats.Stats(prof).total_calls  # type: ignore[attr-defined]  # set at run time; not in typeshed
            out[kind].append((calls, counts.hops, counts.statements))
            if len(out[kind]) > WARM_UP:  # the first requests compile templates and statements
                profiles[kind].append(prof)
            return r

        done = 0
        async for table, role, v, a in random_moves(
            c, headers, "15-dias", ROLES, rng, lambda call: counted("API view", call)
        ):
            if done == args.moves:
                break
            if done % 2 == 0:
                r = await counted(
                    "API move",
                    c.post(
                        f"/api/v1/tables/{table}/actions",
                        headers=headers,
                        json={"seq": v["seq"], "verb": a["verb"], "arg": a["arg"], "role": role},
                    ),
                )
            else:
                r = await counted("HTMX move", htmx_move(c, headers, table, role, v, a))
            assert r.status_code == 200, (r.status_code, r.text[:300])
            done += 1
    app.state.engine.dispose()
    drop()
    if args.top:
        stats = pstats.Stats(*profiles[args.kind])
        stats.sort_stats("tottime").print_stats(args.top)
        stats.sort_stats("cumulative").print_stats(args.top)
    if args.by_package:
        print_by_package(pstats.Stats(*profiles[args.kind]), len(profiles[args.kind]), args.kind, args.tree.resolve())
    return out


def package_of(filename: str, root: pathlib.Path) -> str:
    """The package a profiled function's file belongs to: site-packages' top folder, this project's top folder
    plus its second level (``app/routes``, ``engines/quince_dias``), a compiled template, or the standard library."""
    if "site-packages/" in filename:
        return filename.split("site-packages/", 1)[1].split("/", 1)[0]
    if filename.startswith(str(root)):
        parts = filename[len(str(root)) + 1 :].split("/")
        return "/".join(parts[:2]) if len(parts) > 2 else parts[0]
    if filename.endswith(".html") or filename.startswith("<template>"):
        return "templates (compiled)"
    return "stdlib / builtins"


def print_by_package(stats: pstats.Stats, requests: int, kind: str, root: pathlib.Path) -> None:
    """cProfile's own time per package, per request of ``kind`` (with the profiler's overhead: shares, not ms);
    ``root``: the checkout driven (``--tree``)."""
    own: dict[str, float] = {}
    for (filename, _line, _name), (_cc, _nc, tottime, _ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]  # not in typeshed
        key = package_of(filename, root)
        own[key] = own.get(key, 0.0) + tottime
    total = sum(own.values())
    print(f"\n# Own time by package — {kind}, {requests} requests (cProfile, per request)\n")
    print("| package | ms a request | share |\n|---|---|---|")
    for key, t in sorted(own.items(), key=lambda kv: -kv[1]):
        print(f"| {key} | {t / requests * 1000:.3f} | {t / total:.1%} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--moves", type=int, default=100)
    ap.add_argument("--database-url", default=None, help="a PostgreSQL server (default: a SQLite file)")
    ap.add_argument("--top", type=int, default=0)
    ap.add_argument("--by-package", action="store_true", help="own time per package for --kind")
    ap.add_argument("--plain", action="store_true", help="no profiler, no counts: the requests alone")
    ap.add_argument("--tree", type=pathlib.Path, default=ROOT, help="the checkout whose app is driven")
    ap.add_argument("--kind", default="API move", choices=["API move", "HTMX move", "API view"])
    args = ap.parse_args()
    sys.path.insert(0, str(args.tree.resolve()))  # its app and engines before any installed copy
    out = asyncio.run(main_async(args))
    if args.plain:
        return
    db = "PostgreSQL" if args.database_url else "SQLite"
    print(f"# Calls per request — {db}, 15 Días, {args.moves} moves (medians)\n")
    print("| request | Python calls | thread-pool hops | statements |\n|---|---|---|---|")
    for kind, rows in out.items():
        calls, hops, stmts = (statistics.median(r[i] for r in rows) for i in range(3))
        print(f"| {kind} | {calls:,.0f} | {hops:.0f} | {stmts:.0f} |")


if __name__ == "__main__":
    main()
