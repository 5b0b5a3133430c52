"""Ultima Ratio Regis in Spanish (issue 29): every content object a player meets — area, sea, province, dispersed
box, trade center, theater, map, power, minor power, event card, leader — has a Spanish name, every event card and
every power card's ability (by its id, ``ability:<power>:<kind>``) and every special rule of a scenario a table offers its printed words in Spanish; none of these words enters the content digest."""

import copy

from engines.core.content import rules_digest
from engines.ultima_ratio.content import ability_id
from engines.ultima_ratio.game import GAME
from engines.ultima_ratio.world_items import Setup

KINDS = ("area:", "sea:", "province:", "box:", "center:", "power:", "minor:", "card:", "leader:")


def content_ids() -> set[str]:
    board = GAME.board
    ids = {a.id for a in board.map.areas} | {s.id for s in board.map.seas} | {c.id for c in board.map.trade_centers}
    for theater in board.map.theaters:
        ids |= {theater.id} | {p.id for p in theater.provinces} | {b.id for b in theater.dispersed_boxes}
    ids |= {m.id for m in board.map.maps}
    ids |= {x.id for x in (*board.world.powers, *board.world.minors, *board.world.events)}
    ids |= {x.id for x in (*board.leaders.pool, *board.leaders.historical)}
    return ids


def test_every_content_id_has_a_spanish_name():
    ids = content_ids()
    assert {i.split(":", 1)[0] + ":" for i in ids if ":" in i} == set(KINDS)  # every kind is looked at
    unnamed = sorted(i for i in ids if i not in GAME.names["es"] and not i.startswith("box:"))
    assert unnamed == []
    # a dispersed box is named by the catalogue's words around its theater's name
    boxes = {i: GAME.name_of(i, "es") for i in ids if i.startswith("box:")}
    assert all(name and name.startswith("casilla de dispersión de") for name in boxes.values()), boxes
    assert boxes["box:dispersed-wm"] == "casilla de dispersión del Mediterráneo occidental"  # "de el" contracts


def test_every_card_and_ability_has_its_printed_words_in_spanish():
    world = GAME.board.world
    for event in world.events:
        assert GAME.translated_text(event.id, "es"), event.id
        assert GAME.translated_text(event.id, "es") != event.text, event.id
    abilities = [(ability_id(p.id, a.kind), a) for p in world.powers for a in p.abilities]
    assert abilities
    for key, ability in abilities:  # found by the id the content export gives it (none in the content files)
        spanish = GAME.translated_text(key, "es")
        assert spanish and spanish != ability.text, key
        assert GAME.translated_text(ability.text, "es") is None  # not by its English words
    assert GAME.translated_text(world.events[0].text, "en") is None  # English reads the content's own words
    offered = GAME.Options.model_json_schema()["properties"]["scenario"]["enum"]  # the scenarios a table offers
    rules = [r for scenario in offered for r in world.scenario(scenario).special_rules]
    assert rules
    for rule in rules:  # a special rule's words are found by its id, within its scenario (``rule:<id>``)
        spanish = GAME.translated_text(rule.id, "es")
        assert spanish and spanish != rule.text, rule.id


def test_the_spanish_names_are_words_outside_the_content_digest():
    """Renaming every area and rewording every card changes no rule: the digest stays the same."""
    content = GAME.content()
    renamed = copy.deepcopy(content)
    for area in renamed["areas"]:
        area["name"] = GAME.name_of(area["id"], "es")
    for event in renamed["events"]:
        event["name"], event["text"] = GAME.name_of(event["id"], "es"), GAME.translated_text(event["id"], "es")
    for power in renamed["powers"]:
        for ability in power["abilities"]:
            ability["text"] = GAME.translated_text(ability["id"], "es")
    assert renamed != content and rules_digest(renamed) == rules_digest(content)


def test_a_special_rules_spanish_words_stand_for_one_english_text():
    """A special rule's printed words are found by its id (``rule:<id>``), and some ids are those of rules of
    several setups: a names file may give words to such an id only where all those rules print the same English
    (Turn 4's and Turn 5's ``siberia-active`` differ: one Spanish text would misquote one of them)."""
    world = GAME.board.world
    texts: dict[str, set[str]] = {}
    setups: list[Setup] = [*world.scenarios, *world.turns]
    for setup in setups:
        for rule in setup.special_rules:
            texts.setdefault(rule.id, set()).add(rule.text)
    assert len(texts["siberia-active"]) > 1  # the case looked for exists
    translated = {key.removeprefix("rule:") for key in GAME.names["es"] if key.startswith("rule:")}
    assert translated and translated <= set(texts)
    assert sorted(rid for rid in translated if len(texts[rid]) > 1) == []


def test_an_objects_own_printed_words_come_before_a_special_rule_of_the_same_id(monkeypatch):
    """9.1's special rule ``turn-2`` shares its id with the turn ``turn-2``: the rule's words are read for the bare id
    only where the object of that id has none of its own."""
    rule = GAME.translated_text("turn-2", "es")
    assert rule is not None and rule.startswith("Turno 2 (1505): Portugal")  # the turn prints nothing: the rule's
    turn = GAME.names["es"]["turn-2"]
    monkeypatch.setitem(GAME.names["es"], "turn-2", turn.model_copy(update={"text": "Texto impreso del turno"}))
    assert GAME.translated_text("turn-2", "es") == "Texto impreso del turno"
    assert GAME.translated_text("rule:turn-2", "es") == rule
