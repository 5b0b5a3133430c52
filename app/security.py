"""Passwords (argon2id), signed session cookies, API token hashing, CSRF double-submit tokens, login rate limit."""
from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import defaultdict, deque

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeSerializer

SESSION_COOKIE = "siglo_session"
CSRF_COOKIE = "siglo_csrf"
CSRF_HEADER = "x-csrf-token"
CSRF_FIELD = "csrf_token"

_hasher = PasswordHasher()  # argon2id with the library's recommended parameters


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class CookieSigner:
    def __init__(self, secret: str):
        self._s = URLSafeSerializer(secret, salt="siglo-session")

    def sign(self, session_id: str) -> str:
        return self._s.dumps(session_id)

    def unsign(self, value: str) -> str | None:
        try:
            data = self._s.loads(value)
        except BadSignature:
            return None
        return data if isinstance(data, str) else None


def csrf_matches(cookie_value: str | None, sent: str | None) -> bool:
    return bool(cookie_value) and bool(sent) and hmac.compare_digest(cookie_value.encode(), sent.encode())


class RateLimiter:
    """Sliding-window counter of failures per key (per process; enough for one server)."""

    def __init__(self, limit: int, window_seconds: float):
        self.limit = limit
        self.window = window_seconds
        self._hits: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def _prune(self, key: str, now: float) -> deque[float]:
        hits = self._hits[key]
        while hits and hits[0] <= now - self.window:
            hits.popleft()
        return hits

    def blocked(self, *keys: str) -> bool:
        now = time.monotonic()
        with self._lock:
            return any(len(self._prune(k, now)) >= self.limit for k in keys)

    def fail(self, *keys: str) -> None:
        now = time.monotonic()
        with self._lock:
            for k in keys:
                self._prune(k, now).append(now)

    def reset(self, *keys: str) -> None:
        with self._lock:
            for k in keys:
                self._hits.pop(k, None)
