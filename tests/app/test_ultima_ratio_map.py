"""Ultima Ratio Regis' table on its map (issue 28): the base map, a static resource drawn once and kept by browsers
under its hash, every area and sea keyed; the overlay drawn from the view on the table page and its live partial
(engines/ultima_ratio/presentation.py, templates/games/ultima-ratio-regis/map_table.html)."""

import copy
import itertools
import re

import pytest

from app.web import templates
from engines import registry
from engines.ultima_ratio import mapdraw, presentation

URR = "ultima-ratio-regis"
SCENARIO = {"scenario": "the-rise-of-portugal"}


@pytest.fixture
def game():
    return registry.get_game(URR)


@pytest.fixture
def drawings(monkeypatch):
    """The base map forgotten, and its drawing calls counted from now."""
    calls = []
    draw = mapdraw.render_map_svg

    def counted(*args, **kwargs):
        calls.append(args)
        return draw(*args, **kwargs)

    monkeypatch.setattr(mapdraw, "render_map_svg", counted)
    monkeypatch.setattr(presentation, "_BASE", {})
    return calls


def test_the_base_map_is_drawn_once_for_every_request(browser, drawings, game):
    b = browser()
    url = presentation.base_url(game)
    first = b.c.get(url)
    second = b.c.get(url)
    bare = b.c.get(f"/games/{URR}/base.svg")
    assert first.status_code == second.status_code == bare.status_code == 200
    assert first.content == second.content == bare.content
    assert len(drawings) == 1
    assert url == f"/games/{URR}/base.svg?v={presentation.base_map(game).digest}" and len(drawings) == 1


def test_the_base_map_is_immutable_under_its_hash_and_answers_304(browser, game):
    b = browser()
    url = presentation.base_url(game)
    r = b.c.get(url)
    assert r.headers["content-type"] == "image/svg+xml"
    assert r.headers["cache-control"] == "public, max-age=31536000, immutable"
    etag = r.headers["etag"]
    assert etag == f'"{presentation.base_map(game).digest}"'
    again = b.c.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == etag
    # without its hash (or an old one): an hour, then asked again with the ETag
    for other in (f"/games/{URR}/base.svg", f"/games/{URR}/base.svg?v=0123456789abcdef0123"):
        r = b.c.get(other)
        assert r.status_code == 200 and r.headers["cache-control"] == "public, max-age=3600"
        assert b.c.get(other, headers={"If-None-Match": f"W/{etag}"}).status_code == 304
    assert b.c.get(url, headers={"If-None-Match": '"something-else"'}).status_code == 200


def test_every_area_and_sea_of_the_map_is_keyed_in_the_base_map(browser, game):
    svg = browser().c.get(presentation.base_url(game)).text
    keys = set(re.findall(r'data-key="([^"]+)"', svg))
    bmap = game.board.map
    assert {f"{a.id}" for a in bmap.areas} <= keys
    assert {f"{s.id}" for s in bmap.seas} <= keys
    oporto = re.search(
        r'<polygon class="area" data-area="area:oporto" data-key="area:oporto" [^>]*><title>([^<]*)<', svg
    )
    assert oporto and oporto.group(1) == "Oporto"


