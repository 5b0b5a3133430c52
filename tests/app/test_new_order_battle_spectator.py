"""A 9.2 New Order table read during and after a battle with cards in the hands (issue 28 › Combat shown die by die;
DESIGN.md › hidden information never leaks): a spectator, and a seat other than the one whose hand it is, see the
battle die by die — on the table page, in the API and on the log entry's page (``/tables/<id>/log/<entry id>``) —
and never a card still in a hand."""

import random

from engines import registry
from engines.ultima_ratio.bots.heuristic import heuristic_bot
from engines.ultima_ratio.game import GAME
from tests.app.test_new_order_table import state_of
from tests.app.test_ultima_ratio_battle import shown_dice

URR = "ultima-ratio-regis"
OPTIONS = {"scenario": "new-order", "players": 3}


def _to_battle(app, alice, table: int, moves: int = 1500) -> dict:
    """Moves of the heuristic bot for the seat to act (one person holds every seat) until a battle is in the public
    view with dice rolled and some hand holds cards; the state then."""
    for i in range(moves):
        v = alice.view(table)
        assert v["status"] == "active", "the game ended before a battle"
        state = state_of(app, table)
        if ((v["view"]["public"].get("battle") or {}).get("dice")) and any(state["cards"]["hands"].values()):
            return state
        role = v["active_roles"][0]
        verb, arg = heuristic_bot(GAME, GAME.view(state, role), role, random.Random(i))
        r = alice.act(table, verb, arg, seq=v["seq"], role=role)
        assert r.status_code == 200, r.text
    raise AssertionError(f"no battle with cards in hand in {moves} moves")


def _words_of(card: str) -> list[str]:
    """What would show a card: its id, which is its board key (``card:<slug>``; in the API's JSON, a form's
    argument). Its name may be an area's as well ("Brandenburg"): the names are not looked for."""
    return [card, f'"{card}"', f"&#34;{card}&#34;", f"&quot;{card}&quot;"]


def test_a_spectator_and_another_seat_see_a_92_battle_die_by_die_and_no_card_in_a_hand(app, browser):
    alice, carol = browser("alice"), browser("carol")
    roles = registry.get_game(URR).roles(registry.get_game(URR).parse_options(OPTIONS))
    table = alice.new_table(game=URR, seats=dict.fromkeys(roles, "me"), options=OPTIONS, seed=11)
    state = _to_battle(app, alice, table)
    hands = state["cards"]["hands"]
    battle = carol.view(table)["view"]["public"]["battle"]
    recorded = [
        (str(c), str(r), str(res))
        for side in ("attacker", "defender")
        for _u, c, r, res, _b in battle["dice"].get(side) or ()
    ]
    assert recorded
    # the reader, what it reads, and the hands it may not see
    holder = next(role for role, hand in hands.items() if hand)
    other = next(role for role in roles if role != holder)
    readers = [("a spectator", carol, "", hands), (f"{other}", alice, f"?as={other}", {holder: hands[holder]})]
    own = alice.c.get(f"/tables/{table}?as={holder}").text  # the holder's own page shows them: the words are right
    assert all(c in own for c in hands[holder])
    log = carol.api("GET", f"/api/v1/tables/{table}/log?limit=200").json()["entries"]
    for who, client, seat, hidden in readers:
        page = client.c.get(f"/tables/{table}{seat}").text
        api = client.api("GET", f"/api/v1/tables/{table}{seat}").text
        assert shown_dice(page) == recorded, who  # die by die beside the map
        assert f'data-key="battle:{battle["number"]}"' in page
        drawn = [client.c.get(f"/tables/{table}/log/{e['id']}{seat}").text for e in log if e.get("view")]
        for text_ in (page, api, *drawn):
            for card in (c for hand in hidden.values() for c in hand):
                for word in _words_of(card):
                    assert word not in text_, (who, card, word)
    # a battle over is drawn on its log entry's page for the spectator too
    entries = [e for e in log if e.get("view")]
    if battle.get("done"):
        assert entries and shown_dice(carol.c.get(f"/tables/{table}/log/{entries[0]['id']}").text)
