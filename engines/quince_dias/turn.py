"""The Player Turn in Detail: an optional Special Action, then a compulsory Common Action.

Special Actions (1.1-1.4): a new Main Character (mandatory without one), a covered Character, the Estate, hiring
a Conspirator. Common Actions (2.1-2.6): Court Ability (court.py), Administrative Ability (administrative.py),
Special Situation (situations.py), the Estate, Pass, Leave the phase. In the Family Confrontation no action may
leave the hand below 3 cards (2.5).
"""
from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step, act
from engines.quince_dias import administrative, conspirators, court, situations
from engines.quince_dias.cards import (POWER_NAMES, card, discard_from_hand, hand_floor, in_range, is_character,
                                       is_conspirator, label, name, reference, value)

LEAVE_KEEP = 4
R_MAIN = "The Player Turn › 1.1 Play a New Main Character"
R_COVER = "The Player Turn › 1.2 Play a Covered Character"
R_ESTATE = "The Player Turn › 1.3 Manage the Estate"
R_PASS = "The Player Turn › 2.5 Pass"
R_LEAVE = "The Player Turn › 2.6 Leave the Phase"


def start_turn(g: Ctx, role: str) -> None:
    stage = "conspire" if conspirators.begin_turn(g.s, role) else "special"
    g.push("turn", role=role, stage=stage)


def spare(s: dict, role: str, cards: int = 1) -> bool:
    """May ``role`` give up ``cards`` cards from hand (never below 3 in the Family Confrontation)?"""
    floor = hand_floor(s)
    return len(s["hands"][role]) - cards >= floor


def must_play_main(s: dict, role: str) -> bool:
    return s["main"][role] is None and any(is_character(c) for c in s["hands"][role])


def special_actions(s: dict, role: str) -> list:
    hand = s["hands"][role]
    if must_play_main(s, role):
        ref = reference(s, role)
        return [act("main", c, f"Play {name(c)} as your new Main Character ({POWER_NAMES[ref]} {card(c)[ref]})")
                for c in hand if is_character(c)]
    acts = []
    main = s["main"][role]
    if main and s["covered"][role] is None and spare(s, role):
        ref = reference(s, role)
        acts += [act("cover", c, f"Cover {name(c)} under {name(main)} ({POWER_NAMES[ref]} {value(s, c, ref)})")
                 for c in hand if is_character(c) and in_range(s, main, c, ref)]
    if spare(s, role):
        acts += estate_actions(s, role)
    if "consp" in s:
        acts += conspirators.hire_actions(s, role)
    acts.append(act("skip", None, "No Special Action"))
    return acts


def estate_actions(s: dict, role: str) -> list:
    return [act("estate", c, f"Send {name(c)} to the Estate") for c in s["hands"][role]
            if is_character(c) and not is_conspirator(c)]


def common_actions(s: dict, role: str) -> list:
    hand = s["hands"][role]
    acts = court.actions(s, role) + administrative.actions(s, role)
    if spare(s, role):
        acts += situations.actions(s, role)
        acts += estate_actions(s, role)
        acts += [act("pass", c, f"Pass, discarding {name(c)}") for c in hand]
    acts.append(act("leave", None, "Leave the phase"))
    return acts


class Turn(Step):
    """One player's turn: the Conspirator decision of his first turn in the phase, the Special Action, the
    Common Action."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        s, stage = g.s, g.frame["stage"]
        if stage == "conspire":
            return "Your Conspirator: play him from your hand, let him plot, or keep him aside.", \
                conspirators.decide_actions(s, role)
        if stage == "special":
            text = "Play a new Main Character." if must_play_main(s, role) else "Choose a Special Action (optional)."
            return text, special_actions(s, role)
        return "Choose a Common Action.", common_actions(s, role)

    # --- the Conspirator decision (1.4) ---------------------------------------------------------
    def on_conspire(self, g: Ctx, role: str, arg: list) -> None:
        conspirators.deploy(g, role, arg[0], arg[1])
        g.frame["stage"] = "special"

    def on_keep(self, g: Ctx, role: str, arg: Any) -> None:
        g.frame["stage"] = "special"

    # --- Special Actions --------------------------------------------------------------------------
    def on_main(self, g: Ctx, role: str, arg: str) -> None:
        g.s["hands"][role].remove(arg)
        g.s["main"][role] = arg
        g.log(f"{label(role)} plays {name(arg)} as new Main Character.", rule=R_MAIN)
        g.frame["stage"] = "common"

    def on_cover(self, g: Ctx, role: str, arg: str) -> None:
        s = g.s
        s["hands"][role].remove(arg)
        s["covered"][role] = arg
        g.log(f"{label(role)} covers {name(arg)} under {name(s['main'][role])}.", rule=R_COVER)
        g.frame["stage"] = "common"

    def on_estate(self, g: Ctx, role: str, arg: str) -> None:
        g.s["hands"][role].remove(arg)
        g.s["estate"][role].append(arg)
        g.log(f"{label(role)} sends a Character to manage the Estate.", rule=R_ESTATE)
        if g.frame["stage"] == "special":
            g.frame["stage"] = "common"
        else:
            end_turn(g)

    def on_hire(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["stage"] = "common"
        conspirators.hire(g, role, arg)

    def on_skip(self, g: Ctx, role: str, arg: Any) -> None:
        g.frame["stage"] = "common"

    # --- Common Actions ----------------------------------------------------------------------------
    def on_court(self, g: Ctx, role: str, arg: list) -> None:
        end_turn(g)
        court.play(g, role, arg[0], arg[1])

    def on_admin(self, g: Ctx, role: str, arg: str) -> None:
        end_turn(g)
        administrative.play(g, role, arg)

    def on_situation(self, g: Ctx, role: str, arg: list) -> None:
        end_turn(g)
        situations.play(g, role, arg[0], arg[1])

    def on_pass(self, g: Ctx, role: str, arg: str) -> None:
        discard_from_hand(g, role, arg)
        g.log(f"{label(role)} passes, discarding {name(arg)}.", rule=R_PASS)
        end_turn(g)

    def on_leave(self, g: Ctx, role: str, arg: Any) -> None:
        g.s["left"][role] = True
        g.log(f"{label(role)} leaves the phase.", rule=R_LEAVE)
        end_turn(g)
        if len(g.s["hands"][role]) > LEAVE_KEEP:
            g.push("leave_discard", role=role)


def end_turn(g: Ctx) -> None:
    """The Common Action is chosen: what it still asks for runs above the end of the turn."""
    g.goto("end_turn", role=g.frame["role"])


class EndTurn(Step):
    def auto(self, g: Ctx) -> None:
        g.s["conf"]["last"] = g.frame["role"]
        g.pop()


class LeaveDiscard(Step):
    """2.6: the player who leaves discards down to 4 cards, then keeps his hand face down."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        hand = g.s["hands"][role]
        return f"Leaving the phase: discard down to 4 cards ({len(hand) - LEAVE_KEEP} more).", [
            act("discard", c, f"Discard {name(c)}") for c in hand]

    def on_discard(self, g: Ctx, role: str, arg: str) -> None:
        discard_from_hand(g, role, arg)
        g.log(f"{label(role)} discards {name(arg)}.", rule=R_LEAVE)
        if len(g.s["hands"][role]) <= LEAVE_KEEP:
            g.pop()
