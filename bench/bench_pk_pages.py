"""The Planet King's table page at many positions (issue 30 › Proof: "Page server time stays under 100 ms and within
10 % of today's at the same point of a game"): its HTML, to compare two trees byte for byte, and its cost.

    python bench/bench_pk_pages.py [--tree PATH] [--dump DIR] [--repeat N] [--moves 60] [--every 6]

Plays hot-seat tables of several option sets (solo and cooperative, short and long scenarios, the Secret Memorials)
by random legal moves of a fixed seed through the JSON API, in this process (direct ASGI calls, SQLite, the thread
pool inline). At every ``--every``-th position it asks the table page (GET ``/tables/N?as=<seat>``) as each seat, in
English and in Spanish. ``--dump DIR``: each page's HTML written to DIR (its CSRF token and unread count blanked), for ``diff -r``
between two trees (the same seed gives the same games on both while their rules agree). ``--repeat N``: each page
then asked N times more; prints, over the positions, the thread CPU ms of the first request at a position (nothing
of it kept from before but what earlier positions left) and the median of the N repeats (what ``bench_page.py``
measures), as median and mean over the pages, English and Spanish apart (the first 5 pages of each left out: the
templates compile). ``--tree PATH``: the app of another checkout.
"""

from __future__ import annotations

import argparse
import asyncio
import pathlib
import random
import re
import statistics
import sys
import tempfile
import time
from typing import Any

import httpx

ROOT = pathlib.Path(__file__).resolve().parent.parent
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},  # solo, Anni Mirabiles
    {"mode": "cooperative", "scenario": "planet_king"},
    {"scenario": "hothead", "secret_memorial": True, "bastard_heir": True},
    {"mode": "cooperative", "scenario": "anni_horribiles", "remove_action_cards": 1},
    {"scenario": "war_only"},
)
LANGS = ("en", "es")
# the header's count of unread notices: the "your turn" notices are written as the moves go, not always in time
UNREAD = re.compile(r'<span class="count" aria-label="[^"]*">\d+</span>')


def csrf_of(page: str) -> str:
    found = re.search(r'<meta name="csrf-token" content="([^"]+)"', page)
    assert found, "no CSRF token on the page"
    return found.group(1)


async def positions(c: httpx.AsyncClient, headers: dict[str, str], options: dict, seed: int, moves: int, every: int):
    """Yields (table, seats, move number) at every ``every``-th position of a hot-seat table played by random legal
    moves (until ``moves`` or its end; the last position too)."""
    rng = random.Random(seed)
    roles = ["king", "valido"] if options.get("mode") == "cooperative" else ["king"]
    r = await c.post(
        "/api/v1/tables",
        headers=headers,
        json={"game": "planet-king", "options": options, "seats": dict.fromkeys(roles, "me"), "seed": seed},
    )
    assert r.status_code == 201, r.text
    table, role, done = r.json()["id"], roles[0], 0
    while True:
        v = (await c.get(f"/api/v1/tables/{table}", params={"as": role})).json()
        if v["status"] == "finished" or done >= moves:
            yield table, roles, done
            return
        if not v["actions"]:
            role = next(x for x in v["active_roles"] if x in roles)
            continue
        if done % every == 0:
            yield table, roles, done
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

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="siglo-bench-pk-pages-"))
    url = f"sqlite:///{tmp}/bench.db"
    upgrade(url)
    app = create_app(
        Settings(database_url=url, secret_key="bench-" + "k" * 40, bots_enabled=False, secret_file=tmp / "secret")
    )

    async def inline(func, *a, **_kw):  # the pool's hop run on this thread: its CPU is the request's
        return func(*a)

    anyio.to_thread.run_sync = inline  # type: ignore[assignment]
    first: dict[str, list[float]] = {lang: [] for lang in LANGS}
    again: dict[str, list[float]] = {lang: [] for lang in LANGS}
    pages = 0
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench") as c,
    ):
        csrf = csrf_of((await c.get("/register")).text)
        await c.post("/register", data={"username": "bench", "password": "bench password", "csrf_token": csrf})
        headers = {"X-CSRF-Token": csrf_of((await c.get("/")).text)}
        for n, options in enumerate(OPTION_SETS):
            async for table, roles, done in positions(c, headers, options, 1000 + n, args.moves, args.every):
                for lang in LANGS:
                    for role in roles:
                        ask = {"params": {"as": role}, "headers": {"Accept-Language": lang}}
                        t = time.thread_time()
                        r = await c.get(f"/tables/{table}", **ask)  # type: ignore[arg-type]
                        first[lang].append((time.thread_time() - t) * 1000)
                        assert r.status_code == 200, r.status_code
                        html = r.text
                        if args.dump:
                            name = f"{n}-{done:03d}-{role}-{lang}.html"
                            html = UNREAD.sub("", html.replace(csrf_of(html), "CSRF"))
                            (args.dump / name).write_text(html)
                        runs = []
                        for _ in range(args.repeat):
                            t = time.thread_time()
                            await c.get(f"/tables/{table}", **ask)  # type: ignore[arg-type]
                            runs.append((time.thread_time() - t) * 1000)
                        if runs:
                            again[lang].append(statistics.median(runs))
                        pages += 1
    app.state.engine.dispose()
    print(f"| {args.tree} | {pages} |", end="")
    for lang in LANGS:
        print(f" {lang}: {statistics.median(first[lang][5:]):.2f} / {statistics.mean(first[lang][5:]):.2f} |", end="")
    for lang in LANGS:
        runs = again[lang]
        print(f" {lang}: {statistics.median(runs):.2f} / {statistics.mean(runs):.2f} |" if runs else " - |", end="")
    print()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tree", type=pathlib.Path, default=ROOT, help="the checkout whose app is driven")
    ap.add_argument("--dump", type=pathlib.Path, default=None, help="write each page's HTML in that folder")
    ap.add_argument("--repeat", type=int, default=0, help="ask each page that many times more (timed)")
    ap.add_argument("--moves", type=int, default=60, help="moves of each table at most")
    ap.add_argument("--every", type=int, default=6, help="a position every that many moves")
    args = ap.parse_args()
    if args.dump:
        args.dump.mkdir(parents=True, exist_ok=True)
    sys.path.insert(0, str(args.tree.resolve()))  # its app and engines before any other copy
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
