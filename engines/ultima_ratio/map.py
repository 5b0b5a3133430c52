"""Ultima Ratio Regis — the game board as data (rulebook "6. The game board", "15.1 Stacking", "18. Special areas",
"19.2 Commerce").

The board (6.) is a main operations map and five mini-maps (Siberia, America, the Indian Ocean, Africa, Asia), each
divided into seas and land theaters of operations; theaters into provinces, areas, connections, dispersed boxes
and trade centers. The printed map is not in the rulebook: everything it states is kept (`source: rulebook`), the
rest is reconstructed for 1490-1654 (`source: reconstructed`); MAP.md gives the principles.

Files (``data/``): theaters.yaml (maps with their land outlines, theaters, provinces, dispersed boxes), areas.yaml,
seas.yaml, connections.yaml, trade_centers.yaml. An owner can replace any of them: a file of the same name in the
content folder's ``ultima-ratio-regis/`` subfolder is used instead of the packaged one and validated the same way.
"""

from __future__ import annotations

import pathlib
from collections import defaultdict
from functools import lru_cache
from typing import ClassVar, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, computed_field, model_validator

from engines.core.content import owner_folder, read_yaml
from engines.core.types import ContentError

DATA_DIR = pathlib.Path(__file__).resolve().parent / "data"
MAP_FILES = ("theaters.yaml", "areas.yaml", "seas.yaml", "connections.yaml", "trade_centers.yaml")

Source = Literal["rulebook", "reconstructed"]
TheaterKey = Literal["WM", "CM", "EM", "WE", "CE", "EE", "SEE", "BT", "TE", "Si", "Na", "Ca", "Sa", "Af", "In", "As"]
THEATER_KEYS: tuple[str, ...] = get_args(TheaterKey)
MapId = Literal["main", "siberia", "america", "indian-ocean", "africa", "asia"]
Terrain = Literal["open", "forest", "mountain", "marsh"]
Slug = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
# A content id is namespaced by its kind, ``<kind>:<slug>`` (ENGINE.md › Content ids; as world_items.NAMESPACED)
NAMESPACED = r"^[a-z]+:[a-z0-9]+(-[a-z0-9]+)*$"
Ref = Field(pattern=NAMESPACED)
LonLat = tuple[float, float]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Item(Model):
    id: str = Slug
    name: str
    source: Source


class Namespaced(Item):
    """An item whose id carries its kind's prefix, ``KIND`` (``area``, ``sea``, ``province``...)."""

    KIND: ClassVar[str]
    id: str = Ref

    @model_validator(mode="after")
    def _kind(self) -> Namespaced:
        if not self.id.startswith(f"{self.KIND}:"):
            raise ValueError(f"{self.id}: the id of a {self.KIND} is {self.KIND}:<slug>")
        return self


class BoardMap(Item):
    """One of the six maps (6.): its frame in longitude/latitude, its land outlines and inland seas (polygons)."""

    kind: Literal["main", "mini"]
    west: float
    east: float
    south: float
    north: float
    land: list[list[LonLat]] = Field(min_length=1)
    lakes: list[list[LonLat]] = []

    def contains(self, point: LonLat) -> bool:
        return self.west <= point[0] <= self.east and self.south <= point[1] <= self.north


class DispersedBox(Namespaced):
    """A box for dispersed units (18.1); Western Europe has two, continental and insular."""

    KIND = "box"

    map: MapId
    pos: LonLat


class Province(Namespaced):
    """Areas separated from the rest of the theater by dashed lines (6.); names in italics in the playbook."""

    KIND = "province"


