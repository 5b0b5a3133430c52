"""The rules reference (issue 30 › Teaching the game): organised by the rulebook's chapters in the rulebook's order
(not alphabetically), numbered sections by their numbers, searchable, and each log line's rule citation opens it at
its section."""

import re

import pytest

from app.routes.rules import rule_sections
from engines import registry


def headings(page: str) -> list[str]:
    return re.findall(r'<h2 id="chapter-\d+">([^<]+)</h2>', page)


def test_the_planet_kings_reference_follows_the_rulebooks_chapters(browser):
    chapters = headings(browser().c.get("/games/planet-king/rules/reference").text)
    # the rulebook's Table of Contents: Components, Setup, Game Sequence, ... Victory, ... Scenarios (not A to Z)
    order = ["Components", "Setup", "Game Sequence", "Organisation Phase", "Events Phase", "Events", "Wars", "Actions"]
    order += ["End of Turn Phase", "Victory", "Special Rules", "Secret Memorial", "Cooperative Game", "Scenarios"]
    assert [c for c in chapters if c in order] == order
    assert len(chapters) == len(set(chapters)), "a chapter split in two"


def test_a_numbered_rulebook_is_in_the_order_of_its_numbers(browser):
    page = browser().c.get("/games/ultima-ratio-regis/rules/reference").text
    chapters = headings(page)
    numbers = [int(c.split(".")[0]) for c in chapters if c[0].isdigit()]
    assert numbers == sorted(numbers) and "8. Game sequence" in chapters and "10. Strategic movement" in chapters
    game = registry.get_game("ultima-ratio-regis")
    for chapter in rule_sections(game):
        found = [r["section"].split(" ")[0].rstrip(".") for r in chapter["rules"] if r["section"][0].isdigit()]
        keys = [tuple(int(n) for n in f.split(".")) for f in found]
        assert keys == sorted(keys), chapter["chapter"]


@pytest.mark.parametrize("game_id", ["planet-king", "15-dias"])
def test_the_reference_is_searchable(browser, game_id):
    b = browser()
    every = sum(len(c["rules"]) for c in rule_sections(registry.get_game(game_id)))
    word = {"planet-king": "Hunt", "15-dias": "Ducat"}[game_id]
    page = b.c.get(f"/games/{game_id}/rules/reference", params={"q": word.lower()}).text
    shown = re.findall(r'<section id="rule-([^"]+)">', page)
    assert 0 < len(shown) < every
    assert f"{len(shown)} section" in page
    for section in re.split(r'<section id="rule-', page)[1:]:
        assert word.lower() in section.split("</section>")[0].lower()
    assert "0 sections hold" in b.c.get(f"/games/{game_id}/rules/reference?q=zzzqqq").text


def test_a_log_lines_citation_opens_the_reference_at_its_section(browser):
    alice = browser("alice")
    table = alice.new_table(game="planet-king", seats={"king": "me"}, options={"scenario": "anni_mirabiles"}, seed=3)
    page = alice.c.get(f"/tables/{table}").text
    cited = set(re.findall(r'<a class="rule" href="(/games/planet-king/rules/reference)#(rule-[^"]+)"', page))
    assert cited
    reference = alice.c.get("/games/planet-king/rules/reference").text
    for _, anchor in cited:
        assert f'<section id="{anchor}">' in reference
