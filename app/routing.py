"""The routes a request's path can reach, found by its segments (issue 26 › Performance: a move's route).

FastAPI keeps each included router as one entry of the app's routes (``fastapi.routing._IncludedRouter``) and
finds a request's route by trying every route of each such router in order, twice over for the router that
answers (once to know that it matches, once to handle the request): the pages' move route, behind the API's
thirty-odd routes, cost ~0.1 ms of matching, the API's move ~0.02 ms, where the move's skeleton (the bench's route,
first of all) costs ~0.005 ms.

``index_routes`` gives each included router of the app an index of its routes by their path's segments: a
route's path template is a literal or a parameter a segment (a ``path`` parameter takes the rest), so a request
path can only match the routes whose literal segments it holds at the same places. The request's path is reduced
to a key — each segment that is a literal of some route kept, any other made ``ANY`` — and the routes that key
can match are listed once and kept by the key: a move finds its one route after one look-up. The routes are then
tried exactly as FastAPI tries them (its own ``_match``, in the routers' order), so which route answers, its
405s, its path parameters, the OpenAPI document and every URL are what they were; only routes that cannot match
are skipped (``tests/app/test_routing.py`` resolves every route's path, with every method, both ways). The router
that answers is asked twice by FastAPI (to match, then to handle); its answer is kept in the request's scope
between the two."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from fastapi.routing import APIRouter, _EffectiveRouteContext, _IncludedRouter
from starlette._utils import get_route_path
from starlette.convertors import PathConvertor
from starlette.routing import BaseRoute, Match
from starlette.types import Scope

from engines.core.kept import Kept

ANY = None  # a segment of a route that a parameter fills, or of a path that no route has as a literal
MATCHED = "siglo.matched"  # a request's scope: the last router that matched it, for which path and method, and how
KEPT = 4096  # keys kept a router (a client can make many keys of known words: the least recently used go first)

Candidate = _EffectiveRouteContext | _IncludedRouter
Shape = tuple[tuple[str | None, ...], bool]  # the segments (a literal or ANY) and whether a path parameter ends it


def shape_of(path_format: str, convertors: dict[str, Any]) -> Shape:
    """A path template's segments: a literal segment as it is, a segment holding a parameter ANY; a segment
    holding a ``path`` parameter ends the shape (it and the rest match anything, slashes included)."""
    segments: list[str | None] = []
    for part in path_format.split("/"):
        if "{" not in part:
            segments.append(part)
            continue
        names = [piece.split("}", 1)[0].split(":", 1)[0] for piece in part.split("{")[1:]]
        if any(isinstance(convertors.get(name), PathConvertor) for name in names):
            return tuple(segments), True
        segments.append(ANY)
    return tuple(segments), False


def _shapes(candidate: BaseRoute | Candidate) -> list[Shape] | None:
    """The shapes of the paths a candidate answers; None: it may answer any path (a route without a path)."""
    if isinstance(candidate, _IncludedRouter):
        shapes: list[Shape] = []
        for context in candidate.effective_route_contexts():
            own = _shapes(context)
            if own is None:
                return None
            shapes += own
        return shapes
    route: object = candidate
    if isinstance(candidate, _EffectiveRouteContext) and candidate.path_regex is None:
        route = candidate.starlette_route  # else an API route's context: its own compiled path, prefix included
    path_format, convertors = getattr(route, "path_format", None), getattr(route, "param_convertors", None)
    if not isinstance(path_format, str) or convertors is None or getattr(route, "path_regex", None) is None:
        return None
    return [shape_of(path_format, convertors)]


def _fits(shape: Shape, key: tuple[str | None, ...]) -> bool:
    segments, rest = shape
    if len(key) < len(segments) + rest or (not rest and len(key) != len(segments)):
        return False
    return all(want is ANY or want == got for want, got in zip(segments, key, strict=False))


class _Only:
    """A router's candidates narrowed to those a path can match, for FastAPI's own ``_match`` loop."""

    __slots__ = ("candidates",)

    def __init__(self, candidates: list[Candidate]):
        self.candidates = candidates

    def effective_candidates(self) -> list[Candidate]:
        return self.candidates


@dataclass
class IndexedInclusion(_IncludedRouter):
    """An included router whose routes are tried only where the request's path can reach them (the module)."""

    _index: tuple[list[Candidate], frozenset[str], list[list[Shape] | None]] | None = field(
        default=None, repr=False, compare=False
    )
    _kept: Kept[tuple[str | None, ...], _Only] = field(default_factory=lambda: Kept(KEPT), repr=False, compare=False)
    _index_lock: Any = field(default_factory=threading.Lock, repr=False, compare=False)

    def _indexed(self) -> tuple[list[Candidate], frozenset[str], list[list[Shape] | None]]:
        candidates = self.effective_candidates()  # the same list until the router's routes change
        index = self._index
        if index is not None and index[0] is candidates:
            return index
        with self._index_lock:
            shapes = [_shapes(c) for c in candidates]
            words = frozenset(s for own in shapes for shape in own or () for s in shape[0] if s is not ANY)
            self._index, self._kept = (candidates, words, shapes), Kept(KEPT)
            return self._index

    def candidates_for(self, path: str) -> list[Candidate]:
        """The routes (and included routers) of this router that ``path`` can match, in the router's order."""
        return self._narrowed(path).candidates

    def _narrowed(self, path: str) -> _Only:
        candidates, words, shapes = self._indexed()
        key = tuple(s if s in words else ANY for s in path.split("/"))
        kept = self._kept.get(key)
        if kept is None:
            fitting = [
                c for c, own in zip(candidates, shapes, strict=True) if own is None or any(_fits(s, key) for s in own)
            ]
            kept = _Only(fitting)
            self._kept.put(key, kept)
        return kept

    def _match(self, scope: Scope) -> tuple[Match, Scope, BaseRoute | None, _EffectiveRouteContext | None]:
        """FastAPI's own loop over the routes ``scope``'s path can reach; kept in the scope for this router, path
        and method, since FastAPI asks twice (``matches``, then ``handle`` of the router that answers)."""
        path, method = get_route_path(scope), scope.get("method")
        kept = scope.get(MATCHED)
        if kept is not None and kept[0] is self and kept[1] == path and kept[2] == method:
            found: tuple[Match, Scope, BaseRoute | None, _EffectiveRouteContext | None] = kept[3]
            return found
        only = self._narrowed(path)
        found = _IncludedRouter._match(only, scope)  # type: ignore[arg-type]  # FastAPI's loop, over fewer routes
        scope[MATCHED] = (self, path, method, found)
        return found


def index_routes(router: APIRouter) -> None:
    """Give each router included in ``router`` (the app's) its index; the routes and their order stay as they are."""
    router.routes[:] = [
        IndexedInclusion(original_router=r.original_router, include_context=r.include_context)
        if type(r) is _IncludedRouter
        else r
        for r in router.routes
    ]
