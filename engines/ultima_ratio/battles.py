"""Ultima Ratio Regis — THE SEAM to combat (13), logistics (15) and leaders (17).

PROVISIONAL: every function here is a stand-in, to be replaced by ``combat*.py``, ``logistics.py``,
``leaders.py`` and ``veterans.py`` (written at the same time by other helpers). The movement chapters (10-12), the
Emirates automaton and the end of turn call combat and stacking ONLY through these functions, with these
signatures, so that the integration is this one file (ENGINE.md › Seams).

What the stand-ins do: the dice and the combat table of 13.1.1 and 13.1.6, casualties and disbands of 13.1.7
(the loser's units to eliminate / disperse are counted, the caller applies them), the battlefield sizes the
caller passes, advantages and disadvantages as a net category shift. Not modelled here: combat cards, leaders,
conscripts (13.1.9), veterans (13.3.8), morale counters (13.1.8), the siege track (13.4: a siege is one assault,
won by the besieger when it scores more points than the fortress's Q3 die).
"""
from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio.board import Board
from engines.ultima_ratio import state as st

# 13.1.6 combat table: die roll -> (battle points, casualty)
TABLE = {1: (0, 0), 2: (0, 0), 3: (1, 0), 4: (1, 1), 5: (2, 0), 6: (2, 1)}


def category_roll(category: int, roll: int) -> int:
    """13.1.1: Q4 raises results below 4 to 4, Q3 below 3 to 3, Q2 below 2 to 2; Q1 lowers results above 1."""
    if category <= 1:
        return roll - 1 if roll > 1 else roll
    return max(roll, min(category, 4))


def shift(categories: list[int], net: int) -> list[int]:
    """13.1.2: each advantage raises one die's category, each disadvantage lowers one; the ones that cannot be
    applied (all dice at 1 or 4) are ignored. Stand-in choice: advantages go to the worst dice, disadvantages to
    the best."""
    cats = sorted(categories)
    for _ in range(abs(net)):
        if net > 0:
            i = next((k for k, c in enumerate(cats) if c < 4), None)
            if i is None:
                break
            cats[i] += 1
        else:
            i = next((k for k in range(len(cats) - 1, -1, -1) if cats[k] > 1), None)
            if i is None:
                break
            cats[i] -= 1
        cats.sort()
    return cats


def roll_side(g: Ctx, categories: list[int]) -> tuple[int, int, list[int]]:
    """Roll one die per category: (battle points, casualties, the modified rolls)."""
    points = casualties = 0
    rolls = []
    for category in categories:
        r = category_roll(category, g.roll())
        rolls.append(r)
        p, c = TABLE[r]
        points += p
        casualties += c
    return points, casualties, rolls


