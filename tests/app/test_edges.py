"""Platform hardening §8–10, §12: input the API accepts never makes a 500, the CSRF token is bound to the
session, security headers, the vendored API page, small refusals, rate limits, and no blocking async route."""

import inspect

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from app.main import create_app
from tests.app.conftest import Browser
from tests.app.test_api import play_to_the_end, two_players

# ----- §8: 422 with a message, never "integer out of range" or a ValueError -----


def test_the_largest_seqs_are_refused_at_the_edge(browser):
    alice, _bob, table = two_players(browser)
    for seq in (2**31 - 1, 2**31):
        r = alice.act(table, "raise", seq=seq)
        assert r.status_code == 422 and "seq" in r.json()["detail"], (seq, r.text)
        r = alice.api("POST", f"/api/v1/tables/{table}/undo", {"seq": seq})
        assert r.status_code == 422, r.text
        r = alice.post(f"/tables/{table}/act", {"seq": seq, "verb": "raise", "arg": "null"})
        assert r.status_code == 422, r.text
        r = alice.post(f"/tables/{table}/undo", {"seq": seq})
        assert r.status_code == 422, r.text
    assert alice.act(table, "raise", seq=0).status_code == 200


@pytest.mark.parametrize("event_id", ["²", "9" * 5000, "-1", "1e3", "99999999999"])
def test_a_bad_last_event_id_is_a_422(browser, event_id):
    alice = browser("alice")
    table = alice.new_table()
    r = alice.c.get(f"/api/v1/tables/{table}/events", headers={"Last-Event-ID": event_id.encode("latin-1")})
    assert r.status_code == 422 and "Last-Event-ID" in r.json()["detail"]
    r = alice.c.get(f"/api/v1/tables/{table}/events?seq={'9' * 5000}")
    assert r.status_code == 422


# ----- §9: the CSRF token is bound to the session -----


def test_a_csrf_token_of_the_clients_choosing_is_refused(browser):
    alice = browser("alice")
    alice.c.cookies.set("siglo_csrf", "chosen-by-the-attacker")
    r = alice.c.post("/api/v1/tables", json={"game": "toy-duel"}, headers={"X-CSRF-Token": "chosen-by-the-attacker"})
    assert r.status_code == 403
    r = alice.c.post("/tables", data={"game": "toy-duel", "csrf_token": "chosen-by-the-attacker"})
    assert r.status_code == 403


def test_the_csrf_token_changes_at_login(browser):
    b = browser()
    before = b.csrf
    b.register("alice")
    after = b.csrf
    assert before != after
    r = b.c.post("/api/v1/tables", json={"game": "toy-duel"}, headers={"X-CSRF-Token": before})
    assert r.status_code == 403
    r = b.c.post("/api/v1/tables", json={"game": "toy-duel"}, headers={"X-CSRF-Token": after})
    assert r.status_code == 201
    other = browser("bob")  # another session's valid token is worth nothing here
    r = b.c.post("/api/v1/tables", json={"game": "toy-duel"}, headers={"X-CSRF-Token": other.csrf})
    assert r.status_code == 403


# ----- §10: headers and small things -----


def test_security_headers_and_no_store(browser):
    alice = browser("alice")
    table = alice.new_table()
    for url in ("/", f"/tables/{table}", f"/api/v1/tables/{table}", f"/api/v1/tables/{table}/log"):
        r = alice.c.get(url)
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"], url
        assert "script-src 'self'" in r.headers["content-security-policy"], url
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "same-origin"
        assert r.headers["cache-control"] == "no-store", url
    r = alice.c.get("/static/css/site.css")
    assert r.headers["x-content-type-options"] == "nosniff" and "no-store" not in r.headers.get("cache-control", "")
    page = alice.c.get(f"/tables/{table}").text
    assert "hx-on" not in page and "onchange=" not in alice.c.get("/tables/new").text


