"""Ultima Ratio Regis — the game's content, loaded once per game instance through the core loader, and the fast
look-ups the rules need (rulebook "6. The game board", "11.1 Naval bases and naval operation distance", "18.6
Special naval areas").

``load_board(content_dir)`` reads the map files (MAP.md) and the world files (WORLD.md) with
``engines.core.content.load_content`` (an owner's file in ``<content_dir>/ultima-ratio-regis/`` replaces the packaged
one), validates them with the models of ``map.py`` / ``world_items.py``, and returns a ``Board``: plain dicts and
precomputed sea distances, so that legal-action lists never search the pydantic models.
"""

from __future__ import annotations

import pathlib
from collections import deque
from dataclasses import dataclass, field
from typing import Protocol, TypeVar, cast

from pydantic import BaseModel, RootModel

from engines.core.content import accept_older, load_content, rules_digest
from engines.core.machine import Ctx
from engines.ultima_ratio import upgrade
from engines.ultima_ratio.combat_tables import COMBAT_FILES, CombatTables
from engines.ultima_ratio.leader_items import LEADER_FILES, Leaders
from engines.ultima_ratio.map import DATA_DIR, Area, BoardMap, Connection, MapData, Model, Sea, Theater, TradeCenter
from engines.ultima_ratio.world import World
from engines.ultima_ratio.world_items import Event, Minor, Power, Scenario, Turn

GAME_ID = "ultima-ratio-regis"


class TheatersFile(Model):
    maps: list[BoardMap]
    theaters: list[Theater]


AreasFile = RootModel[list[Area]]
SeasFile = RootModel[list[Sea]]
ConnectionsFile = RootModel[list[Connection]]
TradeCentersFile = RootModel[list[TradeCenter]]
PowersFile = RootModel[list[Power]]
MinorsFile = RootModel[list[Minor]]
EventsFile = RootModel[list[Event]]
ScenariosFile = RootModel[list[Scenario]]
TurnsFile = RootModel[list[Turn]]

FILES: dict[str, type[BaseModel]] = {
    "theaters.yaml": TheatersFile,
    "areas.yaml": AreasFile,
    "seas.yaml": SeasFile,
    "connections.yaml": ConnectionsFile,
    "trade_centers.yaml": TradeCentersFile,
    "powers.yaml": PowersFile,
    "minors.yaml": MinorsFile,
    "events.yaml": EventsFile,
    "scenarios.yaml": ScenariosFile,
    "turns.yaml": TurnsFile,
    **COMBAT_FILES,  # the dice and the combat table (13.1.1, 13.1.6)
    **LEADER_FILES,  # the leader counters (17.)
}

HUB = "transoceanic-hub"  # the Baltic, North Sea and East Atlantic counted as one sea between maps (11.1.3, 18.6.2)


