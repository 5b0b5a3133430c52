"""Webhook addresses that cannot reach inside (server-side request forgery): a notice webhook is a URL a user
types, which the server then POSTs to — it must not be a way to reach the server's own services, the local
network or a cloud metadata endpoint.

The host is resolved and **every** address it resolves to must be public (not loopback, private, link-local —
169.254.169.254, the metadata address, is one —, shared (CGNAT), multicast, reserved or unspecified; an
IPv4-mapped IPv6 address is judged by its IPv4 address). This is checked when the address is saved and again at
every send; the send then connects to the address it checked (the URL's host stays in the ``Host`` header and
the TLS server name), so a name that resolves differently the second time (DNS rebinding) gains nothing.
Redirects are not followed. ``Settings.webhook_allowed_hosts`` names hosts that may be internal anyway (a chat
bridge on the owner's own network; the tests' local receiver).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Collection
from urllib.parse import urlsplit, urlunsplit

import httpx

from app.errors import Invalid


class Refused(Exception):
    """This webhook address is not allowed (the message says why)."""


def _public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_link_local or ip.is_loopback)


def resolve(url: str, allowed_hosts: Collection[str] = ()) -> tuple[str, str | None]:
    """The host of this http(s) URL and the address to connect to (None: an allowed host, connected by name);
    Refused if any address it resolves to is internal, or it does not resolve."""
    parts = urlsplit(url)
    host = (parts.hostname or "").rstrip(".").lower()
    if parts.scheme not in ("http", "https") or not host:
        raise Refused("A webhook is an http:// or https:// address.")
    if host in {h.lower() for h in allowed_hosts}:
        return host, None
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, ValueError):
        raise Refused(f"The webhook's host {host!r} does not resolve.") from None
    addresses = [str(info[4][0]) for info in infos]
    if not addresses or not all(_public(a) for a in addresses):
        raise Refused(
            f"The webhook's host {host!r} is an internal address (loopback, private, link-local or "
            f"metadata); webhooks go to public addresses only."
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
