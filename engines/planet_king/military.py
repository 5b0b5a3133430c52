"""Military units, strength points and lines of communication (Components › Military Units; Game Board;
Simple Actions › Move a Fleet, Tercio or Leader).
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import Text, text
from engines.planet_king.components import F_ITALY, PALATINATE, PLUS_ULTRA, C, current

CONSTRUCTION = "construction"
UNIT_NAMES = {
    "spanish_tercio": "Spanish tercio",
    "old_tercio": "old (veteran) tercio",
    "provincial_tercio": "provincial tercio",
    "fleet": "fleet",
    "nations_tercio": "tercio of Nations",
    "english_tercio": "English tercio",
    "french_tercio": "French tercio",
    "habsburg_tercio": "Habsburg tercio",
}
LAND = {
    "spanish_tercio",
    "old_tercio",
    "provincial_tercio",
    "nations_tercio",
    "english_tercio",
    "french_tercio",
    "habsburg_tercio",
}


def loc_name(loc: str) -> str:
    if loc == CONSTRUCTION:
        return "Under Construction"
    if loc in C.WARS:
        return C.WARS[loc]["name"]
    return C.TERRITORIES[loc]["name"]


def unit_text(u: dict) -> Text:
    """ "<unit type> in <place>", the type named by ``name.<type>`` (an old tercio on its 1 SP side apart)."""
    kind = u["type"] + ("_damaged" if u["type"] == "old_tercio" and u["damaged"] else "")
    return text("unit.in", unit=kind, at=u["loc"])


def units_at(s: dict, loc: str) -> list[dict]:
    return [u for u in s["units"] if u["loc"] == loc]


def new_unit(s: dict, kind: str, loc: str) -> dict | None:
    """Take a counter from the supply (the counter mix is a limit, Components › Military Units)."""
    used = sum(1 for u in s["units"] if u["type"] == kind)
    if used >= C.UNIT_LIMITS.get(kind, 0):
        return None
    s["unit_seq"] += 1
    u = {"id": f"pk:unit:{s['unit_seq']}", "type": kind, "loc": loc, "damaged": False}
    s["units"].append(u)
    return u


def supply_left(s: dict, kind: str) -> int:
    return C.UNIT_LIMITS.get(kind, 0) - sum(1 for u in s["units"] if u["type"] == kind)


def unit_sp(u: dict) -> float:
    if u["type"] == "provincial_tercio":
        return 0.5
    if u["type"] == "old_tercio":
        return 1.0 if u["damaged"] else 2.0
    return 1.0


def army_sp(s: dict, wid: str, enemy_campaign: bool = False, units: list[dict] | None = None) -> float:
    """The SP of the army in a war for comparing strengths: in the player's campaign a naval power's war without a
    fleet counts one SP less (in an enemy campaign the missing fleet makes neutral results negative instead);
    other wars count at most one fleet, the Palatinate none (Government Actions › Military Campaign; Progression
    of a War)."""
    k = current()
    units = units_at(s, wid) if units is None else units  # ``units``: the war's units, when the caller has them
    land = sum(unit_sp(u) for u in units if u["type"] in LAND)
    fleets = sum(1 for u in units if u["type"] == "fleet")
    rule = k.WARS[wid]["fleets"]
    if rule == "required":
        return land + fleets if fleets or enemy_campaign else max(0.0, land - 1)
    if rule == "none":
        return land
    return land + min(fleets, 1)


def has_fleet(s: dict, loc: str) -> bool:
    return any(u["type"] == "fleet" for u in units_at(s, loc))


def neighbours(s: dict, loc: str) -> set[str]:
    """Locations joined to ``loc`` by a line of communication. The Valtellina line (Franche-Comté–Italy) is cut
    while the pass is closed. Plus Ultra touches every territory and war except the Palatinate and Franche-Comté."""
    out = C.ADJACENT.get(loc, set())
    if s["flags"]["valtellina_closed"]:
        cut = {b for pair in C.VALTELLINA if loc in pair for b in pair if b != loc}
        if cut:
            return out - cut
    return out


def reachable(s: dict, start: str, kind: str) -> set[str]:
    """Every location a unit of ``kind`` can reach from ``start`` along uninterrupted lines of communication,
    passing only through territories (and Plus Ultra, which a tercio may cross only with a fleet SP there)."""
    k = current()
    land = kind in LAND
    seen, frontier = {start}, [start]
    while frontier:
        here = frontier.pop()
        for nxt in neighbours(s, here):
            if nxt in seen:
                continue
            if nxt == PLUS_ULTRA and land and not has_fleet(s, PLUS_ULTRA):
                continue
            seen.add(nxt)
            if nxt in k.TERRITORIES:
                frontier.append(nxt)
    seen.discard(start)
    return {d for d in seen if may_stand(s, kind, d)}


def may_stand(s: dict, kind: str, loc: str) -> bool:
    """Where a unit may end its move: no tercios in the Indies or Plus Ultra; provincial tercios only in their
    places; no fleets in the Palatinate or Franche-Comté; one fleet at most in a war with a land power; only
    active wars; Habsburg tercios only on French fronts or in the Palatinate."""
    k = current()
    if loc in k.WARS:
        if s["wars"][loc]["status"] != "war":
            return False
        fleets = k.WARS[loc]["fleets"]
        if kind == "fleet" and (fleets == "none" or (fleets == "one" and has_fleet(s, loc))):
            return False
        if kind == "habsburg_tercio" and not (loc == PALATINATE or k.WARS[loc]["power"] == k.WARS[F_ITALY]["power"]):
            return False
    else:
        place = k.TERRITORIES[loc]
        if not place["fleets" if kind == "fleet" else "tercios"] or kind == "habsburg_tercio":
            return False
    return not (kind == "provincial_tercio" and loc not in k.PROVINCIAL_PLACES)


def remove_unit(s: dict, uid: str) -> None:
    s["units"] = [u for u in s["units"] if u["id"] != uid]


def unit(s: dict, uid: str) -> dict:
    return next(u for u in s["units"] if u["id"] == uid)


def war_name(wid: str) -> str:
    return C.WARS[wid]["name"]


def sp_victims(s: dict, wid: str, forced_veteran: bool) -> list[dict]:
    """The units that may lose the SP: an undamaged veteran must be flipped when the enemy leader's strategy is 2 or
    3; otherwise any unit (one of each kind is offered)."""
    units = units_at(s, wid)
    veterans = [u for u in units if u["type"] == "old_tercio" and not u["damaged"]]
    if forced_veteran and veterans:
        return veterans[:1]
    seen, out = set(), []
    for u in units:
        key = (u["type"], u["damaged"])
        if key not in seen:
            seen.add(key)
            out.append(u)
    return out


def lose_sp(g: Ctx, wid: str, uid: str) -> None:
    """One SP lost: a veteran is flipped to its 1 SP side, any other unit is eliminated."""
    u = unit(g.s, uid)
    if u["type"] == "old_tercio" and not u["damaged"]:
        u["damaged"] = True
        g.log("log.an_old_tercio_in_is", wid=wid, rule="wars.progression_of_a_war")
        return
    remove_unit(g.s, uid)
    g.log("log.a_is_eliminated_in", unit=u["type"], wid=wid, rule="wars.progression_of_a_war")
