"""The Ultima Ratio Regis map page."""

import re

from engines.ultima_ratio.world import load_world


def test_bare_map_page_and_svg(browser):
    b = browser()
    page = b.c.get("/games/ultima-ratio-regis/map")
    assert page.status_code == 200 and "the bare map" in page.text
    svg = b.c.get("/games/ultima-ratio-regis/map.svg")
    assert svg.status_code == 200 and svg.headers["content-type"] == "image/svg+xml"
    assert svg.text.lstrip().startswith(("<svg", "<?xml")) and "Milan" in svg.text


def test_a_scenario_colours_the_areas_of_its_powers(browser):
    world = load_world()
    scenario = world.scenarios[0]
    b = browser()
    page = b.c.get(f"/games/ultima-ratio-regis/map?scenario={scenario.id}")
    assert page.status_code == 200 and scenario.name in page.text
    colours = set(re.findall(r"class=\"swatch\" style=\"background: (#[0-9a-f]{6})\"", page.text))
    assert colours
    svg = b.c.get(f"/games/ultima-ratio-regis/map.svg?scenario={scenario.id}&turn={scenario.turns.first}").text
    assert all(c in svg for c in colours)


def test_bad_scenario_or_turn_is_a_clear_4xx(browser):
    b = browser()
    assert b.c.get("/games/ultima-ratio-regis/map?scenario=atlantis").status_code == 422
    assert b.c.get("/games/ultima-ratio-regis/map.svg?turn=12").status_code == 422
    scenario = load_world().scenarios[0]
    if scenario.turns.first > 1:
        r = b.c.get(f"/games/ultima-ratio-regis/map?scenario={scenario.id}&turn=1")
        assert r.status_code == 422 and "is played in turns" in r.text


def test_content_export_of_ultima_ratio_regis():
    from click.testing import CliRunner

    from app.cli import main

    r = CliRunner().invoke(main, ["content", "export", "ultima-ratio-regis"])
    assert r.exit_code == 0
    import json

    data = json.loads(r.output)
    for key in ("theaters", "areas", "seas", "connections", "trade_centers", "powers", "minors", "events", "scenarios"):
        assert data[key], key
