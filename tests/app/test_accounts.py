"""Platform hardening §6: the login limit keyed on the normalised name and shared through the database, proxy
headers believed only from named proxies, password change, expiring API tokens, Unicode usernames unique
case-insensitively, and failed logins that take as long for unknown names as for known ones; issue 26: a token makes
no credential, lives a year at most, a password change revokes what the old password and the other sessions made,
and the account page lists the live tokens with their last use."""

import contextlib
import statistics
import time
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient

from app.errors import Invalid, Unauthorized
from app.main import create_app
from app.models import ApiToken, User, utcnow
from app.services import accounts
from app.services.limits import Limit
from tests.app.conftest import Browser


def _proxied(settings):
    """A server behind a proxy at the test client's address: each request says which address it is from, so
    only the name's counter can block a login."""
    return TestClient(create_app(settings.model_copy(update={"trusted_proxies": ["testclient"]})))


def _login(b, username, password, address):
    return b.post("/login", {"username": username, "password": password}, headers={"X-Forwarded-For": address})


def _fail(b, username, times):
    for i in range(times):
        assert _login(b, username, "wrong", f"10.9.{times}.{i}").status_code == 401


def test_the_login_limit_is_keyed_on_the_normalised_name(settings, browser):
    browser("alice")
    browser("bob")
    with _proxied(settings) as client:
        b = Browser(client)
        _fail(b, "alice", settings.login_attempts)
        for i, typed in enumerate(("alice ", "ALICE", "Alice", "ａｌｉｃｅ")):
            assert _login(b, typed, "correct horse", f"10.8.0.{i}").status_code == 429, typed
        # it is alice's name that is locked, not the client: bob logs in
        assert _login(Browser(client), "bob", "correct horse", "10.8.1.1").status_code == 200


def test_the_login_limit_is_shared_by_every_process(settings, browser):
    browser("alice")
    with _proxied(settings) as one, _proxied(settings) as other:  # two server processes, one database
        _fail(Browser(other), "alice", settings.login_attempts)
        assert _login(Browser(one), "alice", "correct horse", "10.7.0.1").status_code == 429


def test_forwarded_for_is_believed_only_from_trusted_proxies(settings):
    for trusted, blocked in (([], True), (["testclient"], False)):
        app = create_app(settings.model_copy(update={"trusted_proxies": trusted}))
        with TestClient(app) as client:
            b = Browser(client)
            for i in range(settings.login_attempts):  # a new name each time: only the address counts
                r = b.post(
                    "/login",
                    {"username": f"nobody{i}", "password": "x" * 8},
                    headers={"X-Forwarded-For": f"10.0.0.{i}"},
                )
                assert r.status_code == 401
            r = b.post("/login", {"username": "someone", "password": "x" * 8}, headers={"X-Forwarded-For": "10.0.1.1"})
            assert (r.status_code == 429) is blocked, trusted


def test_changing_the_password_ends_every_other_session(browser):
    a1 = browser("alice")
    a2 = browser()
    a2.post("/login", {"username": "alice", "password": "correct horse"})
    r = a1.post("/account/password", {"current": "wrong one", "new": "new password"})
    assert r.status_code == 403 and "current password is wrong" in r.text
    r = a1.post("/account/password", {"current": "correct horse", "new": "new password"})
    assert r.status_code == 200 and "password is changed" in r.text
    assert a1.c.get("/api/v1/me").status_code == 200
    assert a2.c.get("/api/v1/me").status_code == 401
    b = browser()
    assert b.post("/login", {"username": "alice", "password": "correct horse"}).status_code == 401
    r = b.post("/login", {"username": "alice", "password": "new password"}, follow_redirects=False)
    assert r.status_code == 303
    r = b.api("POST", "/api/v1/me/password", {"current": "new password", "new": "third password"})
    assert r.status_code == 204 and a1.c.get("/api/v1/me").status_code == 401


def test_api_tokens_expire_and_log_out_everywhere_revokes_them(app, browser, monkeypatch):
    alice = browser("alice")
    anon = TestClient(app)
    r = anon.post("/api/v1/tokens", json={"username": "alice", "password": "correct horse", "days": 1})
    assert r.status_code == 201 and r.json()["expires_at"]
    first = {"Authorization": "Bearer " + r.json()["token"]}
    r2 = anon.post("/api/v1/tokens", json={"username": "alice", "password": "correct horse"})
    second = {"Authorization": "Bearer " + r2.json()["token"]}
    assert anon.get("/api/v1/me", headers=first).status_code == 200
    with app.state.sessions() as db:  # the token kept in memory (accounts.Logins) expires with its row's date
        expires_at = db.get(ApiToken, r.json()["id"]).expires_at
    later = accounts._aware(expires_at) + timedelta(seconds=1)
    monkeypatch.setattr(accounts, "utcnow", lambda: later)
    assert anon.get("/api/v1/me", headers=first).status_code == 401
    assert anon.get("/api/v1/me", headers=second).status_code == 200
    alice.post("/account/logout-everywhere")
    assert anon.get("/api/v1/me", headers=second).status_code == 401


