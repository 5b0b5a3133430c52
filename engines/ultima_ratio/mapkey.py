"""Ultima Ratio Regis — the map sheet's key (mapdraw.py): the symbols the sheet draws (a label with its halo, a
capital's star, a commercial port's anchor, the ink and sea colours) and the two boxes that explain the sheet, the
World Map of the seas (rulebook "6. The game board") and the legend, their words in the reader's language
(mapwords.py)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape

from engines.ultima_ratio.map import Sea

SEA_COLOUR = "#b8d2df"
INK, BORDER = "#3b2a17", "#5b3b1c"
WORLD_BOX = (710, 2002, 1620, 260)
LEGEND_BOX = (1730, 1100, 600, 302)


def svg_points(poly) -> str:
    """A polygon's points, to a tenth."""
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in poly)


def svg_text(x, y, text, size, *, weight="normal", style="normal", fill=INK, anchor="middle", halo="#fbf6e6", extra=""):
    """A label at (x, y) in the sheet's ink, round which a halo of the ground's colour keeps it readable."""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" font-style="{style}" '
        f'text-anchor="{anchor}" fill="{fill}" stroke="{halo}" stroke-width="{size / 3.5:.1f}" '
        f'paint-order="stroke" stroke-linejoin="round"{extra}>{escape(text)}</text>'
    )


def svg_star(x: float, y: float, r: float, colour: str, title: str) -> str:
    """A capital's star in its power's colour (``title``: its words)."""
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        ang = -math.pi / 2 + k * math.pi / 5
        pts.append((x + rad * math.cos(ang), y + rad * math.sin(ang)))
    return f'<polygon points="{svg_points(pts)}" fill="{colour}" stroke="{INK}" stroke-width="0.9"><title>{escape(title)}</title></polygon>'


def svg_anchor(x: float, y: float, title: str) -> str:
    """A commercial port's anchor (``title``: its words)."""
    return (
        f'<g class="commercial-port"><title>{escape(title)}</title><circle cx="{x:.1f}" cy="{y:.1f}" r="6.5" '
        f'fill="#fbf6e6" stroke="#24506e" stroke-width="1"/><path d="M{x:.1f},{y - 4:.1f}v8M{x - 3:.1f},'
        f'{y - 1.5:.1f}h6M{x - 4:.1f},{y + 1.5:.1f}q4,4 8,0" fill="none" stroke="#24506e" stroke-width="1.5"/></g>'
    )


def world_map(seas: Sequence[Sea], name: Callable[[str], str], say: Callable[..., str]) -> list[str]:
    """The World Map (6.): every sea (``name``: its name in the reader's language), its links on a map (solid) and
    between maps (dashed); ``say``: the sheet's phrases (mapwords.py)."""
    x, y, w, h = WORLD_BOX
    out: list[str] = []
    out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="#dfeaf0" stroke="{INK}" stroke-width="2.5"/>')
    out.append(svg_text(x + 12, y + 22, say("world_map"), 14, weight="bold", anchor="start", halo="#dfeaf0"))
    out.append(
        svg_text(
            x + 12,
            y + 40,
            say("world_links"),
            10.5,
            style="italic",
            anchor="start",
            halo="#dfeaf0",
        )
    )
    out.append(
        svg_text(
            x + 12,
            y + 56,
            say("world_colours"),
            10.5,
            style="italic",
            anchor="start",
            halo="#dfeaf0",
        )
    )
    spots = {
        s.id: [(x + 40 + px / 100 * (w - 80), y + 30 + py / 100 * (h - 60)) for px, py in s.world_pos] for s in seas
    }
    for sea in seas:
        for other, dashed in [(o, False) for o in sea.adjacent] + [(o, True) for o in sea.world_links]:
            if other > sea.id:
                (ax, ay), (bx, by) = min(
                    ((p, q) for p in spots[sea.id] for q in spots[other]), key=lambda pq: math.dist(*pq)
                )
                dash = ' stroke-dasharray="6,4"' if dashed else ""
                out.append(
                    f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="#2c5873" '
                    f'stroke-width="1.8"{dash}/>'
                )
    for sea in seas:
        fill = "#f3d9a4" if sea.mediterranean else "#f6ecd0" if sea.transoceanic_hub else "#ffffff"
        for sx, sy in spots[sea.id]:
            out.append(
                f'<circle class="sea" data-key="{escape(sea.id)}" cx="{sx:.1f}" cy="{sy:.1f}" r="8" '
                f'fill="{fill}" stroke="#2c5873" stroke-width="1.5"><title>{escape(name(sea.id))}</title></circle>'
            )
            out.append(svg_text(sx, sy - 12, name(sea.id), 11, halo="#dfeaf0"))
    return out


