"""The rules pages of each game in Spanish (issue 29): the game's page, its rules reference, its cards and a card —
every heading, label and option in Spanish, the reference's summaries and the cards' values too (Ultima Ratio
Regis's powers' abilities and events' texts as well); where words exist only in English (the special rules of
scenarios no table offers yet) a note in Spanish says so and the English is marked ``lang="en"``; the pages read
in English are unchanged (no note). A scan of the Spanish pages, the English-marked parts set aside, finds none
of the game's English catalogue phrases nor an English name that has a Spanish one."""

import re

import pytest

from engines import registry
from tests.app.test_table_pages_es import _readable
from tests.engines.test_words_es import GAMES, english_phrases

ES, EN = {"Accept-Language": "es"}, {"Accept-Language": "en"}
CARD = {"15-dias": "qd:char:cardinal", "planet-king": "pk:event:storms", "ultima-ratio-regis": "power:france"}
SUMMARIES_NOTE = "Los resúmenes están solo en inglés"
VALUES_NOTE = "Algunos valores de abajo aún no tienen palabras en tu idioma"


def _spanish_part(page: str) -> str:
    """What a Spanish reader reads as Spanish: the page without the paragraphs and values marked English."""
    return _readable(re.sub(r'<(p|span) lang="en">.*?</\1>', " ", page, flags=re.S))


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
    assert SUMMARIES_NOTE not in reference and '<p lang="en">' not in reference  # every summary has its Spanish
    english = alice.c.get(f"/games/{game}/rules/reference", headers=EN).text
    assert SUMMARIES_NOTE not in english and '<p lang="en">' not in english
    assert VALUES_NOTE not in alice.c.get(f"/games/{game}/cards/{card}", headers=ES).text
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
    assert "Efecto TORMENTAS" in card and "Efecto storms" not in card
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
    assert "2.ª Dunas" in text and "1.ª Breda" in text and "2nd Dunas" not in text and "1st Breda" not in text
    english = _readable(alice.c.get("/games/planet-king/battles", headers=EN).text)
    assert "Battle names" in english and "second die \\ first die" in english and "Picardy front" in english
    assert "2nd Dunas" in english and "2.ª Dunas" not in english
    assert "/games/planet-king/battles" in alice.c.get("/games/planet-king/rules", headers=ES).text
    assert "Los nombres de batallas" in _readable(alice.c.get("/games/planet-king/rules", headers=ES).text)


@pytest.mark.parametrize("game", ["15-dias", "planet-king", "ultima-ratio-regis"])
def test_every_card_of_the_game_has_its_values_in_spanish(game):
    """Each value of each card, notable, leader, memorial, power, minor power, area or scenario (its special rules
    too) has Spanish words (issue 29): none is left in English."""
    from app.card_words import card_values
    from app.routes.rules import content_items

    g = GAMES[game]
    ids = {i["id"] for group in content_items(g) for i in group["members"]}
    left = {i["id"]: card_values(g, i, ids, "es").english for group in content_items(g) for i in group["members"]}
    assert {k: v for k, v in left.items() if v} == {}
    english = {i["id"]: card_values(g, i, ids, "en").english for group in content_items(g) for i in group["members"]}
    assert not any(english.values())


def test_a_cards_values_read_in_the_readers_language(browser):
    """A memorial's task, a leader's side, a noble's condition and a Special Situation's printed effect in Spanish;
    the English pages as they were, the content's provenance note with them only."""
    alice = browser("alice")

    def page(url: str, lang: dict[str, str]) -> str:
        return _readable(alice.c.get(url, headers=lang).text)

    memorial = page("/games/planet-king/cards/pk:memorial:carpe-diem", ES)
    assert "Al final de un turno la felicidad del Rey es 7 o más." in memorial and "felicidad, al menos: 7" in memorial
    assert "King's happiness" not in memorial and VALUES_NOTE not in memorial
    english = page("/games/planet-king/cards/pk:memorial:carpe-diem", EN)
    assert "At the end of a turn the King's happiness is 7 or more." in english
    leader = page("/games/planet-king/cards/pk:leader:turenne", ES)
    assert "Bando extranjero" in leader and "Errata" not in leader
    assert "Errata: the back reads" in page("/games/planet-king/cards/pk:leader:turenne", EN)
    noble = page("/games/planet-king/cards/pk:noble:fernandez-de-castro-son", ES)
    assert "el padre sale de la partida: FERNÁNDEZ DE CASTRO (padre)" in noble
    situation = page("/games/15-dias/cards/qd:sit:double-agent:1", ES)
    assert "Efecto Si este Personaje es descartado (Anulado)" in situation and "If this Character" not in situation
    assert "If this Character is discarded" in page("/games/15-dias/cards/qd:sit:double-agent:1", EN)
    cardinal = page("/games/15-dias/cards/qd:char:cardinal", ES)
    assert "Valores del reglamento Clero" in cardinal and VALUES_NOTE not in cardinal


