"""Server-rendered pages: lobby, new table, the table itself and its HTMX partials."""

from __future__ import annotations

import secrets
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Form, Path, Query, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response

from app import i18n, live_parts, teaching
from app.deps import (
    CSRF,
    CurrentUser,
    FormData,
    OptionalUser,
    PlayerHop,
    RowId,
    SeatDep,
    SeatQuery,
    SessionDep,
    TableDep,
    WatchableTable,
    WatcherHop,
    signed_in,
)
from app.errors import AppError, Invalid, NotFound
from app.forms import option_fields, options_from_form, seat_choices
from app.i18n import _
from app.resources import resource
from app.routes import game_pages, replays, rules
from app.routes.common import MoveForm, UndoForm, try_move
from app.services import clocks, forks, gamelog, notes, play, ratings, records, seat_words, table_views, tables
from app.web import actions_template, board_template, is_htmx, render
from engines import registry

router = APIRouter(include_in_schema=False)


@router.api_route("/", methods=["GET", "HEAD"])
def lobby(request: Request, db: SessionDep, user: OptionalUser):
    rows = tables.lobby(db, user)
    listed = [r.table for part in rows.values() for r in part]
    return render(
        request, "lobby/index.html", lobby=rows, seat_ratings=ratings.of_seats(db, listed), leaders=ratings.leaders(db)
    )


def _new_table_context(game_id: str | None, form: dict[str, Any] | None = None) -> dict[str, Any]:
    games = registry.all_games()
    game = registry.get_game(game_id) if game_id else (games[0] if games else None)
    ctx: dict[str, Any] = {"game": game, "form": form or {}, "choice_label": rules.choice_label}
    # one token a form shown: the same form sent twice (a double click, a resent POST) makes one table
    ctx["creation_token"] = (form or {}).get("creation_token") or secrets.token_urlsafe(18)
    if game is not None:
        ctx["fields"] = option_fields(game)
        options = options_from_form(game, form) if form else {}
        try:
            ctx["roles"] = game.roles(game.parse_options(options))
        except ValueError as exc:
            ctx["roles"], ctx["error"] = game.roles(game.parse_options({})), str(exc)
        ctx["seat_choices"] = seat_choices(game)
    return ctx


@router.get("/tables/new")
def new_table(request: Request, user: CurrentUser, game: str | None = None):
    return render(request, "lobby/new_table.html", **_new_table_context(game))


@router.get("/tables/new/seats")
def new_table_seats(request: Request, user: CurrentUser):
    """HTMX: the seat list for the options chosen so far (roles can depend on options)."""
    form = dict(request.query_params)
    return render(request, "lobby/_seats.html", **_new_table_context(form.get("game"), form))


@router.post("/tables", dependencies=[CSRF])
def create_table(request: Request, db: SessionDep, user: CurrentUser, form: FormData):
    ctx = _new_table_context(form.get("game"), form)
    game = ctx["game"]
    if game is None:
        raise Invalid(_("Choose a game."))
    if form.get("choose") or form.get("shown_game", game.id) != game.id:  # the game changed: its form, as typed
        return render(request, "lobby/new_table.html", **ctx)
    roles = ctx["roles"]
    seats = {role: form.get(f"seat_{role}", "open") for role in roles}
    asked = {k: v for k, v in form.items() if k not in ("csrf_token", "creation_token")}
    # the key holds what was asked: a form sent back after a change is another table, sent twice it is one
    digest = tables.digest_of(asked)
    token = str(form.get("creation_token") or "")[:40]
    creation = tables.Creation(f"form:{token}:{digest[:32]}", digest) if token else None
    try:
        table, _created = tables.create_once(
            db,
            user,
            creation,
            game_id=game.id,
            options=options_from_form(game, form),
            seats=seats,
            name=form.get("name"),
            private=form.get("private") == "on",
            spectators=form.get("no_spectators") != "on",
            hot_seat=form.get("hot_seat") == "on",
            clock=clocks.pace_from_form(form),
        )
    except AppError as exc:
        ctx["error"] = exc.message
        return render(request, "lobby/new_table.html", status_code=exc.status_code, **ctx)
    return RedirectResponse(f"/tables/{table.id}", status_code=303)


