"""What a player reads of a power or a minor power agrees with its name (9.2's pass over the words): the Spanish said
"Escocia ya no es aliado de España" and "España, aliado de Austria", the English "Ottomans gains" and "Ottomans is";
the side of a battle that no power holds read "independent rolls". Each word that agrees reads the gender and
number of its name (``{x:agree:…}``, engines.core.text; the names files' ``gender``)."""

from __future__ import annotations

import pytest

from engines.core.types import Entry, text
from engines.ultima_ratio.game import GAME

SENTENCES = [
    (
        "log.minor_alliance_ends",
        {"minor": "minor:scotland", "power": "power:spain"},
        "Escocia ya no es aliada de España.",
        "Scotland is no longer allied with Spain.",
    ),
    (
        "log.minor_alliance_ends",
        {"minor": "minor:papacy", "power": "power:spain"},
        "El Papado ya no es aliado de España.",
        "The Papacy is no longer allied with Spain.",
    ),
    (
        "log.minor_alliance_ends",
        {"minor": "minor:cossacks", "power": "power:poland"},
        "Los cosacos ya no son aliados de Polonia.",
        "The Cossacks are no longer allied with Poland.",
    ),
    (
        "prompt.war_entry",
        {"partner": "power:spain", "ally": "power:austria", "enemy": "power:france"},
        "España, aliada de Austria, está en guerra con Francia: ¿entra Austria en la guerra?",
        "Spain, the ally of Austria, is at war with France: does Austria enter the war?",
    ),
    (
        "prompt.war_entry",
        {"partner": "power:ottomans", "ally": "power:france", "enemy": "power:austria"},
        "Los otomanos, aliados de Francia, están en guerra con Austria: ¿entra Francia en la guerra?",
        "The Ottomans, the allies of France, are at war with Austria: does France enter the war?",
    ),
    (
        "log.minor_drags_ally",
        {"minor": "minor:scotland", "power": "power:france"},
        "Escocia arrastra a la guerra a su aliada Francia.",
        "Scotland drags its ally France into the war.",
    ),
    (
        "log.minor_conquered",
        {"power": "power:ottomans", "minor": "minor:wallachia-moldavia", "former": "power:poland"},
        "Los otomanos han ocupado todo el territorio de Valaquia y Moldavia, aliadas de Polonia: Valaquia y"
        " Moldavia se alían con los otomanos y sus unidades son eliminadas.",
        "The Ottomans have occupied all of Wallachia & Moldavia, allies of Poland: Wallachia & Moldavia ally"
        " with the Ottomans and their units are eliminated.",
    ),
    (
        "log.minor_conquered",
        {"power": "power:france", "minor": "minor:savoy", "former": "power:spain"},
        "Francia ha ocupado todo el territorio de Saboya, aliada de España: Saboya se alía con Francia y sus unidades"
        " son eliminadas.",
        "France has occupied all of Savoy, ally of Spain: Savoy allies with France and its units are eliminated.",
    ),
    (
        "log.interest",
        {"power": "power:ottomans", "theaters": ["Sa"]},
        "Los otomanos ganan interés en América del Sur.",
        "The Ottomans gain interest in South America.",
    ),
    (
        "log.religion_sunni",
        {"power": "power:ottomans"},
        "Los otomanos son ahora de religión suní.",
        "The Ottomans are Sunni now.",
    ),
    (
        "log.collapse_begins",
        {"power": "power:mamluks"},
        "Los mamelucos se hunden: deben hacer la paz con todos sus enemigos y no pueden terminar una guerra"
        " voluntariamente.",
        "The Mamluks collapse: they must make peace with all their enemies, and cannot end a war voluntarily.",
    ),
    (
        "log.alliance_made",
        {"powers": ["power:spain", "power:austria"]},
        "España y Austria son aliadas: paz forzada entre ellas.",
        "Spain and Austria are allied: forced peace between them.",
    ),
    (
        "log.possession_vp_held",
        {"event": "card:fall-of-the-hospitallers", "power": "power:ottomans", "area": "area:rhodes"},
        "Caída de los Hospitalarios: los otomanos ya poseen Rodas; no se les promete nada por ella.",
        "Fall of the Hospitallers: the Ottomans already possess Rhodes; nothing is promised for it.",
    ),
    (
        "log.minor_unit_placed",  # the unit's name says its minor: "Tropa 1 de Cosacos de Cosacos" said it twice
        {"minor": "minor:cossacks", "unit": "minor:cossacks-troop-1", "area": "area:zaporozhia"},
        "tropa 1 de los cosacos se coloca en Zaporozhia.",
        "Cossacks troop 1 is placed in Zaporozhia.",
    ),
    (
        "log.peace_morale.given",
        {"giver": "power:ottomans", "receiver": "power:venice", "reason": "key_area"},
        "Los otomanos dan a Venecia uno de sus puntos de moral (un área clave perdida).",
        "The Ottomans give Venice one of their morale points (a key area lost).",
    ),
    (
        "log.peace_condition.cede_conquered",  # an area's name has no known gender: "Morea, conquistado" read wrong
        {"loser": "power:ottomans", "target": "area:morea", "winner": "power:venice"},
        "Condición de paz: los otomanos ceden Morea, área conquistada, a Venecia.",
        "Peace condition: the Ottomans cede the conquered Morea to Venice.",
    ),
    (
        "log.minor_neutral",
        {"minor": "minor:cossacks"},
        "Los cosacos se vuelven neutrales: sus unidades vuelven a su carta.",
        "The Cossacks become neutral: their units return to their card.",
    ),
    (
        "log.interest_lost",
        {"power": "power:mamluks", "theaters": ["As"]},
        "Los mamelucos: ya no tienen interés en Asia (la tabla de intereses del turno).",
        "The Mamluks: no more interest in Asia (the turn's Interest table).",
    ),
    (
        "log.minor_disappears",  # the minor power in apposition: its name alone ("La potencia menor los cosacos")
        {"minor": "minor:cossacks"},
        "La potencia menor Cosacos desaparecen; las áreas que tenía se vuelven independientes.",
        "The minor power Cossacks disappear; the areas they held become independent.",
    ),
    (
        "board.minor_ally",
        {"minor": "minor:papacy", "power": "power:spain"},
        "El Papado (aliado de España)",
        "The Papacy (ally of Spain)",
    ),
]


