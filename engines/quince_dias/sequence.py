"""Game Sequence (rulebook › Game Sequence): the round's phases 1 Drawing Hands, 2 Election of Powers,
5 Characters Management and 6 Victory Check. The two Confrontations (3, 4) are in confrontation.py.
"""
from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step, act
from engines.quince_dias.cards import FAMILIES, FAMILY_NAMES, POWER_NAMES, card, income, label
from engines.quince_dias.content import POWERS
from engines.quince_dias.setting import refill

LAST_ROUND = 4
BELLS_TO_END = 3
ESTATE_MAX_DUCATS = 2
CONSPIRATOR_COST = 3
R_DRAW = "Game Sequence › 1. Drawing Hands"
R_ELECT = "Game Sequence › 2. Election of Powers"
R_MANAGE = "Game Sequence › 5. Characters Management"
R_VICTORY = "Game Sequence › 6. Victory Check"


def other(family: str) -> str:
    return FAMILIES[1] if family == FAMILIES[0] else FAMILIES[0]


class DrawingHands(Step):
    """Phase 1: reshuffle (not in round 1), refill to 7 with the redraw rule, refresh the Control card."""

    def auto(self, g: Ctx) -> None:
        s = g.s
        g.log(f"Round {s['round']} begins.", rule=R_DRAW)
        if s["round"] > 1:
            s["deck"].extend(s["discard"])
            s["discard"] = []
            g.shuffle(s["deck"])
            g.log("The Court discard pile and the Court deck are reshuffled together.", rule=R_DRAW)
        for role in s["roles"]:
            refill(g, role, R_DRAW)
        g.log("Every player replenishes his hand up to 7 cards.", rule=R_DRAW)
        s["control_free"] = True
        s["powers"] = {"olivares": None, "lerma": None, "individual": None}
        g.goto("election_propose", stage="assign")


def deciding_family(s: dict, stage: str) -> str:
    return s["starting"] if stage == "assign" else other(s["starting"])


def election_choices(s: dict, stage: str) -> list[str]:
    taken = {s["powers"][f] for f in FAMILIES}
    return [p for p in POWERS if p not in taken]


def proposer(s: dict, family: str) -> str:
    """The family's members take turns, round by round, to propose (RULINGS OQ-05)."""
    members = s["members"][family]
    return members[(s["round"] - 1) % len(members)]


def _choice_label(s: dict, stage: str, power: str) -> str:
    to = other(s["starting"]) if stage == "assign" else s["starting"]
    return f"{POWER_NAMES[power]} for the {FAMILY_NAMES[to]} Family"


class ElectionPropose(Step):
    """Phase 2: the Starting Family assigns a Power card to the Opposing Family, which then hands one of the two
    left to the Starting Family; inside a family one member proposes and the others confirm."""

    def active(self, g: Ctx) -> list[str]:
        return [proposer(g.s, deciding_family(g.s, g.frame["stage"]))]

    def prompt(self, g: Ctx, role: str):
        stage = g.frame["stage"]
        verb = "Propose" if len(g.s["members"][deciding_family(g.s, stage)]) > 1 else "Give"
        text = ("Election of Powers: which Power card does your family assign to the other family?" if stage == "assign"
                else "Election of Powers: which of the two Power cards left does your family hand to the other family?")
        return text, [act("propose", p, f"{verb}: {_choice_label(g.s, stage, p)}")
                      for p in election_choices(g.s, stage)]

    def on_propose(self, g: Ctx, role: str, arg: str) -> None:
        stage = g.frame["stage"]
        family = deciding_family(g.s, stage)
        if len(g.s["members"][family]) == 1:
            elect(g, stage, arg)
            return
        g.log(f"{label(role)} proposes {_choice_label(g.s, stage, arg)}.", rule=R_ELECT)
        g.goto("election_confirm", stage=stage, proposal=arg, proposer=role, answers={})


