"""The pages' cheap reads of columns (``app.db.read_columns``: through the session's connection, no ORM rows) see
what the same session wrote and has not flushed yet, as an ORM query's autoflush would. On SQLite and PostgreSQL."""

from __future__ import annotations

from sqlalchemy import select

from app.models import ChatMessage, GameTable, SeatNote, User
from app.models.pbw import Notice, TableOrigin
from app.services import forks, notes, notices, tables
from tests.app.test_api import two_players


def test_a_read_of_columns_sees_the_sessions_unflushed_writes(app, browser):
    alice, _bob, table_id = two_players(browser)
    other_id = alice.new_table(seats={"north": "me", "south": "open"})
    with app.state.sessions() as db:
        table = db.get(GameTable, table_id)
        user = db.scalars(select(User).where(User.username == "alice")).one()
        assert notes.read(db, table, user, "north") == ("north", "")
        assert not tables._chat_said(db, table.id)
        unread = notices.unread_count(db, user.id)
        assert forks.origin_of(db, db.get(GameTable, other_id), user) is None

        db.add(SeatNote(table_id=table.id, user_id=user.id, role="north", text="hold the centre"))
        db.add(ChatMessage(table_id=table.id, user_id=user.id, text="hello"))
        db.add(Notice(user_id=user.id, table_id=table.id, seq=99, text="your turn"))
        db.add(TableOrigin(table_id=other_id, rematch_of=table.id))
        assert db.new  # nothing written yet: each read below must write them first

        assert notes.read(db, table, user, "north") == ("north", "hold the centre")
        assert tables._chat_said(db, table.id)
        assert notices.unread_count(db, user.id) == unread + 1
        origin = forks.origin_of(db, db.get(GameTable, other_id), user)
        assert origin is not None and origin["kind"] == "rematch"
        db.rollback()
