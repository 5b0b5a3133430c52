"""Your-turn notices (issue "Play-by-web life" §1): against a local SMTP sink (aiosmtpd) and a local HTTP
receiver; on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from datetime import timedelta
from email import message_from_bytes, policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from sqlalchemy import event

from app.config import Settings
from app.models import User, utcnow
from app.models.pbw import Delivery, Notice
from tests.app.test_api import two_players


class Sink:
    """Keeps every mail it is sent."""

    port: int  # the port its SMTP server listens on (the fixture picks a free one)

    def __init__(self):
        self.mails = []

    async def handle_DATA(self, server, session, envelope):
        self.mails.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"


@pytest.fixture
def smtp():
    sink = Sink()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        sink.port = probe.getsockname()[1]
    controller = Controller(sink, hostname="127.0.0.1", port=sink.port)
    controller.start()
    yield sink
    controller.stop()


class Receiver(BaseHTTPRequestHandler):
    delay = 0.0
    bodies: ClassVar[list[Any]] = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        time.sleep(self.delay)
        type(self).bodies.append(json.loads(body))
        try:
            self.send_response(204)
            self.end_headers()
        except OSError:  # the client gave up (timed out)
            pass

    def log_message(self, *args):
        pass


def receiver(delay: float = 0.0):
    handler = type("R", (Receiver,), {"delay": delay, "bodies": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, handler, f"http://127.0.0.1:{server.server_address[1]}/hook"


@pytest.fixture
def settings(database_url, tmp_path, smtp) -> Settings:
    from app.migrate import upgrade

    upgrade(database_url)
    return Settings(
        database_url=database_url,
        secret_key="test-secret-" + "k" * 32,
        bot_delay_seconds=0,
        secret_file=tmp_path / "secret",
        smtp_host="127.0.0.1",
        smtp_port=smtp.port,
        smtp_tls="none",
        smtp_sender="siglo@example.org",
        public_url="http://siglo.test",
        notice_timeout_seconds=1,
        notice_attempts=2,
        notice_retry_seconds=0.2,
        webhook_allowed_hosts=["127.0.0.1"],
    )


def wait_for(predicate, seconds: float = 10.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out waiting")


def choose(b, **form):
    data = {"email": "", "webhook_url": "", "webhook_format": "json", "mode": "every", "digest_hours": 24, **form}
    r = b.post("/notices/settings", data, follow_redirects=False)
    assert r.status_code == 303, r.text


def user_id(app, name: str) -> int:
    with app.state.sessions() as db:
        return db.query(User).filter_by(username=name).one().id


def notices_of(app, name: str) -> list[Notice]:
    with app.state.sessions() as db:
        return db.query(Notice).filter_by(user_id=user_id(app, name)).order_by(Notice.id).all()


def test_no_notice_to_a_player_who_is_on_the_page(app, browser, smtp):
    alice, bob, watched = two_players(browser)
    choose(bob, email="bob@example.org")
    away = alice.new_table(seats={"north": "me", "south": "open"})
    assert bob.api("POST", f"/api/v1/tables/{away}/join", {}).status_code == 200
    queue = app.state.publisher.subscribe(watched, user_id(app, "bob"))  # what bob's open table page does
    try:
        alice.act(watched, "done")  # now bob is to choose, at both tables
        alice.act(away, "done")
        wait_for(lambda: smtp.mails)
    finally:
        app.state.publisher.unsubscribe(watched, queue)
    assert [n.table_id for n in notices_of(app, "bob")] == [away]
    # alice heard that the games began (bob's joining made it her turn), never of her own moves
    assert {(n.table_id, n.seq) for n in notices_of(app, "alice")} == {(watched, 0), (away, 0)}
    [mail] = smtp.mails
    assert mail["To"] == "bob@example.org" and "Your turn" in mail["Subject"]
    assert f"http://siglo.test/tables/{away}" in mail.get_content()
    page = bob.c.get("/notices")
    assert page.status_code == 200 and f"/tables/{away}" in page.text and "sent" in page.text  # list + log


def test_a_player_still_to_act_is_told_once_not_at_every_move_the_others_make(app, browser, smtp):
    """Several seats acting at once (a face-down choice here; a deployment done simultaneously): a player told of
    his turn is not told again at each move of the others before his own; once he has moved, a new turn is news."""
    alice, bob, table = two_players(browser)
    choose(bob, email="bob@example.org")
    alice.act(table, "done")  # both to choose: bob is told
    wait_for(lambda: len(smtp.mails) == 1)
    card = next(a["arg"] for a in alice.view(table)["actions"] if a["verb"] == "choose")
    alice.act(table, "choose", card)  # bob still to choose: no news to him
    app.state.notifier.on_commit(table)  # as the sender's round does (it may have run already)
    assert [n.seq for n in notices_of(app, "bob")] == [1]
    card = next(a["arg"] for a in bob.view(table)["actions"] if a["verb"] == "choose")
    bob.act(table, "choose", card)  # the cards shown; the next round's stake is bob's, then both choose again
    bob.act(table, "done")
    alice.act(table, "choose", next(a["arg"] for a in alice.view(table)["actions"] if a["verb"] == "choose"))
    app.state.notifier.on_commit(table)
    assert [n.seq for n in notices_of(app, "bob")] == [1, 5]


def test_the_table_page_stream_counts_its_logged_in_reader_as_watching(app, browser):
    _alice, bob, table = two_players(browser)
    seen = {}

    def watch():
        with bob.c.stream("GET", f"/tables/{table}/events") as r:
            for line in r.iter_lines():
                if line.startswith("event: hello"):
                    seen["viewers"] = wait_for(lambda: app.state.publisher.viewers(table))
                    return

    t = threading.Thread(target=watch, daemon=True)
    t.start()
    t.join(10)
    assert seen.get("viewers") == {user_id(app, "bob")}


def test_a_digest_collects_three_tables_into_one_mail(app, browser, smtp):
    alice, bob, first = two_players(browser)
    choose(bob, email="bob@example.org", mode="digest", digest_hours=6)
    ids = [first]
    for _ in range(2):
        t = alice.new_table(seats={"north": "me", "south": "open"})
        assert bob.api("POST", f"/api/v1/tables/{t}/join", {}).status_code == 200
        ids.append(t)
    for t in ids:
        alice.act(t, "done")
    wait_for(lambda: len(notices_of(app, "bob")) == 3)
    notifier = app.state.notifier
    assert notifier.flush_digests() == 0 and smtp.mails == []  # not 6 hours since digest mode was chosen
    assert notifier.flush_digests(now=utcnow() + timedelta(hours=6, minutes=1)) == 1
    notifier.deliver_due(now=utcnow() + timedelta(hours=6, minutes=1))
    wait_for(lambda: smtp.mails)
    time.sleep(0.3)
    [mail] = smtp.mails
    body = mail.get_content()
    assert "3 tables waiting for you" in body
    assert all(f"http://siglo.test/tables/{t}" in body for t in ids)
    assert notifier.flush_digests(now=utcnow() + timedelta(hours=7)) == 0  # the news was digested


def test_a_webhook_that_times_out_does_not_delay_the_move(app, browser):
    server, _hook, url = receiver(delay=6.0)
    app.state.settings.notice_timeout_seconds = 3.0
    try:
        alice, bob, table = two_players(browser)
        choose(bob, webhook_url=url)
        seq = alice.view(table)["seq"]
        start = time.monotonic()
        assert alice.act(table, "done", seq=seq).status_code == 200
        assert time.monotonic() - start < 1.5
        card = bob.view(table)["view"]["private"]["hand"][0]
        start = time.monotonic()
        assert bob.act(table, "choose", card, seq=seq + 1).status_code == 200  # the sender is stuck meanwhile
        assert time.monotonic() - start < 1.5

        def failed():
            with app.state.sessions() as db:
                return db.query(Delivery).filter_by(status="failed").all()

        [d] = wait_for(failed, 20)
        assert d.channel == "webhook" and d.attempts == 2 and "Timeout" in d.error
    finally:
        server.shutdown()


def test_a_chat_webhook_gets_a_discord_and_slack_body(app, browser):
    server, hook, url = receiver()
    try:
        alice, bob, table = two_players(browser)
        choose(bob, webhook_url=url, webhook_format="chat")
        alice.act(table, "done")
        [body] = wait_for(lambda: hook.bodies)
        assert body["content"] == body["text"] and f"http://siglo.test/tables/{table}" in body["text"]
    finally:
        server.shutdown()


def test_the_unsubscribe_link_works_without_logging_in(app, browser, smtp):
    alice, bob, table = two_players(browser)
    choose(bob, email="bob@example.org")
    alice.act(table, "done")
    [mail] = wait_for(lambda: smtp.mails)
    link = re.search(r"http://siglo\.test(/notices/unsubscribe/\S+)", mail.get_content()).group(1)
    assert str(mail["List-Unsubscribe"]).strip() == f"<http://siglo.test{link}>"
    stranger = TestClient(app)
    assert stranger.get(link).status_code == 200
    assert stranger.post(link[:-2] + "xx").status_code == 404  # a forged token does nothing
    r = stranger.post(link, data={"List-Unsubscribe": "One-Click"})
    assert r.status_code == 200 and "bob gets no more e-mail" in r.text
    card = bob.view(table)["view"]["private"]["hand"][0]
    bob.act(table, "choose", card)
    alice.act(table, "choose", alice.view(table)["view"]["private"]["hand"][0])
    # round 2: south leads; bob's next turn is a notice in the app only
    wait_for(lambda: len(notices_of(app, "bob")) == 2)
    time.sleep(0.3)
    assert len(smtp.mails) == 1


def test_the_header_counts_unread_notices_until_they_are_read(app, browser):
    """Issue 30: the Notices link in every full page's header says how many notices are unread."""
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "open"})
    assert 'class="count"' not in alice.c.get("/").text
    with app.state.sessions() as db:
        uid = user_id(app, "alice")
        for seq in (1, 2, 3):
            db.add(Notice(user_id=uid, table_id=table, seq=seq, text="Your turn"))
        db.commit()
    page = alice.c.get("/").text
    assert re.search(r'Notices <span class="count" aria-label="3 unread">3</span>', page), page[:3000]
    assert 'class="count"' not in browser("bob").c.get("/").text  # another user's notices are not counted
    alice.post("/notices/read", follow_redirects=False)
    assert 'class="count"' not in alice.c.get("/").text


