"""Pure ASGI middleware (safe for SSE streams): request body limit and the CSRF cookie."""
from __future__ import annotations

import asyncio
import secrets
from http.cookies import SimpleCookie

import orjson

from app.security import CSRF_COOKIE


class BodyLimit:
    """Refuse bodies over ``max_bytes`` with 413 before any route reads them."""

    def __init__(self, app, max_bytes: int):
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope, receive, send):
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

        async def limited():
            nonlocal seen, too_big
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    too_big = True
                    raise BodyTooLarge()
            return message

        async def guarded_send(message):
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


async def _refuse(send, status: int, message: str) -> None:
    body = orjson.dumps({"detail": message})
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class CsrfCookie:
    """Give every browser a random CSRF token cookie; pages echo it in forms and in HTMX's header."""

    def __init__(self, app, secure: bool):
        self.app = app
        self.secure = secure

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        cookie = SimpleCookie()
        for name, value in scope["headers"]:
            if name == b"cookie":
                try:
                    cookie.load(value.decode("latin-1"))
                except Exception:
                    pass
        existing = cookie.get(CSRF_COOKIE)
        token = existing.value if existing is not None and existing.value else None
        fresh = token is None
        if fresh:
            token = secrets.token_urlsafe(32)
        scope.setdefault("state", {})["csrf_token"] = token

        async def send_with_cookie(message):
            if fresh and message["type"] == "http.response.start":
                attrs = f"{CSRF_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax"
                if self.secure:
                    attrs += "; Secure"
                message.setdefault("headers", []).append((b"set-cookie", attrs.encode()))
            await send(message)

        await self.app(scope, receive, send_with_cookie)


class Admission:
    """At most ``limit`` requests at work at once; the others wait here, holding neither a worker thread nor a
    database connection. Each admitted request uses one connection and one thread at a time, so with a pool
    larger than ``limit`` a burst can never starve the pool (requests holding connections while waiting for
    threads held by requests waiting for connections). Static files and live streams are not counted."""

    def __init__(self, app, limit: int):
        self.app = app
        self.limit = limit
        self._sem: asyncio.Semaphore | None = None

    async def __call__(self, scope, receive, send):
        path = scope.get("path", "")
        if scope["type"] != "http" or path.startswith("/static/") or path.endswith("/events"):
            return await self.app(scope, receive, send)
        if self._sem is None:
            self._sem = asyncio.Semaphore(self.limit)
        async with self._sem:
            await self.app(scope, receive, send)