def _table_context(request: Request, db, table, user, as_role: str | None, loaded=None) -> dict[str, Any]:
    mine = tables.roles_of(table, user)
    role = tables.acting_role(table, user, as_role) if as_role or mine else None
    loaded = loaded or play.load(db, table)
    data = table_views.table_view(db, loaded, role)
    if role is not None:  # hot-seat: act for whichever of my seats is to move
        active_mine = [r for r in mine if r in data["active_roles"]]
        if as_role is None and active_mine and role not in active_mine:
            role = active_mine[0]
            data = table_views.table_view(db, loaded, role)
    # a seat whose move is the latest that counts (the move just made, or known with the position) has nothing new
    # since it: no need to look
    just_moved = loaded.last is not None and loaded.last.role == role
    since = _since_last_move(db, loaded, role) if data["active_roles"] and role and not just_moved else None
    invites = (
        {s.role: f"/invite/{table.id}/{s.invite_token}" for s in table.seats if s.invite_token and s.user_id is None}
        if mine
        else {}
    )
    ctx = {
        "table": table,
        "game": loaded.game,
        "data": data,
        "view": data["view"],
        "role": role,
        "as_role": role,
        "invites": invites,
        "since": since,
        "stale": request.query_params.get("stale") == "1",
        "my_roles": mine,
        "board_template": board_template(loaded.game.id),
        "actions_template": actions_template(loaded.game.id),
        "user": user,
    }
    return {**ctx, **live_parts.context(ctx)}


def _since_last_move(db, loaded, role: str) -> dict[str, Any] | None:
    """Everything the seat may read that happened since its last move that counts, grouped by move, and the chat
    said since; None when nothing did or the seat has not moved yet (the log shows it all)."""
    table, game = loaded.table, loaded.game
    last = play.last_effective_move(db, table.id, role)  # reads back only as far as the seat's last move
    if last is None:
        return None
    since = gamelog.since(db, table.id, role, game, seat_words.renderer_of(game, table, state=loaded.state), last.seq)
    since["chat"] = tables.chat_since(db, table.id, last.seq)
    return since if since["moves"] or since["chat"] else None


@router.get("/tables/{table_id}")
def table_page(request: Request, hop: WatcherHop, table_id: RowId, as_: SeatQuery = None):
    """The table's page, its look-ups made in the route's own thread (``app.deps.Hop``): the page after every
    move."""
    with hop.at(table_id) as (db, user, table):
        return _table_page(request, db, user, table, as_)


def _table_page(request: Request, db, user, table, as_: str | None) -> Response:
    """The table's page as ``user`` sees it (``as_``: the seat asked for), drawn while the Hop's session is open:
    its header's count of unread notices is read on that session."""
    loaded = play.load(db, table)
    context = _table_context(request, db, table, user, as_, loaded)
    analysable = table.status == "active" and forks.analysable(loaded.game, loaded.state, context["role"])
    note_role, note_text = notes.read(db, table, user, context["role"]) if user and context["my_roles"] else ("", "")
    # how to play (issue 30 › Teaching the game): open on this browser's first visit and from the page's link
    cookie = request.cookies.get(teaching.SEEN_COOKIE)
    first = teaching.first_visit(cookie, table.id)
    lesson = teaching.lesson_of(loaded.game, table.options or {}, i18n.current())
    response = render(
        request,
        "table/page.html",
        session=db,
        lesson=lesson,
        lesson_open=first or request.query_params.get("learn") == "1",
        note_role=note_role,
        note_text=note_text,
        note_max=notes.MAX_CHARS,
        chat=tables.chat(db, table),
        origin=forks.origin_of(db, table, user),
        analysable=analysable,
        **context,
    )
    if lesson is not None and first:
        response.set_cookie(
            teaching.SEEN_COOKIE,
            teaching.seen_with(cookie, table.id),
            max_age=teaching.SEEN_AGE,
            httponly=True,
            samesite="lax",
            secure=request.app.state.settings.secure_cookies,
        )
    return response


@router.get("/tables/{table_id}/live")
def table_live(request: Request, hop: WatcherHop, table_id: RowId, as_: SeatQuery = None):
    """HTMX partial: everything that changes when someone moves. A spectator's is rendered once per move for
    all spectators (``hot.SpectatorPartials``); a seat's is always its own."""
    with hop.at(table_id) as (db, user, table):
        return _live(request, db, user, table, as_)


