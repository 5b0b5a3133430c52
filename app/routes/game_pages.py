"""A game's extra pages (a map): ``/games/{game_id}/{page}`` serves whatever pages the game's presentation declares
(``engines.core.presentation``), so the app routes no game by name. A page with a template renders
``templates/games/<id>/<template>`` in the site's layout; one without is its body as it is (an SVG), kept by
browsers as long as the page says (a ``Body`` may name its content: an ETag answered with 304, or immutable under a
hashed URL). Included last among the ``/games/{game_id}/...`` routes (app/routes/pages.py):
the rules' and cards' own paths answer first."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app import i18n
from app.deps import OptionalUser
from app.errors import Invalid, NotFound
from app.i18n import _
from app.services.tables import game_of
from app.web import render
from engines import registry
from engines.core.presentation import YEAR, Body, PageError

router = APIRouter(include_in_schema=False)
MAX_QUERY_VALUE = 200  # characters of one query parameter: a page's parameters are ids and numbers


@router.get("/games/{game_id}/{page}")
def game_page(request: Request, user: OptionalUser, game_id: str, page: str):
    game = game_of(game_id)
    found = registry.presentation(game).page(page)
    if found is None:
        raise NotFound(_("{game} has no page {page!r}.").format(game=game.title_in(i18n.current()), page=page))
    query = dict(request.query_params)
    if any(len(v) > MAX_QUERY_VALUE for v in query.values()):
        raise Invalid(_("A parameter of this page is at most {n} characters long.").format(n=MAX_QUERY_VALUE))
    try:
        made = found.make(game, query)
    except PageError as exc:
        said = game.renderer(i18n.current()).text(exc.text) if exc.text is not None else exc.message
        raise Invalid(said) from None
    if found.template is not None:
        return render(request, f"games/{game.id}/{found.template}", game=game, user=user, **made)
    body = made if isinstance(made, Body) else Body(made)
    headers = {}
    if body.immutable:
        headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
    elif found.max_age:
        headers["Cache-Control"] = f"public, max-age={found.max_age}"
    elif body.etag:
        headers["Cache-Control"] = "no-cache"  # kept, but asked again each time (a 304 while it is the same)
    if body.etag:
        headers["ETag"] = f'"{body.etag}"'
        asked = request.headers.get("if-none-match", "")
        if any(tag.strip().removeprefix("W/") in (f'"{body.etag}"', "*") for tag in asked.split(",")):
            return Response(status_code=304, headers=headers)
    return Response(body.content, media_type=found.media_type, headers=headers or None)
