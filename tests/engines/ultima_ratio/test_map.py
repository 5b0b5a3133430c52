"""The board as data (rulebook 6. The game board, 15.1 Stacking, 18. Special areas, 19.2 Commerce)."""

import re
import shutil
import unicodedata
from collections import defaultdict

import pytest
import yaml

from engines.core import ContentError
from engines.ultima_ratio import map as urr_map
from engines.ultima_ratio.geometry import point_in_polygon
from engines.ultima_ratio.map import THEATER_KEYS, load_map

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
# Every area the rulebook and playbook name (issue 5), as printed; variants resolve through the aliases.
NAMED_AREAS = """Calais, Granada, Milan, Georgia, Kabul, Sarajevo, Rhodes, Malta, Corfu, Candia/Crete, Cyclades, Nicosia,
Ravenna, Tabriz, Yereban, Shirvan, Kandahar, Cape Colony, Mexico, Quito, Cusco, Hispaniola, Java, Borneo, Aden,
Ormuz/Hormuz, Gdansk, Königsberg, Riga, Pskov, Ivangorod, Ladoga, Kalmar, Viborg, Reval, Malmö, Bohus, Pernau,
Mecklenburg, Pomerania, Bordeaux, Clermont, Orleans, Toulouse, Narbonne, St. Quintin, Rouen, Rennes, Brest, Zanzibar,
Ceylon, Malacca, Sumatra, Celebes, Palatinate, Würzburg, Hesse, Bohemia, Brandenburg, York, Newcastle, Chester, Wales,
Bristol, Plymouth, Inverness, Ulster, Cork, Pressburg, Zagreb, Košice, Transylvania, Belgrade, Diyarbakir, Trebizond,
Morea, Lepanto, Durazzo, Novi Bazar, Kaluga, Veliki Luki, Smolensk, Severia, Golden Horde, Astrakhan, Kazan, Kazakhstan,
Siberian Khanate, Tbilisi, Derbent, Yedisan, Cuba, Panama, Cartagena, Florida, La Plata, Philippines, Quebec,
Portsmouth, Copenhagen, Constantinople, Gibraltar, Stockholm, Cologne, Württemberg, Franche-Comté, Flanders, Holland,
Sicily, Sardinia, Portugal, Ireland, Scotland, Afghanistan"""
PRINTED_VARIANTS = [
    "Grenada",
    "Psok",
    "Khazan",
    "Trebzon",
    "Novi Baxar",
    "Wuzburg",
    "Wurtemberg",
    "Franche Comte",
    "Crete",
    "Hormuz",
]


def slug(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.replace("ł", "l")).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


@pytest.fixture(scope="module")
def board():
    return load_map()


def by_name(board):
    names = {}
    for area in board.areas:
        for name in (area.name, *area.aliases):
            names[name] = area
    return names


def test_sixteen_theaters_nine_on_the_main_map_seven_on_the_mini_maps(board):
    assert [t.key for t in board.theaters] == list(THEATER_KEYS)
    on_main = [t.key for t in board.theaters if "main" in t.maps]
    on_minis = [t.key for t in board.theaters if "main" not in t.maps]
    assert on_main == ["WM", "CM", "EM", "WE", "CE", "EE", "SEE", "BT", "TE"]
    assert on_minis == ["Si", "Na", "Ca", "Sa", "Af", "In", "As"]
    assert board.theater("TE").maps == ["main", "indian-ocean"]  # split with the India mini-map (6.)


def test_a_main_map_and_five_mini_maps(board):
    assert [(m.id, m.kind) for m in board.maps] == [
        ("main", "main"),
        ("siberia", "mini"),
        ("america", "mini"),
        ("africa", "mini"),
        ("indian-ocean", "mini"),
        ("asia", "mini"),
    ]


