"""Server-rendered pages: lobby, new table, the table itself and its HTMX partials."""
from __future__ import annotations

import secrets
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import RedirectResponse, Response

from app.deps import CSRF, CurrentUser, OptionalUser, SessionDep, TableDep
from app.errors import AppError, Conflict, Invalid
from app.forms import option_fields, options_from_form, seat_choices
from app.routes import replays, rules
from app.services import gamelog, play, records, tables
from app.web import board_template, is_htmx, render
from engines import registry

router = APIRouter(include_in_schema=False)


@router.get("/")
def lobby(request: Request, db: SessionDep, user: OptionalUser):
    return render(request, "lobby/index.html", lobby=tables.lobby(db, user))


def _new_table_context(game_id: str | None, form: dict[str, Any] | None = None) -> dict:
    games = registry.all_games()
    game = registry.get_game(game_id) if game_id else (games[0] if games else None)
    ctx: dict[str, Any] = {"game": game, "form": form or {}, "choice_label": rules.choice_label}
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
async def new_table_seats(request: Request, user: CurrentUser):
    """HTMX: the seat list for the options chosen so far (roles can depend on options)."""
    form = dict(request.query_params)
    return render(request, "lobby/_seats.html", **_new_table_context(form.get("game"), form))


@router.post("/tables", dependencies=[CSRF])
async def create_table(request: Request, db: SessionDep, user: CurrentUser):
    form = {k: v for k, v in (await request.form()).items() if isinstance(v, str)}
    ctx = _new_table_context(form.get("game"), form)
    game = ctx["game"]
    if game is None:
        raise Invalid("Choose a game.")
    if form.get("choose") or form.get("shown_game", game.id) != game.id:  # the game changed: its form, as typed
        return render(request, "lobby/new_table.html", **ctx)
    roles = ctx["roles"]
    seats = {role: form.get(f"seat_{role}", "open") for role in roles}
    try:
        table = tables.create_table(db, user, game.id, options_from_form(game, form), seats, form.get("name"))
    except AppError as exc:
        ctx["error"] = exc.message
        return render(request, "lobby/new_table.html", status_code=exc.status_code, **ctx)
    request.app.state.announce(table.id, table.seq)
    return RedirectResponse(f"/tables/{table.id}", status_code=303)


def _table_context(request: Request, db, table, user, as_role: str | None, loaded=None) -> dict:
    mine = tables.roles_of(table, user)
    role = as_role if as_role in mine else (mine[0] if mine else None)
    loaded = loaded or play.load(db, table)
    data = play.table_view(db, loaded, role)
    if role is not None:  # hot-seat: act for whichever of my seats is to move
        active_mine = [r for r in mine if r in data["active_roles"]]
        if as_role is None and active_mine and role not in active_mine:
            role = active_mine[0]
            data = play.table_view(db, loaded, role)
    since = _since_last_move(db, table, role, loaded.game) if data["active_roles"] and role else None
    invites = {s.role: f"/invite/{table.id}/{s.invite_token}" for s in table.seats if s.invite_token} if mine else {}
    return {
        "table": table, "game": loaded.game, "data": data, "view": data["view"], "role": role, "as_role": role,
        "invites": invites, "since": since, "stale": request.query_params.get("stale") == "1",
        "my_roles": mine, "board_template": board_template(loaded.game.id), "user": user,
    }


def _since_last_move(db, table, role: str, game) -> dict | None:
    """Everything the seat may read that happened since its last move that counts, grouped by move; None when
    nothing did or the seat has not moved yet (the log shows it all)."""
    mine = [m.seq for m in play.effective_moves(db, table.id) if m.role == role]
    if not mine:
        return None
    since = gamelog.since(db, table.id, role, game, game.renderer(names=play.seat_names(table)), mine[-1])
    return since if since["moves"] else None


@router.get("/tables/{table_id}")
def table_page(request: Request, db: SessionDep, user: OptionalUser, table: TableDep,
               as_: Annotated[str | None, Query(alias="as", max_length=40)] = None):
    return render(request, "table/page.html", chat=tables.chat(db, table), **_table_context(request, db, table, user, as_))


@router.get("/tables/{table_id}/live")
def table_live(request: Request, db: SessionDep, user: OptionalUser, table: TableDep,
               as_: Annotated[str | None, Query(alias="as", max_length=40)] = None):
    """HTMX partial: everything that changes when someone moves."""
    return render(request, "table/_live.html", partial=True, **_table_context(request, db, table, user, as_))