def legend(say: Callable[..., str], hatch: Callable[[str, str], str]) -> list[str]:
    """The legend: each symbol of the sheet beside its words (``say``); ``hatch``: the fill of a domain's grated
    colour (the sheet's pattern)."""
    x, y, w, h = LEGEND_BOX
    out: list[str] = []
    out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="#f6ecd0" stroke="{INK}" stroke-width="2.5"/>')
    out.append(
        svg_text(x + 14, y + 24, "ULTIMA RATIO REGIS · 1490–1654", 17, weight="bold", anchor="start", halo="#f6ecd0")
    )
    rows = [
        (lambda cx, cy: svg_star(cx, cy, 6.5, "#b3261e", say("capital")), "legend_capital"),
        (
            lambda cx, cy: (
                f'<rect x="{cx - 5.5}" y="{cy - 5.5}" width="11" height="11" fill="none" '
                f'stroke="#a3221b" stroke-width="1.6"/>'
            ),
            "legend_key_area",
        ),
        (lambda cx, cy: svg_anchor(cx, cy, say("commercial_port")), "commercial_port"),
        (lambda cx, cy: f'<circle cx="{cx}" cy="{cy}" r="2.6" fill="#24506e"/>', "legend_port"),
        (
            lambda cx, cy: f'<circle cx="{cx}" cy="{cy}" r="6.5" fill="#e8c547" stroke="{INK}"/>',
            "legend_strategic_port",
        ),
        (
            lambda cx, cy: (
                f'<line x1="{cx - 9}" y1="{cy}" x2="{cx + 9}" y2="{cy}" stroke="#a3221b" '
                f'stroke-width="3.2" stroke-dasharray="2.4,1.6"/>'
            ),
            "legend_rough_pass",
        ),
        (
            lambda cx, cy: (
                f'<line x1="{cx - 12}" y1="{cy}" x2="{cx + 12}" y2="{cy}" stroke="{INK}" '
                f'stroke-width="1.4" stroke-dasharray="3,3"/>'
            ),
            "legend_strait",
        ),
        (
            lambda cx, cy: (
                f'<line x1="{cx - 12}" y1="{cy}" x2="{cx + 12}" y2="{cy}" stroke="{BORDER}" stroke-width="2.6"/>'
            ),
            "legend_theater_border",
        ),
        (
            lambda cx, cy: (
                f'<line x1="{cx - 12}" y1="{cy}" x2="{cx + 12}" y2="{cy}" stroke="{BORDER}" '
                f'stroke-width="1.2" stroke-dasharray="5,3"/>'
            ),
            "legend_province_border",
        ),
        (
            lambda cx, cy: f'<circle cx="{cx}" cy="{cy}" r="8" fill="#d9a520" stroke="#7a5a08"/>',
            "legend_trade_center",
        ),
        (
            lambda cx, cy: (
                f'<rect x="{cx - 12}" y="{cy - 7}" width="24" height="14" fill="{SEA_COLOUR}" '
                f'stroke="{INK}"/><rect x="{cx - 12}" y="{cy - 7}" width="12" height="14" '
                f'fill="{hatch("#7a6a4a", SEA_COLOUR)}"/>'
            ),
            "legend_home_domain",
        ),
        (
            lambda cx, cy: (
                f'<rect x="{cx - 4.5}" y="{cy - 6}" width="9" height="10" fill="#fbf6e6" '
                f'stroke="{INK}"/>' + svg_text(cx, cy + 2, "2", 8, halo="none")
            ),
            "legend_stacking",
        ),
    ]
    for i, (symbol, text) in enumerate(rows):
        col, row = divmod(i, 6)
        cx, cy = x + 30 + col * 310, y + 60 + row * 40
        out.append(symbol(cx, cy))
        out.append(svg_text(cx + 22, cy + 4, say(text), 12, anchor="start", halo="#f6ecd0"))
    return out
