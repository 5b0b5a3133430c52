"""The Player Turn › 2.1 Playing a Court Ability: Cancel, Replace, Attract, Manipulate.

A Character card is discarded from hand and its Court Ability played on another player's Main Character whose
reference Power value lies inside the card's Influence Range for that power (the attacking family's power in the
Family Confrontation). Covered and Estate Characters are never targets. Special Situations: Grandee of Spain
stops Cancel; Loyal to the Cause stops Replace, Attract and Manipulate; Double Agent replaces a Cancelled
Character from the Court discard pile. A Manipulated Character lends its Court Ability (checked with its own
range, never against itself, chains allowed) or its Administrative Ability (free) (RULINGS OQ-14); a Character can
be Manipulated once per Confrontation (RULINGS › Manipulate), so that free abilities cannot loop for ever.
"""
from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step, act
from engines.quince_dias import administrative, two_player
from engines.quince_dias.cards import (POWER_NAMES, can_pay, card, discard, hand_floor, is_character, label,
                                       lose_main, name, pay, reference, situation_kind, value)

ABILITY_NAMES = {"cancel": "Cancel", "replace": "Replace", "attract": "Attract", "manipulate": "Manipulate"}
R_COURT = "The Player Turn › 2.1 Playing a Court Ability"
R_RULE = {
    "cancel": "The Player Turn › 2.1.1 Cancel", "replace": "The Player Turn › 2.1.2 Replace",
    "attract": "The Player Turn › 2.1.3 Attract", "manipulate": "The Player Turn › 2.1.4 Manipulate",
}


def can_compensate(s: dict, role: str, spent: str | None) -> bool:
    """Attract: the attacker can give back another Character from his hand, or 1 Ducat."""
    hand = [c for c in s["hands"][role] if c != spent]
    floor = hand_floor(s)
    return (any(is_character(c) for c in hand) and len(hand) >= floor) or can_pay(s, role, 1)


def candidates(s: dict, role: str, power: str, used: tuple = ()) -> list[tuple[str, str, int, str | None]]:
    """(player, Main Character, its reference value, its Special Situation kind) for every other player."""
    found = []
    for other in s["roles"]:
        main = s["main"][other]
        if other != role and main and main not in used:
            found.append((other, main, value(s, main, power), situation_kind(s, main)))
    return found


def targets(s: dict, role: str, user: str, ability: str, spent: str | None, used: tuple = (),
            found: list | None = None) -> list[str]:
    """The target keys (a player's role for his Main Character, "relative:<role>" for a Relative) that the
    Character ``user`` can reach with ``ability``; ``spent`` is the card discarded from hand for it."""
    power = reference(s, role)
    if ability == "replace" and (not s["main"][role] or situation_kind(s, s["main"][role]) == "loyal_to_the_cause"):
        return []
    blocked = ability == "attract" and not can_compensate(s, role, spent)
    if blocked:
        return []
    low, high = card(user)["ranges"][power]
    manipulated = s["conf"]["manipulated"]
    keys = []
    for other, main, val, kind in (candidates(s, role, power, used) if found is None else found):
        if main == user or not low <= val <= high:
            continue
        if kind == "grandee_of_spain" if ability == "cancel" else kind == "loyal_to_the_cause":
            continue
        if ability == "manipulate" and main in manipulated:
            continue
        keys.append(other)
    if ability in ("cancel", "attract") and "relative" in s:
        keys += two_player.relative_targets(s, role, user, power)
    return keys


def target_label(s: dict, key: str) -> str:
    if key.startswith("relative:"):
        return f"{label(key[9:])}'s Relative {name(s['relative'][key[9:]])}"
    return f"{label(key)}'s {name(s['main'][key])}"


def actions(s: dict, role: str) -> list:
    """Common Action 2.1 for every Character in hand and every target it reaches."""
    floor_ok = len(s["hands"][role]) - 1 >= hand_floor(s)
    found = candidates(s, role, reference(s, role))
    if not found and "relative" not in s:
        return []
    acts = []
    for cid in s["hands"][role]:
        if cid.startswith("qd:sit:"):
            continue
        ability = card(cid)["court_ability"]
        if not floor_ok and ability != "attract":
            continue
        for key in targets(s, role, cid, ability, cid, (), found):
            acts.append(act("court", [cid, key], f"{name(cid)}: {ABILITY_NAMES[ability]} {target_label(s, key)}"))
    return acts


def play(g: Ctx, role: str, cid: str, key: str) -> None:
    """Play the Court Ability of ``cid`` from hand on ``key``, then discard the card."""
    g.s["hands"][role].remove(cid)
    resolve(g, role, cid, card(cid)["court_ability"], key, (), cid)
    discard(g, cid)


