"""The Player Turn › 2.2 Playing an Administrative Ability: Reinforce, Invest, Spy, Enhance.

The card is discarded to play its ability (RULINGS OQ-20). The first Administrative Ability of a Confrontation is
free and turns the Control card face down; the next ones cost 1 Ducat to the bank (RULINGS OQ-01). An ability
used through Manipulate costs nothing and leaves the Control card as it is.
"""
from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step, act
from engines.quince_dias.cards import (FAMILY_FLOOR, can_pay, card, discard, draw, hand_floor, is_character,
                                       is_conspirator, label, name, pay)

INVEST_MAX = 2
ABILITY_NAMES = {"reinforce": "Reinforce", "invest": "Invest", "spy": "Spy", "enhance": "Enhance"}
R_ADMIN = "The Player Turn › 2.2 Playing an Administrative Ability"
R_RULE = {
    "reinforce": "The Player Turn › 2.2.1 Reinforce", "invest": "The Player Turn › 2.2.2 Invest",
    "spy": "The Player Turn › 2.2.3 Spy", "enhance": "The Player Turn › 2.2.4 Enhance",
}


def actions(s: dict, role: str) -> list:
    if not (s["control_free"] or can_pay(s, role, 1)):
        return []
    if s["phase"] == "family" and len(s["hands"][role]) <= FAMILY_FLOOR and not (s["deck"] or s["discard"]):
        return []
    cost = "free" if s["control_free"] else "1 Ducat"
    acts = []
    for cid in s["hands"][role]:
        if not is_character(cid) or is_conspirator(cid):
            continue
        ability = card(cid)["administrative_ability"]
        if ability == "enhance" and not s["discard"]:
            continue
        acts.append(act("admin", cid, f"{name(cid)}: {ABILITY_NAMES[ability]} ({cost})"))
    return acts


def play(g: Ctx, role: str, cid: str) -> None:
    s = g.s
    ability = card(cid)["administrative_ability"]
    if s["control_free"]:
        s["control_free"] = False
        cost = "free; the Control card is turned face down"
    else:
        cost = f"paying {pay(g, role, 1)} Ducat(s)"
    g.log(f"{label(role)} plays {ABILITY_NAMES[ability]} with {name(cid)} ({cost}).", rule=R_ADMIN)
    s["hands"][role].remove(cid)
    resolve(g, role, ability, cid)


def resolve(g: Ctx, role: str, ability: str, spent: str | None, manipulator: str | None = None) -> None:
    """Play ``ability`` for ``role``; ``spent`` is the card played for it (None through Manipulate, then
    ``manipulator`` is the Manipulate card played, which Enhance cannot take back)."""
    s = g.s
    if spent is None:
        g.log(f"{label(role)} plays {ABILITY_NAMES[ability]} (free through Manipulate).", rule=R_RULE[ability])
    if ability == "enhance":
        exclude = spent or manipulator
        if any(c != exclude for c in s["discard"]):
            g.push("enhance", role=role, exclude=exclude)
    elif ability == "reinforce":
        draw(g, role)
    elif ability == "invest":
        g.push("invest", role=role, discarded=0)
    else:
        spied = spy_targets(s, role)
        if spied:
            g.push("spy_target", role=role)
        else:
            draw(g, role)
    if spent:
        discard(g, spent)


def spy_targets(s: dict, role: str) -> list[str]:
    """Another player who has not left the phase (a left hand is untouchable) and holds cards."""
    return [r for r in s["roles"] if r != role and not s["left"][r] and s["hands"][r]]