def _live(request: Request, db, user, table, as_: str | None) -> Response:
    key = _spectator_key(request, db, table, user, as_)
    if key is None:  # a seat's: the sections that changed since what its page has (app.live_parts)
        return live_parts.answer(request, _table_context(request, db, table, user, as_))
    cache, csrf = request.app.state.spectator_partials, request.scope.get("state", {}).get("csrf_token", "")
    html = cache.get(key, csrf)
    if html is not None:
        return HTMLResponse(html)
    response = render(request, "table/_live.html", partial=True, **_table_context(request, db, table, user, None))
    # the key of what was rendered: loading may have brought the table to a later seq than the row first read
    cache.put(_spectator_key(request, db, table, user, None), str(response.body, "utf-8"), csrf)
    return response


def _spectator_key(request: Request, db, table, user, as_role: str | None) -> tuple[Any, ...] | None:
    """Everything a spectator's live partial shows besides the position at the seq — the seats, the clocks'
    time left — (None: not a spectator, or a request of its own, like a stale notice)."""
    if as_role or tables.roles_of(table, user) or request.query_params.get("stale"):
        return None
    seats = tuple(
        (s.role, s.user.username if s.user is not None else None, s.bot, bool(s.invite_token)) for s in table.seats
    )
    return (
        table.id,
        table.seq,
        table.engine_version,
        table.status,
        table.flagged,
        table.name,
        seats,
        user is not None,
        orjson.dumps(clocks.table_clocks(db, table)),
        i18n.current(),  # a Spanish spectator's partial is not an English one's
    )


@router.get("/tables/{table_id}/log")
def table_log(
    request: Request,
    db: SessionDep,
    table: WatchableTable,
    role: SeatDep,
    before: Annotated[int | None, Query(ge=0, lt=2**31)] = None,
    only_mine: Annotated[bool, Query(alias="mine")] = False,
):
    """The whole log, a page at a time (HTMX: the next page's entries; else a page of its own); ``mine``: only
    the entries addressed to the seat."""
    game = tables.game_of(table.game_id)
    state = play.load(db, table).state
    renderer = seat_words.renderer_of(game, table, state=state)  # an open seat by its label (issue 29)
    mine = only_mine and role is not None
    page = gamelog.page(db, table.id, role, game, renderer, before=before, only_mine=mine, tip=table.log_tip)
    labels = seat_words.seat_labels(game, state, table)  # the seats as they read now (issue 27)
    data = {"log": page["entries"], "log_more": page["more"], "labels": labels}
    name = "table/_log_items.html" if is_htmx(request) else "table/log.html"
    return render(request, name, table=table, game=game, role=role, data=data, mine=mine, before=before)


@router.get("/tables/{table_id}/log/{entry_id}")
def table_log_entry(request: Request, db: SessionDep, table: WatchableTable, role: SeatDep, entry_id: RowId):
    """One entry of the log with what its game draws of it beyond its sentence (a battle die by die, issue 28 › a
    past battle replays from the log: ``Presentation.entry_view``), for a reader who may read the entry; 404 for
    another or an entry the game draws nothing of. HTMX gets the drawing alone (shown beside the board), a plain
    request a page of its own."""
    game = tables.game_of(table.game_id)
    draw = registry.presentation(game).entry_view
    row = gamelog.readable_row(db, table.id, role, entry_id) if draw is not None else None
    drawn = draw(game, orjson.loads(row.entry), i18n.current()) if draw is not None and row is not None else None
    if row is None or drawn is None:
        raise NotFound(_("No such entry of the log to show."))
    entry = {
        "id": row.id,
        "seq": row.seq,
        **gamelog.RENDERED.render(game, seat_words.renderer_of(game, table), row.entry),
    }
    name = "table/_entry_view.html" if is_htmx(request) else "table/entry_view.html"
    return render(
        request, name, table=table, game=game, role=role, entry=entry, v=drawn, drawing=f"games/{game.id}/entry.html"
    )


@router.get("/tables/{table_id}/chat")
def table_chat(request: Request, db: SessionDep, user: OptionalUser, table: WatchableTable):
    return render(request, "table/_chat.html", table=table, chat=tables.chat(db, table), user=user)


