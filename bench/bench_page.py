"""A table page's server time (issue 30 › Proof: "Page server time stays under 100 ms and within 10 % of today's at
the same point of a game").

    python bench/bench_page.py [--game planet-king] [--moves 30] [--requests 200] [--tree PATH] [--top N]

The app is driven in this process by direct ASGI calls (httpx's ASGI transport), the thread pool run inline, on
SQLite: one hot-seat table of the game (its default options) is played ``--moves`` random legal moves through the
JSON API (a fixed seed: the same game on two trees while their rules agree), then its page (GET ``/tables/N``, as
the seat to act) is asked ``--requests`` times. Prints the thread CPU time and the wall time of one request (min,
median, mean; the first 10 left out: templates and statements compile), and the page's bytes. ``--tree PATH``: the
app of another checkout (a base to compare with), driven by this script; ``--top N``: then the N functions with
the most own time over the requests (cProfile's); ``--dump FILE``: the page's HTML written there.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pathlib
import pstats
import random
import re
import statistics
import sys
import tempfile
import time

import httpx

ROOT = pathlib.Path(__file__).resolve().parent.parent
WARM_UP = 10


def csrf_of(page: str) -> str:
    found = re.search(r'<meta name="csrf-token" content="([^"]+)"', page)
    assert found, "no CSRF token on the page"
    return found.group(1)


async def played_table(c: httpx.AsyncClient, headers: dict[str, str], game: str, roles: list[str], moves: int):
    """A hot-seat table of ``game`` after ``moves`` random legal moves (a new table if one ends first)."""
    rng = random.Random(1)
    done = 0
    while True:
        r = await c.post(
            "/api/v1/tables",
            headers=headers,
            json={"game": game, "seats": dict.fromkeys(roles, "me"), "seed": rng.randrange(2**40)},
        )
        table = r.json()["id"]
        role = roles[0]
        while True:
            v = (await c.get(f"/api/v1/tables/{table}", params={"as": role})).json()
            if v["status"] == "finished":
                break
            if not v["actions"]:
                role = next(x for x in v["active_roles"] if x in roles)
                continue
            if done == moves:
                return table, role
            a = rng.choice(v["actions"])
            body = {"seq": v["seq"], "verb": a["verb"], "arg": a["arg"], "role": role}
            r = await c.post(f"/api/v1/tables/{table}/actions", headers=headers, json=body)
            assert r.status_code == 200, (r.status_code, r.text[:300])
            done += 1


async def main_async(args) -> None:
    import anyio.to_thread

    from app.config import Settings
    from app.main import create_app
    from app.migrate import upgrade
    from engines import registry

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="siglo-bench-page-"))
    url = f"sqlite:///{tmp}/bench.db"
    upgrade(url)
    app = create_app(
        Settings(database_url=url, secret_key="bench-" + "k" * 40, bots_enabled=False, secret_file=tmp / "secret")
    )

    async def inline(func, *a, **_kw):  # the pool's hop run on this thread: its CPU is the request's
        return func(*a)

    anyio.to_thread.run_sync = inline  # type: ignore[assignment]
    if args.statements:
        from sqlalchemy import event

        @event.listens_for(app.state.engine, "before_cursor_execute")
        def _said(_conn, _cursor, statement, *_a):
            if measuring:
                print("  SQL:", " ".join(statement.split())[:160])

    game = registry.get_game(args.game)
    assert game is not None, f"unknown game {args.game!r}"
    roles = game.roles(game.parse_options({}))
    measuring = False
    cpu: list[float] = []
    wall: list[float] = []
    prof = cProfile.Profile() if args.top else None
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench") as c,
    ):
        csrf = csrf_of((await c.get("/register")).text)
        await c.post("/register", data={"username": "bench", "password": "bench password", "csrf_token": csrf})
        headers = {"X-CSRF-Token": csrf_of((await c.get("/")).text)}
        table, role = await played_table(c, headers, args.game, roles, args.moves)
        size, page = 0, b""
        for i in range(args.requests + WARM_UP):
            measuring = args.statements and i == WARM_UP
            if prof is not None and i >= WARM_UP:
                prof.enable()
            t, w = time.thread_time(), time.perf_counter()
            r = await c.get(f"/tables/{table}", params={"as": role})
            t, w = time.thread_time() - t, time.perf_counter() - w
            if prof is not None:
                prof.disable()
            assert r.status_code == 200, r.status_code
            if i >= WARM_UP:
                cpu.append(t * 1000)
                wall.append(w * 1000)
                size, page = len(r.content), r.content
        if args.dump:
            args.dump.write_bytes(page)
    app.state.engine.dispose()
    print(f"# A table page's server time — {args.game}, after {args.moves} moves, {args.requests} requests, SQLite\n")
    print("| tree | CPU ms min / median / mean | wall ms min / median / mean | bytes |\n|---|---|---|---|")
    print(
        f"| {args.tree} | {min(cpu):.2f} / {statistics.median(cpu):.2f} / {statistics.mean(cpu):.2f} "
        f"| {min(wall):.2f} / {statistics.median(wall):.2f} / {statistics.mean(wall):.2f} | {size:,} |"
    )
    if prof is not None and args.stats:
        prof.dump_stats(args.stats)
    if prof is not None:
        pstats.Stats(prof).sort_stats("tottime").print_stats(args.top)
        pstats.Stats(prof).sort_stats("cumulative").print_stats(args.top)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="planet-king")
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--tree", type=pathlib.Path, default=ROOT, help="the checkout whose app is driven")
    ap.add_argument("--top", type=int, default=0)
    ap.add_argument("--statements", action="store_true", help="print the SQL statements of one request")
    ap.add_argument("--stats", type=pathlib.Path, default=None, help="with --top: cProfile's stats written there")
    ap.add_argument("--dump", type=pathlib.Path, default=None, help="write the page's HTML there")
    args = ap.parse_args()
    sys.path.insert(0, str(args.tree.resolve()))  # its app and engines before any other copy
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
