"""Where an HTMX move spends its time beyond the API move (issue 26 › Performance: "measure what it spends beyond
the API move, then cut").

    python bench/bench_htmx_stages.py [--moves 300] [--database-url postgresql://…] [--top N] [--repeat 50]

Plays hot-seat 15 Días tables in this process (direct ASGI calls, the thread pool run inline, as `bench_calls.py`),
moves alternating the JSON API and HTMX; each HTMX move is sent as a page sends it (``X-Live-Have``: the page
fetched on the last move's news, untimed, `bench/live_page.py`), so it is answered by the sections that changed.
Reports, per request kind, the median thread CPU, and for the HTMX move each stage's time (thread CPU, own time:
a stage nested in another is taken out of the outer one), by wrapping the functions of the path:

- the move and its view (`try_move`, `table_views.table_view`), the other reads of the page's context (`_since_last_move`);
- the fingerprints (`live_parts.fingerprints`), inside them `board_of` (the presentation's board) and
  `board_parts` (the parts' data) and the hashing (`_fp`);
- the answer (`live_parts.answer`): the templates' render (by template, includes inside their includer), and in
  it the calls the templates make: `fragment` (a card, kept by its arguments), the board's words (`say`), the
  cards in words (`in_words`), the site's words (`_`, `ngettext`), `name_of`, `role_label`, `log_entries`,
  `action_button`; the response around it.

Then, from the answers' own contexts kept, each section and each board part rendered alone ``--repeat`` times
(no wrapper: the plain render's thread CPU, median): the floor of rendering what changed. ``--top N``: cProfile's
N functions with the most own time over the HTMX moves (after the timed pass; the profiler's overhead included).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import functools
import json
import os
import pathlib
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import anyio.to_thread
import httpx

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WARM_UP = 20  # requests of each kind left out (the first compile templates and statements)


class Stages:
    """Own thread CPU per stage, for the request being timed: a stack of open stages, the time of a nested one
    taken out of its outer's."""

    def __init__(self) -> None:
        self.on = False
        self.stack: list[list[Any]] = []  # [name, start, nested time]
        self.own: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)

    def reset(self) -> None:
        self.stack, self.own, self.calls = [], defaultdict(float), defaultdict(int)

    def enter(self, name: str) -> None:
        self.stack.append([name, time.thread_time(), 0.0])

    def leave(self) -> None:
        name, start, nested = self.stack.pop()
        took = time.thread_time() - start
        self.own[name] += took - nested
        self.calls[name] += 1
        if self.stack:
            self.stack[-1][2] += took

    def wrap(self, name: str, func):
        @functools.wraps(func)
        def timed(*a, **kw):
            if not self.on:
                return func(*a, **kw)
            self.enter(name)
            try:
                return func(*a, **kw)
            finally:
                self.leave()

        return timed

    def wrap_gen(self, name: str, gen):
        """A template's render function (a generator: each step timed, an include's steps inside its includer's)."""

        @functools.wraps(gen)
        def timed(*a, **kw):
            it = gen(*a, **kw)
            while True:
                if self.on:
                    self.enter(name)
                try:
                    item = next(it)
                except StopIteration:
                    return
                finally:
                    if self.on:
                        self.leave()
                yield item

        return timed


STAGES = Stages()


def patch(owner: Any, name: str, stage: str) -> None:
    """``owner.name`` timed as ``stage`` (nothing when ``owner`` has no such name: an older tree)."""
    if hasattr(owner, name):
        setattr(owner, name, STAGES.wrap(stage, getattr(owner, name)))


