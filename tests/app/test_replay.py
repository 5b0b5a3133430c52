"""History at the table: the whole log paged and filtered, 'since your last move', stale clicks, replays, imports."""

import re

import orjson

from tests.app.test_api import play_to_the_end, two_players


def move(who, table, verb, role=None):
    """Play the seat's first offered action with this verb, at the seq it sees."""
    view = who.view(table, role)
    action = next(a for a in view["actions"] if a["verb"] == verb)
    who.act(table, verb, action["arg"], seq=view["seq"], role=role)
    return action["arg"]


def test_the_whole_log_pages_without_javascript_and_filters_mine(browser):
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    for _ in range(2):
        move(alice, table, "raise", "north")
    move(alice, table, "done", "north")
    move(alice, table, "choose", "north")
    page = alice.c.get(f"/tables/{table}/log?as=north").text
    assert "raises the stake to 3" in page and "You chose" in page
    ids = [int(i) for i in re.findall(r'id="log-(\d+)"', page)]
    assert ids == sorted(ids, reverse=True)  # newest first, every entry an anchor
    assert 'href="/games/toy-duel/rules/reference#rule-stake"' in page
    mine = alice.c.get(f"/tables/{table}/log?mine=1&as=north").text
    assert "You chose" in mine and "raises the stake" not in mine
    south = alice.c.get(f"/tables/{table}/log?mine=1&as=south").text
    assert "You chose" not in south
    # a page of one entry: "Older entries" is a plain link to the next page
    r = alice.c.get(f"/tables/{table}/log?before={ids[1]}&as=north").text
    assert f'id="log-{ids[0]}"' not in r and f'id="log-{ids[1] - 1}"' in r


def test_since_my_last_move_groups_what_the_others_did(browser):
    alice, bob, table = two_players(browser)
    assert 'aria-label="Since your last move"' not in bob.c.get(f"/tables/{table}").text  # bob has not moved
    move(alice, table, "raise")
    move(alice, table, "done")
    move(alice, table, "choose")
    card = move(bob, table, "choose")  # the cards are shown; round 2 is bob's to lead
    move(bob, table, "raise")
    page = alice.c.get(f"/tables/{table}").text
    since = page.split('aria-label="Since your last move"', 1)[1].split("</section>", 1)[0]
    assert since.count('class="since-move"') == 2 and "South (bob)" in since and "North (alice)" not in since
    assert "bob raises the stake to 2" in since and "bob chooses a card face down" in since
    assert "You chose" not in since and "alice raises" not in since
    assert card  # bob's own card is shown to all once revealed: no secret check here


def test_a_stale_click_without_javascript_says_so(browser):
    alice = browser("alice")
    table = alice.new_table(seats={"north": "me", "south": "me"})
    alice.post(f"/tables/{table}/act", {"seq": 0, "verb": "raise", "arg": "null"})
    r = alice.post(f"/tables/{table}/act", {"seq": 0, "verb": "done", "arg": "null"}, follow_redirects=False)
    assert r.status_code == 303 and "stale=1" in r.headers["location"]
    assert "Someone moved first" in alice.c.get(r.headers["location"]).text


def test_a_finished_game_replays_step_by_step_for_anyone(browser):
    alice, bob, table = two_players(browser)
    play_to_the_end(alice, bob, table)
    carol = browser("carol")
    last = carol.c.get(f"/tables/{table}/replay").text
    steps = int(re.search(r"Move (\d+) of (\d+)", last).group(2))
    assert re.search(rf"Move {steps} of {steps}", last)
    first = carol.c.get(f"/tables/{table}/replay?step=0&as=north").text
    assert "The setup (0 of" in first and "raises the stake" not in first
    one = carol.c.get(f"/tables/{table}/replay?step=1&as=north").text
    assert "Move 1 of" in one and "raises the stake to 2" in one
    assert carol.c.get(f"/tables/{table}/replay?seq=1").text.count('aria-live="polite">Move 1 of') == 1


def test_a_running_game_replays_only_as_its_player_saw_it(browser):
    alice, bob, table = two_players(browser)
    move(alice, table, "raise")
    move(alice, table, "done")
    card = move(alice, table, "choose")
    assert browser("carol").c.get(f"/tables/{table}/replay").status_code == 403
    page = bob.c.get(f"/tables/{table}/replay?step=3").text
    assert "Move 3 of 3" in page and card not in page and "You chose" not in page
    assert "seed" not in page.lower()
    mine = alice.c.get(f"/tables/{table}/replay?step=3").text
    assert "You chose" in mine


def test_a_record_imports_from_the_web_page(browser):
    alice, bob, table = two_players(browser)
    play_to_the_end(alice, bob, table)
    record = bob.c.get(f"/tables/{table}/record").content
    assert "Import a game record" in bob.c.get("/records/import").text
    r = bob.c.post(
        "/records/import",
        data={"csrf_token": bob.csrf},
        files={"file": ("game.json", record, "application/json")},
        follow_redirects=False,
    )
    assert r.status_code == 303 and r.headers["location"].endswith("/replay")
    assert "Move " in bob.c.get(r.headers["location"]).text
    r = bob.post("/records/import", {"record": orjson.dumps({"format": "nope"}).decode()})
    assert r.status_code == 422 and "format" in r.text
    assert bob.post("/records/import", {"record": "{not json"}).status_code == 400
