"""Words a player reads in the prompts and the list of moves (issue 29): the Spanish said "quedan 1 acción",
"quedan 1", "le quedan 1" where one is left, each now reads right with one and with several; a unit to choose
is named with where it stands."""

from __future__ import annotations

import pytest

from engines.core.types import Entry, text
from engines.ultima_ratio.game import GAME
from tests.engines.ultima_ratio.support import at_first_impulse, legal, moves

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
    said = text(key, **args)
    assert GAME.renderer("es").text(said) == spanish
    assert GAME.renderer("en").text(said) == english


def test_no_spanish_message_says_quedan_before_a_bare_count():
    """ "quedan {n}" reads wrong when n is 1 ("quedan 1"): no Spanish message puts a bare count after it."""
    catalog = GAME.catalogs["es"]
    assert [k for k, v in catalog.items() if "quedan {" in v] == []


def test_a_unit_to_choose_is_named_with_where_it_stands():
    """12.1: "Which troop?" listed "Spain troop 1" ... "Spain troop 9" with nothing to tell them apart in the list of
    moves (the keyboard's way); each now says where it stands. A counter still on its card has no place to name."""
    s = at_first_impulse(deploy=[("build", "build_troop"), ("grade", "2-3"), ("area", "area:oporto"), ("stop", None)])
    s = moves(s, ("done", None), ("act", ["power:portugal", "tactical_move"]))
    assert legal(s)["unit"] == ["power:portugal-troop-1"]
    said = GAME.label(s, "player1", "unit", "power:portugal-troop-1")
    assert GAME.renderer("en").text(said) == "Portugal troop 1 (Oporto)"
    assert GAME.renderer("es").text(said) == "tropa 1 de Portugal (Oporto)"
    s["units"]["power:portugal-troop-1"]["loc"] = "available"
    assert GAME.renderer("en").text(GAME.label(s, "player1", "unit", "power:portugal-troop-1")) == "Portugal troop 1"


def test_an_event_applied_is_a_whole_sentence_whatever_the_log_s_order():
    """8.2.2: the log read "The event of Plague:" with its effects above it (the page shows the newest first): a
    colon pointing at lines that come before it. It is a sentence of its own."""
    said = text("log.event_applied", card="card:plague")
    assert GAME.renderer("en").text(said) == "The event of Plague is applied."
    assert GAME.renderer("es").text(said) == "Se aplica el evento de Peste."


def test_a_unit_lost_in_a_combat_agrees_in_spanish():
    """13.1.7: "Inglaterra pierde tropa 2 de Inglaterra (dispersos)" — one troop (feminine) read as several men;
    the Spanish names the loss instead, which agrees with one unit or several."""
    for key, word in (("combat.dispersed", "(dispersión)"), ("combat.eliminated", "(eliminación)")):
        said = text(key, side="power:england", units=["power:england-troop-2"])
        assert GAME.renderer("es").text(said) == f"Inglaterra pierde tropa 2 de Inglaterra {word}."


def test_a_log_sentence_begins_with_a_capital_but_a_player_s_name_as_written():
    """The Spanish log read "tropa 1 de España entra en Granada." and the English "independent rolls Q3": a sentence
    of the log begins with a capital letter ("The independents roll Q3"), save a player's name (a seat), which reads
    as the player wrote it."""
    names = {"player1": "alice"}
    enters: Entry = {"msg": "log.tactical", "args": {"unit": "power:spain-troop-1", "area": "area:granada"}}
    assert GAME.render_entry(enters, GAME.renderer("es", names))["text"] == "Tropa 1 de España entra en Granada."
    rolls: Entry = {
        "msg": "combat.dice",
        "args": {"side": "independent", "dice": ["Q3:2→3"], "points": 1, "casualties": 0},
    }
    assert GAME.render_entry(rolls, GAME.renderer("en", names))["text"].startswith("The independents roll Q3:2→3")
    bet: Entry = {"msg": "log.auction_bet_placed", "args": {"seat": "player1"}}
    assert GAME.render_entry(bet, GAME.renderer("en", names))["text"] == "alice places a secret bet."
