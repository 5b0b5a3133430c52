"""A reader's display preferences as a page is drawn (issue 28): a signed-in user's kept with the account
(``users.display``), a visitor's in a cookie set by the same form (``app.routes.auth.choose_display``); each
setting and its values in ``app.services.accounts.DISPLAY``, a setting not chosen (or no longer valid) at its
default. The base template puts the theme and the side panel's state on ``<html>`` (``data-theme``,
``data-side-panel``), where the stylesheets read them without a script."""

from __future__ import annotations

from typing import Any

from app.services.accounts import DISPLAY

COOKIE = "siglo_display"


def from_cookie(value: str | None) -> dict[str, str]:
    """A visitor's cookie, ``name:value`` pairs joined by ``|`` (characters a cookie takes unquoted); anything
    else in it is left out."""
    pairs = (item.partition(":") for item in (value or "").split("|"))
    return {name: v for name, _, v in pairs if v in DISPLAY.get(name, ())}


def to_cookie(display: dict[str, str]) -> str:
    return "|".join(f"{name}:{value}" for name, value in sorted(display.items()))


def shown(user: Any, cookies: dict[str, str]) -> dict[str, str]:
    """Every setting as the page should show it for this reader: a user's own, else the visitor's cookie."""
    chosen = (user.display or {}) if user is not None else from_cookie(cookies.get(COOKIE))
    return {name: chosen[name] if chosen.get(name) in values else values[0] for name, values in DISPLAY.items()}