def instrument() -> None:
    """Wrap the HTMX move's path (before any template is loaded: a template keeps the globals it was made with)."""
    from app import live_parts, web
    from app.routes import pages
    from app.services import table_views
    from engines import registry
    from engines.quince_dias import presentation

    patch(pages, "try_move", "move (try_move)")
    patch(table_views, "table_view", "view (table_views.table_view)")
    patch(pages, "_since_last_move", "since (_since_last_move)")
    patch(live_parts, "fingerprints", "fingerprints (own)")
    patch(live_parts, "_fp", "fingerprints: _fp")
    patch(live_parts, "_dump", "fingerprints: _dump (JSON)")
    patch(live_parts, "board_of", "board_of (presentation.board)")
    patch(live_parts, "answer", "answer (own)")
    game = registry.get_game("15-dias")
    assert game is not None
    shown = registry.presentation(game)
    object.__setattr__(shown, "board_parts", STAGES.wrap("fingerprints: board_parts", shown.board_parts))
    patch(presentation, "in_words", "template: in_words (m.card)")
    sayer = presentation.sayer
    presentation.sayer = lambda game, lang="en": STAGES.wrap("template: say (board words)", sayer(game, lang))
    patch(web.templates, "TemplateResponse", "response (TemplateResponse own)")
    g = web.templates.env.globals
    g["board_of"] = STAGES.wrap("board_of (presentation.board)", web.board_of)
    for name in ("_", "gettext", "ngettext"):
        g[name] = STAGES.wrap("template: _ / ngettext (site words)", g[name])
    for name in ("fragment", "name_of", "role_label", "log_entries", "action_button", "board_part", "action_keys"):
        g[name] = STAGES.wrap(f"template: {name}", g[name])
    origin = getattr(web.Template._from_namespace, "__func__")  # noqa: B009  # the classmethod's function

    def timed_namespace(cls: Any, environment: Any, namespace: Any, globals: Any) -> Any:
        t = origin(cls, environment, namespace, globals)
        t.root_render_func = STAGES.wrap_gen(f"render: {t.name}", t.root_render_func)
        for block, func in list(t.blocks.items()):
            t.blocks[block] = STAGES.wrap_gen(f"render: {t.name}", func)
        return t

    web.Template._from_namespace = classmethod(timed_namespace)  # type: ignore[method-assign,assignment]


def instrument_coarse() -> None:
    """Wrap only the path's big steps, on both kinds of move: what the HTMX move does that the API move does not,
    with little of the wrappers' own cost."""
    from app import live_parts, web
    from app.routes import api, pages
    from app.services import table_views

    patch(pages, "try_move", "the move (try_move)")
    setattr(api, "try_move", getattr(pages, "try_move"))  # noqa: B009, B010
    patch(table_views, "table_view", "the view (table_views.table_view)")
    patch(pages, "_since_last_move", "since your last move")
    patch(live_parts, "context", "fingerprints (live_parts.context)")
    patch(live_parts, "answer", "the answer: parts chosen, headers (live_parts.answer own)")
    patch(web.templates, "TemplateResponse", "the answer: response (TemplateResponse own)")
    patch(web.Template, "render", "the answer: template render")
    patch(api, "_json", "the answer: JSON (api._json)")
    patch(pages, "_table_context", "the page's context (pages._table_context own)")


@dataclass
class Played:
    """What the moves left: each request's thread CPU by kind; each timed move's stages (own seconds), its kind and
    its calls by stage; the parts answers' contexts; cProfile's profiles by kind (--top, --diff)."""

    times: dict[str, list[float]]
    stages: list[dict[str, float]]
    kinds: list[str]
    calls: list[dict[str, int]]
    contexts: list[dict[str, Any]]
    profiles: dict[str, cProfile.Profile]


