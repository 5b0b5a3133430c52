"""The table's page — the page after every move — at its least work (issue 30 › Proof: its server time): its
look-ups in the route's one worker thread, one connection for the whole page (its header's count of unread
notices too), and what a seat missed since its last move read by one statement through the session's connection;
what it shows unchanged."""

from __future__ import annotations

import re
import threading

import anyio.to_thread
from sqlalchemy import event

from app.models.pbw import Notice
from app.services import accounts
from tests.app.test_api import two_players
from tests.app.test_notices import user_id
from tests.app.test_replay import move
from tests.app.test_since_chat import since_of


def test_the_table_page_makes_one_hop_and_checks_out_one_connection(app, browser, monkeypatch):
    """The login, the table and who may watch it are looked up in the route's own thread (``app.deps.Hop``), not
    each in a hop of its own with the session's close in another; the header's unread count is read on the page's
    session, not on a session and a connection of its own."""
    monkeypatch.setattr(accounts.Logins, "ttl", 60.0)  # the login kept through the test, as in a quick reload
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    assert alice.c.get(f"/tables/{table}").status_code == 200
    hops: list[object] = []
    run_sync = anyio.to_thread.run_sync

    async def counted(func, *args, **kwargs):
        hops.append(func)
        return await run_sync(func, *args, **kwargs)

    monkeypatch.setattr(anyio.to_thread, "run_sync", counted)
    checkouts: list[str] = []
    event.listen(app.state.engine, "checkout", lambda *a: checkouts.append(threading.current_thread().name))
    page = alice.c.get(f"/tables/{table}?as=north")
    assert page.status_code == 200 and 'id="table-live"' in page.text
    assert len(hops) == 1, hops
    assert len([t for t in checkouts if not t.startswith("siglo-")]) == 1, checkouts


def test_the_table_pages_header_counts_the_readers_unread_notices(app, browser):
    """Read on the page's own session: the reader's notices, not another reader's, and none once read."""
    alice, bob = browser("alice"), browser("bob")
    table = alice.new_table(seats={"north": "me", "south": "open"})  # nobody else to act: no notice of its own
    with app.state.sessions() as db:
        for seq in (1, 2):
            db.add(Notice(user_id=user_id(app, "alice"), table_id=table, seq=seq, text="Your turn"))
        db.commit()
    page = alice.c.get(f"/tables/{table}").text
    assert re.search(r'Notices <span class="count" aria-label="2 unread">2</span>', page), page[:3000]
    assert 'class="count"' not in bob.c.get(f"/tables/{table}").text
    alice.post("/notices/read", follow_redirects=False)
    assert 'class="count"' not in alice.c.get(f"/tables/{table}").text


def test_what_a_seat_missed_is_read_through_the_connection_and_shown(app, browser, monkeypatch):
    """The page's "since your last move" is one statement made once, read through the session's connection:
    no ORM query of the log (a statement built and run through the ORM for each page cost ~0.6 ms more)."""
    monkeypatch.setattr(accounts.Logins, "ttl", 60.0)
    alice, bob, table = two_players(browser)
    move(alice, table, "raise")
    move(alice, table, "done")
    move(alice, table, "choose")
    move(bob, table, "choose")
    move(bob, table, "raise")
    queried: list[str] = []

    def orm_query(state) -> None:
        if threading.current_thread().name.startswith("siglo-"):
            return
        queried.append(str(state.statement))

    event.listen(app.state.sessions, "do_orm_execute", orm_query)
    since = since_of(alice.c.get(f"/tables/{table}").text)
    assert "bob raises the stake to 2" in since
    assert queried and not any("log_entries" in q for q in queried), queried