def test_every_theater_has_a_dispersed_box_and_western_europe_two(board):
    counts = {t.key: len(t.dispersed_boxes) for t in board.theaters}
    assert counts.pop("WE") == 2
    assert set(counts.values()) == {1}
    assert {b.name for b in board.theater("WE").dispersed_boxes} == {
        "Dispersed units: Western Europe (continent)",
        "Dispersed units: Western Europe (British Isles)",
    }


def test_every_area_the_rulebook_names_exists(board):
    names = by_name(board)
    for printed in [n.strip() for n in NAMED_AREAS.replace("\n", " ").split(",")] + PRINTED_VARIANTS:
        first = printed.split("/")[0]
        assert first in names, printed
        area = names[first]
        assert all(names.get(other) is area for other in printed.split("/")), printed
        assert area.source == "rulebook", printed
    assert names["Candia"].id == "area:candia" and names["Ormuz"].id == "area:ormuz"


def test_every_reference_resolves(board):
    areas, seas = {a.id for a in board.areas}, {s.id for s in board.seas}
    provinces = {(t.key, p.id) for t in board.theaters for p in t.provinces}
    maps = {m.id for m in board.maps}
    for area in board.areas:
        assert (area.theater, area.province) in provinces and area.map in maps, area.id
        assert set(area.seas) | set(area.strategic_port) <= seas, area.id
    for conn in board.connections:
        assert {conn.a, conn.b} <= areas and conn.crossing in seas | {None}
    for sea in board.seas:
        assert set(sea.adjacent) | set(sea.world_links) <= seas
        assert {spot.map for spot in (*sea.labels, *sea.anchors)} <= maps
    for center in board.trade_centers:
        assert set(center.seas) <= seas and set(center.theaters) <= {t.key for t in board.theaters}
        assert center.map in maps
    for theater in board.theaters:
        assert {box.map for box in theater.dispersed_boxes} <= set(theater.maps)


def test_area_ids_are_the_slugs_of_their_names(board):
    for area in board.areas:
        assert area.id == "area:" + slug(area.name), area.name
    assert by_name(board)["St. Quintin"].id == "area:st-quintin"
    assert by_name(board)["Košice"].id == "area:kosice"


def test_every_theater_is_a_real_place_to_fight_over(board):
    for theater in board.theaters:
        areas = board.areas_in(theater=theater.key)
        assert len(areas) >= 10, theater.key
        assert any(a.key_area for a in areas), theater.key


def test_each_theaters_land_graph_is_connected(board):
    """Within a theater, land connections join the areas of each land mass, and the land masses (islands) are
    reached by sea: every land component holds a port, and with sea links the theater is one piece."""
    for theater in board.theaters:
        ids = {a.id for a in board.areas_in(theater=theater.key)}
        land = defaultdict(set)
        for conn in board.connections:
            if conn.a in ids and conn.b in ids:
                land[conn.a].add(conn.b)
                land[conn.b].add(conn.a)
        components = _components(ids, land)
        for component in components if len(components) > 1 else ():
            assert any(board.area(a).port for a in component), (theater.key, sorted(component))
        by_sea = defaultdict(set)
        for a in ids:
            for b in ids:
                if a != b and set(board.area(a).seas) & set(board.area(b).seas):
                    by_sea[a].add(b)
        joined = {a: land[a] | by_sea[a] for a in ids}
        assert len(_components(ids, joined)) == 1, theater.key


def _components(nodes, edges):
    seen, out = set(), []
    for start in sorted(nodes):
        if start in seen:
            continue
        stack, part = [start], set()
        while stack:
            node = stack.pop()
            if node not in part:
                part.add(node)
                stack.extend(edges[node] - part)
        seen |= part
        out.append(part)
    return out


def test_the_main_map_mainland_is_one_piece(board):
    edges = defaultdict(set)
    for conn in board.connections:
        edges[conn.a].add(conn.b)
        edges[conn.b].add(conn.a)
    part = _components({"area:toledo"}, edges)[0]
    for far in (
        "area:moscow",
        "area:cairo",
        "area:isfahan",
        "area:stockholm",
        "area:copenhagen",
        "area:paris",
        "area:naples",
        "area:tunis",
        "area:sicily",
    ):
        assert far in part, far
    assert "area:london" not in part and "area:ireland" not in part  # the British Isles are reached by sea


