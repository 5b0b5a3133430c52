"""Ultima Ratio Regis' battles at a table (issue 28 › Combat shown die by die): The Rise of Portugal played by its
heuristic bot through the API until its first battle; the page shows that battle die by die beside the map for the
seat and for a spectator, the log's line of the battle opens its drawing (``/tables/<id>/log/<entry id>``) with the
dice the log's rolls show, and another entry, or one a reader may not read, is not found."""

import random
import re

from engines.ultima_ratio.bots.heuristic import heuristic_bot
from engines.ultima_ratio.game import GAME
from tests.app.test_new_order_table import state_of

SCENARIO = {"scenario": "the-rise-of-portugal"}


def to_first_battle(app, alice, table: int) -> dict:
    """Moves of the heuristic bot (from the seat's view, sent through the API) until a battle is in the view; the
    API's view then."""
    for i in range(120):
        v = alice.view(table)
        if v["view"]["public"].get("battle"):
            return v
        verb, arg = heuristic_bot(GAME, GAME.view(state_of(app, table), "player1"), "player1", random.Random(i))
        r = alice.act(table, verb, arg, seq=v["seq"])
        assert r.status_code == 200, r.text
    raise AssertionError("no battle in 120 moves")


def shown_dice(html: str) -> list[tuple[str, str, str]]:
    """(category, roll, result) of each die a battle's drawing shows, in order."""
    return re.findall(
        r'<span class="urr-battle-q" aria-hidden="true">Q(\d)</span><span class="urr-battle-face"[^>]*>(\d)</span>'
        r'<span class="urr-battle-arrow" aria-hidden="true">→</span><span class="urr-battle-face urr-battle-result"'
        r' aria-hidden="true">(\d)',
        html,
    )


def test_the_first_battle_of_the_rise_of_portugal_is_shown_die_by_die_and_replays_from_the_log(app, browser):
    alice = browser("alice")
    table = alice.new_table(game="ultima-ratio-regis", seats={"player1": "me"}, options=SCENARIO, seed=5)
    v = to_first_battle(app, alice, table)
    battle = v["view"]["public"]["battle"]
    assert battle["number"] == 1 and battle["done"] and battle["dice"]
    # the log's rolls (combat.dice, "Q2:5→5") are the dice the view's record holds
    log = alice.api("GET", f"/api/v1/tables/{table}/log?limit=100").json()["entries"]
    rolls = [e for e in log if e["text"].startswith(("Portugal rolls", "The independents roll"))]
    assert rolls, [e["text"] for e in log[:20]]
    logged = [tuple(x) for e in reversed(rolls) for x in re.findall(r"Q(\d):(\d)→(\d)", e["text"])]
    recorded = [
        (str(c), str(r), str(res)) for side in ("attacker", "defender") for _u, c, r, res, _b in battle["dice"][side]
    ]
    assert logged == recorded
    # the page draws it beside the map, every die with its key
    page = alice.c.get(f"/tables/{table}").text
    assert 'id="urr-battle" data-key="battle:1"' in page
    assert shown_dice(page) == recorded
    for side in ("attacker", "defender"):
        for i in range(1, len(battle["dice"][side]) + 1):
            assert f'data-key="die:1.{side}.{i}"' in page
    assert "Battle 1: subjugation combat in " in page and "(13.1.6)" in page
    # the log's line of the battle links to its drawing, which shows the same dice
    entry = next(e for e in log if e["text"].startswith("Battle 1:"))
    assert entry["view"] is True and "battle:1" in entry["keys"]
    assert re.search(rf'href="/tables/{table}/log/{entry["id"]}(\?as=player1)?" data-entry-view', page)
    drawn = alice.c.get(f"/tables/{table}/log/{entry['id']}")
    assert drawn.status_code == 200 and shown_dice(drawn.text) == recorded
    assert "<html" in drawn.text.lower()  # a page of its own without JavaScript
    partial = alice.c.get(f"/tables/{table}/log/{entry['id']}", headers={"HX-Request": "true"})
    assert "<html" not in partial.text.lower() and 'data-key="battle:1"' in partial.text
    # a spectator sees it too (nothing of it is hidden: 9.1 is played without cards, RULINGS C-9's count aside)
    carol = browser("carol")
    assert shown_dice(carol.c.get(f"/tables/{table}").text) == recorded
    assert carol.c.get(f"/tables/{table}/log/{entry['id']}").status_code == 200
    # an entry the game draws nothing of, or none at all: not found
    other = next(e for e in log if not e.get("view"))
    assert alice.c.get(f"/tables/{table}/log/{other['id']}").status_code == 404
    assert alice.c.get(f"/tables/{table}/log/{10**9}").status_code == 404
