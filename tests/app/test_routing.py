"""The app's routers indexed by their paths' segments (app/routing.py): every path the app answers resolves, with
every method, to the route FastAPI's own search through all the routes finds, with the same path parameters and
the same 405s; and a move's path reaches its one route."""

from __future__ import annotations

import pytest
from fastapi.routing import _IncludedRouter
from starlette.routing import Match

from app.routes import api as api_routes
from app.routes import pages as page_routes
from app.routing import ANY, IndexedInclusion, shape_of

METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
# paths no template names: near misses of the routes' own (a segment too many or too few, a slash more, a
# parameter that is not a number, a known word where a parameter stands, nothing at all)
ODD = (
    "/",
    "//",
    "/tables",
    "/tables/",
    "/tables/new",
    "/tables/new/seats/",
    "/tables/5/act/",
    "/tables//act",
    "/tables/x/act",
    "/tables/act/act",
    "/tables/5/act/5",
    "/api",
    "/api/v1",
    "/api/v1/",
    "/api/v1/tables/x/actions",
    "/api/v1/tables/tables/actions",
    "/api/v2/tables/5/actions",
    "/static",
    "/static/",
    "/static/css/site.css",
    "/games/x/rules/reference/more",
    "/nowhere",
    "/users/a%2Fb",
)


def _sample(path_format: str) -> list[str]:
    """Paths a template answers: its parameters filled with a number, and with a word."""
    return [
        "/".join("7" if "{" in part else part for part in path_format.split("/")),
        "/".join("word" if "{" in part else part for part in path_format.split("/")),
    ]


def _paths(app) -> list[str]:
    paths = set(ODD)
    for route in app.router.routes:
        contexts = route.effective_route_contexts() if isinstance(route, _IncludedRouter) else [route]
        for context in contexts:
            own = getattr(context, "starlette_route", None) or context
            path_format = getattr(context, "path_format", "") or getattr(own, "path_format", "")
            paths.update(_sample(path_format) if path_format else ())
    return sorted(paths)


def _resolved(result) -> tuple:
    match, child, route, context = result
    return match, child.get("path_params"), child.get("endpoint"), route, context


def test_every_path_resolves_as_fastapi_finds_it(app):
    inclusions = [r for r in app.router.routes if isinstance(r, _IncludedRouter)]
    assert inclusions and all(isinstance(r, IndexedInclusion) for r in inclusions)
    checked = 0
    for path in _paths(app):
        for method in METHODS:
            scope = {"type": "http", "method": method, "path": path, "root_path": "", "headers": [], "app": app}
            for inclusion in inclusions:
                indexed = _resolved(inclusion._match(dict(scope)))
                searched = _resolved(_IncludedRouter._match(inclusion, dict(scope)))  # FastAPI's own search
                assert indexed == searched, (method, path)
                checked += indexed[0] is not Match.NONE
    assert checked > 300  # the sample paths did reach routes, with their methods and as 405s


def test_a_move_tries_one_route(app):
    api, pages = (
        next(r for r in app.router.routes if getattr(r, "original_router", None) is m.router)
        for m in (api_routes, page_routes)
    )
    assert [c.path_format for c in api.candidates_for("/api/v1/tables/5/actions")] == [
        "/api/v1/tables/{table_id}/actions"
    ]
    assert [c.path_format for c in pages.candidates_for("/tables/5/act")] == ["/tables/{table_id}/act"]
    assert api.candidates_for("/tables/5/act") == [] and pages.candidates_for("/api/v1/tables/5/actions") == []


@pytest.mark.parametrize(
    ("template", "shape"),
    [
        ("/tables/{table_id}/act", (("", "tables", ANY, "act"), False)),
        ("/", (("", ""), False)),
        ("/static/{path}", (("", "static"), True)),
        ("/games/{game_id}/cards/{item_id}", (("", "games", ANY, "cards", ANY), False)),
    ],
)
def test_shapes(template, shape):
    from starlette.convertors import PathConvertor, StringConvertor

    convertors = {"path": PathConvertor(), "table_id": StringConvertor()}
    assert shape_of(template, convertors) == shape


def test_the_answering_router_searches_once_a_request(app, monkeypatch):
    """FastAPI asks the router that answers twice (to match, then to handle): the second answer is the first, kept
    in the scope; a copy of the scope for another path (the trailing slash's redirect) is searched afresh."""
    pages = next(r for r in app.router.routes if getattr(r, "original_router", None) is page_routes.router)
    searched = []
    narrowed = IndexedInclusion._narrowed

    def counted(self, path):
        searched.append(path)
        return narrowed(self, path)

    monkeypatch.setattr(IndexedInclusion, "_narrowed", counted)
    scope = {"type": "http", "method": "POST", "path": "/tables/5/act", "root_path": "", "headers": [], "app": app}
    first = pages._match(scope)
    assert pages._match(scope) is first and searched == ["/tables/5/act"]
    assert pages._match({**scope, "path": "/tables/5/act/"})[0] is Match.NONE
    assert pages._match({**scope, "method": "GET"})[0] is Match.PARTIAL  # a 405, not the POST's answer
    assert searched == ["/tables/5/act", "/tables/5/act/", "/tables/5/act"]
