"""SQLite writers of one process take turns on a lock (app.db.SerializedWriters) instead of sleeping in SQLite's
busy handler; reads never wait for it."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from app.db import SerializedWriters, make_engine


@pytest.fixture
def engine(tmp_path):
    e = make_engine(f"sqlite:///{tmp_path / 'w.db'}")
    with e.begin() as c:
        c.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER)"))
        c.execute(text("INSERT INTO t VALUES (1, 0)"))
    yield e
    e.dispose()


def raw(c):
    return c.connection.dbapi_connection


def test_a_file_database_uses_the_serialized_writers(engine):
    with engine.connect() as c:
        assert isinstance(raw(c), SerializedWriters)


def test_a_writer_holds_the_turn_until_commit_and_a_second_one_waits(engine):
    order = []
    with engine.connect() as first:
        first.execute(text("UPDATE t SET n = n + 1"))
        assert raw(first)._holding

        def second():
            with engine.connect() as c:
                c.execute(text("UPDATE t SET n = n + 10"))
                order.append("second wrote")
                c.commit()

        thread = threading.Thread(target=second)
        thread.start()
        time.sleep(0.2)
        order.append("first commits")  # the second is still waiting for its turn
        first.commit()
        assert not raw(first)._holding
        thread.join(5)
    assert order == ["first commits", "second wrote"]
    with engine.connect() as c:
        assert c.execute(text("SELECT n FROM t")).scalar() == 11


def test_reads_do_not_wait_for_a_writer(engine):
    with engine.connect() as writer:
        writer.execute(text("UPDATE t SET n = 5"))
        got = []

        def reader():
            with engine.connect() as c:
                got.append(c.execute(text("SELECT n FROM t")).scalar())

        thread = threading.Thread(target=reader)
        thread.start()
        thread.join(2)
        assert got == [0]  # read at once, from the last committed state
        writer.rollback()
        assert not raw(writer)._holding


def test_a_failed_write_gives_the_turn_back(engine):
    with engine.connect() as c:
        with pytest.raises(IntegrityError):
            c.execute(text("INSERT INTO t VALUES (1, 0)"))  # the primary key exists
        c.rollback()
        assert not raw(c)._holding
    with engine.connect() as c:  # another writer gets its turn at once
        c.execute(text("UPDATE t SET n = 2"))
        c.commit()
        assert c.execute(text("SELECT n FROM t")).scalar() == 2


def test_many_writers_lose_nothing(engine):
    def work():
        for _ in range(50):
            with engine.connect() as c:
                c.execute(text("UPDATE t SET n = n + 1"))
                c.commit()

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    with engine.connect() as c:
        assert c.execute(text("SELECT n FROM t")).scalar() == 400
