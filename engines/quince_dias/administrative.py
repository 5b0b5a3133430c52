"""The Player Turn › 2.2 Playing an Administrative Ability: Reinforce, Invest, Spy, Enhance.

The card is discarded to play its ability (RULINGS OQ-20). The first Administrative Ability played while the
Control card is face up is free and turns it face down; the next ones cost 1 Ducat to the bank, until the card is
turned face up again at the next Drawing Hands (lines 95, 230; RULINGS OQ-01). An ability
used through Manipulate costs nothing and leaves the Control card as it is.

Cards drawn are shown to their drawer, and the spied hand to the spy (``g.show``): such a move is an undo
barrier.
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import Text, text
from engines.quince_dias.cards import (
    FAMILY_FLOOR,
    PUBLIC,
    can_pay,
    card,
    discard,
    draw,
    from_hand,
    hand_floor,
    is_character,
    is_conspirator,
    pay,
    to_hand,
)

INVEST_MAX = 2


def choices(g: Ctx, role: str) -> list[str]:
    s = g.s
    if not (s["control_free"] or can_pay(g, role, 1)):
        return []
    if s["phase"] == "family" and len(s["hands"][role]) <= FAMILY_FLOOR and not (s["deck"] or s["discard"]):
        return []
    out = []
    for cid in s["hands"][role]:
        if not is_character(cid) or is_conspirator(cid):
            continue
        out.append(cid)
    return out


def label(g: Ctx, cid: str) -> Text:
    return text(
        "act.admin_free" if g.s["control_free"] else "act.admin_paid",
        card=cid,
        ability=card(g, cid)["administrative_ability"],
    )


def play(g: Ctx, role: str, cid: str) -> None:
    s = g.s
    ability = card(g, cid)["administrative_ability"]
    if s["control_free"]:
        s["control_free"] = False
        g.log("log.admin_free", rule="administrative", role=role, ability=ability, card=cid)
    else:
        g.log("log.admin_paid", rule="administrative", role=role, ability=ability, card=cid, ducats=pay(g, role, 1))
    from_hand(g, role, cid)
    resolve(g, role, ability, cid)


def resolve(g: Ctx, role: str, ability: str, spent: str | None) -> None:
    """Play ``ability`` for ``role``; ``spent`` is the card played for it (None through Manipulate). The card is
    discarded at once: Enhance may take it back (a paid no-op, or the round's free one)."""
    s = g.s
    if spent is None:
        g.log("log.admin_manipulated", rule=ability, role=role, ability=ability)
    else:
        discard(g, spent)
    if ability == "enhance":
        if s["discard"]:
            g.call("enhance", role=role)
    elif ability == "reinforce":
        draw(g, role)
    elif ability == "invest":
        g.call("invest", role=role, discarded=0)
    else:
        if spy_targets(g, role):
            g.call("spy_target", role=role)
        else:
            draw(g, role)


def spy_targets(g: Ctx, role: str) -> list[str]:
    """Another player who has not left the phase (a left hand is untouchable) and holds cards, and whom the spy
    can pay for the card he takes: with a card of his own (2.2.3 "a card from his hand") or 1 Ducat."""
    s = g.s
    own = bool(s["hands"][role])
    return [
        r
        for r in s["roles"]
        if r != role
        and not s["left"][r]
        and s["hands"][r]
        and (own or (can_pay(g, role, 1) and len(s["hands"][r]) - 1 >= hand_floor(s)))
    ]


class Invest(Step):
    """2.2.2: discard up to 2 cards, draw as many, then one more."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        n = g.frame["discarded"]
        legal = {"invest_discard": list(g.s["hands"][role]), "invest_done": [None]}
        return text("prompt.invest", n=INVEST_MAX - n), {v: a for v, a in legal.items() if a}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "invest_done":
            return text("act.invest_done", n=g.frame["discarded"] + 1)
        return text("act.discard", card=arg)

    def on_invest_discard(self, g: Ctx, role: str, arg: str) -> None:
        from_hand(g, role, arg)
        discard(g, arg)
        g.log("log.discards", rule="invest", role=role, card=arg)
        g.frame["discarded"] += 1
        if g.frame["discarded"] == INVEST_MAX:
            self.on_invest_done(g, role, None)

    def on_invest_done(self, g: Ctx, role: str, arg: Any) -> None:
        n = g.frame["discarded"] + 1
        draw(g, role, n)
        g.log("log.draws", rule="invest", role=role, n=n)
        g.end()


def spied(s: dict) -> tuple[str, str] | None:
    """(spy, target) while a spy is choosing a card from the target's hand."""
    top = s["stack"][-1] if s["stack"] and s["outcome"] is None else None
    if top and top["step"] == "spy_take":
        return top["role"], top["target"]
    return None


class SpyTarget(Step):
    """2.2.3: choose whose hand to see."""

    goes_to = ("spy_take",)

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.spy_target"), {"spy": spy_targets(g, role)}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.spy", target=arg, n=len(g.s["hands"][arg]))

    def on_spy(self, g: Ctx, role: str, arg: str) -> None:
        hand = list(g.s["hands"][arg])
        g.show([role], hand)
        g.log("log.spies", rule="spy", role=role, target=arg)
        g.log("log.spied_hand", to=[role], rule="spy", target=arg, cards=hand, refs=hand)
        g.goto("spy_take", role=role, target=arg)


