"""Ultima Ratio Regis — the board drawn as one SVG document (rulebook "6. The game board").

The main operations map and the five mini-maps (Siberia, America, the Indian Ocean, Africa, Asia) are laid out on
one sheet with a World Map of the seas (6.) and a legend. Areas are polygons tiling the land (geometry.py), filled
with the colour of their owner (`owners`: area id -> power id, `colours`: power id -> css colour; a domain, i.e.
an owned area that is not the owner's home area, is hatched like the printed grated colour). Without owners the
printed colours are shown (solid home areas, hatched domains). Also drawn: provinces (dashed) and theaters (thick
borders), seas, ports and commercial ports, strategic ports, key areas, capitals (with the Protestant cross),
rough passes and straits, dispersed boxes, trade centers with their printed capacity, mini-map stacking limits. The
symbols, the World Map and the legend are mapkey.py's; the words, in the reader's language, mapwords.py's.

Run ``python -m engines.ultima_ratio.mapdraw out.svg`` to write the sheet.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from html import escape

from engines.ultima_ratio import mapkey
from engines.ultima_ratio.geometry import Projection, point_in_polygon, tile_land, voronoi
from engines.ultima_ratio.map import Area, MapData, load_map
from engines.ultima_ratio.mapkey import BORDER, INK, SEA_COLOUR, svg_anchor, svg_points, svg_star, svg_text
from engines.ultima_ratio.mapwords import MapWords, english

WIDTH, HEIGHT = 2330, 2265
SEA_LINE, LAND_COLOUR = "#86aabf", "#efe5c8"
FONT = "Georgia, 'Times New Roman', serif"
# Where each map sits on the sheet (x, y, width, height), and its label size.
LAYOUT: dict[str, tuple[tuple[float, float, float, float], float]] = {
    "main": ((0, 0, 1720, 1402), 10.5),
    "siberia": ((1730, 0, 600, 420), 9.5),
    "asia": ((1730, 430, 600, 662), 9.5),
    "america": ((0, 1412, 700, 850), 9.0),
    "africa": ((710, 1412, 800, 582), 9.0),
    "indian-ocean": ((1520, 1412, 810, 540), 9.5),
}


@dataclass
class Drawn:
    """An area's tile on its map, with the projection used."""

    area: Area
    polygon: list[tuple[float, float]]
    site: tuple[float, float]
    borders: dict[str, list[tuple[tuple[float, float], tuple[float, float]]]]  # neighbour id -> shared border
    port_at: tuple[float, float]  # the point of its coast nearest the site (where a port symbol goes)


_TILES: dict[int, tuple[MapData, dict[str, Drawn]]] = {}


def tiles(board: MapData) -> dict[str, Drawn]:
    """Every area's polygon on the sheet (computed once per loaded map)."""
    cached = _TILES.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    out: dict[str, Drawn] = {}
    for bmap in board.maps:
        proj = projection(bmap.id, board)
        groups: dict[int, list[Area]] = {}
        for area in board.areas:
            if area.map != bmap.id:
                continue
            inside = [i for i, poly in enumerate(bmap.land) if point_in_polygon(area.pos, poly)]
            groups.setdefault(inside[-1] if inside else 0, []).append(area)
        frame = (proj.x, proj.y, proj.x + proj.used[0], proj.y + proj.used[1])
        for index, group in groups.items():
            sites = [proj(a.pos) for a in group]
            land = [proj(p) for p in bmap.land[index]]
            lakes = [[proj(p) for p in lake] for lake in bmap.lakes]
            coast = land + [p for lake in lakes for p in lake]
            for area, site, tile in zip(group, sites, tile_land(sites, land, frame, lakes), strict=False):
                borders = {group[j].id: runs for j, runs in tile.borders.items()}
                out[area.id] = Drawn(area, tile.polygon, site, borders, _coast_point(site, tile.polygon, coast))
    _TILES[id(board)] = (board, out)
    return out


def trade_center_width(name: str) -> float:
    """The width of a trade center's label on the map (its capacity's disc 12 from the left end; the table's overlay
    covers that disc with the turn's capacity)."""
    return max(90, len(name) * 6.4 + 30)


def projection(map_id: str, board: MapData) -> Projection:
    bmap = next(m for m in board.maps if m.id == map_id)
    box = LAYOUT[map_id][0]
    return Projection(bmap.west, bmap.east, bmap.south, bmap.north, *box)


