"""Plane geometry for drawing the board (rulebook "6. The game board"): map projection, a Voronoi tiling of each
land mass from one position per area, clipped to the coastline, and the shared edges between neighbouring areas.

Pure Python, no dependencies: each area's cell is the frame clipped by the half-planes nearer to its own position
than to every other area on the same land mass (so islands never take land from the mainland), then the land
outline is clipped by that convex cell (Sutherland-Hodgman). Every edge of a cell remembers which neighbour's
bisector made it, which gives the borders between areas, provinces and theaters.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

Point = tuple[float, float]


@dataclass(frozen=True)
class Projection:
    """Equirectangular projection of a map frame (lon/lat degrees) into a box of the drawing (pixels)."""

    west: float
    east: float
    south: float
    north: float
    x: float
    y: float
    width: float
    height: float

    @property
    def _aspect(self) -> float:
        return math.cos(math.radians((self.south + self.north) / 2))

    @property
    def scale(self) -> float:
        return min(self.width / ((self.east - self.west) * self._aspect), self.height / (self.north - self.south))

    @property
    def used(self) -> tuple[float, float]:
        """Width and height actually covered by the frame (the box is filled on one side)."""
        return (self.east - self.west) * self._aspect * self.scale, (self.north - self.south) * self.scale

    def __call__(self, lonlat: Point) -> Point:
        lon, lat = lonlat
        return (self.x + (lon - self.west) * self._aspect * self.scale, self.y + (self.north - lat) * self.scale)


def point_in_polygon(p: Point, poly: list[Point]) -> bool:
    x, y = p
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def polygon_area(poly: list[Point]) -> float:
    return abs(sum(poly[i][0] * poly[i - 1][1] - poly[i - 1][0] * poly[i][1] for i in range(len(poly)))) / 2


def _side(p: Point, a: Point, b: Point) -> float:
    """Positive when p is left of the directed line a->b."""
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


def _cross_point(p: Point, q: Point, a: Point, b: Point) -> Point:
    d1, d2 = _side(p, a, b), _side(q, a, b)
    t = d1 / (d1 - d2)
    return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))


@dataclass
class Cell:
    """A convex Voronoi cell; `tags[i]` names the neighbour whose bisector made edge points[i] -> points[i+1]."""

    points: list[Point]
    tags: list[int | None] = field(default_factory=list)

    def clip(self, inside, a: Point, b: Point, tag: int) -> None:
        """Keep the part where inside(p) holds; the new edge along the line a-b gets `tag`."""
        pts, n = self.points, len(self.points)
        out: list[Point] = []
        arriving: list[int | None] = []
        for k in range(n):
            cur, nxt, t = pts[k], pts[(k + 1) % n], self.tags[k]
            cin, nin = inside(cur), inside(nxt)
            if cin and nin:
                out.append(nxt)
                arriving.append(t)
            elif cin:
                out.append(_cross_point(cur, nxt, a, b))
                arriving.append(t)
            elif nin:
                out.append(_cross_point(cur, nxt, a, b))
                arriving.append(tag)
                out.append(nxt)
                arriving.append(t)
        self.points = out
        self.tags = [arriving[(i + 1) % len(out)] for i in range(len(out))] if out else []

    def edge(self, tag: int) -> tuple[Point, Point] | None:
        for i, t in enumerate(self.tags):
            if t == tag:
                return self.points[i], self.points[(i + 1) % len(self.points)]
        return None


def voronoi(sites: list[Point], box: tuple[float, float, float, float]) -> list[Cell]:
    """The Voronoi cell of every site inside `box` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    cells = []
    for i, s in enumerate(sites):
        cell = Cell([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], [None] * 4)
        others = sorted((j for j in range(len(sites)) if j != i), key=lambda j: _dist2(s, sites[j]))
        for j in others:
            reach = max(_dist2(s, p) for p in cell.points) if cell.points else 0.0
            if _dist2(s, sites[j]) > 4 * reach:
                break
            o = sites[j]
            if o == s:
                continue
            m = ((s[0] + o[0]) / 2, (s[1] + o[1]) / 2)
            d = (o[0] - s[0], o[1] - s[1])
            a, b = m, (m[0] - d[1], m[1] + d[0])
            sign = 1 if _side(s, a, b) > 0 else -1
            cell.clip(lambda p, a=a, b=b, sign=sign: sign * _side(p, a, b) >= 0, a, b, j)
        cells.append(cell)
    return cells


