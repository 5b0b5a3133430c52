"""Hostile text in every input (proof issue, part 2; issue 26), built from the app itself: for each operation of
its OpenAPI document, each path parameter, each query parameter and each string of its body — string fields,
dict keys and values, an imported record's contents, an action's argument, an unexpected extra key — and for each
route the document leaves out (the pages and their forms), each path parameter, query parameter and form field,
a player sends each hostile value: a NUL, lone UTF-16 surrogates (the JSON escape ``"\\ud800"``; in a URL the
bytes ``%ED%A0%80``), control characters, an over-long string and, where a URL is expected, malformed URLs. Each
answer is a 4xx (never a 5xx), its body encodes as UTF-8 (a JSON one parses and says why), and nothing in the
database changed. Runs on SQLite and, when a server is given, on PostgreSQL (``database_url``)."""

from __future__ import annotations

import copy
import json
from typing import Any
from urllib.parse import quote_plus

import pytest
from fastapi.routing import APIRoute
from sqlalchemy import select

from tests.app.conftest import Browser

HOSTILE = {
    "nul": "a\x00b",
    "surrogate": "\ud800",
    "low surrogate": "x\udfffy",
    "controls": "a\x01\x1b\x7fb",
    "long": "x" * 100_000,
}
MALFORMED_URLS = [
    "http://[::1/",
    "http://[",
    "http://a:b:c/",
    "http://example.com:99999999999999999999/",
    "http://exa mple.com/",
    "http://example.com/\x01",
    "http://[2002:a00:1::]/",
]
# what a path or query string carries for each value (a lone surrogate cannot be encoded: its UTF-8-like bytes)
IN_URL = {"nul": "a%00b", "surrogate": "%ED%A0%80", "low surrogate": "x%ED%BF%BFy", "controls": "a%01%1B%7Fb"}
IN_URL["long"] = "x" * 5000
PASSWORDS = {"password", "current", "new"}  # a password may hold control characters: only NUL etc. are refused
VOLATILE = {"rate_hits"}  # counting refused logins and imports is the rate limits' job, not a change


@pytest.fixture
def settings(settings):
    """The rate limits out of the way, so each request reaches the input it is about."""
    return settings.model_copy(
        update={
            "imports_per_hour": 10**6,
            "chat_per_minute": 10**6,
            "registrations_per_hour": 10**6,
            "login_attempts": 10**6,
        }
    )


def _digest(app) -> dict[str, list]:
    """Every row of every table (the whole database), to compare before and after."""
    from app.models import Base

    with app.state.engine.connect() as conn:
        return {
            t.name: sorted(map(repr, conn.execute(select(t)).all()))
            for t in Base.metadata.sorted_tables
            if t.name not in VOLATILE
        }


def _changed(before: dict, after: dict) -> list[str]:
    return [name for name in before if before[name] != after[name]]


# what a stored control character looks like in a row's repr (the server may take text and clean it, never keep it)
KEPT = ("\\x00", "\\x01", "\\x1b", "\\x7f", "\\ud800", "\\udfff")


class Sweep:
    """Sends hostile requests operation by operation and collects what went wrong: a 5xx, an answer that does not
    encode, a 4xx JSON answer without a detail, a refusal that changed the database, or an accepted request (an
    unknown query key is ignored; control characters may be cleaned away) that stored the hostile text."""

    def __init__(self, app):
        self.app = app
        self.problems: list[str] = []
        self.sent = 0

    def operation(self, name: str, requests: list[tuple[str, bool, Any]]) -> None:
        """``requests``: (what, may_succeed, send) with ``send()`` -> the response."""
        if not requests:
            return
        before = _digest(self.app)
        for what, may_succeed, send in requests:
            r = send()
            self.sent += 1
            problem = self._answer(r, may_succeed)
            if problem:
                self.problems.append(f"{name} {what}: {problem}")
                continue
            if r.status_code < 400:
                after = _digest(self.app)
                for table in _changed(before, after):
                    new = set(after[table]) - set(before[table])
                    if any(mark in row for row in new for mark in KEPT):
                        self.problems.append(f"{name} {what}: stored the hostile text in {table}")
                before = after
        changed = _changed(before, _digest(self.app))
        if changed:
            self.problems.append(f"{name}: refused requests changed {changed}")

    @staticmethod
    def _answer(r, may_succeed: bool) -> str | None:
        if r.status_code >= 500 or (r.status_code < 400 and not may_succeed):
            return f"{r.status_code} {r.text[:200]!a}"
        try:
            text = r.content.decode("utf-8")
        except UnicodeDecodeError:
            return "the answer is not UTF-8"
        if r.status_code >= 400 and r.headers.get("content-type", "").startswith("application/json"):
            body = json.loads(text)
            if not isinstance(body, dict) or not body.get("detail"):
                return f"a JSON answer without a detail: {text[:200]!a}"
        return None