@dataclass
class Board:
    """The map and the world of one game instance, with look-ups as plain data."""

    map: MapData
    world: World
    digest: str
    tables: CombatTables
    leaders: Leaders
    areas: dict[str, Area] = field(default_factory=dict)
    seas: dict[str, Sea] = field(default_factory=dict)
    neighbours: dict[str, dict[str, str]] = field(default_factory=dict)  # area -> {area: connection kind}
    sea_ports: dict[str, list[str]] = field(default_factory=dict)  # sea -> coastal areas
    sea_links: dict[str, list[str]] = field(default_factory=dict)  # sea -> adjacent seas and World Map links
    sea_map: dict[str, str] = field(default_factory=dict)  # sea -> the map it is drawn on
    boxes: dict[str, list[str]] = field(default_factory=dict)  # theater -> its dispersed boxes
    box_theater: dict[str, str] = field(default_factory=dict)
    distances: dict[tuple[str, str], int] = field(default_factory=dict)  # (sea, sea) -> seas apart (0: same)
    imperial_votes: dict[str, int] = field(default_factory=dict)  # area -> its imperial voters (22, l. 1799)
    _gaps: dict[tuple[str, str], int | None] = field(default_factory=dict)
    _near: dict[tuple[str, int], list[str]] = field(default_factory=dict)
    _galley_ports: dict[str, bool] = field(default_factory=dict)  # area -> ``mediterranean_port``, once asked
    _sea_reach: dict[str, frozenset[str]] = field(default_factory=dict)  # sea -> the seas reached from it
    _minors: dict[str, Minor] = field(default_factory=dict)  # minor -> its card (asked for every area's interest)
    _powers: dict[str, Power] = field(default_factory=dict)  # power -> its card (asked by many rules of a move)
    _events: dict[str, Event] = field(default_factory=dict)  # event card -> its text (a battle's cards in force)

    def __post_init__(self) -> None:
        self._minors = {m.id: m for m in self.world.minors}
        self._powers = {p.id: p for p in self.world.powers}
        self._events = {e.id: e for e in self.world.events}
        self.areas = {a.id: a for a in self.map.areas}
        self.seas = {s.id: s for s in self.map.seas}
        self.neighbours = {a: {} for a in self.areas}
        self.imperial_votes = {a.id: a.imperial_votes for a in self.map.areas if a.imperial_votes}
        for conn in self.map.connections:
            self.neighbours[conn.a][conn.b] = conn.kind
            self.neighbours[conn.b][conn.a] = conn.kind
        self.sea_ports = {s: [] for s in self.seas}
        for area in self.map.areas:
            for sea in area.seas:
                self.sea_ports[sea].append(area.id)
        self.sea_links = {s.id: sorted(set(s.adjacent) | set(s.world_links)) for s in self.map.seas}
        self.sea_map = {s.id: s.labels[0].map for s in self.map.seas}
        for theater in self.map.theaters:
            self.boxes[theater.key] = [b.id for b in theater.dispersed_boxes]
            for box in theater.dispersed_boxes:
                self.box_theater[box.id] = theater.key
        self._sea_distances()

    def _sea_distances(self) -> None:
        """Seas apart, counting the three transoceanic hub seas as one when a path joins the main map and a
        mini-map (11.1.3, 18.6.2): two graphs, one of the main map alone and one with the hubs merged."""
        hubs = {s.id for s in self.map.seas if s.transoceanic_hub}

        def node(sea: str, merged: bool) -> str:
            return HUB if merged and sea in hubs else sea

        for merged in (False, True):
            graph: dict[str, set[str]] = {}
            for sea, links in self.sea_links.items():
                for other in links:
                    a, b = node(sea, merged), node(other, merged)
                    if a != b:
                        graph.setdefault(a, set()).add(b)
                        graph.setdefault(b, set()).add(a)
            for start in self.seas:
                seen = {node(start, merged): 0}
                queue = deque([node(start, merged)])
                while queue:
                    here = queue.popleft()
                    for nxt in graph.get(here, ()):
                        if nxt not in seen:
                            seen[nxt] = seen[here] + 1
                            queue.append(nxt)
                for end in self.seas:
                    between_maps = (self.sea_map[start] == "main") != (self.sea_map[end] == "main")
                    if merged != between_maps:
                        continue
                    far = seen.get(node(end, merged))
                    if far is not None:
                        self.distances[(start, end)] = far

    # ----- look-ups ---------------------------------------------------------------------------------------------
    def sea_distance(self, a: str, b: str) -> int | None:
        return self.distances.get((a, b))

    def port_gap(self, a: str, b: str) -> int | None:
        """Seas apart between two coastal areas (0: on a common sea), cached: content, not state."""
        key = (a, b)
        if key not in self._gaps:
            pairs = [self.distances.get((x, y)) for x in self.areas[a].seas for y in self.areas[b].seas]
            found = [d for d in pairs if d is not None]
            self._gaps[key] = min(found) if found else None
        return self._gaps[key]

    def sea_reach(self, sea: str) -> frozenset[str]:
        """The seas reached from ``sea`` sailing from one to the next (``sea_links``), itself included, cached:
        content, not state."""
        if sea not in self._sea_reach:
            seen, queue = {sea}, [sea]
            while queue:
                for nxt in self.sea_links[queue.pop()]:
                    if nxt not in seen:
                        seen.add(nxt)
                        queue.append(nxt)
            self._sea_reach[sea] = frozenset(seen)
        return self._sea_reach[sea]

    def ports_near(self, sea: str, far: int) -> list[str]:
        """The coastal areas at most ``far`` seas apart from ``sea`` (a port's reach, 11.1: 0 on the sea itself),
        the nearest first (then by id: a squadron's base is most often on its sea, found first), cached: content,
        not state."""
        key = (sea, far)
        if key not in self._near:
            apart: dict[str, int] = {}
            for x in self.seas:
                d = self.distances.get((x, sea))
                if d is not None and d <= far:
                    for a in self.sea_ports[x]:
                        apart[a] = min(d, apart.get(a, d))
            self._near[key] = sorted(apart, key=lambda a: (apart[a], a))
        return self._near[key]

    def mediterranean_sea(self, sea: str) -> bool:
        return self.seas[sea].mediterranean

    def mediterranean_port(self, area: str) -> bool:
        """A port whose fleets are galleys (18.6.1): on the Mediterranean only, or counted as Mediterranean; cached:
        content, not state (every squadron's bases ask it after each action)."""
        known = self._galley_ports.get(area)
        if known is None:
            info = self.areas[area]
            known = info.counts_as_mediterranean or (
                bool(info.seas) and all(self.seas[x].mediterranean for x in info.seas)
            )
            self._galley_ports[area] = known
        return known

    def event(self, event_id: str) -> Event:
        """An event card by its id, as the world finds it (a search of its list, which fails the same way for an id
        that names no event), from a dict: a battle's cards in force and every card played ask it."""
        found = self._events.get(event_id)
        return found if found is not None else self.world.event(event_id)

    def power(self, power_id: str) -> Power:
        found = self._powers.get(power_id)
        return found if found is not None else self.world.power(power_id)  # not a power: as the world answers

    def minor(self, minor_id: str) -> Minor:
        return self._minors[minor_id]


