"""Ultima Ratio Regis — card play in the impulse (8.2.2 "Major power actions and card play", "Card play",
"Combat cards"; 8.2.3) and the piracy action a power card or an event card allows (11.5.1).

``power_actions`` (sequence/impulse.py) offers the cards the hand may play (``deck.playable``); a card played goes face up
and ``card_play`` takes its points and its event, in the order the player wishes: each point becomes an action of
a power that received no points of another card this impulse (``assign``), and the event is applied now
(``event``) or kept for after the points (``impulse.events_due``, applied from ``power_actions`` before the impulse
ends). A combat card played this way is "only the point": its text is ignored.
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.cards import deck
from engines.ultima_ratio.movement import naval, naval_bases


def start_impulse(s: dict, seat: str) -> None:
    """8.2.2: every power's intrinsic action; 8.2.3: a player without cards has one extra action "as if they
    played a combat card"."""
    hand = s["cards"]["hands"].get(seat)
    s["impulse"]["actions"] = dict.fromkeys(st.powers_of(s, seat), 1)
    s["impulse"].update(card_of={}, played=0, must_play=bool(hand), events_due=[], extra=0 if hand else 1)


def play(g: Ctx, seat: str, card: str) -> None:
    """The card goes face up; its points and its event follow (``card_play``)."""
    board = board_of(g)
    deck.discard(g, seat, card)
    combat = deck.is_combat(board, card)
    g.log(
        "log.card_point_only" if combat else "log.card_played",
        seat=seat,
        card=card,
        points=deck.event(board, card).action_points,
        rule="card_play",
    )
    if deck.event(board, card).kind == "historical":
        g.s["cards"]["active"].append(card)
    g.call(
        "card_play",
        seat=seat,
        card=card,
        points=deck.event(board, card).action_points,
        event="none" if combat else "due",
    )


def apply_event(g: Ctx, seat: str, card: str) -> None:
    effects = [e.model_dump(by_alias=True, exclude_defaults=True) for e in deck.event(board_of(g), card).effects]
    g.log("log.event_applied", card=card, rule="card_play")
    g.call("event", card=card, seat=seat, queue=effects)


class CardPlay(Step):
    """Frame: ``seat``, ``card``, ``points`` left, ``event`` ("due", "done", "none")."""

    goes_to = ("event",)

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["seat"]]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        legal: dict[str, list] = {}
        to = deck.receivers(g.s, role, f["card"])
        if f["points"] and to:
            legal["assign"] = to
        if f["event"] == "due":
            legal["event"] = [f["card"]]
        legal["done"] = [None]
        if "assign" in legal:  # the prompt says what is left: points to assign, the event, both or neither
            key = "prompt.card_play" if "event" in legal else "prompt.card_play_points"
        else:
            key = "prompt.card_play_event" if "event" in legal else "prompt.card_play_done"
        return text(key, card=f["card"], points=f["points"]), legal

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "assign":
            return text("act.card_assign", power=arg)
        if verb == "event":
            return text("act.card_event", card=arg)
        return text("act.card_done")

    def on_assign(self, g: Ctx, role: str, arg: str) -> None:
        f, imp = g.frame, g.s["impulse"]
        imp["actions"][arg] += 1
        imp["card_of"][arg] = f["card"]
        f["points"] -= 1
        g.log("log.card_point", power=arg, card=f["card"], rule="card_play")
        self._maybe_end(g)

    def on_event(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["event"] = "done"
        apply_event(g, role, arg)

    def resume(self, g: Ctx, result: Any) -> None:
        self._maybe_end(g)

    def on_done(self, g: Ctx, role: str, arg: Any) -> None:
        """The points not assigned are lost; an event not applied yet comes after the points."""
        f = g.frame
        if f["event"] == "due":
            g.s["impulse"]["events_due"].append(f["card"])
        g.end(None)

    def _maybe_end(self, g: Ctx) -> None:
        f = g.frame
        if f["event"] != "due" and not (f["points"] and deck.receivers(g.s, f["seat"], f["card"])):
            g.end(None)


# ----- 11.5.1 piracy allowed by a power card (corsairs, pirates) or an event card ("Letters of marque") ----------
def corsair_raids(g: Ctx, power: str) -> list[list[str]]:
    """[squadron, victim]: an operational squadron of the power at sea since the impulse began and that has not
    plundered in it, against a victim whose merchant is in a trade center of that sea (11.5.1, ``piracy_victims``)."""
    s = g.s
    victims: list[str] | None = None  # asked once a squadron may plunder
    out = []
    for uid in naval_bases.operational(s, power):
        sea = st.loc_sea(s["units"][uid]["loc"])
        if sea and st.started_impulse_as(s, uid) and not naval_bases.pirated(s, uid):
            if victims is None:
                victims = piracy_victims(g, power)
            out += [[uid, v] for v in victims if naval.piracy_centers(s, board_of(g), sea, v)]
    return out


def piracy_victims(g: Ctx, power: str) -> list[str]:
    """11.5.1: "Piracy is only possible if it is expressly allowed in a major power card or by an event card. For
    corsairs, it is necessary that both involved major powers are at war": a card's ``privateering`` against the
    powers at war with it, its ``piracy`` against any other power, a corsair of Letters of marque against the powers
    it has a Casus Belli with (RULINGS C-15); never a power in forced peace with it (21.5.4)."""
    s = g.s
    kinds = {a.kind for a in board_of(g).power(power).abilities}
    out = set()
    if power in s["cards"].get("corsairs", []):
        out |= {cb[1] for cb in s["casus_belli"] if cb[0] == power}
    if "privateering" in kinds:
        out |= {p for p in s["powers"] if sorted((power, p)) in s["wars"]}
    if "piracy" in kinds:
        out |= set(s["powers"])
    return sorted(p for p in out if p != power and p in s["powers"] and not st.in_forced_peace(s, power, p))


class Corsair(Step):
    """The piracy action (9., 11.5): the squadron and the victim; the trade center is the first of that sea where the
    victim has merchants."""

    goes_to = ("piracy",)

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.corsair"), {"raid": corsair_raids(g, g.frame["power"])}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.corsair", unit=arg[0], victim=arg[1])

    def on_raid(self, g: Ctx, role: str, arg: list) -> None:
        uid, victim = arg
        sea = st.loc_sea(g.s["units"][uid]["loc"])
        assert sea is not None  # corsair_raids offers only squadrons at sea
        center = naval.piracy_centers(g.s, board_of(g), sea, victim)[0]
        g.log("log.corsair", unit=uid, victim=victim, center=center, rule="piracy")
        g.goto("piracy", pirate=uid, sea=sea, center=center, victim=victim)


STEPS = {"card_play": CardPlay(), "corsair": Corsair()}
