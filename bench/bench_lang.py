"""A move's and a page's time in one language (issue 29 › Proof: Spanish within 5 % of English).

    python bench/bench_lang.py --lang es [--game 15-dias] [--moves 150] [--seed 1]

The app is driven in this process by direct ASGI calls (httpx's ASGI transport, as ``bench_calls.py``): hot-seat
tables of ``--game`` played by seeded random legal moves — the same moves whatever the language, for the legal
lists and the choices do not depend on it — every request asking for ``--lang`` (``Accept-Language``): per move the
acting seat's JSON view, the move posted as the page's form does through HTMX (the live partial rendered in the
language) and the table's page. Prints a Markdown table of each request's median and p90 wall time in ms and the
process's CPU seconds for the whole run. Two runs of this script, ``--lang es`` and ``--lang en``, run in turn as
whole processes, give the ratio (see ``RESULTS.md`` › Spanish against English).
"""

from __future__ import annotations

import argparse
import asyncio
import pathlib
import random
import statistics
import sys
import tempfile
import time

import httpx

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAMES = {
    "15-dias": ["player1", "player2", "player3", "player4"],
    "planet-king": ["king"],
    "ultima-ratio-regis": ["portugal"],
}


async def run(args) -> dict[str, list[float]]:
    from app.config import Settings
    from app.main import create_app
    from app.migrate import upgrade
    from bench.bench_calls import htmx_move, random_moves, register
    from bench.bench_move import fresh_database

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="siglo-bench-lang-"))
    url, _drop = fresh_database(None, tmp)
    upgrade(url)
    app = create_app(
        Settings(database_url=url, secret_key="bench-" + "k" * 40, bots_enabled=False, secret_file=tmp / "secret")
    )
    times: dict[str, list[float]] = {"view (JSON)": [], "move (HTMX)": [], "page": []}
    rng = random.Random(args.seed)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://bench", headers={"Accept-Language": args.lang}
        ) as c,
    ):
        headers = await register(c)

        async def timed_view(call):
            start = time.perf_counter()
            response = await call
            times["view (JSON)"].append(time.perf_counter() - start)
            return response

        made = 0
        async for table, role, v, a in random_moves(c, headers, args.game, GAMES[args.game], rng, timed_view):
            start = time.perf_counter()
            r = await htmx_move(c, headers, table, role, v, a)
            times["move (HTMX)"].append(time.perf_counter() - start)
            assert r.status_code == 200, r.text[:300]
            start = time.perf_counter()
            page = await c.get(f"/tables/{table}", params={"as": role})
            times["page"].append(time.perf_counter() - start)
            assert page.status_code == 200 and f'<html lang="{args.lang}"' in page.text
            made += 1
            if made >= args.moves:
                break
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=["en", "es"], required=True)
    parser.add_argument("--game", choices=sorted(GAMES), default="15-dias")
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    cpu = time.process_time()
    times = asyncio.run(run(args))
    cpu = time.process_time() - cpu
    print(f"{args.game}, {args.moves} moves, Accept-Language: {args.lang}, process CPU {cpu:.2f} s\n")
    print("| request | n | p50 ms | p90 ms |")
    print("|---|---|---|---|")
    for kind, values in times.items():
        ms = sorted(1000 * t for t in values)
        print(f"| {kind} | {len(ms)} | {statistics.median(ms):.2f} | {ms[int(0.9 * (len(ms) - 1))]:.2f} |")


if __name__ == "__main__":
    main()
