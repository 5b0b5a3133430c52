"""The Player Turn › 1.4 Hiring a Conspirator (optional variant) and the Conspirator Abilities.

Hiring is a Special Action: one of the face-up Conspirators, paid by putting two Characters from one's hand in
the Estate (RULINGS OQ-26). A hired Conspirator waits face down by its owner's Family token. In his first turn of each
Confrontation the owner chooses: play one from his hand (a Character without Administrative Ability), let one
plot (face down, untouchable, its Conspirator Ability resolves at the end of the phase), or keep them aside.
Wherever a Conspirator is, it goes back to its owner at the end of every Confrontation; each one hired costs its
owner 3 Affection Points at the end. The Conspirator Abilities are designed (RULINGS › Conspirators):
favour (+2 to the owner's total), slander (-2 to every opposing total), bribe (+2 Ducats from the bank),
informant (draw 2 cards).

Who knows which Conspirator waits where is kept in ``s["known"]`` like a hand's cards (cards.py): everyone sees the
one hired, or one going back from the table or a plot; nobody but the owner sees one going back from his hand, nor
which of his face-down Conspirators he took or let plot (and so which ones still wait).
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import Legal, Text, text
from engines.quince_dias.cards import PUBLIC, card, draw, from_hand, hand_floor, income, is_conspirator, to_hand

HIRE_COST = 2
PLOT_POINTS = 2


def estate_cards(s: dict, role: str) -> list[str]:
    return [c for c in s["hands"][role] if not c.startswith("qd:sit:") and not is_conspirator(c)]


def hire_choices(s: dict, role: str) -> list[str]:
    if len(estate_cards(s, role)) < HIRE_COST or len(s["hands"][role]) - HIRE_COST < hand_floor(s):
        return []
    return list(s["consp"]["available"])


def hire_label(g: Ctx, cid: str) -> Text:
    return text("act.hire", card=cid, plot=card(g, cid)["plot"])


def hire(g: Ctx, role: str, cid: str) -> None:
    s = g.s
    c = s["consp"]
    c["available"].remove(cid)
    c["owner"][cid] = role
    c["owned"][role].append(cid)
    c["reserve"][role].append(cid)
    s["known"][cid] = PUBLIC
    g.log("log.hires", rule="hire", role=role, card=cid)
    g.call("hire_estate", role=role, left=HIRE_COST)


class HireEstate(Step):
    """1.4: the two Characters that pay for the Conspirator go under the Family token."""

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["role"]]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.hire_estate", n=g.frame["left"]), {"estate": estate_cards(g.s, role)}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.hire_estate", card=arg)

    def on_estate(self, g: Ctx, role: str, arg: str) -> None:
        from_hand(g, role, arg)
        g.s["estate"][role].append(arg)
        g.frame["left"] -= 1
        if not g.frame["left"]:
            g.end()


def begin_turn(s: dict, role: str) -> bool:
    """Record the player's first turn of the Confrontation; True when he then has Conspirators to decide on
    (one hired later in the phase waits for the next Confrontation)."""
    if "consp" not in s or role in s["consp"]["decided"]:
        return False
    s["consp"]["decided"].append(role)
    return bool(s["consp"]["reserve"][role])


def decide_choices(s: dict, role: str) -> Legal:
    return {"conspire": [[cid, how] for cid in s["consp"]["reserve"][role] for how in ("hand", "plot")], "keep": [None]}


def decide_label(g: Ctx, arg: list) -> Text:
    cid, how = arg
    return text(f"act.conspire_{how}", card=cid, plot=card(g, cid)["plot"])


def deploy(g: Ctx, role: str, cid: str, how: str) -> None:
    s = g.s
    c = s["consp"]
    c["reserve"][role].remove(cid)
    for waiting in [cid, *c["reserve"][role]]:  # face down, nobody else can tell which went where
        s["known"].pop(waiting, None)
    if how == "hand":
        to_hand(g, role, cid)
        g.log("log.conspirator_to_hand", rule="from_hand", role=role)
    else:
        c["plot"][role] = cid
        g.log("log.conspirator_plots", rule="plot", role=role)


def resolve_plots(g: Ctx) -> dict[str, int]:
    """End of a Confrontation: every plotting Conspirator is revealed and its ability resolves. Returns the
    changes to each player's total."""
    s = g.s
    plots = s["consp"]["plot"]
    bonus: dict[str, int] = {}
    if not plots:
        return bonus
    g.show(s["roles"], list(plots.values()))
    for role in s["roles"]:
        cid = plots.get(role)
        if not cid:
            continue
        kind = card(g, cid)["plot"]
        g.log(f"log.plot_{kind}", rule="plot", refs=[cid], role=role, card=cid)
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
    """End of a Confrontation: every Conspirator goes back face down to its owner (who knew where it was still
    does: a plot was just revealed, a Character back from the table was in sight)."""
    s = g.s
    c = s["consp"]
    for role, cid in c["plot"].items():
        c["reserve"][role].append(cid)
        s["known"][cid] = PUBLIC
    c["plot"] = {}
    for role in s["roles"]:
        for cid in [x for x in s["hands"][role] if is_conspirator(x)]:
            s["hands"][role].remove(cid)
            c["reserve"][c["owner"][cid]].append(cid)
