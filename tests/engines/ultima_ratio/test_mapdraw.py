"""The board drawn as one SVG document (rulebook 6. The game board)."""

import xml.etree.ElementTree as ET

import pytest

from engines.ultima_ratio import mapdraw, mapwords
from engines.ultima_ratio.game import GAME
from engines.ultima_ratio.geometry import point_in_polygon, polygon_area
from engines.ultima_ratio.map import load_map

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def board():
    return load_map()


@pytest.fixture(scope="module")
def plain():
    return ET.fromstring(mapdraw.render_map_svg())


def area_fills(root):
    return {p.get("data-area"): p.get("fill") for p in root.iter(f"{SVG}polygon") if p.get("data-area")}


def texts(root):
    return [t.text for t in root.iter(f"{SVG}text")]


def test_one_svg_document_with_every_area_as_a_polygon(board, plain):
    assert plain.tag == f"{SVG}svg"
    assert set(area_fills(plain)) == {a.id for a in board.areas}
    maps = {g.get("class") for g in plain.iter(f"{SVG}g") if (g.get("class") or "").startswith("map ")}
    assert maps == {f"map map-{m.id}" for m in board.maps}


def test_names_seas_trade_centers_and_dispersed_boxes_are_written(board, plain):
    written = set(texts(plain))
    for area in board.areas:
        assert (area.name.upper() if area.key_area else area.name) in written, area.id
    for sea in board.seas:
        assert sea.name.upper() in written, sea.id
    for center in board.trade_centers:
        assert center.name in written
    for theater in board.theaters:
        assert f"{theater.key} · {theater.name}" in written
    assert "World Map — seas and their links" in written


def test_tiles_cover_their_site_and_tile_the_land(board):
    drawn = mapdraw.tiles(board)
    for area_id, d in drawn.items():
        assert polygon_area(d.polygon) > 3, area_id
        assert point_in_polygon(d.site, d.polygon), area_id


def test_areas_drawn_side_by_side_are_connected(board):
    """What the map shows as neighbours is what the data connects (no border without a connection)."""
    connected = {frozenset((c.a, c.b)) for c in board.connections}
    for area_id, d in mapdraw.tiles(board).items():
        for other in d.borders:
            assert frozenset((area_id, other)) in connected, (area_id, other)


def test_owners_colour_home_areas_solid_and_domains_hatched():
    owners = {"area:toledo": "power:spain", "area:sicily": "power:spain", "area:paris": "power:france"}
    root = ET.fromstring(mapdraw.render_map_svg(owners, {"power:spain": "#ffcc00", "power:france": "#2050c0"}))
    fills = area_fills(root)
    assert fills["area:toledo"] == "#ffcc00" and fills["area:paris"] == "#2050c0"
    assert fills["area:sicily"].startswith("url(#hatch")
    pattern = next(p for p in root.iter(f"{SVG}pattern") if f"url(#{p.get('id')})" == fills["area:sicily"])
    assert "#ffcc00" in [r.get("fill") for r in pattern]
    tint = load_map().theater("WM").colour
    assert fills["area:granada"] == tint  # nobody owns it: the theater's colour


def test_without_owners_the_printed_colours_are_shown():
    fills = area_fills(ET.fromstring(mapdraw.render_map_svg(colours={"power:venice": "#c03030"})))
    assert fills["area:venice"] == "#c03030"  # solid: home area
    assert fills["area:candia"].startswith("url(#hatch")  # grated: domain
    assert fills["area:toledo"] == load_map().theater("WM").colour


def test_symbols_key_areas_capitals_crosses_ports_passes(board, plain):
    titles = [t.text for t in plain.iter(f"{SVG}title")]
    assert titles.count("Key area") == sum(a.key_area for a in board.areas)
    assert titles.count("Capital") == sum(bool(a.capital_of) for a in board.areas) + 1  # and the legend
    assert titles.count("Protestant cross") == sum(a.protestant_cross for a in board.areas)
    assert titles.count("Commercial port") == sum(a.commercial_port and bool(a.seas) for a in board.areas) + 1
    assert titles.count("Strategic port") == 5
    passes = [t for t in titles if t.startswith("Rough pass: ")]
    assert len(passes) == sum(c.kind == "rough_pass" for c in board.connections)
    assert "→ Fars" in texts(plain) and "→ Isfahan" in texts(plain)  # The East continues on the India mini-map


def test_colours_are_escaped():
    out = mapdraw.render_map_svg({"area:toledo": "power:spain"}, {"power:spain": '"/><script>alert(1)</script>'})
    assert "<script>" not in out
    ET.fromstring(out)


def test_the_command_writes_the_sheet(tmp_path):
    target = tmp_path / "map.svg"
    assert mapdraw.main([str(target)]) == 0
    assert target.read_text(encoding="utf-8").startswith("<svg")
    assert mapdraw.main([]) == 2


def test_every_area_and_sea_carries_its_namespaced_key_and_its_name(board, plain):
    """Issue 28: the board's keys are namespaced ("area:<id>", "sea:<id>"), each keyed element named for a reader."""
    keyed: dict[str, list[str]] = {}
    for el in plain.iter():
        key = el.get("data-key")
        if key:
            title = el.find(f"{SVG}title")
            keyed.setdefault(key, []).append(title.text if title is not None else "")
    assert {f"{a.id}" for a in board.areas} <= set(keyed)
    assert {f"{s.id}" for s in board.seas} <= set(keyed)
    assert set(keyed) == {f"{a.id}" for a in board.areas} | {f"{s.id}" for s in board.seas}
    names = {f"{a.id}": a.name for a in board.areas} | {f"{s.id}": s.name for s in board.seas}
    for key, titles in keyed.items():
        assert set(titles) == {names[key]}, key


def test_the_sheets_phrases_are_the_games_own_catalogues(board):
    """A game's map sheet speaks its own catalogues (``game.catalogs``: an owner's edited messages included), not
    the packaged files: a phrase the game words otherwise is drawn as the game words it (issue 29)."""
    catalogs = {lang: dict(words) for lang, words in GAME.catalogs.items()}
    catalogs["es"]["draw.strategic_port"] = "Puerto de la Armada"
    words = mapwords.in_language(board, "es", GAME.name_of, catalogs)
    sheet = mapdraw.render_map_svg(None, None, board, words)
    assert "<title>Puerto de la Armada</title>" in sheet and "<title>Puerto estratégico</title>" not in sheet
    packaged = mapdraw.render_map_svg(None, None, board, mapwords.in_language(board, "es", GAME.name_of, GAME.catalogs))
    assert "<title>Puerto estratégico</title>" in packaged
