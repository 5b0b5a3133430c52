"""The JSON API end to end: tables, seats, views, actions (200 / 409 / 422 / 403), undo, records."""

import time

import pytest


def two_players(browser, seed=7):
    alice, bob = browser("alice"), browser("bob")
    table = alice.new_table(seats={"north": "me", "south": "open"}, seed=seed)
    r = bob.api("POST", f"/api/v1/tables/{table}/join", {})
    assert r.status_code == 200 and r.json()["role"] == "south"
    return alice, bob, table


def test_games_list_their_options_and_roles(browser):
    games = {g["id"]: g for g in browser().api("GET", "/api/v1/games").json()}
    duel = games["toy-duel"]
    assert duel["roles"] == ["north", "south"] and "random" in duel["bots"]
    assert set(duel["options_schema"]["properties"]) == {"rounds", "deck"}


def test_a_whole_game_through_the_api(browser):
    alice, bob, table = two_players(browser)
    while True:
        v = alice.view(table)
        if v["outcome"]:
            break
        for who, _role in ((alice, "north"), (bob, "south")):
            mine = who.view(table)
            if mine["actions"]:
                a = mine["actions"][-1]
                r = who.act(table, a["verb"], a["arg"], seq=mine["seq"])
                assert r.status_code == 200, r.text
    assert v["status"] == "finished" and v["outcome"]["text"]
    assert alice.api("GET", "/api/v1/tables").json()["mine"][0]["status"] == "finished"


def test_stale_seq_gets_409_with_the_fresh_view(browser):
    alice, _bob, table = two_players(browser)
    v = alice.view(table)
    assert alice.act(table, "raise", seq=v["seq"]).status_code == 200
    r = alice.act(table, "done", seq=v["seq"])  # a different move on the old seq
    assert r.status_code == 409
    assert r.json()["view"]["seq"] == v["seq"] + 1


def test_a_double_submit_is_idempotent(browser):
    alice, _bob, table = two_players(browser)
    seq = alice.view(table)["seq"]
    first = alice.act(table, "raise", seq=seq)
    again = alice.act(table, "raise", seq=seq)
    assert first.status_code == again.status_code == 200
    assert alice.view(table)["view"]["public"]["stake"] == 2


@pytest.mark.parametrize(
    "body,status,words",
    [
        ({"seq": 0, "verb": "no-such-verb"}, 422, "not one of the actions"),
        ({"seq": 0, "verb": "raise", "arg": {"x": 1}}, 422, "not one of the actions"),
        ({"seq": "zero", "verb": "raise"}, 422, "seq"),
        ({"verb": "raise"}, 422, "seq"),
        ({"seq": 0, "verb": ""}, 422, "verb"),
        ({"seq": 0, "verb": "raise", "surprise": 1}, 422, "surprise"),
        ({"seq": -1, "verb": "raise"}, 422, "seq"),
    ],
)
def test_bad_actions_get_a_clear_4xx_and_change_nothing(browser, body, status, words):
    alice, _bob, table = two_players(browser)
    before = alice.view(table)
    r = alice.api("POST", f"/api/v1/tables/{table}/actions", body)
    assert r.status_code == status, r.text
    assert words in r.text
    assert alice.view(table) == before


def test_malformed_json_is_a_4xx(browser):
    alice, _bob, table = two_players(browser)
    r = alice.c.post(
        f"/api/v1/tables/{table}/actions",
        content=b"{not json",
        headers={"Content-Type": "application/json", "X-CSRF-Token": alice.csrf},
    )
    assert r.status_code == 422


def test_nobody_acts_for_another_seat(browser):
    _alice, bob, table = two_players(browser)
    r = bob.act(table, "raise", role="north", seq=0)
    assert r.status_code == 403
    r = bob.act(table, "raise", seq=0)  # bob's own seat is not to act now
    assert r.status_code == 422 and "not" in r.json()["detail"]
    carol = browser("carol")
    assert carol.act(table, "raise", seq=0).status_code == 403
    assert browser().act(table, "raise", seq=0).status_code == 401


def test_spectators_and_other_seats_see_no_private_data(browser):
    alice, bob, table = two_players(browser)
    north = alice.view(table)
    hand = north["view"]["private"]["hand"]
    assert len(hand) == 3
    carol = browser("carol")
    for v in (bob.view(table), carol.view(table), browser().view(table)):
        text = str(v)
        assert not any(card in text for card in hand)
    assert carol.api("GET", f"/api/v1/tables/{table}?as=north").status_code == 403
    assert "rng" not in str(carol.view(table)["view"])


