"""A move answered by the sections that changed (app/live_parts.py; issue 26 › Performance, issue 28 › Speed): the
head and the changed sections swapped out of band, the log's new entries alone; the whole table to a page that is
behind or of another seat; nothing of another seat's hidden data, not even as a fingerprint."""

import copy
import re
from types import SimpleNamespace

from app import live_parts
from engines import registry

BOTH = {"north": "me", "south": "me"}


def have_of(html: str) -> str:
    """The X-Live-Have a page holding ``html`` sends (static/js/site.js)."""
    fp = live_parts.sections_of(html)
    return ";".join([f"{k}={v}" for k, v in fp.items()] + [f"top={top_of(html)}"])


def top_of(html: str) -> str:
    """The newest log entry as the page names it: its id and its move's seq."""
    top = re.search(r'id="live-log-list">\s*<li id="log-(\d+)"[^>]*><a class="anchor"[^>]*>#(\d+)<', html)
    return f"{top.group(1)}.{top.group(2)}" if top else ""


def act(who, table, verb, seq, role, have=None):
    headers = {"HX-Request": "true", **({live_parts.HAVE: have} if have is not None else {})}
    return who.post(f"/tables/{table}/act", {"seq": seq, "verb": verb, "arg": "null", "role": role}, headers=headers)


def oob_ids(html: str) -> set[str]:
    return set(re.findall(r'id="([\w-]+)"[^>]*hx-swap-oob', html))


def test_a_move_answer_is_the_head_and_the_changed_sections(browser):
    alice = browser("alice")
    table = alice.new_table(seats=BOTH)
    page = alice.c.get(f"/tables/{table}/live?as=north").text
    assert page.lstrip().startswith('<div id="table-live"') and 'data-frame="' in page
    r = act(alice, table, "raise", 0, "north", have_of(page))
    assert r.status_code == 200 and r.headers["HX-Retarget"] == "#live-head"
    assert r.text.lstrip().startswith('<div id="live-head"') and 'data-seq="1"' in r.text
    # the stake changed (the board), the forms carry the new seq (the prompt); the seats, "since your last move"
    # and the outcome did not; the log sends its one new entry on top of the list, not the section
    assert oob_ids(r.text) == {"live-board", "decision", "live-log-list"}
    assert 'id="live-seats"' not in r.text and 'id="live-log"' not in r.text and "chat" not in r.text
    new = re.findall(r'<li id="log-(\d+)"', r.text)
    assert len(new) == 1 and 'hx-swap-oob="afterbegin"' in r.text
    assert len(r.text) < len(alice.c.get(f"/tables/{table}/live?as=north").text)


def test_what_the_partial_answers_add_up_to_is_the_whole_table(browser):
    """After a few partial answers, the page's sections hold the fingerprints a fresh page shows, and the log
    the same entries."""
    alice = browser("alice")
    table = alice.new_table(seats=BOTH)
    page = alice.c.get(f"/tables/{table}/live?as=north").text
    held = live_parts.sections_of(page)
    entry = r'<li id="log-(\d+)"[^>]*><a class="anchor"[^>]*>#(\d+)<'
    log = re.findall(entry, page)
    for seq, verb in enumerate(("raise", "raise", "done")):
        have = ";".join([f"{k}={v}" for k, v in held.items()] + [f"top={'.'.join(log[0]) if log else ''}"])
        r = act(alice, table, verb, seq, "north", have)
        assert r.status_code == 200, r.text
        for name, fp in live_parts.sections_of(r.text).items():
            held[name] = fp
        added = re.search(r'id="live-log-list" hx-swap-oob="afterbegin">(.*?)</ol>', r.text, re.S)
        if added:
            log = re.findall(entry, added.group(1)) + log
        elif 'id="live-log"' in r.text:
            log = re.findall(entry, r.text)
    fresh = alice.c.get(f"/tables/{table}/live?as=north").text
    assert held == live_parts.sections_of(fresh)
    assert log == re.findall(entry, fresh)


