"""The Player Turn in Detail: an optional Special Action, then a compulsory Common Action.

Special Actions (1.1-1.4): a new Main Character (mandatory without one), a covered Character, the Estate, hiring
a Conspirator. Common Actions (2.1-2.6): Court Ability (court.py), Administrative Ability (administrative.py),
Special Situation (situations.py), the Estate, Pass, Leave the phase. In the Family Confrontation no action may
leave the hand below 3 cards (2.5).

The turn is one frame ``{"step": "turn", "role", "stage"}``; a Common Action that asks for more decisions calls
their steps and the turn ends when they end (``Turn.resume``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import Legal, text
from engines.quince_dias import administrative, conspirators, court, situations
from engines.quince_dias.cards import (
    card,
    discard_from_hand,
    from_hand,
    hand_floor,
    in_range,
    is_character,
    is_conspirator,
    reference,
    value,
)

LEAVE_KEEP = 4
OVER = "over"  # the stage of a turn whose Common Action waits for the steps it called


def start_turn(g: Ctx, role: str, move: Callable[..., dict]) -> None:
    """Begin ``role``'s turn with ``move`` (``g.call`` or ``g.goto``)."""
    stage = "conspire" if conspirators.begin_turn(g.s, role) else "special"
    move("turn", role=role, stage=stage)


def spare(s: dict, role: str, cards: int = 1) -> bool:
    """May ``role`` give up ``cards`` cards from hand (never below 3 in the Family Confrontation)?"""
    return len(s["hands"][role]) - cards >= hand_floor(s)


def must_play_main(s: dict, role: str) -> bool:
    return s["main"][role] is None and any(is_character(c) for c in s["hands"][role])


def only(legal: Legal) -> Legal:
    """The verbs that have arguments."""
    return {verb: args for verb, args in legal.items() if args}


def special_actions(g: Ctx, role: str) -> Legal:
    s = g.s
    hand = s["hands"][role]
    if must_play_main(s, role):
        return {"main": [c for c in hand if is_character(c)]}
    legal: Legal = {}
    main = s["main"][role]
    if main and s["covered"][role] is None and spare(s, role):
        ref = reference(s, role)
        legal["cover"] = [c for c in hand if is_character(c) and in_range(g, main, c, ref)]
    if spare(s, role):
        legal["estate"] = estate_cards(s, role)
    if "consp" in s:
        legal["hire"] = conspirators.hire_choices(s, role)
    legal["skip"] = [None]
    return only(legal)


def estate_cards(s: dict, role: str) -> list[str]:
    return [c for c in s["hands"][role] if is_character(c) and not is_conspirator(c)]


def common_actions(g: Ctx, role: str) -> Legal:
    s = g.s
    legal: Legal = {"court": court.choices(g, role), "admin": administrative.choices(g, role)}
    if spare(s, role):
        legal["situation"] = situations.choices(g, role)
        legal["estate"] = estate_cards(s, role)
        legal["pass"] = list(s["hands"][role])
    legal["leave"] = [None]
    return only(legal)