class Transactions:
    """The transactions this thread begins on ``engine`` (the sender's own thread keeps running: not counted)."""

    def __init__(self, engine):
        self.engine, self.thread, self.begun = engine, threading.current_thread(), 0

    def _begin(self, _conn):
        if threading.current_thread() is self.thread:
            self.begun += 1

    def __enter__(self):
        event.listen(self.engine, "begin", self._begin)
        return self

    def __exit__(self, *_exc):
        event.remove(self.engine, "begin", self._begin)


def test_a_round_after_a_poke_reads_what_is_due_in_one_transaction(app, browser, smtp):
    """After a poke's notices the sender looks at the digests due, the deliveries due and when to look next: one
    read transaction (issue 26: it was three), and more only when there is something to send."""
    from app.services.notifier import TICK_SECONDS

    alice, bob, table = two_players(browser)
    choose(bob, email="bob@example.org", mode="digest", digest_hours=6)
    alice.act(table, "done")  # bob to act: a notice, digested later
    wait_for(lambda: notices_of(app, "bob"))
    notifier = app.state.notifier
    with Transactions(app.state.engine) as nothing_due:
        assert notifier.round() == TICK_SECONDS
    assert nothing_due.begun == 1
    later = utcnow() + timedelta(seconds=5)
    with app.state.sessions() as db:
        db.add(
            Delivery(
                user_id=user_id(app, "bob"),
                channel="email",
                target="b@example.org",
                subject="s",
                body="b",
                next_at=later,
            )
        )
        db.commit()
    with Transactions(app.state.engine) as one_later:
        assert 4 < notifier.round() <= 5  # the pending delivery's time
    assert one_later.begun == 1
    with Transactions(app.state.engine) as digest_due:
        notifier.round(now=utcnow() + timedelta(hours=6, minutes=1))  # the digest is due, and the delivery
    assert digest_due.begun > 1
    wait_for(lambda: len(smtp.mails) == 2)