def test_stacking_limits_follow_15_1(board):
    """4 on the main map and in The East (except Ormuz and Aden) and in mini-map home areas; 2 in mini-map
    domains; 1 elsewhere, including Ormuz and Aden."""
    for area in board.areas:
        if area.id in ("area:ormuz", "area:aden"):
            expected = 1
        elif area.map == "main" or area.theater == "TE" or area.home_of:
            expected = 4
        elif area.domain_of:
            expected = 2
        else:
            expected = 1
        assert area.stacking_limit == expected, area.id
    assert board.area("area:ormuz").theater == board.area("area:aden").theater == "TE"
    assert board.area("area:ormuz").mini_map and board.area("area:kandahar").stacking_limit == 4


@pytest.mark.parametrize(
    "center,turn,scenario,expected,line",
    [
        ("center:eastern-mediterranean", 1, None, 4, 2164),
        ("center:eastern-mediterranean", 5, None, 4, 2164),
        ("center:eastern-mediterranean", 6, None, 3, 2333),
        ("center:persian-gulf-red-sea", 1, None, 3, 2165),
        ("center:persian-gulf-red-sea", 6, None, 3, 2334),
        ("center:caribbean-sea", 1, None, 0, 2166),
        ("center:south-atlantic", 1, None, 0, 2166),
        ("center:caribbean-sea", 6, None, 2, 2335),
        ("center:indian-ocean", 6, None, 0, 2336),
        ("center:africa", 6, None, 0, 2336),
        ("center:sea-of-china", 7, None, 0, 2336),
        ("center:indian-ocean", 8, None, 1, 2425),
        ("center:africa", 8, None, 1, 2426),
        ("center:south-atlantic", 8, None, 2, 2427),
        ("center:sea-of-china", 8, None, 2, 2428),
        ("center:sea-of-china", 11, None, 2, 2428),
        ("center:africa", 1, "9.1", 1, 1924),
        ("center:persian-gulf-red-sea", 1, "9.1", 1, 1924),
        ("center:indian-ocean", 3, "9.1", 1, 1924),
        ("center:sea-of-china", 5, "9.1", 2, 1924),
        ("center:eastern-mediterranean", 1, "9.1", 0, 1924),
        ("center:north-sea", 2, "9.1", 0, 1924),
        ("center:persian-gulf-red-sea", 6, "9.4", 3, 2006),
        ("center:caribbean-sea", 6, "9.4", 2, 2007),
        ("center:africa", 7, "9.4", 0, 2008),
        ("center:south-atlantic", 8, "9.4", 2, 2427),
        ("center:indian-ocean", 8, "9.4", 1, 2425),
        ("center:eastern-mediterranean", 6, "9.4", 4, 2164),  # 9.4 replaces the Turn 6 rules (1907)
    ],
)
def test_trade_capacities_follow_the_playbook(board, center, turn, scenario, expected, line):
    assert board.trade_capacity(center, turn, scenario) == expected, line


def test_trade_centers_as_the_rulebook_describes_them(board):
    """19.2.1: sea centers include the commercial ports on their seas; Africa and Asia include every area of their
    theater; Eastern Europe's trade is river trade."""
    north_sea = board.trade_center_ports("center:north-sea")
    assert {"area:london", "area:holland", "area:hamburg", "area:bergen"} <= set(north_sea)
    assert all(board.area(a).commercial_port for a in north_sea)
    assert set(board.trade_center_ports("center:africa")) == {a.id for a in board.areas_in(theater="Af")}
    assert {a.id for a in board.areas_in(theater="As")} <= set(board.trade_center_ports("center:sea-of-china"))
    river = [c.id for c in board.trade_centers if c.river_trade]
    assert river == ["center:eastern-europe"] and board.trade_center("center:eastern-europe").theaters == ["EE"]
    assert {
        "center:north-sea",
        "center:baltic-sea",
        "center:central-mediterranean",
        "center:eastern-mediterranean",
        "center:persian-gulf-red-sea",
        "center:indian-ocean",
        "center:africa",
        "center:sea-of-china",
        "center:caribbean-sea",
        "center:south-atlantic",
    } <= {c.id for c in board.trade_centers}


