"""Live updates over Server-Sent Events, through real server processes."""

import threading
import time
from typing import Any

import pytest
from sqlalchemy import select

from app.migrate import upgrade
from tests.app.conftest import PG_URL, make_postgres_db
from tests.app.live_server import ApiUser, LiveServer, read_events


def _has_move(seq):
    return lambda events: ("move", str(seq)) in events


def _listen(base, table_id, until, out, **kw):
    out["events"] = read_events(base, table_id, until, **kw)


def _move_reaches_watcher(actor_base, watcher_base, tmp_path):
    alice = ApiUser(actor_base, "alice")
    table = alice.post("/api/v1/tables", {"game": "toy-duel", "seats": {"north": "me", "south": "me"}}).json()["id"]
    out: dict[str, Any] = {}
    t = threading.Thread(target=_listen, args=(watcher_base, table, _has_move(1), out))
    t.start()
    time.sleep(0.7)  # the watcher is connected
    started = time.monotonic()
    r = alice.post(f"/api/v1/tables/{table}/actions", {"seq": 0, "verb": "raise", "role": "north"})
    assert r.status_code == 200
    t.join(5)
    elapsed = time.monotonic() - started
    assert ("move", "1") in out["events"]
    assert elapsed < 1.0, f"the move took {elapsed:.2f}s to reach the watcher"
    return alice, table


@pytest.fixture
def sqlite_server(tmp_path):
    url = f"sqlite:///{tmp_path}/live.db"
    upgrade(url)
    server = LiveServer(url, tmp_path / "secret")
    yield server
    server.stop()


def test_a_move_reaches_every_open_page_within_a_second(sqlite_server, tmp_path):
    _move_reaches_watcher(sqlite_server.url, sqlite_server.url, tmp_path)


def test_a_reconnecting_page_resynchronises_from_its_last_seq(sqlite_server, tmp_path):
    _alice, table = _move_reaches_watcher(sqlite_server.url, sqlite_server.url, tmp_path)
    events = read_events(sqlite_server.url, table, _has_move(1), seq=0)
    assert ("move", "1") in events  # behind: told at once
    events = read_events(sqlite_server.url, table, lambda ev: len(ev) >= 1, seq=1)
    assert events == [("hello", "1")]  # up to date: just the greeting


def test_chat_is_live_too(sqlite_server):
    alice = ApiUser(sqlite_server.url, "alice")
    table = alice.post("/api/v1/tables", {"game": "toy-duel", "seats": {"north": "me"}}).json()["id"]
    out: dict[str, Any] = {}
    t = threading.Thread(
        target=_listen, args=(sqlite_server.url, table, lambda ev: any(k == "chat" for k, _ in ev), out)
    )
    t.start()
    time.sleep(0.5)
    alice.post(f"/api/v1/tables/{table}/chat", {"text": "hola"})
    t.join(5)
    assert any(k == "chat" for k, _ in out["events"])


def test_events_of_an_unknown_table_are_404(sqlite_server):
    import httpx

    assert httpx.get(sqlite_server.url + "/api/v1/tables/999/events").status_code == 404


@pytest.mark.postgres
@pytest.mark.skipif(not PG_URL, reason="SIGLO_TEST_POSTGRES_URL is not set: no PostgreSQL server to test against")
def test_a_move_through_one_process_reaches_watchers_of_another(tmp_path):
    url = make_postgres_db()
    upgrade(url)
    a = LiveServer(url, tmp_path / "secret")
    b = LiveServer(url, tmp_path / "secret")
    try:
        _move_reaches_watcher(a.url, b.url, tmp_path)
    finally:
        a.stop()
        b.stop()


def _after_news(app, table_id, work):
    """The (kind, value) news this process's watchers of the table get while ``work()`` runs."""
    queue = app.state.publisher.subscribe(table_id)
    try:
        work()
        time.sleep(0.3)  # delivery hops onto the event loop
        out = []
        while not queue.empty():
            out.append(queue.get_nowait())
        return out
    finally:
        app.state.publisher.unsubscribe(table_id, queue)


def test_services_announce_on_commit_only_and_once(app, browser):
    """Platform hardening §7: the service's transaction carries the news (no route announces); a rolled-back
    transaction announces nothing, and news that also comes back through PostgreSQL's NOTIFY arrives once."""
    from app.errors import AppError
    from app.models import GameTable, User
    from app.services import live, tables

    alice = browser("alice")
    table_id = alice.new_table(seats={"north": "me", "south": "open"})

    def chat_then_fail():
        with app.state.sessions() as db:
            user, table = db.scalar(select(User)), db.get(GameTable, table_id)
            tables.post_chat(db, app.state.limits.chat, user, table, "hola")
            with pytest.raises(AppError):
                tables.post_chat(db, app.state.limits.chat, user, table, "")
            live.news(db, table_id, "seats", 99)  # said, then rolled back: never announced
            db.rollback()

    news = _after_news(app, table_id, chat_then_fail)
    assert [kind for kind, _ in news] == ["chat"], news
    bob = browser("bob")
    news = _after_news(app, table_id, lambda: bob.api("POST", f"/api/v1/tables/{table_id}/join", {}))
    assert [kind for kind, _ in news] == ["seats"], news
    news = _after_news(app, table_id, lambda: alice.act(table_id, "raise"))
    assert news == [("move", 1)], news


@pytest.mark.postgres
@pytest.mark.skipif(not PG_URL, reason="SIGLO_TEST_POSTGRES_URL is not set: no PostgreSQL server to test against")
def test_chat_and_seats_through_one_process_reach_watchers_of_another(tmp_path):
    url = make_postgres_db()
    upgrade(url)
    a = LiveServer(url, tmp_path / "secret")
    b = LiveServer(url, tmp_path / "secret")
    try:
        alice, bob = ApiUser(a.url, "alice"), ApiUser(a.url, "bob")
        table = alice.post("/api/v1/tables", {"game": "toy-duel", "seats": {"north": "me"}}).json()["id"]
        out: dict[str, Any] = {}
        kinds = lambda ev: {"chat", "seats"} <= {k for k, _ in ev}
        t = threading.Thread(target=_listen, args=(b.url, table, kinds, out))
        t.start()
        time.sleep(0.7)
        assert alice.post(f"/api/v1/tables/{table}/chat", {"text": "hola"}).status_code == 201
        assert bob.post(f"/api/v1/tables/{table}/join", {}).status_code == 200
        t.join(5)
        assert kinds(out["events"]), out["events"]
    finally:
        a.stop()
        b.stop()
