"""Ultima Ratio Regis — 20.3.1 Alliance by alliance event card: "the major powers interested in allying with the
minor power can start an auction identical to the technology auction" (``economy/auction.UnrestAuction``), open only
to "the major powers with interest in the theater where the minor power is located" (18.4: a theater without
interest, "cannot ally with minor powers located in this theater"). The winner raises its unrest by its bet, one
less if it renews an alliance ("any major powers that win the auction to ally with a minor power with which they
were previously allied reduce the unrest increase by one point"), one more where the turn makes diplomacy between
Christians and Muslims dearer (``diplomacy_cost``); then the alliance (``minor_status``). Nobody bets: an allied minor
becomes neutral (20.4.1), a neutral one stays so. A card that gives VP to the winner (the Imperial election: "the
winner scores 1 VP", and 1 more in a turn when Luther was played, ``election_vp``) pays them as the auction closes
(22, RULINGS IV-2).
"""

from __future__ import annotations

from typing import ClassVar

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.cards import deck
from engines.ultima_ratio.economy.auction import UnrestAuction, speaking_order
from engines.ultima_ratio.economy.unrest import change_unrest
from engines.ultima_ratio.world_base import FAITHS

IMPERIAL_ELECTION = "card:imperial-election"  # the generic card (events.yaml) that Austria's ability reserves


def may_bid(g: Ctx, power: str, minor: str, card: str | None = None) -> bool:
    """20.3.1: interest in the minor's theater (18.4.1); a mercenary minor has no home territory (20.6), so any major
    power may bid for it (RULINGS MP-2). The Imperial election's ``card``: only a power whose card says it may win
    it (Austria, "only Austria may win the Imperial election", ``powers.yaml``) may bid (RULINGS IV-2)."""
    theater = board_of(g).minor(minor).theater
    if card == IMPERIAL_ELECTION and not any(a.kind == "imperial_election" for a in board_of(g).power(power).abilities):
        return False
    return theater is None or theater in g.s["powers"][power]["interest"]


def diplomacy_cost(g: Ctx, power: str, minor: str) -> int:
    """Turn 1 (l. 2180) and Turn 6 (l. 2343): "The cost of diplomacy between Christians and Muslims is increased by 1
    (not the maximum bet)" — the ``diplomacy_cost`` effects of the turn's special rules (and of the scenario's own on
    its first turn), paid in unrest by a power whose faith is the other one of the minor's; the bets and their
    maximum (19.3.1) do not change (RULINGS TS-3)."""
    s, board = g.s, board_of(g)
    faiths = {FAITHS.get(board.power(power).religion), FAITHS.get(board.minor(minor).religion)}
    if faiths != {"christian", "muslim"}:
        return 0
    rules = board.world.rules_in_force(s["scenario"], s["turn"], s["first_turn"])
    return sum(e.amount or 0 for rule in rules for e in rule.effects if e.op == "diplomacy_cost")


def election_vp(g: Ctx) -> int:
    """Luther (Turn 2, events.yaml): "the Imperial election card scores 1 more VP this turn" — the ``election_vp``
    effects of the cards played this turn (``cards.discard``; RULINGS IV-2)."""
    board = board_of(g)
    return sum(
        e.amount or 0
        for card in g.s["cards"].get("discard", [])
        for e in deck.event(board, card).effects
        if e.op == "election_vp"
    )


def candidates(g: Ctx, theaters: list[str]) -> list[str]:
    """The minors in play of ``theaters`` an alliance card of a region may be played for (``regional-ally`` and the
    like: "one minor power (chosen by the player)")."""
    board = board_of(g)
    return sorted(m for m in g.s["minors"] if board.minor(m).theater in theaters)


class AllianceAuction(UnrestAuction):
    """20.3.1: the auction of ``minor`` (frame key besides the auction's, and ``renewal``: the ally when the card
    was played)."""

    goes_to = ("minor_alliance", "minor_neutral")
    messages: ClassVar[dict[str, str]] = {
        "prompt": "prompt.alliance_auction",
        "prompt_open": "prompt.alliance_auction_open",
        "log_bid": "log.alliance_bid",
        "act_bid": "act.technology_bid",
        "act_pass": "act.technology_pass",
    }
    rule = "alliance_auction"

    def bidders(self, g: Ctx, seat: str) -> list[str]:
        return [p for p in st.powers_of(g.s, seat) if may_bid(g, p, g.frame["minor"], g.frame["card"])]

    def close(self, g: Ctx) -> None:
        f = g.frame
        minor = f["minor"]
        if f["bid"] is None:
            g.log("log.alliance_nobody", card=f["card"], minor=minor, rule="alliance_auction")
            if g.s["minors"][minor]["ally"] is not None:
                g.goto("minor_neutral", minor=minor)  # 20.4.1: "if no major power bets in the auction"
            else:
                g.end(None)
            return
        power, amount = f["bid"]
        renewal = f["renewal"] == power
        extra = diplomacy_cost(g, power, minor)
        change_unrest(g, power, amount - (1 if renewal else 0) + extra, "alliance")
        key = "log.alliance_renewed" if renewal else "log.alliance_won"
        g.log(key, power=power, minor=minor, amount=amount, rule="alliance_auction")
        if extra:
            g.log("log.diplomacy_cost", power=power, minor=minor, amount=extra, rule="alliance_auction")
        vp = f.get("vp", 0) + (election_vp(g) if f.get("vp") else 0)
        if vp:  # 22: "Others, detailed in the card itself" — the card's VP to the winner (RULINGS IV-2)
            seat = st.player_of(g.s, power)
            g.s["seats"][seat]["vp"] += vp
            g.log("log.auction_vp", power=power, card=f["card"], amount=vp, rule="alliance_auction")
        # the Imperial election: "allied ... until the end of the turn" (RULINGS IV-3)
        lasting = {"until_turn_end": True} if f.get("until_turn_end") else {}
        g.goto("minor_alliance", minor=minor, power=power, how="card", **lasting)


def start(g: Ctx, card: str, minor: str, seat: str, vp: int = 0, until_turn_end: bool = False) -> None:
    """The auction the player ``seat`` starts by playing ``card`` for ``minor``: the players with a power that may
    bid speak, in the order of play from the one who played (a player without one is not asked, RULINGS MP-1);
    ``vp``: the card's VP to the winner; ``until_turn_end``: the alliance ends with the turn (the Imperial election,
    RULINGS IV-3). Nobody who may bid (the Imperial election without Austria in play): the player who played only
    passes, and the auction has no winner (RULINGS IV-2)."""
    s = g.s
    order = [x for x in speaking_order(s, seat) if any(may_bid(g, p, minor, card) for p in st.powers_of(s, x))]
    local = {"card": card, "minor": minor, "renewal": s["minors"][minor]["ally"], "turn": 0, "bid": None, "passes": 0}
    if vp:
        local["vp"] = vp
    if until_turn_end:
        local["until_turn_end"] = True
    g.call("alliance_auction", order=order or [seat], **local)


STEPS = {"alliance_auction": AllianceAuction()}
