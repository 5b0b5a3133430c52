"""app.errors: every answer that quotes a client's text can be encoded (lone surrogates, control characters), in
JSON, on an error page and in an HTMX alert; the real routes whose messages quoted such text answer a clear 4xx."""

from __future__ import annotations

import orjson
import pytest
from fastapi.exceptions import RequestValidationError

from app.errors import Invalid, encodable, short


def test_encodable_escapes_what_utf8_or_a_page_cannot_carry():
    # compared as ascii(): a failing comparison of raw surrogates could not even be reported (pytest-xdist)
    assert ascii(encodable("a\ud800b\udfff")) == ascii("a\\ud800b\\udfff")
    assert encodable("nul\x00 esc\x1b del\x7f") == "nul\\x00 esc\\x1b del\\x7f"
    assert encodable("línea\n\ttab 😀 \U0001f600") == "línea\n\ttab 😀 \U0001f600"  # all fine as they are
    assert ascii(encodable({"\ud800": ["\x00", ("x", 1)], "n": None})) == ascii(
        {"\\ud800": ["\\x00", ["x", 1]], "n": None}
    )
    assert ascii(short("\ud800" * 100, 10)) == ascii("\\ud800\\ud…")
    assert ascii(Invalid("bad \ud800 seat").message) == ascii("bad \\ud800 seat")
    for text in (encodable("\ud800\x00"), short("\udc00"), Invalid("\ud800").message):
        text.encode("utf-8")


@pytest.fixture
def raising(app):
    """Routes of the real app (its handlers, middleware and dependencies) that raise what a client's text made."""

    def app_error(kind: str = "x"):
        raise Invalid(f"The seat \ud800{kind}\x00 is not a seat.", echo={"\udc00": ["\ud800"]})

    def validation():
        raise RequestValidationError([{"loc": ("body", "seats", "\ud800"), "msg": "bad \udfff", "type": "x"}])

    app.add_api_route("/api/v1/test-surrogate", app_error)
    app.add_api_route("/test-surrogate", app_error)
    app.add_api_route("/api/v1/test-validation", validation)
    app.add_api_route("/test-validation", validation)
    return app


def test_error_answers_quoting_lone_surrogates_encode(raising, browser):
    """(Was a bug: JSONResponse and the page's encoding failed on the surrogate and the handler answered 500.)"""
    b = browser()
    r = b.c.get("/api/v1/test-surrogate")
    assert r.status_code == 422
    body = orjson.loads(r.content)
    assert body["detail"] == "The seat \\ud800x\\x00 is not a seat." and body["echo"] == {"\\udc00": ["\\ud800"]}
    r = b.c.get("/test-surrogate")
    assert r.status_code == 422 and "The seat \\ud800x\\x00 is not a seat." in r.content.decode("utf-8")
    r = b.c.get("/test-surrogate", headers={"HX-Request": "true"})
    assert r.status_code == 422 and "\\ud800" in r.content.decode("utf-8")
    r = b.c.get("/api/v1/test-validation")
    assert r.status_code == 422 and orjson.loads(r.content)["problems"] == ["seats.\\ud800: bad \\udfff"]
    r = b.c.get("/test-validation")
    assert r.status_code == 422 and "seats.\\ud800: bad \\udfff" in r.content.decode("utf-8")
