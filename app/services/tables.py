"""Tables and seats: create (with options, seats and who may watch), join from the lobby or by invite, who may
watch, lobby lists, chat.

Joining is safe against races (platform hardening §3): a join first locks the table row (an UPDATE, which
PostgreSQL holds until the commit and SQLite turns into the database's write lock), reads the seats fresh, takes
the seat with an UPDATE that only succeeds while it is still free, and starts the table with an UPDATE that only
succeeds while it is waiting: of several people racing for a seat or an invitation exactly one wins, the others
get a 409, and the table starts exactly once."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import ColumnElement, bindparam, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, joinedload

from app import i18n, validation
from app.db import read_columns, rowcount
from app.errors import Conflict, Forbidden, Invalid, NotFound
from app.i18n import N_, _
from app.models import ChatMessage, GameTable, Move, Seat, Snapshot, User, utcnow
from app.services import clocks, gamelog, limits
from app.services.limits import Limit
from app.services.live import news
from engines import registry
from engines.core import Game, OptionsError

MAX_CHAT = 1000


def game_of(game_id: str) -> Game:
    game = registry.get_game(game_id)
    if game is None:
        raise NotFound(_("There is no game called {name!r}.").format(name=game_id))
    return game


def validate_options(game: Game, options: dict[str, Any] | None) -> dict[str, Any]:
    if options is not None and not isinstance(options, dict):
        raise Invalid(_("Options must be an object of option names and values."))
    unknown = sorted(set(options or {}) - set(game.Options.model_fields))
    if unknown:
        raise Invalid(
            _("{game} has no option {unknown}; its options are {options}.").format(
                game=game.title_in(i18n.current()),
                unknown=", ".join(map(repr, unknown)),
                options=", ".join(game.Options.model_fields) or _("none"),
            )
        )
    try:
        return game.parse_options(options).model_dump(mode="json")
    except OptionsError as exc:
        said = validation.problems(exc.errors, _("options"), game=game) if exc.errors else exc.messages
        raise Invalid(_("Invalid options: ") + "; ".join(said), problems=said) from None


@dataclass(frozen=True)
class Creation:
    """What makes a creation asked twice the same one: ``key`` ("form:<token>", "api:<Idempotency-Key>") and
    ``digest``, a hash of what was asked (``digest_of``)."""

    key: str
    digest: str


def digest_of(request: Any) -> str:
    """A stable hash of a creation request (any JSON-able value; dict keys sorted)."""
    return hashlib.sha256(orjson.dumps(request, option=orjson.OPT_SORT_KEYS)).hexdigest()


def created_before(db: Session, user: User, creation: Creation | None) -> GameTable | None:
    """The table this user already made with this creation key, if any. The same key for another request is a
    conflict (an Idempotency-Key names one request, as it does for payment APIs)."""
    if creation is None:
        return None
    table = db.scalar(select(GameTable).where(GameTable.created_by == user.id, GameTable.creation_key == creation.key))
    if table is not None and table.creation_digest != creation.digest:
        raise Conflict(_("This Idempotency-Key was already used for another request: use a new key for a new table."))
    return table


def create_once(db: Session, user: User, creation: Creation | None, **request: Any) -> tuple[GameTable, bool]:
    """``create_table`` asked once per creation key: the table and whether it is new. Two requests with the same
    key at the same moment (a double click) make one table: the second one's insert breaks the unique index on
    (created_by, creation_key), and it answers with the first one's table."""
    table = created_before(db, user, creation)
    if table is not None:
        return table, False
    try:
        return create_table(db, user, creation=creation, **request), True
    except IntegrityError:
        db.rollback()
        table = created_before(db, user, creation)
        if table is None:
            raise
        return table, False