def test_the_table_shows_the_overlay_from_the_view_over_the_referenced_base_map(browser, game):
    alice = browser("alice")
    table = alice.new_table(game=URR, seats={"player1": "me"}, options=SCENARIO, seed=5)
    view = alice.view(table)["view"]["public"]
    page = alice.c.get(f"/tables/{table}").text
    base = presentation.base_url(game).replace("&", "&amp;")
    assert f'data-inline-src="{base}"' in page and f'<img src="{base}"' in page  # the <img> for a page without JS
    assert 'class="area"' not in page  # referenced, never inlined
    overlay = page[page.index('<svg class="urr-overlay"') :]
    overlay = overlay[: overlay.index("</svg>")]

    def place(key):
        found = _g(overlay, rf'<g class="urr-place"[^>]*? data-key="{re.escape(key)}"[^>]*>')
        assert found, key
        return found.group(0)

    agra = place("area:agra")
    assert view["areas"]["area:agra"]["marker"] == "A2" and 'class="urr-marker"' in agra and ">A2</text>" in agra
    assert "<title>Agra · independent (A2)</title>" in agra
    oporto = place("area:oporto")
    assert 'class="urr-possession"' in oporto and 'fill="#1f8f3a"' in oporto  # Portugal's colour
    aden = place("area:aden")
    assert 'class="urr-fortress"' in aden and 'data-keys="unit:minor:emirates-troop-1"' in aden
    assert "The Emirates: 1 troop" in aden
    sea = place("sea:indian-ocean")
    assert 'class="urr-counter urr-squadron" data-keys="unit:minor:emirates-squadron-1"' in sea
    assert "The Emirates: 1 squadron" in sea
    assert set(re.findall(r'class="urr-place"[^>]*? data-key="(area:[^"]+)"', overlay)) == set(view["areas"])
    # the area itself, once the map is inline (static/js/urr-map-tint.js gives its colour to the base map's area)
    # (its possession square's colour: one colour for both, no attribute of its own)
    assert 'class="urr-possession" href="#urr-mark" x="-8" fill="#1f8f3a"' in oporto and "data-tint" not in overlay
    board = page[page.index('<div class="board board-urr"') :]
    assert 'data-verb-keys="{&#34;area&#34;:[&#34;id&#34;]' in board


def test_the_live_partial_carries_the_overlay_not_the_base_map(browser, game):
    alice = browser("alice")
    table = alice.new_table(game=URR, seats={"player1": "me"}, options=SCENARIO, seed=5)
    live = alice.c.get(f"/tables/{table}/live?as=player1", headers={"HX-Request": "true"})
    assert live.status_code == 200
    assert 'class="urr-overlay"' in live.text and "data-inline-src" in live.text
    assert "<img src=" not in live.text and 'class="area"' not in live.text
    assert len(live.content) < len(presentation.base_map(game).svg) / 4


def test_revolt_fortress_building_control_and_leaders_in_the_overlay(game):
    state = game.setup(5, SCENARIO)
    view = copy.deepcopy(game.view(state, "player1"))
    areas, units = view["public"]["areas"], view["public"]["units"]
    areas["area:agra"]["marker"] = "R3"
    areas["area:oporto"] |= {
        "control": "minor:emirates",
        "fortress": {"power": "power:portugal", "built": False, "since": 0},
    }
    areas["area:aden"]["siege"] = {"besieger": "power:portugal", "casualties": 0}
    troop = next(u for u, x in units.items() if x["power"] == "power:portugal" and x["kind"] == "troop")
    units[troop]["loc"] = "area:oporto"
    leader = next(iter(game.board.leaders.pool)).id
    view["public"]["leaders"] = {leader: {"power": "power:portugal", "unit": troop, "extraordinary": False}}
    made = presentation.table_board(game, view)
    places = {p["key"]: p for p in made["places"]}
    agra = places["area:agra"]["items"]
    assert [i["kind"] for i in agra] == ["marker"] and agra[0]["revolt"] and agra[0]["label"] == "in revolt (R3)"
    oporto = {i["kind"]: i for i in places["area:oporto"]["items"]}
    assert oporto["possession"]["label"] == "possession of Portugal, control of the Emirates"
    assert not oporto["fortress"]["built"] and oporto["fortress"]["label"] == "fortress of Portugal, under construction"
    assert oporto["stack"]["keys"] == f"unit:{troop}" and oporto["stack"]["count"] == 1
    assert oporto["stack"]["label"] == f"Portugal: 1 troop, with {game.name_of(leader, 'en')}"
    assert "besieged by Portugal, 0 casualties so far" in places["area:aden"]["label"]
    # side by side, centred on the place, none overlapping
    xs = [(i["dx"], i["dx"] + i["w"]) for i in places["area:oporto"]["items"]]
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(xs)) and abs(xs[0][0] + xs[-1][1]) < 0.01
    assert presentation.table_board(game, {"public": {}}) is None


