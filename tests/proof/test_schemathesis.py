"""Schemathesis over the app's OpenAPI document (proof issue part 2, issue 26), as ``schemathesis run`` would:
every phase — the coverage phase (boundary and invalid values of every parameter, missing ones, undeclared
methods), the fuzzing phase (random valid and invalid requests) and the stateful phase (chains that follow the
document's links: a new table -> its seat's view -> the first offered action, played -> the next seat's view...)
— with every check: no 5xx, every status documented, response bodies and headers as documented, invalid data
refused and valid data accepted, a 405 with ``Allow`` for undeclared methods, auth enforced where declared, no
use after a delete. On SQLite and, when ``SIGLO_TEST_POSTGRES_URL`` is set, on PostgreSQL.

The fuzzer logs in with an API token from ``POST /api/v1/tokens`` and fetches a new one whenever it gets a 401
(it calls ``logout-everywhere`` too, which revokes every token). The rate limits are lifted for the run: they
would otherwise turn most of it into 429s (each limit has its own test).

Size and time: the coverage phase makes ~900 requests, the fuzzing phase 5 examples an operation (~150
requests), the stateful phase 30 scenarios of at most 20 steps (~500 requests; some of the tables it creates are
playable at once, and it plays and takes back a few of their offered actions: at least 2 played, asserted). On
2 cores, ~25 s a database on a quiet machine, up to 2½ minutes when shared; much of it the argon2 hashing of
the password and token operations."""

from __future__ import annotations

import time
from collections import Counter

import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import events, from_schema
from sqlalchemy import func, select

from app.models import Move, User
from app.services.play import verify_running_tables

PASSWORD = "correct horse"
LIFTED = 10**6
# 422 is how the service refuses what the document cannot express (an action the rules do not allow now, a
# vacation longer than the days left, options naming a seat the game lacks): valid by the schema, refused by a
# rule, with the rule's message
ACCEPTED = ["2xx", "401", "403", "404", "409", "422", "429"]


@pytest.fixture
def settings(settings):
    """The app's test settings with the rate limits lifted (see the module's docstring)."""
    return settings.model_copy(
        update={
            "login_attempts": LIFTED,
            "registrations_per_hour": LIFTED,
            "chat_per_minute": LIFTED,
            "imports_per_hour": LIFTED,
        }
    )


def _config(username: str) -> SchemathesisConfig:
    return SchemathesisConfig.from_dict(
        {
            "seed": 26,
            "generation": {"max-examples": 5, "deterministic": True},
            "max-stream-events": 1,  # the live streams never end: read their first event (hello)
            "auth": {
                "dynamic": {
                    "openapi": {
                        "bearer": {
                            "path": "/api/v1/tokens",
                            "payload": {"username": username, "password": PASSWORD},
                            "extract_selector": "/token",
                            "retry_on": [401],
                        }
                    }
                }
            },
            "checks": {"positive_data_acceptance": {"expected-statuses": ACCEPTED}},
            "operations": [
                {
                    # its 404 for a wrong invitation in the body is not the table missing (the check's reading)
                    "include-name": "POST /api/v1/tables/{table_id}/join",
                    "checks": {"ensure_resource_availability": {"enabled": False}},
                }
            ],
            "phases": {
                "stateful": {
                    "max-steps": 20,
                    "generation": {"max-examples": 30},
                    "inference": {"algorithms": []},  # the document's own links, not guessed ones
                }
            },
        }
    )


def _moves_by(app, user_id: int) -> int:
    """The actions (not undos) the user played through the API."""
    with app.state.sessions() as db:
        query = select(func.count()).select_from(Move).where(Move.user_id == user_id, Move.kind == "action")
        return db.scalar(query)


def test_schemathesis_all_phases_all_checks(app, browser):
    alice, bob = browser("alice"), browser("bob")
    # a few tables at the low ids the coverage phase tries: alice's hot-seat game, bob's running game where
    # alice is a stranger, bob's private table
    alice.new_table(seats={"north": "me", "south": "me"})
    duel = bob.new_table(seats={"north": "me", "south": "open"})
    browser("carol").api("POST", f"/api/v1/tables/{duel}/join", {})
    bob.api("POST", "/api/v1/tables", {"game": "toy-duel", "seats": {"north": "me"}, "private": True})
    with app.state.sessions() as db:
        alice_id = db.scalar(select(User.id).where(User.username == "alice"))
    assert _moves_by(app, alice_id) == 0

    schema = schemathesis.openapi.from_asgi("/openapi.json", app, config=_config("alice"))
    failures: dict[tuple[str, str], str] = {}
    errors: list[str] = []
    calls: Counter[str] = Counter()
    started = time.monotonic()
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished):
            calls[event.phase.name] += len(event.recorder.interactions)
            for nodes in event.recorder.checks.values():
                for node in nodes:
                    if node.failure_info is not None:
                        failure = node.failure_info.failure
                        key = (node.name, event.recorder.label)
                        failures.setdefault(key, f"{failure.title}: {failure.message}\n{node.failure_info.code_sample}")
        elif isinstance(event, events.NonFatalError):
            errors.append(f"{event.label}: {event.value!r}")
        elif isinstance(event, events.FatalError):
            errors.append(f"fatal: {event.exception!r}")
    took = time.monotonic() - started

    report = "\n\n".join(f"{check} at {label}:\n{text[:1500]}" for (check, label), text in sorted(failures.items()))
    assert not failures, report
    assert not errors, errors
    # the run really exercised the API, and its stateful phase reached the engines
    assert calls["COVERAGE"] >= 500 and calls["FUZZING"] >= 100 and calls["STATEFUL_TESTING"] >= 100, calls
    assert _moves_by(app, alice_id) >= 2, "the stateful phase played (almost) no move through the links"
    assert verify_running_tables(app.state.sessions) == 0  # every snapshot still agrees with its move log
    assert took < 600, took
