"""Enlightenment, prestige and the King's happiness as the Court gives them (End of Turn Phase › Determining
Enlightenment, Prestige, King's Happiness and Victory Points), and the tables that convert them.
"""

from __future__ import annotations

from engines.planet_king import court
from engines.planet_king.components import C


def court_nobles_and_valido(s: dict) -> list[str]:
    """The nobles at Court including the Valido (he sits at Court, ruling R-VALIDO-AT-COURT)."""
    out = court.court_nobles(s)
    if s["court"]["valido"]:
        out.append(s["court"]["valido"])
    return out


def enlightenment(s: dict) -> int:
    """Geniuses at Court (two per art at most), +1 literature / music card per writer / musician noble, +1 music for
    MARÍA CALDERÓN as Royal Mistress (not limited: line 638 has no asterisk), +1 per patron noble (or lady) at
    Court. The example of turn 3 counts the noble writer within the two-per-art limit (ruling R-ENLIGHTENMENT, open
    question 13)."""
    by_art: dict[str, list[int]] = {}
    for n in court.court_geniuses(s):
        by_art.setdefault(C.NOTABLES[n]["art"], []).append(C.NOTABLES[n]["enlightenment"])
    nobles = court_nobles_and_valido(s)
    for n in nobles:
        if court.has(n, "writer"):
            by_art.setdefault("literature", []).append(1)
        if court.has(n, "musician"):
            by_art.setdefault("music", []).append(1)
    total = sum(sum(sorted(v, reverse=True)[: C.LIMITS["geniuses_per_art"]]) for v in by_art.values())
    mistress = s["court"]["mistress"]
    if mistress:  # line 638 has no asterisk: MARÍA CALDERÓN's point is outside the two-per-art limit of line 640
        total += C.NOTABLES[mistress].get("mistress_enlightenment") or 0
    ladies = [x for x in (s["court"]["queen"], mistress) if x]
    total += sum(1 for n in nobles + ladies if court.has(n, "patron"))
    return total


def court_prestige(s: dict) -> int:
    """Prestige of the nobles at Court (with the Valido), the Queen and the Royal Mistress."""
    people = court_nobles_and_valido(s) + [x for x in (s["court"]["queen"], s["court"]["mistress"]) if x]
    return sum(C.NOTABLES[n]["prestige"] for n in people)


def court_happiness(s: dict) -> int:
    return sum(C.NOTABLES[n]["happiness"] for n in (s["court"]["queen"], s["court"]["mistress"]) if n)


def row(table: str, value: int) -> dict:
    """The row of a Council of State table for a score."""
    for r in C.TABLES[table]:
        if r.get("min", -99) <= value <= r.get("max", 99):
            return r
    raise ValueError(f"no {table} row for {value}")
