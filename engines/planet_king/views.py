"""What each seat sees: the map, the Council of State, the Court, the decks (counts; the Ladies face up), the event
just drawn and its fortune tests (issue 4, The table). The order and contents of the face-down decks and the unread
Secret Memorials never appear; a read memorial only in its holder's private view."""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any

from engines.planet_king import court, military, wars
from engines.planet_king.components import C, Components, current
from engines.planet_king.council import everyone
from engines.planet_king.memorials import holder, in_use
from engines.planet_king.scoring import court_happiness, court_prestige, enlightenment


def notable(s: dict, nid: str | None, notables: dict | None = None) -> dict | None:
    """A notable as the table sees it (``notables``: the game's cards, when the caller has them)."""
    if nid is None:
        return None
    d = (notables or current().NOTABLES)[nid]
    out = {"id": nid, "name": d["name"], "kind": d["kind"], "prestige": d.get("prestige", 0)}
    if d["kind"] == "noble":
        ratings = s["ratings"]
        out.update(
            {
                r: ratings.get(f"{nid}:{r}", 1) if d.get(r) is None else d[r]
                for r in ("military", "political", "government")
            },
            traits=d["traits"],
        )
    elif d["kind"] == "genius":
        out.update(art=d["art"], enlightenment=d["enlightenment"])
    else:
        out.update(happiness=d["happiness"], fertility=d["fertility"], traits=d["traits"])
    return out


def unit_view(u: dict) -> dict:
    return {
        "id": u["id"],
        "type": u["type"],
        "name": military.UNIT_NAMES[u["type"]],
        "sp": military.unit_sp(u),
        "damaged": u["damaged"],
    }


def public_view(s: dict) -> dict:
    """``decision`` holds the saved locals of the pending decision (which war is mustered...), for the bots."""
    k = current()
    N = k.NOTABLES
    c = s["court"]
    event = s["current_event"]
    units: dict[str, list[dict]] = {}
    for u in s["units"]:
        units.setdefault(u["loc"], []).append(u)
    at = {loc: [unit_view(u) for u in here] for loc, here in units.items()}
    return {
        "scenario": s["scenario_name"],
        "roles": everyone(s),
        "turn": s["turn"],
        "first_turn": s["first_turn"],
        "last_turn": s["last_turn"],
        "valido_since": s["valido_since"],
        "decision": s["stack"][-1]["ctx"] if s["stack"] and "options" in s["stack"][-1] else None,
        # the nobles (and geniuses) the set-up drew face up, not placed yet: the appointments' candidates (Scenarios)
        "drawn": [notable(s, n, N) for n in s.get("drawn", []) if not court.in_play(s, n)],
        "treasury": s["treasury"],
        "treasury_turn": [{"n": c["n"], "why": named(c["why"])} for c in s["treasury_turn"]],
        "vp": dict(s["vp"]),
        "marks": dict(s["marks"]),
        "last_scores": s["last_scores"],
        "now": {
            "enlightenment": enlightenment(s),
            "prestige": court_prestige(s) + s["marks"]["prestige"],
            "happiness": court_happiness(s) + s["marks"]["happiness"],
        },
        "cubes": dict(s["cubes"]),
        "unique": list(s["unique"]),
        "asiento": s["asiento"],
        "union": s["union"],
        "flags": dict(s["flags"]),
        "king_dead": s["king_dead"],
        "exploration": {
            "space": k.TABLES["exploration"][s["exploration"]]["name"],
            "index": s["exploration"],
            "track": [x["name"] for x in k.TABLES["exploration"]],
        },
        "court": {
            "valido": notable(s, c["valido"], N),
            "queen": notable(s, c["queen"], N),
            "queen_sickly": s["queen_sickly"],
            "mistress": notable(s, c["mistress"], N),
            "painter": c["painter"],
            "nobles": [notable(s, n, N) for n in c["nobles"]],
            "geniuses": [notable(s, n, N) for n in c["geniuses"]],
            "children": [
                {
                    "id": ch["id"],
                    "name": ch["name"],
                    "male": ch["male"],
                    "legit": ch["legit"],
                    "sickly": ch["sickly"],
                    "heir": ch["id"] == s["heir"],
                }
                for ch in s["children"]
            ],
        },
        "offices": {o: notable(s, n, N) for o, n in s["offices"].items()},
        "exiled": [notable(s, n, N) for n in s["exiled"]],
        "wars": [
            {
                "id": w,
                "name": k.WARS[w]["name"],
                "power": k.POWERS[k.WARS[w]["power"]]["name"],
                "power_id": k.WARS[w]["power"],
                "status": war["status"],
                "pos": war["pos"],
                "black": war["black"],
                "red": war["red"],
                "truce": war["truce"],
                "leader": notable(s, war["leader"], N),
                "enemy": (
                    {"name": k.LEADERS[war["enemy"]]["name"], "strategy": k.LEADERS[war["enemy"]]["strategy"]}
                    if war["enemy"]
                    else None
                ),
                "army": at.get(w, []),
                "army_sp": military.army_sp(s, w, units=units.get(w, [])),
                "enemy_sp": wars.enemy_strength(s, w),
            }
            for w, war in s["wars"].items()
        ],
        "territories": [
            {"id": t, "name": d["name"], "region": d["region"], **s["territories"][t], "units": at.get(t, [])}
            for t, d in k.TERRITORIES.items()
        ],
        "plus_ultra": dict(s["plus_ultra"]),
        "construction": at.get(military.CONSTRUCTION, [])
        + [{"fortification": k.TERRITORIES[t]["name"]} for t in s["forts_building"]],
        "decks": {
            "events": len(s["decks"]["events"]),
            "discard": len(s["decks"]["discard"]),
            "nobles": len(s["decks"]["nobles"]),
            "geniuses": len(s["decks"]["geniuses"]),
            "ladies": [notable(s, n, N) for n in s["decks"]["ladies"]],
        },
        "played": dict(s["played"]),
        "event": {"name": k.EVENTS[event]["name"], "text": k.EVENTS[event]["text"]} if event else None,
        "tests": [{"card": k.EVENTS[card]["name"], "symbol": sym} for card, sym in s["last_tests"]],
        "memorials": {
            "claimed": [
                {"name": k.MEMORIALS[m]["name"], "task": k.MEMORIALS[m]["task"]} for m in s["memorials"]["claimed"]
            ],
            "cards": memorial_states(s),
        }
        if in_use(s)
        else None,
    }


