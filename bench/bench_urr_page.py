"""Ultima Ratio Regis' table page and a move's update, at move 10 and move 1,000 (issue 28 › Proof › Speed: "the
table page renders in under 100 ms of server time at any point of a game, its HTML (without the cached base map)
stays under 200 kB, and a move's update sends only what changed in the overlay and panels").

    python bench/bench_urr_page.py [--at 10 1000] [--moves 10] [--players 6] [--database-url postgresql://…]

The app as `bench_move.py` serves it (`bench/bench_app.py` under uvicorn in a process of its own, a fresh
database), one client. A hot-seat table of 9.2 New Order (6 players by default: the 9.1 solo game ends near move
200) is played with random legal moves through the JSON API (untimed) up to each checkpoint; there the client
loads the table page as the seat to act (`GET /tables/{id}`, 5 times: round trip, the server's CPU, the HTML's
bytes as read and as sent) and then plays ``--moves`` moves through HTMX as each seat's page does: the page
fetched on the last move's news (`GET /tables/{id}/live`, untimed), then the move with what the page holds
(`X-Live-Have`, `bench/live_page.py`), timed; the moves whose answer redrew some of the map are measured apart too
(the overlay's places are parts of their own: a counter's move sends its two places). Prints one Markdown report with the command, the date, the load
average before and after, the medians at each checkpoint, and which parts of the board the moves' answers sent.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_move import csrf_of, fresh_database, start_server, timed
from bench.live_page import LivePage

GAME = "ultima-ratio-regis"
OOB = re.compile(r'(?:id|data-live)="([\w-]+)"[^>]*hx-swap-oob')


def play_to(c: httpx.Client, headers: dict[str, str], table: int, seq: int, rng: random.Random) -> dict:
    """Random legal moves through the API until the table's seq is ``seq`` (or the game ends); the view of the
    seat to act then."""
    while True:
        v = c.get(f"/api/v1/tables/{table}").json()
        if v["status"] != "active":
            return v
        role = v["active_roles"][0]
        v = c.get(f"/api/v1/tables/{table}", params={"as": role}).json()
        if v["seq"] >= seq:
            return v
        a = rng.choice(v["actions"])
        move = {"seq": v["seq"], "verb": a["verb"], "arg": a["arg"], "role": role}
        r = c.post(f"/api/v1/tables/{table}/actions", headers=headers, json=move)
        assert r.status_code == 200, r.text[:300]


def checkpoint(pid: int, c: httpx.Client, headers: dict[str, str], table: int, moves: int, rng) -> dict:
    """The page's and the moves' figures at the table's position now."""
    v = c.get(f"/api/v1/tables/{table}").json()
    role = v["active_roles"][0]
    out: dict = collections.defaultdict(list)
    out["seq"] = v["seq"]
    for _ in range(5):
        r, wall, cpu = timed(pid, c.get, f"/tables/{table}", params={"as": role})
        assert r.status_code == 200
        out["page ms"].append(wall * 1000)
        out["page cpu ms"].append(cpu * 1000)
        out["page bytes"].append(len(r.content))
        out["page bytes sent"].append(r.num_bytes_downloaded)
    whole = c.get(f"/tables/{table}/live", params={"as": role}, headers={"HX-Request": "true"})
    out["whole partial bytes"].append(len(whole.content))
    out["whole partial bytes sent"].append(whole.num_bytes_downloaded)
    pages: dict[str, LivePage] = {}
    sent: collections.Counter = collections.Counter()
    for _ in range(moves):
        v = c.get(f"/api/v1/tables/{table}").json()
        if v["status"] != "active":
            break
        role = v["active_roles"][0]
        page = pages.setdefault(role, LivePage())
        live = c.get(f"/tables/{table}/live", params={"as": role}, headers={"HX-Request": "true", **page.headers()})
        page.update(live.text)
        v = c.get(f"/api/v1/tables/{table}", params={"as": role}).json()
        a = rng.choice(v["actions"])
        data = {"seq": v["seq"], "verb": a["verb"], "arg": json.dumps(a["arg"]), "role": role}
        r, wall, cpu = timed(
            pid, c.post, f"/tables/{table}/act", headers={**headers, "HX-Request": "true", **page.headers()}, data=data
        )
        assert r.status_code == 200, r.text[:300]
        assert page.update(r.text) == "parts", "the page said what it holds: the answer should be its changes"
        out["move ms"].append(wall * 1000)
        out["move cpu ms"].append(cpu * 1000)
        out["update bytes"].append(len(r.content))
        out["update bytes sent"].append(r.num_bytes_downloaded)
        ids = OOB.findall(r.text)
        if any(i.startswith("part-map") for i in ids):  # the answers that redrew some of the map's overlay
            out["map update bytes"].append(len(r.content))
            out["map update bytes sent"].append(r.num_bytes_downloaded)
        # the map's places (part-map__<place>) counted together
        sent.update({i.partition("__")[0] + ("__<place>" if "__" in i else "") for i in ids})
    out["sent"] = sent
    out["moves"] = len(out["move ms"])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--at", type=int, nargs="+", default=[10, 1000], help="the checkpoints (the table's seq)")
    ap.add_argument("--moves", type=int, default=10, help="HTMX moves timed at each checkpoint")
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--database-url", default=None, help="a PostgreSQL server (default: a SQLite file)")
    ap.add_argument("--port", type=int, default=8781)
    args = ap.parse_args()
    load = os.getloadavg()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    tmp = Path(tempfile.mkdtemp(prefix="siglo-bench-urr-"))
    db_url, drop = fresh_database(args.database_url, tmp)
    proc = start_server(db_url, args.port, tmp)
    rows: list[dict[str, Any]] = []
    try:
        c = httpx.Client(base_url=f"http://127.0.0.1:{args.port}", timeout=60)
        csrf = csrf_of(c.get("/register").text)
        r = c.post("/register", data={"username": "bench", "password": "bench password", "csrf_token": csrf})
        assert r.status_code in (200, 303), r.text[:300]
        headers = {"X-CSRF-Token": csrf_of(c.get("/").text)}
        options = {"scenario": "new-order", "players": args.players}
        r = c.post(
            "/api/v1/tables",
            json={"game": GAME, "options": options, "seats": dict.fromkeys(_roles(args.players), "me"), "seed": 7},
            headers=headers,
        )
        assert r.status_code == 201, r.text[:300]
        table, rng = r.json()["id"], random.Random(args.seed)
        for at in args.at:
            v = play_to(c, headers, table, at, rng)
            if v["status"] != "active":
                print(f"the game ended at move {v['seq']}, before move {at}", file=sys.stderr)
                break
            rows.append(checkpoint(proc.pid, c, headers, table, args.moves, rng))
    finally:
        proc.terminate()
        proc.wait(10)
        drop()
    after = os.getloadavg()
    db = "PostgreSQL" if args.database_url else "SQLite"
    print(
        f"# Ultima Ratio Regis' table page and a move's update — {started}, {db}, 9.2 New Order at "
        f"{args.players} players, load average before {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}, after "
        f"{after[0]:.2f} / {after[1]:.2f} / {after[2]:.2f}\n\n`python bench/bench_urr_page.py "
        f"{' '.join(sys.argv[1:])}`\n"
    )
    print("| median | " + " | ".join(f"move {r['seq']}" for r in rows) + " | target |")
    print("|---|" + "---|" * (len(rows) + 1))
    for key, target in (
        ("page ms", ""),
        ("page cpu ms", "< 100 ms server time"),
        ("page bytes", "< 200 kB (base map apart)"),
        ("page bytes sent", ""),
        ("whole partial bytes", ""),
        ("whole partial bytes sent", ""),
        ("move ms", ""),
        ("move cpu ms", ""),
        ("update bytes", "only what changed"),
        ("update bytes sent", ""),
        ("map update bytes", "a move that redrew the map's overlay"),
        ("map update bytes sent", ""),
    ):
        cells = [f"{statistics.median(r[key]):,.1f}" if r[key] else "–" for r in rows]
        print(f"| {key} | " + " | ".join(cells) + f" | {target} |")
    for row in rows:
        parts = ", ".join(f"{name} {n}" for name, n in row["sent"].most_common())
        print(f"\nAt move {row['seq']}, {row['moves']} HTMX moves sent: {parts}.")


def _roles(players: int) -> list[str]:
    from engines import registry

    game = registry.get_game(GAME)
    assert game is not None
    return game.roles(game.parse_options({"scenario": "new-order", "players": players}))


if __name__ == "__main__":
    main()