def _g(svg: str, start: str) -> re.Match | None:
    """The SVG group whose start tag matches ``start``, as a match: group(0) the group, group(1) what it holds (the
    overlay is written without line breaks: its own </g> is the one that closes as many <g> as opened)."""
    found = re.search(start, svg)
    if not found:
        return None
    depth = 0
    for tag in re.finditer(r"<g[\s>]|</g>", svg[found.start() :]):
        depth += -1 if tag.group(0) == "</g>" else 1
        if depth == 0:
            end = found.start() + tag.start()
            return re.compile(rf"{re.escape(svg[found.start() : found.end()])}(.*)</g>", re.S).fullmatch(
                svg, found.start(), end + 4
            )
    return None


def _drawn(made):
    """The overlay as the table draws it (map_table.html, in a live partial)."""
    return templates.env.get_template("games/ultima-ratio-regis/map_table.html").render(m=made, partial=True)


def _set_up(game):
    state = game.setup(5, SCENARIO)
    view = copy.deepcopy(game.view(state, "player1"))
    units = view["public"]["units"]
    troops = sorted(u for u, x in units.items() if x["power"] == "power:portugal" and x["kind"] == "troop")
    return view, troops


def test_leaders_are_counters_on_their_stack_and_fortress(game):
    view, troops = _set_up(game)
    units = view["public"]["units"]
    units[troops[0]]["loc"] = units[troops[1]]["loc"] = "area:oporto"
    view["public"]["leaders"] = {
        "leader:tactical-1": {"power": "power:portugal", "unit": troops[0], "extraordinary": True},
        "leader:admiral-2": {"power": "power:portugal", "unit": troops[1], "extraordinary": False},
        "leader:determined-1": {"power": "minor:emirates", "unit": "fortress:area:aden", "extraordinary": False},
    }
    made = presentation.table_board(game, view)
    places = {p["key"]: p for p in made["places"]}
    (stack,) = [i for i in places["area:oporto"]["items"] if i["kind"] == "stack"]
    assert [(x["key"], x["extraordinary"], x["colour"]) for x in stack["leaders"]] == [
        ("leader:admiral-2", False, "#1f8f3a"),
        ("leader:tactical-1", True, "#1f8f3a"),
    ]
    assert stack["leaders"][0]["label"] == "Admiral leader 2, ordinary leader of Portugal"
    assert stack["leaders"][1]["label"] == "Tactical leader 1, extraordinary leader of Portugal"
    (fort,) = [i for i in places["area:aden"]["items"] if i["kind"] == "fortress"]
    assert [x["key"] for x in fort["leaders"]] == ["leader:determined-1"]
    assert fort["label"] == "fortress of the Emirates, with Determined leader 1"
    svg = _drawn(made)
    for lid in ("leader:admiral-2", "leader:tactical-1", "leader:determined-1"):
        assert svg.count(f'data-key="{lid}"') == 1
    tactical = re.search(r'<g class="urr-leader urr-extraordinary" data-key="leader:tactical-1"[^>]*>(.*?)</g>', svg)
    assert tactical and "<title>Tactical leader 1, extraordinary leader of Portugal</title>" in tactical.group(1)
    assert 'fill="#1f8f3a"' in tactical.group(1)
    assert '<g class="urr-leader" data-key="leader:admiral-2"' in svg
    # without leaders on the map, nothing of them is drawn
    view["public"]["leaders"] = {}
    assert "urr-leader" not in _drawn(presentation.table_board(game, view))