def test_a_page_behind_or_of_another_frame_gets_the_whole_table(browser):
    alice = browser("alice")
    table = alice.new_table(seats=BOTH)
    page = alice.c.get(f"/tables/{table}/live?as=north").text
    have = have_of(page)
    whole = '<div id="table-live"'
    # another frame (the header of another seat's page), a header no page writes, none at all
    south = have_of(alice.c.get(f"/tables/{table}/live?as=south").text)
    assert act(alice, table, "raise", 0, "north", south).text.lstrip().startswith(whole)
    assert act(alice, table, "raise", 1, "north", "nonsense").text.lstrip().startswith(whole)
    r = act(alice, table, "done", 2, "north")
    assert r.text.lstrip().startswith(whole) and "HX-Retarget" not in r.headers
    # a move sent from a page that is behind (its seq is not the table's): 409 and the whole table
    r = act(alice, table, "done", 1, "north", have)
    assert r.status_code == 409 and r.text.lstrip().startswith(whole) and "Someone moved first" in r.text


def test_an_undo_sends_the_log_anew(browser):
    alice = browser("alice")
    table = alice.new_table(seats=BOTH)
    assert act(alice, table, "raise", 0, "north").status_code == 200
    page = alice.c.get(f"/tables/{table}/live?as=north").text
    assert "Undo my last move" in page
    r = alice.post(
        f"/tables/{table}/undo",
        {"seq": 1, "role": "north"},
        headers={"HX-Request": "true", live_parts.HAVE: have_of(page)},
    )
    assert r.status_code == 200 and "Move taken back" in r.text
    # the entry on top of the page's log is gone: the section comes whole
    assert 'id="live-log"' in r.text and 'hx-swap-oob="afterbegin"' not in r.text


def test_a_seats_refresh_after_another_seats_move_is_partial_and_keeps_its_hand(browser):
    alice, bob = browser("alice"), browser("bob")
    table = alice.new_table(seats={"north": "me", "south": "open"})
    bob.post(f"/tables/{table}/join", {"role": "south"})
    south_page = bob.c.get(f"/tables/{table}/live?as=south").text
    north_hand = alice.view(table, "north")["view"]["private"]["hand"]
    assert act(alice, table, "raise", 0, "north").status_code == 200
    r = bob.c.get(
        f"/tables/{table}/live?as=south", headers={"HX-Request": "true", live_parts.HAVE: have_of(south_page)}
    )
    assert r.headers.get("HX-Retarget") == "#live-head" and "live-board" in oob_ids(r.text)
    assert not any(card in r.text for card in north_hand)


def test_the_no_script_page_works_after_a_plain_post(browser):
    alice = browser("alice")
    table = alice.new_table(seats=BOTH)
    r = alice.post(
        f"/tables/{table}/act", {"seq": 0, "verb": "raise", "arg": "null", "role": "north"}, follow_redirects=False
    )
    assert r.status_code == 303
    page = alice.c.get(r.headers["location"]).text
    assert "<html" in page and 'data-live="board"' in page and 'data-seq="1"' in page


def _ctx(view, role):
    table = SimpleNamespace(id=1, seq=4, status="active", flagged=None)
    data = {
        "view": view,
        "seats": [],
        "labels": {},
        "outcome": None,
        "actions": [],
        "can_undo": False,
        "active_roles": [],
        "clock": None,
        "log": [],
    }
    return {"data": data, "table": table, "role": role, "user": None}


def test_no_fingerprint_tells_a_seat_of_another_seats_hidden_data():
    """A fingerprint is made of the seat's own view: north's hand changing, unseen by south, changes none of
    south's fingerprints, and changes north's board."""
    game = registry.get_game("toy-duel")
    state = game.replay(7, {}, [])
    other = copy.deepcopy(state)
    hands = other["hands"]
    hands["north"] = [c for c in ([*hands["north"], *other["deck"]]) if c not in state["hands"]["north"]][:3]
    assert hands["north"] != state["hands"]["north"]
    assert game.view(state, "south") == game.view(other, "south")
    south = [live_parts.fingerprints(_ctx(game.view(s, "south"), "south")) for s in (state, other)]
    north = [live_parts.fingerprints(_ctx(game.view(s, "north"), "north")) for s in (state, other)]
    assert south[0] == south[1]
    assert north[0]["board"] != north[1]["board"]
