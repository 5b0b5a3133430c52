"""Ultima Ratio Regis — "16. Veterans" as pure functions over plain data (``counters.Unit``).

Troops have a regular side and a veteran side whose number is one higher (4.1); they are built regular (9.1) and
turned veteran in land and siege combats (13.3.8, 13.4.6), at a scenario's start, or by an event card (16.1);
at the end of the turn each major power turns half of its veterans, rounded up, back (16.2, 23.1.2). Which troop
gains or loses the status is the player's choice: the functions return a ``counters.Decision`` and take the picks.
See RULINGS.md § Veterans (16).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engines.ultima_ratio.counters import Decision, RuleError, Unit


def veterans(units: Iterable[Unit], powers: Iterable[str]) -> list[Unit]:
    """The veteran troops of ``powers`` (a major power and its allied minors, RULINGS V-2), wherever they are."""
    sides = set(powers)
    return [u for u in units if u["kind"] == "troop" and u["power"] in sides and u["veteran"]]


def veteranize(units: Iterable[Unit], troop_id: str) -> list[Unit]:
    """Turn one troop to its veteran side (16.1: at a scenario's start, by an event, or after a combat through
    ``combat_decision``)."""
    out, found = [], False
    for u in units:
        if u["id"] == troop_id:
            if u["kind"] != "troop":
                raise RuleError("16.: only troops have a veteran side")
            if u["veteran"]:
                raise RuleError("16.: the troop is already veteran")
            u, found = {**u, "veteran": True}, True
        out.append(u)
    if not found:
        raise RuleError(f"16.: no troop {troop_id!r}")
    return out


def combat_decision(
    units: Iterable[Unit], participants: Sequence[str], power: str, enemy_eliminated: int
) -> Decision | None:
    """16.1 / 13.3.8 / 13.4.6: "If at least one enemy troop is destroyed, a single participating troop can be
    veteranized" — each side, after a land or siege battle; only a troop "that participated explicitly in the
    battle" and is still regular. ``participants``: the side's troops selected to fight (those still on the
    map). At most one pick (the player may decline). None when no troop qualifies."""
    if enemy_eliminated < 1:
        return None
    chosen = set(participants)
    options = tuple(
        sorted(
            u["id"]
            for u in units
            if u["id"] in chosen and u["kind"] == "troop" and not u["veteran"] and u["power"] == power
        )
    )
    if not options:
        return None
    return Decision("veteranize", power, 1, options, rule="16.1", at_most=True)


def loss_count(veteran_count: int) -> int:
    """16.2: "major powers lose half of their veterans rounded up"."""
    return (veteran_count + 1) // 2


def loss_decision(units: Iterable[Unit], power: str, powers: Iterable[str] | None = None) -> Decision | None:
    """16.2 / 23.1.2: the power picks which half (rounded up) of its veterans turn back to the regular side.
    ``powers``: the troops that count as the power's (default: the power alone; RULINGS V-2)."""
    vets = veterans(units, powers or [power])
    count = loss_count(len(vets))
    if not count:
        return None
    return Decision("lose_veterans", power, count, tuple(sorted(u["id"] for u in vets)), rule="16.2")


def lose_veterans(units: Iterable[Unit], decision: Decision, picks: Sequence[str]) -> list[Unit]:
    """Turn the picked veterans to their regular side (after ``decision.check``)."""
    decision.check(picks)
    chosen = set(picks)
    return [{**u, "veteran": False} if u["id"] in chosen else u for u in units]