async def play_moves(args: argparse.Namespace) -> Played:
    from app import live_parts, web
    from app.config import Settings
    from app.main import create_app
    from app.migrate import upgrade
    from bench.bench_calls import register
    from bench.bench_move import fresh_database
    from bench.live_page import LivePage

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="siglo-bench-stages-"))
    url, drop = fresh_database(args.database_url, tmp)
    upgrade(url)
    app = create_app(
        Settings(database_url=url, secret_key="bench-" + "k" * 40, bots_enabled=False, secret_file=tmp / "secret")
    )

    async def inline(func, *a, **_kw):
        return func(*a)

    anyio.to_thread.run_sync = inline  # type: ignore[assignment]  # one thread: its CPU is the request's
    kept: list[dict] = []  # the parts answers' contexts
    render = web.render

    def keep(request, name, status_code=200, **context):
        if name == "table/_live_parts.html":
            kept.append({**context, "_name": name})
        return render(request, name, status_code, **context)

    live_parts.render = keep  # type: ignore[attr-defined]  # the answers' contexts kept
    times: dict[str, list[float]] = {"API move": [], "HTMX move": []}
    stages: list[dict[str, float]] = []
    calls: list[dict[str, int]] = []
    kinds: list[str] = []
    profs = {"API move": cProfile.Profile(), "HTMX move": cProfile.Profile()}
    rng = random.Random(1)
    roles = ["player1", "player2", "player3", "player4"]
    pages: dict[tuple[int, str], LivePage] = {}
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench") as c,
    ):
        headers = await register(c)

        async def new_table() -> int:
            r = await c.post(
                "/api/v1/tables",
                headers=headers,
                json={"game": "15-dias", "seats": dict.fromkeys(roles, "me"), "seed": rng.randrange(2**40)},
            )
            return r.json()["id"]

        table, role, done = await new_table(), roles[0], 0
        while done < args.moves:
            v = (await c.get(f"/api/v1/tables/{table}", params={"as": role})).json()
            if v["status"] == "finished":
                table, role = await new_table(), roles[0]
                continue
            if not v["actions"]:
                role = next(x for x in v["active_roles"] if x in roles)
                continue
            a = rng.choice(v["actions"])
            move = {"seq": v["seq"], "verb": a["verb"], "arg": a["arg"], "role": role}
            kind = "API move" if done % 2 == 0 else "HTMX move"
            profiled = args.top and kind == "HTMX move" and done > 2 * WARM_UP
            diffed = args.diff and done > 2 * WARM_UP
            if kind == "API move":
                call = c.post(f"/api/v1/tables/{table}/actions", headers=headers, json=move)
            else:
                page = pages.setdefault((table, role), LivePage())
                live = await c.get(
                    f"/tables/{table}/live", params={"as": role}, headers={"HX-Request": "true", **page.headers()}
                )
                page.update(live.text)
                call = c.post(
                    f"/tables/{table}/act",
                    headers={**headers, "HX-Request": "true", **page.headers()},
                    data={**move, "arg": json.dumps(a["arg"])},
                )
            STAGES.reset()
            STAGES.on = (kind == "HTMX move" or args.coarse) and not args.top
            if profiled or diffed:
                profs[kind].enable()
            t0 = time.thread_time()
            r = await call
            took = time.thread_time() - t0
            if profiled or diffed:
                profs[kind].disable()
            STAGES.on = False
            assert r.status_code == 200, (r.status_code, r.text[:300])
            if kind == "HTMX move":
                pages[(table, role)].update(r.text)
            if done >= 2 * WARM_UP:
                times[kind].append(took)
                if (kind == "HTMX move" or args.coarse) and not args.top:
                    stages.append({**STAGES.own, "(request)": took})
                    kinds.append(kind)
                    calls.append(dict(STAGES.calls))
            done += 1
    app.state.engine.dispose()
    drop()
    return Played(times, stages, kinds, calls, kept[WARM_UP:], profs)


def replay(contexts: list[dict[str, Any]], repeat: int) -> None:
    """Each parts answer's own work again, ``repeat`` times: its fingerprints (``live_parts.fingerprints``) and its
    render (``table/_live_parts.html``), as the move made them (a whole-process timing of this run is mostly it)."""
    from app import live_parts
    from app.web import templates

    template = templates.env.get_template("table/_live_parts.html")
    runs = []
    for ctx in contexts:
        for _ in range(repeat):
            t = time.thread_time()
            live_parts.fingerprints(ctx)
            template.render({**ctx, "PART_OUT": []})
            runs.append(time.thread_time() - t)
    print(
        f"an answer's fingerprints and render, replayed: median {statistics.median(runs) * 1000:.3f} ms, "
        f"{len(contexts)} answers × {repeat}"
    )


