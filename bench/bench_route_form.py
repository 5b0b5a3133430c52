"""What a move's request pays before its route runs (issue 26 › Performance): finding its route, and reading the
pages' move form.

    python bench/bench_route_form.py [--number 3000] [--repeat 3]

In this process, no server. **The route**: the app of `bench/bench_app.py` matched as Starlette and FastAPI match
a request — each of the app's routes' ``matches`` in order until one answers, then the answering included router's
``_match`` again (its ``handle``) —, once with FastAPI's own search of each included router (every route in
order: ``fastapi.routing._IncludedRouter._match``) and once with the app's index (``app/routing.py``), in turn.
**The form**: the four fields of a move's form, read as FastAPI's ``Form()`` parameters read them
(``request_body_to_args`` over the route's body fields, the form parsed already) and as ``app.routes.common.
read_form`` reads them, in turn. Prints the best of ``--repeat`` a request, in µs.
"""

import argparse
import asyncio
import os
import pathlib
import sys
import tempfile
import time
import timeit
from typing import Annotated, Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PATHS = [
    ("POST", "/api/v1/tables/5/actions"),
    ("POST", "/tables/5/act"),
    ("GET", "/tables/5/live"),
    ("POST", "/bench/skeleton/5"),
]


def route_times(number: int, repeat: int) -> list[tuple[str, float, float]]:
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{tempfile.mkdtemp(prefix='siglo-bench-route-')}/r.db")
    from fastapi.routing import _IncludedRouter
    from starlette.routing import Match

    from bench.bench_app import app

    def resolve(method: str, path: str, searched: bool) -> None:
        scope = {"type": "http", "method": method, "path": path, "root_path": "", "headers": [], "app": app}
        for route in app.router.routes:
            if isinstance(route, _IncludedRouter):
                found = _IncludedRouter._match if searched else type(route)._match
                if found(route, scope)[0] is Match.FULL:
                    found(route, scope)
                    return
            elif route.matches(scope)[0] is Match.FULL:
                return

    def best(method: str, path: str, searched: bool) -> float:
        runs = timeit.repeat(lambda: resolve(method, path, searched), number=number, repeat=repeat)
        return min(runs) / number * 1e6

    return [(f"{m} {p}", best(m, p, True), best(m, p, False)) for m, p in PATHS]


def form_times(number: int, repeat: int) -> tuple[float, float]:
    from fastapi import Form
    from fastapi.dependencies.utils import request_body_to_args
    from fastapi.routing import APIRoute
    from starlette.datastructures import FormData

    from app.routes.common import MAX_SEQ, MoveFields, read_form

    def act(
        seq: Annotated[int, Form(ge=0, le=MAX_SEQ)],
        verb: Annotated[str, Form(max_length=60)],
        arg: Annotated[str, Form(max_length=10_000)] = "null",
        role: Annotated[str, Form(max_length=40)] = "",
    ) -> None:
        """The move route's signature before app.routes.common.read_form."""

    route = APIRoute("/tables/{table_id}/act", act, methods=["POST"])
    form = FormData(
        [("seq", "12"), ("verb", "play_card"), ("arg", '"cardinal"'), ("role", "player2"), ("csrf_token", "x" * 43)]
    )

    class Parsed:  # a request whose form is parsed already (app.inputs.refuse_unstorable parsed it)
        def __init__(self) -> None:
            self.path_params = {"table_id": "5"}

        async def form(self) -> Any:
            return form

    async def fastapi_way() -> None:
        for _ in range(number):
            _values, errors = await request_body_to_args(route.dependant.body_params, form, route._embed_body_fields)
            assert not errors

    async def ours() -> None:
        request = Parsed()
        for _ in range(number):
            await read_form(request, MoveFields)  # type: ignore[arg-type]  # what read_form reads of a request

    best = {"fastapi": float("inf"), "ours": float("inf")}
    for _ in range(repeat):
        for name, way in (("fastapi", fastapi_way), ("ours", ours)):
            t0 = time.perf_counter()
            asyncio.run(way())
            best[name] = min(best[name], (time.perf_counter() - t0) / number * 1e6)
    return best["fastapi"], best["ours"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--number", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"# A move's route and form — load average {' / '.join(f'{x:.2f}' for x in os.getloadavg())}\n")
    print("| request | every route in order, µs | indexed (app/routing.py), µs |\n|---|---|---|")
    for name, searched, indexed in route_times(args.number, args.repeat):
        print(f"| `{name}` | {searched:.1f} | {indexed:.1f} |")
    fastapi, ours = form_times(args.number, args.repeat)
    print("\n| the move's form, four fields | µs |\n|---|---|")
    print(f"| FastAPI's `Form()` parameters | {fastapi:.1f} |\n| `read_form` (a pydantic model) | {ours:.1f} |")


if __name__ == "__main__":
    main()