def test_the_api_page_serves_swagger_ui_from_static(browser):
    b = browser()
    page = b.c.get("/docs").text
    assert "/static/vendor/swagger-ui-5.17.14/swagger-ui-bundle.js" in page and "cdn" not in page
    assert "<script>" not in page  # no inline script: the CSP holds on the API page too
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css"):
        r = b.c.get(f"/static/vendor/swagger-ui-5.17.14/{asset}")
        assert r.status_code == 200 and len(r.content) > 100_000
    assert b.c.get("/static/vendor/LICENSE-swagger-ui.txt").status_code == 200
    assert b.c.get("/openapi.json").json()["info"]["title"] == "Siglo de Oro"


def test_an_error_never_echoes_a_huge_input(browser):
    alice, _bob, table = two_players(browser)
    huge = "x" * 200_000
    for body in ({"seq": 0, "verb": "raise", huge: 1}, {"seq": 0, "verb": "raise", "arg": {huge: huge}}):
        r = alice.api("POST", f"/api/v1/tables/{table}/actions", body)
        assert r.status_code == 422 and len(r.content) < 3000, len(r.content)
    r = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "seats": {"north": huge}})
    assert r.status_code == 422 and len(r.content) < 3000


def test_seat_specs_and_option_keys_are_checked(browser):
    alice = browser("alice")
    for seats in ({"north": "botany"}, {"north": "bot"}, {"north": "bot:"}):
        r = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "seats": seats})
        assert r.status_code == 422, (seats, r.text)
    r = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "options": {"rounds": 2, "roudns": 3}})
    assert r.status_code == 422 and "roudns" in r.json()["detail"]
    r = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "seats": {"south": "bot:random"}})
    assert r.status_code == 201


def test_head_and_favicon(browser):
    b = browser()
    r = b.c.head("/")
    assert r.status_code == 200 and r.content == b""
    r = b.c.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert '<link rel="icon"' in b.c.get("/").text


@pytest.fixture
def strict(settings):
    """An app with small allowances, to see each rate limit answer 429."""
    app = create_app(
        settings.model_copy(update={"registrations_per_hour": 2, "chat_per_minute": 3, "imports_per_hour": 1})
    )
    with TestClient(app) as client:
        yield client


def test_registration_chat_and_record_import_are_rate_limited(strict):
    users = [Browser(TestClient(strict.app)).register(name) for name in ("ana", "bea")]
    r = Browser(TestClient(strict.app)).post("/register", {"username": "cid", "password": "long enough"})
    assert r.status_code == 429 and "Too many" in r.text
    ana, bea = users
    table = ana.new_table(seats={"north": "me", "south": "open"})
    bea.api("POST", f"/api/v1/tables/{table}/join", {})
    for i in range(3):
        assert ana.api("POST", f"/api/v1/tables/{table}/chat", {"text": f"hola {i}"}).status_code == 201
    assert ana.api("POST", f"/api/v1/tables/{table}/chat", {"text": "again"}).status_code == 429
    assert bea.api("POST", f"/api/v1/tables/{table}/chat", {"text": "mine"}).status_code == 201  # per person
    play_to_the_end(ana, bea, table)
    record = ana.api("GET", f"/api/v1/tables/{table}/record").json()
    assert ana.api("POST", "/api/v1/records", record).status_code == 201
    assert ana.api("POST", "/api/v1/records", record).status_code == 429


def test_docker_compose_asks_for_its_secrets():
    from app.resources import HERE

    compose = (HERE.parent / "docker-compose.yml").read_text()
    assert "${POSTGRES_PASSWORD:?" in compose and "${SIGLO_SECRET_KEY:?" in compose
    assert ":-siglo}" not in compose
    dockerfile = (HERE.parent / "Dockerfile").read_text()
    assert "pip install --no-cache-dir --no-deps ." in dockerfile and " -e " not in dockerfile


# ----- §12: no route blocks the event loop; one SeatDep, one stale-move answer -----


