"""Hostile HTTP (proof issue, part 2): targeted attacks, each refused with a clear 4xx and the table left exactly
as it was (seq, view and log). (Schemathesis over the OpenAPI document is tests/proof/test_schemathesis.py.)

tests/app/test_api.py already covers the basic refusals (unknown verb, wrong seq type, another seat, a guessed
invite on join, spectators' views); these extend them."""

from __future__ import annotations

import pytest

from tests.app.conftest import Browser


def _state(b: Browser, table: int, role: str | None = None) -> dict:
    """Everything that must not change when a request is refused: seq, the seat's view, log and actions."""
    v = b.view(table, role)
    return {k: v[k] for k in ("seq", "status", "view", "log", "actions", "active_roles", "seats", "outcome")}


# ----- targeted attacks -----


def _duel(browser):
    """alice (north) and bob (south) at a running toy-duel table, with one move played."""
    alice, bob = browser("alice"), browser("bob")
    table = alice.new_table(seats={"north": "me", "south": "open"})
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {}).status_code == 200
    assert alice.act(table, "raise").status_code == 200
    return alice, bob, table


def _unchanged(b: Browser, table: int, before: dict, role: str | None = None) -> None:
    assert _state(b, table, role) == before


def _moves(app, table: int) -> list[tuple]:
    from app.models import Move

    with app.state.sessions() as db:
        return [(m.seq, m.kind, m.role, m.verb) for m in db.query(Move).filter_by(table_id=table).order_by(Move.seq)]


def _chunks(limit: int):
    """A body streamed without Content-Length, over the limit."""
    for _ in range(limit // 65536 + 2):
        yield b" " * 65536


def test_a_streamed_huge_body_is_413(app, browser):
    """(Was a bug: FastAPI turned the aborted read into 400 'There was an error parsing the body'.)"""
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    r = alice.c.post(
        f"/api/v1/tables/{table}/chat",
        content=_chunks(app.state.settings.max_body_bytes),
        headers={"Content-Type": "application/json", "X-CSRF-Token": alice.csrf},
    )
    assert r.status_code == 413, r.text


def test_huge_bodies_are_refused_with_413(app, browser):
    alice, _bob, table = _duel(browser)
    before = _state(alice, table)
    limit = app.state.settings.max_body_bytes
    big = b'{"seq": 1, "verb": "raise", "arg": "' + b"x" * (limit + 10) + b'"}'
    r = alice.c.post(
        f"/api/v1/tables/{table}/actions",
        content=big,
        headers={"Content-Type": "application/json", "X-CSRF-Token": alice.csrf},
    )
    assert r.status_code == 413 and "larger than" in r.json()["detail"]

    r = alice.c.post(
        f"/api/v1/tables/{table}/chat",
        content=_chunks(limit),
        headers={"Content-Type": "application/json", "X-CSRF-Token": alice.csrf},
    )
    assert r.status_code == 413
    r = alice.c.post(
        f"/api/v1/tables/{table}/actions",
        content=b"{}",
        headers={"Content-Type": "application/json", "Content-Length": "1e9", "X-CSRF-Token": alice.csrf},
    )
    assert r.status_code in (400, 413)
    # just under the limit but absurd: a clear 422, not a crash
    r = alice.api(
        "POST", f"/api/v1/tables/{table}/actions", {"seq": before["seq"], "verb": "raise", "arg": "x" * (limit - 200)}
    )
    assert r.status_code == 422
    r = alice.api("POST", f"/api/v1/tables/{table}/chat", {"text": "x" * 5000})
    assert r.status_code == 422
    _unchanged(alice, table, before)
    assert alice.api("GET", f"/api/v1/tables/{table}/chat").json() == []


WRONG_BODIES = [
    {"seq": 1.5, "verb": "raise"},
    {"seq": "1", "verb": ["raise"]},
    {"seq": 2**31, "verb": "raise"},
    {"seq": 10**400, "verb": "raise"},
    {"seq": 1, "verb": "raise", "role": 7},
    {"seq": 1, "verb": "raise", "role": ["north"]},
    {"seq": 1, "verb": "raise", "role": "x" * 41},
    {"seq": 1, "verb": "r" * 61},
    {"seq": 1, "verb": "raise\u0000"},
    {"seq": 1, "verb": "raise", "arg": 10**400},
    {"seq": 1, "verb": "raise", "arg": float("1e308")},
    {"seq": 1, "verb": "choose", "arg": ["toy:card:1"] * 1000},
    {"seq": 1, "verb": "choose", "arg": {"__proto__": 1, "$where": "1"}},
    [{"seq": 1, "verb": "raise"}],
    "raise",
    None,
]


def test_wrong_types_get_a_4xx_and_change_nothing(app, browser):
    alice, _bob, table = _duel(browser)
    before, moves = _state(alice, table), _moves(app, table)
    for body in WRONG_BODIES:
        r = alice.api("POST", f"/api/v1/tables/{table}/actions", body)
        assert 400 <= r.status_code < 500, (body, r.status_code, r.text[:300])
        assert r.json()["detail"]
    _unchanged(alice, table, before)
    assert _moves(app, table) == moves


def test_a_boolean_seq_is_refused(app, browser):
    """(Was a bug: a lax int took JSON true as seq 1 and played the move.)"""
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    alice.act(table, "raise", role="north")
    before, moves = _state(alice, table), _moves(app, table)
    r = alice.api("POST", f"/api/v1/tables/{table}/actions", {"seq": True, "verb": "raise", "role": "north"})
    assert r.status_code == 422, r.text
    _unchanged(alice, table, before)
    assert _moves(app, table) == moves


def test_deeply_nested_json_is_a_4xx(app, browser):
    alice, _bob, table = _duel(browser)
    before = _state(alice, table)
    deep = b'{"seq": 1, "verb": "raise", "arg": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    r = alice.c.post(
        f"/api/v1/tables/{table}/actions",
        content=deep,
        headers={"Content-Type": "application/json", "X-CSRF-Token": alice.csrf},
    )
    assert 400 <= r.status_code < 500, r.text[:200]
    _unchanged(alice, table, before)