def _dist2(p: Point, q: Point) -> float:
    return (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2


def clip_to_convex(subject: list[Point], convex: list[Point]) -> list[Point]:
    """Sutherland-Hodgman: the part of `subject` (any simple polygon) inside the convex polygon."""
    if len(convex) < 3:
        return []
    orientation = (
        1
        if sum(convex[i - 1][0] * convex[i][1] - convex[i][0] * convex[i - 1][1] for i in range(len(convex))) > 0
        else -1
    )
    out = list(subject)
    for i in range(len(convex)):
        a, b = convex[i - 1], convex[i]
        if not out:
            break
        src, out = out, []
        for k in range(len(src)):
            cur, prev = src[k], src[k - 1]
            cin, pin = orientation * _side(cur, a, b) >= 0, orientation * _side(prev, a, b) >= 0
            if cin:
                if not pin:
                    out.append(_cross_point(prev, cur, a, b))
                out.append(cur)
            elif pin:
                out.append(_cross_point(prev, cur, a, b))
    return out


def land_fraction(a: Point, b: Point, on_land, samples: int = 12) -> list[tuple[Point, Point]]:
    """The pieces of segment a-b where `on_land(point)` holds (sampled), merged into runs."""
    runs: list[tuple[Point, Point]] = []
    start: Point | None = None
    end: Point = a  # set with start (a run begins and ends on the piece it is found on)
    for k in range(samples):
        t0, t1 = k / samples, (k + 1) / samples
        mid = (a[0] + (b[0] - a[0]) * (t0 + t1) / 2, a[1] + (b[1] - a[1]) * (t0 + t1) / 2)
        p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        if on_land(mid):
            start = start or p0
            end = p1
        elif start is not None:
            runs.append((start, end))
            start = None
    if start is not None:
        runs.append((start, end))
    return runs


@dataclass
class Tile:
    """An area's drawn shape: its land piece, and the land-running borders it shares with each neighbour."""

    polygon: list[Point]
    borders: dict[int, list[tuple[Point, Point]]]


def tile_land(
    sites: list[Point],
    land: list[Point],
    box: tuple[float, float, float, float],
    lakes: Sequence[list[Point]] = (),
    min_border: float = 3.0,
) -> list[Tile]:
    """Tile one land mass: every site's Voronoi cell clipped to the land outline, with its shared borders (lakes
    are drawn over the tiles, so borders across a lake do not count, nor borders shorter than `min_border`)."""
    cells = voronoi(sites, box)
    tiles = []
    for site, cell in zip(sites, cells, strict=False):
        piece = clip_to_convex(land, cell.points)

        def on_land(p: Point, piece=piece, site=site) -> bool:
            # a hair inside this cell: the piece of land it holds there, not under a lake
            d = math.dist(p, site) or 1.0
            q = (p[0] + (site[0] - p[0]) / d * 0.5, p[1] + (site[1] - p[1]) / d * 0.5)
            return point_in_polygon(q, piece) and not any(point_in_polygon(q, lake) for lake in lakes)

        borders: dict[int, list[tuple[Point, Point]]] = {}
        for j, tag in enumerate(cell.tags):
            if tag is None:
                continue
            runs = land_fraction(cell.points[j], cell.points[(j + 1) % len(cell.points)], on_land)
            if sum(math.dist(p, q) for p, q in runs) > min_border:
                borders[tag] = runs
        tiles.append(Tile(piece, borders))
    return tiles
