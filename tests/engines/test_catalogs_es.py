"""Every game's words in Spanish (issue 29): each engine's ``messages/es.yaml`` has every key of its ``en.yaml``
with the same fields (names, and the kind of each: ``{n:count:…}``, ``{x:the}``), and a ``names.es.yaml`` entry
names an object the game knows. A key another branch adds to an English catalogue fails here until it is
translated."""

import pathlib
import string

import pytest
import yaml

from engines import registry
from engines.core.text import load_catalogs

GAMES = {g.id: g for g in registry.all_games()}
ENGINES = [pytest.param(GAMES[gid], id=gid) for gid in ("planet-king", "15-dias", "ultima-ratio-regis") if gid in GAMES]
CORE = pathlib.Path(registry.__file__).parent / "core" / "messages"


def fields(template: str) -> set[tuple[str, str]]:
    """The fields of a template with the kind of each (``count``, ``plural``, ``the`` or plain). A word that agrees
    with an argument (``{x:agree:…}``) is the grammar of one language, not a field: a language agrees where it
    must, with an argument its template names (``agreeing``); so is a name written without the article it takes in
    running text (``{x:bare}``: "Ottomans troop 1", "tropa 1 de los otomanos")."""
    parsed = string.Formatter().parse(template)
    return {
        (f, "" if spec == "bare" else (spec or "").split(":", 1)[0])
        for _, f, spec, _ in parsed
        if f and not (spec or "").startswith("agree:")
    }


def agreeing(template: str) -> set[str]:
    """The arguments a template's agreeing words read that the template does not name."""
    parsed = list(string.Formatter().parse(template))
    agree = {f for _, f, spec, _ in parsed if f and (spec or "").startswith("agree:")}
    return agree - {f for f, _ in fields(template)}


def own_catalogs(game) -> dict[str, dict[str, str]]:
    return load_catalogs(type(game).messages_dir)


def compare(en: dict[str, str], es: dict[str, str]) -> list[str]:
    problems = [f"{key}: no Spanish" for key in en if key not in es]
    problems += [f"{key}: no English" for key in es if key not in en]
    problems += [
        f"{key}: fields {sorted(fields(es[key]))} in Spanish, {sorted(fields(en[key]))} in English"
        for key in en
        if key in es and fields(en[key]) != fields(es[key])
    ]
    problems += [
        f"{key}: agrees with {sorted(agreeing(t))}, not named" for c in (en, es) for key, t in c.items() if agreeing(t)
    ]
    return problems


def test_the_core_catalogue_is_complete_in_spanish():
    catalogs = load_catalogs(CORE)
    assert compare(catalogs["en"], catalogs["es"]) == []


@pytest.mark.parametrize("game", ENGINES)
def test_every_english_key_has_a_spanish_one_with_the_same_fields(game):
    catalogs = own_catalogs(game)
    assert "es" in catalogs, f"{game.id}: no messages/es.yaml"
    assert compare(catalogs["en"], catalogs["es"]) == []


@pytest.mark.parametrize("game", ENGINES)
def test_every_spanish_name_names_something_the_game_names_in_english(game):
    names = game.names.get("es", {})
    assert names, f"{game.id}: no data/names.es.yaml"
    unknown = [key for key in names if game.name_of(key, "en") in (None, key)]
    assert unknown == []
    for key, entry in names.items():
        assert entry.gender in (None, "m", "f", "mp", "fp"), key
        assert game.name_of(key, "es") == entry.name


def test_a_field_of_another_kind_is_a_difference():
    assert compare({"a": "{n:count:card|cards}"}, {"a": "{n}"}) != []
    assert compare({"a": "{x}"}, {"a": "{x} {y}"}) != []
    assert compare({"a": "x"}, {}) == ["a: no Spanish"]
    assert compare({"a": "{x} wins"}, {"a": "{x} {x:agree:gana|ganan}"}) == []
    assert compare({"a": "{x}"}, {"a": "{x} {y:agree:gana|ganan}"}) != []


def test_the_checked_in_catalogues_parse():
    for game in GAMES.values():
        if type(game).messages_dir is not None and (type(game).messages_dir / "es.yaml").exists():
            yaml.safe_load((type(game).messages_dir / "es.yaml").read_text(encoding="utf-8"))
