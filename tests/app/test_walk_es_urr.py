"""Ultima Ratio Regis read in Spanish (issue 29 › Proof): a 9.1 The Rise of Portugal table at its start, at its
first battle and at its end, and a 9.2 New Order table of three players during the major power auction and at a
battle with cards in the hands — each table's page, log, replay, endings, its JSON view (``Accept-Language: es``)
and the map drawn under it — hold none of the content's English words: no English name of an area, sea, province,
trade center, theater, power, minor power, card or leader that Spanish says otherwise, no card's or ability's English
text, none of the map sheet's English phrases. The same pages in English hold them (the scan can fail)."""

from __future__ import annotations

import re
import time

import pytest

from engines import registry
from engines.core.text import load_catalogs
from tests.app.test_new_order_battle_spectator import _to_battle
from tests.app.test_table_pages_es import _readable, _sentences
from tests.app.test_ultima_ratio_battle import to_first_battle

URR = "ultima-ratio-regis"
RISE, NEW_ORDER = {"scenario": "the-rise-of-portugal"}, {"scenario": "new-order", "players": 3}
BASE = re.compile(r'/games/ultima-ratio-regis/base\.svg\?[^"]*')


def english_words() -> tuple[set[str], set[str]]:
    """The content's English words a Spanish reader must not meet, and the Spanish names (set aside before the scan:
    "Cairo" is in "El Cairo")."""
    game = registry.get_game(URR)
    english, spanish = set(), set()
    for key, entry in game.names["es"].items():
        spanish.add(entry.name)
        name = game.name_of(key, "en")
        if name and name != entry.name and name not in entry.name:
            english.add(name)
    world = game.board.world  # type: ignore[attr-defined]
    english |= {e.text for e in world.events} | {a.text for p in world.powers for a in p.abilities}
    catalogs = load_catalogs(type(game).messages_dir)
    english |= {v for k, v in catalogs["en"].items() if k.startswith("draw.") and v != catalogs["es"][k]}
    return {e for e in english if len(e) >= 4}, spanish


def _pattern(words: set[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?<![\w-])(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")(?![\w-])"
    )


def _svg_words(svg: str) -> str:
    return " ".join(re.findall(r">([^<>]+)<", svg))


def _read(person, table: int, lang: str) -> dict[str, str]:
    """What a reader of ``lang`` reads of the table: its pages, its JSON view's sentences, the map under it."""
    headers = {"Accept-Language": lang}
    read = {}
    for part in ("", "/log", "/replay", "/endings"):
        page = person.c.get(f"/tables/{table}{part}", headers=headers)
        assert page.status_code == 200, (part, page.status_code)
        read[f"/tables/{table}{part}"] = _readable(page.text)
        if part == "":
            base = BASE.search(page.text)
            assert base is not None
            svg = person.c.get(base.group(0).replace("&amp;", "&"))
            assert svg.status_code == 200
            read[base.group(0)] = _svg_words(svg.text)
    api = person.api("GET", f"/api/v1/tables/{table}", headers=headers).json()
    read[f"/api/v1/tables/{table}"] = " · ".join(_sentences(api))
    log = person.api("GET", f"/api/v1/tables/{table}/log?limit=200", headers=headers).json()
    read[f"/api/v1/tables/{table}/log"] = " · ".join(_sentences(log))
    return read


def _finished(person) -> int:
    table = person.new_table(game=URR, seats={"player1": "bot:heuristic"}, options=RISE, seed=5)
    deadline = time.time() + 300
    while time.time() < deadline and person.view(table)["status"] != "finished":
        time.sleep(0.5)
    assert person.view(table)["status"] == "finished"
    return table


def _tables(app, alice) -> dict[str, int]:
    """The tables at the points the scan reads, by name."""
    tables = {}
    rise = alice.new_table(game=URR, seats={"player1": "me"}, options=RISE, seed=5)
    tables["9.1 start"] = alice.new_table(game=URR, seats={"player1": "me"}, options=RISE, seed=6)
    to_first_battle(app, alice, rise)
    tables["9.1 battle"] = rise
    game = registry.get_game(URR)
    roles = game.roles(game.parse_options(NEW_ORDER))
    tables["9.2 auction"] = alice.new_table(game=URR, seats=dict.fromkeys(roles, "me"), options=NEW_ORDER, seed=11)
    battle = alice.new_table(game=URR, seats=dict.fromkeys(roles, "me"), options=NEW_ORDER, seed=11)
    _to_battle(app, alice, battle)
    tables["9.2 battle, cards in hand"] = battle
    tables["9.1 end"] = _finished(alice)
    return tables


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_spanish_reader_meets_no_english_word_of_the_content_at_a_92_and_a_91_table(app, browser):
    alice = browser("alice")
    english, spanish = english_words()
    pattern, own = _pattern(english), _pattern(spanish)
    tables = _tables(app, alice)
    found, met = {}, set()
    for point, table in tables.items():
        for url, words in _read(alice, table, "es").items():
            left = sorted(set(pattern.findall(own.sub(" ", words))))
            if left:
                found[f"{point}: {url}"] = left
        met |= {w for words in _read(alice, table, "en").values() for w in pattern.findall(words)}
    assert found == {}
    # the control: in English the same tables show the content's names, a card's text, the map sheet's phrases
    world = registry.get_game(URR).board.world  # type: ignore[attr-defined]
    assert {"Naples", "Andalusia", "Western Mediterranean", "World Map — seas and their links"} <= met
    assert met & {e.text for e in world.events}
    assert "Duel (test game)" not in alice.c.get("/", headers={"Accept-Language": "es"}).text


def test_the_footer_names_the_games_in_the_readers_language(browser):
    alice = browser("alice")
    spanish = _readable(alice.c.get("/", headers={"Accept-Language": "es"}).text)
    english = _readable(alice.c.get("/", headers={"Accept-Language": "en"}).text)
    assert "Duelo (juego de prueba)" in spanish and "Duel (test game)" not in spanish
    assert "Duel (test game)" in english and "Duelo (juego de prueba)" not in english