M = TypeVar("M", bound=BaseModel)


def load_board(content_dir: pathlib.Path | str | None = None) -> Board:
    """Load and validate the map and the world with the core loader (one digest for all the files)."""
    loaded = load_content(GAME_ID, DATA_DIR, FILES, content_dir)

    def f(name: str, model: type[M]) -> M:
        """A loaded file as the model ``FILES`` validated it with."""
        item = loaded.files[name]
        assert isinstance(item, model), name  # load_content validated the file with FILES[name], this model
        return item

    theaters = f("theaters.yaml", TheatersFile)
    board_map = MapData(
        maps=theaters.maps,
        theaters=theaters.theaters,
        areas=[a.model_copy() for a in f("areas.yaml", AreasFile).root],
        seas=f("seas.yaml", SeasFile).root,
        connections=f("connections.yaml", ConnectionsFile).root,
        trade_centers=f("trade_centers.yaml", TradeCentersFile).root,
    )
    world = World(
        powers=f("powers.yaml", PowersFile).root,
        minors=f("minors.yaml", MinorsFile).root,
        events=f("events.yaml", EventsFile).root,
        scenarios=f("scenarios.yaml", ScenariosFile).root,
        turns=f("turns.yaml", TurnsFile).root,
    )
    # a version-6 record names the same content without namespaces (issue 27; upgrade.py maps its moves)
    dumped = {name: model.model_dump(mode="json") for name, model in sorted(loaded.files.items())}
    accept_older(loaded.digest, rules_digest(upgrade.bare(dumped)))
    return Board(
        map=board_map,
        world=world,
        digest=loaded.digest,
        tables=f("combat.yaml", CombatTables),
        leaders=f("leaders.yaml", Leaders),
    )


class HoldsBoard(Protocol):
    board: Board


def board_of(g: Ctx) -> Board:
    """The board of the game a step runs in (the URR game holds it; the core's context knows only a step game)."""
    return cast(HoldsBoard, g.game).board
