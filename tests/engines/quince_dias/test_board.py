"""The table partial templates/games/15-dias/board.html renders every phase from the view alone; the board is the
control (static/js/board.js): it carries no buttons of its own, and every legal action names a thing on it."""

from __future__ import annotations

import pathlib
import random
import re
from types import SimpleNamespace
from typing import Any, cast

import jinja2

from app.web import templates
from engines.core.game import flat
from engines.quince_dias import GAME
from engines.quince_dias.presentation import action_keys

from .helpers import cid, confrontation, fresh, run, set_hand

ROOT = pathlib.Path(__file__).resolve().parents[3]
ENV = jinja2.Environment(
    loader=jinja2.FileSystemLoader(ROOT / "templates"), autoescape=True, undefined=jinja2.StrictUndefined
)
ENV.globals.update(templates.env.globals)  # the app's own globals (app/web.py), strict about anything undefined
RENDERER = GAME.renderer()
SEATS = [
    {"role": f"player{i}", "player": name, "bot": None, "name": name}  # as seat_words.seat_info gives them
    for i, name in enumerate(["ana", "bo", "cy", "di"], 1)
]
NO_BOARD_KEY = {
    "leave",
    "skip",
    "agree",
    "disagree",
    "pay",
    "done",
    "none",
    "keep",
    "keep_hand",
    "invest_done",
    "no_effect",
    "use_admin",
}


def render(state: dict, role: str | None, seats: list | None = None, outcome: dict | None = None) -> str:
    """As the app does: the prompt's text rendered and its legal actions labelled before the template sees them."""
    view = cast(dict[str, Any], GAME.view(state, role))  # put in words as the app does
    view["prompt"]["text"] = RENDERER.text(view["prompt"]["text"])
    view["prompt"]["actions"] = GAME.labels(state, role, RENDERER) if role in view["prompt"]["active"] else []
    template = ENV.get_template("games/15-dias/board.html")
    return template.render(
        game=GAME,
        view=view,
        role=role,
        table=SimpleNamespace(id=1, seq=3),
        csrf_token="t",
        as_role=role,
        data={"seats": seats or [], "outcome": outcome},
    )


def keys_on_board(html: str) -> set[str]:
    return set(re.findall(r'data-key="([^"]+)"', html))


def common_action(seed: int = 4) -> tuple[dict, str]:
    state = GAME.setup(seed, {"players": 4})
    rnd = random.Random(seed)
    while True:
        role = GAME.active_roles(state)[0]
        legal = GAME.legal(state, role)
        if "court" in legal and len(flat(legal)) > 15:
            return state, role
        state = GAME.apply(state, role, *rnd.choice(flat(legal)))


def test_board_renders_through_a_whole_game_for_players_and_spectators():
    state = GAME.setup(4, {"players": 4, "conspirators": True})
    rnd = random.Random(4)
    steps = 0
    while GAME.outcome(state) is None:
        role = GAME.active_roles(state)[0]
        if steps % 40 == 0:
            html = render(state, role, SEATS)
            assert "board-15-dias" in html and "data-board" in html
            for card in state["hands"][role]:
                assert card not in render(state, None)
        verb, arg = rnd.choice(flat(GAME.legal(state, role)))
        state = GAME.apply(state, role, verb, arg)
        steps += 1
    assert "Round" in render(state, None)


def test_the_powers_are_named_in_words():
    """A family's power and a player's Individual power read "Government", "Society", "Clerical" (the game's
    catalog, by name_of, as a second language will need), never the view's ids."""
    state, rnd = GAME.setup(3, {"players": 4}), random.Random(3)
    named: set[str] = set()
    while GAME.outcome(state) is None and len(named) < 2:
        html = render(state, "player1")
        named |= {
            kind
            for kind, word in re.findall(r"(family power|Individual power: <strong>)\s?(\w+)", html)
            if word in ("Government", "Society", "Clerical")
        }
        assert not re.search(r"(family power|Individual power: <strong>)\s?(government|society|clerical)", html)
        role = GAME.active_roles(state)[0]
        state = GAME.apply(state, role, *rnd.choice(flat(GAME.legal(state, role))))
    assert named == {"family power", "Individual power: <strong>"}


