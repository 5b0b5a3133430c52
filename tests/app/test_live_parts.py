"""A move answered by the sections that changed (app/live_parts.py; issue 26 › Performance, issue 28 › Speed): the
head and the changed sections swapped out of band, the log's new entries alone; the whole table to a page that is
behind or of another seat; nothing of another seat's hidden data, not even as a fingerprint."""

import copy
import json
import random
import re
from html.parser import HTMLParser
from types import SimpleNamespace

import pytest

from app import live_parts
from engines import registry

BOTH = {"north": "me", "south": "me"}


def have_of(html: str) -> str:
    """The X-Live-Have a page holding ``html`` sends (static/js/site.js)."""
    return live_parts.have_header(live_parts.sections_of(html), top_of(html))


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


class _Pieces(HTMLParser):
    """Each section and board part of a live table's HTML (an element with data-live), its HTML with the pieces
    inside it written as ``[[name]]``, the out-of-band marks taken off."""

    VOID = frozenset({"input", "br", "img", "meta", "link", "hr", "source", "wbr", "area", "col", "embed"})

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=False)
        self.html = html
        self.stack: list[tuple[str, int, str | None]] = []
        self.found: list[tuple[str, int, int]] = []
        self.lines = [0]
        for line in html.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.feed(html)

    def _at(self) -> int:
        line, col = self.getpos()
        return self.lines[line - 1] + col

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        self.stack.append((tag, self._at(), dict(attrs).get("data-live")))

    def handle_endtag(self, tag):
        start, name = 0, None
        while self.stack:
            open_tag, start, name = self.stack.pop()
            if open_tag == tag:
                break
        else:
            return
        if name:
            end = self.html.index(">", self._at()) + 1
            self.found.append((name, start, end))

    def pieces(self) -> dict[str, str]:
        out = {}
        for name, start, end in self.found:
            inner = sorted((s, e, n) for n, s, e in self.found if start < s and e <= end)
            text, at = [], start
            for s, e, n in inner:
                if s >= at:  # a direct child (a grandchild lies inside a child already skipped)
                    text += [self.html[at:s], f"[[{n}]]"]
                    at = e
            text.append(self.html[at:end])
            # the spaces between two tags left out: htmx's swaps keep them or not, the page reads the same
            out[name] = re.sub(r">\s+<", "><", re.sub(r' hx-swap-oob="[^"]*"', "", "".join(text)))
        return out


def _apply(page: dict[str, str], answer: str) -> None:
    """What the page's htmx does with an answer: every piece swapped in by name, new log entries on top."""
    if answer.lstrip().startswith('<div id="table-live"'):
        page.clear()
        page["@frame"] = re.search(r'data-frame="(\w*)"', answer).group(1)
    page.update(_Pieces(answer).pieces())
    added = re.search(r'id="live-log-list" hx-swap-oob="afterbegin">(.*?)</ol>', answer, re.S)
    if added:
        head = 'id="live-log-list">'
        page["log"] = page["log"].replace(head, head + re.sub(r">\s+<", "><", added.group(1).strip()), 1)


@pytest.mark.parametrize(
    ("game", "options", "moves"),
    [
        ("15-dias", {}, 40),
        ("ultima-ratio-regis", {}, 25),
        ("ultima-ratio-regis", {"scenario": "new-order", "players": 3}, 25),
        ("planet-king", {}, 30),
    ],
)
def test_a_page_kept_by_partial_answers_is_the_page_a_fresh_load_draws(browser, game, options, moves):
    """One seat's page, kept up to date by its own moves' answers and by refreshes after the others' moves, reads
    section by section and part by part as the same page loaded afresh (issue 28 › Speed: a partial update is
    only ever a faster way to the same page)."""
    alice = browser("alice")
    roles = registry.get_game(game).roles(registry.get_game(game).parse_options(options))
    table = alice.new_table(game=game, seats=dict.fromkeys(roles, "me"), options=options, seed=3)
    page: dict[str, str] = {}
    me, rng = roles[0], random.Random(4)
    live = f"/tables/{table}/live?as={me}"
    _apply(page, alice.c.get(live).text)
    partial = kept_parts = 0  # answers that were partial; of them, those that left a part of the board as it was
    for _ in range(moves):
        v = alice.view(table)
        if v["status"] != "active":
            break
        role = me if me in v["active_roles"] else v["active_roles"][0]
        seat = alice.view(table, role)
        a = rng.choice(seat["actions"])
        have = _have(page)
        if role == me:
            r = alice.post(
                f"/tables/{table}/act",
                {"seq": seat["seq"], "verb": a["verb"], "arg": json.dumps(a["arg"]), "role": me},
                headers={"HX-Request": "true", live_parts.HAVE: have},
            )
        else:
            assert alice.act(table, a["verb"], a["arg"], seq=seat["seq"], role=role).status_code == 200
            r = alice.c.get(live, headers={"HX-Request": "true", live_parts.HAVE: have})
        assert r.status_code == 200, r.text[:300]
        if r.headers.get("HX-Retarget") == "#live-head":
            partial += 1
            parts = {name for name in page if name.startswith("part-")}  # the board's parts the page holds
            kept_parts += bool(parts - set(_Pieces(r.text).pieces()))
        _apply(page, r.text)
        fresh = _Pieces(alice.c.get(live).text).pieces()
        assert page.keys() - {"@frame"} == fresh.keys()
        for name in fresh.keys() - {"log"}:
            assert page[name] == fresh[name], f"{name} after a move of {role}"
        # the log: a fresh page's newest entries (a page of them) are the kept page's newest, which grows
        kept, new = _entries(page["log"]), _entries(fresh["log"])
        assert kept[0] == new[0] and kept[1][: len(new[1])] == new[1]
    assert partial >= moves // 2
    if any(name.startswith("part-") for name in page):  # a board in parts (15 Días, Ultima Ratio Regis)
        assert kept_parts >= moves // 4


def _entries(log: str) -> tuple[str, list[str]]:
    """A log section's heading and its entries, newest first (its "older entries" link left out)."""
    head, _, items = log.partition("<ol ")
    return head, re.findall(r'<li id="log-.*?</li>', items)


def _have(page: dict[str, str]) -> str:
    fps = {name: re.search(r'data-fp="(\w*)"', html).group(1) for name, html in page.items() if name != "@frame"}
    top = re.search(r'id="live-log-list">\s*<li id="log-(\d+)"[^>]*><a class="anchor"[^>]*>#(\d+)<', page["log"])
    return live_parts.have_header({**fps, "frame": page["@frame"]}, ".".join(top.groups()) if top else "")
