"""The app includes the routers of its hot routes first (issue 15: each route FastAPI tries before the one that
matches costs its path check). That order is free only while no two routes of different routers match the same
request; within a router the order is the module's (``/tables/new`` before ``/tables/{table_id}``)."""

from app.routes import api, auth, live, pages
from app.routes import clocks as clock_routes
from app.routes import endings as ending_routes
from app.routes import notices as notice_routes
from app.routes import profile as profile_routes

ROUTERS = {
    "api": api.router,
    "pages": pages.router,
    "live": live.router,
    "auth": auth.router,
    "notices": notice_routes.router,
    "endings": ending_routes.router,
    "profile": profile_routes.router,
    "clocks": clock_routes.router,
}


def routes_of(router) -> list:
    """The router's routes, those of the routers it includes too (which add no prefix of their own here)."""
    out = []
    for route in router.routes:
        if hasattr(route, "path_regex"):
            out.append(route)
            continue
        included = getattr(route, "original_router", None)  # FastAPI keeps an included router as it is
        assert included is not None, f"a route of an unknown kind: {route!r}"
        assert included.prefix == "" and route.include_context.prefix == ""
        out.extend(routes_of(included))
    return out


def sample_path(route) -> str:
    path = route.path_format
    for name in route.param_convertors:
        path = path.replace("{" + name + "}", "1")
    return path


def test_no_two_routers_answer_the_same_request():
    routes = [(name, r) for name, router in ROUTERS.items() for r in routes_of(router)]
    assert len(routes) > 60  # every router was read
    clashes = []
    for name, route in routes:
        path = sample_path(route)
        for other_name, other in routes:
            if other_name != name and route.methods & other.methods and other.path_regex.match(path):
                clashes.append(f"{sorted(route.methods)} {path}: {name} and {other_name}")
    assert clashes == []


def test_a_clash_would_be_seen():
    routes = routes_of(pages.router)
    new = next(r for r in routes if r.path_format == "/tables/new")
    page = next(r for r in routes if r.path_format == "/tables/{table_id}")
    assert page.path_regex.match(sample_path(new)) and new.methods & page.methods  # within a router: order decides
