"""The JSON view in the reader's language (issue 29): the printed words a Planet King view carries in the content's
English (the event card in play, a claimed Secret Memorial's name and task) are read by their ids in Spanish; in
English the view is the engine's own."""

from typing import Any, cast

from engines.planet_king import GAME
from engines.planet_king.presentation import PRESENTATION
from tests.engines.planet_king.support import ev, fresh


def test_the_event_in_play_and_a_claimed_memorial_read_in_spanish():
    s = fresh(secret_memorial=True)
    s["current_event"] = ev("TRAITOR")
    s["memorials"]["claimed"] = ["pk:memorial:golden-age"]
    view = cast(dict[str, Any], GAME.view(s, "king"))
    assert PRESENTATION.words is not None
    es = PRESENTATION.words(GAME, view, "es")["public"]
    assert es["event"]["name"] == "TRAIDOR"
    assert es["event"]["text"].startswith("Un noble al azar o la Favorita Real")
    assert es["memorials"]["claimed"] == [
        {"name": "SIGLO DE ORO", "task": "Al final de un turno la Corte suma 8 o más puntos de ilustración."}
    ]
    assert view["public"]["event"]["text"].startswith("A random noble")  # the engine's view is untouched
    assert view["public"]["memorials"]["claimed"][0]["name"] == "GOLDEN AGE"


def test_a_view_without_printed_words_is_the_same_object():
    s = fresh()
    s["current_event"] = None
    view = cast(dict[str, Any], GAME.view(s, "king"))
    assert PRESENTATION.words is not None
    assert PRESENTATION.words(GAME, view, "es") is view