def test_the_ultima_ratio_regis_map_page_names_its_scenarios_and_holders_in_spanish(browser):
    """The map page (a page of the game): its scenarios and the legend's holders by their Spanish names (issue 29)."""
    alice = browser("alice")
    url = "/games/ultima-ratio-regis/map?scenario=the-rise-of-portugal&turn=1"
    spanish = _readable(alice.c.get(url, headers=ES).text)
    assert "El auge de Portugal (1490-1564)" in spanish and "Nuevo orden (1490-1534)" in spanish
    assert "The rise of Portugal" not in spanish and "New order" not in spanish
    assert "Papado" in spanish and "Escocia" in spanish and "Papacy" not in spanish and "Scotland" not in spanish
    english = _readable(alice.c.get(url, headers=EN).text)
    assert "The rise of Portugal (1490-1564)" in english and "Papacy" in english


def test_an_ultima_ratio_regis_area_reads_its_values_in_spanish(browser, monkeypatch):
    """An area's theater, province (a theater's province, named in the names file), terrain and seas in Spanish,
    with no note of English values; an event's text and a power's ability too (the names file's ``text``); every
    scenario's special rules; a rule the names file leaves out is shown in English and marked so."""
    alice = browser("alice")
    area = _readable(alice.c.get("/games/ultima-ratio-regis/cards/area:andalusia", headers=ES).text)
    assert "Provincia Castilla" in area and "Terreno terreno abierto" in area and "Atlántico oriental" in area
    assert "Castile" not in area and " open " not in area and VALUES_NOTE not in area
    english = _readable(alice.c.get("/games/ultima-ratio-regis/cards/area:andalusia", headers=EN).text)
    assert "Province Castile" in english and "Terrain open" in english
    event = _readable(alice.c.get("/games/ultima-ratio-regis/cards/card:bad-weather", headers=ES).text)
    assert VALUES_NOTE not in event and "Combate cualquiera de los dos" in event
    assert "el tamaño del campo de batalla se reduce en uno" in event and "Play in a land" not in event
    france = _readable(alice.c.get("/games/ultima-ratio-regis/cards/power:france", headers=ES).text)
    assert "Corsarios: puede hacer piratería" in france and "Corsairs" not in france and VALUES_NOTE not in france
    for scenario in ("the-rise-of-portugal", "new-order", "catholics-and-protestants"):  # special rules in Spanish
        page = alice.c.get(f"/games/ultima-ratio-regis/cards/{scenario}", headers=ES).text
        assert VALUES_NOTE not in page and '<span lang="en">' not in page, scenario
    assert "Se juega sin cartas" in alice.c.get("/games/ultima-ratio-regis/cards/the-rise-of-portugal", headers=ES).text
    assert (
        "Rávena pertenece al Papado."
        in alice.c.get("/games/ultima-ratio-regis/cards/catholics-and-protestants", headers=ES).text
    )
    # a special rule a names file leaves without Spanish words is shown in English, marked so, with the page's note
    monkeypatch.delitem(registry.get_game("ultima-ratio-regis").names["es"], "rule:ravenna-papal")
    marked = alice.c.get("/games/ultima-ratio-regis/cards/catholics-and-protestants", headers=ES).text
    assert VALUES_NOTE in marked and '<span lang="en">Ravenna belongs to the Papacy.' in marked


def test_the_15_dias_rules_reference_reads_its_summaries_in_spanish(browser):
    """Each rule's summary in Spanish (rules_reference.es.yaml: one for every rule of rules_reference.yaml), found by
    a Spanish search; the English page as before."""
    import yaml

    from app.routes.rules import reference_path

    path = reference_path(GAMES["15-dias"])
    english = {k for k in yaml.safe_load(path.read_text(encoding="utf-8")) if k != "chapters"}
    spanish = yaml.safe_load(path.with_name("rules_reference.es.yaml").read_text(encoding="utf-8"))
    assert set(spanish) == english and all(spanish.values())
    alice = browser("alice")
    page = _readable(alice.c.get("/games/15-dias/rules/reference", headers=ES).text)
    assert "Habilidad de Corte: el Personaje Principal objetivo va a la pila de descartes de la Corte." in page
    assert "Court Ability: the targeted" not in page
    found = _readable(alice.c.get("/games/15-dias/rules/reference?q=Hacienda", headers=ES).text)
    assert "Un Personaje puede ponerse bajo la ficha de Familia" in found
    assert "Court Ability: the targeted" in _readable(alice.c.get("/games/15-dias/rules/reference", headers=EN).text)


def test_the_planet_kings_summaries_read_in_spanish(browser):
    """Every one of The Planet King's summaries in Spanish (rules_reference.es.yaml), none marked English."""
    import yaml

    from app.routes.rules import reference_path

    path = reference_path(GAMES["planet-king"])
    english = {k for k in yaml.safe_load(path.read_text(encoding="utf-8")) if k != "chapters"}
    spanish = yaml.safe_load(path.with_name("rules_reference.es.yaml").read_text(encoding="utf-8"))
    assert set(spanish) == english and all(spanish.values())
    alice = browser("alice")
    page = alice.c.get("/games/planet-king/rules/reference", headers=ES).text
    assert "Un genio al azar de la Corte (nunca el pintor de cámara) va al exilio." in page
    assert "A random genius at Court (never the Court painter) goes into exile." not in page
    assert "El Rey tiene cuatro cubos amarillos por turno" in page and "four yellow cubes" not in page
    assert "The King has four yellow cubes" in alice.c.get("/games/planet-king/rules/reference", headers=EN).text
