"""Webhook addresses that cannot reach inside (server-side request forgery): a notice webhook is a URL a user
types, which the server then POSTs to — it must not be a way to reach the server's own services, the local
network or a cloud metadata endpoint.

A webhook is a well-formed http(s) URL — no spaces or control characters, a host (an IPv6 one a valid address in
brackets), a port from 1 to 65535 —, else it is refused saying so (a 422 when saved, never a 500). Its host is
resolved and **every** address it resolves to must be globally routable (``routable``): ``ipaddress``'s
``is_global``, made the same on every Python we support by the IANA special-purpose ranges listed below, and no
multicast; an address that embeds an IPv4 one the network would carry it to (IPv4-mapped ``::ffff:a.b.c.d``, NAT64
``64:ff9b::a.b.c.d``) is judged by that IPv4 address; the transition forms whose reach depends on a relay or a
tunnel — 6to4 ``2002::/16`` (which embeds any IPv4, 10.0.0.1 and 127.0.0.1 too), Teredo ``2001::/32``, the
deprecated IPv4-compatible ``::a.b.c.d`` — and the deprecated site-local ``fec0::/10`` are refused outright, as
Python 3.12+ judges 6to4 and Teredo not global. This is checked when the address is saved and again at every send;
the send then connects to the address it checked (the URL's host stays in the ``Host`` header and the TLS server
name), so a name that resolves differently the second time (DNS rebinding) gains nothing. Redirects are not
followed. ``Settings.webhook_allowed_hosts`` names hosts that may be internal anyway (a chat bridge on the owner's
own network; the tests' local receiver).
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Collection
from urllib.parse import urlsplit, urlunsplit

import httpx

from app.errors import Invalid
from app.i18n import _

# IPv6 ranges that are not globally routable (IANA's special-purpose registry; Python 3.11's is_global misses
# several), or whose reach depends on a relay (6to4, Teredo)
NOT_GLOBAL_V6 = tuple(
    ipaddress.IPv6Network(net)
    for net in (
        "::/96",  # unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d (RFC 4291)
        "64:ff9b:1::/48",  # local-use NAT64 (RFC 8215)
        "100::/64",  # discard-only
        "2001::/23",  # IETF protocol assignments, Teredo 2001::/32 among them
        "2001:db8::/32",  # documentation
        "2002::/16",  # 6to4
        "3fff::/20",  # documentation (RFC 9637)
        "5f00::/16",  # SRv6 segment identifiers (RFC 9602)
        "fc00::/7",  # unique local
        "fe80::/10",  # link-local
        "fec0::/10",  # site-local (deprecated, RFC 3879)
        "ff00::/8",  # multicast
    )
)
NOT_GLOBAL_V4 = tuple(
    ipaddress.IPv4Network(net)
    for net in ("192.0.0.0/24", "192.88.99.0/24")  # IETF protocol assignments; the 6to4 relay anycast (deprecated)
)
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")  # the well-known prefix: the gateway reaches the embedded IPv4
_HOST_PORT = re.compile(r"(?:\[[^\[\]]+\]|[^\[\]:]+)(?::[0-9]{0,5})?")


class Refused(Exception):
    """This webhook address is not allowed (the message says why)."""


def routable(address: str) -> bool:
    """Whether packets to this IP address (text, as ``getaddrinfo`` gives it) go to the public Internet."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.scope_id:  # an address with a zone is link-scoped
            return False
        embedded = ip.ipv4_mapped or (ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF) if ip in NAT64 else None)
        if embedded is not None:
            return routable(str(embedded))
        if any(ip in net for net in NOT_GLOBAL_V6):
            return False
    elif any(ip in net for net in NOT_GLOBAL_V4):
        return False
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_link_local or ip.is_loopback)


def _parse(url: str) -> tuple[str, int]:
    """The host and port of a well-formed http(s) URL; Refused, saying what is wrong, for anything else."""
    if any(c.isspace() or not c.isprintable() for c in url):
        raise Refused(_("A webhook address may not hold spaces or control characters."))
    malformed = Refused(_("This webhook address is not a valid URL: check its host, its [IPv6 address] and its port."))
    try:
        parts = urlsplit(url)
        host, port = (parts.hostname or "").rstrip(".").lower(), parts.port
    except ValueError:
        raise malformed from None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise Refused(_("A webhook is an http:// or https:// address."))
    host_port = parts.netloc.rpartition("@")[2]
    if not host or not _HOST_PORT.fullmatch(host_port):
        raise malformed
    if port is not None and not 1 <= port <= 65535:
        raise Refused(_("A webhook's port is a number from 1 to 65535."))
    if host_port.startswith("["):
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise Refused(_("This webhook address's [host] is not an IPv6 address.")) from None
    return host, port or (443 if parts.scheme == "https" else 80)


def resolve(url: str, allowed_hosts: Collection[str] = ()) -> tuple[str, str | None]:
    """The host of this http(s) URL and the address to connect to (None: an allowed host, connected by name);
    Refused if the URL is malformed, if any address it resolves to is not globally routable, or it does not
    resolve."""
    host, port = _parse(url)
    if host in {h.lower() for h in allowed_hosts}:
        return host, None
    try:
        addresses = [str(ipaddress.ip_address(host))]  # an address as the host: nothing to resolve
    except ValueError:
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError, ValueError):
            raise Refused(_("The webhook's host {host!r} does not resolve.").format(host=host)) from None
        addresses = [str(info[4][0]) for info in infos]
    if not addresses or not all(routable(a) for a in addresses):
        raise Refused(
            _(
                "The webhook's host {host!r} is an internal address (loopback, private, link-local, metadata or "
                "another address that is not globally routable); webhooks go to public addresses only."
            ).format(host=host)
        )
    return host, addresses[0]


def check(url: str, allowed_hosts: Collection[str] = ()) -> None:
    """At save time: Invalid (a 422 for the form) unless the address is allowed."""
    try:
        resolve(url, allowed_hosts)
    except Refused as exc:
        raise Invalid(str(exc)) from None


def post(url: str, body: str, timeout: float, allowed_hosts: Collection[str] = ()) -> httpx.Response:
    """POST the JSON body to the webhook, connecting to the address just checked (see the module)."""
    host, address = resolve(url, allowed_hosts)
    headers = {"Content-Type": "application/json"}
    extensions = {}
    target = url
    if address is not None:
        parts = urlsplit(url)
        ip = f"[{address}]" if ":" in address else address
        target = urlunsplit(parts._replace(netloc=ip + (f":{parts.port}" if parts.port else "")))
        headers["Host"] = host + (f":{parts.port}" if parts.port else "")
        if parts.scheme == "https":
            extensions["sni_hostname"] = host
    with httpx.Client(timeout=timeout, follow_redirects=False) as client:
        return client.send(client.build_request("POST", target, content=body, headers=headers, extensions=extensions))
