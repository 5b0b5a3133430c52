"""Ultima Ratio Regis — a battle shown die by die beside the map (issue 28 › Combat shown die by die), from its public
record (``combat/battle_record.py``: the view's ``battle``, or a ``combat.record`` log entry's): both forces with
their units' qualities and leaders (13.1.1, 17.3.2), advantages and disadvantages (13.1.2), the battlefield
(13.1.3), each die with its category, its roll and its reading on the combat table (13.1.1, 13.1.6), the battle
points and casualties, the winner, and the eliminations and disband results each side suffers (13.1.7), each with
the rule cited. Every element has its namespaced key (``battle:<n>``, ``die:<n>.<side>.<i>``, ``unit:``,
``leader:``) and its words from the catalog (``battle.*``).

Like ``presentation``: no rule lives here (the dice's readings are the combat table's, ``data/combat.yaml``),
nothing of the app is imported.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.game import Game
from engines.core.types import text

SIDES = ("attacker", "defender")
RULE = {"naval": "naval_combat", "land": "land_combat", "siege": "siege", "subjugation": "subjugation"}
# 13.1.1: "the colors should be the same as the background of the number printed on units"
DIE_COLOURS = {
    1: ("#2e7d32", "#ffffff"),
    2: ("#f4f1e8", "#111111"),
    3: ("#1f4e9c", "#ffffff"),
    4: ("#b3261e", "#ffffff"),
}


def _unit(say: Callable, row: list[Any], fought: set[str], lost: dict[str, str]) -> dict[str, Any]:
    uid, kind, quality, veteran = row
    if kind == "fortress":
        words = say(text("battle.unit_fortress", unit=uid))
    else:
        words = say(text("battle.unit", unit=uid, quality=quality))
        if veteran:
            words = say(text("battle.unit_veteran", unit=words))
    if lost.get(uid):
        words = say(text(f"battle.unit_{lost[uid]}", unit=words))
    elif fought and uid not in fought:
        words = say(text("battle.unit_stayed_out", unit=words))
    # a single die a side (a subjugation, 13.5.4) names no fighters: none stayed out
    return {"key": f"unit:{uid}", "label": words, "fought": uid in fought or not fought, "lost": lost.get(uid)}


def _dice(
    game: Game, say: Callable, number: Any, side: str, rows: list[list[Any]], conscript: bool
) -> list[dict[str, Any]]:
    """Each die: its category's colours, the roll, the result and its reading on the combat table (13.1.6). A die of
    no unit is the side's conscript (13.1.9) if it raised one, else the single die a subjugation gives each side
    (13.5.4: "each side rolls a single die")."""
    tables = game.board.tables  # type: ignore[attr-defined]
    out = []
    for i, (unit, category, roll, result, bonus) in enumerate(rows, start=1):
        row = tables.row(result)
        reading = say(text("battle.reading_casualty" if row.casualty else "battle.reading", points=row.battle_points))
        unitless = "battle.die_conscript" if conscript else "battle.die_side"
        who = say(text("battle.die_unit", unit=unit)) if unit else say(text(unitless))
        words = say(text("battle.die", who=who, category=category, roll=roll, result=result, reading=reading))
        if bonus:
            words = say(text("battle.die_bonus", die=words))
        fill, ink = DIE_COLOURS[category]
        out.append(
            {"key": f"die:{number}.{side}.{i}", "category": category, "roll": roll, "result": result}
            | {"bonus": bool(bonus), "points": row.battle_points, "casualty": row.casualty, "reading": reading}
            | {"label": words, "fill": fill, "ink": ink, "unit": f"unit:{unit}" if unit else ""}
        )
    return out


def _who(record: dict[str, Any], side: str) -> Any:
    """A side's name: its power, else the rebels or the independents it stands for (13.5)."""
    power = record["sides"][side].get("power")
    return power if power else text("battle.rebels" if record.get("type") == "rebels" else "battle.independents")


def _leaders(force: dict[str, Any], gone: set[str], say: Callable) -> list[dict[str, Any]]:
    """A side's leaders with their ability (17.3.2), those eliminated with the last unit of their stack (13.1.7)."""
    out = []
    for lid, ability in force.get("leaders") or []:
        said = (
            text("battle.leader", leader=lid, ability=ability)
            if ability
            else text("battle.leader_ordinary", leader=lid)
        )
        words = say(said)
        if lid in gone:
            words = say(text("battle.leader_eliminated", leader=words))
        out.append({"key": lid, "label": words})
    return out


