"""Errors a client can cause: each becomes a clear 4xx answer and changes nothing."""

from __future__ import annotations

from typing import Any


def short(value: Any, limit: int = 80) -> str:
    """A client's value as an answer may quote it: at most ``limit`` characters (never a huge input echoed)."""
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class AppError(Exception):
    status_code = 400

    def __init__(self, message: str, **extra: Any):
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
