"""A seat's private notepad (issue 28: "a private notepad per seat, kept on the server"). Only its writer reads or
writes it, and only while holding the seat (``tables.acting_role`` refuses anyone else with 403): it never reaches
another seat, a spectator, the log, a record or a replay. A seat that changes hands starts blank for its new
holder."""

from __future__ import annotations

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from app.db import read_columns
from app.i18n import N_
from app.models import GameTable, SeatNote, User
from app.services import tables

MAX_CHARS = 10_000  # a page of notes; the form and the API refuse more with 422


def _row(db: Session, table: GameTable, user: User, role: str) -> SeatNote | None:
    return db.scalar(
        select(SeatNote).where(SeatNote.table_id == table.id, SeatNote.user_id == user.id, SeatNote.role == role)
    )


# the text alone, through the session's connection (app.services.play: no ORM preparation, no row object), a
# statement made once (every page of a seat reads it)
READ_TEXT = select(SeatNote.text).where(
    SeatNote.table_id == bindparam("table_id"),
    SeatNote.user_id == bindparam("user_id"),
    SeatNote.role == bindparam("role"),
)


def read(db: Session, table: GameTable, user: User, role: str | None) -> tuple[str, str]:
    """The seat (``role``, else the user's first) and its notes ('' when none were written)."""
    seat = tables.acting_role(table, user, role)
    text = read_columns(db, READ_TEXT, {"table_id": table.id, "user_id": user.id, "role": seat}).scalar()
    return seat, text or ""


def write(db: Session, table: GameTable, user: User, role: str | None, text: str) -> str:
    """Keep ``text`` as the notes of the user's seat (its whole content, replaced); returns the seat. Line ends
    as a textarea sends them (CR LF) are kept as LF; other control characters are refused (422) like any text."""
    seat = tables.acting_role(table, user, role)
    text = tables.clean_text(text.replace("\r\n", "\n").replace("\r", "\n"), N_("notes"))
    row = _row(db, table, user, seat)
    if row is None:
        db.add(SeatNote(table_id=table.id, user_id=user.id, role=seat, text=text))
    else:
        row.text = text
    db.commit()
    return seat
