"""Ultima Ratio Regis — the victory points counted at the end of the turn (23.1.3, "22. Victory Points"): the
objectives of the power cards and of the allied minor powers' cards, and commercial monopolies, as pure
functions over explicit inputs (``Holdings``, read from the state by ``holdings``; the map), scored by
``turn_end.card_objectives_vp`` in the scenarios that count them. VP scored during impulses (wars, peace conditions,
"military victory") and most event-card objectives are not here (LEADERS.md § Not done); ``most_possessions``
serves the Turn 9 end-of-turn VP.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engines.ultima_ratio.world_items import Objective

MONOPOLY_MERCHANTS = 2  # 19.2.5 / 22.: "for having 2 merchants in a trading center" -> 1 VP


@dataclass(frozen=True)
class Holdings:
    """What a major power holds at the end of the turn (after wars have ended, 23.).

    ``possessed``: areas it possesses; ``controlled``: those it also controls (no revolt; 18.3: "the major power
    remains the nominal holder, although it stops controlling the area"); ``allied``: areas its allies possess
    (minor and major, for provinces: "possess (including allies)"); ``possessed_at_start``: what it possessed at
    the start of the turn ("Pass to posses"); ``merchants``: trade center -> its merchants there (1 or 2);
    ``imperial_voters``: how many imperial voters it has (the card's "Others")."""

    possessed: frozenset[str]
    controlled: frozenset[str]
    allied: frozenset[str] = frozenset()
    possessed_at_start: frozenset[str] = frozenset()
    merchants: Mapping[str, int] = field(default_factory=dict)
    imperial_voters: int = 0


@dataclass(frozen=True)
class BoardIndex:
    """The map facts objectives need: each province's active areas and each area's theater."""

    province_areas: Mapping[str, tuple[str, ...]]
    theater_of: Mapping[str, str]


def board_index(board, inactive: Iterable[str] = ()) -> BoardIndex:
    """From ``map.load_map()``, leaving out inactive areas (18.2.1: "treated as if they did not exist")."""
    off = set(inactive)
    provinces: dict[str, list[str]] = {}
    for area in board.areas:
        if area.id not in off:
            provinces.setdefault(area.province, []).append(area.id)
    return BoardIndex(
        {k: tuple(v) for k, v in provinces.items()}, {a.id: a.theater for a in board.areas if a.id not in off}
    )


def objective_met(objective: Objective, held: Holdings, index: BoardIndex) -> bool:
    """22. Major power card objectives (end of turn):
    - ``areas``: "For controlling specific areas"; all of them when summed "+" (RULINGS VP-1);
    - ``province``: "possess (including allies) more than half of the areas";
    - ``areas_in_theater``: "possessing a specific number of areas in a territory";
    - ``pass_to_possess``: the area "started not being owned by the major power, and ended up being possessed";
    - ``trade_centers``: "ending the turn with merchants in the requested trading centers";
    - ``merchants``: "a total number of merchants on the map";
    - ``imperial_voters``: "having a certain number of imperial voters";
    - ``military_victory`` is scored at peace (1 VP per peace condition, 21.5.3), never here."""
    kind = objective.kind
    if kind == "areas":
        return set(objective.areas) <= held.controlled
    if kind == "province":
        assert objective.province is not None  # the kind's target, required by Objective's validator
        areas = index.province_areas.get(objective.province, ())
        mine = sum(1 for a in areas if a in held.possessed or a in held.allied)
        return bool(areas) and 2 * mine > len(areas)
    if kind == "areas_in_theater":
        assert objective.count is not None  # the kind's target, required by Objective's validator
        return sum(1 for a in held.possessed if index.theater_of.get(a) == objective.theater) >= objective.count
    if kind == "pass_to_possess":
        return all(a in held.possessed and a not in held.possessed_at_start for a in objective.areas)
    if kind == "trade_centers":
        return all(held.merchants.get(c, 0) > 0 for c in objective.trade_centers)
    if kind == "merchants":
        assert objective.count is not None  # the kind's target, required by Objective's validator
        return sum(held.merchants.values()) >= objective.count
    if kind == "imperial_voters":
        assert objective.count is not None  # the kind's target, required by Objective's validator
        return held.imperial_voters >= objective.count
    return False


@dataclass(frozen=True)
class Award:
    """VP for one power, with what scored it: ``card`` is the power or minor whose card holds the objective,
    ``index`` its place on the card; monopolies name the trade center."""

    power: str
    vp: int
    reason: str
    card: str | None = None
    index: int | None = None
    trade_center: str | None = None


def monopolies(power: str, held: Holdings) -> list[Award]:
    """22. / 19.2.5: "Two merchants of the major power in the trading center provide it with ... 1 VP"."""
    return [
        Award(power, 1, "monopoly", trade_center=c)
        for c, n in sorted(held.merchants.items())
        if n >= MONOPOLY_MERCHANTS
    ]


def objective_awards(power, held: Holdings, index: BoardIndex, allied_minors: Iterable = ()) -> list[Award]:
    """22. "Major power card objectives (end of turn)" of one major power (``world_items.Power``) and the
    objectives of the minor powers allied with it (``world_items.Minor``: "achieved by the allied major powers
    that fulfill them")."""
    awards = [
        Award(power.id, o.vp, "objective", card=power.id, index=i)
        for i, o in enumerate(power.objectives)
        if objective_met(o, held, index)
    ]
    for minor in allied_minors:
        awards += [
            Award(power.id, o.vp, "minor_objective", card=minor.id, index=i)
            for i, o in enumerate(minor.objectives)
            if objective_met(o, held, index)
        ]
    return awards


def turn_end_awards(power, held: Holdings, index: BoardIndex, allied_minors: Iterable = ()) -> list[Award]:
    """23.1.3: the end-of-turn VP of one major power: its card's objectives, its allied minors' and its
    monopolies."""
    return objective_awards(power, held, index, allied_minors) + monopolies(power.id, held)


def imperial_voters(s: dict, power: str, votes: Mapping[str, int]) -> int:
    """22 (l. 1799, "by having a certain number of imperial voters"): the votes (``votes``: area -> the electors it
    carries, ``map.Area.imperial_votes``) of the active areas that ``power`` possesses or that a minor power allied
    with it possesses (an allied minor counts "as an extension" of its ally, Glossary "Minor"; RULINGS IV-1)."""
    holders = {power} | {m for m, info in s["minors"].items() if info.get("ally") == power}
    return sum(n for area, n in votes.items() if area in s["areas"] and s["areas"][area]["owner"] in holders)


def holdings(s: dict, power: str, votes: Mapping[str, int] | None = None) -> Holdings:
    """What ``power`` holds now, read from the state: its possessions and, of them, those it controls (no revolt
    marker); its allies' possessions (the minors allied with it and the major powers in alliance with it, 21.1);
    what it possessed when the turn started (``possessed_at_start``, kept by the turn's start when the scenario
    scores card objectives); its merchants; its imperial voters (``imperial_voters`` over the map's ``votes``)."""
    allies = {m for m, info in s["minors"].items() if info.get("ally") == power}
    allies |= {p for pair in s["alliances"] for p in pair if power in pair and p != power}
    possessed = frozenset(a for a, info in s["areas"].items() if info["owner"] == power)
    return Holdings(
        possessed=possessed,
        controlled=frozenset(a for a in possessed if s["areas"][a]["control"] == power),
        allied=frozenset(a for a, info in s["areas"].items() if info["owner"] in allies),
        possessed_at_start=frozenset(s.get("possessed_at_start", {}).get(power, ())),
        merchants={c: present[power] for c, present in s["merchants"].items() if present.get(power)},
        imperial_voters=imperial_voters(s, power, votes or {}),
    )


def most_possessions(province: str, possession: Mapping[str, str], index: BoardIndex) -> str | None:
    """The ``most_possessions`` condition of end-of-turn VP (Turn 9, lines 2481-2483: "the power with the most
    possessions in the province ... if there is a tie, no one wins the VPs"). ``possession``: area -> the power
    possessing it (independent areas absent). None when no one possesses any, or on a tie."""
    counts: dict[str, int] = {}
    for area in index.province_areas.get(province, ()):
        holder = possession.get(area)
        if holder is not None:
            counts[holder] = counts.get(holder, 0) + 1
    if not counts:
        return None
    best = max(counts.values())
    top = [p for p, n in counts.items() if n == best]
    return top[0] if len(top) == 1 else None


def ranking(scores: Mapping[str, int], game_order: Sequence[str]) -> list[str]:
    """23.: after the last end of turn "a winning player can be declared ... Any ties, as always, are resolved by
    the game order" (22.: "the player who gets the most victory points during the game is the winner"): players
    by VP, most first, ties to the lower position in the game order (7.1.1; Glossary "Vitality tie-breaking")."""
    place = {player: i for i, player in enumerate(game_order)}
    return sorted(scores, key=lambda player: (-scores[player], place[player]))