@pytest.mark.parametrize(("key", "args", "spanish", "english"), SENTENCES)
def test_a_word_about_a_power_agrees_with_its_name(key, args, spanish, english):
    said = text(key, **args)
    assert GAME.renderer("es").text(said) == spanish
    assert GAME.renderer("en").text(said) == english


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "The independents roll Q3:2→3"), ("es", "Los independientes tiran Q3:2→3")],
)
def test_the_side_no_power_holds_reads_as_the_independents(lang, said):
    rolls: Entry = {
        "msg": "combat.dice",
        "args": {"side": "independent", "dice": ["Q3:2→3"], "points": 1, "casualties": 0},
    }
    assert GAME.render_entry(rolls, GAME.renderer(lang))["text"].startswith(said)
    support = text("act.support", arg="power:spain-squadron-1", side="independent")
    assert "the independents" in GAME.renderer("en").text(support)
    assert "a los independientes" in GAME.renderer("es").text(support)


def test_every_power_and_minor_has_a_spanish_gender():
    world = GAME.board.world
    ungendered = [x.id for x in (*world.powers, *world.minors) if GAME.names["es"][x.id].gender is None]
    assert ungendered == []
    assert GAME.gender_of("power:spain", "es") == "f" and GAME.gender_of("power:portugal", "es") == "m"
    assert GAME.gender_of("power:ottomans", "es") == "mp" and GAME.gender_of("minor:scotland", "es") == "f"


