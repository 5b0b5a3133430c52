"""The OpenAPI document tells the truth (issue 26; app/openapi.py): a valid OpenAPI 3.1 document whose refusals
have the bodies the app sends, the live streams as text/event-stream, the game ids as an enum, links that lead a
client from a new table to a played move.
(Whether every status an operation really answers is documented is the schemathesis run's status-code check,
tests/proof/test_schemathesis.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from openapi_spec_validator import validate

from engines import registry

ERROR_BODIES = {"#/components/schemas/Problem", "#/components/schemas/Problems", "#/components/schemas/StaleMove"}


def _operations(doc: dict) -> list[tuple[str, str, dict]]:
    return [(path, method, op) for path, ops in doc["paths"].items() for method, op in ops.items()]


def test_the_document_is_valid_openapi_3_1(browser):
    doc = browser().c.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    validate(doc)  # raises on any error, references included


def test_every_refusal_has_the_body_the_app_sends(browser):
    doc = browser().c.get("/openapi.json").json()
    assert "HTTPValidationError" not in str(doc) and "ValidationError" not in doc["components"]["schemas"]
    problems = doc["components"]["schemas"]["Problems"]
    assert set(problems["required"]) == {"detail", "problems"}
    for path, method, op in _operations(doc):
        for code, response in op["responses"].items():
            if int(code) >= 400:
                assert response["content"]["application/json"]["schema"]["$ref"] in ERROR_BODIES, (path, code)
                assert (int(code) == 422) == response["content"]["application/json"]["schema"]["$ref"].endswith(
                    "/Problems"
                ), (path, code)
        if "{table_id}" in path:
            assert {"404", "422"} <= set(op["responses"]), (method, path)
        if op.get("security") == [{"bearer": []}]:
            assert "401" in op["responses"], (method, path)
    stale = doc["paths"]["/api/v1/tables/{table_id}/actions"]["post"]["responses"]["409"]
    assert stale["content"]["application/json"]["schema"]["$ref"].endswith("/StaleMove")


def test_operations_say_whether_they_need_an_api_token(browser):
    paths = browser().c.get("/openapi.json").json()["paths"]
    assert paths["/api/v1/tables/{table_id}/actions"]["post"]["security"] == [{"bearer": []}]
    assert paths["/api/v1/tables/{table_id}"]["get"]["security"] == [{}, {"bearer": []}]  # a spectator needs none
    assert "security" not in paths["/api/v1/games"]["get"]


def test_the_live_streams_are_event_streams(browser):
    paths = browser().c.get("/openapi.json").json()["paths"]
    for path in ("/api/v1/tables/{table_id}/events", "/tables/{table_id}/events"):
        assert list(paths[path]["get"]["responses"]["200"]["content"]) == ["text/event-stream"], path
    # outside /api/ a refusal is the error page unless the client asks for JSON
    assert "text/html" in paths["/tables/{table_id}/events"]["get"]["responses"]["404"]["content"]


def test_a_new_table_is_one_of_the_games(browser):
    """The game ids as an enum (a discriminator), each game with its own options schema and seats."""
    doc = browser().c.get("/openapi.json").json()
    body = doc["paths"]["/api/v1/tables"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert sorted(body["discriminator"]["mapping"]) == sorted(g.id for g in registry.all_games())
    duel = doc["components"]["schemas"]["TableRequest-toy-duel"]["properties"]
    assert duel["game"] == {"const": "toy-duel"}
    assert sorted(duel["seats"]["properties"]) == ["north", "south"]
    assert duel["seats"]["properties"]["north"]["enum"] == ["me", "open", "invite", "bot:random"]
    assert duel["options"]["properties"]["deck"]["enum"] == ["short", "long"]


def _pointer(body: Any, expression: str) -> Any:
    """A link's ``$response.body#/a/0/b`` read from a response body."""
    assert expression.startswith("$response.body#/"), expression
    for part in expression.removeprefix("$response.body#/").split("/"):
        body = body[int(part)] if isinstance(body, list) else body[part]
    return body


def _follow(b, doc: dict, link: dict, body: Any):
    """Call the link's operation with the parameters and request body its expressions read from ``body``."""
    target = next((p, m, op) for p, m, op in _operations(doc) if op["operationId"] == link["operationId"])
    path, method, op = target
    params = {k: _pointer(body, v) for k, v in link["parameters"].items()}
    in_path = {p["name"] for p in op.get("parameters", []) if p["in"] == "path"}
    url = path.format(**{k: v for k, v in params.items() if k in in_path})
    query = {k: v for k, v in params.items() if k not in in_path}
    json = {k: _pointer(body, v) for k, v in link.get("requestBody", {}).items()}
    return b.api(method.upper(), url, json or None, params=query)


def test_the_links_lead_from_a_new_table_to_played_moves(browser):
    """Followed by hand as a stateful client would: a new hot-seat table -> the view of the seat to act -> its
    first offered action, played -> the next seat's view -> its action, and so on."""
    alice = browser("alice")
    doc = alice.c.get("/openapi.json").json()
    r = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "seats": {"north": "me", "south": "me"}})
    assert r.status_code == 201
    links = doc["paths"]["/api/v1/tables"]["post"]["responses"]["201"]["links"]
    view = _follow(alice, doc, links["ViewToAct"], r.json())
    assert view.status_code == 200 and view.json()["actions"]
    from_view = doc["paths"]["/api/v1/tables/{table_id}"]["get"]["responses"]["200"]["links"]
    for _ in range(4):
        played = _follow(alice, doc, from_view["Play"], view.json())
        assert played.status_code == 200, played.text
        assert played.json()["seq"] == view.json()["seq"] + 1
        view = _follow(alice, doc, from_view["Next"], played.json())
        assert view.status_code == 200
    for name, link in links.items():  # every link of a new table reaches its operation for that table
        assert _follow(alice, doc, link, r.json()).status_code < 500, name


@pytest.mark.parametrize(
    "path,body",
    [
        ("/api/v1/tables", {"game": "toy-duel", "private": 0}),
        ("/api/v1/tables", {"game": "toy-duel", "seed": "7"}),
        ("/api/v1/tables", {"game": "toy-duel", "clock": {"pace": "none", "pause_weekends": 1}}),
        ("/api/v1/tables", {"game": "toy-duel", "clock": {"pace": "bank", "bank_days": "7"}}),
        ("/api/v1/me/vacation", {"days": "3"}),
        ("/api/v1/me/vacation", {"days": 1, "starts_on": 1800000000}),
        ("/api/v1/tokens", {"username": "alice", "password": "correct horse", "days": "30"}),
    ],
)
def test_bodies_are_read_as_documented(browser, path, body):
    """(Was lax: "7" was taken for 7, 0 for false, a number of seconds for a day — values the document calls
    invalid, which schemathesis's negative-data check found accepted.)"""
    alice = browser("alice")
    r = alice.api("POST", path, body)
    assert r.status_code == 422, (body, r.status_code, r.text)
    assert r.json()["problems"]
