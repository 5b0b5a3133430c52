"""A creation asked twice makes one table (issue 30): the new-table form carries a token, the JSON API honours an
``Idempotency-Key`` header; two identical requests at once make one table too."""

from __future__ import annotations

from sqlalchemy import func, select

from app.models import GameTable
from app.services import tables

BODY = {"game": "toy-duel", "options": {}, "seats": {"north": "me", "south": "open"}, "name": "Once"}


def count_tables(app) -> int:
    with app.state.sessions() as db:
        return db.scalar(select(func.count()).select_from(GameTable))


def test_the_api_makes_one_table_per_idempotency_key(app, browser):
    alice = browser("alice")
    first = alice.api("POST", "/api/v1/tables", BODY, headers={"Idempotency-Key": "k-1"})
    again = alice.api("POST", "/api/v1/tables", BODY, headers={"Idempotency-Key": "k-1"})
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json() and again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert count_tables(app) == 1
    other = alice.api("POST", "/api/v1/tables", {**BODY, "name": "Twice"}, headers={"Idempotency-Key": "k-1"})
    assert other.status_code == 409 and "Idempotency-Key" in other.json()["detail"]
    assert count_tables(app) == 1
    # without a key every call makes a table; another person's same key is theirs
    assert alice.api("POST", "/api/v1/tables", BODY).status_code == 201
    bob = browser("bob")
    assert (
        bob.api("POST", "/api/v1/tables", BODY, headers={"Idempotency-Key": "k-1"}).json()["id"] != first.json()["id"]
    )
    assert count_tables(app) == 3


def test_an_over_long_idempotency_key_is_a_4xx_and_makes_nothing(app, browser):
    alice = browser("alice")
    r = alice.api("POST", "/api/v1/tables", BODY, headers={"Idempotency-Key": "k" * 101})
    assert r.status_code == 422 and count_tables(app) == 0


def test_the_form_sent_twice_makes_one_table(app, browser):
    alice = browser("alice")
    page = alice.c.get("/tables/new?game=toy-duel").text
    token = page.split('name="creation_token" value="', 1)[1].split('"', 1)[0]
    form = {"game": "toy-duel", "opt_rounds": "2", "opt_deck": "short", "seat_north": "me", "seat_south": "open"}
    form["creation_token"] = token
    one = alice.post("/tables", form, follow_redirects=False)
    two = alice.post("/tables", form, follow_redirects=False)
    assert one.status_code == two.status_code == 303 and one.headers["location"] == two.headers["location"]
    assert count_tables(app) == 1
    # the same page sent back after a change asks for another table
    changed = alice.post("/tables", {**form, "opt_rounds": "3"}, follow_redirects=False)
    assert changed.status_code == 303 and changed.headers["location"] != one.headers["location"]
    assert count_tables(app) == 2
    # a fresh form page has a fresh token
    assert token not in alice.c.get("/tables/new?game=toy-duel").text


def test_two_identical_requests_at_once_make_one_table(app, browser, monkeypatch):
    """The race of a double click: both requests look before either has made the table; the second one's insert
    breaks the unique index and it answers with the first one's table."""
    alice = browser("alice")
    looked = []
    real = tables.created_before

    def blind_first(db, user, creation):
        looked.append(creation)
        return None if len(looked) == 2 else real(db, user, creation)  # the second request looked too early

    first = alice.api("POST", "/api/v1/tables", BODY, headers={"Idempotency-Key": "race"})
    monkeypatch.setattr(tables, "created_before", blind_first)
    second = alice.api("POST", "/api/v1/tables", BODY, headers={"Idempotency-Key": "race"})
    assert second.status_code == 201 and second.json()["id"] == first.json()["id"]
    assert second.headers["Idempotent-Replayed"] == "true" and count_tables(app) == 1
