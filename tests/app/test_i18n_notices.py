"""Issue 29: notices and e-mails in their recipient's language, with the notices' app (an SMTP sink, a public
URL: tests/app/test_notices.py)."""

from __future__ import annotations

from sqlalchemy import select

from app.models import User
from tests.app.test_i18n import _set_language
from tests.app.test_notices import choose, notices_of, settings, smtp, wait_for  # noqa: F401


def test_notices_and_mails_are_written_in_their_recipients_language(app, browser, smtp):
    """A notice has no browser: it is written in its reader's chosen language (the other player's request, in
    English, makes it), and so is the e-mail that carries it."""
    alice, bob = browser("alice"), browser("bob")
    choose(bob, email="bob@example.org")
    _set_language(app, "bob", "es")
    table = alice.new_table(seats={"north": "me", "south": "open"})
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {}).status_code == 200
    alice.act(table, "done")  # now bob is to choose
    [mail] = wait_for(lambda: smtp.mails)
    [notice] = [n for n in notices_of(app, "bob") if n.table_id == table]
    assert notice.text.startswith("Te toca en ") and "Te toca en " in mail["Subject"]
    assert "Tus avisos: http://siglo.test/notices" in mail.get_content()
    assert all(n.text.startswith("Your turn at ") for n in notices_of(app, "alice"))  # alice chose nothing


def test_an_account_made_in_spanish_has_its_notices_in_spanish(app, browser):
    """Issue 29, from sign-up: an account registered from a Spanish page keeps Spanish, so its notices (which have no
    browser) are written in Spanish; one registered in English keeps "as the browser asks" (None), as before."""
    alice = browser("alice")
    bob = browser()
    bob.c.headers["Accept-Language"] = "es"
    bob.register("bob")
    table = alice.new_table(seats={"north": "me", "south": "open"})
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {}).status_code == 200
    alice.act(table, "done")
    [notice] = wait_for(lambda: [n for n in notices_of(app, "bob") if n.table_id == table])
    assert notice.text.startswith("Te toca en ")
    page = bob.c.get("/notices").text
    assert "Te toca en " in page and "Your turn at" not in page
    with app.state.sessions() as db:
        assert dict(db.execute(select(User.username, User.language)).all()) == {"alice": None, "bob": "es"}
