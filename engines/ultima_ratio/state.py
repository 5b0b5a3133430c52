"""Ultima Ratio Regis — the state model and the questions every chapter asks of it (ENGINE.md › State model).

The state is plain JSON. Counters are ids; where a counter is, is a location string:
``area:<area>``, ``sea:<sea>``, ``box:<dispersed box>`` (18.1), ``available`` (on the power card, 9.1) or
``eliminated`` (the box of units eliminated during the turn, 23.1.2). Areas that the scenario leaves inactive are
not in ``s["areas"]`` at all (7.2, 18.2.1: "as if they were not even printed on the map").
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, NamedTuple

import orjson

from engines.ultima_ratio.board import Board

AREA, SEA, BOX = "area:", "sea:", "box:"


# ----- reading a state ---------------------------------------------------------------------------------------------
class Reading:
    """What is worked out once while a state is only read (a prompt, a view, a check of a move; ``reading``): its
    counters by location and by power, in the order of ``s["units"]`` (the order a scan gives), and the answers of
    questions asked many times (``remembered``). Made from the state when first asked, dropped when the reading
    ends — or kept for the next reading of the same, unchanged state (``reading(s, keep=True)``, ``seen``: the
    state's bytes when it was made): it cannot disagree with a state that changes (every rule that changes it runs
    outside a reading)."""

    __slots__ = ("by_loc", "by_power", "memo", "s", "seen")

    def __init__(self, s: dict, seen: bytes = b"") -> None:
        self.s = s
        self.seen = seen
        self.by_loc: dict[str, list[str]] | None = None
        self.by_power: dict[str, list[str]] | None = None
        self.memo: dict[tuple, Any] = {}

    def at(self) -> dict[str, list[str]]:
        if self.by_loc is None:
            self._index()
        assert self.by_loc is not None
        return self.by_loc

    def of(self) -> dict[str, list[str]]:
        if self.by_power is None:
            self._index()
        assert self.by_power is not None
        return self.by_power

    def _index(self) -> None:
        """The counters by location and by power, in one pass (whoever reads one reads the other)."""
        by_loc: dict[str, list[str]] = defaultdict(list)
        by_power: dict[str, list[str]] = defaultdict(list)
        for u, info in self.s["units"].items():
            by_loc[info["loc"]].append(u)
            by_power[info["power"]].append(u)
        self.by_loc, self.by_power = by_loc, by_power


_READING: ContextVar[Reading | None] = ContextVar("ultima_ratio_reading", default=None)
_KEPT = threading.local()  # the last kept reading of this thread (``reading(s, keep=True)``)


@contextmanager
def reading(s: dict, keep: bool = False) -> Iterator[None]:
    """Within it, ``s`` is read and not changed (``Reading``); a reading of the same state inside is the same one.
    ``keep``: the reading outlives the block, and the next kept reading of the same state object takes it up again
    if the state is byte for byte as it was (the view, the legal list, the bot and the move's check of one
    position: the action menu worked out once); a state changed in place in between is read anew."""
    now = _READING.get()
    if now is not None and now.s is s:
        yield
        return
    token = _READING.set(_kept(s) if keep else Reading(s))
    try:
        yield
    finally:
        _READING.reset(token)


def _kept(s: dict) -> Reading:
    seen = orjson.dumps(s)
    last: Reading | None = getattr(_KEPT, "last", None)
    if last is not None and last.s is s and last.seen == seen:
        return last
    _KEPT.last = Reading(s, seen)
    return _KEPT.last


def read(s: dict) -> Reading | None:
    """The reading of ``s`` under way, if any."""
    now = _READING.get()
    return now if now is not None and now.s is s else None


def remembered(s: dict, key: tuple, question: Callable[[], Any]) -> Any:
    """``question()``, asked once per reading of ``s`` for ``key`` (every time outside a reading)."""
    now = _READING.get()
    if now is None or now.s is not s:
        return question()
    memo = now.memo
    if key in memo:
        return memo[key]
    found = memo[key] = question()
    return found


def known(s: dict, key: tuple) -> Any:
    """The answer ``remembered`` for ``key`` in the reading of ``s`` under way, if it was asked (else None)."""
    now = read(s)
    return None if now is None else now.memo.get(key)


def _unchanged(s: dict) -> None:
    if read(s) is not None:
        raise RuntimeError("a counter changes while its state is being read")


def loc_area(loc: str) -> str | None:
    return loc if loc.startswith(AREA) else None


def loc_sea(loc: str) -> str | None:
    return loc if loc.startswith(SEA) else None


# ----- parties ---------------------------------------------------------------------------------------------------
def sitting(s: dict) -> list[str]:
    """The players in the order they sit around the board (7.1.1, kept the whole game): ``player1``, ``player2``..."""
    return sorted(s["seats"], key=lambda role: int(role.removeprefix("player")))


def game_order(s: dict) -> list[str]:
    """The players by their place in the game order ("player 1" first, 7.1.1), which breaks many ties."""
    return sorted(s["seats"], key=lambda role: s["seats"][role]["order"])


def seat_of(s: dict, power: str) -> str | None:
    """The player of a major power in play, or of the major power a minor is allied with (20.2)."""
    info = s["powers"].get(power)
    if info is None and power in s["minors"]:
        info = s["powers"].get(s["minors"][power]["ally"])
    return info["seat"] if info else None


def player_of(s: dict, power: str) -> str:
    """The player who leads a major power in play, or its allied minors (a decision's active seat)."""
    seat = seat_of(s, power)
    assert seat is not None, power
    return seat


def powers_of(s: dict, seat: str) -> list[str]:
    return list(s["seats"][seat]["powers"])


def minor_ally(s: dict, minor: str) -> str | None:
    info = s["minors"].get(minor)
    return info["ally"] if info else None


def side_of(s: dict, party: str | None) -> str | None:
    """The major power a party fights for: a power itself, or the major power a minor is allied with (20.2)."""
    if party is None or party in s["powers"]:
        return party
    return minor_ally(s, party)


def war_key(pair: list[str]) -> str:
    return "|".join(sorted(pair))


def out_of_war(s: dict, party: str, pair: list[str]) -> bool:
    """20.5: an allied independent minor that stays out of its ally's war is neutral in it."""
    info = s["minors"].get(party)
    return bool(info and info.get("wars", {}).get(war_key(pair)) is False)


def hostile(s: dict, a: str | None, b: str | None) -> bool:
    """Whether ``a`` may attack ``b`` (at war, 21.3; or a scenario rule lets it attack without a CB, e.g. 9.1
    "Portugal does not need CB to attack the minor power"). Independent and rebel areas have no party."""
    if a is None or b is None or a == b:
        return False
    sa, sb = side_of(s, a) or a, side_of(s, b) or b
    if sa == sb:
        return False
    pair = sorted((sa, sb))
    if pair in s["wars"] and not out_of_war(s, a, pair) and not out_of_war(s, b, pair):
        return True
    return (
        [a, b] in s["free_attacks"]
        or [b, a] in s["free_attacks"]
        or [sa, b] in s["free_attacks"]
        or [b, sa] in s["free_attacks"]
    )


# ----- areas ----------------------------------------------------------------------------------------------------
def active(s: dict, area: str) -> bool:
    return area in s["areas"]


def in_order(s: dict, areas: Iterable[str]) -> list[str]:
    """The active ones of ``areas`` in the order of ``s["areas"]`` (the order a scan of the areas gives), without
    scanning them all (their places once per reading)."""
    place: dict[str, int] = remembered(s, ("area_order",), lambda: {a: i for i, a in enumerate(s["areas"])})
    return sorted((a for a in areas if a in place), key=place.__getitem__)


def controls(s: dict, power: str, area: str) -> bool:
    """Controlled by the power, or by a minor allied to it ("which for practical purposes count as being
    controlled by the major power", 12.1)."""
    info = s["areas"].get(area)
    if info is None:
        return False
    who = info["control"]
    if who == power or who is None:
        return who == power
    minors = s["minors"]
    side = minors[power]["ally"] if power in minors else power  # 20.2: an allied minor counts as its ally
    if side is None:
        return False
    return (who if who in s["powers"] else minors[who]["ally"] if who in minors else None) == side  # ``side_of``


def controlled(s: dict, power: str) -> list[str]:
    """The areas ``power`` controls (``controls``), in the order of ``s["areas"]``. Within a reading, every
    power's are found in one pass over the areas (``_area_index``)."""
    side = minor_ally(s, power) if power in s["minors"] else power  # 20.2: an allied minor counts as its ally
    if read(s) is not None:
        by_control, by_side, _ = _area_index(s)
        if side is None:
            return list(by_control.get(power, ()))
        if side_of(s, power) == side:  # then who == power is a case of side_of(who) == side
            return list(by_side.get(side, ()))
    return [
        a
        for a, i in s["areas"].items()
        if i["control"] == power or (i["control"] is not None and side is not None and side_of(s, i["control"]) == side)
    ]


class AreaIndex(NamedTuple):
    """The areas by who controls them and by the major power that party fights for (``side_of``), each in the
    order of ``s["areas"]``; and the sieges (area, besieger): one pass over the areas per reading."""

    by_control: dict[str, list[str]]
    by_side: dict[str, list[str]]
    sieges: list[tuple[str, str]]


def _area_index(s: dict) -> AreaIndex:
    """The ``AreaIndex`` of ``s``, once per reading."""

    def scan() -> AreaIndex:
        found = AreaIndex(defaultdict(list), defaultdict(list), [])
        by_control, by_side, sieges = found
        sides: dict[str, str | None] = {}
        for a, info in s["areas"].items():
            who = info["control"]
            if who is not None:
                by_control[who].append(a)
                if who not in sides:
                    sides[who] = side_of(s, who)
                whose = sides[who]
                if whose is not None:
                    by_side[whose].append(a)
            if info["siege"]:
                sieges.append((a, info["siege"]["besieger"]))
        return found

    found: AreaIndex = remembered(s, ("control",), scan)
    return found


def under_siege(s: dict) -> list[str]:
    """The areas under siege (13.4), in the order of ``s["areas"]``; every siege found once per reading."""
    if read(s) is None:
        return [a for a, info in s["areas"].items() if info["siege"]]
    return [a for a, _ in _area_index(s).sieges]


def besieged_by(s: dict, power: str) -> list[str]:
    """The areas the power besieges (13.4), in the order of ``s["areas"]``; every siege found once per reading."""
    if read(s) is None:
        return [a for a, info in s["areas"].items() if info["siege"] and info["siege"]["besieger"] == power]
    return [a for a, besieger in _area_index(s).sieges if besieger == power]


def allies_of(s: dict, power: str) -> list[str]:
    """21.1: the major powers allied with ``power`` (``alliances``, sorted pairs)."""
    if not s["alliances"]:
        return []
    return sorted(p for pair in s["alliances"] if power in pair for p in pair if p != power)


def allied(s: dict, a: str, b: str) -> bool:
    """21.1: the two major powers are allies."""
    return sorted((a, b)) in s["alliances"]


def in_forced_peace(s: dict, a: str, b: str) -> bool:
    """21.5.4: "allies, or major powers that have just ended a war, are in forced peace" until the end of the turn;
    they "cannot declare war, or perpetrate piracy one against the other" (21.1 ¶3: nor "perform actions resulting
    in a CB", RULINGS A2-4)."""
    return allied(s, a, b) or sorted((a, b)) in s["forced_peace"]


def ally_controls(s: dict, power: str, area: str) -> bool:
    """21.2.1: the area is controlled by a major power allied with ``power`` (or a minor allied to that ally)."""
    return any(controls(s, ally, area) for ally in allies_of(s, power))


def possessions(s: dict, power: str) -> list[str]:
    """The areas the power owns, in the order of ``s["areas"]`` (every owner's found in one pass per reading)."""

    def owners() -> dict[str | None, list[str]]:
        out: dict[str | None, list[str]] = defaultdict(list)
        for a, info in s["areas"].items():
            out[info["owner"]].append(a)
        return out

    if read(s) is None:
        return [a for a, info in s["areas"].items() if info["owner"] == power]
    return list(remembered(s, ("owners",), owners).get(power, ()))


def interest_ok(s: dict, board: Board, power: str, area: str) -> bool:
    """18.4.1: a power may only use the areas of theaters it has interest in, and areas bordering them (18.5);
    its own possessions stay usable, and the areas a scenario opens to it (``interest_areas``; RULINGS.md ›
    18.4.1). Minor powers operate in their theater and the areas bordering it (18.5); a mercenary minor, without
    home territory (20.6), where its ally may (RULINGS PA-4)."""
    area_info = board.areas[area]
    if power not in s["powers"]:
        theater = board.minor(power).theater
        if theater is None:
            ally = s["minors"].get(power, {}).get("ally")
            return ally is not None and ally in s["powers"] and interest_ok(s, board, ally, area)
        return area_info.theater == theater or theater in area_info.border_of
    info = s["powers"][power]
    if area_info.theater in info["interest"] or s["areas"][area]["owner"] == power or area in info["interest_areas"]:
        return True
    return any(t in info["interest"] for t in area_info.border_of)


def on_main_map(board: Board, area: str) -> bool:
    """Drawn on the main map, or in The East, whose India mini-map areas "are considered to be part of the main
    map" (13.5.7; 15.1; RULINGS A-3, AV-9): for conscripts (13.1.9), subjugation (13.5.7, 18.7), interceptions
    (12.4.1, 18.7) and commercial ports (19.2.4)."""
    info = board.areas[area]
    return info.map == "main" or info.theater == "TE"


def coastal(board: Board, area: str) -> bool:
    return bool(board.areas[area].seas)


def neighbours(s: dict, board: Board, area: str) -> list[str]:
    """The active areas joined to ``area`` by a connection (inactive ones do not exist, 18.2.1)."""
    return [a for a in board.neighbours[area] if a in s["areas"]]


# ----- units ----------------------------------------------------------------------------------------------------


def units_at(s: dict, loc: str, power: str | None = None, kind: str | None = None) -> list[str]:
    units, now = s["units"], read(s)
    if now is not None:
        here = now.at().get(loc, ())
        if power is None and kind is None:
            return list(here)
        return [
            u
            for u in here
            if (power is None or units[u]["power"] == power) and (kind is None or units[u]["kind"] == kind)
        ]
    return [
        u
        for u, info in units.items()
        if info["loc"] == loc and (power is None or info["power"] == power) and (kind is None or info["kind"] == kind)
    ]


def units_of(s: dict, power: str, kind: str | None = None, where: str | None = None) -> list[str]:
    """The power's counters of ``kind``; ``where``: "map" (areas and seas), "box", "available", "eliminated"
    (within a reading, every list of the power made in one pass over its counters, ``_by_kind_and_place``)."""
    now = read(s)
    if now is None:
        return _units_of(s, s["units"], power, kind, where)
    key = ("units_of", power)
    if key not in now.memo:
        now.memo[key] = _by_kind_and_place(s, now.of().get(power, ()))
    return list(now.memo[key].get((kind, where), ()))


def _by_kind_and_place(s: dict, among: Iterable[str]) -> dict[tuple[str | None, str | None], list[str]]:
    """The counters ``among`` (one power's) as ``units_of`` asks for them, by (kind, where), None for any kind or
    anywhere, in their order."""
    out: dict[tuple[str | None, str | None], list[str]] = defaultdict(list)
    units = s["units"]
    for u in among:
        info = units[u]
        kind, loc = info["kind"], info["loc"]
        out[None, None].append(u)
        out[kind, None].append(u)
        if loc.startswith(AREA) or loc.startswith(SEA):
            where: str | None = "map"
        elif loc.startswith(BOX):
            where = "box"
        else:
            where = loc if loc in ("available", "eliminated") else None
        if where is not None:
            out[None, where].append(u)
            out[kind, where].append(u)
    return out


def _units_of(s: dict, among: Iterable[str], power: str, kind: str | None, where: str | None) -> list[str]:
    out = []
    units = s["units"]
    for u in among:
        info = units[u]
        if info["power"] != power or (kind is not None and info["kind"] != kind):
            continue
        loc = info["loc"]
        if where == "map" and not (loc.startswith(AREA) or loc.startswith(SEA)):
            continue
        if where == "box" and not loc.startswith(BOX):
            continue
        if where in ("available", "eliminated") and loc != where:
            continue
        out.append(u)
    return out


def new_unit(s: dict, uid: str, power: str, kind: str, grade: str, loc: str = "available") -> None:
    _unchanged(s)
    s["units"][uid] = {
        "power": power,
        "kind": kind,
        "grade": grade,
        "veteran": False,
        "loc": loc,
        "repair": False,
        "galley": False,
        "since": 0,
        "acted": -1,
    }


def quality(s: dict, uid: str) -> int:
    """The printed number on the side showing (4.1): troops 2-3 / 3-4 (regular / veteran), squadrons E2 / E3."""
    info = s["units"][uid]
    grade = info["grade"]
    if info["kind"] == "squadron":
        return int(grade[1])
    low = int(grade[0])
    return low + 1 if info["veteran"] else low


def troops_in(s: dict, area: str, power: str | None = None) -> list[str]:
    return units_at(s, area, power, "troop")


def enemy_troops_in(s: dict, area: str, power: str) -> list[str]:
    return [u for u in units_at(s, area, kind="troop") if hostile(s, power, s["units"][u]["power"])]


def enemy_troop_areas(s: dict, power: str) -> list[str]:
    """The active areas with troops hostile to ``power`` (``enemy_troops_in``), in the order of ``s["areas"]``
    outside a reading; within one, only the places with counters are looked at (``Reading.at``)."""
    now = read(s)
    places = s["areas"] if now is None else [loc for loc in now.at() if loc in s["areas"]]
    return [a for a in places if enemy_troops_in(s, a, power)]


def fortress(s: dict, area: str) -> dict | None:
    return s["areas"][area]["fortress"]


def started_impulse_as(s: dict, uid: str) -> bool:
    """The unit was in its present status when the impulse began (9.3, 9.5: "that started the impulse")."""
    return s["units"][uid]["since"] < s["impulse"]["n"]


def acted_this_impulse(s: dict, uid: str) -> bool:
    return s["units"][uid]["acted"] == s["impulse"]["n"]


def move_unit(s: dict, uid: str, loc: str) -> None:
    """A counter changes place (and its status clock restarts: "started the impulse in this status"); a siege
    whose last besieging troop leaves is over."""
    _unchanged(s)
    info = s["units"][uid]
    left = loc_area(info["loc"])
    info["loc"] = loc
    info["since"] = s["impulse"]["n"]
    siege = s["areas"][left]["siege"] if left is not None and left in s["areas"] else None
    if left is not None and siege and not troops_in(s, left, siege["besieger"]):
        s["areas"][left]["siege"] = None  # 13.4.5: the siege ends when the besieging force is removed


def home_theater(s: dict, board: Board, power: str) -> str:
    """The theater where the power has more home areas (8.2.2, 9.1, 18.1); ties: the first in the power card's
    list (RULINGS.md › 9.1)."""
    counts: dict[str, int] = {}
    for area in board.power(power).home_areas:
        t = board.areas[area].theater
        counts[t] = counts.get(t, 0) + 1
    return max(counts, key=lambda t: counts[t])


def box_for(board: Board, area: str) -> str:
    """The dispersed box of an area's theater; Western Europe has one for the British Isles (18.1)."""
    theater = board.areas[area].theater
    boxes = board.boxes[theater]
    if len(boxes) > 1 and board.areas[area].province in BRITISH_ISLES:
        return boxes[1]
    return boxes[0]


BRITISH_ISLES = frozenset({"province:england", "province:scotland", "province:ireland"})


def vitality_tie_break(s: dict, board: Board, powers: list[str]) -> str:
    """Glossary "Vitality tie-breaking": "This tie is won by the power with the most vitality, and in case of a
    tie, by the player with the lowest position (in the game order)" (the major powers of ``powers``)."""
    return min(powers, key=lambda p: (-board.power(p).vitality, s["seats"][s["powers"][p]["seat"]]["order"]))
