"""The table partial templates/games/15-dias/board.html renders every phase from the view alone."""
from __future__ import annotations

import pathlib
import random
from types import SimpleNamespace

import jinja2

from engines.core.game import flat
from engines.quince_dias import GAME

ROOT = pathlib.Path(__file__).resolve().parents[3]
ENV = jinja2.Environment(loader=jinja2.FileSystemLoader(ROOT / "templates"), autoescape=True,
                         undefined=jinja2.StrictUndefined)
RENDERER = GAME.renderer()


def render(state: dict, role: str | None) -> str:
    """As the app does: the prompt's text rendered and its legal actions labelled before the template sees them."""
    view = GAME.view(state, role)
    view["prompt"]["text"] = RENDERER.text(view["prompt"]["text"])
    view["prompt"]["actions"] = GAME.labels(state, role, RENDERER) if role in view["prompt"]["active"] else []
    template = ENV.get_template("games/15-dias/board.html")
    return template.render(game=GAME, view=view, role=role, table=SimpleNamespace(id=1, seq=3),
                           csrf_token="t", as_role=role)


def test_board_renders_through_a_whole_game_for_players_and_spectators():
    state = GAME.setup(4, {"players": 4, "conspirators": True})
    rnd = random.Random(4)
    steps = 0
    while GAME.outcome(state) is None:
        role = GAME.active_roles(state)[0]
        if steps % 40 == 0:
            html = render(state, role)
            assert "board-15-dias" in html
            for card in state["hands"][role]:
                assert card not in render(state, None)
            if "court" in GAME.legal(state, role):
                assert 'data-verb="court"' in html
        verb, arg = rnd.choice(flat(GAME.legal(state, role)))
        state = GAME.apply(state, role, verb, arg)
        steps += 1
    assert "Round" in render(state, None)
