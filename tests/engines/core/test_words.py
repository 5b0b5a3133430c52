"""The games' words per language (issue 29): the content digest names the rules only, names per language beside the
content, and the grammar of each language (articles by gender, the "and" of a list, contractions)."""

import pathlib

import pytest
import yaml

from engines.core import ContentError
from engines.core.content import accepts, digest_of, load_content, load_names, rules_digest, rules_of
from engines.core.text import Renderer
from engines.core.types import Text, text
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


# ids whose names take their article in running text (a names file's ``article: true``), to the name with it
ARTICLED = {"en": {"ottomans": "the Ottomans", "papacy": "the Papacy"}}
ARTICLED["es"] = {"ottomans": "los otomanos", "papacy": "el Papado"}
NAMES = {"en": {"ottomans": "Ottomans", "papacy": "Papacy", "france": "France"}, "es": {"france": "Francia"}}
NAMES["es"] |= {"ottomans": "Otomanos", "papacy": "Papado"}
ID_GENDERS = {"ottomans": "mp", "papacy": "m", "france": "f"}


def articled(lang: str, template: str, names: dict[str, str] | None = None) -> Renderer:
    catalogs = {"en": {"core.and": "and", "t": template}, "es": {"core.and": "y", "t": template}}
    return Renderer(
        catalogs,
        lambda value, lang: NAMES[lang].get(value),
        lang,
        names,
        lambda value, _lang: ID_GENDERS.get(value),
        ARTICLED[lang],
    )


@pytest.mark.parametrize(
    ("lang", "template", "value", "said"),
    [
        ("en", "{x} gain interest.", "ottomans", "The Ottomans gain interest."),  # a sentence's start: a capital
        ("es", "{x} ganan interés.", "ottomans", "Los otomanos ganan interés."),
        ("en", "The troops of {x}.", "ottomans", "The troops of the Ottomans."),
        ("es", "Las tropas de {x}.", "ottomans", "Las tropas de los otomanos."),
        ("es", "Las tropas de {x}.", "papacy", "Las tropas del Papado."),  # "de el" contracts
        ("es", "Va a {x}.", "papacy", "Va al Papado."),
        ("en", "Help of {x:the}.", "ottomans", "Help of the Ottomans."),  # {x:the} does not write it twice
        ("es", "Ayuda de {x:the}.", "ottomans", "Ayuda de los otomanos."),
        ("en", "{x:the} gain.", "ottomans", "The Ottomans gain."),
        ("en", "{x} troop 1", "ottomans", "The Ottomans troop 1"),
        ("en", "{x:bare} troop 1", "ottomans", "Ottomans troop 1"),  # a noun before a noun: the name alone
        ("en", "{x} gains.", "france", "France gains."),  # a name without the flag: as before
        ("es", "Ayuda de {x:the}.", "france", "Ayuda de la Francia."),
        ("en", "{x} ally.", ["ottomans", "france"], "The Ottomans and France ally."),  # a list: each of its names
        ("en", "{x} ally.", ["france", "ottomans", "papacy"], "France, the Ottomans and the Papacy ally."),
        ("es", "{x} se alían.", ["france", "ottomans"], "Francia y los otomanos se alían."),
        ("es", "{x} se alían.", ["ottomans", "france"], "Los otomanos y Francia se alían."),
        ("en", "Turn 2: {x} gain.", "ottomans", "Turn 2: the Ottomans gain."),  # not a sentence's start
    ],
)
def test_a_name_that_takes_its_article_is_written_with_it(lang, template, value, said):
    assert articled(lang, template).text({"msg": "t", "args": {"x": value}}) == said


def test_a_sentence_inside_a_sentence_keeps_its_case_and_a_seat_s_name_takes_no_article():
    inner: Text = {"msg": "inner", "args": {"x": "ottomans"}}
    catalogs = {"en": {"core.and": "and", "t": "Because {reason}.", "inner": "{x} gain"}}
    say = Renderer(catalogs, lambda value, lang: NAMES[lang].get(value), "en", articled=ARTICLED["en"])
    assert say.text({"msg": "t", "args": {"reason": inner}}) == "Because the Ottomans gain."
    assert say.text(inner) == "The Ottomans gain"
    assert articled("en", "{x} gain.", {"ottomans": "Ana"}).text({"msg": "t", "args": {"x": "ottomans"}}) == "Ana gain."


def test_a_contraction_is_made_at_a_sentence_s_start_too():
    assert renderer("es", "A el Papado, de el Papado.").text(text("t")) == "Al Papado, del Papado."


def test_a_names_file_says_which_names_take_their_article_and_checks_it(tmp_path):
    packaged = tmp_path / "data"
    packaged.mkdir()
    (packaged / "names.es.yaml").write_text(
        'o: {name: "Otomanos", gender: mp, article: true, running: "otomanos"}\nf: {name: "Francia", gender: f}\n'
    )
    names = load_names("g", packaged)["es"]
    assert (names["o"].article, names["o"].running, names["f"].article) == (True, "otomanos", False)
    for wrong in ('{name: "X", article: maybe}', '{name: "X", running: "x"}', '{name: "X", articel: true}'):
        (packaged / "names.es.yaml").write_text(f"o: {wrong}\n")
        with pytest.raises(ContentError, match=r"names\.es\.yaml"):
            load_names("g", packaged)
