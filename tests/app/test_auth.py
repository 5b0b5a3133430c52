"""Accounts: register, log in and out, revocable sessions, rate limit, API tokens, CSRF."""


def test_register_login_logout(browser):
    b = browser("alice")
    assert b.c.get("/api/v1/me").json()["username"] == "alice"
    r = b.post("/logout", follow_redirects=False)
    assert r.status_code == 303
    assert b.c.get("/api/v1/me").status_code == 401
    r = b.post("/login", {"username": "alice", "password": "correct horse"}, follow_redirects=False)
    assert r.status_code == 303
    assert b.c.get("/api/v1/me").json()["username"] == "alice"


def test_password_is_stored_as_argon2id(app, browser):
    browser("alice")
    from app.models import User

    with app.state.sessions() as db:
        user = db.query(User).one()
    assert user.password_hash.startswith("$argon2id$")
    assert "correct horse" not in user.password_hash


def test_bad_registrations_are_refused_with_a_reason(browser):
    b = browser()
    for username, password, reason in [
        ("al", "long enough", "3 to 40"),
        ("alice", "short", "at least 8"),
        ("bad name!", "long enough", "3 to 40"),
    ]:
        r = b.post("/register", {"username": username, "password": password})
        assert r.status_code == 422 and reason in r.text
    b.register("alice")
    r = browser().post("/register", {"username": "alice", "password": "another one"})
    assert r.status_code == 422 and "taken" in r.text


def test_wrong_password_then_rate_limit(app, browser):
    browser("alice")
    b = browser()
    for _ in range(app.state.settings.login_attempts):
        assert b.post("/login", {"username": "alice", "password": "wrong"}).status_code == 401
    r = b.post("/login", {"username": "alice", "password": "correct horse"})
    assert r.status_code == 429 and "Too many" in r.text


def test_logout_everywhere_revokes_every_session(browser):
    a1 = browser("alice")
    a2 = browser()
    a2.post("/login", {"username": "alice", "password": "correct horse"})
    assert a2.c.get("/api/v1/me").status_code == 200
    a1.post("/account/logout-everywhere")
    assert a2.c.get("/api/v1/me").status_code == 401


def test_forged_session_cookie_is_ignored(browser):
    b = browser()
    b.c.cookies.set("siglo_session", "forged.value")
    assert b.c.get("/api/v1/me").status_code == 401


def test_missing_or_wrong_csrf_token_is_refused(browser):
    b = browser("alice")
    r = b.c.post("/tables", data={"game": "toy-duel"})
    assert r.status_code == 403 and "security token" in r.text
    r = b.c.post("/tables", data={"game": "toy-duel", "csrf_token": "not-the-cookie"})
    assert r.status_code == 403
    r = b.c.post("/api/v1/tables", json={"game": "toy-duel"}, headers={"X-CSRF-Token": "replayed-old-token"})
    assert r.status_code == 403


def test_api_token_flow(browser):
    browser("alice")
    script = browser()
    r = script.c.post("/api/v1/tokens", json={"username": "alice", "password": "correct horse", "name": "bot"})
    assert r.status_code == 201
    token = r.json()["token"]
    from fastapi.testclient import TestClient

    anon = TestClient(script.c.app)
    h = {"Authorization": f"Bearer {token}"}
    assert anon.get("/api/v1/me", headers=h).json()["username"] == "alice"
    r = anon.post("/api/v1/tables", json={"game": "toy-duel", "seats": {"north": "me"}}, headers=h)
    assert r.status_code == 201  # a token needs no CSRF token: it carries no ambient authority
    assert anon.get("/api/v1/me", headers={"Authorization": "Bearer nope"}).status_code == 401


def test_account_page_creates_and_revokes_tokens(browser):
    b = browser("alice")
    r = b.post("/account/tokens", {"name": "my bot"})
    assert r.status_code == 200 and "shown once" in r.text
    token = r.text.split('<code class="token">')[1].split("</code>")[0]
    from fastapi.testclient import TestClient

    anon = TestClient(b.c.app)
    assert anon.get("/api/v1/me", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    page = b.c.get("/account").text
    token_id = page.split("/account/tokens/")[1].split("/revoke")[0]
    b.post(f"/account/tokens/{token_id}/revoke")
    assert anon.get("/api/v1/me", headers={"Authorization": f"Bearer {token}"}).status_code == 401


def test_login_redirect_is_never_offsite(browser):
    browser("alice")
    b = browser()
    r = b.post(
        "/login", {"username": "alice", "password": "correct horse", "next": "//evil.example/"}, follow_redirects=False
    )
    assert r.headers["location"] == "/"
