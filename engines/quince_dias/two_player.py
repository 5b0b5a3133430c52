"""Two Player's Game (rulebook › Two Player's Game; RULINGS OQ-02).

Each player has a "Relative": a Character drawn from the Court deck (Special Situations drawn are discarded until
a Character comes) at the start of the Family Confrontation and placed in the middle of the table. Its Power
values add to its player's total in both Confrontations. The opponent may discard it (Cancel) or steal it into his
hand (Attract) when it is in range; a new Relative is then drawn at once. Relatives are discarded after the
Individual Confrontation.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.quince_dias.cards import PUBLIC, discard, draw_card, in_range, is_character, to_hand


def draw_relative(g: Ctx, role: str) -> None:
    s = g.s
    while True:
        cid = draw_card(g)
        if cid is None:
            return
        g.show(s["roles"], [cid])
        if is_character(cid):
            s["relative"][role] = cid
            g.log("log.relative", rule="two_player", role=role, card=cid)
            return
        s["discard"].append(cid)


def draw_relatives(g: Ctx) -> None:
    for role in g.s["roles"]:
        if g.s["relative"][role] is None:
            draw_relative(g, role)


def relative_targets(g: Ctx, role: str, user: str, power: str) -> list[str]:
    s = g.s
    return [
        f"relative:{r}"
        for r in s["roles"]
        if r != role and s["relative"][r] and s["relative"][r] != user and in_range(g, user, s["relative"][r], power)
    ]


def strike_relative(g: Ctx, role: str, victim: str, ability: str) -> None:
    """Cancel discards the Relative, Attract takes it into the attacker's hand; a new one is drawn."""
    s = g.s
    cid = s["relative"][victim]
    s["relative"][victim] = None
    if ability == "cancel":
        discard(g, cid)
    else:
        to_hand(g, role, cid, PUBLIC)
        g.call("attract_pay", role=role, to=victim, taken=cid)
    draw_relative(g, victim)


def discard_relatives(g: Ctx) -> None:
    for role in g.s["roles"]:
        cid = g.s["relative"][role]
        if cid:
            discard(g, cid)
            g.s["relative"][role] = None