def test_trade_centers_show_the_turns_capacity_and_the_merchants_of_each_power(game):
    view, _ = _set_up(game)
    view["public"]["merchants"] = {"center:indian-ocean": {"power:portugal": 2, "minor:emirates": 1}}
    made = presentation.table_board(game, view)
    centers = {c["key"]: c for c in made["centers"]}
    assert set(centers) == set(view["public"]["capacity"])  # every center of the turn
    baltic = centers["center:baltic-sea"]
    assert baltic["capacity"] == 0 and baltic["merchants"] == []
    assert baltic["label"] == "trade center Baltic Sea · capacity 0 this turn (printed 3)"
    ocean = centers["center:indian-ocean"]
    assert [(c["colour"], c["count"], c["label"]) for c in ocean["merchants"]] == [
        ("#d4ac0d", 1, "The Emirates: 1 merchant"),
        ("#1f8f3a", 2, "Portugal: 2 merchants"),
    ]
    # at the center's label on the map (mapdraw draws it there), the capacity over its printed disc
    center = game.board.map.trade_center("center:indian-ocean")
    x, y = mapdraw.projection(center.map, game.board.map)(center.pos)
    assert (ocean["x"], ocean["y"]) == (round(x, 1), round(y, 1))
    assert ocean["disc"] == round(-mapdraw.trade_center_width(center.name) / 2 + 12, 1)
    svg = _drawn(made)
    drawn = _g(svg, r'<g class="urr-place urr-center" data-key="center:indian-ocean"[^>]*>')
    assert drawn and f'transform="translate({ocean["x"]} {ocean["y"]})"' in drawn.group(0)
    body = drawn.group(1)
    assert body.startswith("<title>trade center Indian Ocean · capacity 1 this turn (printed 1) · The Emirates: 1")
    assert body.count('class="urr-merchants"') == 2 and 'fill="#1f8f3a"' in body and ">2</text>" in body
    assert "<title>Portugal: 2 merchants</title>" in body
    assert svg.count('class="urr-place urr-center"') == len(centers)


def test_a_siege_is_drawn_on_the_besieged_area_in_the_besiegers_colour(game):
    view, _ = _set_up(game)
    view["public"]["areas"]["area:aden"]["siege"] = {"besieger": "power:portugal", "casualties": 2}
    view["public"]["areas"]["area:oporto"]["siege"] = {"besieger": "minor:emirates", "casualties": 1}
    made = presentation.table_board(game, view)
    places = {p["key"]: p for p in made["places"]}
    (siege,) = [i for i in places["area:aden"]["items"] if i["kind"] == "siege"]
    assert (siege["colour"], siege["casualties"]) == ("#1f8f3a", 2)
    assert siege["label"] == "besieged by Portugal, 2 casualties so far"
    assert "fortress of the Emirates · besieged by Portugal, 2 casualties so far ·" in places["area:aden"]["label"]
    (other,) = [i for i in places["area:oporto"]["items"] if i["kind"] == "siege"]
    assert other["label"] == "besieged by the Emirates, 1 casualty so far"
    xs = [(i["dx"], i["dx"] + i["w"]) for i in places["area:aden"]["items"]]  # beside the fortress, none overlapping
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(xs))
    svg = _drawn(made)
    aden = _g(svg, r'<g class="urr-place"[^>]*? data-key="area:aden"[^>]*>')
    assert aden
    drawn = re.search(
        r'<g class="urr-siege"><title>([^<]*)</title><circle [^>]*stroke="([^"]+)"/><text [^>]*>(\d+)<', aden.group(1)
    )
    assert drawn and drawn.groups() == ("besieged by Portugal, 2 casualties so far", "#1f8f3a", "2")
    assert svg.count('class="urr-siege"') == 2
    view["public"]["areas"]["area:aden"]["siege"] = view["public"]["areas"]["area:oporto"]["siege"] = None
    assert "urr-siege" not in _drawn(presentation.table_board(game, view))