def _send(b: Browser, method: str, path: str, body: Any = None, query: str = ""):
    """A player's request; a JSON body with lone surrogates as their escapes (json.dumps, ASCII)."""
    headers = {"X-CSRF-Token": b.csrf, "Accept": "application/json"}
    content = None
    if body is not None:
        headers["Content-Type"] = "application/json"
        content = json.dumps(body).encode()
    return b.c.request(method, path + (f"?{query}" if query else ""), content=content, headers=headers)


def _strings(schema: dict, components: dict, loc: tuple = ()) -> list[tuple[tuple, str]]:
    """Where a body of this schema holds text: (location, kind) with kind "str" (a string field), "dict" (an
    object with free keys: hostile keys and values) or "any" (untyped: a value, a list item, a key)."""
    if "$ref" in schema:
        return _strings(components[schema["$ref"].rsplit("/", 1)[1]], components, loc)
    for alt in schema.get("anyOf", []) + schema.get("allOf", []):
        if alt.get("type") != "null":
            return _strings(alt, components, loc)
    kind = schema.get("type")
    if kind == "object" and "properties" in schema:
        found = [((*loc, "<extra key>"), "extra")]
        for name, prop in schema["properties"].items():
            found += _strings(prop, components, (*loc, name))
        return found
    if kind == "object":
        return [(loc, "dict")]
    if kind == "string":
        return [(loc, "str")]
    if kind is None and loc:
        return [(loc, "any")]
    return []


def _inject(base: Any, loc: tuple, kind: str, value: str) -> list[Any]:
    """Copies of ``base`` with ``value`` at ``loc`` in each way that kind of place can hold text."""
    out = []
    ways: dict[str, list[Any]] = {
        "str": [value],
        "any": [value, ["ok", value], {value: 1}],
        "dict": [{value: "me"}, {"north": value}, {"north": [value]}],
        "extra": [value],
    }
    for variant in ways[kind]:
        body = copy.deepcopy(base)
        *parents, last = loc
        node = body
        for key in parents:
            node = node[key] if isinstance(node, list) else node.setdefault(key, {})
        if kind == "extra":
            node[value] = 1
        elif kind == "dict" and isinstance(node.get(last), dict) and isinstance(variant, dict):
            node[last] = {**node[last], **variant}
        else:
            node[last] = variant
        out.append(body)
    return out


def _record_places(record: Any, loc: tuple = ()) -> list[tuple[tuple, str]]:
    """Every string, every key and every argument of an exported record (its first moves: they are alike)."""
    if isinstance(record, dict):
        found = [((*loc, "<extra key>"), "extra")]
        for key, item in record.items():
            found += _record_places(item, (*loc, key))
        return found
    if isinstance(record, list):
        return [p for i, item in enumerate(record[:2]) for p in _record_places(item, (*loc, i))]
    return [(loc, "any")] if loc else []