def _extras(record: dict[str, Any], side: str, say: Callable) -> list[str]:
    """What the side took into the fight: advantages and disadvantages (13.1.2), battlefield cards (13.1.4), a
    conscript (13.1.9)."""
    out = []
    if side in (record.get("advantages") or {}):
        taken = {"advantages": record["advantages"][side], "disadvantages": record["disadvantages"][side]}
        out.append(say(text("battle.advantages", **taken)))
    if record["sides"][side].get("cards"):
        out.append(say(text("battle.cards", cards=list(record["sides"][side]["cards"]))))
    if (record.get("conscripts") or {}).get(side):
        out.append(say(text("battle.conscript")))
    return out


def _side(game: Game, record: dict[str, Any], side: str, say: Callable, colours: dict[str, str]) -> dict[str, Any]:
    force = record["sides"][side]
    power = force.get("power")
    fought = set((record.get("fighters") or {}).get(side) or [])
    lost = dict.fromkeys((record.get("eliminated") or {}).get(side) or [], "eliminated")
    lost |= dict.fromkeys((record.get("dispersed") or {}).get(side) or [], "dispersed")
    gone = set((record.get("leaders_eliminated") or {}).get(side) or [])
    conscript = bool((record.get("conscripts") or {}).get(side))
    dice = _dice(game, say, record.get("number"), side, (record.get("dice") or {}).get(side) or [], conscript)
    total = losses = None
    if record.get("points") is not None:
        total = say(text("battle.total", points=record["points"][side], casualties=record["casualties"][side]))
    if record.get("eliminations") is not None:
        suffered = {"eliminations": record["eliminations"][side], "disbands": record["disbands"][side]}
        losses = say(text("battle.losses", **suffered))
    colour = colours.get(power or "", "#777777")
    return {
        "key": f"battle:{record.get('number')}.{side}",
        "role": say(text(f"battle.{side}")),
        "power": say(text("battle.power", power=_who(record, side))),
        "colour": colour,
        "winner": record.get("winner") == side,
        "units": [_unit(say, row, fought, lost) for row in force.get("units") or []],
        "leaders": _leaders(force, gone, say),
        "extras": _extras(record, side, say),
        "dice": dice,
        "total": total,
        "losses": losses,
    }


def _outcome(record: dict[str, Any], say: Callable) -> str:
    if not record.get("done"):
        return say(text("battle.resolving"))
    if record.get("capitulation") == "voluntary":
        return say(text("battle.capitulated"))
    points = record.get("points") or {}
    winner = record.get("winner")
    if winner is None:
        return say(text("battle.draw", points=points.get("attacker", 0)))
    loser = "defender" if winner == "attacker" else "attacker"
    return say(text("battle.won", power=_who(record, winner), points=points[winner], against=points[loser]))


def table_rows(game: Game, say: Callable, results: set[int]) -> list[dict[str, Any]]:
    """The combat table (13.1.6), each row marked when one of the battle's dice read on it."""
    out = []
    for row in game.board.tables.table:  # type: ignore[attr-defined]
        msg = "battle.table_row_casualty" if row.casualty else "battle.table_row"
        faces = f"{row.results[0]}–{row.results[-1]}" if len(row.results) > 1 else str(row.results[0])
        out.append(
            {"label": say(text(msg, results=faces, points=row.battle_points)), "hit": bool(results & set(row.results))}
        )
    return out


def display(game: Game, record: dict[str, Any] | None, say: Callable, colours: dict[str, str]) -> dict[str, Any] | None:
    """The battle as the board template draws it (``battle.html``), None without one."""
    if not record or not record.get("sides"):
        return None
    number, kind = record.get("number"), record["kind"]
    where = record.get("where") or ""
    place = where
    if place:
        heading = say(text("battle.heading", number=number, kind=kind, where=place, turn=record.get("turn")))
    else:
        heading = say(text("battle.heading_nowhere", number=number, kind=kind, turn=record.get("turn")))
    size = record.get("battlefield")
    battlefield = say(text("battle.battlefield", size=size) if size else text("battle.battlefield_open"))
    results = {d[3] for rows in (record.get("dice") or {}).values() for d in rows}
    return {
        "key": f"battle:{number}",
        "where": where,
        "heading": heading,
        "rule_id": RULE[kind],
        "rule": say(text("battle.rule", rule=text(f"rule.{RULE[kind]}"))),
        "outcome": _outcome(record, say),
        "done": bool(record.get("done")),
        "battlefield": battlefield,
        "sides": [_side(game, record, side, say, colours) for side in SIDES],
        "dice_words": say(text("battle.dice_rule")),
        "no_dice": None if record.get("dice") else say(text("battle.no_dice")),
        "table_title": say(text("battle.table")),
        "table": table_rows(game, say, results),
        "title": say(text("battle.title")),
    }
