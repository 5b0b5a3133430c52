"""Ultima Ratio Regis — 19.3 Technology: the auction a technology card starts (19.3.1) and what the technology
gives its winner (the card's text, ``events.yaml``).

The state keeps ``cards.technologies`` {power: [technology]} in a game with cards. Siege, land and naval
technology last the rest of the turn (19.3: "the advantage is lost at the end of the turn"; they are cleared when
the next turn's deck is built); industrial technology lasts the game (its duration is not limited, RULINGS C-6).
"""

from __future__ import annotations

from typing import ClassVar

from engines.core.machine import Ctx
from engines.ultima_ratio.economy.auction import UnrestAuction, speaking_order
from engines.ultima_ratio.economy.unrest import change_unrest

TURN_ONLY = ("siege", "land", "naval")
# the combats each technology gives an advantage in, and the side that has it there (None: either)
IN_COMBAT = {"land": ("land", None), "naval": ("naval", None), "siege": ("siege", "attacker")}


def advantages(s: dict, power: str | None, kind: str, side: str) -> list[str]:
    """The technologies of ``power`` that give it an advantage in this combat."""
    out = []
    for tech in s["cards"].get("technologies", {}).get(power, []):
        where = IN_COMBAT.get(tech)
        if where and where[0] == kind and where[1] in (None, side):
            out.append(tech)
    return out


def end_of_turn(s: dict) -> None:
    """19.3: the first three are lost at the end of the turn."""
    techs = s["cards"].get("technologies", {})
    for power in list(techs):
        techs[power] = [t for t in techs[power] if t not in TURN_ONLY]
        if not techs[power]:
            del techs[power]


class TechnologyAuction(UnrestAuction):
    """19.3.1 (RULINGS C-14): any power of a player may bet, at least 1 (``auction.UnrestAuction``); frame
    ``technology`` besides the auction's keys."""

    messages: ClassVar[dict[str, str]] = {
        "prompt": "prompt.technology_auction",
        "prompt_open": "prompt.technology_auction_open",
        "log_bid": "log.technology_bid",
        "act_bid": "act.technology_bid",
        "act_pass": "act.technology_pass",
    }
    rule = "technology"

    def close(self, g: Ctx) -> None:
        """The winner raises its unrest by its bet and takes the technology; with no bet the event is ignored."""
        f = g.frame
        if f["bid"] is None:
            g.log("log.technology_none", card=f["card"], rule="technology")
        else:
            power, amount = f["bid"]
            change_unrest(g, power, amount, "technology")
            g.s["cards"].setdefault("technologies", {}).setdefault(power, []).append(f["technology"])
            g.log("log.technology_won", power=power, card=f["card"], rule="technology")
        g.end(None)


def start(g: Ctx, card: str, technology: str, seat: str) -> None:
    """The auction of the card the player ``seat`` played (the order of play from that player)."""
    order = speaking_order(g.s, seat)
    g.call("technology_auction", card=card, technology=technology, order=order, turn=0, bid=None, passes=0)


STEPS = {"technology_auction": TechnologyAuction()}
