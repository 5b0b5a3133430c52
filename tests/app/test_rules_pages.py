"""Rules at hand: the game's page in words, the rules reference (one summary per cited rule), the cards."""

import random
import re

import pytest

from app.routes.rules import _summaries, reference_path, rule_sections
from engines import registry

GAMES = ["15-dias", "planet-king"]  # the two shipped games: both have a summary for every rule they cite


def cited_rules(game) -> set[str]:
    return {k[5:] for k in game.catalogs["en"] if k.startswith("rule.")}


def logged_rules(game, moves: int = 1500) -> set[str]:
    """The rule ids a random game of each option set cites in its log (the engine's own words, not the catalog)."""
    out: set[str] = set()
    for i, options in enumerate(game.option_sets()):
        rnd = random.Random(i)
        played = game.begin(i, options)
        out |= {e["rule"] for e in played.log if e.get("rule")}
        state = played.state
        for _ in range(moves):
            if game.outcome(state) is not None:
                break
            roles = game.active_roles(state)
            role = roles[rnd.randrange(len(roles))]
            verb, arg = game.bots["random"](game, game.view(state, role), role, rnd)
            played = game.play(state, role, verb, arg)
            state = played.state
            out |= {e["rule"] for e in played.log if e.get("rule")}
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_cited_rule_has_a_summary_in_our_words(game_id):
    game = registry.get_game(game_id)
    assert reference_path(game).exists()
    summaries = _summaries(reference_path(game))
    rules = cited_rules(game)
    assert rules - set(summaries) == set(), "rules without a summary"
    assert set(summaries) - rules == set(), "summaries of rules the game does not cite"
    assert all(len(s.summary) > 40 for s in summaries.values()), "a summary says what the rule does"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_the_engine_logs_has_a_summary(game_id):
    game = registry.get_game(game_id)
    logged = logged_rules(game)
    assert len(logged) > 10
    assert logged - set(_summaries(reference_path(game))) == set()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_reference_has_an_anchor_and_a_summary_per_rule(browser, game_id):
    page = browser().c.get(f"/games/{game_id}/rules/reference").text
    game = registry.get_game(game_id)
    summaries = _summaries(reference_path(game))
    for chapter in rule_sections(game):
        for rule in chapter["rules"]:
            assert f'id="rule-{rule["id"]}"' in page
            assert rule["summary"] is summaries[rule["id"]]
    assert "Hothead (1 turn, Italy only)" in page or game_id != "planet-king"


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