def create_table(
    db: Session,
    user: User,
    game_id: str,
    options: dict[str, Any] | None,
    seats: dict[str, str] | None,
    name: str | None = None,
    seed: int | None = None,
    commit: bool = True,
    private: bool = False,
    spectators: bool = True,
    hot_seat: bool = False,
    clock: clocks.Pace | None = None,
    creation: Creation | None = None,
) -> GameTable:
    """Seats map each role to "me", "open", "invite" or "bot:<name>" (missing roles are open). A **private** table
    is by invitation only: listed nowhere, its open seats get invitation links, and only its players see it. On
    a public table ``spectators`` says whether people without a seat may watch. **Hot-seat** lets the creator hold
    several seats (asking for "me" at several seats chooses it); everyone else holds one seat at most. The
    setup's log entries are stored as those of seq 0. ``clock``: the table's pace (``app.services.clocks``; none
    by default). ``commit=False`` leaves the transaction open (record import). ``creation``: the request's key
    and digest, so that asking twice makes one table (``created_before`` finds it)."""
    game = game_of(game_id)
    opts = validate_options(game, options)
    roles = game.roles(game.parse_options(opts))
    seats = seats or {}
    if not isinstance(seats, dict):
        raise Invalid(_("Seats must map roles to me, open, invite or bot:<name>."))
    unknown = set(seats) - set(roles)
    if unknown:
        raise Invalid(
            _("{game} has no seat {unknown}; its seats are {seats}.").format(
                game=game.title_in(i18n.current()), unknown=", ".join(sorted(unknown)), seats=", ".join(roles)
            )
        )
    if seed is None:
        seed = secrets.randbits(53)
    elif not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**53:
        raise Invalid(_("A seed is a whole number from 0 to 2^53 - 1."))
    name = clean_text(name, N_("table name")) or _("{user}'s {game}").format(
        user=user.username, game=game.title_in(i18n.current())
    )
    if len(name) > 120:
        raise Invalid(_("A table name has at most 120 characters."))
    hot_seat = bool(hot_seat) or sum(1 for r in roles if seats.get(r) == "me") > 1
    table = GameTable(
        name=name,
        game_id=game.id,
        engine_version=game.version,
        options=opts,
        seed=seed,
        status="waiting",
        seq=0,
        created_by=user.id,
        private=bool(private),
        spectators=bool(spectators) and not private,
        hot_seat=hot_seat,
        creation_key=creation.key if creation else None,
        creation_digest=creation.digest if creation else None,
    )
    for position, role in enumerate(roles):
        spec = seats.get(role, "open")
        seat = Seat(role=role, position=position)
        if spec == "me":
            seat.user_id = user.id
        elif spec == "invite" or (spec == "open" and private):
            seat.invite_token = secrets.token_urlsafe(18)
        elif isinstance(spec, str) and spec.startswith("bot:"):
            bot = spec[4:]
            if bot not in game.bots:
                raise Invalid(
                    _("{game} has no bot {bot!r}; it has {bots}.").format(
                        game=game.title_in(i18n.current()), bot=bot, bots=", ".join(game.bots)
                    )
                )
            seat.bot = bot
        elif spec != "open":
            raise Invalid(
                _("Seat {seat}: say me, open, invite or bot:<name>, not {spec!r}.").format(seat=role, spec=spec)
            )
        table.seats.append(seat)
    played = game.begin(seed, opts)
    table.active_roles = game.active_roles(played.state)
    db.add(table)
    db.flush()
    db.add(Snapshot(table_id=table.id, seq=0, state=orjson.dumps(played.state).decode(), base_seq=0))
    gamelog.add(db, table, 0, played.log)
    clocks.setup(db, table, clock or clocks.Pace())
    if all(s.user_id is not None or s.bot for s in table.seats):
        table.status = "active"
        clocks.sync(db, table.id)
    news(db, table.id, "seats", 0)
    if commit:
        db.commit()
    return table


# built once (issue 15): a statement made per request costs its construction and its cache key every time
# The seats' players by their names only (all a table shows of them): no password hash read with every table, and
# fewer columns for the ORM to load; another column of such a user loads if something reads it.
TABLE_WITH_SEATS = (
    select(GameTable)
    .options(joinedload(GameTable.seats).joinedload(Seat.user).load_only(User.id, User.username))
    .where(GameTable.id == bindparam("id"))
)


def get_table(db: Session, table_id: int) -> GameTable:
    """The table with its seats and their players, in one query."""
    table = db.execute(TABLE_WITH_SEATS, {"id": table_id}).unique().scalar_one_or_none()
    if table is None:
        raise NotFound(_("There is no table {n}.").format(n=table_id))
    return table


def invitation(table: GameTable, token: str) -> Seat | None:
    """The open seat this invitation token is for, or None (spent, or never valid)."""
    return next(
        (
            s
            for s in table.seats
            if s.invite_token and s.user_id is None and secrets.compare_digest(s.invite_token.encode(), token.encode())
        ),
        None,
    )


def _is_free(seat: Seat) -> bool:
    return seat.user_id is None and not seat.bot


