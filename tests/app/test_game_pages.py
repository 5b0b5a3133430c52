"""A game's extra pages (app/routes/game_pages.py): ``/games/{game_id}/{page}`` serves what the game's presentation
declares (engines.core.presentation) — Ultima Ratio Regis' map at its old addresses, a test game's plain pages —
with a clear 4xx for what is not there or not valid, and the cache headers the page asks for."""

import json
import re

import pytest
from click.testing import CliRunner

from app.cli import main
from engines import registry
from engines.ultima_ratio.world import load_world
from tests.support.toy_game import PagedDuel

URR = "ultima-ratio-regis"


@pytest.fixture
def paged():
    game = registry.register(PagedDuel())
    yield game
    registry.unregister(game.id)


# ----- Ultima Ratio Regis: the map -----
def test_bare_map_page_and_svg(browser):
    b = browser()
    page = b.c.get(f"/games/{URR}/map")
    assert page.status_code == 200 and "the bare map" in page.text
    assert page.headers["cache-control"] == "no-store"
    svg = b.c.get(f"/games/{URR}/map.svg")
    assert svg.status_code == 200 and svg.headers["content-type"] == "image/svg+xml"
    assert svg.headers["cache-control"] == "public, max-age=3600"  # the picture depends on its URL alone
    assert svg.text.lstrip().startswith(("<svg", "<?xml")) and "Milan" in svg.text


def test_a_scenario_colours_the_areas_of_its_powers(browser):
    world = load_world()
    scenario = world.scenarios[0]
    b = browser()
    page = b.c.get(f"/games/{URR}/map?scenario={scenario.id}")
    assert page.status_code == 200 and scenario.name in page.text
    assert f'src="/games/{URR}/map.svg?scenario={scenario.id}&amp;turn={scenario.turns.first}"' in page.text
    colours = set(re.findall(r"class=\"swatch\" style=\"background: (#[0-9a-f]{6})\"", page.text))
    assert colours
    svg = b.c.get(f"/games/{URR}/map.svg?scenario={scenario.id}&turn={scenario.turns.first}").text
    assert all(c in svg for c in colours)


def test_bad_scenario_or_turn_is_a_clear_4xx(browser):
    b = browser()
    assert b.c.get(f"/games/{URR}/map?scenario=atlantis").status_code == 422
    assert b.c.get(f"/games/{URR}/map.svg?turn=12").status_code == 422
    scenario = load_world().scenarios[0]
    if scenario.turns.first > 1:
        r = b.c.get(f"/games/{URR}/map?scenario={scenario.id}&turn=1")
        assert r.status_code == 422 and "is played in turns" in r.text


@pytest.mark.parametrize("turn", ["²", "٣", "1" * 5000, "-1", "1.5", "0"])
def test_a_turn_that_is_not_one_is_a_422_never_a_500(browser, turn):
    """Digits of other scripts are digits to ``str.isdigit`` but not to ``int``; a long number is refused before
    it is read (so are values of more than 200 characters, whatever the page)."""
    r = browser().c.get(f"/games/{URR}/map.svg", params={"turn": turn})
    assert r.status_code == 422, r.text


def test_content_export_of_ultima_ratio_regis():
    r = CliRunner().invoke(main, ["content", "export", URR])
    assert r.exit_code == 0
    data = json.loads(r.output)
    for key in ("theaters", "areas", "seas", "connections", "trade_centers", "powers", "minors", "events", "scenarios"):
        assert data[key], key


# ----- any game's pages -----
def test_a_declared_page_is_served_with_its_media_type_and_cache(browser, paged):
    b = browser()
    r = b.c.get(f"/games/{paged.id}/echo.txt?word=hola")
    assert r.status_code == 200 and r.text == f"{paged.title}: hola"
    assert r.headers["content-type"].startswith("text/plain") and r.headers["cache-control"] == "public, max-age=60"
    fresh = b.c.get(f"/games/{paged.id}/fresh.txt")
    assert fresh.status_code == 200 and fresh.headers["cache-control"] == "no-store"  # the site's default


def test_what_a_game_does_not_declare_is_a_404_and_a_query_it_refuses_a_422(browser, paged):
    b = browser()
    assert b.c.get(f"/games/{paged.id}/map").status_code == 404  # not its page
    assert b.c.get("/games/toy-duel/echo.txt").status_code == 404  # a game without a presentation
    assert b.c.get("/games/no-such-game/echo.txt").status_code == 404
    refused = b.c.get(f"/games/{paged.id}/echo.txt?word=bad")
    assert refused.status_code == 422 and "No bad words, please." in refused.text
    assert b.c.get(f"/games/{paged.id}/echo.txt", params={"word": "x" * 201}).status_code == 422
    assert b.post(f"/games/{paged.id}/echo.txt").status_code == 405  # read only


def test_the_apps_own_game_routes_answer_before_the_pages(browser, paged):
    b = browser()
    rules = b.c.get(f"/games/{paged.id}/rules")
    assert rules.status_code == 200 and "The rules, section by section" in rules.text
    assert b.c.get(f"/games/{paged.id}/cards").status_code == 200


def test_the_lobby_and_the_games_page_link_its_linked_pages(browser, paged):
    b = browser()
    lobby = b.c.get("/").text
    assert f'<a href="/games/{paged.id}/echo.txt">the echo</a>' in lobby
    assert f'<a href="/games/{URR}/map">the map</a>' in lobby
    assert f"/games/{paged.id}/fresh.txt" not in lobby  # declared without a link
    info = b.c.get(f"/games/{paged.id}/rules").text
    assert f'<a href="/games/{paged.id}/echo.txt">The echo</a>' in info


def test_every_page_every_registered_game_declares_answers(browser):
    b = browser()
    served = 0
    for game in registry.all_games():
        for page in registry.presentation(game).pages:
            r = b.c.get(f"/games/{game.id}/{page.name}")
            assert r.status_code == 200, (game.id, page.name, r.text[:300])
            assert r.headers["content-type"].split(";")[0] == page.media_type
            served += 1
    assert served >= 2


def test_a_bad_scenario_or_turn_is_refused_in_the_readers_language(browser):
    """Issue 29: the map page's refusal of a query is a message key, read in Spanish by a Spanish reader."""
    b = browser()
    es = {"Accept-Language": "es"}
    scenario = next(s for s in load_world().scenarios if s.turns.first > 1)
    asked = {
        f"/games/{URR}/map?scenario=atlantis": ("No hay ningún escenario «atlantis».", "There is no scenario"),
        f"/games/{URR}/map.svg?turn=12": ("Un turno es un número entero del 1 al", "A turn is a whole number"),
        f"/games/{URR}/map?scenario={'x' * 150}": ("No hay ningún escenario de nombre tan largo.", "so long a name"),
        f"/games/{URR}/map?scenario={scenario.id}&turn=1": (
            f"se juega en los turnos {scenario.turns.first} a {scenario.turns.last}.",
            "is played in turns",
        ),
    }
    for url, (spanish, english) in asked.items():
        r = b.c.get(url, headers=es)
        assert r.status_code == 422 and spanish in r.text and english not in r.text, (url, r.text[:300])
        r = b.c.get(url, headers={"Accept-Language": "en"})
        assert r.status_code == 422 and english in r.text, (url, r.text[:300])
