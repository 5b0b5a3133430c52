"""The rules pages of each game in Spanish (issue 29): the game's page, its rules reference, its cards and a card —
every heading, label and option in Spanish, and where the words themselves exist only in English (the reference's
summaries, a card's printed values) a note in Spanish says so and the English is marked ``lang="en"``; the pages
read in English are unchanged (no note). A scan of the Spanish pages, the English-marked parts set aside, finds none
of the game's English catalogue phrases nor an English name that has a Spanish one."""

import re

import pytest

from tests.app.test_table_pages_es import _readable
from tests.engines.test_words_es import GAMES, english_phrases

ES, EN = {"Accept-Language": "es"}, {"Accept-Language": "en"}
CARD = {"15-dias": "qd:char:cardinal", "planet-king": "pk:event:storms", "ultima-ratio-regis": None}
SUMMARIES_NOTE = "Los resúmenes están solo en inglés"
VALUES_NOTE = "Los valores y los textos impresos de abajo son los del reglamento inglés"


def _spanish_part(page: str) -> str:
    """What a Spanish reader reads as Spanish: the page without the paragraphs marked English."""
    return _readable(re.sub(r'<p lang="en">.*?</p>', " ", page, flags=re.S))


def _a_card(browser_client, game: str) -> str:
    cards = browser_client.get(f"/games/{game}/cards", headers=EN).text
    return CARD.get(game) or re.findall(rf'href="/games/{game}/cards/([^"]+)"', cards)[0]


@pytest.mark.parametrize("game", ["15-dias", "planet-king", "ultima-ratio-regis"])
def test_the_rules_pages_read_in_spanish_with_their_english_parts_said_and_marked(browser, game):
    alice = browser("alice")
    phrases = sorted(english_phrases(GAMES[game]), key=len, reverse=True)  # whole words: "Calvin" is not in "Calvino"
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(p) for p in phrases) + r")(?!\w)")
    card = _a_card(alice.c, game)
    found = {}
    for url in (
        f"/games/{game}/rules",
        f"/games/{game}/rules/reference",
        f"/games/{game}/cards",
        f"/games/{game}/cards/{card}",
    ):
        page = alice.c.get(url, headers=ES)
        assert page.status_code == 200 and '<html lang="es"' in page.text, url
        left = sorted(set(pattern.findall(_spanish_part(page.text))))
        if left:
            found[url] = left
    assert found == {}
    reference = alice.c.get(f"/games/{game}/rules/reference", headers=ES).text
    assert (SUMMARIES_NOTE in reference) == ('<p lang="en">' in reference) == (game != "ultima-ratio-regis")
    english = alice.c.get(f"/games/{game}/rules/reference", headers=EN).text
    assert SUMMARIES_NOTE not in english and '<p lang="en">' not in english
    assert VALUES_NOTE in alice.c.get(f"/games/{game}/cards/{card}", headers=ES).text
    assert VALUES_NOTE not in alice.c.get(f"/games/{game}/cards/{card}", headers=EN).text
    # the control: the English pages hold the phrases the scan looks for
    assert pattern.search(
        " ".join(_readable(alice.c.get(f"/games/{game}/{p}", headers=EN).text) for p in ("rules", "cards"))
    )


def test_the_planet_kings_rules_pages_name_their_headings_options_and_fields_in_spanish(browser):
    alice = browser("alice")
    info = _readable(alice.c.get("/games/planet-king/rules", headers=ES).text)
    for words in (
        "Cabeza caliente",
        "Victoria mayor: 15 PV o más",
        "Ni Rey ni Planeta",
        "Modo",
        "Cooperativo",
        "Heredero bastardo",
    ):
        assert words in info, words
    for words in ("Hothead", "Major victory", "Mode", "Cooperative", "Bastard Heir", "Remove Total War"):
        assert words not in info, words
    english = _readable(alice.c.get("/games/planet-king/rules", headers=EN).text)
    assert "Hothead" in english and "Major victory" in english and "Bastard Heir" in english
    reference = _readable(alice.c.get("/games/planet-king/rules/reference", headers=ES).text)
    assert "Generador de nombres de batallas" in reference and "Battle Name Generator" not in reference
    cards = _readable(alice.c.get("/games/planet-king/cards", headers=ES).text)
    assert "Eventos (68)" in cards and "TORMENTAS" in cards and "Events (68)" not in cards
    card = _readable(alice.c.get("/games/planet-king/cards/pk:event:storms", headers=ES).text)
    assert "Fortuna" in card and "Eliminación de PF" in card and "Sp elimination" not in card
    assert "Sp elimination" in _readable(alice.c.get("/games/planet-king/cards/pk:event:storms", headers=EN).text)


def test_ultima_ratio_regis_numbered_chapters_read_in_spanish(browser):
    alice = browser("alice")
    reference = _readable(alice.c.get("/games/ultima-ratio-regis/rules/reference", headers=ES).text)
    assert "7. Preparación de la partida" in reference and "7. Preparation of the game" not in reference
    english = _readable(alice.c.get("/games/ultima-ratio-regis/rules/reference", headers=EN).text)
    assert "7. Preparation of the game" in english


def test_the_planet_kings_battle_name_tables_read_in_the_readers_language(browser):
    """The Battle Name Generator's tables (a page of the game, linked from its page): headings and headers in the
    reader's language, the names as printed; the rulebook's example (first die 6, second die 5) reads Aire-sur-la-Lys."""
    alice = browser("alice")
    spanish = alice.c.get("/games/planet-king/battles", headers=ES)
    assert spanish.status_code == 200 and '<html lang="es"' in spanish.text
    text = _readable(spanish.text)
    assert "Nombres de batallas" in text and "segundo dado \\ primer dado" in text and "Frente de Picardía" in text
    assert "Battle names" not in text and "second die" not in text and "Picardy front" not in text
    picardy = re.search(r"<table class=\"battle-names\">.*?</table>", spanish.text, re.S).group(0)
    fifth = re.findall(r"<tr><th scope=\"row\">5</th>(.*?)</tr>", picardy)[0]
    assert re.findall(r"<td>(.*?)</td>", fifth)[5] == "Aire-sur-la-Lys"
    english = _readable(alice.c.get("/games/planet-king/battles", headers=EN).text)
    assert "Battle names" in english and "second die \\ first die" in english and "Picardy front" in english
    assert "/games/planet-king/battles" in alice.c.get("/games/planet-king/rules", headers=ES).text
    assert "Los nombres de batallas" in _readable(alice.c.get("/games/planet-king/rules", headers=ES).text)
