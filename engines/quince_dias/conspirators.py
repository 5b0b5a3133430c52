"""The Player Turn › 1.4 Hiring a Conspirator (optional variant) and the Conspirator Abilities.

Hiring is a Special Action: one of the face-up Conspirators, paid by putting two Characters from one's hand in
the Estate (RULINGS OQ-26). A hired Conspirator waits face down by its owner's Family token. In his first turn of each
Confrontation the owner chooses: play one from his hand (a Character without Administrative Ability), let one
plot (face down, untouchable, its Conspirator Ability resolves at the end of the phase), or keep them aside.
Wherever a Conspirator is, it goes back to its owner at the end of every Confrontation; each one hired costs its
owner 3 Affection Points at the end. The Conspirator Abilities are designed (RULINGS › Conspirators):
favour (+2 to the owner's total), slander (-2 to every opposing total), bribe (+2 Ducats from the bank),
informant (draw 2 cards).
"""
from __future__ import annotations

from engines.core.machine import Ctx, Step, act
from engines.quince_dias.cards import card, draw, hand_floor, income, is_character, is_conspirator, label, name

HIRE_COST = 2
PLOT_POINTS = 2
R_HIRE = "The Player Turn › 1.4 Hiring a Conspirator"
R_HAND = "The Player Turn › 1.4.1 Play from Hand"
R_PLOT = "The Player Turn › 1.4.2 Plot"
PLOT_TEXT = {
    "favour": "adds 2 to {who}'s total", "slander": "takes 2 from every total opposing {who}",
    "bribe": "brings {who} 2 Ducats", "informant": "lets {who} draw 2 cards",
}


def estate_cards(s: dict, role: str) -> list[str]:
    return [c for c in s["hands"][role] if is_character(c) and not is_conspirator(c)]


def hire_actions(s: dict, role: str) -> list:
    floor = hand_floor(s)
    if len(estate_cards(s, role)) < HIRE_COST or len(s["hands"][role]) - HIRE_COST < floor:
        return []
    return [act("hire", c, f"Hire {name(c)} ({PLOT_TEXT[card(c)['plot']].format(who='you')} when he plots), "
                           "putting two Characters in your Estate") for c in s["consp"]["available"]]


def hire(g: Ctx, role: str, cid: str) -> None:
    s = g.s
    c = s["consp"]
    c["available"].remove(cid)
    c["owner"][cid] = role
    c["owned"][role].append(cid)
    c["reserve"][role].append(cid)
    g.log(f"{label(role)} hires the {name(cid)}, putting two Characters in his Estate.", rule=R_HIRE)
    g.push("hire_estate", role=role, left=HIRE_COST)


class HireEstate(Step):
    """1.4: the two Characters that pay for the Conspirator go under the Family token."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        return f"Hiring: put {g.frame['left']} more Character(s) in your Estate.", [
            act("estate", c, f"Put {name(c)} in the Estate") for c in estate_cards(g.s, role)]

    def on_estate(self, g: Ctx, role: str, arg: str) -> None:
        g.s["hands"][role].remove(arg)
        g.s["estate"][role].append(arg)
        g.frame["left"] -= 1
        if not g.frame["left"]:
            g.pop()


def begin_turn(s: dict, role: str) -> bool:
    """Record the player's first turn of the Confrontation; True when he then has Conspirators to decide on
    (one hired later in the phase waits for the next Confrontation)."""
    if "consp" not in s or role in s["consp"]["decided"]:
        return False
    s["consp"]["decided"].append(role)
    return bool(s["consp"]["reserve"][role])


def decide_actions(s: dict, role: str) -> list:
    acts = []
    for cid in s["consp"]["reserve"][role]:
        acts.append(act("conspire", [cid, "hand"], f"Take {name(cid)} into your hand"))
        acts.append(act("conspire", [cid, "plot"],
                        f"{name(cid)} plots ({PLOT_TEXT[card(cid)['plot']].format(who='you')})"))
    acts.append(act("keep", None, "Keep your Conspirators aside"))
    return acts


def deploy(g: Ctx, role: str, cid: str, how: str) -> None:
    c = g.s["consp"]
    c["reserve"][role].remove(cid)
    if how == "hand":
        g.s["hands"][role].append(cid)
        g.log(f"{label(role)} takes a Conspirator into his hand.", rule=R_HAND)
    else:
        c["plot"][role] = cid
        g.log(f"{label(role)} has a Conspirator plotting.", rule=R_PLOT)


def resolve_plots(g: Ctx) -> dict[str, int]:
    """End of a Confrontation: every plotting Conspirator is revealed and its ability resolves. Returns the
    changes to each player's total."""
    s = g.s
    plots = s["consp"]["plot"]
    bonus: dict[str, int] = {}
    if not plots:
        return bonus
    g.reveal()
    for role in s["roles"]:
        cid = plots.get(role)
        if not cid:
            continue
        kind = card(cid)["plot"]
        g.log(f"{label(role)}'s {name(cid)} plots: he {PLOT_TEXT[kind].format(who=label(role))}.", rule=R_PLOT)
        if kind == "favour":
            bonus[role] = bonus.get(role, 0) + PLOT_POINTS
        elif kind == "slander":
            for other in opponents(s, role):
                bonus[other] = bonus.get(other, 0) - PLOT_POINTS
        elif kind == "bribe":
            income(g, role, PLOT_POINTS)
        else:
            draw(g, role, PLOT_POINTS)
    return bonus


def opponents(s: dict, role: str) -> list[str]:
    """The family phase's slander weighs on the other family, as one total: it is charged to one member."""
    if s["phase"] == "family":
        return [next(r for r in s["roles"] if s["family"][r] != s["family"][role])]
    return [r for r in s["roles"] if r != role]


def return_all(g: Ctx) -> None:
    """End of a Confrontation: every Conspirator goes back face down to its owner."""
    s = g.s
    c = s["consp"]
    for role, cid in c["plot"].items():
        c["reserve"][role].append(cid)
    c["plot"] = {}
    for role in s["roles"]:
        for cid in [x for x in s["hands"][role] if is_conspirator(x)]:
            s["hands"][role].remove(cid)
            c["reserve"][c["owner"][cid]].append(cid)