def test_no_async_route_or_dependency_touches_the_database(app):
    """An ``async def`` endpoint runs on the event loop: a synchronous commit there stalls every live stream.
    Only the live stream (which looks the table up in the thread pool), the form readers and the pure
    dependencies (no statement: the user and table they check were looked up by others) are async."""
    allowed = {
        "table_events",
        "csrf_protect",
        "form_data",
        "move_form",
        "undo_form",
        "record_upload",
        "get_current_user",
        "get_session_user",
        "get_watchable_table",
        "get_seat",
        "player_hop",
        "watcher_hop",
        "refuse_unstorable",
    }

    def walk(dependant):
        yield dependant.call
        for d in dependant.dependencies:
            yield from walk(d)

    def routes(items):  # FastAPI keeps an included router's routes in the router
        for route in items:
            if isinstance(route, APIRoute):
                yield route
            elif hasattr(route, "original_router"):
                yield from routes(route.original_router.routes)

    checked = 0
    for route in routes(app.routes):
        checked += 1
        for call in walk(route.dependant):
            if inspect.iscoroutinefunction(call):
                assert call.__name__ in allowed, f"{route.path}: async {call.__name__}"
    assert checked > 50


def test_a_seat_not_mine_is_403_everywhere(browser):
    _alice, bob, table = two_players(browser)
    carol = browser("carol")
    for url in (
        f"/api/v1/tables/{table}?as=north",
        f"/api/v1/tables/{table}/log?as=north",
        f"/tables/{table}?as=north",
        f"/tables/{table}/log?as=north",
        f"/tables/{table}/live?as=north",
    ):
        assert carol.c.get(url).status_code == 403, url
        assert bob.c.get(url).status_code == 403, url


def test_a_stale_undo_gets_409_with_the_fresh_view(browser):
    alice, _bob, table = two_players(browser)
    alice.act(table, "raise")
    alice.act(table, "raise")
    r = alice.api("POST", f"/api/v1/tables/{table}/undo", {"seq": 1})
    assert r.status_code == 409 and r.json()["view"]["seq"] == 2


def test_the_hot_routes_answer_401_before_404_before_422(browser):
    """A move, an undo, a seat's view, the table's page and the live partial make their look-ups in the route's
    own thread (``app.deps.Hop``): the answers keep the order they had as dependencies — the login, then the
    table, then who may watch it, then the parameters FastAPI refuses."""
    alice, bob, table = two_players(browser)
    anon = browser()
    bad_body = {"seq": -1, "verb": ""}
    for url in (f"/api/v1/tables/{table}/actions", f"/api/v1/tables/{table}/undo"):
        assert anon.api("POST", url, bad_body).status_code == 401, url
        assert anon.api("POST", url.replace(f"/{table}/", "/0/"), bad_body).status_code == 401, url
        assert anon.api("POST", url, bad_body, headers={"Authorization": "Bearer nope"}).status_code == 401, url
        missing = url.replace(f"/{table}/", "/999999/")
        r = alice.api("POST", missing, bad_body)
        assert r.status_code == 404 and "no table" in r.json()["detail"], (url, r.text)
        r = alice.api("POST", url.replace(f"/{table}/", "/0/"), bad_body)
        assert r.status_code == 422 and "table_id" in r.json()["detail"], (url, r.text)
        r = alice.api("POST", url, bad_body)
        assert r.status_code == 422 and "seq" in r.json()["detail"], (url, r.text)
    for url in (f"/tables/{table}/act", f"/tables/{table}/undo"):
        r = anon.post(url, {"seq": -1}, headers={"HX-Request": "true"})
        assert r.status_code == 204 and r.headers["HX-Redirect"].startswith("/login"), url
        assert alice.post(url.replace(f"/{table}/", "/999999/"), {"seq": -1}).status_code == 404, url
        assert alice.post(url, {"seq": -1}).status_code == 422, url
    r = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "seats": {"north": "me"}, "private": True})
    private = r.json()["id"]
    long_seat = "x" * 41
    for url in (
        f"/api/v1/tables/{{}}?as={long_seat}",
        f"/tables/{{}}?as={long_seat}",
        f"/tables/{{}}/live?as={long_seat}",
    ):
        r = anon.api("GET", url.format(private), headers={"Authorization": "Bearer nope"})
        assert r.status_code == 401, (url, r.text)
        assert anon.api("GET", url.format(999999)).status_code == 404, url
        assert anon.api("GET", url.format(private)).status_code == 403, url
        assert bob.api("GET", url.format(private)).status_code == 403, url
        assert alice.api("GET", url.format(private)).status_code == 422, url
        assert alice.api("GET", url.format(0)).status_code == 422, url
