"""Platform hardening §4–5: private tables, tables without spectators, and who may hold several seats."""

PRIVATE = {"game": "toy-duel", "seats": {"north": "me", "south": "invite"}, "private": True, "seed": 3}


def _urls(table):
    return [
        f"/tables/{table}",
        f"/tables/{table}/live",
        f"/tables/{table}/log",
        f"/tables/{table}/chat",
        f"/tables/{table}/record",
        f"/api/v1/tables/{table}",
        f"/api/v1/tables/{table}/log",
        f"/api/v1/tables/{table}/chat",
        f"/api/v1/tables/{table}/record",
        f"/api/v1/tables/{table}/events",
    ]


def _listed(who, table):
    lobby = who.api("GET", "/api/v1/tables").json()
    return {key for key, rows in lobby.items() if any(r["id"] == table for r in rows)}


def test_a_private_table_is_listed_nowhere_and_shown_to_its_players_only(browser):
    alice = browser("alice")
    r = alice.api("POST", "/api/v1/tables", PRIVATE)
    assert r.status_code == 201 and r.json()["private"] and not r.json()["spectators"]
    table, link = r.json()["id"], r.json()["invites"]["south"]
    carol, anonymous = browser("carol"), browser()
    for who in (carol, anonymous):
        assert _listed(who, table) == set()
        for url in _urls(table):
            r = who.c.get(url, headers={"Accept": "application/json"} if "/api/" in url else {})
            assert r.status_code == 403, (url, r.status_code)
    r = carol.api("POST", f"/api/v1/tables/{table}/join", {})  # refused before the seats are told (issue 26)
    assert r.status_code == 403 and "invitation" in r.json()["detail"]
    r = carol.c.get(f"/invite/{table}/not-the-token")  # a guessed invitation: not valid, the table not named
    assert "not valid" in r.text and "alice's" not in r.text
    assert "alice&#39;s Duel" in carol.c.get(link).text or "alice's Duel" in carol.c.get(link).text
    assert carol.api("POST", f"/api/v1/tables/{table}/chat", {"text": "hi"}).status_code == 403
    assert _listed(alice, table) == {"mine"}
    for url in _urls(table)[:-1]:
        assert alice.c.get(url).status_code == 200, url
    bob = browser("bob")  # the invited: the invitation page shows the seat; once seated bob sees the table
    assert "Take the seat" in bob.c.get(link).text
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {"invite": link.rsplit("/", 1)[1]}).status_code == 200
    assert bob.c.get(f"/tables/{table}").status_code == 200 and bob.view(table)["role"] == "south"


def test_a_private_tables_open_seats_become_invitations(browser):
    alice = browser("alice")
    r = alice.api("POST", "/api/v1/tables", {**PRIVATE, "seats": {"north": "me"}})
    assert set(r.json()["invites"]) == {"south"}
    table = r.json()["id"]
    carol = browser("carol")
    for body in ({"role": "south"}, {"role": "west"}):  # nothing told of its seats to a stranger (issue 26)
        r = carol.api("POST", f"/api/v1/tables/{table}/join", body)
        assert r.status_code == 403 and "south" not in r.text and "west" not in r.text


def test_the_creator_may_refuse_spectators(browser):
    alice, bob, carol = browser("alice"), browser("bob"), browser("carol")
    table = alice.api(
        "POST", "/api/v1/tables", {"game": "toy-duel", "seats": {"north": "me", "south": "open"}, "spectators": False}
    ).json()["id"]
    assert _listed(carol, table) == {"open"}  # joinable, not watchable
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {}).status_code == 200
    assert _listed(carol, table) == set()
    assert carol.api("GET", f"/api/v1/tables/{table}").status_code == 403
    assert carol.api("GET", f"/api/v1/tables/{table}/chat").status_code == 403
    assert bob.api("GET", f"/api/v1/tables/{table}/chat").status_code == 200


def test_the_new_table_form_makes_a_private_table(browser):
    alice = browser("alice")
    r = alice.post(
        "/tables",
        {"game": "toy-duel", "seat_north": "me", "seat_south": "open", "private": "on"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    table = int(r.headers["location"].rsplit("/", 1)[1])
    assert browser("carol").c.get(f"/tables/{table}").status_code == 403
    assert "/invite/" in alice.c.get(f"/tables/{table}").text


def test_a_stranger_takes_one_seat_only(browser):
    alice, bob = browser("alice"), browser("bob")
    table = alice.new_table(seats={"north": "open", "south": "open"})
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {"role": "north"}).status_code == 200
    r = bob.api("POST", f"/api/v1/tables/{table}/join", {"role": "south"})
    assert r.status_code == 403 and "hot-seat" in r.json()["detail"]
    assert "private" not in str(bob.view(table)["view"].get("private", {}).get("south", ""))


def test_hot_seat_is_the_creators_choice(browser):
    alice = browser("alice")
    plain = alice.new_table(seats={"north": "me", "south": "open"})
    assert alice.api("POST", f"/api/v1/tables/{plain}/join", {}).status_code == 403
    r = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "seats": {"north": "me"}, "hot_seat": True})
    hot = r.json()["id"]
    assert alice.api("POST", f"/api/v1/tables/{hot}/join", {}).status_code == 200
    assert alice.view(hot)["status"] == "active"
    both = alice.new_table(seats={"north": "me", "south": "me"})  # "me" at two seats chooses hot-seat
    assert alice.api("GET", "/api/v1/tables").json()["mine"][0]["hot_seat"] and alice.view(both)["status"] == "active"


def test_the_visibility_rule_and_its_query_agree(app, browser):
    """``tables.may_see`` (one table) and ``tables.seen_by`` (a query's WHERE) are one rule (issue 26)."""
    from sqlalchemy import select

    from app.models import GameTable, User
    from app.services import tables

    alice, bob = browser("alice"), browser("bob")
    alice.api("POST", "/api/v1/tables", PRIVATE)
    bob.api("POST", "/api/v1/tables", PRIVATE)
    alice.new_table(seats={"north": "me", "south": "open"})
    with app.state.sessions() as db:
        every = list(db.scalars(select(GameTable)))
        for user in [None, *db.scalars(select(User))]:
            seen = set(db.scalars(select(GameTable.id).where(tables.seen_by(user))))
            assert seen == {t.id for t in every if tables.may_see(t, user)}
            assert 0 < len(seen) < len(every)