def test_a_kept_login_is_the_user_and_another_process_revoking_it_is_seen_within_its_time(
    settings, browser, monkeypatch
):
    """Logins are kept ``accounts.Logins.ttl`` seconds (issue 15): the kept user is the user (its name, and its
    password when a password change reads it); a revocation here is seen at once, one made by another server
    process on the same database within the kept time."""
    monkeypatch.setattr(accounts.Logins, "ttl", 0.3)
    alice = browser("alice")
    assert alice.c.get("/api/v1/me").json()["username"] == "alice"
    assert alice.c.get("/api/v1/me").json()["username"] == "alice"  # kept
    r = alice.api("POST", "/api/v1/me/password", {"current": "correct horse", "new": "a new horse"})
    assert r.status_code == 204, r.text
    with TestClient(create_app(settings)) as other_process:
        other = Browser(other_process)
        other.c.cookies.update(alice.c.cookies)
        assert other.c.get("/api/v1/me").status_code == 200
        assert alice.api("POST", "/api/v1/me/logout-everywhere").status_code == 204
        assert alice.c.get("/api/v1/me").status_code == 401  # this process forgot it at once
        time.sleep(0.4)
        assert other.c.get("/api/v1/me").status_code == 401  # the other one within the kept time
    assert (
        browser().post("/login", {"username": "alice", "password": "a new horse"}, follow_redirects=False).status_code
        == 303
    )


def test_usernames_are_unicode_and_unique_whatever_the_case(browser):
    b = browser()
    assert "letters of any alphabet" in b.c.get("/register").text
    b.register("José María")
    assert b.c.get("/api/v1/me").json()["username"] == "José María"
    for taken in ("josé maría", "JOSÉ MARÍA", "Jose\u0301 Mari\u0301a"):  # the last one decomposed (NFD)
        r = browser().post("/register", {"username": taken, "password": "long enough"})
        assert r.status_code == 422 and "taken" in r.text, taken
    r = browser().post(
        "/login", {"username": "jose\u0301 mari\u0301a", "password": "correct horse"}, follow_redirects=False
    )
    assert r.status_code == 303
    for bad in ("two  spaces", "-dash", "semi;colon", "x²y", "ab"):
        r = browser().post("/register", {"username": bad, "password": "long enough"})
        assert r.status_code == 422 and "3 to 40" in r.text, bad


def test_a_failed_login_takes_as_long_for_an_unknown_name(app, browser):
    """Timed in pairs, a known name then an unknown one, and judged by the median of the pairs' ratios: a burst of
    load on the machine (the suite runs on two workers) slows both of a pair, not one name's every try."""
    browser("alice")
    limit = Limit(1000, 300)

    def timed(name):
        with app.state.sessions() as db:
            started = time.perf_counter()
            with contextlib.suppress(Unauthorized):
                accounts.authenticate(db, limit, name, "wrong password", "1.2.3.4")
            return time.perf_counter() - started

    timed("nobody-at-all")  # the decoy hash is made on first use
    ratios = [timed("nobody-at-all") / timed("alice") for _ in range(9)]
    assert statistics.median(ratios) > 0.5, ratios


# ----- issue 26: API tokens that outlive their revocation -----
def _password_token(app, username="alice", password="correct horse", **body) -> dict:
    r = TestClient(app).post("/api/v1/tokens", json={"username": username, "password": password, **body})
    assert r.status_code == 201, r.text
    return {"Authorization": "Bearer " + r.json()["token"]}


def _page_token(b, name="page token") -> dict:
    r = b.post("/account/tokens", {"name": name})
    assert r.status_code == 200, r.text
    return {"Authorization": "Bearer " + r.text.split('<code class="token">')[1].split("</code>")[0]}


def _works(app, headers) -> bool:
    return TestClient(app).get("/api/v1/me", headers=headers).status_code == 200


def _tokens(app) -> int:
    with app.state.sessions() as db:
        return db.query(ApiToken).count()


