"""Passwords (argon2id), signed session cookies, API token hashing, CSRF tokens bound to the session."""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import secrets

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
        # a signed value unsigns to the same id for as long as the secret is this signer's (there is no timestamp:
        # a login's end is its session row's), and every request unsigns its cookie twice (the CSRF middleware,
        # the login look-up): ~15 µs each (issue 15); bounded, so random cookies only churn it
        self.unsign = functools.lru_cache(maxsize=4096)(self._unsign)

    def sign(self, session_id: str) -> str:
        return self._s.dumps(session_id)

    def _unsign(self, value: str) -> str | None:
        try:
            data = self._s.loads(value)
        except BadSignature:
            return None
        return data if isinstance(data, str) else None


class CsrfTokens:
    """CSRF tokens bound to the browser's session: the token is an HMAC, under the server's secret, of the login
    session id (so it changes at every login), or before a login of the random id in the CSRF cookie. A token
    sent with a request counts only if it is the one for that request's own session; a cookie value the client
    chose is worth nothing."""

    def __init__(self, secret: str):
        self._key = hashlib.sha256(b"siglo-csrf:" + secret.encode()).digest()

    def token(self, binding: str) -> str:
        digest = hmac.new(self._key, binding.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    @staticmethod
    def matches(expected: str | None, sent: str | None) -> bool:
        if not expected or not sent:
            return False
        return hmac.compare_digest(expected.encode(), sent.encode())
