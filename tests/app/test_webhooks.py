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
    monkeypatch.setattr(webhooks, "routable", lambda address: True)  # let the test's loopback stand for public
    r = webhooks.post(f"http://hooks.example.test:{port}/hook", '{"a": 1}', timeout=5)
    assert r.status_code == 204
    assert handler.requests == [(f"hooks.example.test:{port}", b'{"a": 1}')]


NOT_GLOBAL = [
    # plain IPv4: private, loopback, link-local (metadata), shared, multicast, unspecified, broadcast, reserved
    "10.0.0.1",
    "172.31.255.1",
    "192.168.1.1",
    "127.0.0.1",
    "127.8.8.8",
    "169.254.169.254",
    "100.64.0.1",
    "224.0.0.251",
    "239.255.255.250",
    "0.0.0.0",
    "255.255.255.255",
    "240.0.0.1",
    "192.0.0.8",
    "192.0.2.1",
    # plain IPv6: loopback, unspecified, link-local, unique local, multicast, documentation, discard
    "::1",
    "::",
    "fe80::1",
    "fd00::5",
    "fc00::1",
    "ff02::1",
    "ff0e::1",
    "2001:db8::1",
    "100::1",
    # IPv6 forms that reach private IPv4 space or are not global
    "2002:a00:1::",  # 6to4 of 10.0.0.1
    "2002:7f00:1::1",  # 6to4 of 127.0.0.1
    "2002:a9fe:a9fe::",  # 6to4 of 169.254.169.254
    "2002:808:808::1",  # 6to4 of a public address: 6to4 is refused outright (reached through a relay)
    "fec0::1",  # site-local (deprecated)
    "feff::1",
    "64:ff9b::a00:1",  # NAT64 of 10.0.0.1
    "64:ff9b::7f00:1",  # NAT64 of 127.0.0.1
    "64:ff9b::a9fe:a9fe",  # NAT64 of the metadata address
    "64:ff9b:1::808:808",  # local-use NAT64
    "2001::1",  # Teredo
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo (RFC 4380's example)
    "::ffff:10.0.0.1",  # IPv4-mapped
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "::10.0.0.1",  # IPv4-compatible (deprecated)
    "::127.0.0.1",
    "::8.8.8.8",
    "fe80::1%eth0",  # a zone: link-scoped
]
GLOBAL = ["8.8.8.8", "93.184.216.34", "2001:4860:4860::8888", "2a00:1450:4001::1", "::ffff:8.8.8.8", "64:ff9b::808:808"]


@pytest.mark.parametrize("address", NOT_GLOBAL)
def test_addresses_that_are_not_globally_routable_are_refused_when_saved_and_at_connect_time(monkeypatch, address):
    """Judged by "is this address globally routable", the embedded IPv4 of a mapped or NAT64 address included:
    as a literal host (the check when saved), and as what a name resolves to at the send, which refuses before
    connecting."""
    assert not webhooks.routable(address)
    if "%" not in address:
        literal = f"[{address}]" if ":" in address else address
        with pytest.raises(webhooks.Refused, match="internal address"):
            webhooks.resolve(f"https://{literal}/hook")
    fake_dns(monkeypatch, {"hooks.example.test": ["93.184.216.34", address]})

    def connect(*args, **kw):
        raise AssertionError("connected")

    monkeypatch.setattr(socket, "create_connection", connect)
    with pytest.raises(webhooks.Refused, match="internal address"):
        webhooks.post("https://hooks.example.test/hook", "{}", timeout=1)


@pytest.mark.parametrize("address", GLOBAL)
def test_globally_routable_addresses_pass(monkeypatch, address):
    assert webhooks.routable(address)
    fake_dns(monkeypatch, {"hooks.example.test": [address]})
    assert webhooks.resolve("https://hooks.example.test/hook") == ("hooks.example.test", address)


MALFORMED = {
    "http://[::1/": "not a valid URL",
    "http://[": "not a valid URL",
    "http://a:b:c/": "not a valid URL",
    "http://example.com:99999999999999999999/": "not a valid URL",
    "http://example.com:70000/": "not a valid URL",
    "http://example.com:0/": "port",
    "http://[::1]x/": "not a valid URL",
    "http://[v1.fe]/": "not an IPv6 address",
    "http://exa mple.com/": "spaces or control characters",
    "http://example.com/a b": "spaces or control characters",
    "http://example.com\x01/": "spaces or control characters",
    "http://example.com/\x7f": "spaces or control characters",
    "http://ex\u2028ample.com/": "spaces or control characters",
    "http://\ud800.example.com/": "spaces or control characters",
    "ftp://example.com/": "http:// or https://",
    "http:///path": "http:// or https://",
    "http://:80/": "not a valid URL",
}


@pytest.mark.parametrize("url", list(MALFORMED))
def test_malformed_urls_are_refused_saying_why(url):
    """(Was a bug: urlsplit's ValueError escaped resolve, and saving such an address answered 500.)"""
    with pytest.raises(webhooks.Refused, match=MALFORMED[url]):
        webhooks.resolve(url)


def test_saving_a_malformed_webhook_is_a_422_and_saves_nothing(app, browser):
    bob = browser("bob")
    form = {"email": "", "webhook_format": "json", "mode": "every", "digest_hours": 24}
    for url in (
        "http://[::1/",
        "http://[",
        "http://a:b:c/",
        "http://example.com:99999999999999999999/",
        "http://x\x01/",
    ):
        r = bob.post("/notices/settings", {**form, "webhook_url": url}, follow_redirects=False)
        assert r.status_code == 422, (url, r.status_code)
        r = bob.post("/notices/settings", {**form, "webhook_url": url}, headers={"Accept": "application/json"})
        assert r.status_code == 422 and r.json()["detail"], url
    with app.state.sessions() as db:
        from app.models.pbw import NoticeSettings

        assert db.get(NoticeSettings, user_id(app, "bob")) is None


def test_a_queued_delivery_to_a_malformed_address_fails_cleanly(app, browser):
    browser("bob")
    with app.state.sessions() as db:
        db.add(Delivery(user_id=user_id(app, "bob"), channel="webhook", target="http://[::1/", subject="s", body="{}"))
        db.commit()
    assert app.state.notifier.deliver_due() == 0
    with app.state.sessions() as db:
        assert db.query(Delivery).one().error.startswith("Refused: This webhook address is not a valid URL")
