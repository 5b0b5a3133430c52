"""The map is the control (static/js/board.js, ``presentation.VERB_KEYS``): a step whose choices name a counter or a
place on the map lets the player click it there, not only a button in the list. A player's-eye review of 9.2 found
a minor's reinforcements (20.3.2) and the defender's answers to a land tactical movement (12.4) listed as buttons
alone, their counters and areas not clickable."""

from __future__ import annotations

import json

from engines.ultima_ratio import presentation
from engines.ultima_ratio.game import GAME
from tests.engines.ultima_ratio.test_minor_powers import auction_for, spain_wins
from tests.engines.ultima_ratio.test_reactions import start


def keys(verb: str, arg) -> list[str]:
    """The board keys an action names, as board.js's ``spaced`` reads ``data-verb-keys`` ([] for a verb it does not
    list: the action is a button alone)."""
    spaces = presentation.VERB_KEYS.get(verb, [])
    args = arg if isinstance(arg, list) else [arg]
    return [
        a if space == "id" else f"{space}:{a}"
        for space, a in zip(spaces, args, strict=False)
        if space and isinstance(a, str)
    ]


def drawn(state: dict, role: str) -> str:
    """The table's board as the role sees it (its stacks keyed unit:<id>), as text."""
    board = presentation.table_board(GAME, dict(GAME.view(state, role)))
    assert board is not None
    return json.dumps(board)


def test_the_defender_answers_a_land_movement_on_the_map():
    """12.4: the troop that intercepts, or withdraws and where to, is clicked on the map."""
    s = GAME.play(
        start({"area:mali": "power:spain", "area:hausa": "power:spain"}), "player1", "area", "area:mali"
    ).state
    legal = GAME.legal(s, "player1")
    board = drawn(s, "player1")
    assert keys("intercept", legal["intercept"][0]) == ["unit:power:spain-troop-2"]
    assert keys("retreat", legal["retreat"][0]) == ["unit:power:spain-troop-1", "area:hausa"]
    assert '"unit:power:spain-troop-1"' in board and '"unit:power:spain-troop-2"' in board


def test_a_minor_s_reinforcements_are_placed_on_the_map():
    """20.3.2: the new ally places the minor's units, each in one of its areas: the area is clicked on the map,
    then which unit goes there (the units are off the map)."""
    s, _ = spain_wins(auction_for())
    legal = GAME.legal(s, "player2")["place"]
    assert ["minor:genoa-troop-1", "area:genoa"] in legal
    assert all(s["units"][u]["loc"] not in GAME.board.areas for u, _ in legal)  # off the map: not to be clicked
    assert keys("place", ["minor:genoa-troop-1", "area:genoa"]) == ["area:genoa"]
