"""Ultima Ratio Regis — the public record of a battle (issue 28 › Combat shown die by die): what the table saw of
a combat (13.1.5's preparation, 13.1.6's dice on the combat table, 13.1.7's casualties), as plain data of ids and
numbers for the view and the log, never words.

A combat's frame (``battles.Combat``) holds its number and place (``begin``), the battle record (both forces: units
with their quality, leaders with their ability, advantages and battlefield cards played openly, 8.2.2) and, while
it is resolved, the combat's ``progress`` (``combat_procedure.Decider``: battlefield, fighters, advantages, dice);
``of_frame`` reads them as one record, the result's once it is known. ``of_state`` is the record the view shows: the
combat being resolved (the innermost on the stack), else the last one fought this turn (``s["last_battle"]``).
Nothing of a hand is read: the cards a side holds for a reroll (``frame["rerolls"]``) stay out; only their public
count is in the force (RULINGS C-9).

Record: ``number``, ``kind`` (naval, land, siege, subjugation), ``type`` (a naval combat's kind, a subjugation's
opposition), ``where`` (``area:<id>`` / ``sea:<id>`` or None), ``turn``, ``sides`` {attacker, defender: ``power``,
``units`` [[id, kind, quality, veteran]], ``leaders`` [[id, ability]], ``cards``}, ``battlefield``, ``fighters``,
``conscripts``, ``advantages``, ``disadvantages``, ``dice`` {side: [[unit, category, roll, result, bonus]]}
(None before the roll), ``points``, ``casualties``, ``winner``, ``draw``, ``eliminations``, ``disbands``,
``eliminated``, ``dispersed``, ``leaders_eliminated``, ``done``.
"""

from __future__ import annotations

from typing import Any

from engines.ultima_ratio.combat.combat_cards import FIELDS
from engines.ultima_ratio.combat.combat_procedure import Die
from engines.ultima_ratio.combat.forces import REDUCE, SIDES

PROGRESS = ("battlefield", "fighters", "conscripts", "advantages", "disadvantages")


def where(s: dict, battle: dict, kind: str) -> str | None:
    """The place of the battle: the defender's units' (or its fortress's), else the attacker's."""
    names = FIELDS[kind]
    for name in (names[1], names[0]):
        force = battle.get(name) or {}
        for u in force.get("units") or []:
            if u["id"].startswith("fortress:"):
                return u["id"].partition(":")[2]
            loc = (s["units"].get(u["id"]) or {}).get("loc") or ""
            if loc.startswith(("area:", "sea:")):
                return loc
    return None


def begin(s: dict, kind: str, battle: dict, place: str | None) -> dict[str, Any]:
    """A new combat's number (the game's battles counted from 1) and place, for its frame."""
    s["battles"] = s.get("battles", 0) + 1
    return {"number": s["battles"], "where": place or where(s, battle, kind)}


def dice_rows(dice: dict) -> dict[str, list[list[Any]]]:
    """Dice as rows [unit, category, roll, result, bonus] (``Die`` objects or their data)."""
    out = {}
    for side, rows in dice.items():
        out[side] = [
            [d.unit, d.category, d.roll, d.result, d.bonus]
            if isinstance(d, Die)
            else [d["unit"], d["category"], d["roll"], d["result"], d["bonus"]]
            for d in rows
        ]
    return out


def plain_progress(progress: dict) -> dict:
    """A Pending's progress as JSON data for the frame."""
    out = {k: progress[k] for k in PROGRESS if k in progress}
    if "dice" in progress:
        out["dice"] = dice_rows(progress["dice"])
    return out


def _force(data: dict | None, power: str | None) -> dict[str, Any]:
    data = data or {}
    return {
        "power": power,
        "units": [[u["id"], u["kind"], u["quality"], bool(u.get("veteran"))] for u in data.get("units") or []],
        "leaders": [[x["id"], x.get("ability")] for x in data.get("leaders") or []],
        "cards": [c.removesuffix(REDUCE) for c in data.get("battlefield_cards") or []],
    }


def of_frame(frame: dict, turn: int) -> dict[str, Any]:
    """The record of the combat of a ``combat`` frame, as far as it has gone."""
    kind, battle, powers = frame["kind"], frame["battle"], frame["powers"]
    names = FIELDS[kind]
    record: dict[str, Any] = {
        "number": frame.get("number"),
        "kind": kind,
        "type": battle.get("kind") if kind == "naval" else battle.get("opposition"),
        "where": frame.get("where"),
        "turn": turn,
        "sides": {side: _force(battle.get(name), powers[side]) for side, name in zip(SIDES, names, strict=True)},
        "battlefield": None,
        "dice": None,
        "done": False,
    }
    result = frame.get("result")
    if result is None:
        progress = frame.get("progress") or {}
        record.update({k: progress[k] for k in PROGRESS if k in progress})
        record["dice"] = progress.get("dice")
        return record
    fought = result.get("fought")
    record["done"] = True
    for key in ("eliminated", "dispersed", "leaders_eliminated"):
        record[key] = result.get(key) or {}
    record["capitulation"] = result.get("capitulation")
    if fought:
        record.update(
            battlefield=fought["battlefield"],
            fighters=fought["fighters"],
            conscripts=fought["conscripts"],
            advantages=fought.get("advantages") or {},
            disadvantages=fought.get("disadvantages") or {},
            dice=dice_rows(fought["dice"]),
            points=fought["battle_points"],
            casualties=fought["casualties"],
            winner=fought["winner"],
            eliminations=fought["eliminations"],
            disbands=fought["disband_results"],
        )
    return record


def of_state(s: dict) -> dict[str, Any] | None:
    """The battle the view shows: the combat being resolved, else the last one fought this turn (None before the
    turn's first; the earlier ones replay from the log). While its window of combat cards is open, the record as
    the cards played so far changed it (8.2.2). A card played in an earlier turn may be in a hand again (the deck
    is made anew each turn, 8.1.4): a record of that turn would name it beside the map."""
    window = None
    for frame in reversed(s.get("stack") or []):
        if frame.get("step") == "combat_cards" and window is None:
            window = frame["battle"]
        if frame.get("step") == "combat" and "number" in frame:
            return of_frame(frame if window is None else {**frame, "battle": window}, s.get("turn", 0))
    last: dict[str, Any] | None = s.get("last_battle")
    return last if last is not None and last["turn"] == s.get("turn", 0) else None