def test_strategic_ports_join_two_seas(board):
    """18.6.3."""
    ports = {a.id: set(a.strategic_port) for a in board.areas if a.strategic_port}
    assert ports == {
        "area:corfu": {"sea:central-mediterranean", "sea:eastern-mediterranean"},
        "area:malta": {"sea:central-mediterranean", "sea:eastern-mediterranean"},
        "area:constantinople": {"sea:eastern-mediterranean", "sea:black-sea"},
        "area:portsmouth": {"sea:north-sea", "sea:east-atlantic"},
        "area:copenhagen": {"sea:baltic-sea", "sea:north-sea"},
    }


def test_mediterranean_seas_and_gibraltar(board):
    """18.6.1: galleys; Gibraltar counts as Mediterranean. 18.6.2: three seas count as one between maps."""
    assert {s.id for s in board.seas if s.mediterranean} == {
        "sea:western-mediterranean",
        "sea:central-mediterranean",
        "sea:eastern-mediterranean",
        "sea:black-sea",
    }
    gibraltar = board.area("area:gibraltar")
    assert gibraltar.counts_as_mediterranean and set(gibraltar.seas) == {
        "sea:western-mediterranean",
        "sea:east-atlantic",
    }
    assert [a.id for a in board.areas if a.counts_as_mediterranean] == ["area:gibraltar"]
    assert {s.id for s in board.seas if s.transoceanic_hub} == {"sea:baltic-sea", "sea:north-sea", "sea:east-atlantic"}


def test_the_world_map_links_every_ocean(board):
    """6.: the World Map shows how the seas connect; only the Caspian is closed."""
    edges = defaultdict(set)
    for sea in board.seas:
        for other in (*sea.adjacent, *sea.world_links):
            edges[sea.id].add(other)
    parts = _components({s.id for s in board.seas}, edges)
    assert sorted(map(len, parts)) == [1, len(board.seas) - 1]
    assert {"sea:caspian-sea"} in parts
    hubs = {s.id for s in board.seas if s.transoceanic_hub}
    for sea in board.seas:
        if sea.world_links:
            assert set(sea.world_links) & hubs or sea.id in hubs, sea.id


def test_border_areas_are_those_connected_to_another_theater(board):
    """18.5."""
    for area in board.areas:
        others = {board.area(n).theater for n in board.neighbours(area.id)} - {area.theater}
        assert set(area.border_of) == others, area.id
    assert "WE" in board.area("area:savoy").border_of and board.area("area:savoy").border_area
    assert not board.area("area:paris").border_area


def test_capitals_and_the_protestant_cross(board):
    """Turn 6: those who have the cross in their capital are Protestants."""
    crosses = {p for a in board.areas if a.protestant_cross for p in a.capital_of}
    assert crosses == {
        "power:england",
        "power:parliamentarians",
        "power:royalists",
        "power:sweden",
        "power:denmark",
        "power:netherlands",
        "power:huguenots",
        "power:schmalkaldic-league",
        "power:protestant-union",
    }
    capitals = [p for a in board.areas for p in a.capital_of]
    assert len(capitals) == len(set(capitals))
    assert {
        "power:spain",
        "power:france",
        "power:ottomans",
        "power:persia",
        "power:russia",
        "power:mughals",
        "power:portugal",
    } <= set(capitals)


def test_coastal_areas_are_ports_and_commercial_ports_are_coastal(board):
    for area in board.areas:
        assert area.port == bool(area.seas)
        if area.commercial_port and area.theater != "EE":
            assert area.seas, area.id


