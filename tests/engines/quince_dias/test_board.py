"""The table partial templates/games/15-dias/board.html renders every phase from the view alone."""
from __future__ import annotations

import pathlib
import random
from types import SimpleNamespace

import jinja2

from engines.quince_dias import GAME

ROOT = pathlib.Path(__file__).resolve().parents[3]
ENV = jinja2.Environment(loader=jinja2.FileSystemLoader(ROOT / "templates"), autoescape=True,
                         undefined=jinja2.StrictUndefined)


def render(state: dict, role: str | None) -> str:
    template = ENV.get_template("games/15-dias/board.html")
    return template.render(game=GAME, view=GAME.view(state, role), role=role, table=SimpleNamespace(id=1, seq=3),
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
            if any(a["verb"] == "court" for a in GAME.actions(state, role)):
                assert 'data-verb="court"' in html
        action = rnd.choice(GAME.actions(state, role))
        state = GAME.apply(state, role, action["verb"], action["arg"])
        steps += 1
    assert "Round" in render(state, None)