class Sheet:
    """Builds the SVG document piece by piece."""

    def __init__(self, board: MapData, owners: dict[str, str], colours: dict[str, str], words: MapWords):
        self.board, self.owners, self.colours = board, owners, colours
        self.name, self.say = words.name, words.phrase
        self.defs: list[str] = []
        self.body: list[str] = []
        self.patterns: dict[str, str] = {}
        self.tiles = tiles(board)

    # ----- fills ----------------------------------------------------------------------------------------------
    def hatch(self, colour: str, base: str) -> str:
        key = f"{colour}|{base}"
        if key not in self.patterns:
            pid = f"hatch{len(self.patterns)}"
            self.patterns[key] = pid
            self.defs.append(
                f'<pattern id="{pid}" patternUnits="userSpaceOnUse" width="7" height="7" '
                f'patternTransform="rotate(45)"><rect width="7" height="7" fill="{escape(base)}"/>'
                f'<rect width="3.5" height="7" fill="{escape(colour)}"/></pattern>'
            )
        return f"url(#{self.patterns[key]})"

    def fill(self, area: Area) -> str:
        tint = self.board.theater(area.theater).colour
        owner = self.owners.get(area.id) if self.owners else None
        if owner is None and not self.owners:
            if area.home_of in self.colours:
                return escape(self.colours[area.home_of])
            printed = [p for p in area.domain_of if p in self.colours]
            return self.hatch(self.colours[printed[0]], tint) if printed else tint
        if owner not in self.colours:
            return tint
        return escape(self.colours[owner]) if owner == area.home_of else self.hatch(self.colours[owner], tint)

    # ----- one map --------------------------------------------------------------------------------------------
    def draw_map(self, map_id: str) -> None:
        board = self.board
        bmap = next(m for m in board.maps if m.id == map_id)
        (x, y, _w, _h), size = LAYOUT[map_id]
        proj = projection(map_id, board)
        uw, uh = proj.used
        clip = f"clip-{map_id}"
        self.defs.append(f'<clipPath id="{clip}"><rect x="{x}" y="{y}" width="{uw:.1f}" height="{uh:.1f}"/></clipPath>')
        out = self.body
        out.append(f'<g class="map map-{map_id}" clip-path="url(#{clip})">')
        out.append(f'<rect x="{x}" y="{y}" width="{uw:.1f}" height="{uh:.1f}" fill="{SEA_COLOUR}"/>')
        self.sea_zones(map_id, proj, (x, y, x + uw, y + uh))
        for poly in bmap.land:
            out.append(
                f'<polygon points="{svg_points(proj(p) for p in poly)}" fill="{LAND_COLOUR}" stroke="{BORDER}" '
                f'stroke-width="0.8"/>'
            )
        drawn = [d for d in self.tiles.values() if d.area.map == map_id]
        for d in drawn:
            out.append(
                f'<polygon class="area" data-area="{d.area.id}" data-key="{escape(d.area.id)}" '
                f'points="{svg_points(d.polygon)}" fill="{self.fill(d.area)}"><title>{escape(self.name(d.area.id))}'
                f"</title></polygon>"
            )
        self.borders(drawn)
        for poly in bmap.lakes:
            out.append(f'<polygon points="{svg_points(proj(p) for p in poly)}" fill="{SEA_COLOUR}"/>')
        for poly in (*bmap.land, *bmap.lakes):
            out.append(
                f'<polygon points="{svg_points(proj(p) for p in poly)}" fill="none" stroke="{BORDER}" stroke-width="1.1"/>'
            )
        self.connections(map_id, proj)
        self.sea_labels(map_id, proj, size)
        for d in drawn:
            self.area_marks(d, proj, size)
        self.names(drawn, size)
        self.boxes(map_id, proj, size)
        out.append("</g>")
        out.append(
            f'<rect x="{x}" y="{y}" width="{uw:.1f}" height="{uh:.1f}" fill="none" stroke="{INK}" stroke-width="2.5"/>'
        )
        if bmap.kind == "mini":
            label = self.say("mini_map", map=self.name(bmap.id))
            out.append(
                f'<rect x="{x + 6}" y="{y + 6}" width="{len(label) * 7.6 + 16:.0f}" height="24" rx="3" '
                f'fill="#f6ecd0" stroke="{INK}" stroke-width="1.2"/>'
            )
            out.append(svg_text(x + 14, y + 23, label, 13, weight="bold", anchor="start", halo="#f6ecd0"))

    def sea_zones(self, map_id: str, proj: Projection, box) -> None:
        """Each sea's zone of the map (the cells nearest its labels and anchors, or the whole map for a map of
        one sea) as a shape of its own, ``data-key="sea:<id>"`` with its name, under the land; dashed lines
        between two seas."""
        points, owners = [], []
        for sea in self.board.seas:
            for spot in (*sea.labels, *sea.anchors):
                if spot.map == map_id:
                    points.append(proj(spot.pos))
                    owners.append(sea.id)
        if not points:
            return
        names = {sea.id: self.name(sea.id) for sea in self.board.seas}
        if len(set(owners)) == 1:
            x0, y0, x1, y1 = box
            whole = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
            self.body.append(_sea_zone(owners[0], names[owners[0]], [whole]))
            return
        cells = voronoi(points, box)
        zones: dict[str, list[list[tuple[float, float]]]] = {}
        for i, cell in enumerate(cells):
            zones.setdefault(owners[i], []).append(cell.points)
        for sea_id, polys in zones.items():
            self.body.append(_sea_zone(sea_id, names[sea_id], polys))
        for i, cell in enumerate(cells):
            for k, tag in enumerate(cell.tags):
                if tag is not None and owners[tag] != owners[i] and tag > i:
                    a, b = cell.points[k], cell.points[(k + 1) % len(cell.points)]
                    self.body.append(
                        f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" '
                        f'stroke="{SEA_LINE}" stroke-width="1.6" stroke-dasharray="7,4"/>'
                    )

    def borders(self, drawn: list[Drawn]) -> None:
        """Area borders thin, province borders dashed, theater borders thick (6.: provinces are separated by
        dashed lines)."""
        for d in drawn:
            for other, runs in d.borders.items():
                o = self.tiles[other].area
                if other < d.area.id:
                    continue
                if o.theater != d.area.theater:
                    style = f'stroke="{BORDER}" stroke-width="2.6" stroke-linecap="round"'
                elif o.province != d.area.province:
                    style = f'stroke="{BORDER}" stroke-width="1.2" stroke-dasharray="5,3"'
                else:
                    style = 'stroke="#8f7b58" stroke-width="0.7"'
                for a, b in runs:
                    self.body.append(f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" {style}/>')

    def connections(self, map_id: str, proj: Projection) -> None:
        """Rough passes as a red track across the border; straits and connections without a common border as a
        dashed line between the two areas."""
        for conn in self.board.connections:
            a, b = self.tiles.get(conn.a), self.tiles.get(conn.b)
            if a is None or b is None or map_id not in (a.area.map, b.area.map):
                continue
            if a.area.map != b.area.map:
                here, there = (a, b) if a.area.map == map_id else (b, a)
                self.body.append(
                    svg_text(
                        here.site[0],
                        here.site[1] - 9,
                        f"→ {self.name(there.area.id)}",
                        8.5,
                        style="italic",
                        fill="#7a1c14",
                        extra=' class="to-other-map"',
                    )
                )
                continue
            shared = conn.b in a.borders
            if conn.crossing or not shared:
                self.body.append(
                    f'<line x1="{a.site[0]:.1f}" y1="{a.site[1]:.1f}" x2="{b.site[0]:.1f}" '
                    f'y2="{b.site[1]:.1f}" stroke="{INK}" stroke-width="1.4" stroke-dasharray="3,3"/>'
                )
            if conn.kind == "rough_pass":
                if shared:
                    mid = max(a.borders[conn.b], key=lambda r: math.dist(*r))
                    cx, cy = (mid[0][0] + mid[1][0]) / 2, (mid[0][1] + mid[1][1]) / 2
                else:
                    cx, cy = (a.site[0] + b.site[0]) / 2, (a.site[1] + b.site[1]) / 2
                dx, dy = b.site[0] - a.site[0], b.site[1] - a.site[1]
                n = math.hypot(dx, dy) or 1
                ux, uy = dx / n * 8, dy / n * 8
                self.body.append(
                    f'<g class="pass"><title>{escape(self.say("rough_pass", a=self.name(a.area.id), b=self.name(b.area.id)))}'
                    f'</title><line x1="{cx - ux:.1f}" y1="{cy - uy:.1f}" x2="{cx + ux:.1f}" '
                    f'y2="{cy + uy:.1f}" stroke="#fbf6e6" stroke-width="6"/><line x1="{cx - ux:.1f}" '
                    f'y1="{cy - uy:.1f}" x2="{cx + ux:.1f}" y2="{cy + uy:.1f}" stroke="#a3221b" '
                    f'stroke-width="3.2" stroke-dasharray="2.4,1.6"/></g>'
                )

    def sea_labels(self, map_id: str, proj: Projection, size: float) -> None:
        for sea in self.board.seas:
            for spot in sea.labels:
                if spot.map == map_id:
                    x, y = proj(spot.pos)
                    big = size + 2.5 if map_id == "main" else size + 1
                    self.body.append(
                        svg_text(
                            x,
                            y,
                            self.name(sea.id).upper(),
                            big,
                            style="italic",
                            fill="#2c5873",
                            halo=SEA_COLOUR,
                            extra=' letter-spacing="2"',
                        )
                    )

    def lakes(self, map_id: str) -> list[list[tuple[float, float]]]:
        bmap = next(m for m in self.board.maps if m.id == map_id)
        proj = projection(map_id, self.board)
        return [[proj(p) for p in lake] for lake in bmap.lakes]

    def area_marks(self, d: Drawn, proj: Projection, size: float) -> None:
        area, (x, y), out = d.area, d.site, self.body
        if area.seas:
            px, py = d.port_at
            if area.strategic_port:
                out.append(
                    f'<circle cx="{px:.1f}" cy="{py:.1f}" r="6.5" fill="#e8c547" stroke="{INK}" '
                    f'stroke-width="1"><title>{escape(self.say("strategic_port"))}</title></circle>'
                )
            if area.commercial_port:
                out.append(svg_anchor(px, py, self.say("commercial_port")))
            else:
                out.append(
                    f'<circle cx="{px:.1f}" cy="{py:.1f}" r="2.6" fill="#24506e" stroke="#fbf6e6" '
                    f'stroke-width="1"><title>{escape(self.say("port"))}</title></circle>'
                )
        if area.capital_of:
            colour = next((self.colours[p] for p in area.capital_of if p in self.colours), "#b3261e")
            out.append(svg_star(x, y, 6.5, escape(colour), self.say("capital")))
            if area.protestant_cross:
                out.append(
                    f'<path d="M{x + 9:.1f},{y - 11:.1f}v10M{x + 5.5:.1f},{y - 8:.1f}h7" stroke="{INK}" '
                    f'stroke-width="2.2"><title>{escape(self.say("protestant_cross"))}</title></path>'
                )
        else:
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.3" fill="{INK}"/>')
        if area.key_area:
            out.append(
                f'<rect x="{x - 5.5:.1f}" y="{y - 5.5:.1f}" width="11" height="11" fill="none" '
                f'stroke="#a3221b" stroke-width="1.6"><title>{escape(self.say("key_area"))}</title></rect>'
            )
        if (area.mini_map and area.theater != "TE") or (area.stacking_limit == 1 and area.theater == "TE"):
            out.append(
                f'<rect x="{x + 5:.1f}" y="{y - 13:.1f}" width="9" height="10" fill="#fbf6e6" stroke="{INK}" '
                f'stroke-width="0.7"/>'
            )
            out.append(svg_text(x + 9.5, y - 5, str(area.stacking_limit), 8, halo="none"))

    def names(self, drawn: list[Drawn], size: float) -> None:
        """Area names over everything else, key areas first; a name that would cover one already written tries
        above, right and left of its site."""
        placed: list[tuple[float, float, float, float]] = []
        lakes = self.lakes(drawn[0].area.map) if drawn else []
        for d in sorted(drawn, key=lambda d: (not d.area.key_area, d.area.id)):
            area, (x, y) = d.area, d.site
            label = self.name(area.id).upper() if area.key_area else self.name(area.id)
            width = len(label) * size * (0.62 if area.key_area else 0.5)
            spots = [
                _label_spot(d, size, lakes),
                (x, y + size + 3),
                (x, y - 8),
                (x + width / 2 + 6, y + size / 3),
                (x - width / 2 - 6, y + size / 3),
            ]
            boxes = [(sx - width / 2, sy - size, sx + width / 2, sy + 2) for sx, sy in spots]
            best = min(range(len(spots)), key=lambda i: (sum(_overlap(boxes[i], b) for b in placed), i))
            placed.append(boxes[best])
            self.body.append(svg_text(*spots[best], label, size, weight="bold" if area.key_area else "normal"))

    def boxes(self, map_id: str, proj: Projection, size: float) -> None:
        for theater in self.board.theaters:
            for box in theater.dispersed_boxes:
                if box.map == map_id:
                    x, y = proj(box.pos)
                    w = max(86, len(self.name(theater.id)) * 6.2 + 12)
                    self.body.append(
                        f'<g class="dispersed"><rect x="{x - w / 2:.1f}" y="{y - 15:.1f}" width="{w:.0f}" '
                        f'height="30" rx="4" fill="{theater.colour}" stroke="{INK}" stroke-width="1.3"/>'
                    )
                    sub = "british_isles" if "british" in box.id else "continent" if "continent" in box.id else ""
                    title = f"{theater.key} · {self.name(theater.id)}"
                    self.body.append(svg_text(x, y - 3, title, 9.5, weight="bold", halo="none"))
                    said = self.say(f"dispersed_{sub}" if sub else "dispersed")
                    self.body.append(svg_text(x, y + 10, said, 8.5, style="italic", halo="none"))
                    self.body.append("</g>")
        for center in self.board.trade_centers:
            if center.map == map_id:
                x, y = proj(center.pos)
                w = trade_center_width(center.name)  # the overlay's coins are laid out by it (presentation.places)
                self.body.append(
                    f'<g class="trade-center"><title>{escape(self.say("trade_center", center=self.name(center.id)))}</title>'
                    f'<rect x="{x - w / 2:.1f}" y="{y - 12:.1f}" width="{w:.0f}" height="24" rx="12" '
                    f'fill="#fff3c4" stroke="#9a7410" stroke-width="1.6"/>'
                    f'<circle cx="{x - w / 2 + 12:.1f}" cy="{y:.1f}" r="7" fill="#d9a520" '
                    f'stroke="#7a5a08"/>'
                )
                self.body.append(
                    svg_text(x - w / 2 + 12, y + 3.5, str(center.printed_capacity), 10, weight="bold", halo="none")
                )
                name = self.name(center.id)  # smaller where the reader's name is longer than the pill's
                fits = min(1.0, (w - 30) / max(1.0, len(name) * 6.4))
                self.body.append(svg_text(x + 8, y + 3.5, name, round(9.5 * fits, 1), halo="none"))
                self.body.append("</g>")

    def document(self) -> str:
        for map_id in LAYOUT:
            self.draw_map(map_id)
        self.body += mapkey.world_map(self.board.seas, self.name, self.say)
        self.body += mapkey.legend(self.say, self.hatch)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
            f'height="{HEIGHT}" style="max-width:100%;height:auto" font-family="{FONT}" class="urr-map">'
            f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#e9dcb8"/><defs>{"".join(self.defs)}</defs>'
            f"{''.join(self.body)}</svg>"
        )