def printed_key(name: str) -> str:
    """The key of a printed name, ``pk:printed:<words>``: what a log entry or the table names a card by when its id
    may be hidden (the copies of a card share it, so it tells no more than the name the table saw); the renderer
    puts it in the reader's language (``PlanetKing.name_of``; issue 29)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return "pk:printed:" + re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


@functools.lru_cache(maxsize=8)
def name_keys(k: Components) -> dict[str, str]:
    """What a word the rules pass on names (a card's id or printed name, a territory's, a war's, a power's or a
    leader's English name) becomes in a log entry or a view: a card its printed name's key (:func:`printed_key`;
    its id may be hidden), the others their id, which the renderer names in the reader's language (issue 29)."""
    keys: dict[str, str] = {}
    for table in (k.TERRITORIES, k.WARS, k.POWERS, k.LEADERS, k.SCENARIOS):
        keys.update({d["name"]: i for i, d in table.items()})
    keys.update({name: i for i, name in k.PLACE_NAMES.items()})
    for table in (k.MEMORIALS, k.NOTABLES, k.EVENTS):
        keys.update({d["name"]: printed_key(d["name"]) for d in table.values()})
        keys.update({i: printed_key(d["name"]) for i, d in table.items()})
    return keys


def keyed(value: Any, keys: dict[str, str]) -> Any:
    """``value`` (a log entry's arguments, a reason) with every name or card id of ``keys`` replaced by its key."""
    if isinstance(value, str):
        return keys.get(value, value)
    if isinstance(value, list):
        return [keyed(v, keys) for v in value]
    if isinstance(value, dict):
        return {k: keyed(v, keys) for k, v in value.items()}
    return value


def named(why: Any) -> Any:
    """A reason as the table reads it, its cards and places by their keys (:func:`name_keys`): an event card's id is
    hidden once in the discard pile (its order is secret), though the table saw it played."""
    return keyed(why, name_keys(current()))


def memorial_states(s: dict) -> list[dict]:
    """Each Secret Memorial as the table sees it, never its content (Secret Memorial (Optional)): whose it is and
    whether it is sealed (dealt unread), read by its holder (logged to all, lines 759-763) or claimed."""
    m = s["memorials"]
    out = []
    for owner in ("hm", "council"):
        mid = m[owner]
        if mid is None:
            continue
        state = "claimed" if mid in m["claimed"] else "read" if mid in m["read"] else "sealed"
        out.append({"owner": owner, "holder": holder(s, owner), "state": state})
    return out


def private_view(s: dict, role: str) -> dict:
    if not in_use(s):
        return {}
    m = s["memorials"]
    mine = []
    for owner in ("hm", "council"):
        mid = m[owner]
        if holder(s, owner) == role and mid in m["read"]:
            mine.append(
                {
                    "id": mid,
                    "name": C.MEMORIALS[mid]["name"],
                    "task": C.MEMORIALS[mid]["task"],
                    "vp_black": C.MEMORIALS[mid]["vp_black"],
                    "vp_red": C.MEMORIALS[mid]["vp_red"],
                    "vp_white": C.MEMORIALS[mid]["vp_white"],
                    "claimed": mid in m["claimed"],
                }
            )
    return {"memorials": mine}
