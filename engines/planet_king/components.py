"""The components as the engine reads them (Components): the validated content of ``content.py`` turned into
plain look-up tables, plus the names of the places and wars the rules single out.

The content (and an owner's replacement files in ``SIGLO_CONTENT_DIR``, see README.md) is loaded once when the
engine is imported.
"""
from __future__ import annotations

from engines.planet_king.content import load

_C = load()

NOTABLES: dict[str, dict] = {n.id: n.model_dump(mode="json") for n in _C.notables}
EVENTS: dict[str, dict] = {e.id: e.model_dump(mode="json") for e in _C.events}
MEMORIALS: dict[str, dict] = {m.id: m.model_dump(mode="json") for m in _C.memorials}
LEADERS: dict[str, dict] = {x.id: x.model_dump(mode="json") for x in _C.leaders if x.side == "foreign"}
SPANISH_COUNTERS: dict[str, dict] = {x.noble: x.model_dump(mode="json") for x in _C.leaders if x.side == "spanish"}
POWERS: dict[str, dict] = {p.id: p.model_dump(mode="json") for p in _C.powers}
WARS: dict[str, dict] = {w.id: w.model_dump(mode="json") for w in _C.wars}
TERRITORIES: dict[str, dict] = {t.id: t.model_dump(mode="json") for t in _C.territories}
LINES: list[dict] = [line.model_dump(mode="json") for line in _C.lines]
SCENARIOS: dict[str, dict] = {s.id: s.model_dump(mode="json") for s in _C.scenarios}
TABLES: dict = _C.tables.model_dump(mode="json")


def _one(table: dict[str, dict], **match) -> str:
    found = [k for k, v in table.items() if all(v.get(f) == x for f, x in match.items())]
    if len(found) != 1:
        raise ValueError(f"content: expected one item with {match}, found {found}")
    return found[0]


def _named(table: dict[str, dict], word: str, **match) -> str:
    found = [k for k, v in table.items() if word in v["name"].lower() and all(v.get(f) == x for f, x in match.items())]
    if len(found) != 1:
        raise ValueError(f"content: expected one item named like {word!r} with {match}, found {found}")
    return found[0]


PLUS_ULTRA = _one(TERRITORIES, kind="box")
SPAIN = _one(TERRITORIES, kind="spain")
ITALY = _named(TERRITORIES, "italy", kind="nation")
FLANDERS = _named(TERRITORIES, "flanders", kind="nation")
FRANCHE_COMTE = _named(TERRITORIES, "franche", kind="nation")

FRANCE = _named(POWERS, "france")
UNITED_PROVINCES = _named(POWERS, "united provinces")
ENGLAND = _named(POWERS, "england")
OTTOMAN = _named(POWERS, "ottoman")
BARBARY = _named(POWERS, "barbary")
PORTUGAL = _named(POWERS, "portugal")
PROTESTANTS = _named(POWERS, "protestant")

F_ITALY = _named(WARS, "italy", power=FRANCE)
F_PICARDY = _named(WARS, "picardy", power=FRANCE)
F_CATALONIA = _named(WARS, "catalonia", power=FRANCE)
PALATINATE = _one(WARS, power=PROTESTANTS)
FLANDERS_WAR = _one(WARS, power=UNITED_PROVINCES)

CONDE = _named(NOTABLES, "cond", kind="noble")
CONDE_LEADER = _named(LEADERS, "cond")

OFFICES = {
    "viceroy_of_the_indies": {"name": "Viceroy of the Indies"},
    "viceroy_of_italy": {"name": "Viceroy of Italy"},
    "governor_of_flanders": {"name": "Governor of Flanders"},
    "ambassador_in_austria": {"name": "Ambassador in Austria"},
}

LINKS: list[tuple[str, str]] = [tuple(line["ends"]) for line in LINES]
VALTELLINA: set[frozenset] = {frozenset(line["ends"]) for line in LINES if line["valtellina"]}
UNIT_LIMITS: dict[str, int] = {k: v["count"] for k, v in TABLES["units"].items() if "count" in v}
BATTLE_NAMES: dict[str, list[list[str]]] = {
    wid: TABLES["battle_names"][w["battle_names"]] for wid, w in WARS.items() if w.get("battle_names")
}