def render_alone(env, contexts: list[dict], repeat: int) -> list[tuple[str, float, float, float]]:
    """Each section and board part rendered alone from the parts answers' contexts: (what, share of answers that
    send it, median ms when sent, mean ms per answer)."""
    from app.live_parts import OOB

    rows = []
    n = len(contexts)

    def timed(template, ctx) -> float:
        runs = []
        for _ in range(repeat):
            fresh = {**ctx, "PART_OUT": []}  # board_part keeps the parts it drew there: a new list a render
            t = time.thread_time()
            template.render(fresh)
            runs.append(time.thread_time() - t)
        return statistics.median(runs) * 1000

    whole = [timed(env.get_template("table/_live_parts.html"), ctx) for ctx in contexts]
    rows.append(("the answer (`table/_live_parts.html`)", 1.0, statistics.median(whole), statistics.mean(whole)))
    head = [timed(env.get_template("table/live/head.html"), ctx) for ctx in contexts]
    rows.append(("head", 1.0, statistics.median(head), statistics.mean(head)))
    for name in ("board", "side", "prompt", "since", "outcome", "seats", "log"):
        sent = [ctx for ctx in contexts if name in ctx["PARTS"]]
        if not sent:
            continue
        ms = [timed(env.get_template(f"table/live/{name}.html"), {**ctx, "OOB": OOB}) for ctx in sent]
        rows.append((name, len(sent) / n, statistics.median(ms), sum(ms) / n))
    board = env.get_template(contexts[0]["board_template"])
    skeleton = [timed(board, {**ctx, "OOB": OOB, "PARTS_WANTED": [], "PART_OUT": []}) for ctx in contexts]
    rows.append(
        (
            "board: the board template around its parts (none drawn)",
            1.0,
            statistics.median(skeleton),
            statistics.mean(skeleton),
        )
    )
    for part in ("court", "state", "families", "hand", "conspirators", "discard"):
        sent = [ctx for ctx in contexts if part in ctx["BOARD_PARTS"]]
        if not sent:
            continue
        ms = [timed(board, {**ctx, "OOB": OOB, "PARTS_WANTED": [part], "PART_OUT": []}) for ctx in sent]
        own = [m - s for m, s in zip(ms, [skeleton[contexts.index(c)] for c in sent], strict=True)]
        rows.append((f"board part {part}", len(sent) / n, statistics.median(own), sum(own) / n))
    log = [ctx for ctx in contexts if ctx.get("LOG_NEW")]
    if log:
        t = env.from_string('{{ log_entries(LOG_NEW, table, game, role, "&as=" ~ role if role else "") }}')
        ms = [timed(t, ctx) for ctx in log]
        rows.append(("the log's new entries", len(log) / n, statistics.median(ms), sum(ms) / n))
    return rows


CUMULATIVE = "--cumulative" in sys.argv


