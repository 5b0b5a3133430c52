"""Admission control (app.middleware.Admission): at most ``limit`` requests at work at once, the others wait in
arrival order; static files and live streams are never held back."""

from __future__ import annotations

import asyncio

from app.config import Settings
from app.middleware import Admission


class Recorder:
    """An ASGI app whose requests stay at work until released, noting how many are at work at once."""

    def __init__(self):
        self.at_work = self.most = 0
        self.started: list[str] = []
        self.release = asyncio.Event()

    async def __call__(self, scope, receive, send):
        self.at_work += 1
        self.most = max(self.most, self.at_work)
        self.started.append(scope["path"])
        try:
            await self.release.wait()
        finally:
            self.at_work -= 1


def _scope(path: str) -> dict:
    return {"type": "http", "path": path}


async def _call(app, path: str) -> None:
    await app(_scope(path), None, None)


def test_no_more_than_the_limit_are_at_work_and_the_rest_come_in_order():
    async def run():
        inner = Recorder()
        app = Admission(inner, limit=2)
        calls = [asyncio.create_task(_call(app, f"/api/v1/tables/{i}")) for i in range(6)]
        await asyncio.sleep(0.01)
        assert inner.at_work == 2 and inner.started == ["/api/v1/tables/0", "/api/v1/tables/1"]
        inner.release.set()
        await asyncio.gather(*calls)
        return inner

    inner = asyncio.run(run())
    assert inner.most == 2
    assert inner.started == [f"/api/v1/tables/{i}" for i in range(6)]  # first come, first served


def test_static_files_and_live_streams_are_not_held_back():
    async def run():
        inner = Recorder()
        app = Admission(inner, limit=1)
        calls = [
            asyncio.create_task(_call(app, p))
            for p in (
                "/api/v1/tables/1",
                "/api/v1/tables/2",
                "/static/css/site.css",
                "/api/v1/tables/1/events",
                "/tables/1/events",
            )
        ]
        await asyncio.sleep(0.01)
        at_work = inner.at_work, sorted(inner.started)
        inner.release.set()
        await asyncio.gather(*calls)
        return at_work

    at_work, started = asyncio.run(run())
    assert at_work == 4  # one admitted request, the static file, both streams; the second request waits
    assert "/api/v1/tables/2" not in started


def test_the_default_limit_is_the_measured_one_for_its_database():
    """bench/README.md › Target 3, fifth pass: 2 requests at once carried the most moves on SQLite, 4 on
    PostgreSQL; a limit set by hand wins."""
    key = "k" * 40
    assert Settings(secret_key=key, database_url="sqlite:///x.db").admission_limit() == 2
    assert Settings(secret_key=key, database_url="postgresql+psycopg://u:p@h/db").admission_limit() == 4
    assert (
        Settings(secret_key=key, database_url="postgresql://u:p@h/db", max_concurrent_requests=16).admission_limit()
        == 16
    )