def test_undo_back_to_the_barrier(browser):
    alice, bob, table = two_players(browser)
    alice.act(table, "raise")
    alice.act(table, "raise")
    v = alice.view(table)
    assert v["can_undo"] and v["view"]["public"]["stake"] == 3
    assert alice.api("POST", f"/api/v1/tables/{table}/undo", {"seq": v["seq"]}).status_code == 200
    assert alice.view(table)["view"]["public"]["stake"] == 2
    alice.act(table, "done")  # now both must choose: a barrier (another role to act)
    v = alice.view(table)
    assert not v["can_undo"]
    r = alice.api("POST", f"/api/v1/tables/{table}/undo", {"seq": v["seq"]})
    assert r.status_code == 422
    assert bob.api("POST", f"/api/v1/tables/{table}/undo", {"seq": v["seq"]}).status_code == 422


def test_undo_keeps_the_move_log_append_only(app, browser):
    alice, _bob, table = two_players(browser)
    alice.act(table, "raise")
    alice.api("POST", f"/api/v1/tables/{table}/undo", {"seq": 1})
    from app.models import Move

    with app.state.sessions() as db:
        kinds = [m.kind for m in db.query(Move).filter_by(table_id=table).order_by(Move.seq)]
    assert kinds == ["action", "undo"]
    log = [e["text"] for e in alice.api("GET", f"/api/v1/tables/{table}/log").json()["entries"]]
    assert log[0] == "alice took back a move." and not any("raises" in t for t in log)


def test_bots_play_in_the_background(browser):
    alice = browser("alice")
    table = alice.new_table(seats={"north": "bot:random", "south": "bot:random"}, options={"rounds": 2})
    deadline = time.time() + 10
    while time.time() < deadline and alice.view(table)["status"] != "finished":
        time.sleep(0.05)
    assert alice.view(table)["status"] == "finished"


def play_to_the_end(alice, bob, table):
    while not alice.view(table)["outcome"]:
        for who in (alice, bob):
            mine = who.view(table)
            if mine["actions"]:
                a = mine["actions"][0]
                who.api(
                    "POST", f"/api/v1/tables/{table}/actions", {"seq": mine["seq"], "verb": a["verb"], "arg": a["arg"]}
                )


def test_a_running_game_exports_nothing_secret(browser):
    """Platform hardening §1: while the game runs, a seat's export holds no seed, no moves (they hold secret
    choices) and none of the other seat's hidden cards; spectators get nothing."""
    alice, bob, table = two_players(browser)
    alice.act(table, "done")
    north_hand = alice.view(table)["view"]["private"]["hand"]
    bob_view = bob.view(table)
    bob.api(
        "POST",
        f"/api/v1/tables/{table}/actions",
        {"seq": bob_view["seq"], "verb": "choose", "arg": bob_view["view"]["private"]["hand"][0]},
    )
    assert browser("carol").api("GET", f"/api/v1/tables/{table}/record").status_code == 403
    record = bob.api("GET", f"/api/v1/tables/{table}/record").json()
    assert record["format"] == "siglo-view/1" and record["role"] == "south"
    assert "seed" not in record and "moves" not in record
    text = str(record)
    assert not any(card in text for card in north_hand)
    assert any("chooses a card face down" in e["text"] for e in record["log"])
    r = bob.api("POST", "/api/v1/records", record)
    assert r.status_code == 422 and "cannot be replayed" in r.json()["detail"]


def test_a_finished_game_exports_its_record_and_imports(browser):
    alice, bob, table = two_players(browser)
    play_to_the_end(alice, bob, table)
    record = browser("carol").api("GET", f"/api/v1/tables/{table}/record").json()
    assert record["seed"] == 7 and record["moves"][0] == {"role": "north", "verb": "raise", "arg": None}
    r = bob.api("POST", "/api/v1/records", record)
    assert r.status_code == 201
    copy = r.json()["id"]
    assert r.json()["status"] == "finished" and r.json()["seq"] == len(record["moves"])
    assert bob.view(copy, "north")["view"]["public"] == alice.view(table)["view"]["public"]

    def shape(log):  # the copy's seats are all bob's: compare the entries, not the names in them
        return [(e["seq"], e["rule"], e["text"].replace("alice", "").replace("bob", "")) for e in log]

    assert shape(bob.view(copy, "north")["log"]) == shape(alice.view(table)["log"])
    bad = dict(record, moves=[{"role": "north", "verb": "fly", "arg": None}])
    r = bob.api("POST", "/api/v1/records", bad)
    assert r.status_code == 422 and "Move 1 does not replay" in r.json()["detail"]