ODD_PATHS = [
    "/api/v1/tables/0",
    "/api/v1/tables/-1",
    f"/api/v1/tables/{2**31}",
    "/api/v1/tables/1e3",
    "/api/v1/tables/%00",
    "/tables/99999999999999999999",
    "/api/v1/tables/1/record?x=%ff",
    "/tables/1?as=%00",
    "/api/v1/tables/1?as=" + "n" * 41,
]


def test_odd_paths_are_a_4xx(browser):
    anon = browser()
    for path in ODD_PATHS:
        r = anon.api("GET", path)
        assert 400 <= r.status_code < 500, (path, r.status_code, r.text[:200])


def test_unknown_http_methods_are_405(browser):
    alice, _bob, table = _duel(browser)
    before = _state(alice, table)
    for method, path in [
        (m, p)
        for m in ("PUT", "DELETE", "PATCH")
        for p in (f"/api/v1/tables/{table}", f"/api/v1/tables/{table}/actions", f"/tables/{table}/act")
    ]:
        r = alice.api(method, path, {"seq": before["seq"], "verb": "raise"})
        assert r.status_code == 405, (method, path, r.status_code)
    _unchanged(alice, table, before)


def test_unknown_and_out_of_turn_verbs_through_the_form(app, browser):
    """The HTML form route (/tables/N/act) refuses what the API refuses."""
    alice, bob, table = _duel(browser)
    before, moves = _state(alice, table), _moves(app, table)
    seq = before["seq"]
    for form in (
        {"seq": seq, "verb": "fly"},
        {"seq": seq, "verb": "raise", "arg": "{not json"},
        {"seq": seq, "verb": "raise", "arg": '"x"'},
        {"seq": "abc", "verb": "raise"},
        {"seq": seq, "verb": "x" * 61},
        {"seq": seq, "verb": "raise", "role": "south"},
    ):
        r = alice.post(f"/tables/{table}/act", form, headers={"HX-Request": "true"})
        assert 400 <= r.status_code < 500, (form, r.status_code)
    r = bob.post(f"/tables/{table}/act", {"seq": seq, "verb": "raise"}, headers={"HX-Request": "true"})
    assert r.status_code == 422  # bob's seat is not to act
    _unchanged(alice, table, before)
    assert _moves(app, table) == moves


