"""A power card's abilities (3.2) on the cards' pages in Spanish (issue 29): each read by its own key,
``ability:<power>:<kind>`` (the names file's), which the content export gives it as its id — not by its English
words, which two powers' cards may share (England's and France's privateering) or a rewording may change."""

from typing import Any

import yaml

from app.card_words import English, Within, card_values
from engines.core.game import Game
from engines.ultima_ratio import world as world_module
from engines.ultima_ratio.game import GAME, UltimaRatioRegis


def _words(value: Any) -> list[str]:
    """Every string a card's value shows (within lists, objects, English-marked words)."""
    if isinstance(value, Within):
        return _words(value.object) + _words(list(value.rest.values()))
    if isinstance(value, English):
        return [value.english]
    if isinstance(value, dict):
        return _words(list(value.values()))
    if isinstance(value, list):
        return [w for v in value for w in _words(v)]
    return [value] if isinstance(value, str) else []


def _ability_texts(game: Game, power_id: str, lang: str) -> list[str]:
    """The printed words of a power card's abilities as its page shows them in ``lang``."""
    power = next(p for p in game.content()["powers"] if p["id"] == power_id)
    shown = _words([v for label, v in card_values(game, power, set(), lang).rows if isinstance(v, list)])
    return [w for w in shown if ": " in w]


def test_an_ability_is_named_and_read_by_its_own_key():
    ability = next(p for p in GAME.content()["powers"] if p["id"] == "power:england")["abilities"][0]
    assert ability["id"] == "ability:england:privateering"
    es = GAME.names["es"]["ability:england:privateering"]
    assert GAME.name_of(ability["id"], "es") == es.name
    assert GAME.translated_text(ability["id"], "es") == es.text
    assert _ability_texts(GAME, "power:england", "es") == [es.text]
    assert _ability_texts(GAME, "power:england", "en") == [ability["text"]]


def test_two_powers_sharing_an_abilitys_english_words_each_read_their_own_spanish(tmp_path):
    powers = yaml.safe_load((world_module.DATA_DIR / "powers.yaml").read_text(encoding="utf-8"))
    by_id = {p["id"]: p for p in powers}
    by_id["power:england"]["abilities"][0]["text"] = by_id["power:france"]["abilities"][0]["text"]
    (tmp_path / "ultima-ratio-regis").mkdir()
    (tmp_path / "ultima-ratio-regis" / "powers.yaml").write_text(
        yaml.safe_dump(powers, allow_unicode=True), encoding="utf-8"
    )
    game = UltimaRatioRegis(tmp_path)
    for power in ("france", "england"):
        assert _ability_texts(game, f"power:{power}", "es") == [game.names["es"][f"ability:{power}:privateering"].text]


def test_an_ability_is_shown_once_as_its_printed_words_which_name_it():
    """Its page shows "Sea dogs: may carry out piracy…", not "Sea dogs · text: Sea dogs: may carry out…"."""
    england = next(p for p in GAME.content()["powers"] if p["id"] == "power:england")
    for lang in ("en", "es"):
        abilities = dict(card_values(GAME, england, set(), lang).rows)["Abilities" if lang == "en" else "Habilidades"]
        said = (
            england["abilities"][0]["text"]
            if lang == "en"
            else GAME.translated_text(england["abilities"][0]["id"], lang)
        )
        assert abilities == [said], abilities
