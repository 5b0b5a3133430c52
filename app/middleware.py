"""Pure ASGI middleware (safe for SSE streams): request body limit, the CSRF cookie, security headers, admission."""

from __future__ import annotations

import asyncio
import secrets

import orjson
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.security import CSRF_COOKIE, SESSION_COOKIE, CookieSigner, CsrfTokens


class BodyLimit:
    """Refuse bodies over ``max_bytes`` with 413 before any route reads them."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        for name, value in scope["headers"]:
            if name == b"content-length":
                try:
                    too_big = int(value) > self.max_bytes
                except ValueError:
                    too_big = True
                if too_big:
                    return await _refuse(send, 413, f"The request body is larger than {self.max_bytes} bytes.")
        seen, too_big, answered = 0, False, False

        async def limited() -> Message:
            nonlocal seen, too_big
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    too_big = True
                    raise BodyTooLarge()
            return message

        async def guarded_send(message: Message) -> None:
            # a body streamed without Content-Length: whatever the app answers to the aborted read becomes 413
            nonlocal answered
            if too_big:
                if not answered:
                    answered = True
                    await _refuse(send, 413, f"The request body is larger than {self.max_bytes} bytes.")
                return
            answered = True
            await send(message)

        try:
            await self.app(scope, limited, guarded_send)
        except BodyTooLarge:
            if not answered:
                await _refuse(send, 413, f"The request body is larger than {self.max_bytes} bytes.")


class BodyTooLarge(Exception):
    pass


async def _refuse(send: Send, status: int, message: str) -> None:
    body = orjson.dumps({"detail": message})
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


class CsrfCookie:
    """Give every browser a random id in the CSRF cookie, and put the CSRF token of the request's session in its
    scope: bound to the login session when there is one (``app.security.CsrfTokens``), else to that id. Pages
    echo the token in forms and in HTMX's header; ``app.deps.csrf_protect`` compares."""

    def __init__(self, app: ASGIApp, secure: bool, signer: CookieSigner, tokens: CsrfTokens) -> None:
        self.app = app
        self.secure = secure
        self.signer = signer
        self.tokens = tokens

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        cookies: dict[str, str] = {}
        for name, value in scope["headers"]:
            if name == b"cookie":  # parsed as the login look-up parses it (Starlette's request.cookies)
                cookies.update(cookie_parser(value.decode("latin-1")))
        nonce = cookies.get(CSRF_COOKIE) or None
        fresh = nonce is None
        if fresh:
            nonce = secrets.token_urlsafe(32)
        session = cookies.get(SESSION_COOKIE)
        sid = self.signer.unsign(session) if session else None
        binding = f"session:{sid}" if sid else f"browser:{nonce}"
        scope.setdefault("state", {})["csrf_token"] = self.tokens.token(binding)

        async def send_with_cookie(message: Message) -> None:
            if fresh and message["type"] == "http.response.start":
                attrs = f"{CSRF_COOKIE}={nonce}; Path=/; HttpOnly; SameSite=Lax"
                if self.secure:
                    attrs += "; Secure"
                message.setdefault("headers", []).append((b"set-cookie", attrs.encode()))
            await send(message)

        await self.app(scope, receive, send_with_cookie)


CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
]


class SecurityHeaders:
    """Every answer: a Content-Security-Policy (scripts only from this site, never framed), no MIME sniffing, no
    referrer to other sites (invitation links carry their token). Every answer but static files: ``Cache-Control:
    no-store`` unless the route chose otherwise, since pages, views, logs and records hold a player's private
    data."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        static = scope.get("path", "").startswith("/static/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = message.setdefault("headers", [])
                headers.extend(SECURITY_HEADERS)
                if not static and not any(name.lower() == b"cache-control" for name, _ in headers):
                    headers.append((b"cache-control", b"no-store"))
            await send(message)

        await self.app(scope, receive, send_with_headers)


class Admission:
    """At most ``limit`` requests at work at once; the others wait here, holding neither a worker thread nor a
    database connection. Each admitted request uses one connection and one thread at a time, so with a pool
    larger than ``limit`` a burst can never starve the pool (requests holding connections while waiting for
    threads held by requests waiting for connections). Static files and live streams are not counted.

    The limit is low by default (``Settings.admission_limit``: 2 on SQLite, 4 on PostgreSQL): a process runs
    Python on one core at a time, so requests admitted together only share it, and each thread more that wants
    the interpreter lock makes every request dearer (bench/README.md › Target 3, fifth pass). More than one:
    while one request waits on the database another runs."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit
        self._sem: asyncio.Semaphore | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or path.startswith("/static/") or path.endswith("/events"):
            return await self.app(scope, receive, send)
        if self._sem is None:
            self._sem = asyncio.Semaphore(self.limit)
        async with self._sem:
            await self.app(scope, receive, send)