def test_other_users_tables_and_seats(app, browser):
    alice, bob, table = _duel(browser)
    carol = browser("carol")
    before, moves = _state(alice, table), _moves(app, table)
    seq = before["seq"]
    assert carol.act(table, "raise", seq=seq, role="north").status_code == 403
    assert carol.act(table, "raise", seq=seq, role="south").status_code == 403
    assert carol.act(table, "raise", seq=seq, role="nobody").status_code == 403
    assert bob.act(table, "raise", seq=seq, role="north").status_code == 403
    for who, role in ((carol, None), (carol, "north"), (bob, "north")):
        r = who.api("POST", f"/api/v1/tables/{table}/undo", {"seq": seq, "role": role})
        assert r.status_code == 403, (role, r.text)
    # a seat already taken cannot be taken again, by role or by a second join (409: someone came first)
    assert carol.api("POST", f"/api/v1/tables/{table}/join", {"role": "north"}).status_code == 409
    assert carol.api("POST", f"/api/v1/tables/{table}/join", {"role": "south"}).status_code == 409
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {"role": "north"}).status_code == 409
    # the HTML routes refuse the same
    r = carol.post(
        f"/tables/{table}/act", {"seq": seq, "verb": "raise", "role": "north"}, headers={"HX-Request": "true"}
    )
    assert r.status_code == 403
    r = carol.post(f"/tables/{table}/undo", {"seq": seq, "role": "north"}, headers={"HX-Request": "true"})
    assert r.status_code == 403
    _unchanged(alice, table, before)
    assert _moves(app, table) == moves
    assert [s["player"] for s in before["seats"]] == ["alice", "bob"]


def test_stale_and_future_seq(app, browser):
    alice, bob, table = _duel(browser)
    before, moves = _state(alice, table), _moves(app, table)
    seq = before["seq"]
    for bad in (seq - 1, seq + 1, seq + 1000):
        r = alice.act(table, "done", seq=bad)
        assert r.status_code == 409, (bad, r.text)
        assert r.json()["view"]["seq"] == seq  # the fresh view comes with the refusal
        r = alice.api("POST", f"/api/v1/tables/{table}/undo", {"seq": bad})
        assert r.status_code == 409, (bad, r.text)
    r = alice.post(f"/tables/{table}/act", {"seq": seq + 1, "verb": "done"}, headers={"HX-Request": "true"})
    assert r.status_code == 409
    # a replay of an old move by another seat is no double submit: refused
    assert bob.act(table, "raise", seq=seq - 1).status_code in (403, 409, 422)
    _unchanged(alice, table, before)
    assert _moves(app, table) == moves
    # the sender's own double submit is idempotent and plays nothing twice
    assert alice.act(table, "raise", seq=seq - 1).status_code == 200
    _unchanged(alice, table, before)
    assert _moves(app, table) == moves


def test_csrf_tokens_missing_replayed_or_foreign_on_forms(app, browser):
    """A logged-in browser's form posts need its own CSRF token: none, a wrong one or another browser's is 403."""
    alice, bob, table = _duel(browser)
    before, moves = _state(alice, table), _moves(app, table)
    seq = before["seq"]
    for token in (None, "", "forged", bob.csrf):
        data = {"seq": seq, "verb": "done"} | ({"csrf_token": token} if token is not None else {})
        for path, body in (
            (f"/tables/{table}/act", data),
            (f"/tables/{table}/undo", data),
            (f"/tables/{table}/chat", {"text": "hi", **data}),
        ):
            r = alice.c.post(path, data=body, headers={"HX-Request": "true"})
            assert r.status_code == 403, (token, path, r.status_code)
        r = alice.c.post(
            f"/api/v1/tables/{table}/chat",
            json={"text": "hi"},
            headers={} if token is None else {"X-CSRF-Token": token},
        )
        assert r.status_code == 403, token
    # a token replayed from another browser together with that browser's cookie value still needs the session
    # cookie to match: bob's token with alice's session is refused above; alice's own token works
    r = alice.post(f"/tables/{table}/chat", {"text": "hola"}, headers={"HX-Request": "true"})
    assert r.status_code == 200
    _unchanged(alice, table, before)
    assert _moves(app, table) == moves


