"""Start real server processes (uvicorn) for tests that need real sockets: SSE, several processes, kills."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    def __init__(self, database_url: str, secret_file: Path, port: int | None = None):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "SIGLO_SECRET_KEY": "live-test-" + "s" * 32,
            "SIGLO_EXTRA_GAMES": '["tests.support.toy_game:GAME"]',
            "SIGLO_BOT_DELAY_SECONDS": "0",
            "SIGLO_SECRET_FILE": str(secret_file),
            "PYTHONPATH": str(ROOT),
        }
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
            stderr=subprocess.PIPE,
        )
        self.wait_ready()

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("server died: " + self.proc.stderr.read().decode()[-2000:])
            try:
                if httpx.get(self.url + "/api/v1/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.kill()


class ApiUser:
    """A script talking to a live server with an API token."""

    def __init__(self, base: str, username: str):
        self.http = httpx.Client(base_url=base, timeout=10)
        r = self.http.post("/api/v1/users", json={"username": username, "password": "correct horse"})
        assert r.status_code in (201, 422), r.text
        r = self.http.post("/api/v1/tokens", json={"username": username, "password": "correct horse"})
        self.http.headers["Authorization"] = "Bearer " + r.json()["token"]

    def post(self, url: str, json=None):
        return self.http.post(url, json=json)

    def get(self, url: str):
        return self.http.get(url)


def read_events(base: str, table_id: int, until, timeout: float = 5.0, seq: int | None = None):
    """Read the SSE stream of a table until ``until(events)`` is true; returns the (event, data) pairs."""
    events = []
    url = f"{base}/api/v1/tables/{table_id}/events" + (f"?seq={seq}" if seq is not None else "")
    with httpx.stream("GET", url, timeout=timeout) as r:
        kind = None
        for line in r.iter_lines():
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                events.append((kind, line[6:]))
                if until(events):
                    return events
    return events
