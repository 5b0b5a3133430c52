"""The engine's words with one of a thing (issue 29): the Spanish prompts and log said "quedan 1 acción", "quedan 1",
"le quedan 1" where one is left; each now reads right with one and with several, in both languages."""

from __future__ import annotations

import pytest

from engines.ultima_ratio.game import GAME

ONE_AND_MORE = [
    (
        "prompt.power_actions",
        {"left": 1},
        "Elige una acción (1 acción por hacer).",
        "Choose an action (1 action left).",
    ),
    (
        "prompt.minor_reinforcements",
        {"minor": "minor:florence", "count": 1},
        "Coloca las unidades de Florencia como refuerzos (1 unidad por colocar).",
        "Place the units of Florence as reinforcements (1 unit left).",
    ),
    (
        "prompt.minor_reinforcements",
        {"minor": "minor:florence", "count": 2},
        "Coloca las unidades de Florencia como refuerzos (2 unidades por colocar).",
        "Place the units of Florence as reinforcements (2 units left).",
    ),
]


@pytest.mark.parametrize(("key", "args", "spanish", "english"), ONE_AND_MORE)
def test_one_left_reads_right(key, args, spanish, english):
    said = {"msg": key, "args": args}
    assert GAME.renderer("es").text(said) == spanish
    assert GAME.renderer("en").text(said) == english


def test_no_spanish_message_says_quedan_before_a_bare_count():
    """ "quedan {n}" reads wrong when n is 1 ("quedan 1"): no Spanish message puts a bare count after it."""
    catalog = GAME.catalogs["es"]
    assert [k for k, v in catalog.items() if "quedan {" in v] == []
