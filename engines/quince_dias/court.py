"""The Player Turn › 2.1 Playing a Court Ability: Cancel, Replace, Attract, Manipulate.

A Character card is discarded from hand and its Court Ability played on another player's Main Character whose
reference Power value lies inside the card's Influence Range for that power (the attacking family's power in the
Family Confrontation). Covered and Estate Characters are never targets. Special Situations: Grandee of Spain
stops Cancel; Loyal to the Cause stops Replace, Attract and Manipulate; Double Agent replaces a Cancelled
Character from the Court discard pile. A Manipulated Character lends its Court Ability (checked with its own
range, never against itself, chains allowed) or its Administrative Ability (free) (RULINGS OQ-14). A Character
lends its Administrative Ability through Manipulate once per Confrontation (RULINGS › Manipulate): a free
Administrative Ability leaves the hand as large as it was, so without a bound the Confrontation need never end.

A step an ability needs (Attract's compensation, Manipulate's choice) is called above the step that played it,
which ends when it does.
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import Text, text
from engines.quince_dias import administrative, two_player
from engines.quince_dias.cards import (
    PUBLIC,
    can_pay,
    card,
    detach_situation,
    discard,
    from_hand,
    hand_floor,
    is_character,
    lose_main,
    pay,
    reference,
    situation_kind,
    to_hand,
    value,
)


def can_compensate(g: Ctx, role: str, spent: str | None) -> bool:
    """Attract: the attacker can give back another Character from his hand, or 1 Ducat."""
    s = g.s
    hand = [c for c in s["hands"][role] if c != spent]
    return (any(is_character(c) for c in hand) and len(hand) >= hand_floor(s)) or can_pay(g, role, 1)


def candidates(g: Ctx, role: str, power: str, used: tuple = ()) -> list[tuple[str, str, int, str | None]]:
    """(player, Main Character, its reference value, its Special Situation kind) for every other player."""
    s = g.s
    found = []
    for other in s["roles"]:
        main = s["main"][other]
        if other != role and main and main not in used:
            found.append((other, main, value(g, main, power), situation_kind(g, main)))
    return found


def targets(
    g: Ctx, role: str, user: str, ability: str, spent: str | None, used: tuple = (), found: list | None = None
) -> list[str]:
    """The target keys (a player's role for his Main Character, "relative:<role>" for a Relative) that the
    Character ``user`` can reach with ``ability``; ``spent`` is the card discarded from hand for it."""
    s = g.s
    power = reference(s, role)
    if ability == "replace" and (not s["main"][role] or situation_kind(g, s["main"][role]) == "loyal_to_the_cause"):
        return []
    if ability == "attract" and not can_compensate(g, role, spent):
        return []
    low, high = card(g, user)["ranges"][power]
    keys = []
    for other, main, val, kind in candidates(g, role, power, used) if found is None else found:
        if main == user or not low <= val <= high:
            continue
        if kind == "grandee_of_spain" if ability == "cancel" else kind == "loyal_to_the_cause":
            continue
        keys.append(other)
    if ability in ("cancel", "attract") and "relative" in s:
        keys += two_player.relative_targets(g, role, user, power)
    return keys


def target_args(g: Ctx, key: str) -> dict:
    """The words that name a target key: its owner and the Character (``relative`` for a Relative)."""
    if key.startswith("relative:"):
        owner = key[9:]
        return {"owner": owner, "target": g.s["relative"][owner], "relative": True}
    return {"owner": key, "target": g.s["main"][key], "relative": False}


def choices(g: Ctx, role: str) -> list[list[str]]:
    """Common Action 2.1 for every Character in hand and every target it reaches: ``[card, target key]``."""
    s = g.s
    floor_ok = len(s["hands"][role]) - 1 >= hand_floor(s)
    found = candidates(g, role, reference(s, role))
    if not found and "relative" not in s:
        return []
    out = []
    for cid in s["hands"][role]:
        if cid.startswith("qd:sit:"):
            continue
        ability = card(g, cid)["court_ability"]
        if not floor_ok and ability != "attract":
            continue
        for key in targets(g, role, cid, ability, cid, (), found):
            out.append([cid, key])
    return out


def label(g: Ctx, role: str, arg: list) -> Text:
    cid, key = arg
    t = target_args(g, key)
    return text(
        "act.court_relative" if t.pop("relative") else "act.court", card=cid, ability=card(g, cid)["court_ability"], **t
    )


def play(g: Ctx, role: str, cid: str, key: str) -> None:
    """Play the Court Ability of ``cid`` from hand on ``key``, then discard the card."""
    from_hand(g, role, cid)
    resolve(g, role, cid, card(g, cid)["court_ability"], key, (), cid)
    discard(g, cid)


def resolve(g: Ctx, role: str, user: str, ability: str, key: str, used: tuple, spent: str) -> None:
    """Play ``ability`` of ``user`` on ``key``; ``used`` are the Characters already Manipulated in this chain,
    ``spent`` the card played from hand for the whole Common Action."""
    s = g.s
    t = target_args(g, key)
    g.log(
        "log.court_relative" if t.pop("relative") else "log.court",
        rule=ability,
        role=role,
        ability=ability,
        card=user,
        **t,
    )
    if key.startswith("relative:"):
        two_player.strike_relative(g, role, key[9:], ability)
        return
    if ability == "cancel":
        cancel(g, key, spent)
    elif ability == "replace":
        mine, theirs = s["main"][role], s["main"][key]
        s["main"][role], s["main"][key] = theirs, mine
        power = reference(s, role)
        g.log(
            "log.replaced",
            rule="replace",
            role=role,
            card=theirs,
            value=value(g, theirs, power),
            other=key,
            other_card=mine,
            other_value=value(g, mine, power),
        )
    elif ability == "attract":
        taken = lose_main(g, key)
        to_hand(g, role, taken, PUBLIC)
        g.call("attract_pay", role=role, to=key, taken=taken)
    else:
        g.call("manipulate", role=role, char=s["main"][key], used=[*used, s["main"][key]], spent=spent)


def cancel(g: Ctx, key: str, spent: str) -> None:
    """2.1.1: the target goes to the Court discard pile; 2.3.4: a Double Agent's owner replaces him with another
    Character of his choice from the Court discard pile (not the one Cancelled, nor the card that cancelled it)."""
    s = g.s
    main = s["main"][key]
    exclude = [main, spent]
    if situation_kind(g, main) == "double_agent" and any(is_character(c) and c not in exclude for c in s["discard"]):
        detach_situation(g, main)  # he is replaced: his covered Character stays covered
        s["main"][key] = None
        discard(g, main)
        g.call("double_agent", role=key, replaced=main, exclude=exclude)
        return
    lose_main(g, key)
    discard(g, main)


class DoubleAgent(Step):
    """2.3.4: the owner of the Cancelled Double Agent chooses his replacement from the Court discard pile."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        pool = [c for c in reversed(g.s["discard"]) if is_character(c) and c not in f["exclude"]]
        return text("prompt.double_agent", replaced=f["replaced"]), {"take": pool}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.take", card=arg)

    def on_take(self, g: Ctx, role: str, arg: str) -> None:
        s = g.s
        s["discard"].remove(arg)
        s["main"][role] = arg
        g.log("log.double_agent", rule="double_agent", card=arg, replaced=g.frame["replaced"])
        g.end()


class AttractPay(Step):
    """2.1.3: the attacker gives the attacked player another Character from his hand or 1 Ducat."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        s, f = g.s, g.frame
        legal: dict[str, list] = {}
        hand = [c for c in s["hands"][role] if c != f["taken"]]
        if len(hand) >= hand_floor(s):
            gives = [c for c in hand if is_character(c)]
            if gives:
                legal["give"] = gives
        if can_pay(g, role, 1):
            legal["pay"] = [None]
        return text("prompt.attract_pay", to=f["to"]), legal

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.attract_{verb}", card=arg, to=g.frame["to"])

    def on_give(self, g: Ctx, role: str, arg: str) -> None:
        to = g.frame["to"]
        from_hand(g, role, arg)
        to_hand(g, to, arg, [role])
        g.show([to], [arg])
        g.log("log.gives_in_return", rule="attract", role=role, other=to)
        g.log("log.you_give", to=[role], rule="attract", card=arg, other=to, refs=[arg])
        g.log("log.gives_you", to=[to], rule="attract", card=arg, other=role, refs=[arg])
        g.end()

    def on_pay(self, g: Ctx, role: str, arg: Any) -> None:
        to = g.frame["to"]
        paid = pay(g, role, 1, to)
        g.log("log.pays_in_return", rule="attract", role=role, other=to, ducats=paid)
        g.end()


class Manipulate(Step):
    """2.1.4: use the manipulated Character's Court or Administrative Ability."""

    goes_to = ("attract_pay", "double_agent", "manipulate", "invest", "spy_target", "enhance")

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        user = card(g, f["char"])
        legal: dict[str, list] = {}
        keys = targets(g, role, f["char"], user["court_ability"], None, tuple(f["used"]))
        if keys:
            legal["use_court"] = keys
        if "administrative_ability" in user and f["char"] not in g.s["conf"]["lent"]:
            legal["use_admin"] = [None]
        if not legal:
            legal["no_effect"] = [None]
        return text("prompt.manipulate", card=f["char"], power=reference(g.s, role)), legal

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        user = card(g, g.frame["char"])
        if verb == "use_court":
            t = target_args(g, arg)
            return text(
                "act.use_court_relative" if t.pop("relative") else "act.use_court", ability=user["court_ability"], **t
            )
        if verb == "use_admin":
            return text("act.use_admin", ability=user["administrative_ability"])
        return text("act.no_effect")

    def resume(self, g: Ctx, result: Any) -> None:
        g.end()

    def on_use_court(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        resolve(g, role, f["char"], card(g, f["char"])["court_ability"], arg, tuple(f["used"]), f["spent"])
        if g.frame is f:
            g.end()

    def on_use_admin(self, g: Ctx, role: str, arg: Any) -> None:
        f = g.frame
        g.s["conf"]["lent"].append(f["char"])
        administrative.resolve(g, role, card(g, f["char"])["administrative_ability"], None)
        if g.frame is f:
            g.end()

    def on_no_effect(self, g: Ctx, role: str, arg: Any) -> None:
        g.end()