class Theater(Model):
    """A theater of operations (6., 18.4); `key` is the glossary key (Playbook Glossary)."""

    key: TheaterKey
    name: str
    source: Source
    maps: list[MapId] = Field(min_length=1)
    colour: str = Field(pattern=r"^#[0-9a-f]{6}$")
    provinces: list[Province] = Field(min_length=1)
    dispersed_boxes: list[DispersedBox] = Field(min_length=1)

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented form (mypy#1362)
    @property
    def id(self) -> str:
        return self.key


class Area(Namespaced):
    """An area (6.): its theater and province, terrain (13.3 battlefield), the seas it touches (coastal areas are
    ports, Glossary "Own Port"), commercial port (19.2.4), key area, stacking limit (15.1), the map it is drawn on,
    the colours printed on it (solid = home area, grated = domain; Playbook footnotes), capitals with the
    Protestant cross (Turn 6), strategic ports (18.6.3) and imperial voters (22, l. 1799)."""

    KIND = "area"

    aliases: list[str] = []
    theater: TheaterKey
    province: str = Ref
    map: MapId
    pos: LonLat
    terrain: Terrain
    seas: list[str] = []
    commercial_port: bool = False
    key_area: bool = False
    stacking_limit: Literal[1, 2, 4]
    home_of: str | None = None
    domain_of: list[str] = []
    capital_of: list[str] = []
    protestant_cross: bool = False
    strategic_port: list[str] = []
    counts_as_mediterranean: bool = False
    # 22 (l. 1799): the imperial voters the area carries (the seven electors, RULINGS IV-1)
    imperial_votes: int = Field(default=0, ge=0, le=7)
    border_of: list[TheaterKey] = []  # filled on load from the connections (18.5 Border areas)

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented form (mypy#1362)
    @property
    def port(self) -> bool:
        """Coastal areas are ports (Glossary: "Own Port: any controlled coastal area")."""
        return bool(self.seas)

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented form (mypy#1362)
    @property
    def mini_map(self) -> bool:
        return self.map != "main"

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented form (mypy#1362)
    @property
    def border_area(self) -> bool:
        return bool(self.border_of)

    @model_validator(mode="after")
    def _check(self) -> Area:
        if self.protestant_cross and not self.capital_of:
            raise ValueError(f"{self.id}: the Protestant cross is printed on capitals only")
        if self.commercial_port and not self.seas and self.map == "main" and self.theater != "EE":
            raise ValueError(f"{self.id}: a commercial port must touch a sea")
        if self.strategic_port and (len(self.strategic_port) != 2 or not set(self.strategic_port) & set(self.seas)):
            raise ValueError(f"{self.id}: a strategic port joins two seas, one of which it touches")
        return self


class SeaLabel(Model):
    map: MapId
    pos: LonLat


class Sea(Namespaced):
    """A sea zone (6., 11.): where it is drawn, which seas it borders, whether it is Mediterranean (18.6.1) and
    whether it is one of the Baltic / North Sea / East Atlantic counted as one sea between maps (18.6.2)."""

    KIND = "sea"

    aliases: list[str] = []
    labels: list[SeaLabel] = Field(min_length=1)
    anchors: list[SeaLabel] = []  # more points of the sea, which shape its zone in the drawing
    world_pos: list[tuple[float, float]] = Field(min_length=1)  # on the World Map inset, 0-100 across and down
    adjacent: list[str] = []
    world_links: list[str] = []  # the World Map links between maps (6.)
    mediterranean: bool = False
    transoceanic_hub: bool = False


class Connection(Model):
    """A land connection between two areas (6.): ordinary, or a rough pass (13.3.1: battlefield at most 2)."""

    a: str = Ref
    b: str = Ref
    kind: Literal["ordinary", "rough_pass"] = "ordinary"
    crossing: str | None = None  # the sea a connection crosses (a strait), drawn as a line over the water
    source: Source


class Capacity(Model):
    """A trade-center capacity stated by the playbook for a turn (from that turn on) or for a scenario (its first
    turn: the scenario's own rules replace those of the turn it starts in)."""

    value: int = Field(ge=0)
    turn: int = Field(ge=1, le=11)
    scenario: str | None = None
    line: int


class TradeCenter(Namespaced):
    """A trade center (19.2.1): the seas whose adjacent commercial ports it includes, or whole theaters (Africa,
    Asia, and the river trade of Eastern Europe, which pirates cannot attack)."""

    KIND = "center"

    seas: list[str] = []
    theaters: list[TheaterKey] = []
    river_trade: bool = False
    map: MapId
    pos: LonLat
    printed_capacity: int = Field(ge=0)
    capacities: list[Capacity] = []

    @model_validator(mode="after")
    def _check(self) -> TradeCenter:
        if not (self.seas or self.theaters):
            raise ValueError(f"trade center {self.id} needs seas or theaters")
        return self


class MapData(Model):
    maps: list[BoardMap]
    theaters: list[Theater]
    areas: list[Area]
    seas: list[Sea]
    connections: list[Connection]
    trade_centers: list[TradeCenter]

    @model_validator(mode="after")
    def _resolve(self) -> MapData:
        errors: list[str] = []
        for kind, items in (
            ("map", self.maps),
            ("theater", self.theaters),
            ("area", self.areas),
            ("sea", self.seas),
            ("trade center", self.trade_centers),
        ):
            seen: set[str] = set()
            for item in items:
                if item.id in seen:
                    errors.append(f"duplicate {kind} id {item.id!r}")
                seen.add(item.id)
        maps = {m.id: m for m in self.maps}
        theaters = {t.key: t for t in self.theaters}
        areas = {a.id: a for a in self.areas}
        seas = {s.id: s for s in self.seas}
        for theater in self.theaters:
            errors += [f"theater {theater.key}: unknown map {m!r}" for m in theater.maps if m not in maps]
        for area in self.areas:
            area_theater = theaters.get(area.theater)
            if area_theater is None:
                errors.append(f"area {area.id}: unknown theater {area.theater}")
                continue
            if area.map not in area_theater.maps:
                errors.append(f"area {area.id}: theater {area.theater} is not drawn on map {area.map}")
            if area.province not in {p.id for p in area_theater.provinces}:
                errors.append(f"area {area.id}: province {area.province!r} is not in theater {area.theater}")
            if area.map in maps and not maps[area.map].contains(area.pos):
                errors.append(f"area {area.id}: position {area.pos} is outside map {area.map}")
            errors += [
                f"area {area.id}: unknown sea {s!r}" for s in (*area.seas, *area.strategic_port) if s not in seas
            ]
        for sea in self.seas:
            errors += [f"sea {sea.id}: unknown sea {s!r}" for s in (*sea.adjacent, *sea.world_links) if s not in seas]
            errors += [
                f"sea {sea.id}: {s} does not list it back"
                for s in sea.adjacent
                if s in seas and sea.id not in seas[s].adjacent
            ]
            errors += [
                f"sea {sea.id}: world link {s} is not listed back"
                for s in sea.world_links
                if s in seas and sea.id not in seas[s].world_links
            ]
        pairs: set[frozenset[str]] = set()
        for conn in self.connections:
            pair = frozenset((conn.a, conn.b))
            if conn.a == conn.b or pair in pairs:
                errors.append(f"connection {conn.a}-{conn.b}: duplicate or loop")
            pairs.add(pair)
            errors += [f"connection {conn.a}-{conn.b}: unknown area {x!r}" for x in (conn.a, conn.b) if x not in areas]
            if conn.crossing is not None and conn.crossing not in seas:
                errors.append(f"connection {conn.a}-{conn.b}: unknown sea {conn.crossing!r}")
        for center in self.trade_centers:
            errors += [f"trade center {center.id}: unknown sea {s!r}" for s in center.seas if s not in seas]
            errors += [f"trade center {center.id}: unknown theater {t}" for t in center.theaters if t not in theaters]
        if errors:
            raise ValueError("; ".join(errors))
        borders: dict[str, set[TheaterKey]] = defaultdict(set)
        for conn in self.connections:
            a, b = areas[conn.a], areas[conn.b]
            if a.theater != b.theater:
                borders[a.id].add(b.theater)
                borders[b.id].add(a.theater)
        for area in self.areas:
            area.border_of = sorted(borders[area.id], key=THEATER_KEYS.index)
        return self

    # ----- look-ups ---------------------------------------------------------------------------------------------
    def area(self, area_id: str) -> Area:
        return self._index("areas")[area_id]

    def theater(self, key: str) -> Theater:
        return self._index("theaters")[key]

    def trade_center(self, center_id: str) -> TradeCenter:
        return self._index("trade_centers")[center_id]

    def _index(self, attr: str) -> dict:
        cache = self.__dict__.setdefault("_indexes", {})
        if attr not in cache:
            cache[attr] = {item.id: item for item in getattr(self, attr)}
        return cache[attr]

    def neighbours(self, area_id: str) -> list[str]:
        """Areas joined to `area_id` by a connection."""
        out = [c.b for c in self.connections if c.a == area_id]
        return out + [c.a for c in self.connections if c.b == area_id]

    def areas_in(self, *, theater: str | None = None, province: str | None = None) -> list[Area]:
        return [
            a
            for a in self.areas
            if (theater is None or a.theater == theater) and (province is None or a.province == province)
        ]

    def trade_center_ports(self, center_id: str) -> list[str]:
        """The areas a trade center includes (19.2.1): commercial ports adjacent to its seas, and every area of
        its theaters (mini-map fortresses also count as commercial ports, 19.2.4, once built)."""
        center = self.trade_center(center_id)
        return [
            a.id
            for a in self.areas
            if (a.commercial_port and set(a.seas) & set(center.seas)) or a.theater in center.theaters
        ]

    def trade_capacity(self, center_id: str, turn: int, scenario: str | None = None) -> int:
        """The capacity of a trade center in `turn` (19.2.3): the printed number, changed by each turn's
        statement from that turn on; in a scenario, its own statements replace those of the turn it starts in."""
        center = self.trade_center(center_id)
        own = [c for c in center.capacities if scenario is not None and c.scenario == scenario]
        start = min(
            (
                c.turn
                for tc in self.trade_centers
                for c in tc.capacities
                if scenario is not None and c.scenario == scenario
            ),
            default=None,
        )
        value = center.printed_capacity
        for number in range(1, turn + 1):
            if number == start:
                value = own[0].value if own else value
                continue
            for stated in center.capacities:
                if stated.scenario is None and stated.turn == number:
                    value = stated.value
        return value


GAME_ID = "ultima-ratio-regis"


def data_path(name: str, content_dir: pathlib.Path | str | None = None) -> pathlib.Path:
    """The packaged data file `name`, or the owner's file of the same name in ``<content_dir>/ultima-ratio-regis/``."""
    folder = owner_folder(content_dir, GAME_ID)
    if folder is not None and (folder / name).is_file():
        return folder / name
    return DATA_DIR / name


@lru_cache(maxsize=4)
def _load(content_dir: str | None) -> MapData:
    def read(name: str):
        return read_yaml(data_path(name, content_dir), GAME_ID)

    board = read("theaters.yaml")
    try:
        return MapData.model_validate(
            {
                "maps": board["maps"],
                "theaters": board["theaters"],
                "areas": read("areas.yaml"),
                "seas": read("seas.yaml"),
                "connections": read("connections.yaml"),
                "trade_centers": read("trade_centers.yaml"),
            }
        )
    except ValidationError as exc:
        raise ContentError(f"{GAME_ID}: the map files: {exc.errors()[0]['loc']}: {exc.errors()[0]['msg']}") from None


def load_map(content_dir: pathlib.Path | str | None = None) -> MapData:
    """The validated map (cached per content folder)."""
    return _load(str(content_dir) if content_dir else None)
