"""Rules at hand: the game's page in words, the rules reference (one summary per cited rule), the cards."""
import re

import pytest

from app.routes.rules import _summaries, reference_path, rule_sections
from engines import registry

WITH_SUMMARIES = ["15-dias"]  # The Planet King's summaries are still to be written (its page lists the sections)


@pytest.mark.parametrize("game_id", WITH_SUMMARIES)
def test_every_cited_rule_has_a_summary_in_our_words(game_id):
    game = registry.get_game(game_id)
    assert reference_path(game).exists()
    summaries = _summaries(reference_path(game))
    rules = {k[5:] for k in game.catalogs["en"] if k.startswith("rule.")}
    assert rules - set(summaries) == set(), "rules without a summary"
    assert set(summaries) - rules == set(), "summaries of rules the game does not cite"


def test_the_rules_reference_has_an_anchor_per_rule(browser):
    page = browser().c.get("/games/15-dias/rules/reference").text
    game = registry.get_game("15-dias")
    for chapter in rule_sections(game):
        for rule in chapter["rules"]:
            assert f'id="rule-{rule["id"]}"' in page


def test_the_game_page_names_scenarios_and_options_in_words(browser):
    page = browser().c.get("/games/planet-king/rules").text
    assert "Anni Mirabiles" in page and "The Planet King" in page and "War Only" in page
    assert "anni_mirabiles" not in page and "default False" not in page
    assert "Played to turn 4" in page


def test_new_table_form_names_scenarios_and_keeps_what_was_typed(browser):
    alice = browser("alice")
    page = alice.c.get("/tables/new?game=planet-king").text
    assert ">Anni Mirabiles</option>" in page and ">anni mirabiles<" not in page
    r = alice.post("/tables", {"game": "15-dias", "shown_game": "planet-king", "name": "Our Friday game"})
    assert r.status_code == 200 and 'value="Our Friday game"' in r.text and 'name="opt_players"' in r.text


def test_each_card_has_a_page_with_its_values(browser):
    b = browser()
    index = b.c.get("/games/15-dias/cards").text
    link = re.search(r'href="(/games/15-dias/cards/qd:char:cardinal)"', index).group(1)
    page = b.c.get(link).text
    assert "<h1>Cardinal</h1>" in page and "Initiative" in page and "11" in page
    assert b.c.get("/games/15-dias/cards/qd:char:nobody").status_code == 404


def test_the_map_page_takes_a_blank_turn_and_shows_who_is_logged_in(browser):
    alice = browser("alice")
    from engines.ultima_ratio.world import load_world
    scenario = load_world().scenarios[0]
    r = alice.c.get(f"/games/ultima-ratio-regis/map?scenario={scenario.id}&turn=")
    assert r.status_code == 200 and f"start of turn {scenario.turns.first}" in r.text
    assert "alice" in r.text