@pytest.fixture
def world(app, browser):
    """alice at a running hot-seat toy-duel table (two moves played) and at a finished one (its record)."""
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"}, options={"rounds": 1})
    assert alice.act(table, "raise", role="north").status_code == 200
    done = alice.new_table(seats={"north": "me", "south": "me"}, options={"rounds": 1})
    while (v := alice.view(done))["outcome"] is None:
        role = v["active_roles"][0]
        action = alice.view(done, role)["actions"][-1]
        assert alice.act(done, action["verb"], action["arg"], role=role).status_code == 200
    record = alice.api("GET", f"/api/v1/tables/{done}/record").json()
    assert record["moves"], record
    return alice, table, record


def _base_bodies(table: int, record: dict) -> dict[str, Any]:
    """A well-formed body per operation: the hostile value is then the only thing wrong with a request."""
    return {
        "POST /api/v1/tables/{table_id}/actions": {"seq": 1, "verb": "raise", "arg": None, "role": "north"},
        "POST /api/v1/tables/{table_id}/undo": {"seq": 1, "role": "north"},
        "POST /api/v1/users": {"username": "dora", "password": "correct horse"},
        "POST /api/v1/tokens": {"username": "alice", "password": "correct horse", "name": "cli", "days": 30},
        "POST /api/v1/me/password": {"current": "correct horse", "new": "battery staple"},
        "POST /api/v1/tables": {
            "game": "toy-duel",
            "options": {"rounds": 1},
            "seats": {"north": "me", "south": "open"},
            "name": "hostile",
            "clock": {"pace": "per_move", "days": 3, "on_timeout": "bot"},
        },
        "POST /api/v1/tables/{table_id}/join": {"role": "south", "invite": "abc"},
        "POST /api/v1/tables/{table_id}/chat": {"text": "hola"},
        "POST /api/v1/records": record,
        "POST /api/v1/me/vacation": {"days": 1, "starts_on": "2999-01-01"},
        "PUT /api/v1/tables/{table_id}/notes": {"text": "plan"},
    }


def test_hostile_text_in_every_input_of_the_api(app, world):
    """Every operation of the OpenAPI document, as a player: hostile text in each input is a clean 4xx and the
    database is exactly as it was."""
    alice, table, record = world
    doc = app.openapi()
    components = doc.get("components", {}).get("schemas", {})
    bases = _base_bodies(table, record)
    sweep = Sweep(app)
    for template, operations in doc["paths"].items():
        for method, op in operations.items():
            name = f"{method.upper()} {template}"
            params = [p for p in op.get("parameters", []) if p["in"] in ("path", "query")]
            path = template.format(table_id=table, vacation_id=1)
            schema = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            base = None
            if schema is not None:
                assert name in bases, f"{name}: add a well-formed body to _base_bodies"
                base = bases[name]
            places = []
            if schema is not None:
                places = _record_places(base) if name == "POST /api/v1/records" else _strings(schema, components)
            requests = []

            def send(url, body=base, query="", verb=method):
                return lambda: _send(alice, verb.upper(), url, body, query)

            for key, value in HOSTILE.items():
                cleanable = key == "controls"
                for p in params:
                    if p["in"] == "path":
                        bad = template.replace("{" + p["name"] + "}", IN_URL[key]).format(table_id=table, vacation_id=1)
                        requests.append((f"path {p['name']}={key}", False, send(bad)))
                    else:
                        query = f"{p['name']}={IN_URL[key]}"
                        requests.append((f"query {p['name']}={key}", cleanable, send(path, query=query)))
                if method == "get" and not template.endswith("/events"):  # an unknown key is ignored
                    requests.append((f"query key {key}", True, send(path, query=f"{IN_URL[key]}=1")))
                for loc, kind in places:
                    if loc and loc[-1] in PASSWORDS and cleanable:
                        continue
                    # a record's unknown keys are ignored (a strict model's are refused)
                    ignored = kind == "extra" and name == "POST /api/v1/records"
                    for body in _inject(base, loc, kind, value):
                        what = f"body {'.'.join(map(str, loc))} ({kind})={key}"
                        requests.append((what, cleanable or ignored, send(path, body)))
            sweep.operation(name, requests)
    assert sweep.sent > 500, sweep.sent
    assert not sweep.problems, "\n".join(sweep.problems[:30])