def print_diff(profs: dict[str, cProfile.Profile], top: int, n: int) -> None:
    """cProfile's own time and calls per request, HTMX move less API move, by function (the profiler's overhead
    included: shares, not ms)."""
    own: dict[str, list[float]] = {}
    for i, kind in enumerate(("API move", "HTMX move")):
        for (filename, line, name), (_cc, nc, tottime, cum, _callers) in pstats.Stats(profs[kind]).stats.items():  # type: ignore[attr-defined]
            tottime = cum if CUMULATIVE else tottime
            key = f"{filename.replace(str(ROOT) + '/', '').split('site-packages/')[-1]}:{line}({name})"
            row = own.setdefault(key, [0.0, 0.0, 0.0, 0.0])
            row[i] += tottime
            row[2 + i] += nc
    total = [sum(r[i] for r in own.values()) / n * 1000 for i in (0, 1)]
    print(f"cProfile own time a request: API move {total[0]:.2f} ms, HTMX move {total[1]:.2f} ms\n")
    print("| function | own ms a move, API | HTMX | HTMX − API | calls a move, API | HTMX |\n|---|---|---|---|---|---|")
    for key, r in sorted(own.items(), key=lambda kv: -(kv[1][1] - kv[1][0]))[:top]:
        print(
            f"| `{key}` | {r[0] / n * 1000:.3f} | {r[1] / n * 1000:.3f} | {(r[1] - r[0]) / n * 1000:.3f} | {r[2] / n:.1f} | {r[3] / n:.1f} |"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--moves", type=int, default=300)
    ap.add_argument("--database-url", default=None)
    ap.add_argument("--top", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=50)
    ap.add_argument("--plain", action="store_true", help="no wrappers: the requests' thread CPU alone")
    ap.add_argument("--diff", type=int, default=0, help="the N functions whose own time an HTMX move adds most")
    ap.add_argument("--cumulative", action="store_true", help="--diff by cumulative time (a function and its callees)")
    ap.add_argument(
        "--replay", action="store_true", help="then each parts answer's own work (fingerprints, render) --repeat times"
    )
    ap.add_argument("--coarse", action="store_true", help="the big steps alone, of both kinds of move")
    args = ap.parse_args()
    args.plain = args.plain or args.replay
    if args.plain or args.coarse or args.diff:
        args.top = 0
    if args.coarse:
        instrument_coarse()
    elif not (args.top or args.plain or args.diff):
        instrument()
    played = asyncio.run(play_moves(args))
    times, stages, kinds, calls, contexts = played.times, played.stages, played.kinds, played.calls, played.contexts
    db = "PostgreSQL" if args.database_url else "SQLite"
    print(f"# An HTMX move beyond the API move — {db}, 15 Días, {args.moves} moves, load {os.getloadavg()[0]:.2f}\n")
    api, htmx = (statistics.median(times[k]) * 1000 for k in ("API move", "HTMX move"))
    print(
        f"thread CPU a request, median: API move {api:.2f} ms, HTMX move {htmx:.2f} ms (premium {htmx - api:.2f} ms)\n"
    )
    if args.replay:
        replay(played.contexts, args.repeat)
        return
    if args.plain:
        return
    if args.diff:
        print_diff(played.profiles, args.diff, len(times["HTMX move"]))
        return
    if args.top:
        pstats.Stats(played.profiles["HTMX move"]).sort_stats("tottime").print_stats(args.top)
        return
    if args.coarse:
        print("| step (own thread CPU) | API move, mean ms | HTMX move, mean ms |\n|---|---|---|")
        by = {k: [s for s, kind in zip(stages, kinds, strict=True) if kind == k] for k in ("API move", "HTMX move")}
        keys = sorted(
            {k for s in stages for k in s if k != "kind"},
            key=lambda k: -statistics.mean(s.get(k, 0.0) for s in by["HTMX move"]),
        )
        for k in keys:
            row = [statistics.mean(s.get(k, 0.0) for s in by[kind]) * 1000 for kind in by]
            print(f"| {k} | {row[0]:.3f} | {row[1]:.3f} |")
        rest = [
            statistics.mean(
                s["(request)"] - sum(v for n, v in s.items() if n not in ("kind", "(request)")) for s in by[kind]
            )
            * 1000
            for kind in by
        ]
        print(
            f"| the rest: routing, login, form or JSON body, CSRF, the session (not wrapped) | {rest[0]:.3f} | {rest[1]:.3f} |"
        )
        return
    names = sorted(
        {k for s in stages for k in s if k != "kind"}, key=lambda k: -statistics.mean(s.get(k, 0.0) for s in stages)
    )
    print("| stage (own thread CPU, instrumented) | mean ms an HTMX move | calls a move |\n|---|---|---|")
    for k in names:
        mean = statistics.mean(s.get(k, 0.0) for s in stages) * 1000
        n = statistics.mean(c.get(k, 0) for c in calls) if k != "(request)" else 1
        print(f"| {k} | {mean:.3f} | {n:.1f} |")
    from app.web import templates

    print(
        "\n| rendered alone (plain, from the answers' contexts) | sent in | median ms when sent | mean ms an answer |"
    )
    print("|---|---|---|---|")
    for what, share, med, mean in render_alone(templates.env, contexts, args.repeat):
        print(f"| {what} | {share:.0%} | {med:.3f} | {mean:.3f} |")


if __name__ == "__main__":
    main()
