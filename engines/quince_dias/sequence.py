"""Game Sequence (rulebook › Game Sequence): the round's phases 1 Drawing Hands, 2 Election of Powers,
5 Characters Management and 6 Victory Check. The two Confrontations (3, 4) are in confrontation.py.
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.quince_dias.cards import FAMILIES, card, income, to_hand
from engines.quince_dias.content import POWERS
from engines.quince_dias.setting import refill

LAST_ROUND = 4
BELLS_TO_END = 3
ESTATE_MAX_DUCATS = 2
CONSPIRATOR_COST = 3


def other(family: str) -> str:
    return FAMILIES[1] if family == FAMILIES[0] else FAMILIES[0]


class DrawingHands(Step):
    """Phase 1: reshuffle (not in round 1), refill to 7 with the redraw rule, refresh the Control card."""

    goes_to = ("election_propose",)

    def auto(self, g: Ctx) -> None:
        s = g.s
        g.log("log.round", rule="drawing_hands", round=s["round"])
        if s["round"] > 1:
            s["deck"].extend(s["discard"])
            s["discard"] = []
            g.shuffle(s["deck"])
            g.log("log.reshuffle", rule="drawing_hands")
        for role in s["roles"]:
            refill(g, role, "drawing_hands")
        g.log("log.replenish", rule="drawing_hands")
        s["control_free"] = True
        s["powers"] = {"olivares": None, "lerma": None, "individual": None}
        g.goto("election_propose", stage="assign")


def deciding_family(s: dict, stage: str) -> str:
    return s["starting"] if stage == "assign" else other(s["starting"])


def receiving_family(s: dict, stage: str) -> str:
    return other(s["starting"]) if stage == "assign" else s["starting"]


def election_choices(s: dict, stage: str) -> list[str]:
    taken = {s["powers"][f] for f in FAMILIES}
    return [p for p in POWERS if p not in taken]


def proposer(s: dict, family: str) -> str:
    """The family's members take turns, round by round, to propose (RULINGS OQ-05)."""
    members = s["members"][family]
    return members[(s["round"] - 1) % len(members)]


class ElectionPropose(Step):
    """Phase 2: the Starting Family assigns a Power card to the Opposing Family, which then hands one of the two
    left to the Starting Family; inside a family one member proposes and the others confirm."""

    goes_to = ("election_confirm", "election_propose", "confrontation_start")

    def active(self, g: Ctx) -> list[str]:
        return [proposer(g.s, deciding_family(g.s, g.frame["stage"]))]

    def prompt(self, g: Ctx, role: str):
        stage = g.frame["stage"]
        return text(f"prompt.election_{stage}"), {"propose": election_choices(g.s, stage)}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        stage = g.frame["stage"]
        alone = len(g.s["members"][deciding_family(g.s, stage)]) == 1
        return text("act.give_power" if alone else "act.propose_power", power=arg, family=receiving_family(g.s, stage))

    def on_propose(self, g: Ctx, role: str, arg: str) -> None:
        stage = g.frame["stage"]
        family = deciding_family(g.s, stage)
        if len(g.s["members"][family]) == 1:
            elect(g, stage, arg)
            return
        g.log("log.proposes", rule="election", role=role, power=arg, family=receiving_family(g.s, stage))
        g.goto("election_confirm", stage=stage, proposal=arg, proposer=role, answers={})


class ElectionConfirm(Step):
    """Phase 2: the other members of the family agree or not; no agreement means the card goes at random."""

    goes_to = ("election_propose", "confrontation_start")

    def active(self, g: Ctx) -> list[str]:
        f = g.frame
        return [
            r for r in g.s["members"][deciding_family(g.s, f["stage"])] if r != f["proposer"] and r not in f["answers"]
        ]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        return (
            text(
                "prompt.election_confirm",
                proposer=f["proposer"],
                power=f["proposal"],
                family=receiving_family(g.s, f["stage"]),
            ),
            {"agree": [None], "disagree": [None]},
        )

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.{verb}")

    def on_agree(self, g: Ctx, role: str, arg: Any) -> None:
        self._answer(g, role, True)

    def on_disagree(self, g: Ctx, role: str, arg: Any) -> None:
        self._answer(g, role, False)

    def _answer(self, g: Ctx, role: str, yes: bool) -> None:
        f = g.frame
        f["answers"][role] = yes
        g.log("log.agrees" if yes else "log.disagrees", rule="election", role=role)
        if self.active(g):
            return
        stage, power = f["stage"], f["proposal"]
        if not all(f["answers"].values()):
            power = g.choice(election_choices(g.s, stage))
            g.log("log.no_agreement", rule="election")
        elect(g, stage, power)


def elect(g: Ctx, stage: str, power: str) -> None:
    s = g.s
    to = receiving_family(s, stage)
    s["powers"][to] = power
    g.log("log.elected", rule="election", family=to, power=power)
    if stage == "assign":
        g.goto("election_propose", stage="give")
        return
    s["powers"]["individual"] = election_choices(s, stage)[0]
    g.log("log.individual_power", rule="election", power=s["powers"]["individual"])
    g.goto("confrontation_start", kind="family")