def _sea_zone(sea_id: str, name: str, polys: list[list[tuple[float, float]]]) -> str:
    shapes = "".join(f'<polygon points="{svg_points(p)}"/>' for p in polys)
    return f'<g class="sea" data-key="{escape(sea_id)}" fill="{SEA_COLOUR}"><title>{escape(name)}</title>{shapes}</g>'


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _coast_point(site, polygon, coast) -> tuple[float, float]:
    """The coast vertex inside the tile nearest its site (the tile's own nearest vertex if none)."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    box = (min(xs, default=0), min(ys, default=0), max(xs, default=0), max(ys, default=0))
    near = [
        p
        for p in coast
        if box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3] and (p in polygon or point_in_polygon(p, polygon))
    ]
    return min(near or polygon or [site], key=lambda p: math.dist(p, site))


def _label_spot(d: Drawn, size: float, lakes: list[list[tuple[float, float]]]) -> tuple[float, float]:
    """Below the site, pulled halfway towards the middle of the tile (more room for the name), if that is land."""
    poly = d.polygon
    if len(poly) < 3:
        return d.site[0], d.site[1] + size + 3
    cx = sum(p[0] for p in poly) / len(poly)
    cy = sum(p[1] for p in poly) / len(poly)
    x, y = d.site[0] + (cx - d.site[0]) * 0.5, d.site[1] + size + 3 + max(0.0, (cy - d.site[1]) * 0.5)
    spot = (x, y - size / 3)
    if point_in_polygon(spot, poly) and not any(point_in_polygon(spot, lake) for lake in lakes):
        return x, y
    return d.site[0], d.site[1] + size + 3


def render_map_svg(
    owners: dict[str, str] | None = None,
    colours: dict[str, str] | None = None,
    board: MapData | None = None,
    words: MapWords | None = None,
) -> str:
    """The whole board as one SVG document; `owners` maps area ids to power ids, `colours` power ids to css colours;
    `board` the map to draw (the packaged one by default). Every area carries ``data-key="area:<id>"`` and every sea
    ``data-key="sea:<id>"`` (its zones on the maps and its spot on the World Map), each with its name as title.
    ``words``: the names and phrases in the reader's language (mapwords.py; English by default)."""
    board = board or load_map()
    return Sheet(board, owners or {}, colours or {}, words or english(board)).document()


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m engines.ultima_ratio.mapdraw OUT.svg", file=sys.stderr)
        return 2
    with open(argv[0], "w", encoding="utf-8") as handle:
        handle.write(render_map_svg())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