@router.get("/tables/{table_id}/log")
def table_log(request: Request, db: SessionDep, user: OptionalUser, table: TableDep,
              as_: Annotated[str | None, Query(alias="as", max_length=40)] = None,
              before: Annotated[int | None, Query(ge=0, lt=2**31)] = None,
              only_mine: Annotated[bool, Query(alias="mine")] = False):
    """The whole log, a page at a time (HTMX: the next page's entries; else a page of its own); ``mine``: only
    the entries addressed to the seat."""
    mine = tables.roles_of(table, user)
    role = as_ if as_ in mine else (mine[0] if mine else None)
    game = tables.game_of(table.game_id)
    page = gamelog.page(db, table.id, role, game, game.renderer(names=play.seat_names(table)), before=before,
                       only_mine=only_mine and role is not None)
    data = {"log": page["entries"], "log_more": page["more"]}
    name = "table/_log_items.html" if is_htmx(request) else "table/log.html"
    return render(request, name, table=table, game=game, role=role, data=data, mine=only_mine and role is not None,
                  before=before)


@router.get("/tables/{table_id}/chat")
def table_chat(request: Request, db: SessionDep, user: OptionalUser, table: TableDep):
    return render(request, "table/_chat.html", table=table, chat=tables.chat(db, table), user=user)


def _after_move(request: Request, db, table, user, role: str | None, message: str | None = None,
                status_code: int = 200, loaded=None) -> Response:
    if is_htmx(request):
        ctx = _table_context(request, db, table, user, role, loaded)
        return render(request, "table/_live.html", status_code=status_code, flash=message, partial=True, **ctx)
    query = "&".join(q for q in (f"as={role}" if role else "", "stale=1" if status_code == 409 else "") if q)
    return RedirectResponse(f"/tables/{table.id}" + (f"?{query}" if query else ""), status_code=303)


def _parse_arg(raw: str) -> Any:
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise Invalid("The action's argument is not valid JSON.") from None


@router.post("/tables/{table_id}/act", dependencies=[CSRF])
def act(request: Request, db: SessionDep, user: CurrentUser, table: TableDep,
        seq: Annotated[int, Form(ge=0, le=2**31)], verb: Annotated[str, Form(max_length=60)],
        arg: Annotated[str, Form(max_length=10_000)] = "null", role: Annotated[str, Form(max_length=40)] = ""):
    try:
        loaded = play.act(db, table, user, role or None, seq, verb, _parse_arg(arg))
    except Conflict as exc:
        db.refresh(table)
        return _after_move(request, db, table, user, role or None, exc.message, status_code=409)
    request.app.state.announce(table.id, table.seq)
    return _after_move(request, db, table, user, role or None, loaded=loaded)


@router.post("/tables/{table_id}/undo", dependencies=[CSRF])
def undo(request: Request, db: SessionDep, user: CurrentUser, table: TableDep,
         seq: Annotated[int, Form(ge=0, le=2**31)], role: Annotated[str, Form(max_length=40)] = ""):
    try:
        play.undo(db, table, user, role or None, seq)
    except Conflict as exc:
        db.refresh(table)
        return _after_move(request, db, table, user, role or None, exc.message, status_code=409)
    request.app.state.announce(table.id, table.seq)
    return _after_move(request, db, table, user, role or None, "Move taken back.")


@router.post("/tables/{table_id}/join", dependencies=[CSRF])
def join(request: Request, db: SessionDep, user: CurrentUser, table: TableDep,
         role: Annotated[str, Form(max_length=40)] = "", invite: Annotated[str, Form(max_length=100)] = ""):
    seat = tables.join(db, user, table, role or None, invite or None)
    request.app.state.announce(table.id, table.seq, "seats")
    return RedirectResponse(f"/tables/{table.id}?as={seat.role}", status_code=303)


@router.get("/invite/{table_id}/{token}")
def invite(request: Request, db: SessionDep, user: OptionalUser, table: TableDep, token: str):
    seat = next((s for s in table.seats
                 if s.invite_token and secrets.compare_digest(s.invite_token.encode(), token.encode())), None)
    return render(request, "lobby/invite.html", table=table, seat=seat, token=token, user=user,
                  game=tables.game_of(table.game_id))


@router.post("/tables/{table_id}/chat", dependencies=[CSRF])
def chat(request: Request, db: SessionDep, user: CurrentUser, table: TableDep,
         text: Annotated[str, Form(max_length=5000)]):
    msg = tables.post_chat(db, user, table, text)
    request.app.state.announce(table.id, msg.id, "chat")
    if is_htmx(request):
        return render(request, "table/_chat.html", table=table, chat=tables.chat(db, table), user=user)
    return RedirectResponse(f"/tables/{table.id}#chat", status_code=303)


@router.get("/tables/{table_id}/record")
def record(db: SessionDep, user: OptionalUser, table: TableDep,
           as_: Annotated[str | None, Query(alias="as", max_length=40)] = None):
    data = records.export_record(db, table, user, as_)
    return Response(orjson.dumps(data, option=orjson.OPT_INDENT_2), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="siglo-table-{table.id}.json"'})


# the rules at hand and the replays are pages of their own modules, served with these
router.include_router(rules.router)
router.include_router(replays.router)