def test_invites_and_open_seats(browser):
    alice = browser("alice")
    r = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "seats": {"north": "me", "south": "invite"}})
    body = r.json()
    table, link = body["id"], body["invites"]["south"]
    token = link.rsplit("/", 1)[1]
    bob = browser("bob")
    south = {s["role"]: s for s in alice.view(table)["seats"]}["south"]
    assert south["invite_only"] and south["player"] is None
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {}).status_code == 409  # no open seat
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {"invite": "guess"}).status_code == 404
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {"invite": token}).json()["role"] == "south"
    view = alice.view(table)
    assert view["status"] == "active"
    south = {s["role"]: s for s in view["seats"]}["south"]
    assert south["player"] == "bob" and not south["invite_only"]  # a seat taken by invitation waits for nobody


def test_create_table_validates_options_and_seats(browser):
    alice = browser("alice")
    for body, words in [
        ({"game": "nope"}, "no game"),
        ({"game": "toy-duel", "options": {"rounds": 9}}, "rounds"),
        ({"game": "toy-duel", "seats": {"west": "me"}}, "no seat west"),
        ({"game": "toy-duel", "seats": {"north": "bot:genius"}}, "no bot"),
        ({"game": "toy-duel", "seats": {"north": "everyone"}}, "say me, open"),
    ]:
        r = alice.api("POST", "/api/v1/tables", body)
        assert 400 <= r.status_code < 500 and words in r.text, (body, r.text)


def test_hot_seat_one_person_holds_both_seats(browser):
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    alice.act(table, "done", role="north")
    a = alice.view(table, "north")["actions"][0]
    assert alice.act(table, a["verb"], a["arg"], role="north").status_code == 200
    b = alice.view(table, "south")["actions"][0]
    assert alice.act(table, b["verb"], b["arg"], role="south").status_code == 200


def test_unknown_table_is_404(browser):
    assert browser().api("GET", "/api/v1/tables/999").status_code == 404
    assert browser().api("GET", "/api/v1/tables/abc").status_code == 422


def test_a_snapshot_that_disagrees_with_the_log_flags_the_table(app, browser):
    from app.models import GameTable, Snapshot
    from app.services import play

    alice, _bob, table = two_players(browser)
    alice.act(table, "raise")
    with app.state.sessions() as db:
        snap = db.get(Snapshot, table)
        snap.state = snap.state.replace('"stake":2', '"stake":3')
        db.commit()
        assert play.verify_running_tables(app.state.sessions) == 1
        assert "disagree" in db.get(GameTable, table).flagged
    v = alice.view(table)
    assert v["flagged"] and v["actions"] == []
    r = alice.act(table, "raise")
    assert r.status_code == 422 and "flagged" in r.json()["detail"]


def test_odd_characters_get_a_4xx_never_a_500(browser):
    alice, bob, table = two_players(browser)
    assert alice.api("POST", f"/api/v1/tables/{table}/chat", {"text": "a\x00b"}).status_code == 422
    r = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "name": "bad\x00name"})
    assert r.status_code == 422
    # a NUL in any field is refused before anything looks at it (app.inputs), a login included
    assert browser().c.post("/api/v1/tokens", json={"username": "al\x00ice", "password": "x"}).status_code == 422
    assert bob.api("POST", f"/api/v1/tables/{table}/join", {"invite": "ñandú"}).status_code in (404, 422)
    r = alice.c.post("/api/v1/tables", json={"game": "toy-duel"}, headers={"X-CSRF-Token": "ñ".encode()})
    assert r.status_code == 403
    assert alice.api("GET", f"/api/v1/tables/{2**40}").status_code == 422
    assert alice.c.get(f"/api/v1/tables/{2**40}/events").status_code == 422


def test_every_state_changing_route_checks_csrf(app):
    from fastapi.routing import APIRoute

    from app.deps import csrf_protect

    for route in app.routes:
        if isinstance(route, APIRoute) and route.methods & {"POST", "PUT", "PATCH", "DELETE"}:
            deps = [d.call for d in route.dependant.dependencies]
            assert csrf_protect in deps, f"{route.path} has no CSRF check"
