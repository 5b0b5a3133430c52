"""405 and 422 answers (issue 26): a 405 names every method of its path, for JSON and HTML alike; every 422 names
its problems."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "method,path,allow",
    [
        ("PUT", "/api/v1/tables", "GET, POST"),
        ("PATCH", "/api/v1/me/vacation", "DELETE, GET, POST"),
        ("POST", "/api/v1/games", "GET"),
        ("GET", "/api/v1/tables/1/actions", "POST"),
        ("PUT", "/tables/1", "GET"),
        ("POST", "/static/css/site.css", "GET, HEAD"),
    ],
)
def test_a_405_allows_every_method_of_its_path(browser, method, path, allow):
    """(Was a bug: a path with GET and POST answered ``Allow: GET`` — the first route's methods only — and the
    HTML error page dropped the header.)"""
    b = browser()
    json = b.c.request(method, path, headers={"Accept": "application/json"})
    html = b.c.request(method, path, headers={"Accept": "text/html"})
    assert json.status_code == html.status_code == 405
    assert json.headers["content-type"].startswith("application/json") and json.json()["detail"]
    if not path.startswith("/api/"):
        assert html.headers["content-type"].startswith("text/html")
    assert json.headers["allow"] == html.headers["allow"] == allow


def test_every_422_names_its_problems(browser):
    """A refusal by a rule of the service has the same body as a refusal of the request's shape."""
    alice = browser("alice")
    shape = alice.api("POST", "/api/v1/tables", {"game": 7})
    rule = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "seats": {"east": "me"}})
    options = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "options": {"rounds": 9}})
    for r in (shape, rule, options):
        assert r.status_code == 422
        body = r.json()
        assert set(body) == {"detail", "problems"} and body["problems"], body
        assert all(isinstance(p, str) for p in body["problems"])
    assert rule.json()["problems"] == [rule.json()["detail"]]
