"""Webhooks cannot reach inside (SSRF): internal addresses are refused when saved and when sent, the send connects
to the address it checked."""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest

from app.models.pbw import Delivery
from app.services import webhooks
from tests.app.test_notices import user_id


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/hook",
        "http://localhost:8000/x",
        "http://10.1.2.3/",
        "http://192.168.0.10/",
        "http://172.16.5.4/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/",
        "http://[fe80::1]/",
        "http://[::ffff:127.0.0.1]/",
        "http://100.64.0.1/",
        "http://0.0.0.0/",
        "https://[fd00::5]/",
        "http://224.0.0.1/",
    ],
)
def test_internal_addresses_are_refused(url):
    with pytest.raises(webhooks.Refused, match="internal address"):
        webhooks.resolve(url)


def test_a_public_address_passes_and_an_allowed_host_may_be_internal():
    assert webhooks.resolve("https://93.184.216.34/hook") == ("93.184.216.34", "93.184.216.34")
    assert webhooks.resolve("http://127.0.0.1:9/hook", ["127.0.0.1"]) == ("127.0.0.1", None)


def fake_dns(monkeypatch, table: dict[str, list[str]]):
    real = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kw):
        if host in table:
            return [
                (socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port))
                for a in table[host]
            ]
        return real(host, port, *args, **kw)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


def test_a_name_is_refused_if_any_of_its_addresses_is_internal(monkeypatch):
    fake_dns(
        monkeypatch,
        {
            "hooks.example.org": ["93.184.216.34", "10.0.0.7"],
            "meta.example.org": ["169.254.169.254"],
            "nowhere.example.org": [],
        },
    )
    for host in ("hooks.example.org", "meta.example.org", "nowhere.example.org"):
        with pytest.raises(webhooks.Refused):
            webhooks.resolve(f"https://{host}/hook")
    with pytest.raises(webhooks.Refused, match="does not resolve"):
        webhooks.resolve("http://no-such-host.invalid/hook")


def test_saving_an_internal_webhook_is_refused(app, browser):
    bob = browser("bob")
    form = {"email": "", "webhook_format": "json", "mode": "every", "digest_hours": 24}
    r = bob.post(
        "/notices/settings", {**form, "webhook_url": "http://169.254.169.254/latest/meta-data/"}, follow_redirects=False
    )
    assert r.status_code == 422 and "internal address" in r.text
    r = bob.post("/notices/settings", {**form, "webhook_url": "http://127.0.0.1:5000/"}, follow_redirects=False)
    assert r.status_code == 422
    with app.state.sessions() as db:
        from app.models.pbw import NoticeSettings

        assert db.get(NoticeSettings, user_id(app, "bob")) is None


class Seen(BaseHTTPRequestHandler):
    requests: ClassVar[list[tuple[str, bytes]]] = []

    def do_POST(self):
        type(self).requests.append((self.headers["Host"], self.rfile.read(int(self.headers["Content-Length"]))))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def local_receiver():
    handler = type("S", (Seen,), {"requests": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield handler, server.server_address[1]
    server.shutdown()


def test_a_queued_delivery_to_an_internal_address_is_not_sent(app, browser, local_receiver):
    handler, port = local_receiver
    browser("bob")
    with app.state.sessions() as db:  # e.g. saved when its name still resolved to a public address
        db.add(
            Delivery(
                user_id=user_id(app, "bob"),
                channel="webhook",
                target=f"http://127.0.0.1:{port}/hook",
                subject="s",
                body="{}",
            )
        )
        db.commit()
    assert app.state.notifier.deliver_due() == 0
    assert handler.requests == []
    with app.state.sessions() as db:
        d = db.query(Delivery).one()
        assert "internal address" in d.error


def test_the_send_connects_to_the_address_it_checked(monkeypatch, local_receiver):
    """The name is resolved once, by the check; the request goes to that address with the name as Host (a
    second lookup — DNS rebinding — never happens: this name has no real DNS entry)."""
    handler, port = local_receiver
    fake_dns(monkeypatch, {"hooks.example.test": ["127.0.0.1"]})
    monkeypatch.setattr(webhooks, "_public", lambda address: True)  # let the test's loopback stand for public
    r = webhooks.post(f"http://hooks.example.test:{port}/hook", '{"a": 1}', timeout=5)
    assert r.status_code == 204
    assert handler.requests == [(f"hooks.example.test:{port}", b'{"a": 1}')]