def test_a_common_action_is_chosen_on_the_board_once():
    """No action button on the board (the panel's list is the one place each choice is posted); every card the
    actions use and every seat they target is a thing on the board to click, under the keys the game's presentation
    gives each action (issue 28 › A contract), and exactly the subjects of this seat's actions carry data-verb."""
    state, role = common_action()
    html = render(state, role, SEATS)
    assert 'name="verb"' not in html and "action-form" not in html
    keys = keys_on_board(html)
    marked: dict[str, set[str]] = {}
    for verb, arg in flat(GAME.legal(state, role)):
        ks = action_keys(verb, arg)
        if not ks:
            assert verb in NO_BOARD_KEY, (verb, arg)
            continue
        assert ks[0] in keys, (verb, arg)  # the card to click first
        assert all(k in keys for k in ks), (verb, arg)  # and its target
        marked.setdefault(ks[0], set()).add(verb)
    served = {k: set(v.split()) for k, v in re.findall(r'<[^>]*data-key="([^"]+)"[^>]*data-verb="([^"]+)"', html)}
    assert served == marked
    for c in state["hands"][role]:
        assert f'data-key="card:{c}"' in html
    assert 'data-verb-court="' in html  # the ability's name for the ability menu
    assert "data-verb=" not in render(state, None, SEATS)  # a spectator acts on nothing


def test_seats_show_their_players_names_and_you():
    state, role = common_action()
    html = render(state, role, SEATS)
    me = {s["role"]: s["player"] for s in SEATS}[role]
    assert f'{me} <span class="you">(you)</span>' in html
    for s in SEATS:
        assert s["player"] in html
    assert "Player 1" in render(state, role)  # nobody seated: the seat's number


def test_slots_legend_and_plurals():
    state, role = common_action()
    html = render(state, role, SEATS)
    assert "Main Character" in html and "Influence Range" in html and "Initiative" in html
    assert "(s)" not in html and "1 Ducats" not in html and "1 cards" not in html
    assert "2 Ducats" in html


def test_a_tie_above_the_winner_is_explained_with_its_numbers():
    """Victory Check: players tied on 17 drop out, the one on 16 wins (RULINGS OQ-31); the outcome says so."""
    s = fresh(players=4)
    s["round"] = 4
    s["ducats"] = {"player1": 34, "player2": 32, "player3": 34, "player4": 0}
    confrontation(
        s,
        "individual",
        powers={"olivares": "clerical", "lerma": "society", "individual": "government"},
        mains={"player1": cid("Apostolic Nuncio"), "player2": cid("Secretary of the Treasury")},
    )
    for r in s["roles"]:
        set_hand(s, r, [])
    s = run(s)
    outcome = GAME.outcome(s)
    assert outcome["scores"] == {"player1": 17, "player2": 16, "player3": 17, "player4": 0}, outcome["scores"]
    assert outcome["winners"] == ["player2"]
    names = {x["role"]: x["player"] for x in SEATS}
    words = GAME.renderer(names=names).text(outcome["text"])
    assert "ana and cy tied on 17 Affection Points" in words and "bo wins with 16 Affection Points" in words
    html = render(s, "player2", SEATS, {**outcome, "text": words})
    assert "Final standings" in html and "tied, drops out" in html and "the King&#39;s Favourite" in html


def test_only_the_players_the_tie_rule_dropped_are_marked_so():
    """Victory Check (l. 150): a tie below the winner drops nobody out; the standings mark as "tied, drops out" only
    the tied groups the outcome's tie-break names (issue 30 › Outcomes explained)."""
    s = fresh(players=4)
    s["round"] = 4
    s["ducats"] = {"player1": 34, "player2": 20, "player3": 20, "player4": 0}
    s["stack"] = [{"step": "victory_check"}]
    s = run(s)
    outcome = GAME.outcome(s)
    assert outcome["winners"] == ["player1"] and outcome["tiebreak"] is None
    html = render(s, "player2", SEATS, {**outcome, "text": GAME.renderer().text(outcome["text"])})
    assert "the King&#39;s Favourite" in html and "tied, drops out" not in html