def test_the_english_names_file_gives_numbers_articles_and_the_content_s_own_names():
    world, board = GAME.board.world, GAME.board
    content = {x.id: x.name for x in (*world.powers, *world.minors)}
    content |= {a.id: a.name for a in board.map.areas} | {sea.id: sea.name for sea in board.map.seas}
    content |= {c.id: c.name for c in board.map.trade_centers} | {t.key: t.name for t in board.map.theaters}
    content |= {p.id: p.name for t in board.map.theaters for p in t.provinces}
    for key, entry in GAME.names["en"].items():
        assert entry.gender in ("mp", "fp") or entry.article, key  # only plural names and articles need saying
        assert key == "independent" or entry.name == content[key], key
    assert GAME.name_of("power:ottomans", "en") == "Ottomans"
    assert GAME.articled("en")["power:ottomans"] == "the Ottomans" and "power:france" not in GAME.articled("en")


@pytest.mark.parametrize(
    ("msg", "args", "spanish", "english"),
    [
        ("log.disbanded", {}, "Tropa 2 de Inglaterra es eliminada.", "England troop 2 is eliminated."),
        (
            "log.repatriated_tactical",
            {"area": "area:london"},
            "Tropa 2 de Inglaterra es repatriada a Londres.",
            "England troop 2 is repatriated to London.",
        ),
        (
            "combat.veteran",
            {"side": "power:england"},
            "Tropa 2 de Inglaterra pasa a ser veterana.",
            "England troop 2 becomes veteran.",
        ),
    ],
)
def test_a_unit_is_a_troop_or_a_squadron_feminine_in_spanish_and_named_once(msg, args, spanish, english):
    """A unit's Spanish name is a "tropa" or an "escuadra": "tropa 2 de Inglaterra es eliminado" read wrong, and
    "tropa 2 de Inglaterra de Inglaterra pasa a ser veterano" named its power twice."""
    entry: Entry = {"msg": msg, "args": {"unit": "power:england-troop-2", **args}}
    assert GAME.render_entry(entry, GAME.renderer("es"))["text"] == spanish
    assert GAME.render_entry(entry, GAME.renderer("en"))["text"] == english


def test_a_people_s_name_takes_its_article_in_the_log_in_english_and_spanish():
    """A power named as a people reads with its article: "Ottomans gain interest", "de Otomanos" read wrong."""
    entry: Entry = {"msg": "log.interest", "args": {"power": "power:ottomans", "theaters": ["TE"]}}
    assert GAME.render_entry(entry, GAME.renderer("en"))["text"] == "The Ottomans gain interest in the East."
    assert GAME.render_entry(entry, GAME.renderer("es"))["text"] == "Los otomanos ganan interés en el Oriente."
    conquered: Entry = {"msg": "log.minor_conquered", "args": {"power": "power:spain", "minor": "minor:papacy"}}
    conquered["args"]["former"] = "power:ottomans"
    assert GAME.render_entry(conquered, GAME.renderer("es"))["text"] == (
        "España ha ocupado todo el territorio del Papado, aliado de los otomanos: el Papado se alía con España y sus"
        " unidades son eliminadas."
    )


def test_no_possessive_of_a_name_that_takes_its_article():
    """English "{power}'s" read "the Ottomans's army" once the name took its article: these sentences say "of", as
    the Spanish ones always did ("el ejército de los otomanos")."""
    en = GAME.renderer("en")
    army = Entry(
        msg="log.army_intercepted",
        args={"power": "power:ottomans", "area": "area:granada", "target": "area:castile", "units": []},
    )
    said = GAME.render_entry(army, en)["text"]
    assert said.startswith("The army of the Ottomans in Granada intercepts the move into Castile"), said
    one = {"power": "power:spain", "units": ["power:spain-troop-1"], "area": "area:castile"}
    joined = GAME.render_entry(Entry(msg="log.joined_fortress", args=one), en)["text"]
    assert joined == "Spain troop 1 of Spain joins the fortress of Castile.", joined
    before = en.text(text("prompt.leader_change_before", power="power:ottomans"))
    assert before.startswith("Before the combat, the leaders of the Ottomans may change unit"), before
