"""The games' words per language (issue 29): the content digest names the rules only, names per language beside the
content, and the grammar of each language (articles by gender, the "and" of a list, contractions)."""

import pathlib

import pytest
import yaml

from engines.core import ContentError
from engines.core.content import accepts, digest_of, load_content, load_names, rules_digest, rules_of
from engines.core.text import Renderer
from engines.core.types import text
from engines.quince_dias import content as qd_content
from engines.quince_dias.game import QuinceDias

PRINCES = pathlib.Path(__file__).resolve().parents[3] / "engines" / "quince_dias" / "data" / "princes.yaml"


def test_the_digest_leaves_out_words_and_provenance_at_any_depth():
    card = {
        "id": "x",
        "name": "Card",
        "points": 3,
        "source": "rulebook",
        "lines": [1],
        "nested": [{"text": "a", "n": 1}],
    }
    assert rules_of(card) == {"id": "x", "points": 3, "nested": [{"n": 1}]}
    assert rules_digest(card) == rules_digest({**card, "name": "Carta", "text": "otra", "lines": [2]})
    assert rules_digest(card) != rules_digest({**card, "points": 4})


def test_renaming_a_card_in_an_owner_file_flags_no_table_and_a_rule_does(tmp_path):
    packaged = QuinceDias()
    data = yaml.safe_load(PRINCES.read_text(encoding="utf-8"))
    folder = tmp_path / "15-dias"
    folder.mkdir()
    data["princes"][0]["name"] = "Another name"
    (folder / "princes.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert QuinceDias(tmp_path).content_digest == packaged.content_digest
    data["princes"][0]["bells"] += 1
    (folder / "princes.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert QuinceDias(tmp_path).content_digest != packaged.content_digest


def test_a_record_made_before_the_digest_left_the_words_out_still_replays():
    """The legacy digest (over every field, as before issue 29) of the same content is accepted; another is not."""
    game = QuinceDias()
    loaded = load_content("15-dias", qd_content.DATA, qd_content.FILES)
    full = {name: m.model_dump(mode="json") for name, m in sorted(loaded.files.items())}
    assert loaded.legacy_digest == digest_of(full) and loaded.digest == game.content_digest
    assert accepts(game.content_digest, game.content_digest)
    assert accepts(game.content_digest, digest_of(full))
    assert not accepts(game.content_digest, "0" * 16)


def test_a_names_file_gives_names_and_genders_and_the_owner_may_replace_it(tmp_path):
    packaged = tmp_path / "data"
    packaged.mkdir()
    (packaged / "names.es.yaml").write_text('a: "Nombre"\nb: {name: "Francia", gender: f, source: reconstructed}\n')
    names = load_names("g", packaged)
    assert names["es"]["a"].name == "Nombre" and names["es"]["b"].gender == "f"
    (tmp_path / "owner" / "g").mkdir(parents=True)
    (tmp_path / "owner" / "g" / "names.es.yaml").write_text('a: "El del dueño"\n')
    assert load_names("g", packaged, tmp_path / "owner")["es"]["a"].name == "El del dueño"
    (packaged / "names.es.yaml").write_text("a: {gender: f}\n")
    with pytest.raises(ContentError, match=r"names\.es\.yaml"):
        load_names("g", packaged)


def test_a_game_reads_its_spanish_names_and_english_is_unchanged():
    game = QuinceDias()
    card = "qd:char:groom-of-the-stole"
    assert (game.name_of(card, "en"), game.name_of(card, "es")) == ("Groom of the Stole", "Sumiller de Corps")


GENDERS = {"Francia": "f", "Países Bajos": "mp", "Flandes": "m", "Indias": "fp"}


def renderer(lang: str, template: str) -> Renderer:
    catalogs = {"en": {"core.and": "and", "t": template}, "es": {"core.and": "y", "t": template}}
    return Renderer(catalogs, lambda value, _lang: None, lang, gender=lambda value, _lang: GENDERS.get(value))


@pytest.mark.parametrize(
    ("value", "spanish"),
    [("Flandes", "Ayuda del Flandes."), ("Francia", "Ayuda de la Francia."), ("Indias", "Ayuda de las Indias.")],
)
def test_spanish_articles_follow_the_name_s_gender_and_contract(value, spanish):
    assert renderer("es", "Ayuda de {x:the}.").text({"msg": "t", "args": {"x": value}}) == spanish
    assert renderer("en", "Help of {x:the}.").text({"msg": "t", "args": {"x": value}}) == f"Help of the {value}."


def test_a_spanish_list_says_e_before_the_sound_i_and_y_elsewhere():
    say = renderer("es", "{xs}")
    assert say.text({"msg": "t", "args": {"xs": ["España", "Francia", "Inglaterra"]}}) == "España, Francia e Inglaterra"
    assert say.text({"msg": "t", "args": {"xs": ["Francia", "Hierro"]}}) == "Francia y Hierro"
    assert say.text({"msg": "t", "args": {"xs": ["Portugal", "Hispania"]}}) == "Portugal e Hispania"
    assert renderer("en", "{xs}").text({"msg": "t", "args": {"xs": ["Spain", "Ireland"]}}) == "Spain and Ireland"


def test_a_contraction_leaves_a_proper_name_s_capital_article_alone():
    say = renderer("es", "Sale de el puerto de El Ferrol y va a el mar.")
    assert say.text(text("t")) == "Sale del puerto de El Ferrol y va al mar."


@pytest.mark.parametrize(
    ("value", "spanish"),
    [
        ("Francia", "Francia, aliada de Austria."),
        ("Flandes", "Flandes, aliado de Austria."),
        ("Países Bajos", "Países Bajos, aliados de Austria."),
        ("Indias", "Indias, aliadas de Austria."),
        ("Sin género", "Sin género, aliado de Austria."),
        (["Francia", "Indias"], "Francia e Indias, aliadas de Austria."),
        (["Francia", "Flandes"], "Francia y Flandes, aliados de Austria."),
    ],
)
def test_a_word_agrees_with_the_gender_and_number_of_a_name(value, spanish):
    say = renderer("es", "{x}, {x:agree:aliado|aliada|aliados|aliadas} de Austria.")
    assert say.text({"msg": "t", "args": {"x": value}}) == spanish


def test_two_forms_agree_in_number_only():
    say = renderer("en", "{x} {x:agree:gains|gain} a Casus Belli.")
    assert say.text({"msg": "t", "args": {"x": "Francia"}}) == "Francia gains a Casus Belli."
    assert say.text({"msg": "t", "args": {"x": "Países Bajos"}}) == "Países Bajos gain a Casus Belli."
    assert say.text({"msg": "t", "args": {"x": ["Francia", "Flandes"]}}) == "Francia and Flandes gain a Casus Belli."


def test_an_agree_field_has_two_forms_or_four():
    with pytest.raises(ValueError, match="two forms"):
        renderer("es", "{x:agree:aliado|aliada|aliados}").text({"msg": "t", "args": {"x": "Francia"}})
