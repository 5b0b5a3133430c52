"""Did a change change what the server answers? Every answer of N seeded moves of hot-seat 15 Días tables, written
to a directory, to ``diff -r`` two trees (issue 26: a cut of a move's cost must not change a byte).

    PYTHONPATH=<tree> python bench/dump_answers.py DIR [--moves 200]

Run from each tree (its app, its migrations). In English and in Spanish, the same seeds: before each move the
seat's view (API); the move through the API and through HTMX in turn (HTMX sent with the page's ``X-Live-Have``,
answered by its changed sections, every fifth whole), each HTMX move after the live fetch; an undo now and then;
the log's pages (all the seat may read, its own entries only) and the table page every 25 moves. Tokens (CSRF,
sessions) are masked.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import pathlib
import random
import re
import sys
import tempfile

import httpx

sys.path.insert(0, str(pathlib.Path.cwd()))

from app.config import Settings
from app.main import create_app
from app.migrate import upgrade
from bench.bench_calls import register
from bench.live_page import LivePage

TOKEN = re.compile(r"[A-Za-z0-9_\-]{30,}(?:\.[A-Za-z0-9_\-\.]+)?")
ROLES = ["player1", "player2", "player3", "player4"]


async def dump(out: pathlib.Path, moves: int) -> int:
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="siglo-dump-"))
    url = f"sqlite:///{tmp}/d.db"
    upgrade(url)
    settings = Settings(database_url=url, secret_key="bench-" + "k" * 40, bots_enabled=False, secret_file=tmp / "s")
    app = create_app(settings)
    n = 0

    def save(name: str, r: httpx.Response) -> None:
        nonlocal n
        n += 1
        (out / f"{n:05d}-{name}-{r.status_code}").write_bytes(TOKEN.sub("TOKEN", r.content.decode()).encode())

    transport = httpx.ASGITransport(app=app)
    async with app.router.lifespan_context(app), httpx.AsyncClient(transport=transport, base_url="http://b") as c:
        headers = await register(c)
        for lang in ("en", "es"):
            rng = random.Random(1)
            pages: dict[tuple[int, str], LivePage] = {}
            lh = {**headers, "Accept-Language": lang}

            async def new_table(rng: random.Random = rng, lh: dict[str, str] = lh) -> int:
                body = {"game": "15-dias", "seats": dict.fromkeys(ROLES, "me"), "seed": rng.randrange(2**40)}
                return int((await c.post("/api/v1/tables", headers=lh, json=body)).json()["id"])

            table, role, done = await new_table(), ROLES[0], 0
            while done < moves:
                r = await c.get(f"/api/v1/tables/{table}", params={"as": role}, headers=lh)
                save(f"{lang}-view", r)
                v = r.json()
                if v["status"] == "finished":
                    table, role = await new_table(), ROLES[0]
                    continue
                if not v["actions"]:
                    role = next(x for x in v["active_roles"] if x in ROLES)
                    continue
                if v["can_undo"] and done % 7 == 3:
                    r = await c.post(f"/api/v1/tables/{table}/undo", headers=lh, json={"seq": v["seq"], "role": role})
                    save(f"{lang}-undo", r)
                    done += 1
                    continue
                a = rng.choice(v["actions"])
                move = {"seq": v["seq"], "verb": a["verb"], "arg": a["arg"], "role": role}
                if done % 2 == 0:
                    save(f"{lang}-api", await c.post(f"/api/v1/tables/{table}/actions", headers=lh, json=move))
                else:
                    page = pages.setdefault((table, role), LivePage())
                    hx = {**lh, "HX-Request": "true"}
                    live = await c.get(f"/tables/{table}/live", params={"as": role}, headers={**hx, **page.headers()})
                    save(f"{lang}-live", live)
                    page.update(live.text)
                    have = {} if done % 10 == 1 else page.headers()
                    form = {**move, "arg": json.dumps(a["arg"])}
                    r = await c.post(f"/tables/{table}/act", headers={**hx, **have}, data=form)
                    save(f"{lang}-htmx", r)
                    page.update(r.text)
                if done % 25 == 0:
                    save(f"{lang}-page", await c.get(f"/tables/{table}", params={"as": role}, headers=lh))
                    for mine in ("false", "true"):
                        log = await c.get(f"/api/v1/tables/{table}/log", params={"as": role, "mine": mine}, headers=lh)
                        save(f"{lang}-log", log)
                done += 1
    app.state.engine.dispose()
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    print(asyncio.run(dump(args.out, args.moves)), "answers")


if __name__ == "__main__":
    main()
