"""Game Sequence › 3. Family Confrontation and 4. Individual Confrontation.

The face-down choice of a Main Character (all at once, revealed together), rounds of turns in Initiative order
(ties: the higher power at stake, then the higher sum of powers, then seat order), players without a Main
Character last at Initiative 0 in the chooser's chain (The Player Turn › 1.1), the end condition, the winner of
the Prince card and the clean-up.
"""
from __future__ import annotations

from engines.core.machine import Ctx, Step, act
from engines.quince_dias import conspirators, two_player
from engines.quince_dias.cards import (FAMILIES, FAMILY_NAMES, POWER_NAMES, card, detach_situation, hand_floor,
                                       is_character, label, name, player_total, reference, value)
from engines.quince_dias.sequence import other
from engines.quince_dias.turn import start_turn

R_FAMILY = "Game Sequence › 3. Family Confrontation"
R_INDIVIDUAL = "Game Sequence › 4. Individual Confrontation"
R_NO_MAIN = "The Player Turn › 1.1 Play a New Main Character"


def rule(s: dict) -> str:
    return R_FAMILY if s["phase"] == "family" else R_INDIVIDUAL


def eligible(s: dict, role: str) -> bool:
    """Still plays turns: has not left, and holds more than 3 cards (Family) or any card (Individual)."""
    if s["left"][role]:
        return False
    return len(s["hands"][role]) > hand_floor(s)


def initiative_key(s: dict, role: str) -> tuple:
    main = s["main"][role]
    c = card(main)
    return (-c["initiative"], -value(s, main, reference(s, role)),
            -sum(value(s, main, p) for p in POWER_NAMES), s["roles"].index(role))


class ConfrontationStart(Step):
    """Start of phase 3 or 4: the Control card is face up again (RULINGS OQ-01), Relatives in the 2-player
    game, then the face-down choice."""

    def auto(self, g: Ctx) -> None:
        s = g.s
        kind = g.frame["kind"]
        s["phase"] = kind
        s["control_free"] = True
        s["left"] = {r: False for r in s["roles"]}
        s["chosen"] = {}
        s["conf"] = {"queue": [], "zero": [], "last": None, "round_of_turns": 0, "manipulated": []}
        if "consp" in s:
            s["consp"]["decided"] = []
        if kind == "family":
            powers = ", ".join(f"{FAMILY_NAMES[f]} {POWER_NAMES[s['powers'][f]]}" for f in FAMILIES)
            g.log(f"The Family Confrontation begins ({powers}).", rule=R_FAMILY)
            if "relative" in s:
                two_player.draw_relatives(g)
        else:
            g.log(f"The Individual Confrontation begins ({POWER_NAMES[s['powers']['individual']]}).",
                  rule=R_INDIVIDUAL)
        g.goto("choose_main")
        if not ChooseMain().active(g):
            reveal(g)


class ChooseMain(Step):
    """Every player secretly chooses a Character card from his hand and places it face down."""

    def active(self, g: Ctx) -> list[str]:
        s = g.s
        return [r for r in s["roles"] if r not in s["chosen"] and any(is_character(c) for c in s["hands"][r])]

    def prompt(self, g: Ctx, role: str):
        ref = reference(g.s, role)
        return (f"Choose your Main Character face down (reference power: {POWER_NAMES[ref]}).",
                [act("choose", c, f"{name(c)} ({POWER_NAMES[ref]} {card(c)[ref]}, Initiative {card(c)['initiative']})")
                 for c in g.s["hands"][role] if is_character(c)])

    def on_choose(self, g: Ctx, role: str, arg: str) -> None:
        g.s["hands"][role].remove(arg)
        g.s["chosen"][role] = arg
        g.log(f"You chose {name(arg)} face down.", to=[role])
        if not self.active(g):
            reveal(g)


def reveal(g: Ctx) -> None:
    s = g.s
    for role in s["roles"]:
        cid = s["chosen"].get(role)
        if cid:
            s["main"][role] = cid
            g.log(f"{label(role)} reveals {name(cid)} (Initiative {card(cid)['initiative']}, "
                  f"{POWER_NAMES[reference(s, role)]} {value(s, cid, reference(s, role))}).", rule=rule(s))
        else:
            g.log(f"{label(role)} has no Character to play.", rule=rule(s))
    s["chosen"] = {}
    g.reveal()
    g.goto("turn_order")


