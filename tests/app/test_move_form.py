"""The move's and the undo's forms (``POST /tables/N/act``, ``/undo``), read by ``app.forms.MoveForm`` from the
form the request parsed once: every field's problem answered as FastAPI's own form fields answered it — the same
422 and words, a path's problem named first, 401/404/403 before any of them — and a good form plays."""

from __future__ import annotations

import pytest

JSON = {"Accept": "application/json"}


def _problems(r) -> list[str]:
    assert r.status_code == 422, r.text
    return r.json()["problems"]


@pytest.mark.parametrize(
    ("form", "problems"),
    [
        ({}, ["seq: Field required", "verb: Field required"]),
        ({"seq": "", "verb": ""}, ["seq: Field required", "verb: Field required"]),
        ({"seq": "x", "verb": "raise"}, ["seq: Input should be a valid integer, unable to parse string as an integer"]),
        (
            {"seq": "1.5", "verb": "raise"},
            ["seq: Input should be a valid integer, unable to parse string as an integer"],
        ),
        ({"seq": "-1", "verb": "raise"}, ["seq: Input should be greater than or equal to 0"]),
        ({"seq": str(2**31), "verb": "raise"}, ["seq: Input should be less than or equal to 2147483646"]),
        ({"seq": "0", "verb": "v" * 61}, ["verb: String should have at most 60 characters"]),
        (
            {"seq": "0", "verb": "raise", "arg": "a" * 10_001, "role": "r" * 41},
            ["arg: String should have at most 10000 characters", "role: String should have at most 40 characters"],
        ),
        ({"seq": "0", "verb": "raise\x00"}, ["verb: holds a NUL character, which no field may hold"]),
    ],
)
def test_a_bad_move_form_is_named(browser, form, problems):
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    assert _problems(alice.post(f"/tables/{table}/act", form, headers=JSON)) == problems
    r = alice.post(f"/tables/{table}/act", form, headers={"HX-Request": "true"})
    assert r.status_code == 422 and "The request is not valid: " in r.text
    assert alice.view(table)["seq"] == 0  # nothing was played


def test_a_bad_path_comes_first_then_the_form(browser):
    alice = browser("alice")
    alice.new_table(seats={"north": "me", "south": "me"})
    assert _problems(alice.post("/tables/0/act", {"seq": "x"}, headers=JSON)) == [
        "table_id: Input should be greater than or equal to 1",
        "seq: Input should be a valid integer, unable to parse string as an integer",
        "verb: Field required",
    ]
    assert alice.post("/tables/999/act", {"seq": "x"}, headers=JSON).status_code == 404  # the table's look-up first


def test_a_visitor_is_asked_to_log_in_before_the_form_is_read(browser):
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    visitor = browser()
    r = visitor.post(f"/tables/{table}/act", {"seq": "x"}, headers=JSON)
    assert r.status_code == 401


def test_blank_optional_fields_take_their_defaults(browser):
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    r = alice.post(f"/tables/{table}/act", {"seq": "0", "verb": "raise", "arg": "", "role": ""}, headers=JSON)
    assert r.status_code == 200 and alice.view(table)["seq"] == 1  # arg "null", role the seat to act
    r = alice.post(f"/tables/{table}/undo", {"seq": "1", "role": ""}, headers={"HX-Request": "true"})
    assert r.status_code == 200 and alice.view(table)["seq"] == 2
    assert _problems(alice.post(f"/tables/{table}/undo", {"seq": "-1"}, headers=JSON)) == [
        "seq: Input should be greater than or equal to 0"
    ]


def test_the_forms_are_read_once_not_analysed_by_fastapi(app):
    """The move and the undo declare no ``Form`` parameter: FastAPI has no body of theirs to analyse a request."""
    from fastapi.routing import APIRoute, iter_route_contexts

    routes = {
        c.path: c
        for c in iter_route_contexts(app.routes)
        if c.path in ("/tables/{table_id}/act", "/tables/{table_id}/undo")
    }
    assert len(routes) == 2 and all(
        isinstance(c.route, APIRoute) and c.route.body_field is None for c in routes.values()
    )
