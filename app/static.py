"""Static files with versioned names (issue 15, responses): pages link ``static_url("css/site.css")``, which is
``/static/css/site.css?v=<digest of the file>``; an answer to a versioned URL whose digest is the file's is
cached for a year and never revalidated (``immutable``): a new release changes the digest, so browsers fetch
the new file. An unversioned or outdated URL is answered with ``no-cache`` (revalidated, a 304 when unchanged)."""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from app.resources import resource

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


@functools.lru_cache(maxsize=256)
def digest(path: str) -> str | None:
    """The first 12 hex digits of the file's SHA-256 (files change only with a release: computed once)."""
    try:
        data = (resource("static") / path).read_bytes()
    except OSError:
        return None
    return hashlib.sha256(data).hexdigest()[:12]


def static_url(path: str) -> str:
    """The versioned URL of ``static/<path>`` (the plain URL if there is no such file)."""
    v = digest(path)
    return f"/static/{path}?v={v}" if v else f"/static/{path}"


class VersionedStatic(StaticFiles):
    def __init__(self, directory: Path):
        super().__init__(directory=directory)

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code in (200, 304):
            query = scope.get("query_string", b"").decode("latin-1")
            wanted = dict(p.partition("=")[::2] for p in query.split("&") if p).get("v")
            current = digest(path)
            response.headers["cache-control"] = IMMUTABLE if wanted and wanted == current else REVALIDATE
        return response