def join(db: Session, user: User, table: GameTable, role: str | None = None, invite: str | None = None) -> Seat:
    """Take an open seat (``role``, or the first open one) or the seat an invite token names; 409 when it was
    taken first (see the module). A private table seats only its invitations' holders (and, hot-seat, its
    players): anyone else is refused before anything about it is told. A refusal leaves the transaction to the
    caller's session, which ends it (a rollback here would expire the objects the error page still shows)."""
    if table.private and not invite and not roles_of(table, user):
        raise Forbidden(_("This table is private: only its invitation links seat people."))
    locked = db.execute(
        update(GameTable).where(GameTable.id == table.id, GameTable.status != "finished").values(updated_at=utcnow())
    )
    if rowcount(locked) != 1:
        raise Invalid(_("This game is over."))
    seats = list(
        db.scalars(
            select(Seat)
            .where(Seat.table_id == table.id)
            .order_by(Seat.position)
            .execution_options(populate_existing=True)
        )
    )
    mine = [s for s in seats if s.user_id == user.id]
    if invite:
        seat = next(
            (s for s in seats if s.invite_token and secrets.compare_digest(s.invite_token.encode(), invite.encode())),
            None,
        )
        if seat is None:
            raise NotFound(_("That invitation is not valid."))
        if not _is_free(seat):
            raise Conflict(_("This invitation was used already: its seat is taken."))
    else:
        free = [s for s in seats if _is_free(s) and not s.invite_token]
        if role is not None:
            if not any(s.role == role for s in seats):
                raise Invalid(_("This table has no seat {seat!r}.").format(seat=role))
            free = [s for s in free if s.role == role]
            if not free and any(s.role == role and _is_free(s) for s in seats):
                raise Invalid(_("The seat {seat} is taken by invitation only.").format(seat=role))
        if not free:
            raise Conflict(
                _("Every open seat is taken.") if role is None else _("The seat {seat} is taken.").format(seat=role)
            )
        seat = free[0]
    if mine and not (table.hot_seat and table.created_by == user.id):
        raise Forbidden(
            _("You hold a seat at this table already; only the creator of a hot-seat table plays several seats.")
        )
    taken = db.execute(
        update(Seat).where(Seat.id == seat.id, Seat.user_id.is_(None), Seat.bot.is_(None)).values(user_id=user.id)
    )
    if rowcount(taken) != 1:
        raise Conflict(_("The seat {seat} was just taken.").format(seat=seat.role))
    if all(not _is_free(s) for s in seats if s.id != seat.id):
        db.execute(
            update(GameTable).where(GameTable.id == table.id, GameTable.status == "waiting").values(status="active")
        )
        clocks.sync(db, table.id)  # the game starts: the clocks of the seats to act run
    news(db, table.id, "seats", table.seq)
    db.commit()
    db.refresh(table)
    db.refresh(seat)
    for s in table.seats:
        db.refresh(s)
    return seat


def roles_of(table: GameTable, user: User | None) -> list[str]:
    if user is None:
        return []
    return [s.role for s in table.seats if s.user_id == user.id]


def acting_role(table: GameTable, user: User | None, requested: str | None) -> str:
    """The seat a user acts as: the one asked for (which must be theirs), else their only/first seat."""
    mine = roles_of(table, user)
    if requested:
        if requested not in mine:
            raise Forbidden(_("You do not hold the seat {seat!r} at this table.").format(seat=requested))
        return requested
    if not mine:
        raise Forbidden(_("You hold no seat at this table."))
    return mine[0]


@dataclass
class LobbyRow:
    table: GameTable
    game_title: str
    my_turn: bool
    open_seats: int
    clock: str | None = None  # "2 d 4 h left" (app.services.clocks.lobby_clocks)
    clock_view: dict[str, Any] | None = (
        None  # the same clock's seat view, which the page counts down (static/js/clocks.js)
    )


def _row(table: GameTable, user: User | None) -> LobbyRow:
    game = registry.get_game(table.game_id)
    mine = set(roles_of(table, user))
    my_turn = table.status == "active" and bool(mine & set(table.active_roles or []))
    open_seats = sum(1 for s in table.seats if _is_free(s) and not s.invite_token)
    return LobbyRow(table, game.title_in(i18n.current()) if game else table.game_id, my_turn, open_seats)


def may_watch(table: GameTable, user: User | None) -> bool:
    """Players always; others only at a public table that lets spectators watch."""
    return bool(roles_of(table, user)) or (not table.private and table.spectators)


def may_see(table: GameTable, user: User | None) -> bool:
    """Whether the user may know of the table at all — its name, its link, its players, its game: the one
    visibility rule of every list and link (lobby, profiles, ratings, origins, records, the API). A public table:
    everyone (those who may not watch it still see it offered to join, or listed on a profile); a private table:
    only those who may open it (``may_watch``: its players). ``seen_by`` is the same rule as a query's WHERE."""
    return not table.private or may_watch(table, user)


