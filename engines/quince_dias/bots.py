"""Bots for 15 Días: the random-legal bot and a heuristic one.

The heuristic bot scores every legal action and plays the best (ties broken at random). It chooses strong Main
Characters for the power at stake, covers them, attacks the leading opponent (the other family in the Family
Confrontation) where the Court Ability gains the most, plays Safe in Position on its own side and Charged and
Accused on the leader, sends spare Characters to the Estate for Ducats, and never hires a Conspirator (-3).
"""
from __future__ import annotations

import random

from engines.core.game import Game, random_bot
from engines.quince_dias.cards import card, is_character, player_total, reference, value
from engines.quince_dias.content import POWERS

ESTATE_USEFUL = 2


def _totals(s: dict) -> dict[str, int]:
    return {r: player_total(s, r) for r in s["roles"]}


def advantage(s: dict, role: str) -> int:
    """How far ``role``'s side is ahead: his family against the other (family phase), him against the best."""
    totals = _totals(s)
    if s["phase"] == "family":
        fam = s["family"][role]
        mine = sum(totals[r] for r in s["members"][fam])
        theirs = sum(totals[r] for r in s["roles"] if s["family"][r] != fam)
        return mine - theirs
    return totals[role] - max(t for r, t in totals.items() if r != role)


def _ref_value(s: dict, role: str, cid: str) -> int:
    return value(s, cid, reference(s, role)) if s["phase"] else max(card(cid)[p] for p in POWERS)


def _after(s: dict, role: str, change) -> int:
    """The advantage after a hypothetical change of the table (undone at once)."""
    saved = (dict(s["main"]), dict(s["covered"]), dict(s.get("relative", {})), dict(s["sit"]))
    change()
    result = advantage(s, role)
    s["main"], s["covered"], s["sit"] = saved[0], saved[1], saved[3]
    if "relative" in s:
        s["relative"] = saved[2]
    return result


def _remove(s: dict, key: str):
    def change():
        if key.startswith("relative:"):
            s["relative"][key[9:]] = None
        else:
            s["main"][key], s["covered"][key] = s["covered"][key], None
    return change


def _court_gain(s: dict, role: str, ability: str, key: str, base: int) -> float:
    if ability in ("cancel", "attract"):
        return _after(s, role, _remove(s, key)) - base
    if ability == "replace":
        def swap():
            s["main"][role], s["main"][key] = s["main"][key], s["main"][role]
        return _after(s, role, swap) - base
    return 0.5


def _situation_gain(s: dict, role: str, sit: str, target: str, base: int) -> float:
    kind = card(sit)["kind"]
    owner = next(r for r in s["roles"] if target in (s["main"][r], s["covered"][r]))
    friendly = owner == role or (s["phase"] == "family" and s["family"][owner] == s["family"][role])
    if kind in ("safe_in_position", "charged_and_accused"):
        def attach():
            s["sit"][target] = sit
        return _after(s, role, attach) - base
    if kind in ("grandee_of_spain", "loyal_to_the_cause", "double_agent"):
        return 1.0 if friendly and target == s["main"][owner] else -1.0
    return 0.5 if not friendly else -1.0


def _score(s: dict, role: str, action: dict, base: int) -> float:
    verb, arg = action["verb"], action["arg"]
    if verb == "propose":
        return -sum(card(c)[arg] for c in s["hands"][role] if is_character(c))
    if verb in ("agree", "keep", "use_admin"):
        return 1.0
    if verb in ("choose", "main"):
        return _ref_value(s, role, arg) * 3 + card(arg)["initiative"] * 0.05
    if verb == "cover":
        return 2 + _ref_value(s, role, arg)
    if verb == "estate":
        stage = s["stack"][-1].get("stage")
        useful = len(s["estate"][role]) < ESTATE_USEFUL
        return (0.8 if useful else -0.4) - _ref_value(s, role, arg) * 0.05 - (0.5 if stage == "special" else 0)
    if verb == "court":
        return _court_gain(s, role, card(arg[0])["court_ability"], arg[1], base) - 0.6
    if verb == "use_court":
        return _court_gain(s, role, card(s["stack"][-1]["char"])["court_ability"], arg, base)
    if verb == "situation":
        return _situation_gain(s, role, arg[0], arg[1], base) - 0.4
    if verb == "admin":
        return 0.3 if s["control_free"] else -0.7
    if verb in ("pass", "discard", "invest_discard", "give"):
        return -1 - (_ref_value(s, role, arg) if is_character(arg) else 0) * 0.1
    if verb == "leave":
        return -0.5 if len(s["hands"][role]) > 4 else -0.3
    if verb == "take":
        return _ref_value(s, role, arg) if is_character(arg) else 1
    if verb in ("pay", "hire", "conspire", "disagree"):
        return -5.0
    return 0.0


def heuristic_bot(game: Game, state: dict, role: str, rnd: random.Random) -> dict:
    """Play the best-scoring legal action."""
    acts = game.actions(state, role)
    if len(acts) == 1:
        return acts[0]
    base = advantage(state, role) if state["phase"] else 0
    return max(acts, key=lambda a: (_score(state, role, a, base), rnd.random()))


BOTS = {"random": random_bot, "heuristic": heuristic_bot}
__all__ = ["BOTS", "heuristic_bot"]