@pytest.mark.parametrize("path", ["actions", "undo"])
def test_csrf_is_needed_for_api_moves_with_the_login_cookie(app, browser, path):
    """README: browser requests carrying the login cookie must send the CSRF token, on every state change.
    (Was a bug: the API's actions and undo routes had no CSRF dependency.)"""
    alice, bob, table = _duel(browser)
    before, moves = _state(alice, table), _moves(app, table)
    body = {"seq": before["seq"], "verb": "raise"} if path == "actions" else {"seq": before["seq"]}
    r = alice.c.post(f"/api/v1/tables/{table}/{path}", json=body, headers={"X-CSRF-Token": bob.csrf})
    assert r.status_code == 403, r.text
    r = alice.c.post(f"/api/v1/tables/{table}/{path}", json=body)
    assert r.status_code == 403, r.text
    _unchanged(alice, table, before)
    assert _moves(app, table) == moves


def test_guessed_and_misused_invite_tokens(app, browser):
    alice = browser("alice")
    r = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "seats": {"north": "me", "south": "invite"}})
    table, link = r.json()["id"], r.json()["invites"]["south"]
    token = link.rsplit("/", 1)[1]
    r = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "seats": {"north": "me", "south": "invite"}})
    other, other_token = r.json()["id"], r.json()["invites"]["south"].rsplit("/", 1)[1]
    mallory = browser("mallory")
    before = _state(alice, table)
    import secrets

    guesses = [secrets.token_urlsafe(18) for _ in range(30)] + [
        token[:-1],
        token.upper(),
        token + "x",
        " " + token,
        token[:10],
        "%",
        "*",
        "' OR 1=1 --",
        "x" * 100,
        other_token,
    ]  # another table's valid invite
    for guess in guesses:
        r = mallory.api("POST", f"/api/v1/tables/{table}/join", {"invite": guess})
        assert r.status_code == 404, (guess, r.status_code, r.text)
        r = mallory.post(f"/tables/{table}/join", {"invite": guess}, follow_redirects=False)
        assert r.status_code == 404, (guess, r.status_code)
    assert mallory.api("POST", f"/api/v1/tables/{table}/join", {"invite": "x" * 101}).status_code == 422
    assert mallory.api("POST", f"/api/v1/tables/{table}/join", {"role": "south"}).status_code == 422
    for guess in (guesses[0], "x" * 300):  # the invitation page with a bad token says so, no 5xx
        assert 200 <= mallory.c.get(f"/invite/{table}/{guess}").status_code < 500
    _unchanged(alice, table, before)
    assert before["status"] == "waiting"
    # the real token works once, then it is spent
    bob = browser("bob")
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {"invite": token}).json()["role"] == "south"
    assert mallory.api("POST", f"/api/v1/tables/{table}/join", {"invite": token}).status_code == 409  # used
    assert alice.view(other)["status"] == "waiting"


def _hidden(app, table: int) -> set[str]:
    """Every hidden object's id (a spectator may see none of them)."""
    import orjson

    from app.models import Snapshot
    from engines import registry

    with app.state.sessions() as db:
        from app.models import GameTable

        game = registry.get_game(db.get(GameTable, table).game_id)
        state = orjson.loads(db.get(Snapshot, table).state)
    return set(game.secrets(state))


def _play_some(b: Browser, table: int, roles: list[str], moves: int) -> None:
    for _ in range(moves):
        v = b.view(table)
        active = [r for r in v["active_roles"] if r in roles]
        if not active or v["outcome"]:
            return
        mine = b.view(table, active[0])
        a = mine["actions"][0]
        assert b.act(table, a["verb"], a["arg"], seq=mine["seq"], role=active[0]).status_code == 200