class TurnOrder(Step):
    """Whose turn is next: the round of turns in Initiative order, then the players at Initiative 0."""

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
            start_turn(g, role)
            return
        zero = [r for r in conf["zero"] if eligible(s, r)]
        conf["zero"] = zero
        if len(zero) == 1:
            conf["zero"] = []
            start_turn(g, zero[0])
        elif zero and conf["last"] is None:
            pick = g.choice(zero)
            zero.remove(pick)
            g.log(f"Nobody has a Main Character: {label(pick)} is drawn at random to play.", rule=R_NO_MAIN)
            start_turn(g, pick)
        elif zero:
            g.push("choose_next", chooser=conf["last"])
        else:
            conf["round_of_turns"] += 1
            players = [r for r in s["roles"] if eligible(s, r)]
            conf["queue"] = sorted((r for r in players if s["main"][r]), key=lambda r: initiative_key(s, r))
            conf["zero"] = [r for r in players if not s["main"][r]]


class ChooseNext(Step):
    """1.1: the last player to play chooses which player without a Main Character plays next."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["chooser"]]

    def prompt(self, g: Ctx, role: str):
        return "Choose which player without a Main Character plays next.", [
            act("next", r, f"{label(r)} plays next") for r in g.s["conf"]["zero"]]

    def on_next(self, g: Ctx, role: str, arg: str) -> None:
        g.s["conf"]["zero"].remove(arg)
        g.log(f"{label(role)} chooses {label(arg)} to play next.", rule=R_NO_MAIN)
        g.pop()
        start_turn(g, arg)


class ConfrontationEnd(Step):
    """The end of the phase: plots, totals, the Prince card, clean-up."""

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


def family_totals(s: dict, bonus: dict) -> dict[str, int]:
    return {f: sum(player_total(s, r) + bonus.get(r, 0) for r in s["members"][f]) for f in FAMILIES}


def family_result(g: Ctx, bonus: dict) -> None:
    s = g.s
    totals = family_totals(s, bonus)
    g.log("Family totals: " + ", ".join(f"{FAMILY_NAMES[f]} {totals[f]} ({POWER_NAMES[s['powers'][f]]})"
                                         for f in FAMILIES) + ".", rule=R_FAMILY)
    s["princes"].pop()
    result = {"round": s["round"], "phase": "family", "totals": totals, "winner": None}
    if totals["olivares"] == totals["lerma"]:
        s["prince_discards"].append({"side": "family"})
        g.log("A tie: neither family wins, and a Prince card is discarded family side up.", rule=R_FAMILY)
    else:
        win = max(FAMILIES, key=lambda f: totals[f])
        s["family_princes"][win] += 1
        s["starting"] = other(win)
        result["winner"] = win
        g.log(f"The {FAMILY_NAMES[win]} Family wins a Prince card: 5 Affection Points for each of its members.",
              rule=R_FAMILY)
    s["results"].append(result)


def individual_result(g: Ctx, bonus: dict) -> None:
    s = g.s
    totals = {r: player_total(s, r) + bonus.get(r, 0) for r in s["roles"]}
    g.log("Individual totals: " + ", ".join(f"{label(r)} {totals[r]}" for r in s["roles"]) + ".",
          rule=R_INDIVIDUAL)
    prince = s["princes"].pop()
    best = max(totals.values())
    leaders = [r for r in s["roles"] if totals[r] == best]
    bells = card(prince)["bells"]
    s["bells"] += bells
    result = {"round": s["round"], "phase": "individual", "totals": totals, "winner": None}
    if len(leaders) == 1:
        s["own_princes"][leaders[0]].append(prince)
        result["winner"] = leaders[0]
        g.log(f"{label(leaders[0])} wins {name(prince)}: {card(prince)['individual_points']} Affection Points, "
              f"{bells} Bell(s).", rule=R_INDIVIDUAL)
    else:
        s["prince_discards"].append({"side": "individual", "id": prince})
        g.log(f"A tie: nobody wins. {name(prince)} is discarded face up ({bells} Bell(s)).", rule=R_INDIVIDUAL)
    s["results"].append(result)
    g.log(f"Bells shown so far: {s['bells']}.", rule="Game Sequence › 6. Victory Check")


def clean_up(g: Ctx) -> None:
    """Special Situations to the discard pile, Characters on the table back to their players' hands."""
    s = g.s
    for role in s["roles"]:
        for slot in ("main", "covered"):
            cid = s[slot][role]
            if cid:
                detach_situation(g, cid)
                s["hands"][role].append(cid)
                s[slot][role] = None
    if s["phase"] == "individual" and "relative" in s:
        two_player.discard_relatives(g)
    if "consp" in s:
        conspirators.return_all(g)
    s["conf"] = None