def _routes(items) -> list[APIRoute]:
    """Every route, those of included routers too (FastAPI keeps an included router's routes in the router)."""
    found = []
    for route in items:
        if isinstance(route, APIRoute):
            found.append(route)
        elif hasattr(route, "original_router"):
            found += _routes(route.original_router.routes)
    return found


def _page_routes(app) -> list[APIRoute]:
    return [r for r in _routes(app.routes) if not r.include_in_schema]


def test_hostile_text_in_every_input_of_the_pages(app, world):
    """The routes the OpenAPI document leaves out (pages, forms): each path parameter, query parameter and
    declared form field, and malformed URLs in a field that holds one (the webhook address)."""
    alice, table, _record = world
    sweep = Sweep(app)
    for route in _page_routes(app):
        path_params = sorted({p.alias for p in _all(route.dependant, "path_params")})
        query_params = sorted({p.alias for p in _all(route.dependant, "query_params")})
        form_fields = sorted({p.alias for p in _all(route.dependant, "body_params")})
        for method in sorted(route.methods - {"HEAD"}):
            ids = {p: (table if p == "table_id" else "x") for p in path_params}
            path = route.path_format.format(**ids)

            def send(url, form=None, query="", post=method == "POST"):
                url += f"?{query}" if query else ""
                if not post:
                    return lambda: alice.c.get(url, headers={"Accept": "text/html"})
                # a lone surrogate has no UTF-8: a form carries the bytes a careless client would send
                data = {**(form or {}), "csrf_token": alice.csrf}
                body = "&".join(
                    f"{quote_plus(k)}={quote_plus(v.encode('utf-8', 'surrogatepass'))}" for k, v in data.items()
                )
                headers = {"Accept": "text/html", "Content-Type": "application/x-www-form-urlencoded"}
                return lambda: alice.c.post(url, content=body.encode(), headers=headers)

            requests = []
            for key, value in HOSTILE.items():
                # a URL or a form has no lone surrogate: its bytes decode to U+FFFD, ordinary text; a page may
                # show a harmless default for what it cannot use (a login page's odd ?next=): only a NUL is
                # refused everywhere, and nothing hostile may be stored
                may_succeed = key != "nul"
                for p in path_params:
                    bad = route.path_format.format(**{**ids, p: IN_URL[key]})
                    requests.append((f"path {p}={key}", may_succeed, send(bad)))
                for q in query_params:
                    requests.append((f"query {q}={key}", may_succeed, send(path, query=f"{q}={IN_URL[key]}")))
                if method == "POST":
                    for f in form_fields:
                        if not (f in PASSWORDS and key == "controls"):
                            requests.append((f"form {f}={key}", may_succeed, send(path, {f: value})))
            if method == "POST":
                for f in (f for f in form_fields if "url" in f):
                    requests += [
                        (f"form {f}={u!a}", False, send(path, {f: u, "mode": "every"})) for u in MALFORMED_URLS
                    ]
            sweep.operation(f"{method} {route.path}", requests)
    assert sweep.sent > 300, sweep.sent
    assert not sweep.problems, "\n".join(sweep.problems[:30])


def _all(dependant, attribute: str) -> list:
    """The parameters of this kind the route and all its dependencies declare."""
    found = list(getattr(dependant, attribute))
    for sub in dependant.dependencies:
        found += _all(sub, attribute)
    return found


def test_the_inputs_are_all_reached(app):
    """The sweep above covers what the document and the routes declare: every JSON body operation has a base
    body, and the page routes hold the forms and path parameters the issue names."""
    pages = {r.path for r in _page_routes(app)}
    assert {"/users/{username}", "/notices/settings", "/notices/unsubscribe/{token}"} <= pages
    settings = next(r for r in _page_routes(app) if r.path == "/notices/settings")
    assert "webhook_url" in [p.alias for p in _all(settings.dependant, "body_params")]
