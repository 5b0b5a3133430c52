"""Load helpers for the proof tests: a client thread that keeps playing random legal moves at one table and
writes down every answer, and the check that every acknowledged move is in the log."""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field

import httpx

from tests.proof.conftest import api_client


@dataclass
class Answer:
    status: int | str  # an HTTP status, or the name of the connection error
    seq: int  # the seq the move was sent on
    role: str
    verb: str
    arg: object
    detail: str = ""
    at: float = 0.0


@dataclass
class Player:
    """Plays random legal moves at ``table`` for any of ``roles`` until ``stop`` is set or the game ends."""

    base: str
    token: str
    table: int
    roles: list[str]
    seed: int
    stop: threading.Event
    answers: list[Answer] = field(default_factory=list)
    errors: list[tuple[float, str]] = field(default_factory=list)  # (time, what): GET failures, lost connections

    def run(self) -> None:
        rng = random.Random(self.seed)
        with api_client(self.base, self.token, timeout=10) as c:
            while not self.stop.is_set():
                try:
                    role = rng.choice(self.roles)
                    r = c.get(f"/api/v1/tables/{self.table}", params={"as": role})
                    if r.status_code != 200:
                        self.errors.append((time.time(), f"GET {r.status_code} {r.text[:200]}"))
                        time.sleep(0.05)
                        continue
                    v = r.json()
                    if v["status"] == "finished":
                        return
                    if not v["actions"]:
                        continue
                    a = rng.choice(v["actions"])
                    body = {"seq": v["seq"], "verb": a["verb"], "arg": a["arg"], "role": role}
                    r = c.post(f"/api/v1/tables/{self.table}/actions", json=body)
                    self.answers.append(
                        Answer(
                            r.status_code,
                            v["seq"],
                            role,
                            a["verb"],
                            a["arg"],
                            "" if r.status_code == 200 else r.text[:200],
                            time.time(),
                        )
                    )
                except httpx.HTTPError as exc:
                    self.errors.append((time.time(), type(exc).__name__))
                    time.sleep(0.05)

    def start(self) -> threading.Thread:
        t = threading.Thread(target=self.run, daemon=True)
        t.start()
        return t


def check_acknowledged(answers: list[Answer], moves: dict) -> int:
    """Every 200 answer's move is the log's move right after the seq it was sent on (a first play or an
    idempotent double submit alike). Returns how many distinct moves were acknowledged."""
    acked = set()
    for a in answers:
        if a.status != 200:
            continue
        m = moves.get(a.seq + 1)
        assert m is not None, f"acknowledged move {a} is not in the log"
        assert (m.kind, m.role, m.verb, m.arg) == ("action", a.role, a.verb, a.arg), (a, m.role, m.verb, m.arg)
        acked.add(a.seq + 1)
    return len(acked)
