"""The board partial (issue 4, The table): renders every kind of position from the view alone, with the legal
actions placed on the things they concern."""
import random

import jinja2
import pytest

from engines.planet_king import GAME
from tests.engines.planet_king.support import RENDER, fresh

ENV = jinja2.Environment(loader=jinja2.FileSystemLoader("templates"), autoescape=True)


class Table:
    id = 7
    seq = 3


def render(state, role="king"):
    view = GAME.view(state, role)
    # as the app hands it to the template: the prompt rendered and the actions with their labels
    view["prompt"] = {**view["prompt"], "text": RENDER.text(view["prompt"]["text"]),
                      "actions": GAME.labels(state, role, RENDER)}
    return ENV.get_template("games/planet-king/board.html").render(
        game=GAME, view=view, role=role, table=Table(), csrf_token="tok", as_role=role)


@pytest.mark.parametrize("scenario,mode", [("anni_mirabiles", "solo"), ("anni_horribiles", "cooperative"),
                                           ("hothead", "solo"), ("war_only", "solo")])
def test_board_renders_through_a_game(scenario, mode):
    s = GAME.setup(5, {"scenario": scenario, "mode": mode})
    rnd = random.Random(5)
    for _ in range(40):
        if GAME.outcome(s):
            break
        role = GAME.active_roles(s)[0]
        html = render(s, role)
        assert 'class="board board-planet-king"' in html and s["rng"] not in html
        verb, arg = GAME.bots["heuristic"](GAME, GAME.view(s, role), role, rnd)
        s = GAME.apply(s, role, verb, arg)


def test_board_shows_wars_court_and_actions_on_the_war():
    s = fresh("anni_mirabiles")
    html = render(s)
    assert "Flanders War" in html and "Nassau" in html and "GASPAR DE GUZMÁN" in html and "Ladies deck" in html
    s["cubes"]["government"] = 1
    from tests.engines.planet_king.support import pick, run
    from engines.planet_king import actions

    run(s, actions.action_round, "card")
    s = pick(s, "Perform a government action")
    s = pick(s, "Military Campaign")
    html = render(s)
    assert 'class="action-form on-board"' in html and "Campaign in Flanders War" in html
