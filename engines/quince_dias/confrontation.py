"""Game Sequence › 3. Family Confrontation and 4. Individual Confrontation.

The face-down choice of a Main Character (all at once, revealed together), rounds of turns in Initiative order
(ties: the higher power at stake, then the higher sum of powers, then seat order), players without a Main
Character last at Initiative 0 in the chooser's chain (The Player Turn › 1.1), the end condition, the winner of
the Prince card and the clean-up.
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.quince_dias import conspirators, two_player
from engines.quince_dias.cards import (
    FAMILIES,
    PUBLIC,
    card,
    detach_situation,
    from_hand,
    hand_floor,
    is_character,
    player_total,
    reference,
    to_hand,
    value,
)
from engines.quince_dias.content import POWERS
from engines.quince_dias.sequence import other
from engines.quince_dias.turn import start_turn


def rule(s: dict) -> str:
    return "family_confrontation" if s["phase"] == "family" else "individual_confrontation"


def eligible(s: dict, role: str) -> bool:
    """Still plays turns: has not left, and holds more than 3 cards (Family) or any card (Individual)."""
    if s["left"][role]:
        return False
    return len(s["hands"][role]) > hand_floor(s)


def initiative_key(g: Ctx, role: str) -> tuple:
    s = g.s
    main = s["main"][role]
    return (
        -card(g, main)["initiative"],
        -value(g, main, reference(s, role)),
        -sum(value(g, main, p) for p in POWERS),
        s["roles"].index(role),
    )


class ConfrontationStart(Step):
    """Start of phase 3 or 4: Relatives in the 2-player game, then the face-down choice. The Control card is not
    refreshed here, only in Drawing Hands (lines 95, 230; RULINGS OQ-01)."""

    goes_to = ("choose_main",)

    def auto(self, g: Ctx) -> None:
        s = g.s
        kind = g.frame["kind"]
        s["phase"] = kind
        s["left"] = dict.fromkeys(s["roles"], False)
        s["chosen"] = {}
        s["conf"] = {"queue": [], "zero": [], "last": None, "round_of_turns": 0, "lent": []}
        if "consp" in s:
            s["consp"]["decided"] = []
        if kind == "family":
            g.log(
                "log.family_confrontation",
                rule="family_confrontation",
                olivares=s["powers"]["olivares"],
                lerma=s["powers"]["lerma"],
            )
            if "relative" in s:
                two_player.draw_relatives(g)
        else:
            g.log("log.individual_confrontation", rule="individual_confrontation", power=s["powers"]["individual"])
        g.goto("choose_main")
        if not CHOOSE_MAIN.active(g):
            reveal(g)


class ChooseMain(Step):
    """Every player secretly chooses a Character card from his hand and places it face down."""

    goes_to = ("turn_order",)
    secret_choice = True

    def active(self, g: Ctx) -> list[str]:
        s = g.s
        return [r for r in s["roles"] if r not in s["chosen"] and any(is_character(c) for c in s["hands"][r])]

    def prompt(self, g: Ctx, role: str):
        return (
            text("prompt.choose_main", power=reference(g.s, role)),
            {"choose": [c for c in g.s["hands"][role] if is_character(c)]},
        )

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        power = reference(g.s, role)
        return text(
            "act.choose_main", card=arg, power=power, value=card(g, arg)[power], initiative=card(g, arg)["initiative"]
        )

    def on_choose(self, g: Ctx, role: str, arg: str) -> None:
        from_hand(g, role, arg)
        g.s["chosen"][role] = arg
        g.log("log.chose", role=role)
        g.log("log.you_chose", to=[role], card=arg, refs=[arg])
        if not self.active(g):
            reveal(g)


CHOOSE_MAIN = ChooseMain()


def reveal(g: Ctx) -> None:
    s = g.s
    chosen = [s["chosen"][r] for r in s["roles"] if r in s["chosen"]]
    if chosen:
        g.show(s["roles"], chosen)
    for role in s["roles"]:
        cid = s["chosen"].get(role)
        if cid:
            s["main"][role] = cid
            power = reference(s, role)
            g.log(
                "log.reveals",
                rule=rule(s),
                refs=[cid],
                role=role,
                card=cid,
                initiative=card(g, cid)["initiative"],
                power=power,
                value=value(g, cid, power),
            )
        else:
            g.log("log.no_character", rule=rule(s), role=role)
    s["chosen"] = {}
    g.goto("turn_order")


class TurnOrder(Step):
    """Whose turn is next: the round of turns in Initiative order, then the players at Initiative 0."""

    goes_to = ("confrontation_end", "turn", "choose_next")

    def auto(self, g: Ctx) -> None:
        s = g.s
        conf = s["conf"]
        if not any(eligible(s, r) for r in s["roles"]):
            g.goto("confrontation_end")
            return
        while conf["queue"]:
            role = conf["queue"].pop(0)
            if not eligible(s, role):
                continue
            if s["main"][role] is None:
                conf["zero"].append(role)
                continue
            start_turn(g, role, g.call)
            return
        zero = [r for r in conf["zero"] if eligible(s, r)]
        conf["zero"] = zero
        if len(zero) == 1:
            conf["zero"] = []
            start_turn(g, zero[0], g.call)
        elif zero and conf["last"] is None:
            pick = g.choice(zero)
            zero.remove(pick)
            g.log("log.drawn_to_play", rule="new_main", role=pick)
            start_turn(g, pick, g.call)
        elif zero:
            g.call("choose_next", chooser=conf["last"])
        else:
            conf["round_of_turns"] += 1
            players = [r for r in s["roles"] if eligible(s, r)]
            conf["queue"] = sorted((r for r in players if s["main"][r]), key=lambda r: initiative_key(g, r))
            conf["zero"] = [r for r in players if not s["main"][r]]


class ChooseNext(Step):
    """1.1: the last player to play chooses which player without a Main Character plays next."""

    goes_to = ("turn",)

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["chooser"]]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.choose_next"), {"next": list(g.s["conf"]["zero"])}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.next", role=arg)

    def on_next(self, g: Ctx, role: str, arg: str) -> None:
        g.s["conf"]["zero"].remove(arg)
        g.log("log.chooses_next", rule="new_main", role=role, next=arg)
        start_turn(g, arg, g.goto)


class ConfrontationEnd(Step):
    """The end of the phase: plots, totals, the Prince card, clean-up."""

    goes_to = ("confrontation_start", "characters_management")

    def auto(self, g: Ctx) -> None:
        s = g.s
        bonus = conspirators.resolve_plots(g) if "consp" in s else {}
        if s["phase"] == "family":
            family_result(g, bonus)
        else:
            individual_result(g, bonus)
        clean_up(g)
        if s["phase"] == "family":
            g.goto("confrontation_start", kind="individual")
        else:
            s["phase"] = None
            g.goto("characters_management")


def family_totals(g: Ctx, bonus: dict) -> dict[str, int]:
    s = g.s
    return {f: sum(player_total(g, r) + bonus.get(r, 0) for r in s["members"][f]) for f in FAMILIES}


def family_result(g: Ctx, bonus: dict) -> None:
    s = g.s
    totals = family_totals(g, bonus)
    g.log(
        "log.family_totals",
        rule="family_confrontation",
        olivares=totals["olivares"],
        lerma=totals["lerma"],
        olivares_power=s["powers"]["olivares"],
        lerma_power=s["powers"]["lerma"],
    )
    s["princes"].pop()
    result = {"round": s["round"], "phase": "family", "totals": totals, "winner": None}
    if totals["olivares"] == totals["lerma"]:
        s["prince_discards"].append({"side": "family"})
        g.log("log.family_tie", rule="family_confrontation")
    else:
        win = max(FAMILIES, key=lambda f: totals[f])
        s["family_princes"][win] += 1
        s["starting"] = other(win)
        result["winner"] = win
        g.log("log.family_wins", rule="family_confrontation", family=win)
    s["results"].append(result)


def individual_result(g: Ctx, bonus: dict) -> None:
    s = g.s
    totals = {r: player_total(g, r) + bonus.get(r, 0) for r in s["roles"]}
    for r in s["roles"]:
        g.log("log.individual_total", rule="individual_confrontation", role=r, total=totals[r])
    prince = s["princes"].pop()
    g.show(s["roles"], [prince])
    best = max(totals.values())
    leaders = [r for r in s["roles"] if totals[r] == best]
    bells = card(g, prince)["bells"]
    s["bells"] += bells
    result = {"round": s["round"], "phase": "individual", "totals": totals, "winner": None}
    if len(leaders) == 1:
        s["own_princes"][leaders[0]].append(prince)
        result["winner"] = leaders[0]
        g.log(
            "log.individual_wins",
            rule="individual_confrontation",
            refs=[prince],
            role=leaders[0],
            prince=prince,
            points=card(g, prince)["individual_points"],
            bells=bells,
        )
    else:
        s["prince_discards"].append({"side": "individual", "id": prince})
        g.log("log.individual_tie", rule="individual_confrontation", refs=[prince], prince=prince, bells=bells)
    s["results"].append(result)
    g.log("log.bells", rule="victory_check", bells=s["bells"])


def clean_up(g: Ctx) -> None:
    """Special Situations to the discard pile, Characters on the table back to their players' hands: a Main
    Character in sight of the table, a covered one as unseen as it was (1.2)."""
    s = g.s
    for role in s["roles"]:
        for slot in ("main", "covered"):
            cid = s[slot][role]
            if cid:
                detach_situation(g, cid)
                to_hand(g, role, cid, PUBLIC if slot == "main" else None)
                s[slot][role] = None
    if s["phase"] == "individual" and "relative" in s:
        two_player.discard_relatives(g)
    if "consp" in s:
        conspirators.return_all(g)
    s["conf"] = None
