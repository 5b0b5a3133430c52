"""Server-rendered pages: lobby, new table, table page, HTMX partials vs full pages, chat, invites."""

import re


def test_lobby_and_table_pages_render(browser):
    alice = browser("alice")
    assert "Start a new table" in alice.c.get("/").text
    page = alice.c.get("/tables/new?game=toy-duel").text
    assert 'name="opt_rounds"' in page and 'name="seat_north"' in page
    r = alice.post(
        "/tables",
        {
            "game": "toy-duel",
            "opt_rounds": "2",
            "opt_deck": "short",
            "seat_north": "me",
            "seat_south": "open",
            "name": "Friday duel",
        },
        follow_redirects=False,
    )
    assert r.status_code == 303
    url = r.headers["location"]
    page = alice.c.get(url).text
    assert "Friday duel" in page and 'sse-connect="/tables/' in page
    assert "The game starts when every seat is taken" in page
    assert "Friday duel" in alice.c.get("/").text


def test_new_table_form_errors_are_shown(browser):
    alice = browser("alice")
    r = alice.post("/tables", {"game": "toy-duel", "opt_rounds": "7", "seat_north": "me"})
    assert r.status_code == 422 and "rounds" in r.text


def test_new_table_pages_need_a_login(browser):
    r = browser().c.get("/tables/new", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/login?next=")


def test_htmx_gets_a_partial_and_plain_posts_a_full_page(browser):
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    r = alice.post(
        f"/tables/{table}/act",
        {"seq": 0, "verb": "raise", "arg": "null", "role": "north"},
        headers={"HX-Request": "true"},
    )
    assert r.status_code == 200
    assert r.text.lstrip().startswith('<div id="table-live"') and "<html" not in r.text
    r = alice.post(
        f"/tables/{table}/act", {"seq": 1, "verb": "raise", "arg": "null", "role": "north"}, follow_redirects=True
    )
    assert "<html" in r.text and "Play for 3" in r.text


def test_stale_htmx_move_shows_the_fresh_table(browser):
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    alice.post(f"/tables/{table}/act", {"seq": 0, "verb": "raise", "arg": "null"})
    r = alice.post(f"/tables/{table}/act", {"seq": 0, "verb": "done", "arg": "null"}, headers={"HX-Request": "true"})
    assert r.status_code == 409 and "Someone moved first" in r.text and 'data-seq="1"' in r.text


def test_illegal_htmx_move_is_a_readable_error(browser):
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    r = alice.post(f"/tables/{table}/act", {"seq": 0, "verb": "cheat", "arg": "null"}, headers={"HX-Request": "true"})
    assert r.status_code == 422 and "not one of the actions" in r.text
    assert r.headers["HX-Retarget"] == "#flash"
    r = alice.post(f"/tables/{table}/act", {"seq": 0, "verb": "raise", "arg": "{broken"})
    assert r.status_code == 422 and "not valid JSON" in r.text
    r = alice.post(f"/tables/{table}/act", {"seq": "x", "verb": "raise"})
    assert r.status_code == 422


def test_page_shows_actions_only_to_the_seat_to_act(browser):
    alice = browser("alice")
    bob = browser("bob")
    table = alice.new_table(seats={"north": "me", "south": "open"})
    bob.post(f"/tables/{table}/join", {})
    assert 'data-verb="raise"' in alice.c.get(f"/tables/{table}").text
    bob_page = bob.c.get(f"/tables/{table}").text
    assert 'data-verb="raise"' not in bob_page and "Waiting for alice" in bob_page
    spectator = browser().c.get(f"/tables/{table}").text
    assert "Spectator" in spectator and "data-verb=" not in spectator
    hand = alice.view(table)["view"]["private"]["hand"]
    for text in (bob_page, spectator):
        assert not any(card in text for card in hand)


def test_chat_and_its_limits(browser):
    alice = browser("alice")
    table = alice.new_table()
    r = alice.post(f"/tables/{table}/chat", {"text": "¡Hola, <b>amigos</b>!"}, headers={"HX-Request": "true"})
    assert r.status_code == 200 and "¡Hola, &lt;b&gt;amigos&lt;/b&gt;!" in r.text
    assert alice.post(f"/tables/{table}/chat", {"text": "   "}).status_code == 422
    assert alice.post(f"/tables/{table}/chat", {"text": "x" * 1001}).status_code == 422
    assert browser().post(f"/tables/{table}/chat", {"text": "hi"}, follow_redirects=False).status_code == 303
    assert alice.api("GET", f"/api/v1/tables/{table}/chat").json()[0]["user"] == "alice"


def test_invite_page(browser):
    alice = browser("alice")
    body = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "seats": {"north": "me", "south": "invite"}}).json()
    link = body["invites"]["south"]
    assert "Log in" in browser().c.get(link).text
    bob = browser("bob")
    page = bob.c.get(link).text
    token = re.search(r'name="invite" value="([^"]+)"', page).group(1)
    r = bob.post(f"/tables/{body['id']}/join", {"invite": token}, follow_redirects=False)
    assert r.status_code == 303 and "as=south" in r.headers["location"]
    assert "not valid any more" in bob.c.get(link).text


def test_unknown_pages_are_404_pages(browser):
    r = browser().c.get("/tables/424242")
    assert r.status_code == 404 and "<html" in r.text


def test_body_too_large_is_413(browser):
    b = browser("alice")
    r = b.c.post(
        "/api/v1/tables", content=b"x" * 2_000_001, headers={"Content-Type": "application/json", "X-CSRF-Token": b.csrf}
    )
    assert r.status_code == 413


def test_game_page_and_generic_board(browser):
    b = browser("alice")
    assert "Duel" in b.c.get("/games/toy-duel/rules").text
    table = b.new_table(seats={"north": "me", "south": "me"})
    assert "board-generic" in b.c.get(f"/tables/{table}").text


def test_invitation_links_are_shown_to_the_players_only(browser):
    alice = browser("alice")
    body = alice.api("POST", "/api/v1/tables", {"game": "toy-duel", "seats": {"north": "me", "south": "invite"}}).json()
    assert body["invites"]["south"] in alice.c.get(f"/tables/{body['id']}").text
    spectator_page = browser("carol").c.get(f"/tables/{body['id']}").text
    assert "/invite/" not in spectator_page


def test_the_page_title_says_whose_turn_it_is(browser):
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    assert "<title>▶ Your turn · " in alice.c.get(f"/tables/{table}").text
    assert "▶ Your turn" not in browser().c.get(f"/tables/{table}").text
    live = alice.c.get(f"/tables/{table}/live", headers={"HX-Request": "true"}).text
    assert "<title>▶ Your turn" in live


def test_the_lobby_offers_join_only_on_open_tables_not_on_tables_to_watch(browser):
    """A running table one may only watch has no Join button (the open tables' flag once leaked into the Watch
    rows below them)."""
    alice, bob, carol, dave = browser("alice"), browser("bob"), browser("carol"), browser("dave")
    running = alice.new_table(seats={"north": "me", "south": "open"})
    assert bob.post(f"/tables/{running}/join", follow_redirects=False).status_code == 303
    waiting = carol.new_table(seats={"north": "me", "south": "open"})
    page = dave.c.get("/").text
    assert f'action="/tables/{waiting}/join"' in page
    assert f'href="/tables/{running}"' in page  # listed to watch
    assert f'action="/tables/{running}/join"' not in page
