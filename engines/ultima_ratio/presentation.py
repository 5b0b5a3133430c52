"""Ultima Ratio Regis beyond its rules (engines.core.presentation): the map page, and the map its table is played on
(issue 28, "the table is the map").

``map`` is the page (templates/games/ultima-ratio-regis/map.html: the scenario and turn to show, the legend, the
picture); ``map.svg`` the picture, kept by the browser for an hour and here per (scenario, turn, language: its
names and words in the query's ``lang``, issue 29). Both read the game's board and the packaged world.

The table's map is two layers (DESIGN.md › The board and the legal list, Rally the Troops' pattern):

- ``base.svg``, the **base map**: the game's whole map, its areas in their theater's tint (who holds them is the
  overlay's), every area ``data-key="area:<id>"``
  and every sea ``data-key="sea:<id>"`` with its name, drawn once per process and language (``base_map``: at the first
  request that needs it, under a lock, then kept; ``?lang=`` but for English) and served under ``?v=<hash of its bytes>`` as immutable: a browser
  fetches it once and never again while the map is the same. Asked for without that hash (or with an old one) it
  is served for an hour with an ETag (304 while unchanged).
- the **overlay** (``table_board``, the board template's ``board_of(game, view)``): from the seat's view alone, per
  active area its possessor's colour (a square on the map, and the area itself tinted once the base map is inline)
  or its independent / revolt marker, its fortress, its siege (a ring in the besieger's colour round the
  casualties), and the stacks of units (a counter per power and kind with its count, a small counter per leader
  above it); per sea and dispersed box its stacks; per trade center its capacity this turn and its merchants —
  positions in the base map's coordinates, words from the catalog (``map.*``). The template (``map_table.html``)
  draws it over the base map; a move redraws the overlay, never the base.

No rule lives here and nothing of the app is imported.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engines.core.game import Game
from engines.core.presentation import Body, Page, PageError, Presentation
from engines.core.types import text
from engines.ultima_ratio import combatview, mapdraw, mapview, mapwords, panels
from engines.ultima_ratio.end_of_turn import turn_end
from engines.ultima_ratio.mapdraw import HEIGHT, WIDTH, projection, render_map_svg
from engines.ultima_ratio.parts import PART_NAME, board_parts, lists
from engines.ultima_ratio.sequence import turn as turn_sequence
from engines.ultima_ratio.world import load_world, scenario_owners

LAST_TURN = 11
MAX_SCENARIO = 80  # characters of a scenario id worth looking up


def _colours() -> dict[str, str]:
    world = load_world()
    return {**{m.id: m.colour for m in world.minors}, **{p.id: p.colour for p in world.powers}}


def _turn(raw: str | None) -> int | None:
    """A blank turn (the form's empty field) means the scenario's first."""
    if raw is None or not raw.strip():
        return None
    raw = raw.strip()
    if len(raw) > 2 or not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= LAST_TURN:
        raise PageError(f"A turn is a whole number from 1 to {LAST_TURN}.", text("page.turn_range", last=LAST_TURN))
    return int(raw)


def _chosen(query: Mapping[str, str]):
    """The scenario and turn the query asks for (None, None: the bare map); PageError for what is not one."""
    turn = _turn(query.get("turn"))
    scenario = query.get("scenario") or None
    if scenario is None:
        return None, None
    if len(scenario) > MAX_SCENARIO:
        raise PageError("There is no scenario of so long a name.", text("page.scenario_too_long"))
    try:
        chosen = load_world().scenario(scenario)
    except KeyError:
        raise PageError(f"There is no scenario {scenario!r}.", text("page.no_scenario", asked=scenario)) from None
    turn = chosen.turns.first if turn is None else turn
    if not chosen.turns.covers(turn):
        first, last = chosen.turns.first, chosen.turns.last
        said = text("page.turns_of", scenario=chosen.id, first=first, last=last)
        raise PageError(f"{chosen.name} is played in turns {first} to {last}.", said)
    return chosen, turn


def map_page(game: Game, query: Mapping[str, str]) -> dict[str, Any]:
    """The map page's context: the scenarios to choose from, the one chosen and its turn, the legend of holders (by
    id, each named in the reader's language by the page)."""
    chosen, turn = _chosen(query)
    world = load_world()
    holders = set(scenario_owners(chosen.id, turn).values()) if chosen else set()
    legend = [(p.id, p.colour) for p in world.powers if p.id in holders] + [
        (m.id, m.colour) for m in world.minors if m.id in holders
    ]
    return {"scenarios": world.scenarios, "chosen": chosen, "turn": turn, "legend": legend}


@lru_cache(maxsize=64)
def _svg(game: Game, scenario: str | None, turn: int | None, lang: str) -> str:
    owners = scenario_owners(scenario, turn) if scenario else None
    board = game.board.map  # type: ignore[attr-defined]
    return render_map_svg(owners, _colours(), board, _words(game, lang))


def _lang(game: Game, query: Mapping[str, str]) -> str:
    """The language a map is drawn in: the query's ``lang`` where the game has words in it, else English."""
    lang = query.get("lang") or "en"
    return lang if lang in game.catalogs else "en"


def _words(game: Game, lang: str) -> mapwords.MapWords:
    return mapwords.in_language(game.board.map, lang, game.name_of, game.catalogs)  # type: ignore[attr-defined]


def map_svg(game: Game, query: Mapping[str, str]) -> str:
    """The map as one SVG document, coloured for the chosen scenario and turn (bare without one), its words in the
    query's ``lang``."""
    chosen, turn = _chosen(query)
    return _svg(game, chosen.id if chosen else None, turn, _lang(game, query))


# ----- the table's map: the base, drawn once -----------------------------------------------------------------------
@dataclass(frozen=True)
class BaseMap:
    svg: bytes
    digest: str  # of the bytes: the version in the base map's URL


_BASE: dict[tuple[int, str], tuple[Any, BaseMap]] = {}  # (id(the game's map data), lang) -> (that data, its map)
_BASE_LOCK = threading.Lock()
DRAWN = {"base": 0}  # how many times the base map was drawn (tests count them)


def base_map(game: Game, lang: str = "en") -> BaseMap:
    """The base map of this game's content with its names and words in ``lang`` (issue 29), drawn the first time it
    is asked for and kept (one drawing however many ask at once)."""
    board = game.board.map  # type: ignore[attr-defined]
    kept = _BASE.get((id(board), lang))
    if kept is not None and kept[0] is board:
        return kept[1]
    with _BASE_LOCK:
        kept = _BASE.get((id(board), lang))
        if kept is not None and kept[0] is board:
            return kept[1]
        # no owners and no colours: areas in their theater's tint, so that the overlay's possessions stand out
        svg = mapdraw.render_map_svg(None, None, board, _words(game, lang)).encode()
        DRAWN["base"] += 1
        made = BaseMap(svg, hashlib.sha256(svg).hexdigest()[:20])
        _BASE[(id(board), lang)] = (board, made)
        return made


def base_url(game: Game, lang: str = "en") -> str:
    """The base map's address in ``lang`` (English's names no language: the address it always had)."""
    lang = lang if lang in game.catalogs else "en"
    said = "" if lang == "en" else f"lang={lang}&"
    return f"/games/{game.id}/base.svg?{said}v={base_map(game, lang).digest}"


def base_svg(game: Game, query: Mapping[str, str]) -> Body:
    """The base map in the query's ``lang``: immutable under its own hash; under none or another, an hour and an
    ETag."""
    made = base_map(game, _lang(game, query))
    return Body(made.svg, etag=made.digest, immutable=query.get("v") == made.digest)


# Which board key each position of a verb's argument names (static/js/board.js reads it as the board's
# data-verb-keys): "id" for a content id, its own key (namespaced, ENGINE.md › Content ids: ("area", "area:oporto")
# acts on "area:oporto"), a namespace for a counter (("to_sea", [unit, sea]) on "unit:<unit>" then the sea's id);
# None for a position that names nothing on the board (a power: it has no place on the map). A verb not listed
# names nothing on the map.
VERB_KEYS: dict[str, list[str | None]] = {
    "area": ["id"],
    "revolt": ["id"],
    "subjugate": ["id"],
    "sea": ["id"],
    "unit": ["unit"],
    "absorb": ["unit"],
    "degrade": ["unit"],
    "disperse": ["unit"],
    "eliminate": ["unit"],
    "escort": ["unit"],
    "leave": ["unit"],
    "target": ["unit"],
    "to_sea": ["unit", "id"],
    "join_fleet": ["unit", "unit"],
    "leave_fleet": ["unit"],
    "bring_home": [None, "unit"],
    "attach_leader": [None, "unit"],
    "move_leader": [None, "unit"],
    "support": ["unit", None],
    "center": ["id"],
    "play_card": ["id"],  # the hand beside the map (board.html: data-key "card:<id>")
    "event": ["id"],
    "card": ["id"],  # 8.2.2: a combat card played in a combat's window (combat_cards.py), from the hand too
    "group": ["group"],  # 7.1.1: the groups on offer (panels.py)
    # the units and places of these steps' arguments are on the map too (a player's-eye review: they were listed
    # only as buttons, the map's counters and areas not clickable). Not an event's ``choose`` (of its minors only the
    # allied ones are drawn, in the panel's line) nor a dispersed ``box`` (the base map's boxes carry no key, an
    # empty one is not in the overlay): half their buttons would leave the list for the board
    "place": [None, "id"],  # 20.3.2 minor_reinforcements: the area (the minor's units are off the map, listed
    # below it: the areas, highlighted on the map, are clicked first, then which unit goes there)
    "intercept": ["unit"],  # land_reaction (12.4), sea_interception, naval_move: the intercepting unit
    "retreat": ["unit", "id"],  # land_reaction (12.4): the troop that withdraws, then where to
    "attack": ["unit"],  # naval_move: the enemy squadron attacked
    "fight": ["unit"],  # combat_decision, sea_interception: the unit that fights (naval_response's None: none)
    "oppose": [None, "id"],  # oppose_subjugation: with troops or a fortress, from where
    "expeditionary_corps": [None, "unit", None],  # 21.2.2: the troop ceded, brought or recovered
}
VERB_KEYS_JSON = json.dumps(VERB_KEYS, separators=(",", ":"))


# ----- the table's map: the overlay, from the view ------------------------------------------------------------------
# whole numbers where they are (an overlay writes thousands of them: "16", not "16.0"; ``_num``)
COUNTER_W, COUNTER_H, GAP = 30, 21, 3
MARK = 16  # a possession square, a fortress
BADGE_W = 28  # an A2 / R3 marker
SIEGE = COUNTER_H  # a siege: a ring in the besieger's colour round the casualties
WIDTHS = {"stack": COUNTER_W, "marker": BADGE_W, "siege": SIEGE}
COIN = 20  # a trade center's merchants of a power, below its label
LEADER = 13  # a leader's counter, above its stack (or fortress)
STAR = "0.0,-4.6 1.1,-1.5 4.4,-1.4 1.8,0.6 2.7,3.7 0.0,1.9 -2.7,3.7 -1.8,0.6 -4.4,-1.4 -1.1,-1.5"  # on a leader's counter, centred


@dataclass(frozen=True)
class Places:
    """Where things go on the base map, in its coordinates: an area's site, a sea's label, a box's spot."""

    areas: dict[str, tuple[float, float]]
    seas: dict[str, tuple[float, float]]
    boxes: dict[str, tuple[float, float]]
    centers: dict[str, tuple[float, float, float]]  # a trade center's label: its middle and width
    colours: dict[str, str]


_PLACES: dict[int, tuple[Any, Places]] = {}


def places(game: Game) -> Places:
    board = game.board  # type: ignore[attr-defined]
    kept = _PLACES.get(id(board))
    if kept is not None and kept[0] is board:
        return kept[1]
    bmap = board.map
    projections = {m.id: projection(m.id, bmap) for m in bmap.maps}
    areas = {a.id: projections[a.map](a.pos) for a in bmap.areas}
    seas = {}
    for sea in bmap.seas:
        spots = sorted(sea.labels, key=lambda spot: spot.map != "main") or sea.anchors
        seas[sea.id] = projections[spots[0].map](spots[0].pos)
    boxes = {box.id: projections[box.map](box.pos) for theater in bmap.theaters for box in theater.dispersed_boxes}
    centers = {c.id: (*projections[c.map](c.pos), mapdraw.trade_center_width(c.name)) for c in bmap.trade_centers}
    world = board.world
    colours = {**{m.id: m.colour for m in world.minors}, **{p.id: p.colour for p in world.powers}}
    made = Places(areas, seas, boxes, centers, colours)
    _PLACES[id(board)] = (board, made)
    return made


def _ink(colour: str) -> str:
    """Black or white, whichever reads better on the colour."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def _leaders(ids: list[tuple[str, dict[str, Any]]], colours, say) -> list[dict[str, Any]]:
    """A small counter per leader (``ids``: (id, its info) of the leaders on one stack or fortress), in its power's
    colour, its name and side in its title."""
    out = []
    for lid, leader in ids:
        power = leader.get("power") or ""
        msg = "map.leader_extraordinary" if leader.get("extraordinary") else "map.leader"
        colour = colours.get(power, "#777777")
        out.append(
            {
                "key": lid,
                "colour": colour,
                "ink": _ink(colour),
                "extraordinary": bool(leader.get("extraordinary")),
            }
            | {"label": say(text(msg, leader=lid, power=power))}
        )
    return out


def _stacks(game: Game, units: list[tuple[str, dict[str, Any]]], leaders: dict[str, Any], colours, say) -> list:
    """A counter per power and kind (troops, squadrons) with its count and the units' keys, and its leaders'."""
    groups: dict[tuple[str, str], list[str]] = {}
    by_id = dict(units)
    for uid, unit in units:
        groups.setdefault((unit.get("power") or "", unit.get("kind") or "troop"), []).append(uid)
    out = []
    for (power, kind), ids in sorted(groups.items()):
        ids.sort()
        colour = colours.get(power, "#777777")
        msg = "map.squadrons" if kind == "squadron" else "map.troops"
        label = say(text(msg, power=power, count=len(ids)))
        with_them = sorted((lid, leader) for lid, leader in leaders.items() if leader.get("unit") in ids)
        if with_them:
            label = say(text("map.with_leaders", stack=label, leaders=[lid for lid, _ in with_them]))
        out.append(
            {
                "kind": "stack",
                "squadron": kind == "squadron",
                "keys": " ".join(f"unit:{u}" for u in ids),
                "count": len(ids),
                "colour": colour,
                "ink": _ink(colour),
                "label": label,
                "leaders": _leaders(with_them, colours, say),
                "fan": mapview.fan(ids, by_id, say),
            }
        )
    return out


def _num(value: float) -> float | int:
    """A coordinate of the overlay to a tenth, written without ".0" when it is whole."""
    tenth = float(round(value, 1))
    return int(tenth) if tenth.is_integer() else tenth


def _row(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Items side by side, centred on the place: each gets its x offset."""
    widths = [WIDTHS.get(i["kind"], MARK) for i in items]
    x = -(sum(widths) + GAP * (len(items) - 1)) / 2
    for item, w in zip(items, widths, strict=True):
        item["dx"], item["w"] = _num(x), w
        x += w + GAP
    return items


def _sayer(game: Game, lang: str = "en"):
    """The catalog's sentence of a Text in the reader's language, each different one rendered once a board (most
    repeat: "independent (A2)")."""
    render = game.renderer(lang).text
    said: dict[str, str] = {}

    def say(t) -> str:
        key = repr(t)
        if key not in said:
            said[key] = render(t)
        return said[key]

    return say


def _centers(game: Game, public: dict[str, Any], where: Places, say) -> list[dict[str, Any]]:
    """Every trade center of the turn at its label on the map: its capacity this turn over the printed one, and its
    merchants, a coin per power with their count, in a row below the label."""
    merchants = public.get("merchants") or {}
    capacity = public.get("capacity") or {}
    out = []
    for cid in sorted(set(capacity) | set(merchants)):
        at = where.centers.get(cid)
        if at is None:
            continue
        center = game.board.map.trade_center(cid)  # type: ignore[attr-defined]
        present = sorted((p, n) for p, n in (merchants.get(cid) or {}).items() if n)
        coins = [
            {
                "colour": where.colours.get(p, "#777777"),
                "count": n,
                "label": say(text("map.merchants", power=p, count=n)),
            }
            | {"ink": _ink(where.colours.get(p, "#777777"))}
            for p, n in present
        ]
        x = -(COIN * len(coins) + GAP * (len(coins) - 1)) / 2
        for coin in coins:
            coin["dx"], x = _num(x), x + COIN + GAP
        words = say(text("map.capacity", count=capacity.get(cid, 0), printed=center.printed_capacity))
        name = say(text("map.center", center=cid))
        out.append(
            {"key": cid, "x": _num(at[0]), "y": _num(at[1]), "w": _num(at[2])}
            | {"left": _num(-at[2] / 2), "disc": _num(-at[2] / 2 + 12)}
            | {"name": name, "capacity": capacity.get(cid, 0), "capacity_label": words, "merchants": coins}
            | {"label": " · ".join([name, words] + [c["label"] for c in coins])}
        )
    return out


def turn_phase(step: str | None) -> str | None:
    """Where the turn stands when no impulse is under way: "end" while a step of the end of the turn (23) is asked,
    "start" while one of the next turn's start (8.1); None otherwise (the impulse's heading stands)."""
    if step in turn_end.STEPS:
        return "end"
    if step in turn_sequence.STEPS:
        return "start"
    return None


def table_board(game: Game, view: dict[str, Any], lang: str = "en") -> dict[str, Any] | None:
    """The overlay of a table's view: every active area with its possession, marker, fortress and stacks, every sea
    and dispersed box with its stacks, in the base map's coordinates (the places with nothing to show left out),
    and the base map's address."""
    public = view.get("public") if view else None
    if not public or "areas" not in public:
        return None
    where = places(game)
    say = _sayer(game, lang)
    colours = where.colours
    step = (view.get("prompt") or {}).get("step")
    leaders = public.get("leaders") or {}
    by_loc: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for uid, unit in (public.get("units") or {}).items():
        by_loc.setdefault(unit.get("loc") or "", []).append((uid, unit))
    out = []
    for area_id, area in sorted(public["areas"].items()):
        at = where.areas.get(area_id)
        if at is None:
            continue
        items: list[dict[str, Any]] = []
        owner, control, marker = area.get("owner"), area.get("control"), area.get("marker")
        if owner:
            colour = colours.get(owner, "#777777")
            if control and control != owner:
                words = say(text("map.possession_control", area=area_id, owner=owner, control=control))
            else:
                words = say(text("map.possession", area=area_id, owner=owner))
            items.append({"kind": "possession", "colour": colour, "label": words})
        if marker:
            revolt = marker.startswith("R")
            msg = "map.revolt" if revolt else "map.independent"
            items.append({"kind": "marker", "text": marker, "revolt": revolt, "label": say(text(msg, marker=marker))})
        fort = area.get("fortress")
        if fort:
            msg = "map.fortress" if fort.get("built") else "map.fortress_building"
            colour = colours.get(fort.get("power"), "#777777")
            in_fort = sorted((lid, x) for lid, x in leaders.items() if x.get("unit") == f"fortress:{area_id}")
            words = say(text(msg, power=fort.get("power")))
            if in_fort:
                words = say(text("map.with_leaders", stack=words, leaders=[lid for lid, _ in in_fort]))
            items.append(
                {
                    "kind": "fortress",
                    "built": bool(fort.get("built")),
                    "colour": colour,
                    "label": words,
                    "leaders": _leaders(in_fort, colours, say),
                }
            )
        siege = area.get("siege")
        if siege:
            colour = colours.get(siege.get("besieger"), "#777777")
            casualties = siege.get("casualties") or 0
            words = say(text("map.besieged", power=siege.get("besieger"), casualties=casualties))
            items.append({"kind": "siege", "colour": colour, "casualties": casualties, "label": words})
        items += _stacks(game, by_loc.get(area_id, []), leaders, colours, say)
        label = [say(text("map.area", area=area_id))] + [i["label"] for i in items]
        out.append(
            {"key": area_id, "x": _num(at[0]), "y": _num(at[1]), "label": " · ".join(label)}
            | {"name": label[0], "items": _row(items)}
        )
    eliminated = mapview.eliminated_box(say)
    for loc, units in sorted(by_loc.items()):
        kind = loc.partition(":")[0]
        at = where.seas.get(loc) if kind == "sea" else where.boxes.get(loc) if kind == "box" else None
        if loc == "eliminated":  # the eliminated box: its counters below its name
            at = (eliminated["x"] + eliminated["w"] / 2, eliminated["y"] + eliminated["h"] - 4 - 26)
        if at is None:
            continue
        items = _stacks(game, units, leaders, colours, say)
        name = eliminated["name"] if loc == "eliminated" else game.name_of(loc, lang) or loc
        stack_label = " · ".join([name] + [i["label"] for i in items])
        y = at[1] - 20 if kind == "sea" else at[1] + 26  # above a sea's name; below a box
        key = eliminated["key"] if loc == "eliminated" else loc
        out.append(
            {"key": key, "x": _num(at[0]), "y": _num(y), "label": stack_label, "name": name} | {"items": _row(items)}
        )
    return {
        "base_url": base_url(game, lang),
        "slots": _slots(out, where, eliminated["key"]),
        "centers": _centers(game, public, where, say),
        "width": WIDTH,
        "height": HEIGHT,
        "places": out,
        "label": say(text("map.label")),
        "alt": say(text("map.alt")),
        "counter": (COUNTER_W, COUNTER_H, MARK),
        "leader": (LEADER, STAR),
        "coin": COIN,
        "verb_keys": VERB_KEYS_JSON,
        "pick_noun": say(text(mapview.pick_noun(view))),
        "views": mapview.map_views(game, say, lang),
        "eliminated": eliminated,
        "panel": panels.table_panel(game, public, say, colours, lang, turn_phase(step)),
        "hand": panels.hand(game, view.get("private") or {}, say, lang),
        "battle": combatview.display(game, public.get("battle"), say, colours),
        "lists": lists(public, where.seas, where.boxes),
    }


def _slots(out: list[dict[str, Any]], where: Places, eliminated: str) -> list[dict[str, Any]]:
    """The overlay's places, each a part of the board (``map__<key>``: a move's answer sends the places it changed,
    issue 28 › Speed): every active area, and every sea and box whether it holds counters or not (a fleet that
    sails into an empty sea fills its place; the set of places stays that of the scenario). ``place``: what it
    draws (None: nothing now)."""
    drawn = {pl["key"]: pl for pl in out}
    keys = [pl["key"] for pl in out if pl["key"].startswith("area:")]
    keys += [*where.seas, *where.boxes, eliminated]  # a sea's and a box's id is its key (sea:..., box:...)
    return [{"part": "map__" + PART_NAME.sub("-", key), "place": drawn.get(key)} for key in keys]


def entry_view(game: Game, entry: dict[str, Any], lang: str = "en") -> dict[str, Any] | None:
    """A log entry's drawing beside its sentence: a battle's public record (``combat.record``) die by die, as the
    board draws the last one (issue 28 › a past battle replays from the log); None for any other entry."""
    if entry.get("msg") != "combat.record":
        return None
    record = (entry.get("args") or {}).get("record")
    return combatview.display(game, record, _sayer(game, lang), places(game).colours)


PRESENTATION = Presentation(
    pages=(
        Page("map", map_page, template="map.html", link="the map"),
        Page("map.svg", map_svg, media_type="image/svg+xml", max_age=3600),
        Page("base.svg", base_svg, media_type="image/svg+xml", max_age=3600),
    ),
    board=table_board,
    entry_keys=mapview.entry_keys,
    confirm=mapview.confirm,
    action_group=mapview.action_group,
    entry_view=entry_view,
    board_parts=board_parts,
)