class Invest(Step):
    """2.2.2: discard up to 2 cards, draw as many, then one more."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        n = g.frame["discarded"]
        acts = [act("invest_discard", c, f"Discard {name(c)}") for c in g.s["hands"][role]]
        acts.append(act("invest_done", None, f"Draw {n + 1} card(s)"))
        return f"Invest: discard up to {INVEST_MAX - n} more card(s).", acts

    def on_invest_discard(self, g: Ctx, role: str, arg: str) -> None:
        g.s["hands"][role].remove(arg)
        discard(g, arg)
        g.log(f"{label(role)} discards {name(arg)}.", rule=R_RULE["invest"])
        g.frame["discarded"] += 1
        if g.frame["discarded"] == INVEST_MAX:
            self.on_invest_done(g, role, None)

    def on_invest_done(self, g: Ctx, role: str, arg: Any) -> None:
        n = g.pop()["discarded"] + 1
        draw(g, role, n)
        g.log(f"{label(role)} draws {n} card(s).", rule=R_RULE["invest"])


class SpyTarget(Step):
    """2.2.3: choose whose hand to see."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        return "Spy: whose hand do you look at?", [
            act("spy", r, f"Look at {label(r)}'s hand ({len(g.s['hands'][r])} cards)") for r in spy_targets(g.s, role)]

    def on_spy(self, g: Ctx, role: str, arg: str) -> None:
        names = ", ".join(name(c) for c in g.s["hands"][arg])
        g.log(f"{label(role)} looks at {label(arg)}'s hand.", rule=R_RULE["spy"])
        g.log(f"{label(arg)}'s hand: {names}.", to=[role])
        g.goto("spy_take", role=role, target=arg)


class SpyTake(Step):
    """2.2.3: take one card of the spied hand (seen only by the spy while he chooses)."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        target = g.frame["target"]
        return f"Spy: take one card from {label(target)}'s hand.", [
            act("take", c, f"Take {name(c)}") for c in g.s["hands"][target]]

    def on_take(self, g: Ctx, role: str, arg: str) -> None:
        target = g.frame["target"]
        g.s["hands"][target].remove(arg)
        g.s["hands"][role].append(arg)
        g.log(f"{label(role)} takes a card from {label(target)}'s hand.", rule=R_RULE["spy"])
        g.log(f"{label(role)} takes your {name(arg)}.", to=[target])
        g.goto("spy_give", role=role, target=target, taken=arg)


class SpyGive(Step):
    """2.2.3: trade a card from the spy's hand for it, or give 1 Ducat; then draw a card."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        s, f = g.s, g.frame
        acts = [act("give", c, f"Give {name(c)} to {label(f['target'])}") for c in s["hands"][role]]
        floor = hand_floor(s)
        if can_pay(s, role, 1) and len(s["hands"][f["target"]]) >= floor:
            acts.append(act("pay", None, f"Give Ducats to {label(f['target'])} instead"))
        return "Spy: give a card from your hand in trade, or 1 Ducat.", acts

    def on_give(self, g: Ctx, role: str, arg: str) -> None:
        target = g.frame["target"]
        g.s["hands"][role].remove(arg)
        g.s["hands"][target].append(arg)
        g.log(f"{label(role)} gives {label(target)} a card in trade.", rule=R_RULE["spy"])
        g.log(f"{label(role)} gives you {name(arg)}.", to=[target])
        self._finish(g, role)

    def on_pay(self, g: Ctx, role: str, arg: Any) -> None:
        target = g.frame["target"]
        paid = pay(g, role, 1, target)
        g.log(f"{label(role)} gives {paid} Ducat(s) to {label(target)}.", rule=R_RULE["spy"])
        self._finish(g, role)

    def _finish(self, g: Ctx, role: str) -> None:
        g.pop()
        draw(g, role)


class Enhance(Step):
    """2.2.4: search the Court discard pile and take a card."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        return "Enhance: take a card from the Court discard pile.", [
            act("take", c, f"Take {name(c)}") for c in reversed(g.s["discard"]) if c != g.frame["exclude"]]

    def on_take(self, g: Ctx, role: str, arg: str) -> None:
        g.s["discard"].remove(arg)
        g.s["hands"][role].append(arg)
        g.log(f"{label(role)} takes {name(arg)} from the Court discard pile.", rule=R_RULE["enhance"])
        g.pop()