def seen_by(user: User | None) -> ColumnElement[bool]:
    """``may_see`` as a WHERE clause on ``GameTable``, for lists read from the database."""
    public = GameTable.private.is_(False)
    if user is None:
        return public
    return or_(public, GameTable.id.in_(select(Seat.table_id).where(Seat.user_id == user.id)))


def check_watch(table: GameTable, user: User | None) -> None:
    if not may_watch(table, user):
        raise Forbidden(
            "This table is private: only its players see it."
            if table.private
            else "This table has no spectators: only its players see it."
        )


def lobby(db: Session, user: User | None) -> dict[str, list[LobbyRow]]:
    """Open tables to join, my tables (my turn first), and running tables to watch; private tables are only in
    their players' own list, and tables without spectators are not offered to watch."""
    recent = list(
        db.scalars(
            select(GameTable).where(GameTable.private.is_(False)).order_by(GameTable.updated_at.desc()).limit(200)
        )
    )
    open_rows = [_row(t, user) for t in recent if t.status == "waiting"]
    open_rows = [r for r in open_rows if r.open_seats and not set(roles_of(r.table, user))]
    mine = []
    if user is not None:
        mine_tables = db.scalars(
            select(GameTable).join(Seat).where(Seat.user_id == user.id).order_by(GameTable.updated_at.desc()).limit(200)
        ).unique()
        mine = [_row(t, user) for t in mine_tables]
        mine.sort(key=lambda r: (not r.my_turn, r.table.status == "finished"))
    watch = [_row(t, user) for t in recent if t.status == "active" and t.spectators][:50]
    shown = {r.table.id: r.table for r in mine + watch}
    times = clocks.lobby_clocks(db, list(shown.values()), user)
    for r in mine + watch:
        r.clock_view = times.get(r.table.id)
        r.clock = r.clock_view["text"] if r.clock_view else None
    return {"open": open_rows, "mine": mine, "watch": watch}


def clean_text(text: str | None, what: str) -> str:
    """Text as people type it: no NUL or other control characters (PostgreSQL refuses NUL in text); ``what`` names
    the text (a catalogue id, marked ``N_`` by the caller)."""
    text = (text or "").strip()
    if any(ord(c) < 32 and c not in "\n\t" for c in text):
        raise Invalid(_("This text holds control characters: {what}.").format(what=_(what)))
    return text


def post_chat(db: Session, limit: Limit, user: User, table: GameTable, text: str) -> ChatMessage:
    """Say something at a table one may watch (at most ``limit`` messages per person per window)."""
    check_watch(table, user)
    text = clean_text(text, N_("message"))
    if not text:
        raise Invalid(_("An empty message says nothing."))
    if len(text) > MAX_CHAT:
        raise Invalid(_("A message has at most {n} characters.").format(n=MAX_CHAT))
    limits.take(db, limit, f"chat:{user.id}", N_("messages"))
    msg = ChatMessage(table_id=table.id, user_id=user.id, text=text)
    db.add(msg)
    table.updated_at = utcnow()
    db.flush()
    news(db, table.id, "chat", msg.id)
    db.commit()
    return msg


# whether a table's chat holds anything: a column read through the session's connection (~70 µs), before the
# ORM's read of the messages with their writers (~250 µs), which the page of a table without chat (most) would
# make for nothing
CHAT_SAID = select(ChatMessage.id).where(ChatMessage.table_id == bindparam("table_id")).limit(1)


def _chat_said(db: Session, table_id: int) -> bool:
    return read_columns(db, CHAT_SAID, {"table_id": table_id}).first() is not None


def chat_since(db: Session, table_id: int, seq: int, limit: int = 20) -> list[ChatMessage]:
    """The table's chat said after its move ``seq`` was made, oldest first (the latest ``limit``): what a seat
    missed while away (issue 30 › Since your last move). The chat is public to the table: nothing hidden."""
    if not _chat_said(db, table_id):
        return []
    when = select(Move.created_at).where(Move.table_id == table_id, Move.seq == seq).scalar_subquery()
    rows = db.scalars(
        select(ChatMessage)
        .where(ChatMessage.table_id == table_id, ChatMessage.created_at > when)
        .order_by(ChatMessage.id.desc())
        .limit(limit)
    )
    return list(reversed(list(rows)))


def chat(db: Session, table: GameTable, limit: int = 100) -> list[ChatMessage]:
    """The table's chat, oldest first (the latest ``limit``)."""
    if not _chat_said(db, table.id):
        return []
    rows = db.scalars(
        select(ChatMessage).where(ChatMessage.table_id == table.id).order_by(ChatMessage.id.desc()).limit(limit)
    )
    return list(reversed(list(rows)))
