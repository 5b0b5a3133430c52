"""Fixtures for the app: a fresh database (SQLite, or PostgreSQL when SIGLO_TEST_POSTGRES_URL is set), the app,
and clients that act like a browser (cookies + CSRF) or a script (API token)."""

from __future__ import annotations

import os
import re
import uuid
import warnings
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402
from sqlalchemy import create_engine, text  # noqa: E402

from app.config import Settings  # noqa: E402
from app.main import create_app  # noqa: E402
from app.migrate import upgrade  # noqa: E402

PG_URL = os.environ.get("SIGLO_TEST_POSTGRES_URL")


def _admin(sql: str) -> None:
    from app.db import normalise_url

    admin = create_engine(normalise_url(PG_URL), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(sql))
    admin.dispose()


def make_postgres_db() -> str:
    """A new empty database on the test server; returns its URL."""
    from app.db import normalise_url

    name = "siglo_test_" + uuid.uuid4().hex[:10]
    _admin(f'CREATE DATABASE "{name}"')
    base, _, _ = normalise_url(PG_URL).rpartition("/")
    return f"{base}/{name}"


def drop_postgres_db(url: str) -> None:
    _admin(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request, tmp_path):
    """Every app test runs on the embedded SQLite default and, when a server is given, on PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/siglo.db"
        return
    if not PG_URL:
        pytest.skip("SIGLO_TEST_POSTGRES_URL is not set: no PostgreSQL server to test against")
    url = make_postgres_db()
    yield url
    drop_postgres_db(url)


@pytest.fixture
def settings(database_url, tmp_path) -> Settings:
    upgrade(database_url)
    return Settings(
        database_url=database_url,
        secret_key="test-secret-" + "k" * 32,
        bot_delay_seconds=0,
        secret_file=tmp_path / "secret",
    )


@pytest.fixture
def app(settings):
    return create_app(settings)


class Browser:
    """A TestClient that behaves like a browser: it sends the CSRF token its pages carry (the token is bound to
    the login session, so it is read again from a page whenever the session cookie changed)."""

    def __init__(self, client: TestClient):
        self.c = client
        self._csrf: tuple[str | None, str] | None = None
        self.c.get("/login")

    @property
    def csrf(self) -> str:
        session = self.c.cookies.get("siglo_session")
        if self._csrf is None or self._csrf[0] != session:
            page = self.c.get("/login").text
            self._csrf = (session, re.search(r'<meta name="csrf-token" content="([^"]*)"', page).group(1))
        return self._csrf[1]

    def post(self, url: str, data: dict | None = None, **kw):
        return self.c.post(url, data={**(data or {}), "csrf_token": self.csrf}, **kw)

    def api(self, method: str, url: str, json=None, **kw):
        headers = {"X-CSRF-Token": self.csrf, "Accept": "application/json", **kw.pop("headers", {})}
        return self.c.request(method, url, json=json, headers=headers, **kw)

    def register(self, username: str, password: str = "correct horse"):
        r = self.post("/register", {"username": username, "password": password}, follow_redirects=False)
        assert r.status_code == 303, r.text
        return self

    def new_table(self, game="toy-duel", seats=None, options=None, seed=7) -> int:
        r = self.api(
            "POST",
            "/api/v1/tables",
            {"game": game, "options": options or {}, "seats": seats or {"north": "me"}, "seed": seed},
        )
        assert r.status_code == 201, r.text
        return r.json()["id"]

    def view(self, table_id: int, as_role: str | None = None) -> dict:
        r = self.api("GET", f"/api/v1/tables/{table_id}" + (f"?as={as_role}" if as_role else ""))
        assert r.status_code == 200, r.text
        return r.json()

    def act(self, table_id: int, verb: str, arg=None, seq=None, role=None):
        if seq is None:
            seq = self.view(table_id, role)["seq"]
        return self.api(
            "POST", f"/api/v1/tables/{table_id}/actions", {"seq": seq, "verb": verb, "arg": arg, "role": role}
        )


@pytest.fixture
def browser(app):
    """A factory of logged-in browsers sharing one app (one per person). The first one runs the app's lifespan
    (live publisher, bots); the others only carry their own cookies."""
    clients: list[Any] = []

    def make(username: str | None = None) -> Browser:
        client = TestClient(app)
        if not clients:
            client.__enter__()
        clients.append(client)
        b = Browser(client)
        if username:
            b.register(username)
        return b

    yield make
    if clients:
        clients[0].__exit__(None, None, None)