def test_the_next_table_link_goes_where_i_have_waited_longest(app, browser):
    """Issue 28 ("a link goes to the next table where it is my turn"): /notices/next goes to the table that has
    waited longest for me, skipping the one I am on (``after``); with none, to my notices, which say so."""
    alice, bob, first = two_players(browser)
    second = alice.new_table(seats={"north": "me", "south": "open"})
    assert bob.api("POST", f"/api/v1/tables/{second}/join", {}).status_code == 200
    assert bob.c.get("/notices/next", follow_redirects=False).headers["location"] == "/notices?none_waiting=1"
    alice.act(first, "done")
    alice.act(second, "done")  # bob is to act at both, at first for longer
    assert bob.c.get("/notices/next", follow_redirects=False).headers["location"] == f"/tables/{first}"
    r = bob.c.get(f"/notices/next?after={first}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/tables/{second}"
    page = bob.c.get(f"/tables/{first}")
    assert f'href="/notices/next?after={first}"' in page.text
    assert "(2 waiting)" in bob.c.get("/notices").text
    r = bob.c.get(f"/notices/next?after={second}", follow_redirects=True)
    assert r.url.path == f"/tables/{first}"
    [choice, *_] = bob.view(first)["actions"]
    assert bob.act(first, choice["verb"], choice["arg"]).status_code == 200  # bob has chosen: alice is to choose
    r = bob.c.get(f"/notices/next?after={second}", follow_redirects=True)
    assert r.url.path == "/notices" and "No other table is waiting for your move." in r.text
    assert bob.c.get("/notices/next?after=x").status_code == 422  # a clear refusal, nothing changed
    # alice chooses at both; first moved last (bob's choice), so second has waited longer
    assert alice.c.get("/notices/next", follow_redirects=False).headers["location"] == f"/tables/{second}"
