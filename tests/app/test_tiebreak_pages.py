"""Outcomes explained (issue 30): a game decided by a tie-break says so on its table's page, under the final tally,
in the reader's language, with the rule it applied linked to the rules reference. Each game's tie is constructed at
its end: 15 Días's Victory Check (l. 150: the tied drop out, the next one down wins), Ultima Ratio Regis 9.2's
game order (22; 7.1.1), The Planet King's cooperative comparison (line 788; RULINGS R-COOPERATIVE-TIE)."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import cast

import orjson

from app.models import GameTable, Snapshot
from engines import registry
from engines.core.machine import Ctx, StepGame


def finished_at(app, table: int, make: Callable[[dict], None]) -> None:
    """The table's position becomes ``make``'s finished one, one seq later (no cache keeps the old one)."""
    with app.state.sessions() as db:
        row = db.get(GameTable, table)
        snap = db.get(Snapshot, table)
        state = orjson.loads(snap.state)
        make(state)
        game = registry.get_game(row.game_id)
        assert game.outcome(state) is not None
        row.seq += 1
        row.status = "finished"
        row.active_roles = []
        snap.seq, snap.state, snap.base_seq, snap.base_state = row.seq, orjson.dumps(state).decode(), row.seq, None
        db.commit()


def tiebreak_of(page: str) -> str:
    assert 'data-key="tally:tiebreak"' in page, "no tie-break under the tally"
    return html.unescape(page.split('data-key="tally:tiebreak"', 1)[1].split("</p>", 1)[0])


def opens_at(reader, game: str, rule: str) -> bool:
    """The rules reference of ``game`` has the section the tie-break's link opens."""
    return f'id="rule-{rule}"' in reader.c.get(f"/games/{game}/rules/reference").text


def test_15_dias_tie_at_the_top_shown_under_the_tally(app, browser):
    roles = ["player1", "player2", "player3", "player4"]
    alice = browser("alice")
    table = alice.new_table(game="15-dias", seats=dict.fromkeys(roles, "me"), options={"players": 4}, seed=3)
    game = cast(StepGame, registry.get_game("15-dias"))

    def tie(state: dict) -> None:  # round 4 over, no Prince card won: 5, 5, 4, 1 Affection Points
        state["round"] = 4
        state["estate"] = {r: [] for r in roles}
        state["ducats"] = {"player1": 10, "player2": 11, "player3": 8, "player4": 2}
        state["stack"] = [{"step": "victory_check"}]
        game._run_auto(Ctx(game, state))

    finished_at(app, table, tie)
    page = alice.c.get(f"/tables/{table}").text
    said = tiebreak_of(page)
    assert 'data-applied="next_one_down"' in page
    assert "Tie-break applied" in said and "tied on 5 Affection Points" in said
    assert "the next one down with 4 Affection Points, wins" in said
    assert "rules/reference#rule-victory_check" in said and "Victory Check" in said
    assert opens_at(alice, "15-dias", "victory_check")
    assert alice.view(table)["outcome"]["tiebreak"]["applied"] == "next_one_down"  # the API carries the data
    es = tiebreak_of(alice.c.get(f"/tables/{table}", headers={"Accept-Language": "es"}).text)
    assert "Desempate aplicado" in es and "empatados a 5 Puntos de Afecto" in es


def test_ultima_ratio_9_2_tie_broken_by_the_game_order_shown(app, browser):
    alice = browser("alice")
    seats = dict.fromkeys(["player1", "player2", "player3"], "me")
    table = alice.new_table(game="ultima-ratio-regis", seats=seats, options={"scenario": "new-order", "players": 3})
    from engines.ultima_ratio.scenarios.new_order import winner

    game = cast(StepGame, registry.get_game("ultima-ratio-regis"))

    def tie(state: dict) -> None:  # the game order as an auction would have made it; 2nd and 3rd tie on 12 VP
        for place, (role, vp) in enumerate((("player3", 12), ("player1", 12), ("player2", 7)), 1):
            state["seats"][role].update(order=place, vp=vp)
        winner(Ctx(game, state))

    finished_at(app, table, tie)
    said = tiebreak_of(alice.c.get(f"/tables/{table}").text)
    assert "tied on 12 VP: the game order breaks the tie (7.1.1)" in said and "is player 1" in said
    assert "rules/reference#rule-major_power_auction" in said
    assert opens_at(alice, "ultima-ratio-regis", "major_power_auction")


def test_planet_king_cooperative_tie_shown(app, browser):
    alice = browser("alice")
    seats = {"king": "me", "valido": "me"}
    options = {"mode": "cooperative", "scenario": "iupiter_hispano"}
    table = alice.new_table(game="planet-king", seats=seats, options=options, seed=5)
    from engines.planet_king import victory

    game = cast(StepGame, registry.get_game("planet-king"))

    def tie(state: dict) -> None:  # 4 + 4 VP: a Major Victory, both Secret Memorials' tasks done
        m = state["memorials"]
        m["claimed"] = [m["hm"], m["council"]]
        state["vp"] = {"king": 4, "valido": 4}
        state["defeat"] = []
        state["stack"] = []
        victory.finish(Ctx(game, state))

    finished_at(app, table, tie)
    page = alice.c.get(f"/tables/{table}").text
    said = tiebreak_of(page)
    assert "The King and the Valido are level on 4 VP" in said and "both win" in said
    assert "rules/reference#rule-cooperative_game" in said
    assert opens_at(alice, "planet-king", "cooperative_game")
    assert 'data-key="tally:thresholds"' in page  # the scenario's thresholds stay beside it
