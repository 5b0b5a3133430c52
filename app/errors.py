"""Errors a client can cause: each becomes a clear 4xx answer and changes nothing.

An answer may quote what the client sent, and what a client sends may hold text no answer can carry: a lone UTF-16
surrogate (``"\\ud800"`` in JSON decodes to one) has no UTF-8 encoding, so a page or JSON body quoting it could
not be written and the error handler itself failed (a 500). ``encodable`` is the one place that makes text safe to
send; every ``AppError`` message goes through it when the error is made, and the handlers in ``app.main`` pass
everything else they quote (validation messages, extras, HTTP details) through ``short`` or ``encodable``."""

from __future__ import annotations

import re
from typing import Any

# a lone surrogate (no UTF-8 encoding) and the C0 controls but tab and newline, and DEL (invisible, or worse, in
# a page or a log line); each is shown as its escape, so the reader still sees what was sent
_UNSAFE = re.compile("[\ud800-\udfff\x00-\x08\x0b-\x1f\x7f]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\u{code:04x}" if code > 0xFF else f"\\x{code:02x}"


def encodable(value: Any) -> Any:
    """``value`` with every string in it (dict keys and values, list items, at any depth) safe to encode as UTF-8
    and to show: lone surrogates and control characters replaced by their escapes (``\\ud800``, ``\\x00``)."""
    if isinstance(value, str):
        return _UNSAFE.sub(_escape, value)
    if isinstance(value, dict):
        return {encodable(k): encodable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [encodable(v) for v in value]
    return value


def short(value: Any, limit: int = 80) -> str:
    """A client's value as an answer may quote it: safe to encode (``encodable``) and at most ``limit``
    characters (never a huge input echoed)."""
    text: str = encodable(str(value))
    return text if len(text) <= limit else text[: limit - 1] + "…"


class AppError(Exception):
    status_code = 400

    def __init__(self, message: str, **extra: Any):
        message = encodable(message)
        super().__init__(message)
        self.message = message
        self.extra = extra


class Unauthorized(AppError):
    status_code = 401


class Forbidden(AppError):
    status_code = 403


class NotFound(AppError):
    status_code = 404


class Conflict(AppError):
    """A stale move: the table moved on since the sender looked (carries the fresh view)."""

    status_code = 409


class Invalid(AppError):
    status_code = 422


class TooMany(AppError):
    status_code = 429
