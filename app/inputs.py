"""What no field may hold: a NUL character or a lone UTF-16 surrogate, refused in one place for every route.

PostgreSQL refuses NUL in text (the statement fails: it was a 500, while SQLite stored it), and a lone surrogate
(``"\\ud800"`` in JSON decodes to one) has no UTF-8 encoding, so neither database can store it nor any answer
carry it. No field of the app has a use for either, so ``refuse_unstorable``, a dependency of the whole app
(``create_app``), looks at everything a route may read before it runs — path parameters, query parameters, the
``Authorization`` header, form fields, and every string of a JSON body (dict keys, records, action arguments, at
any depth) — and answers 422 naming the field, the same on both databases, before anything is read or written.
A JSON body is walked only when its raw bytes hold a ``\\u`` escape that could decode to one (cheap on the hot
path). ``first_unstorable`` is the same test for text that arrives another way (a record file uploaded through a
form: ``app.services.records.import_record``)."""

from __future__ import annotations

import re
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError

from app.i18n import N_

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
# the JSON escapes that decode to NUL or to a surrogate (a pair decodes to one astral character and is fine)
_SUSPECT_JSON = re.compile(rb"\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})")
_BODILESS = frozenset({"GET", "HEAD", "OPTIONS"})
_FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


# what is wrong with a text, in the site's catalogue (app.validation says it in the reader's language)
NUL = N_("holds a NUL character, which no field may hold")
SURROGATE = N_("holds an unpaired UTF-16 surrogate, which no field may hold (it has no UTF-8 encoding)")
KEY_NUL = N_("is a key that holds a NUL character, which no field may hold")
KEY_SURROGATE = N_(
    "is a key that holds an unpaired UTF-16 surrogate, which no field may hold (it has no UTF-8 encoding)"
)


def _problem(text: str, key: bool = False) -> str | None:
    found = _UNSTORABLE.search(text)
    if found is None:
        return None
    if found.group() == "\x00":
        return KEY_NUL if key else NUL
    return KEY_SURROGATE if key else SURROGATE


def first_unstorable(value: Any, loc: tuple[Any, ...] = ()) -> tuple[tuple[Any, ...], str] | None:
    """Where in ``value`` (a JSON value) the first NUL or lone surrogate is, and what it is; None: nowhere."""
    if isinstance(value, str):
        problem = _problem(value)
        return None if problem is None else (loc, problem)
    if isinstance(value, dict):
        for key, item in value.items():
            problem = _problem(key, key=True) if isinstance(key, str) else None
            if problem is not None:
                return (*loc, key), problem
            found = first_unstorable(item, (*loc, key))
            if found is not None:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = first_unstorable(item, (*loc, i))
            if found is not None:
                return found
    return None


def check(value: Any, *loc: Any) -> None:
    """Refuse a NUL or lone surrogate anywhere in ``value`` with the app's ordinary 422 (``app.main``'s handler
    words it, naming the field, and makes the quoted field safe to encode)."""
    found = first_unstorable(value, loc)
    if found is not None:
        raise RequestValidationError([{"type": "unstorable_text", "loc": found[0], "msg": found[1]}])


async def refuse_unstorable(request: Request) -> None:
    """The app-wide dependency (see the module): runs before each route's own dependencies and body."""
    check(dict(request.path_params), "path")
    for key, value in request.query_params.multi_items():
        check({key: value}, "query")
    check(request.headers.get("authorization", ""), "header", "Authorization")
    if request.method in _BODILESS:
        return
    content_type = request.headers.get("content-type", "").lower()
    if content_type.startswith(_FORMS):
        form = await request.form()  # parsed once: the route's own Form fields and FormData reuse it
        for field, item in form.multi_items():
            check({field: item} if isinstance(item, str) else field, "form")  # a file's bytes are its route's
        return
    body = await request.body()  # read once: FastAPI's JSON parse of it is kept on the request
    if not (b"\x00" in body or _SUSPECT_JSON.search(body)):
        return
    try:
        parsed = await request.json()
    except ValueError:
        return  # not JSON: the route's own validation answers for it
    check(parsed, "body")