def resolve(g: Ctx, role: str, user: str, ability: str, key: str, used: tuple, spent: str) -> None:
    """Play ``ability`` of ``user`` on ``key``; ``used`` are the Characters already Manipulated in this chain,
    ``spent`` the card played from hand for the whole Common Action."""
    s = g.s
    g.log(f"{label(role)} plays {ABILITY_NAMES[ability]} with {name(user)} on {target_label(s, key)}.",
          rule=R_RULE[ability])
    if key.startswith("relative:"):
        two_player.strike_relative(g, role, key[9:], ability)
        return
    if ability == "cancel":
        cancel(g, key)
    elif ability == "replace":
        mine, theirs = s["main"][role], s["main"][key]
        s["main"][role], s["main"][key] = theirs, mine
        power = reference(s, role)
        g.log(f"{label(role)} now has {name(theirs)} ({value(s, theirs, power)}) and {label(key)} has {name(mine)} "
              f"({value(s, mine, power)}).", rule=R_RULE["replace"])
    elif ability == "attract":
        taken = lose_main(g, key)
        s["hands"][role].append(taken)
        g.push("attract_pay", role=role, to=key, taken=taken)
    else:
        s["conf"]["manipulated"].append(s["main"][key])
        g.push("manipulate", role=role, char=s["main"][key], used=[*used, s["main"][key]], spent=spent)


def cancel(g: Ctx, key: str) -> None:
    """2.1.1: the target goes to the Court discard pile; a Double Agent is replaced from the discard pile."""
    s = g.s
    main = s["main"][key]
    double = situation_kind(s, main) == "double_agent"
    lose_main(g, key)
    if double:
        stand_in = next((c for c in reversed(s["discard"]) if is_character(c)), None)
        if stand_in:
            s["discard"].remove(stand_in)
            if s["main"][key]:
                s["covered"][key] = s["main"][key]
            s["main"][key] = stand_in
            g.log(f"Double Agent: {name(stand_in)} comes from the Court discard pile to replace {name(main)}.",
                  rule="The Player Turn › 2.3.4 Double Agent")
    discard(g, main)


class AttractPay(Step):
    """2.1.3: the attacker gives the attacked player another Character from his hand or 1 Ducat."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        s, f = g.s, g.frame
        acts = []
        hand = [c for c in s["hands"][role] if c != f["taken"]]
        if len(hand) >= hand_floor(s):
            acts = [act("give", c, f"Give {name(c)} to {label(f['to'])}") for c in hand if is_character(c)]
        if can_pay(s, role, 1):
            acts.append(act("pay", None, f"Give Ducats to {label(f['to'])}"))
        return f"Attract: give {label(f['to'])} a Character from your hand or 1 Ducat in return.", acts

    def on_give(self, g: Ctx, role: str, arg: str) -> None:
        to = g.frame["to"]
        g.s["hands"][role].remove(arg)
        g.s["hands"][to].append(arg)
        g.log(f"{label(role)} gives a Character to {label(to)} in return.", rule=R_RULE["attract"])
        g.log(f"You give {name(arg)} to {label(to)}.", to=[role])
        g.log(f"{label(role)} gives you {name(arg)}.", to=[to])
        g.pop()

    def on_pay(self, g: Ctx, role: str, arg: Any) -> None:
        to = g.frame["to"]
        paid = pay(g, role, 1, to)
        g.log(f"{label(role)} gives {paid} Ducat(s) to {label(to)} in return.", rule=R_RULE["attract"])
        g.pop()


class Manipulate(Step):
    """2.1.4: use the manipulated Character's Court or Administrative Ability."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        s, f = g.s, g.frame
        user = card(f["char"])
        acts = [act("use_court", key, f"{ABILITY_NAMES[user['court_ability']]} {target_label(s, key)}")
                for key in targets(s, role, f["char"], user["court_ability"], None, tuple(f["used"]))]
        if "administrative_ability" in user:
            acts.append(act("use_admin", None, f"Use {administrative.ABILITY_NAMES[user['administrative_ability']]} "
                                               "(free)"))
        if not acts:
            acts.append(act("no_effect", None, "The manipulation has no effect"))
        return f"Manipulate {name(f['char'])}: use one of its abilities ({POWER_NAMES[reference(s, role)]}).", acts

    def on_use_court(self, g: Ctx, role: str, arg: str) -> None:
        f = g.pop()
        resolve(g, role, f["char"], card(f["char"])["court_ability"], arg, tuple(f["used"]), f["spent"])

    def on_use_admin(self, g: Ctx, role: str, arg: Any) -> None:
        f = g.pop()
        administrative.resolve(g, role, card(f["char"])["administrative_ability"], None, f["spent"])

    def on_no_effect(self, g: Ctx, role: str, arg: Any) -> None:
        g.pop()
