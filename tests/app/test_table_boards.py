"""The Planet King's and 15 Días's tables as boards under the Ultima Ratio Regis contract (issue 30 › The boards;
issue 28 › A contract between the map and the legal list), through the app's pages: every action's form names the
namespaced keys its game says it acts on (data-keys), exactly the subjects of this seat's legal actions carry
data-verb on the board, a spectator's page acts on nothing; a Secret Memorial's state is on every page and its task
only on its reader's (Secret Memorial (Optional))."""

import html as htmlmod
import json
import re
from typing import Any, cast

from app.web import templates
from engines.core.game import flat
from engines.planet_king import GAME as PK
from engines.planet_king.presentation import action_keys as pk_keys
from engines.quince_dias.presentation import action_keys as qd_keys

MARKED = re.compile(r'<[^>]*\bdata-keys?="([^"]+)"[^>]*\bdata-verb="([^"]+)"')
FORM = re.compile(
    r'<form class="action-form [^"]*"(?: data-keys="([^"]*)")?[^>]*>.*?name="verb" value="([^"]*)"'
    r'.*?name="arg" value="([^"]*)"',
    re.S,
)


def marks(page: str) -> list[tuple[list[str], set[str]]]:
    """Each board element with data-verb: its keys and its verbs."""
    return [(keys.split(), set(verbs.split())) for keys, verbs in MARKED.findall(page)]


def board_of(page: str) -> str:
    """The board's markup (the forms of the prompt panel after it also name keys)."""
    return page.split("data-board", 1)[1].split('class="panel prompt', 1)[0]


def on_board(page: str) -> set[str]:
    board = board_of(page)
    return set(re.findall(r'data-key="([^"]+)"', board)) | {
        k for ks in re.findall(r'data-keys="([^"]+)"', board) for k in ks.split()
    }


def check(page: str, legal: dict[str, list[Any]], keys_of) -> int:
    """The page's forms and marks against the seat's legal actions; the number of actions on the board."""
    forms = FORM.findall(page)
    assert len(forms) == len(flat(legal))
    for keys, verb, arg in forms:
        assert (keys or "").split() == keys_of(verb, json.loads(htmlmod.unescape(arg))), (verb, arg)
    board = on_board(page)
    expected: dict[str, set[str]] = {}
    for verb, arg in flat(legal):
        ks = keys_of(verb, arg)
        if ks and ks[0] in board:
            expected.setdefault(ks[0], set()).add(verb)
    marked = marks(board_of(page))
    for keys, verbs in marked:  # an element's verbs are those of the actions whose subject it is
        assert verbs == set().union(*(expected.get(k, set()) for k in keys)), (keys, verbs)
    assert set(expected) <= {k for keys, _ in marked for k in keys}
    return len(expected)


def test_a_planet_king_table_marks_exactly_the_legal_actions_on_its_board(browser):
    alice = browser("alice")
    table = alice.new_table(game="planet-king", seats={"king": "me"}, options={"scenario": "anni_mirabiles"}, seed=3)
    acted = 0
    for _ in range(12):
        legal = alice.view(table)["view"]["prompt"]["legal"]
        page = alice.c.get(f"/tables/{table}").text
        acted += check(page, legal, pk_keys)
        keys = on_board(page)
        for k in ("track:treasury", "track:prestige", "track:vp:king", "cube:royal", "seat:king"):
            assert k in keys
        assert {k.split(":")[0] for k in keys} >= {"office", "court", "war", "territory", "unit", "notable"}
        # the event and the decision in play, whose it is and what it asks (issue 30 › The boards)
        assert '<section class="event" aria-label="Event">' in page
        decision = page.split('<p class="pk-decision">', 1)[1].split("</p>", 1)[0]
        assert "The King" in decision and htmlmod.unescape(decision).count(":") >= 1
        verb, arg = flat(legal)[0]
        assert alice.act(table, verb, arg).status_code == 200
    assert acted, "no decision of the first turn was on the board"
    spectator = browser().c.get(f"/tables/{table}").text
    assert not marks(board_of(spectator)) and "data-keys=" not in spectator.split('class="panel prompt')[1]


def test_a_quince_dias_table_marks_exactly_the_legal_actions_on_its_board(browser):
    alice = browser("alice")
    seats = {f"player{i}": "me" for i in range(1, 5)}
    table = alice.new_table(game="15-dias", seats=seats, options={"players": 4}, seed=4)
    acted = 0
    for _ in range(16):
        role = next(r for r in seats if alice.view(table, r)["view"]["prompt"]["legal"])
        legal = alice.view(table, role)["view"]["prompt"]["legal"]
        page = alice.c.get(f"/tables/{table}?as={role}").text
        acted += check(page, legal, qd_keys)
        keys = on_board(page)
        for k in ("power:government", "card:control", "card:princes", f"seat:{role}", "family:olivares"):
            assert k in keys
        # whose turn it is and what is asked, on the Court board (issue 30 › The boards)
        asked = htmlmod.unescape(page.split('<p class="qd-asked">', 1)[1].split("</p>", 1)[0])
        prompt = alice.view(table, role)["view"]["prompt"]["text"]
        assert "alice" in asked and asked.endswith(f": {prompt}"), (asked, prompt)
        verb, arg = flat(legal)[-1]
        assert alice.act(table, verb, arg, role=role).status_code == 200
    assert acted


def _board(state: dict, role: str | None) -> str:
    view = cast(dict[str, Any], PK.view(state, role))
    view["prompt"]["text"] = PK.renderer().text(view["prompt"]["text"])
    return templates.env.get_template("games/planet-king/board.html").render(
        game=PK, view=view, role=role, data={"seats": [], "active_roles": PK.active_roles(state), "outcome": None}
    )


def test_a_read_memorial_shows_its_state_to_all_and_its_task_to_its_reader_alone():
    MEMORIALS = PK.components.MEMORIALS
    s = PK.setup(2, {"scenario": "anni_mirabiles", "mode": "cooperative"})
    hm, council = s["memorials"]["hm"], s["memorials"]["council"]
    sealed = {r: _board(s, r) for r in ("king", "valido", None)}
    for page in sealed.values():
        assert "sealed: The King has not read it" in page and "sealed: The Valido has not read it" in page
        assert MEMORIALS[hm]["task"] not in page and MEMORIALS[council]["task"] not in page
    s["memorials"]["read"].append(hm)
    read = {r: _board(s, r) for r in ("king", "valido", None)}
    assert MEMORIALS[hm]["task"] in read["king"]
    for r in ("valido", None):
        assert MEMORIALS[hm]["task"] not in read[r] and MEMORIALS[hm]["name"] not in read[r]
        assert "read by The King: its task is known to The King alone" in read[r]
        assert 'data-key="memorial:hm"' in read[r]
