"""Ultima Ratio Regis' table map beyond the overlay (issue 28 › Zoom and pan, What map-game players expect): the
maps of the sheet a player switches between, the units of a stack as they fan out, the eliminated box, the board
keys a log entry names (the log linked to the board), the confirmation an irreversible choice asks for and the
power each action of a seat with several powers is listed under.

Like ``presentation``: no rule lives here, nothing of the app is imported, words come from the catalog.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.game import Game
from engines.core.types import Text, text
from engines.ultima_ratio import mapdraw, mapkey
from engines.ultima_ratio.mapdraw import projection

# the eliminated box (rulebook 6.; units eliminated this turn): drawn on the open sea at the main map's top left
ELIMINATED_BOX = (14.0, 14.0, 250.0, 76.0)


def map_views(game: Game, say, lang: str = "en") -> list[dict[str, Any]]:
    """The maps of the sheet, each the box (x y w h, the base map's coordinates) a switcher zooms to: the main map,
    the five mini-maps and the World Map of the seas; ``key`` namespaced ``map:<id>``."""
    board = game.board.map  # type: ignore[attr-defined]
    out = []
    for m in board.maps:
        (x, y, _w, _h), _size = mapdraw.LAYOUT[m.id]
        uw, uh = projection(m.id, board).used
        out.append(
            {"key": f"map:{m.id}", "name": game.name_of(m.id, lang) or m.name, "box": f"{x:g} {y:g} {uw:.0f} {uh:.0f}"}
        )
    x, y, w, h = mapkey.WORLD_BOX
    out.append({"key": "map:world", "name": say(text("map.world_map")), "box": f"{x:g} {y:g} {w:g} {h:g}"})
    return out


def unit_label(uid: str, unit: dict[str, Any], say) -> str:
    """One unit's words as its counter reads when its stack fans out: its name, its quality, veteran, in repair."""
    words = say(text("map.unit", unit=uid, grade=unit.get("grade") or "-"))
    if unit.get("veteran"):
        words = say(text("map.unit_veteran", unit=words))
    if unit.get("repair"):
        words = say(text("map.unit_in_repair", unit=words))
    return words


def fan(ids: list[str], units: dict[str, dict[str, Any]], say) -> list[dict[str, Any]]:
    """The units of a stack of several, each a small counter with its key, its quality and its words (a stack of one
    is its own counter)."""
    if len(ids) < 2:
        return []
    return [
        {
            "key": f"unit:{u}",
            "grade": units[u].get("grade") or "",
            "veteran": bool(units[u].get("veteran")),
            "repair": bool(units[u].get("repair")),
            "label": unit_label(u, units[u], say),
        }
        for u in ids
    ]


def eliminated_box(say) -> dict[str, Any]:
    """The eliminated box's place and name (``box:eliminated``), its counters laid as a place's are."""
    x, y, w, h = ELIMINATED_BOX
    return {"key": "box:eliminated", "x": x, "y": y, "w": w, "h": h, "name": say(text("map.eliminated_box"))}


# Which namespace a log entry's argument names (the catalog's field names: ``{area}``, ``{units}``…); a path or a
# list of references names areas and seas (their ids are their keys).
# None: the value is a content id, namespaced by its kind (ENGINE.md › Content ids), its own key.
ENTRY_SPACES: dict[str, str | None] = {
    "area": None,
    "areas": None,
    "unit": "unit",
    "units": "unit",
    "flagship": "unit",
    "leader": None,
    "sea": None,
    "box": None,
    "center": None,
    "card": None,
    "cards": None,
}


def entry_keys(game: Game, entry: dict[str, Any]) -> list[str]:
    """The board keys a log entry names (issue 28 › The log is linked to the board), in order and once each: its
    arguments by their field's namespace, its path and references by what the map says they are."""
    board = game.board.map  # type: ignore[attr-defined]
    args = entry.get("args") or {}
    keys: list[str] = []

    def add(space: str | None, value: Any) -> None:
        for v in value if isinstance(value, list) else [value]:
            key = v if space is None else f"{space}:{v}"
            if isinstance(v, str) and v and key not in keys:
                keys.append(key)

    if entry.get("msg") == "combat.record":  # a battle's record: its display beside the map (combatview.py)
        add("battle", str(args.get("number")))
    for name, value in args.items():
        if name in ENTRY_SPACES:
            add(ENTRY_SPACES[name], value)
    for value in [*(args.get("path") or []), *(entry.get("refs") or [])]:
        if isinstance(value, str) and (value in board._index("areas") or value in board._index("seas")):
            add(None, value)
    return keys


def pick_noun(view: dict[str, Any]) -> str:
    """The catalog key of what the board's hint asks to click (``VERB_KEYS``): the groups of the auction (7.1.1),
    the map with the hand's cards when a card may be played (8.2.2, 13.1.4), else the map's areas, seas and
    counters."""
    verbs = set((view.get("prompt") or {}).get("legal") or {})
    if verbs == {"group"}:
        return "map.pick_noun_group"
    if verbs & {"play_card", "event", "card"}:
        return "map.pick_noun_card"
    return "map.pick_noun"


def confirm(game: Game, view: Mapping[str, Any], verb: str, arg: Any) -> Text | None:
    """The question an irreversible choice asks before it is made (issue 28 › Irreversible choices ask for
    confirmation), None for the others: ending the actions of an impulse while actions are left (7.3), passing in an
    auction (19.3), fighting on without a combat card (13.1.4), ending a deployment with points unspent (24.), a
    voluntary dynastic change (23.3)."""
    if verb == "end_impulse":
        public = view.get("public") or {}
        impulse = public.get("impulse") or {}
        left = sum((impulse.get("actions") or {}).values()) + (impulse.get("extra") or 0)
        return text("confirm.end_impulse", left=left) if left else None
    prompt = view.get("prompt") or {}
    if verb == "done" and prompt.get("step") == "deploy":
        args = (prompt.get("text") or {}).get("args") or {}  # the engine's Text: its power and points left
        left = args.get("points") or 0
        return text("confirm.deploy_done", power=args.get("power"), left=left) if left else None
    if verb == "dynastic_change" and arg == "voluntary":
        return text("confirm.dynastic_change")
    if verb == "pass":
        combat = prompt.get("step") == "combat_cards"
        return text("confirm.combat_cards_pass" if combat else "confirm.pass")
    return None


# the verbs of 8.2.2's menu whose argument opens with the power (or allied minor, 20.2) that acts
POWER_VERBS = ("act", "declare_war", "expeditionary_corps")


def action_group(game: Game, view: Mapping[str, Any], verb: str, arg: Any) -> tuple[str, Text] | None:
    """The power an action of 8.2.2's menu is listed under, with its heading ("Spain: 2 actions left"; an allied
    minor's units act on its ally's points, 20.2: "Naples, on the actions of Spain"), or None for the seat's own
    (a card, an event, the end of the actions). The side panel of a seat with several powers reads power by
    power; a seat with one lists as before. An alliance offered (21.1) is listed under the power that makes it
    ("Venice: ally with…", then "Ally with Austria"): a seat of four powers read a wall of 36 "Venice: ally with
    Austria" buttons."""
    if not isinstance(arg, list) or not arg or not isinstance(arg[0], str):
        return None
    if verb == "ally":  # 21.1 (an alliance event's too): the alliances each of the seat's powers may make
        return arg[0], text("act.group_ally", power=arg[0])
    if verb not in POWER_VERBS:
        return None
    party = arg[0]
    public = view.get("public") or {}
    ally = ((public.get("minors") or {}).get(party) or {}).get("ally")
    if ally:
        return party, text("act.group_minor", minor=party, power=ally)
    left = ((public.get("impulse") or {}).get("actions") or {}).get(party, 0)
    if not left:  # a player without cards acting on his extra action (8.2.3)
        return party, text("act.group_party", power=party)
    return party, text("act.group_power", power=party, left=left)
