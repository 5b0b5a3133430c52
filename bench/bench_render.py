"""The live partial's render alone (issue 15, target 1: an HTMX move's premium over an API move is its render).

    python bench/bench_render.py [--game 15-dias] [--moves 60] [--repeat 200] [--lang es] [--dump DIR] [--top N]

Plays hot-seat tables of a game in this process (direct ASGI calls, as `bench_calls.py`), every move an HTMX post,
and keeps what each move's live partial (`table/_live.html`) was rendered from. Then renders each of those
partials again: ``--repeat`` times for its thread CPU time (the median of the renders), once under cProfile for
its Python calls; the same for the game's board and the log (`table/_log.html`) rendered alone from the same
context. Prints the median and the mean over the partials (about half of them carry the seat's actions);
``--top N``: then the N functions with the most own time over one render of every partial (cProfile's).
``--lang es``: the renders in that language (issue 29: the site's words through gettext; the contexts, the
engine's words among them, are those of the English moves). ``--dump DIR``: writes each partial's HTML (the CSRF token blanked) to DIR/NNN.html, to compare two trees' output
(the same seed gives the same games on both).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pathlib
import pstats
import random
import statistics
import sys
import tempfile
import time

import httpx

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


async def captured_partials(args) -> list[dict]:
    """The contexts of the live partials of ``args.moves`` HTMX moves."""
    import anyio.to_thread

    from app import web
    from app.config import Settings
    from app.main import create_app
    from app.migrate import upgrade
    from bench.bench_calls import htmx_move, random_moves, register
    from bench.bench_move import fresh_database
    from engines import registry

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="siglo-bench-render-"))
    url, drop = fresh_database(None, tmp)
    upgrade(url)
    app = create_app(
        Settings(database_url=url, secret_key="bench-" + "k" * 40, bots_enabled=False, secret_file=tmp / "secret")
    )

    async def inline(func, *a, **_kw):  # the thread pool's hop run on this thread: one thread, deterministic
        return func(*a)

    anyio.to_thread.run_sync = inline  # type: ignore[assignment]  # one thread, deterministic
    kept: list[dict] = []
    response = web.templates.TemplateResponse

    def keep(request, name, context, **kw):
        if name == "table/_live.html":
            kept.append(context)
        return response(request, name, context, **kw)

    web.templates.TemplateResponse = keep  # type: ignore[method-assign,assignment]  # keeps each live partial's context
    game = registry.get_game(args.game)
    if game is None:
        sys.exit(f"unknown game {args.game!r}")
    roles = game.roles(game.parse_options({}))
    rng = random.Random(1)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench") as c,
    ):
        headers = await register(c)

        async for table, role, v, a in random_moves(c, headers, args.game, roles, rng):
            if len(kept) >= args.moves:
                break
            r = await htmx_move(c, headers, table, role, v, a)
            assert r.status_code == 200, (r.status_code, r.text[:300])
    web.templates.TemplateResponse = response  # type: ignore[method-assign]  # put back
    app.state.engine.dispose()
    drop()
    return kept


def measure(template, contexts: list[dict], repeat: int) -> tuple[float, float, float, float, float]:
    """Over the contexts: the median and the mean of one render's thread CPU ms (each the median of ``repeat``
    renders), the median and the mean of one render's Python calls, the median bytes."""
    times, calls, sizes = [], [], []
    for ctx in contexts:
        runs = []
        for _ in range(repeat):
            t = time.thread_time()
            template.render(ctx)
            runs.append(time.thread_time() - t)
        times.append(statistics.median(runs) * 1000)
        prof = cProfile.Profile()
        prof.enable()
        html = template.render(ctx)
        prof.disable()
        calls.append(pstats.Stats(prof).total_calls)  # type: ignore[attr-defined]  # set at run time; not in typeshed
        sizes.append(len(html.encode()))
    return (
        statistics.median(times),
        statistics.mean(times),
        statistics.median(calls),
        statistics.mean(calls),
        statistics.median(sizes),
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="15-dias")
    ap.add_argument("--moves", type=int, default=60)
    ap.add_argument("--repeat", type=int, default=200)
    ap.add_argument("--dump", type=pathlib.Path, default=None)
    ap.add_argument("--top", type=int, default=0, help="then the N functions with the most own time")
    ap.add_argument("--lang", default="en", help="the language the partials are rendered in")
    args = ap.parse_args()
    contexts = asyncio.run(captured_partials(args))
    from app import i18n
    from app.web import templates

    with i18n.use(args.lang):
        report(args, contexts, templates.env)


def report(args, contexts: list[dict], env) -> None:

    if args.dump:
        args.dump.mkdir(parents=True, exist_ok=True)
        for i, ctx in enumerate(contexts):
            html = env.get_template("table/_live.html").render(ctx).replace(ctx["csrf_token"], "CSRF")
            (args.dump / f"{i:03d}.html").write_text(html)
    print(
        f"# The live partial's render — {args.game}, {len(contexts)} partials, {args.repeat} renders each, {args.lang}\n"
    )
    print("| template | thread CPU ms, median / mean | Python calls, median / mean | bytes |\n|---|---|---|---|")
    for label, name in (
        ("the live partial", "table/_live.html"),
        ("the board", contexts[0]["board_template"]),
        ("the log", "table/_log.html"),
    ):
        ms, ms_mean, calls, calls_mean, size = measure(env.get_template(name), contexts, args.repeat)
        print(f"| {label} (`{name}`) | {ms:.3f} / {ms_mean:.3f} | {calls:,.0f} / {calls_mean:,.0f} | {size:,.0f} |")
    if args.top:
        prof = cProfile.Profile()
        template = env.get_template("table/_live.html")
        prof.enable()
        for ctx in contexts:
            template.render(ctx)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