def test_a_token_makes_no_credential(app, browser):
    alice = browser("alice")
    token = _password_token(app)
    made = _tokens(app)
    script = TestClient(app)
    for form in ({"name": "child"}, {"name": "child", "days": "3650"}):
        r = script.post("/account/tokens", data=form, headers=token)
        assert r.status_code == 403 and "cannot make credentials" in r.text, r.text
    # a token beside the browser's cookie is still the token's request
    r = alice.c.post("/account/tokens", data={"name": "child", "csrf_token": alice.csrf}, headers=token)
    assert r.status_code == 403
    assert _tokens(app) == made


def test_a_token_lives_a_year_at_most(app, browser):
    alice = browser("alice")
    anon = TestClient(app)
    body = {"username": "alice", "password": "correct horse"}
    assert anon.post("/api/v1/tokens", json={**body, "days": 3650}).status_code == 422
    assert anon.post("/api/v1/tokens", json={**body, "days": 366}).status_code == 422
    assert anon.post("/api/v1/tokens", json={**body, "days": 365}).status_code == 201
    assert alice.post("/account/tokens", {"name": "long", "days": "366"}).status_code == 422
    assert alice.post("/account/tokens", {"name": "year", "days": "365"}).status_code == 200
    with app.state.sessions() as db, pytest.raises(Invalid):
        accounts.create_api_token(db, db.query(User).one(), "x", 366)
    assert _tokens(app) == 2


def test_changing_the_password_revokes_what_the_old_one_and_the_other_sessions_made(app, browser):
    here = browser("alice")
    there = browser()  # another login: a thief's, say
    there.post("/login", {"username": "alice", "password": "correct horse"})
    mine, theirs, scripted = _page_token(here, "mine"), _page_token(there, "theirs"), _password_token(app)
    assert here.post("/account/password", {"current": "correct horse", "new": "new password"}).status_code == 200
    assert _works(app, mine)  # made in the session that changed it
    assert not _works(app, theirs) and not _works(app, scripted)
    assert there.c.get("/api/v1/me").status_code == 401
    page = here.c.get("/account").text
    assert "mine" in page and "theirs" not in page
    # through the API with a token (no session to keep): every token ends, the asking one too
    r = TestClient(app).post("/api/v1/me/password", json={"current": "new password", "new": "third one"}, headers=mine)
    assert r.status_code == 204
    assert not _works(app, mine)


def test_logging_out_keeps_the_tokens_made_in_the_session_and_everywhere_ends_them(app, browser):
    alice = browser("alice")
    token = _page_token(alice)
    assert alice.post("/logout", follow_redirects=False).status_code == 303
    assert _works(app, token)  # the account's token, not the session's
    again = browser()
    again.post("/login", {"username": "alice", "password": "correct horse"})
    again.post("/account/logout-everywhere")
    assert not _works(app, token)


def test_the_account_page_lists_every_live_token_with_its_last_use(app, browser, monkeypatch):
    monkeypatch.setattr(accounts.Logins, "ttl", 0.0)  # every use looks the token up
    alice = browser("alice")
    used, _ = _page_token(alice, "used bot"), _page_token(alice, "idle bot")
    gone = _page_token(alice, "revoked bot")
    page = alice.c.get("/account").text
    gone_id = page.split("/account/tokens/")[1].split("/revoke")[0]  # newest first
    alice.post(f"/account/tokens/{gone_id}/revoke")
    assert not _works(app, gone)

    def last_use(name):
        with app.state.sessions() as db:
            return db.query(ApiToken).filter_by(name=name).one().last_used_at

    start = utcnow()
    monkeypatch.setattr(accounts, "utcnow", lambda: start)
    assert _works(app, used)
    first = last_use("used bot")
    assert first is not None
    monkeypatch.setattr(accounts, "utcnow", lambda: start + timedelta(seconds=59))
    assert _works(app, used) and last_use("used bot") == first  # at most once a minute
    monkeypatch.setattr(accounts, "utcnow", lambda: start + timedelta(seconds=61))
    assert _works(app, used) and last_use("used bot") != first
    monkeypatch.undo()
    page = alice.c.get("/account").text
    rows = {row.split("</td>")[0]: row for row in page.split("<tr><td>")[1:]}
    assert set(rows) == {"used bot", "idle bot"}  # the live ones, not the revoked
    assert (start + timedelta(seconds=61)).strftime("%Y-%m-%d %H:%M") in rows["used bot"]
    assert "never" in rows["idle bot"] and "this session" in rows["idle bot"]
    assert "<th></th>" not in page and '<th scope="col">Revoke</th>' in page