class CharactersManagement(Step):
    """Phase 5: the Estate returns to hand, 1 Ducat per card, at most 2."""

    goes_to = ("victory_check",)

    def auto(self, g: Ctx) -> None:
        s = g.s
        for role in s["roles"]:
            estate = s["estate"][role]
            if not estate:
                continue
            got = income(g, role, min(len(estate), ESTATE_MAX_DUCATS))
            for cid in estate:
                to_hand(g, role, cid)
            g.log("log.estate_back", rule="characters_management", role=role, n=len(estate), ducats=got)
            s["estate"][role] = []
        g.goto("victory_check")


def tally(g: Ctx, role: str) -> list[dict[str, Any]]:
    """Victory Check, source by source (issue 30 › Outcomes explained): the family's Prince cards (5 each), one's
    own Prince cards, 1 per 2 Ducats, -3 per Conspirator hired: ``[{"source": Text, "points"}]``."""
    s = g.s
    family = s["family_princes"][s["family"][role]]
    own = s["own_princes"][role]
    out = [
        {"source": text("tally.family_princes", n=family), "points": family * 5},
        {"source": text("tally.own_princes", n=len(own)), "points": sum(card(g, p)["individual_points"] for p in own)},
        {"source": text("tally.ducats", n=s["ducats"][role]), "points": s["ducats"][role] // 2},
    ]
    if "consp" in s:
        hired = len(s["consp"]["owned"][role])
        out.append({"source": text("tally.conspirators", n=hired), "points": -CONSPIRATOR_COST * hired})
    return out


def score(g: Ctx, role: str) -> int:
    """Victory Check: family Prince cards + own Prince cards + 1 per 2 Ducats - 3 per Conspirator hired."""
    return sum(t["points"] for t in tally(g, role))


def winner(scores: dict[str, int]) -> str | None:
    """Tied players drop out and the next one down wins; all tied, nobody wins (RULINGS OQ-31)."""
    for value in sorted(set(scores.values()), reverse=True):
        holders = [r for r, v in scores.items() if v == value]
        if len(holders) == 1:
            return holders[0]
    return None


def tiebreak(scores: dict[str, int], roles: list[str]) -> dict[str, Any] | None:
    """The Victory Check's tie rule as it was applied (issue 30 › Outcomes explained; RULINGS OQ-31), as data: the
    tied groups at or above the winner's score (each ``{"roles", "points"}``, best first), who won (``winners``, empty
    when nobody did) and ``applied``: ``next_one_down`` (the tied players dropped out and the next one down won)
    or ``nobody_wins`` (no score held by one player alone). None when no tie touched the result."""
    best = winner(scores)
    floor = scores[best] if best else min(scores.values())
    tied = [
        {"roles": [r for r in roles if scores[r] == v], "points": v}
        for v in sorted({v for v in scores.values() if v >= floor}, reverse=True)
        if sum(1 for r in roles if scores[r] == v) > 1
    ]
    if not tied:
        return None
    groups = [text("outcome.tied", roles=t["roles"], points=t["points"]) for t in tied]
    if best:
        applied, words = "next_one_down", text("tiebreak.next_one_down", ties=groups, role=best, points=scores[best])
    else:
        applied, words = "nobody_wins", text("tiebreak.nobody_wins", ties=groups)
    return {"rule": "victory_check", "applied": applied, "tied": tied, "winners": [best] if best else [], "text": words}


class VictoryCheck(Step):
    """Phase 6: the game ends after round 4 or once the third Bell has been shown."""

    goes_to = ("drawing_hands",)

    def auto(self, g: Ctx) -> None:
        s = g.s
        if s["round"] < LAST_ROUND and s["bells"] < BELLS_TO_END:
            s["round"] += 1
            g.goto("drawing_hands")
            return
        why = "round_four" if s["bells"] < BELLS_TO_END else "bells"
        scores = {r: score(g, r) for r in s["roles"]}
        best = winner(scores)
        ranking = sorted(s["roles"], key=lambda r: (-scores[r], s["roles"].index(r)))
        if best:
            ties = [
                text("outcome.tied", roles=[r for r in s["roles"] if scores[r] == v], points=v)
                for v in sorted({v for v in scores.values() if v > scores[best]}, reverse=True)
            ]
            message = text(
                f"outcome.win_{why}",
                bells=s["bells"],
                role=best,
                points=scores[best],
                ties=text("outcome.ties_drop_out", ties=ties) if ties else "",
            )
        else:
            message = text(f"outcome.tie_{why}", bells=s["bells"])
        g.log(message["msg"], rule="victory_check", **message["args"])
        g.finish({"text": message, "winners": [best] if best else [], "scores": scores, "ranking": ranking})