class Turn(Step):
    """One player's turn: the Conspirator decision of his first turn in the phase, the Special Action, the
    Common Action."""

    goes_to = (
        "attract_pay",
        "double_agent",
        "manipulate",
        "invest",
        "spy_target",
        "enhance",
        "leave_discard",
        "hire_estate",
    )

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        s, stage = g.s, g.frame["stage"]
        if stage == "conspire":
            return text("prompt.conspire"), conspirators.decide_choices(s, role)
        if stage == "special":
            return text("prompt.new_main" if must_play_main(s, role) else "prompt.special"), special_actions(g, role)
        return text("prompt.common"), common_actions(g, role)

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        s = g.s
        if verb in ("main", "cover"):
            ref = reference(s, role)
            shown = card(g, arg)[ref] if verb == "main" else value(g, arg, ref)
            return text(f"act.{verb}", card=arg, power=ref, value=shown, under=s["main"][role])
        if verb in ("estate", "pass"):
            return text(f"act.{verb}", card=arg)
        if verb == "conspire":
            return conspirators.decide_label(g, arg)
        if verb == "hire":
            return conspirators.hire_label(g, arg)
        if verb == "court":
            return court.label(g, role, arg)
        if verb == "admin":
            return administrative.label(g, arg)
        if verb == "situation":
            return situations.label(g, role, arg)
        return text(f"act.{verb}")

    def resume(self, g: Ctx, result: Any) -> None:
        if g.frame["stage"] == OVER:
            end_turn(g)

    # --- the Conspirator decision (1.4) ---------------------------------------------------------
    def on_conspire(self, g: Ctx, role: str, arg: list) -> None:
        conspirators.deploy(g, role, arg[0], arg[1])
        g.frame["stage"] = "special"

    def on_keep(self, g: Ctx, role: str, arg: Any) -> None:
        g.frame["stage"] = "special"

    # --- Special Actions --------------------------------------------------------------------------
    def on_main(self, g: Ctx, role: str, arg: str) -> None:
        from_hand(g, role, arg)
        g.s["main"][role] = arg
        g.log("log.new_main", rule="new_main", role=role, card=arg)
        g.frame["stage"] = "common"

    def on_cover(self, g: Ctx, role: str, arg: str) -> None:
        s = g.s
        from_hand(g, role, arg)
        s["covered"][role] = arg
        g.log("log.covers", rule="covered", role=role, under=s["main"][role])
        g.log("log.you_cover", to=[role], rule="covered", card=arg, under=s["main"][role], refs=[arg])
        g.frame["stage"] = "common"

    def on_estate(self, g: Ctx, role: str, arg: str) -> None:
        from_hand(g, role, arg)
        g.s["estate"][role].append(arg)
        if g.frame["stage"] == "special":
            g.log("log.to_estate", rule="estate", role=role)
            g.frame["stage"] = "common"
        else:
            g.log("log.to_estate", rule="estate_common", role=role)
            end_turn(g)

    def on_hire(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["stage"] = "common"
        conspirators.hire(g, role, arg)

    def on_skip(self, g: Ctx, role: str, arg: Any) -> None:
        g.frame["stage"] = "common"

    # --- Common Actions ----------------------------------------------------------------------------
    def on_court(self, g: Ctx, role: str, arg: list) -> None:
        g.frame["stage"] = OVER
        court.play(g, role, arg[0], arg[1])
        settle(g)

    def on_admin(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["stage"] = OVER
        administrative.play(g, role, arg)
        settle(g)

    def on_situation(self, g: Ctx, role: str, arg: list) -> None:
        situations.play(g, role, arg[0], arg[1])
        end_turn(g)

    def on_pass(self, g: Ctx, role: str, arg: str) -> None:
        discard_from_hand(g, role, arg)
        g.log("log.passes", rule="pass", role=role, card=arg)
        end_turn(g)

    def on_leave(self, g: Ctx, role: str, arg: Any) -> None:
        s = g.s
        s["left"][role] = True
        g.log("log.leaves", rule="leave", role=role)
        if len(s["hands"][role]) > LEAVE_KEEP or (s["phase"] == "individual" and s["hands"][role]):
            g.frame["stage"] = OVER
            g.call("leave_discard", role=role)
        else:
            end_turn(g)


def settle(g: Ctx) -> None:
    """After a Common Action: the turn ends now unless the action called a step that decides more."""
    if g.frame["step"] == "turn":
        end_turn(g)


def end_turn(g: Ctx) -> None:
    g.s["conf"]["last"] = g.frame["role"]
    g.end()


class LeaveDiscard(Step):
    """2.6 (line 268): the player who leaves "discards until he has 4 cards in hand in case of the Family
    Confrontation, or 4 or less cards in hand in case of the Individual Confrontation": down to 4 in both, and in
    the Individual Confrontation he may go on discarding as far as he likes; then he keeps his hand face down."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        hand = g.s["hands"][role]
        legal = {"discard": list(hand)}
        if len(hand) <= LEAVE_KEEP:
            legal["keep_hand"] = [None]
            return text("prompt.leave_discard_more", n=len(hand)), legal
        return text("prompt.leave_discard", n=len(hand) - LEAVE_KEEP), legal

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "keep_hand":
            return text("act.keep_hand", n=len(g.s["hands"][role]))
        return text("act.discard", card=arg)

    def on_discard(self, g: Ctx, role: str, arg: str) -> None:
        s = g.s
        discard_from_hand(g, role, arg)
        g.log("log.discards", rule="leave", role=role, card=arg)
        if not s["hands"][role] or (s["phase"] == "family" and len(s["hands"][role]) <= LEAVE_KEEP):
            g.end()

    def on_keep_hand(self, g: Ctx, role: str, arg: Any) -> None:
        g.end()