def test_rough_passes_cross_the_mountains(board):
    passes = {frozenset((c.a, c.b)) for c in board.connections if c.kind == "rough_pass"}
    for pair in (
        ("area:navarre", "area:gascony"),
        ("area:savoy", "area:dauphine"),
        ("area:transylvania", "area:wallachia"),
        ("area:kabul", "area:lahore"),
    ):
        assert frozenset(pair) in passes, pair
    rough = {"mountain", "forest"}
    assert all({board.area(a).terrain, board.area(b).terrain} & rough for a, b in map(sorted, passes))


def test_positions_lie_on_the_land_of_their_map(board):
    maps = {m.id: m for m in board.maps}
    for area in board.areas:
        bmap = maps[area.map]
        assert any(point_in_polygon(area.pos, poly) for poly in bmap.land), area.id
        assert not any(point_in_polygon(area.pos, lake) for lake in bmap.lakes), area.id


def test_items_carry_their_source(board):
    for items in (board.theaters, board.areas, board.seas, board.connections, board.trade_centers):
        assert {item.source for item in items} <= {"rulebook", "reconstructed"}
    assert board.area("area:toledo").source == "reconstructed" and board.area("area:gibraltar").source == "rulebook"


def test_an_owner_can_replace_a_file(tmp_path):
    """The content folder's ultima-ratio-regis/ subfolder: a file of the same name replaces the packaged one."""
    centers = yaml.load((urr_map.DATA_DIR / "trade_centers.yaml").read_text(encoding="utf-8"), Loader=LOADER)
    centers[0]["printed_capacity"] = 9
    (tmp_path / "ultima-ratio-regis").mkdir()
    (tmp_path / "ultima-ratio-regis" / "trade_centers.yaml").write_text(
        yaml.dump(centers, Dumper=DUMPER), encoding="utf-8"
    )
    replaced = load_map(tmp_path)
    assert replaced.trade_center(centers[0]["id"]).printed_capacity == 9
    assert load_map().trade_center(centers[0]["id"]).printed_capacity != 9


def test_an_owners_file_is_validated(tmp_path):
    areas = yaml.load((urr_map.DATA_DIR / "areas.yaml").read_text(encoding="utf-8"), Loader=LOADER)
    areas[0]["seas"] = ["the-sea-of-nowhere"]
    owner = tmp_path / "ultima-ratio-regis"
    owner.mkdir()
    (owner / "areas.yaml").write_text(yaml.dump(areas, Dumper=DUMPER, allow_unicode=True), encoding="utf-8")
    shutil.copy(urr_map.DATA_DIR / "seas.yaml", owner / "seas.yaml")
    with pytest.raises(ContentError, match="unknown sea 'the-sea-of-nowhere'"):
        load_map(tmp_path)


def test_capitals_agree_with_the_power_cards(board):
    """The world half describes each power's capital and cross too (world.py): both say the same."""
    world = pytest.importorskip("engines.ultima_ratio.world").load_world()
    capitals = {p: a for a in board.areas for p in a.capital_of}
    for power in world.powers:
        assert capitals[power.id].id == power.capital, power.id
        assert capitals[power.id].protestant_cross == power.protestant_cross, power.id


def test_content_export_lists_every_item_with_id_name_and_source(board):
    from engines.ultima_ratio.content import export

    data = export()
    assert list(data)[:5] == ["theaters", "areas", "seas", "connections", "trade_centers"]
    assert len(data["areas"]) == len(board.areas) and len(data["connections"]) == len(board.connections)
    for key, items in data.items():
        for item in items:
            assert item["id"] and item["name"] and item["source"] in ("rulebook", "reconstructed"), key
    area = next(a for a in data["areas"] if a["id"] == "area:savoy")
    assert area["port"] is False and area["border_area"] is True and area["stacking_limit"] == 4
    assert next(c for c in data["connections"] if c["id"] == "area:dauphine--area:savoy")["kind"] == "rough_pass"