class ElectionConfirm(Step):
    """Phase 2: the other members of the family agree or not; no agreement means the card goes at random."""

    def active(self, g: Ctx) -> list[str]:
        f = g.frame
        return [r for r in g.s["members"][deciding_family(g.s, f["stage"])]
                if r != f["proposer"] and r not in f["answers"]]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        text = f"{label(f['proposer'])} proposes {_choice_label(g.s, f['stage'], f['proposal'])}. Do you agree?"
        return text, [act("agree", None, "Agree"), act("disagree", None, "Disagree")]

    def on_agree(self, g: Ctx, role: str, arg: Any) -> None:
        self._answer(g, role, True)

    def on_disagree(self, g: Ctx, role: str, arg: Any) -> None:
        self._answer(g, role, False)

    def _answer(self, g: Ctx, role: str, yes: bool) -> None:
        f = g.frame
        f["answers"][role] = yes
        g.log(f"{label(role)} {'agrees' if yes else 'disagrees'}.", rule=R_ELECT)
        if self.active(g):
            return
        stage, power = f["stage"], f["proposal"]
        if not all(f["answers"].values()):
            power = g.choice(election_choices(g.s, stage))
            g.log("There is no agreement: the Power card is assigned at random.", rule=R_ELECT)
        elect(g, stage, power)


def elect(g: Ctx, stage: str, power: str) -> None:
    s = g.s
    to = other(s["starting"]) if stage == "assign" else s["starting"]
    s["powers"][to] = power
    g.log(f"The {FAMILY_NAMES[to]} Family receives the {POWER_NAMES[power]} Power card.", rule=R_ELECT)
    if stage == "assign":
        g.goto("election_propose", stage="give")
        return
    s["powers"]["individual"] = election_choices(s, stage)[0]
    g.log(f"The {POWER_NAMES[s['powers']['individual']]} Power card is set aside for the Individual Confrontation.",
          rule=R_ELECT)
    g.goto("confrontation_start", kind="family")


class CharactersManagement(Step):
    """Phase 5: the Estate returns to hand, 1 Ducat per card, at most 2."""

    def auto(self, g: Ctx) -> None:
        s = g.s
        for role in s["roles"]:
            estate = s["estate"][role]
            if not estate:
                continue
            got = income(g, role, min(len(estate), ESTATE_MAX_DUCATS))
            s["hands"][role].extend(estate)
            g.log(f"{label(role)} takes {len(estate)} Character(s) back from the Estate and receives {got} Ducat(s).",
                  rule=R_MANAGE)
            s["estate"][role] = []
        g.goto("victory_check")


def score(s: dict, role: str) -> int:
    """Victory Check: family Prince cards + own Prince cards + 1 per 2 Ducats - 3 per Conspirator hired."""
    points = s["family_princes"][s["family"][role]] * 5
    points += sum(card(p)["individual_points"] for p in s["own_princes"][role])
    points += s["ducats"][role] // 2
    if "consp" in s:
        points -= CONSPIRATOR_COST * len(s["consp"]["owned"][role])
    return points


def winner(scores: dict[str, int]) -> str | None:
    """Tied players drop out and the next one down wins; all tied, nobody wins (RULINGS OQ-31)."""
    for value in sorted(set(scores.values()), reverse=True):
        holders = [r for r, v in scores.items() if v == value]
        if len(holders) == 1:
            return holders[0]
    return None


class VictoryCheck(Step):
    """Phase 6: the game ends after round 4 or once the third Bell has been shown."""

    def auto(self, g: Ctx) -> None:
        s = g.s
        if s["round"] < LAST_ROUND and s["bells"] < BELLS_TO_END:
            s["round"] += 1
            g.goto("drawing_hands")
            return
        why = "The fourth round is over." if s["bells"] < BELLS_TO_END else \
            f"{s['bells']} Bells have been shown: Philip III has died."
        scores = {r: score(s, r) for r in s["roles"]}
        best = winner(scores)
        ranking = sorted(s["roles"], key=lambda r: (-scores[r], s["roles"].index(r)))
        if best:
            text = f"{why} {label(best)} wins with {scores[best]} Affection Points and becomes the King's Favourite."
        else:
            text = f"{why} Every player is tied: nobody wins, and disgrace befalls both families."
        g.log(text, rule=R_VICTORY)
        g.finish({"text": text, "winners": [best] if best else [], "scores": scores, "ranking": ranking})
