"""app.inputs: a NUL character or a lone UTF-16 surrogate in any input — path, query, form, JSON body at any depth,
a record uploaded as a file — is a 422 naming the field, the same on SQLite and PostgreSQL, and changes nothing;
legitimate text (a surrogate pair, an escaped backslash) still goes through."""

from __future__ import annotations

import orjson

from app.inputs import first_unstorable


def _raw(b, path: str, body: bytes):
    """A JSON body as bytes: a lone surrogate can only be sent as its escape."""
    headers = {"Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": b.csrf}
    return b.c.post(path, content=body, headers=headers)


def _refused(r, field: str) -> None:
    assert r.status_code == 422, r.text[:300]
    detail = orjson.loads(r.content)["detail"] if r.headers["content-type"].startswith("application/json") else ""
    text = detail or r.content.decode("utf-8")
    assert field in text and ("NUL" in text or "surrogate" in text), text[:300]


def test_first_unstorable_finds_keys_values_and_items_at_any_depth():
    assert first_unstorable({"a": ["ok", {"b": "x\x00"}]}) == (
        ("a", 1, "b"),
        "holds a NUL character, which no field may hold",
    )
    loc, problem = first_unstorable({"seats": {"\ud800": "me"}}, ("body",))
    assert loc == ("body", "seats", "\ud800") and problem.startswith("is a key that holds an unpaired UTF-16 surrogate")
    assert (
        first_unstorable({"ok": ["\U0001f600", "\ud83d\ude00".encode("utf-16", "surrogatepass").decode("utf-16")]})
        is None
    )
    assert first_unstorable([1, None, 2.5, True]) is None


def test_nul_in_a_path_parameter_is_a_422_on_both_databases(browser):
    """(Was a bug: /users/a%00b answered 500 on PostgreSQL, which refuses the NUL in its query; 404 on SQLite.)"""
    anon = browser()
    _refused(anon.c.get("/users/a%00b", headers={"Accept": "application/json"}), "username")
    r = anon.c.get("/users/a%00b")
    assert r.status_code == 422 and "username" in r.text  # the page says so too
    _refused(anon.c.get("/notices/unsubscribe/x%00y"), "token")


def test_nul_in_query_and_form_fields_is_refused_and_nothing_is_saved(app, browser):
    """(Was a bug: a webhook address with a NUL was stored by SQLite and a 500 on PostgreSQL.)"""
    from app.models import NoticeSettings

    alice = browser("alice")
    _refused(alice.api("GET", "/api/v1/tables?x=%00"), "x")
    _refused(alice.post("/notices/settings", {"webhook_url": "http://1.1.1.1/\x00", "mode": "every"}), "webhook_url")
    _refused(alice.post("/notices/settings", {"email\x00": "a@b.c"}), "email")
    with app.state.sessions() as db:
        assert db.query(NoticeSettings).count() == 0


def test_lone_surrogates_in_json_are_refused_naming_the_field(app, browser):
    """(Was a bug: a surrogate in a seat name made the 422 that quoted it unencodable: 500.)"""
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    seq = alice.view(table)["seq"]
    for path, body, field in (
        ("/api/v1/tables", b'{"game": "toy-duel", "seats": {"\\ud800": "me"}}', "seats"),
        ("/api/v1/tables", b'{"game": "toy-duel", "seats": {"north": "me"}, "options": {"deck": "\\udfff"}}', "deck"),
        ("/api/v1/tables", b'{"game": "toy-duel", "name": "a\\u0000b", "seats": {"north": "me"}}', "name"),
        (f"/api/v1/tables/{table}/actions", b'{"seq": 0, "verb": "raise", "arg": ["x", {"k": "\\ud800"}]}', "arg.1.k"),
        (f"/api/v1/tables/{table}/chat", b'{"text": "hi \\udc00 there"}', "text"),
        ("/api/v1/records", b'{"game": "toy-duel", "moves": [{"role": "north", "verb": "\\ud800"}]}', "moves.0.verb"),
        ("/api/v1/records", b'{"game": "toy-duel", "moves": [{"role": "\\ud800", "verb": "raise"}]}', "moves.0.role"),
    ):
        _refused(_raw(alice, path, body), field)
    assert alice.view(table)["seq"] == seq
    assert alice.api("GET", f"/api/v1/tables/{table}/chat").json() == []
    assert [t["id"] for t in alice.api("GET", "/api/v1/tables").json()["mine"]] == [table]


def test_legitimate_text_goes_through(browser):
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    for body in (b'{"text": "\\ud83d\\ude00 a pair"}', b'{"text": "a \\\\u0000 typed as text"}'):
        assert _raw(alice, f"/api/v1/tables/{table}/chat", body).status_code in (200, 201)
    said = [m["text"] for m in alice.api("GET", f"/api/v1/tables/{table}/chat").json()]
    assert said == ["\U0001f600 a pair", "a \\u0000 typed as text"]


def test_a_record_file_with_a_nul_is_refused_on_the_import_page(browser):
    """A file's text is not a form field: the import service checks the parsed record itself."""
    alice = browser("alice")
    record = b'{"game": "toy-duel", "seed": 7, "options": {}, "moves": [{"role": "north", "verb": "ra\\u0000ise"}]}'
    r = alice.c.post(
        "/records/import", data={"csrf_token": alice.csrf}, files={"file": ("game.json", record, "application/json")}
    )
    assert r.status_code == 422 and "moves.0.verb" in r.text and "NUL" in r.text
