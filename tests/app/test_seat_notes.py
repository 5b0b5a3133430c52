"""A seat's private notepad (issue 28: "a private notepad per seat, kept on the server"): only its writer reads it,
per seat, through the page (HTMX or a plain form) and the JSON API; never another seat, a spectator, the log or a
record; bad input is refused and changes nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

from tests.app.test_api import two_players

SECRET = "Bluff at round 2: I hold the 9"


def test_my_notes_are_kept_and_only_i_read_them(browser):
    alice, bob, table = two_players(browser)
    page = alice.c.get(f"/tables/{table}")
    assert 'id="notes"' in page.text and "My notes" in page.text
    r = alice.post(f"/tables/{table}/notes", data={"text": SECRET, "role": "north"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/tables/{table}?as=north#notes"
    assert SECRET in alice.c.get(f"/tables/{table}").text
    assert alice.api("GET", f"/api/v1/tables/{table}/notes").json() == {"role": "north", "text": SECRET}
    # nobody else: the other player, a spectator, the log, the record, the views
    spectator = browser("carol")
    for reader in (bob, spectator):
        for path in (f"/tables/{table}", f"/tables/{table}/log", f"/tables/{table}/record", f"/api/v1/tables/{table}"):
            assert SECRET not in reader.c.get(path).text, path
    assert SECRET not in alice.c.get(f"/tables/{table}/record").text
    assert bob.api("GET", f"/api/v1/tables/{table}/notes").json() == {"role": "south", "text": ""}
    assert bob.api("GET", f"/api/v1/tables/{table}/notes?as=north").status_code == 403
    assert spectator.api("GET", f"/api/v1/tables/{table}/notes").status_code == 403
    assert 'id="notes"' not in spectator.c.get(f"/tables/{table}").text
    assert browser().c.get(f"/api/v1/tables/{table}/notes").status_code == 401


def test_the_api_and_htmx_keep_notes_per_seat_and_refuse_bad_input(browser):
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})  # a hot seat: two seats, two notepads
    assert alice.api("PUT", f"/api/v1/tables/{table}/notes?as=south", {"text": "plan of the south"}).status_code == 200
    r = alice.post(
        f"/tables/{table}/notes", data={"text": "plan of the north", "role": "north"}, headers={"HX-Request": "true"}
    )
    assert r.status_code == 200 and "Saved." in r.text
    assert alice.api("GET", f"/api/v1/tables/{table}/notes?as=north").json()["text"] == "plan of the north"
    assert alice.post(f"/tables/{table}/notes", data={"text": "a\x01b", "role": "north"}).status_code == 422
    alice.post(f"/tables/{table}/notes", data={"text": "line 1\r\nline 2", "role": "south"})  # as a textarea sends
    assert alice.api("GET", f"/api/v1/tables/{table}/notes?as=south").json()["text"] == "line 1\nline 2"
    alice.api("PUT", f"/api/v1/tables/{table}/notes?as=south", {"text": "plan of the south"})
    assert alice.api("GET", f"/api/v1/tables/{table}/notes?as=south").json()["text"] == "plan of the south"
    assert "plan of the south" in alice.c.get(f"/tables/{table}?as=south").text
    assert "plan of the south" not in alice.c.get(f"/tables/{table}?as=north").text
    too_long = "x" * 10_001
    assert alice.api("PUT", f"/api/v1/tables/{table}/notes?as=north", {"text": too_long}).status_code == 422
    assert alice.post(f"/tables/{table}/notes", data={"text": too_long, "role": "north"}).status_code == 422
    assert alice.api("PUT", f"/api/v1/tables/{table}/notes?as=east", {"text": "?"}).status_code == 403
    assert alice.api("PUT", f"/api/v1/tables/{table}/notes?as=north", {"text": 3}).status_code == 422
    assert alice.api("GET", f"/api/v1/tables/{table}/notes?as=north").json()["text"] == "plan of the north"


def test_the_notepad_speaks_the_readers_language(browser):
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "open"})
    page = alice.c.get(f"/tables/{table}", headers={"Accept-Language": "es"})
    assert "Mis notas" in page.text and "Guardar mis notas" in page.text and "My notes" not in page.text