def _after_move(request: Request, db, table, user, role: str | None, move, message: str | None = None) -> Response:
    """The table after a move or an undo: HTMX gets the live partial (409 with the fresh table on a stale seq),
    a plain form post a redirect to the page."""
    loaded, stale = try_move(db, table, move)
    if is_htmx(request):  # the sections that changed; all of them to a page that was behind (a stale move)
        ctx = _table_context(request, db, table, user, role, loaded)
        return live_parts.answer(request, {**ctx, "flash": stale or message}, 409 if stale else 200, whole=bool(stale))
    query = "&".join(q for q in (f"as={role}" if role else "", "stale=1" if stale else "") if q)
    return RedirectResponse(f"/tables/{table.id}" + (f"?{query}" if query else ""), status_code=303)


def _parse_arg(raw: str) -> Any:
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise Invalid(_("The action's argument is not valid JSON.")) from None


@router.post("/tables/{table_id}/act", dependencies=[CSRF])
def act(request: Request, hop: PlayerHop, table_id: RowId, form: MoveForm):
    with hop.at(table_id) as (db, user, table):
        value, role = _parse_arg(form.arg), form.role or None
        return _after_move(
            request, db, table, user, role, lambda: play.act(db, table, user, role, form.seq, form.verb, value)
        )


@router.post("/tables/{table_id}/undo", dependencies=[CSRF])
def undo(request: Request, hop: PlayerHop, table_id: RowId, form: UndoForm):
    with hop.at(table_id) as (db, user, table):
        role = form.role or None
        return _after_move(
            request,
            db,
            table,
            user,
            role,
            lambda: play.undo(db, table, signed_in(user), role, form.seq),
            _("Move taken back."),
        )


@router.post("/tables/{table_id}/join", dependencies=[CSRF])
def join(
    db: SessionDep,
    user: CurrentUser,
    table: TableDep,
    role: Annotated[str, Form(max_length=40)] = "",
    invite: Annotated[str, Form(max_length=100)] = "",
):
    seat = tables.join(db, user, table, role or None, invite or None)
    return RedirectResponse(f"/tables/{table.id}?as={seat.role}", status_code=303)


@router.get("/invite/{table_id}/{token}")
def invite(request: Request, user: OptionalUser, table: TableDep, token: Annotated[str, Path(max_length=100)]):
    """An invitation: its seat, or that it is not valid; a private table's name only to a valid token's holder
    (or to whoever may see the table anyway)."""
    seat = tables.invitation(table, token)
    return render(
        request,
        "lobby/invite.html",
        table=table,
        seat=seat,
        token=token,
        user=user,
        game=tables.game_of(table.game_id),
        named=seat is not None or tables.may_see(table, user),
    )


@router.post("/tables/{table_id}/chat", dependencies=[CSRF])
def chat(
    request: Request, db: SessionDep, user: CurrentUser, table: TableDep, text: Annotated[str, Form(max_length=5000)]
):
    tables.post_chat(db, request.app.state.limits.chat, user, table, text)
    if is_htmx(request):
        return render(request, "table/_chat.html", table=table, chat=tables.chat(db, table), user=user)
    return RedirectResponse(f"/tables/{table.id}#chat", status_code=303)


@router.get("/tables/{table_id}/record")
def record(
    db: SessionDep,
    user: OptionalUser,
    table: WatchableTable,
    as_: Annotated[str | None, Query(alias="as", max_length=40)] = None,
):
    data = records.export_record(db, table, user, as_)
    return Response(
        orjson.dumps(data, option=orjson.OPT_INDENT_2),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="siglo-table-{table.id}.json"'},
    )


@router.get("/favicon.ico", include_in_schema=False)
def favicon():
    return FileResponse(
        resource("static") / "favicon.svg",
        media_type="image/svg+xml",
        headers={"Cache-Control": "public, max-age=86400"},
    )


# the rules at hand and the replays are pages of their own modules, served with these; a game's extra pages
# (/games/{game_id}/{page}) last, after the rules' own /games/{game_id}/... paths
router.include_router(rules.router)
router.include_router(replays.router)
router.include_router(game_pages.router)
