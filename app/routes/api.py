"""JSON API v1 (OpenAPI at /docs): games, accounts and tokens, tables, views, actions, undo, chat, records."""

from __future__ import annotations

from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from app import i18n
from app.deps import (
    CSRF,
    CurrentUser,
    OptionalUser,
    PlayerHop,
    RowId,
    SeatDep,
    SeatQuery,
    SessionDep,
    TableDep,
    WatchableTable,
    WatcherHop,
    client_address,
    seat_of,
    signed_in,
)
from app.errors import Conflict
from app.i18n import N_
from app.openapi import StaleMove, refusals
from app.routes.common import MAX_SEQ, try_move
from app.services import accounts, clocks, gamelog, limits, play, records, seat_words, table_views, tables
from app.services.clock_time import aware
from engines import registry

router = APIRouter(prefix="/api/v1", tags=["api"])
Role = Annotated[str | None, Field(max_length=40, description="The seat to act as (needed when you hold several)")]


class Strict(BaseModel):
    """A request body as the OpenAPI document describes it: no field it does not name, and no value of another
    type (lax parsing took ``"7"`` for 7 and ``0`` for false, which a client reading the document must not rely
    on; issue 26)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Credentials(Strict):
    username: str = Field(max_length=200)
    password: str = Field(max_length=1024)


class TokenRequest(Credentials):
    name: str = Field("api", max_length=80)
    days: int = Field(90, ge=1, le=accounts.MAX_TOKEN_DAYS, description="How long the token lasts (a year at most)")


class PasswordChange(Strict):
    current: str = Field(max_length=1024)
    new: str = Field(max_length=1024)


class TableRequest(Strict):
    game: str = Field(max_length=40, description="A game's id, as GET /api/v1/games lists them")
    options: dict[str, Any] = Field(default_factory=dict)
    seats: dict[str, str] = Field(default_factory=dict, description="role -> me | open | invite | bot:<name>")
    name: str | None = Field(None, max_length=120)
    seed: int | None = Field(None, ge=0, lt=2**53)
    private: bool = Field(False, description="Invitation only: listed nowhere, seen only by its players")
    spectators: bool = Field(True, description="May people without a seat watch? (never at a private table)")
    hot_seat: bool = Field(False, description="May I hold several seats? (asking for 'me' at several chooses it)")
    clock: clocks.Pace = Field(
        default_factory=clocks.Pace,
        description="The pace: none (default); per_move (1, 3 "
        "or 7 days); or bank (days, increment, cap); weekends paused; what a time-out does",
    )


class JoinRequest(Strict):
    role: Role = None
    invite: str | None = Field(None, max_length=100)


class ActionRequest(Strict):
    seq: StrictInt = Field(ge=0, le=MAX_SEQ, description="The seq of the view you acted on")
    verb: str = Field(min_length=1, max_length=60)
    arg: Any = None
    role: Role = None


class UndoRequest(Strict):
    seq: StrictInt = Field(ge=0, le=MAX_SEQ)
    role: Role = None


class ChatRequest(Strict):
    text: str = Field(min_length=1, max_length=1000)


# The hot routes first (issue 15): FastAPI tries a router's routes in order, and each route tried before the
# one that matches costs its path check; a seat's view, a move and an undo are most of the traffic.


def _json(data: Any) -> Response:
    """Views are plain JSON already: serialise them directly (no jsonable_encoder pass on the hot path)."""
    return Response(orjson.dumps(data), media_type="application/json")


@router.get("/tables/{table_id}", summary="The table as my seat (or a spectator) may see it")
def view(hop: WatcherHop, table_id: RowId, as_: SeatQuery = None):
    with hop.at(table_id) as (db, user, table):
        role = seat_of(table, user, as_)
        return _json(table_views.table_view(db, play.load(db, table), role))


def _moved(db, table, user, role: str | None, move) -> Response:
    """The view after a move or an undo; a stale seq is a 409 whose body has the fresh view."""
    loaded, stale = try_move(db, table, move)
    role = tables.acting_role(table, user, role)
    if stale is not None:
        raise Conflict(stale, view=table_views.table_view(db, play.load(db, table), role))
    assert loaded is not None  # try_move gives the result or the stale message
    return _json(table_views.table_view(db, loaded, role))


@router.post(
    "/tables/{table_id}/actions",
    summary="Play one offered action",
    dependencies=[CSRF],
    responses={
        409: {"model": StaleMove, "description": "Stale seq: the body has the fresh view"},
        **refusals(s403="Not your seat (or a missing CSRF token)", s422="Not a legal action (the engine's message)"),
    },
)
def post_action(hop: PlayerHop, table_id: RowId, body: ActionRequest):
    with hop.at(table_id) as (db, user, table):
        return _moved(
            db, table, user, body.role, lambda: play.act(db, table, user, body.role, body.seq, body.verb, body.arg)
        )


@router.post(
    "/tables/{table_id}/undo",
    summary="Take back my last move, up to the undo barrier",
    dependencies=[CSRF],
    responses={
        409: {"model": StaleMove, "description": "Stale seq: the body has the fresh view"},
        **refusals(s403="Not your seat (or a missing CSRF token)", s422="Nothing to take back"),
    },
)
def post_undo(hop: PlayerHop, table_id: RowId, body: UndoRequest):
    with hop.at(table_id) as (db, user, table):
        return _moved(db, table, user, body.role, lambda: play.undo(db, table, signed_in(user), body.role, body.seq))


def _table_summary(table) -> dict[str, Any]:
    return {
        "id": table.id,
        "name": table.name,
        "game": table.game_id,
        "status": table.status,
        "seq": table.seq,
        "private": table.private,
        "spectators": table.spectators,
        "hot_seat": table.hot_seat,
        "active_roles": table.active_roles,
        "seats": [seat_words.seat_info(s) for s in table.seats],
        # in UTC on both databases (SQLite gives naive datetimes back: a table read back once said no zone)
        "created_at": aware(table.created_at).isoformat(),
        "updated_at": aware(table.updated_at).isoformat(),
    }


@router.get("/games", summary="Every game with its options schema, bots and default roles")
def games():
    return [
        {
            "id": g.id,
            "title": g.title_in(i18n.current()),
            "version": g.version,
            "options_schema": g.Options.model_json_schema(),
            "option_sets": g.option_sets(),
            "bots": list(g.bots),
            "roles": g.roles(g.parse_options({})),
        }
        for g in registry.all_games()
    ]


@router.post(
    "/users",
    status_code=201,
    dependencies=[CSRF],
    summary="Register",
    responses=refusals(429, s422="Not a valid username or password, or the name is taken"),
)
def register(request: Request, db: SessionDep, body: Credentials):
    user = accounts.register(
        db, request.app.state.limits.register, body.username, body.password, client_address(request)
    )
    return {"id": user.id, "username": user.username}


@router.post(
    "/tokens",
    status_code=201,
    dependencies=[CSRF],
    summary="Get an API token with username + password (revoked when the password changes)",
    responses=refusals(429, s401="Wrong username or password"),
)
def token(request: Request, db: SessionDep, body: TokenRequest):
    user = accounts.authenticate(
        db, request.app.state.limits.login, body.username, body.password, client_address(request)
    )
    row, raw = accounts.create_api_token(db, user, body.name, body.days)
    return {"token": raw, "id": row.id, "name": row.name, "expires_at": row.expires_at.isoformat()}


@router.get("/me", summary="Who I am")
def me(user: CurrentUser):
    return {"id": user.id, "username": user.username}


@router.post(
    "/me/password",
    status_code=204,
    dependencies=[CSRF],
    summary="Change my password; every other login session ends and every token not made in this session is revoked",
    responses=refusals(429, s403="The current password is wrong (or a missing CSRF token)"),
)
def change_password(request: Request, db: SessionDep, user: CurrentUser, body: PasswordChange):
    accounts.change_password(
        db,
        request.app.state.limits.login,
        user,
        body.current,
        body.new,
        client_address(request),
        getattr(request.state, "session_id", None),
    )
    return Response(status_code=204)


@router.post(
    "/me/logout-everywhere",
    status_code=204,
    dependencies=[CSRF],
    summary="End every login session and revoke every API token of mine",
)
def logout_everywhere(db: SessionDep, user: CurrentUser):
    accounts.log_out_everywhere(db, user)
    return Response(status_code=204)


@router.get("/tables", summary="Open tables, my tables (my turn first) and tables to watch")
def list_tables(db: SessionDep, user: OptionalUser):
    lobby = tables.lobby(db, user)
    return {
        key: [
            {**_table_summary(r.table), "my_turn": r.my_turn, "open_seats": r.open_seats, "clock": r.clock}
            for r in rows
        ]
        for key, rows in lobby.items()
    }


@router.post(
    "/tables",
    status_code=201,
    dependencies=[CSRF],
    summary="Create a table",
    responses={
        201: {
            "description": "The new table (or, for a retry with its Idempotency-Key, the one the first call made)",
            "headers": {"Idempotent-Replayed": {"description": "true: a retry", "schema": {"type": "string"}}},
        },
        **refusals(
            s404="No such game",
            s409="The Idempotency-Key was used already, for another request",
            s422="Not valid options, seats or clock for this game",
        ),
    },
)
def create_table(
    db: SessionDep,
    user: CurrentUser,
    body: TableRequest,
    response: Response,
    idempotency_key: Annotated[
        str | None,
        Header(
            min_length=1,
            max_length=100,
            description="Retrying with the same key answers with the table the first call made (the same request "
            "only: another request with a used key is a 409).",
        ),
    ] = None,
):
    asked = body.model_dump(mode="json")
    creation = tables.Creation(f"api:{idempotency_key}", tables.digest_of(asked)) if idempotency_key else None
    table, new = tables.create_once(
        db,
        user,
        creation,
        game_id=body.game,
        options=body.options,
        seats=body.seats,
        name=body.name,
        seed=body.seed,
        private=body.private,
        spectators=body.spectators,
        hot_seat=body.hot_seat,
        clock=body.clock,
    )
    if not new:
        response.headers["Idempotent-Replayed"] = "true"
    out = _table_summary(table)
    out["invites"] = {s.role: f"/invite/{table.id}/{s.invite_token}" for s in table.seats if s.invite_token}
    return out


@router.post(
    "/tables/{table_id}/join",
    dependencies=[CSRF],
    summary="Take a seat (an open one, the one named, or the invitation's)",
    responses=refusals(
        s403="Already seated here (not a hot-seat table's creator), or a missing CSRF token",
        s404="No such table, or the invitation is not valid",
        s409="The seat (or the invitation's) is taken",
        s422="No such seat, a seat by invitation only, or the game is over",
    ),
)
def join(db: SessionDep, user: CurrentUser, table: TableDep, body: JoinRequest):
    seat = tables.join(db, user, table, body.role, body.invite)
    return {"role": seat.role, "table": _table_summary(table)}


@router.get("/tables/{table_id}/chat", summary="The table's chat (for those who may watch it)")
def get_chat(db: SessionDep, table: WatchableTable):
    return [
        {"id": m.id, "user": m.user.username if m.user else None, "text": m.text, "at": aware(m.created_at).isoformat()}
        for m in tables.chat(db, table)
    ]


@router.post(
    "/tables/{table_id}/chat",
    status_code=201,
    dependencies=[CSRF],
    summary="Say something at the table",
    responses=refusals(429),
)
def post_chat(request: Request, db: SessionDep, user: CurrentUser, table: TableDep, body: ChatRequest):
    msg = tables.post_chat(db, request.app.state.limits.chat, user, table, body.text)
    return {"id": msg.id, "user": user.username, "text": msg.text}


@router.get("/tables/{table_id}/log", summary="A page of the log my seat (or a spectator) may read, newest first")
def get_log(
    db: SessionDep,
    table: WatchableTable,
    role: SeatDep,
    before: Annotated[int | None, Query(ge=0, lt=2**31, description="Entries older than this id")] = None,
    limit: Annotated[int, Query(ge=1, le=gamelog.MAX_PAGE)] = gamelog.PAGE,
    mine: Annotated[bool, Query(description="Only the entries addressed to my seat")] = False,
):
    game = tables.game_of(table.game_id)
    renderer = seat_words.renderer_of(game, table, state=play.load(db, table).state)  # an open seat by its label
    return _json(gamelog.page(db, table.id, role, game, renderer, limit, before, only_mine=mine, tip=table.log_tip))


@router.get(
    "/tables/{table_id}/record",
    summary="Export the game: the full record once it is over; while it runs, my seat's view record",
)
def export(
    db: SessionDep,
    user: OptionalUser,
    table: WatchableTable,
    as_: Annotated[str | None, Query(alias="as", max_length=40)] = None,
):
    return _json(records.export_record(db, table, user, as_))


@router.post(
    "/records",
    status_code=201,
    dependencies=[CSRF],
    summary="Import a record and replay it",
    responses=refusals(429, s404="No such game", s422="Not a record this server can replay"),
)
def import_record(request: Request, db: SessionDep, user: CurrentUser, record: dict[str, Any]):
    limits.spend(db, request.app.state.limits.imports, f"import:{user.id}", N_("record imports"))
    table = records.import_record(db, user, record)
    return _table_summary(table)