def combat(g: Ctx, a: list[int], b: list[int], net_a: int = 0, net_b: int = 0) -> dict:
    """Two sides' dice (categories, already cut to the battlefield): the winner ("a", "b" or None for a draw) and
    what each side must suffer (13.1.7): ``eliminate`` (two casualties each) and ``disband`` (the point difference
    for the loser, plus one for an odd casualty)."""
    pa, ca, ra = roll_side(g, shift(a, net_a))
    pb, cb, rb = roll_side(g, shift(b, net_b))
    winner = "a" if pa > pb else "b" if pb > pa else None
    out = {"winner": winner, "points": {"a": pa, "b": pb}, "rolls": {"a": ra, "b": rb},
           "eliminate": {"a": cb // 2, "b": ca // 2}, "disband": {"a": cb % 2, "b": ca % 2}}
    if winner is not None:
        loser = "b" if winner == "a" else "a"
        out["disband"][loser] += abs(pa - pb)
    return out


# ----- the seam ---------------------------------------------------------------------------------------------------
def stacking_limit(s: dict, board: Board, area: str, power: str) -> int:
    """15.1 (PROVISIONAL, logistics.py): the printed limit of the area (no organizer leaders yet)."""
    return board.areas[area].stacking_limit


def stacking_room(s: dict, board: Board, area: str, power: str) -> int:
    """How many more troops of the power fit in the area (15.1: leaders and fortresses do not count)."""
    return stacking_limit(s, board, area, power) - len(st.troops_in(s, area, power))


def supplied(s: dict, board: Board, area: str, power: str) -> bool:
    """15.2 (PROVISIONAL, logistics.py): a subjugation or siege is possible if the area is adjacent to a
    controlled one, or adjacent to an area with an own troop (without an enemy fortress), or a port on a sea
    without enemy fleets."""
    for other in st.neighbours(s, board, area):
        if st.controls(s, power, other):
            return True
        if st.troops_in(s, other, power):
            fort = st.fortress(s, other)
            if not (fort and fort["built"] and st.hostile(s, power, fort["power"])):
                return True
    for sea in board.areas[area].seas:
        if not any(st.hostile(s, power, s["units"][u]["power"]) for u in st.units_at(s, st.SEA + sea)):
            return True
    return False


def resolve_subjugation(g: Ctx, area: str, power: str, troops: list[str], level: int,
                        disadvantages: int, opponent_disadvantages: int = 0) -> dict:
    """13.5.4 (PROVISIONAL, combat.py): the subjugator rolls one Q3 die, the opposition one die of ``level``
    (A2/R2 or a troop: Q2; A3/R3: Q3); the disadvantages of 13.5.3 are counted by the caller. Returns
    ``{"result": "win" | "tie" | "loss", "disband": n}`` — the disband results the subjugator suffers (13.5.5)."""
    fight = combat(g, [3], [level], -disadvantages, -opponent_disadvantages)
    result = {"a": "win", "b": "loss", None: "tie"}[fight["winner"]]
    lost = fight["disband"]["a"] + 2 * fight["eliminate"]["a"]
    return {"result": result, "disband": lost, "points": fight["points"], "rolls": fight["rolls"]}


def resolve_naval_battle(g: Ctx, attackers: list[str], defenders: list[str], battlefield: int,
                         disadvantages: dict[str, int] | None = None) -> dict:
    """13.2 (PROVISIONAL, combat.py): ``battlefield`` dice at most per side (13.2.4), one per squadron of its
    quality. Returns the winner ("attacker" / "defender" / None) and, per side, the squadrons to damage (every two
    disband results, 13.2.5) and to eliminate (every two casualties); the stand-in takes the worst squadrons
    first."""
    dis = disadvantages or {}
    a = [st.quality(g.s, u) for u in attackers][:battlefield]
    d = [st.quality(g.s, u) for u in defenders][:battlefield]
    fight = combat(g, a, d, -dis.get("attacker", 0), -dis.get("defender", 0))
    names = {"a": "attacker", "b": "defender"}
    out = {"winner": names.get(fight["winner"]), "points": fight["points"], "rolls": fight["rolls"],
           "eliminated": {}, "damaged": {}}
    for side, units in (("a", attackers), ("b", defenders)):
        pool = sorted(units, key=lambda u: st.quality(g.s, u))
        if names[side] == out["winner"]:
            pool = pool[:-1]  # 13.1.7: the winner never loses its last unit
        gone = pool[:fight["eliminate"][side]]
        hurt = [u for u in pool if u not in gone][:fight["disband"][side] // 2]
        out["eliminated"][names[side]] = gone
        out["damaged"][names[side]] = hurt
    return out


def resolve_land_battle(g: Ctx, area: str, attackers: list[str], defenders: list[str], battlefield: int,
                        fortress: bool = False, disadvantages: dict[str, int] | None = None) -> dict:
    """13.3 (PROVISIONAL, combat.py): the battlefield (13.3.4) is passed by the caller; a fortress of the defender
    adds a Q3 die that cannot be eliminated. Each disband result disperses one troop (13.3.6). Returns the winner
    and, per side, the troops to eliminate and to disperse (worst first; the winner keeps its last unit)."""
    dis = disadvantages or {}
    a = [st.quality(g.s, u) for u in attackers][:battlefield]
    d = ([3] if fortress else []) + [st.quality(g.s, u) for u in defenders]
    fight = combat(g, a, d[:battlefield], -dis.get("attacker", 0), -dis.get("defender", 0))
    names = {"a": "attacker", "b": "defender"}
    out = {"winner": names.get(fight["winner"]), "points": fight["points"], "rolls": fight["rolls"],
           "eliminated": {}, "dispersed": {}}
    for side, units in (("a", attackers), ("b", defenders)):
        pool = sorted(units, key=lambda u: st.quality(g.s, u))
        if names[side] == out["winner"]:
            pool = pool[:-1]
        gone = pool[:fight["eliminate"][side]]
        out["eliminated"][names[side]] = gone
        out["dispersed"][names[side]] = [u for u in pool if u not in gone][:fight["disband"][side]]
    return out


def resolve_siege(g: Ctx, area: str, besiegers: list[str], besieged: list[str]) -> dict:
    """13.4 (PROVISIONAL, combat.py): one assault; the besiegers' dice (at most 2) against the fortress's Q3 die
    and the besieged troops'. ``{"result": "taken" | "held"}``: taken when the besiegers score more points."""
    a = [st.quality(g.s, u) for u in besiegers][:2]
    d = [3] + [st.quality(g.s, u) for u in besieged][:1]
    fight = combat(g, a, d)
    return {"result": "taken" if fight["winner"] == "a" else "held", "points": fight["points"],
            "rolls": fight["rolls"]}
