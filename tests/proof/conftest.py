"""Fixtures for the proof tests: the app fixtures of tests/app (database_url over SQLite and PostgreSQL, app,
browser) plus PostgreSQL helpers for the live-server tests: a fresh migrated database, server processes whose
stderr goes to a file (a pipe nobody reads would block a chatty server), API tokens made straight in the
database (one argon2 hash per user, not per token), and a check that a table's log is whole and replays to its
snapshot."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx
import orjson
import pytest

from tests.app.conftest import PG_URL, Browser, app, browser, database_url, drop_postgres_db, make_postgres_db, settings  # noqa: F401
from tests.app.live_server import ROOT, LiveServer, free_port

NO_PG = "SIGLO_TEST_POSTGRES_URL is not set: no PostgreSQL server to test against"
needs_pg = [pytest.mark.postgres, pytest.mark.skipif(not PG_URL, reason=NO_PG)]


@pytest.fixture
def pg_url():
    """A fresh, migrated PostgreSQL database for live servers (skips without a server)."""
    if not PG_URL:
        pytest.skip(NO_PG)
    from app.migrate import upgrade

    url = make_postgres_db()
    upgrade(url)
    yield url
    drop_postgres_db(url)


class ProofServer(LiveServer):
    """A LiveServer whose stderr goes to a log file, so tests can read it and a flood of tracebacks during an
    outage cannot block the process."""

    def __init__(self, database_url: str, workdir: Path, port: int | None = None, wait: bool = True, **extra_env: str):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = workdir / f"server-{self.port}.log"
        env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "SIGLO_SECRET_KEY": "live-test-" + "s" * 32,
            "SIGLO_EXTRA_GAMES": '["tests.support.toy_game:GAME"]',
            "SIGLO_BOT_DELAY_SECONDS": "0",
            "SIGLO_SECRET_FILE": str(workdir / "secret"),
            "PYTHONPATH": str(ROOT),
            **extra_env,
        }
        self._log = open(self.log_path, "ab")  # noqa: SIM115 (open while the server runs; stop() closes it)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "app.asgi:app",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--timeout-graceful-shutdown",
                "1",
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=self._log,
        )
        if wait:
            self.wait_ready(60)

    def wait_ready(self, timeout: float = 60) -> None:
        import time

        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("server died: " + self.log()[-2000:])
            try:
                if httpx.get(self.url + "/api/v1/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("server did not start: " + self.log()[-2000:])

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        super().stop()
        self._log.close()


@pytest.fixture
def servers(pg_url, tmp_path):
    """Start server processes on the test's PostgreSQL database: ``start(n)`` -> n ProofServers started side by
    side (a process takes seconds to import on a busy machine); all stopped after."""
    started: list[ProofServer] = []

    def start(n: int = 1, port: int | None = None, **env) -> list[ProofServer]:
        new = [ProofServer(pg_url, tmp_path, port, wait=False, **env) for _ in range(n)]
        started.extend(new)
        for s in new:
            s.wait_ready()
        return new

    yield start
    for s in started:
        s.stop()


class Db:
    """Direct access to the test database (through the app's own models and services)."""

    def __init__(self, url: str):
        from app.db import make_engine, make_sessionmaker

        self.engine = make_engine(url)
        self.sessions = make_sessionmaker(self.engine)

    def user_with_tokens(self, username: str, n: int) -> list[str]:
        from app.services import accounts
        from app.services.limits import Limit

        with self.sessions() as db:
            user = accounts.register(db, Limit(10**9, 3600), username, "correct horse", "proof")
            return [accounts.create_api_token(db, user, f"t{i}", 30)[1] for i in range(n)]

    def moves(self, table_id: int) -> list:
        from sqlalchemy import select

        from app.models import Move

        with self.sessions() as db:
            return list(db.scalars(select(Move).where(Move.table_id == table_id).order_by(Move.seq, Move.id)))

    def check_table(self, table_id: int) -> dict:
        """The move log has seqs 1..seq with no gap or duplicate, the snapshot is at the table's seq, and replaying
        the log gives the snapshot. Returns {seq: move} for further checks."""
        from app.models import GameTable, Snapshot
        from app.services import play

        with self.sessions() as db:
            table = db.get(GameTable, table_id)
            snap = db.get(Snapshot, table_id)
            seqs = [m.seq for m in self.moves(table_id)]
            assert seqs == list(range(1, table.seq + 1)), f"table {table_id}: seqs {seqs[:50]}... vs seq {table.seq}"
            assert snap.seq == table.seq
            assert play.replay_state(db, table) == orjson.loads(snap.state), f"table {table_id}: replay != snapshot"
            assert table.flagged is None, table.flagged
        return {m.seq: m for m in self.moves(table_id)}

    def close(self) -> None:
        self.engine.dispose()


@pytest.fixture
def pg_db(pg_url):
    db = Db(pg_url)
    yield db
    db.close()


def api_client(base: str, token: str, timeout: float = 10) -> httpx.Client:
    return httpx.Client(base_url=base, timeout=timeout, headers={"Authorization": "Bearer " + token})


def record_replays(client: httpx.Client, table_id: int, db: Db) -> None:
    """GET the table's record: a finished game's replays with the engine to the snapshot's state; a running game's
    is the seat's view record, with no seed and no moves (platform hardening §1)."""
    from app.models import Snapshot
    from engines import registry

    rec = client.get(f"/api/v1/tables/{table_id}/record")
    assert rec.status_code == 200, rec.text
    rec = rec.json()
    if rec["format"] == "siglo-view/1":
        assert "seed" not in rec and "moves" not in rec and rec["view"]
        return
    game = registry.get_game(rec["game"])
    state = game.replay(rec["seed"], rec["options"], [(m["role"], m["verb"], m["arg"]) for m in rec["moves"]])
    with db.sessions() as s:
        assert state == orjson.loads(s.get(Snapshot, table_id).state)