@pytest.mark.parametrize(
    "game,roles", [("toy-duel", ["north", "south"]), ("15-dias", ["player1", "player2", "player3", "player4"])]
)
def test_spectators_ask_for_private_data(app, browser, game, roles):
    """Every way a spectator (logged in or not) can ask for a seat's view gives nothing private: API with ?as=,
    the table page and its live partial with ?as=, the record of an unfinished game, the chat."""
    alice = browser("alice")
    table = alice.new_table(game=game, seats=dict.fromkeys(roles, "me"))
    _play_some(alice, table, roles, 6)
    secrets_ = _hidden(app, table)
    assert secrets_, "the test needs something hidden"
    carol, anon = browser("carol"), browser()
    for who in (carol, anon):
        for role in roles:
            r = who.api("GET", f"/api/v1/tables/{table}?as={role}")
            assert r.status_code in (401, 403), (role, r.status_code)
            for page in (f"/tables/{table}?as={role}", f"/tables/{table}/live?as={role}"):
                r = who.c.get(page)
                assert r.status_code == 403  # SeatDep: not their seat
                leaked = [i for i in secrets_ if i in r.text]
                assert not leaked, (page, leaked[:5])
        v = who.api("GET", f"/api/v1/tables/{table}").json()
        assert v["role"] is None and v["actions"] == [] and not v["can_undo"]
        text = str(v)
        assert not [i for i in secrets_ if i in text]
        assert who.api("GET", f"/api/v1/tables/{table}/record").status_code in (401, 403)
        assert who.c.get(f"/tables/{table}/record").status_code in (401, 403)


def test_nul_and_odd_characters_in_text_fields(app, browser):
    """Text that PostgreSQL cannot store (NUL), that no encoding carries (lone surrogates, sent as their JSON
    escapes) or that is odd (RTL marks, markup) in every free-text field: a 4xx or a clean store, never a 5xx;
    NUL and lone surrogates always a 4xx whose answer encodes. (tests/proof/test_hostile_inputs.py sends such
    text to every input the app declares.)"""
    import json

    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    before = _state(alice, table)
    for text in ("a\u0000b", "\ud800", "x\udfffy", "\u202eevil", "\U0001f600", "<script>alert(1)</script>"):
        for method, path, body in (
            ("POST", f"/api/v1/tables/{table}/chat", {"text": text}),
            ("POST", "/api/v1/tables", {"game": "toy-duel", "name": text, "seats": {"north": "me"}}),
            ("POST", "/api/v1/tables", {"game": "toy-duel", "seats": {text: "me"}}),
            ("POST", "/api/v1/tokens", {"username": "alice", "password": "correct horse", "name": text}),
            ("POST", "/api/v1/users", {"username": text, "password": text * 3}),
            ("POST", f"/api/v1/tables/{table}/actions", {"seq": 0, "verb": text, "role": "north"}),
            ("POST", f"/api/v1/tables/{table}/actions", {"seq": 0, "verb": "raise", "role": text}),
            ("POST", f"/api/v1/tables/{table}/join", {"invite": text}),
            ("POST", "/api/v1/records", {"game": "toy-duel", "moves": [{"role": text, "verb": text}]}),
        ):
            r = alice.c.request(
                method,
                path,
                content=json.dumps(body).encode(),  # ASCII: a lone surrogate travels as its escape
                headers={"Content-Type": "application/json", "X-CSRF-Token": alice.csrf},
            )
            assert r.status_code < 500, (ascii(text), path, r.status_code, r.text[:300])
            r.content.decode("utf-8")
            if "\x00" in text or any(0xD800 <= ord(c) <= 0xDFFF for c in text):
                assert r.status_code == 422, (ascii(text), path, r.status_code)
    assert _state(alice, table)["seq"] == before["seq"]
    page = alice.c.get(f"/tables/{table}")
    assert page.status_code == 200 and "<script>alert(1)</script>" not in page.text
