"""A prompt is a sentence: it begins with a capital letter, as a log entry does (``render_entry``). In Spanish a
unit's name is written small, for the middle of a sentence ("tropa 1 de Portugal"), and the prompt of every
strategic movement read "tropa 1 de Portugal está en Portugal: ¿adónde ahora?" (a player's-eye review of 9.2)."""

from __future__ import annotations

from engines.core.types import text
from tests.engines.ultima_ratio.support import GAME, ROLE, fresh, moves, step


def test_a_prompt_that_opens_with_a_unit_begins_with_a_capital_letter():
    s = moves(fresh(), ("build", "build_troop"), ("grade", "2-3"), ("area", "area:portugal"))
    assert step(s) == "strategic_move"
    prompt = GAME.view(s, ROLE)["prompt"]["text"]
    es = GAME.renderer("es")
    assert es.text(prompt).startswith("tropa 1 de Portugal está en Portugal")  # the catalog's words
    assert GAME.render_prompt(prompt, es).startswith("Tropa 1 de Portugal está en Portugal: ¿adónde ahora?")
    assert GAME.render_prompt(prompt, GAME.renderer("en")) == GAME.renderer("en").text(prompt)


def test_a_prompt_that_opens_with_a_player_s_name_keeps_it_as_he_wrote_it():
    """A seat's name (its role, "player1", read as the player's name) is never changed."""
    prompt = text("prompt.peace_conditions", winner="player1", loser="power:spain", left=1)
    renderer = GAME.renderer("es", {"player1": "alicia"})
    assert GAME.render_prompt(prompt, renderer).startswith("alicia ")