class SpyTake(Step):
    """2.2.3: take one card of the spied hand (seen only by the spy while he chooses)."""

    goes_to = ("spy_give",)

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        target = g.frame["target"]
        return text("prompt.spy_take", target=target), {"take": list(g.s["hands"][target])}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.take", card=arg)

    def on_take(self, g: Ctx, role: str, arg: str) -> None:
        target = g.frame["target"]
        from_hand(g, target, arg)
        to_hand(g, role, arg, [target])
        g.log("log.spy_takes", rule="spy", role=role, target=target)
        g.log("log.takes_your", to=[target], rule="spy", other=role, card=arg, refs=[arg])
        g.goto("spy_give", role=role, target=target, taken=arg)


class SpyGive(Step):
    """2.2.3: trade a card from the spy's hand for it, or give 1 Ducat; then draw a card. The card just taken
    is not the spy's own: he cannot hand it back (it would make Spy a free look and a free draw)."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        s, f = g.s, g.frame
        legal: dict[str, list] = {}
        own = [c for c in s["hands"][role] if c != f["taken"]]
        if own:
            legal["give"] = own
        if can_pay(g, role, 1) and len(s["hands"][f["target"]]) >= hand_floor(s):
            legal["pay"] = [None]
        return text("prompt.spy_give", target=f["target"]), legal

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.spy_{verb}", card=arg, target=g.frame["target"])

    def on_give(self, g: Ctx, role: str, arg: str) -> None:
        target = g.frame["target"]
        from_hand(g, role, arg)
        to_hand(g, target, arg, [role])
        g.show([target], [arg])
        g.log("log.spy_trades", rule="spy", role=role, target=target)
        g.log("log.gives_you", to=[target], rule="spy", other=role, card=arg, refs=[arg])
        self._finish(g, role)

    def on_pay(self, g: Ctx, role: str, arg: Any) -> None:
        target = g.frame["target"]
        paid = pay(g, role, 1, target)
        g.log("log.spy_pays", rule="spy", role=role, target=target, ducats=paid)
        self._finish(g, role)

    def _finish(self, g: Ctx, role: str) -> None:
        draw(g, role)
        g.end()


class Enhance(Step):
    """2.2.4: search the Court discard pile and take a card (in sight of the table)."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.enhance"), {"take": list(reversed(g.s["discard"]))}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.take", card=arg)

    def on_take(self, g: Ctx, role: str, arg: str) -> None:
        g.s["discard"].remove(arg)
        to_hand(g, role, arg, PUBLIC)
        g.log("log.enhance_takes", rule="enhance", role=role, card=arg)
        g.end()
