"""Ultima Ratio Regis' table board in parts (issue 28 › Speed: "a move's update sends only what changed"): the data
each part of templates/games/ultima-ratio-regis/board.html is drawn from (``board_parts``), and the rows of its two
lists in words, "Areas in play" and "At sea and off the map" (``lists``), each row a part of its own, as each
place of the map's overlay is: a move that changes one area sends that area's row, not the whole list.

No rule lives here and nothing of the app is imported.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from engines.core.game import Game

PART_NAME = re.compile(r"[^A-Za-z0-9_-]")  # a part's name is letters, digits, _ and - (app/live_parts.py)
OFF_MAP = ("available", "eliminated")  # a counter's places off the map: its power card, the eliminated box


def part_name(outer: str, key: str) -> str:
    """A part of the board's part ``outer`` named by a board key ("sea:north-sea" -> "<outer>__sea-north-sea")."""
    return f"{outer}__{PART_NAME.sub('-', key)}"


def lists(public: dict[str, Any], seas: Iterable[str], boxes: Iterable[str]) -> dict[str, list[dict[str, Any]]]:
    """The rows of the board's lists, each with its part's name and everything it draws (its units and the
    leaders with them), so its fingerprint and its drawing read the same data:

    - ``areas``: every active area, by its id (rulebook 6: possession, control, marker, fortress, siege, units); a
      row shows only when the area has a possessor, a fortress, a siege or units (the rest are the independent
      areas the list counts below it);
    - ``seas``: every sea and dispersed box of the map, the power cards (``available``) and the eliminated box,
      and any other place a counter is in, in the order of their ids; a row shows only when it holds counters.

    The set of rows stays that of the scenario, so a counter that enters an empty place fills its row."""
    units = public.get("units") or {}
    leaders = public.get("leaders") or {}
    scored = set(public.get("scored_areas") or ())
    by_loc: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for uid, unit in units.items():
        by_loc.setdefault(unit.get("loc") or "", []).append((uid, unit))

    def row(key: str, outer: str = "areas") -> dict[str, Any]:
        here = by_loc.get(key, [])
        ids = {uid for uid, _ in here}
        with_them = {lid: x for lid, x in leaders.items() if x.get("unit") in ids}
        name = part_name(outer, key) if outer != "areas" else part_name(outer, key.removeprefix("area:"))
        return {"part": name, "key": key, "units": here, "leaders": with_them}

    areas = public.get("areas") or {}
    # an area's row is named by its id alone ("areas__oporto"): the list holds areas only
    area_rows = [row(aid) | {"area": areas[aid], "scored": aid in scored} for aid in sorted(areas)]
    off = {*seas, *boxes, *OFF_MAP} | {loc for loc in by_loc if loc and not loc.startswith("area:")}
    return {"areas": area_rows, "seas": [row(loc, "seas") for loc in sorted(off)]}


def board_parts(game: Game, view: dict[str, Any], board: dict[str, Any] | None) -> dict[str, Any]:
    """The parts of the table's board (templates/games/ultima-ratio-regis/board.html) and the data each is drawn
    from, so a move's answer sends the overlay and the panels that changed, not the whole board (issue 28 › Speed):
    the turn's panel, the map (its frame; each place of its overlay, its trade centers and its battle a part of
    its own), the seat's hand, the areas and the seas and boxes (each row a part of its own, and the count of the
    independent areas too), the trade centers; and what the board draws around them. Every piece is of the seat's view or its board (never another seat's)."""
    public, b = view.get("public") or {}, board or {}
    slots = b.get("slots") or []
    rows = b.get("lists") or {}
    areas = public.get("areas") or {}
    return {
        "board": [b.get("verb_keys"), b.get("pick_noun"), public.get("scenario"), public.get("turn")],
        "turn": [public.get(k) for k in ("scenario", "turn", "first_turn", "last_turn")] + [b.get("panel")],
        # the map's frame and tools, its overlay's places each a part of its own (map.html: map__<place>)
        "map": [b.get(k) for k in ("width", "height", "counter", "leader", "coin")]
        + [b.get(k) for k in ("eliminated", "views", "base_url", "label", "alt")]
        + [[slot["part"] for slot in slots]],
        **{slot["part"]: slot["place"] for slot in slots},
        "map__centers": b.get("centers"),
        "map__battle": b.get("battle"),
        "hand": b.get("hand"),
        # the lists: their rows (each a part: areas__<area>, seas__<place>), and the independent areas counted (a
        # part too: an area taken from them changes its row and the count, not the list)
        "areas": [r["part"] for r in rows.get("areas", [])],
        **{r["part"]: r for r in rows.get("areas", [])},
        "areas__independent": sum(1 for a in areas.values() if not a.get("owner") and not a.get("fortress")),
        "seas": [r["part"] for r in rows.get("seas", [])],
        **{r["part"]: r for r in rows.get("seas", [])},
        "trade": [public.get(k) for k in ("capacity", "merchants", "merchants_prepared")],
    }
