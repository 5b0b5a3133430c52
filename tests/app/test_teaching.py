"""How to play (issue 30 › Teaching the game): on a table's first visit the page shows, open, the goal of its scenario
in two sentences, the scenario's victory thresholds, what one turn looks like and the three most common first
decisions, all in the game's words (learn.* keys); later visits fold it, and the "How to play" link opens it again."""

import re

import pytest

from app import teaching
from engines.registry import get_game

LESSON = re.compile(r'<details class="panel learn" id="how-to-play"[^>]*?( open)?>')


def lesson_of(page: str) -> tuple[bool, str]:
    m = LESSON.search(page)
    assert m, "no lesson on the page"
    return bool(m.group(1)), page[m.start() : page.index("</details>", m.start())]


def test_the_first_visit_opens_the_lesson_then_it_folds_and_the_link_opens_it(browser):
    alice = browser("alice")
    table = alice.new_table(game="planet-king", seats={"king": "me"}, options={"scenario": "anni_mirabiles"}, seed=3)
    opened, lesson = lesson_of(alice.c.get(f"/tables/{table}").text)
    assert opened
    assert "Four turns, 1621–1645" in lesson  # the scenario's own goal
    assert "15 VP or more: Major Victory" in lesson and "6 or less: Neither King nor Planet" in lesson
    assert "Organisation" in lesson and "Events" in lesson and "End of Turn" in lesson
    assert len(re.findall(r'data-key="learn:decision:\d"', lesson)) == 3
    assert "Appoint the offices" in lesson
    opened, _ = lesson_of(alice.c.get(f"/tables/{table}").text)
    assert not opened  # seen: folded
    page = alice.c.get(f"/tables/{table}").text
    assert f'href="/tables/{table}?learn=1&amp;as=king#how-to-play"' in page
    opened, _ = lesson_of(alice.c.get(f"/tables/{table}?learn=1&as=king").text)
    assert opened
    other = alice.new_table(game="planet-king", seats={"king": "me"}, options={"scenario": "hothead"}, seed=3)
    opened, lesson = lesson_of(alice.c.get(f"/tables/{other}").text)
    assert opened  # another table: its first visit
    assert "Any other result is a Defeat" in lesson and "Muster the army of Italy" in lesson


@pytest.mark.parametrize(
    "game,options,goal",
    [
        ("planet-king", {"scenario": "planet_king", "mode": "cooperative"}, "eight turns"),
        ("15-dias", {"players": 4}, "Affection Points"),
        ("ultima-ratio-regis", {"scenario": "the-rise-of-portugal"}, "Portugal alone"),
    ],
)
def test_every_game_teaches_its_goal_victory_turn_and_three_decisions(game, options, goal):
    g = get_game(game)
    assert g is not None
    lesson = teaching.lesson(options, g.renderer("en", {}))
    assert lesson is not None
    assert goal in lesson["goal"] and lesson["victory"] and lesson["turn"]
    assert len(lesson["decisions"]) == 3 and all(d["title"] and d["text"] for d in lesson["decisions"])
    if options.get("mode") == "cooperative":
        assert any("Valido" in n for n in lesson["notes"])


def test_the_seen_cookie_keeps_the_latest_tables_and_ignores_junk():
    value = None
    for i in range(teaching.SEEN_KEPT + 5):
        value = teaching.seen_with(value, i)
    assert teaching.first_visit(value, 0) and not teaching.first_visit(value, teaching.SEEN_KEPT + 4)
    assert teaching.seen("1.x.<script>.2") == [1, 2]


def test_a_tables_lesson_is_made_once_per_options_and_language():
    """The page's lesson is kept by its game, options and language (``teaching.lesson_of``): the same lesson again,
    another for other options or another language, each the lesson made afresh."""
    g = get_game("planet-king")
    assert g is not None
    coop = {"scenario": "planet_king", "mode": "cooperative"}
    first = teaching.lesson_of(g, coop, "en")
    assert first == teaching.lesson(coop, g.renderer("en")) and teaching.lesson_of(g, dict(coop), "en") is first
    spanish = teaching.lesson_of(g, coop, "es")
    assert spanish == teaching.lesson(coop, g.renderer("es")) and spanish != first
    solo = teaching.lesson_of(g, {"scenario": "planet_king"}, "en")
    assert solo == teaching.lesson({"scenario": "planet_king"}, g.renderer("en")) and solo != first
