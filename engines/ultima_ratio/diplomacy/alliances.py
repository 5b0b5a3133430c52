"""Ultima Ratio Regis — 21.1 Alliance between major powers, and the allies entering a war (21.1, 21.3, 21.3.3).

An alliance is declared "at the beginning of the impulse of a player" (``start_of_impulse``'s verb ``ally``) for a
pair an event card or scenario rule permits (``alliance_permits``: the sorted pairs of major powers a scenario rule
lets ally at the start of an impulse; an event's ``alliance`` effect lets its player declare one at once,
``alliance_choice``), "with his acquiescence and if they are not at war": the other power's player accepts or
refuses (``alliance_consent``) unless he is the same player (RULINGS AL-1, AL-2). Allies are in forced peace
(``state.in_forced_peace``; the CBs of events between them ignored, ``events.py``). When one of them is at war, the
other may enter the war (``war_entry``, asked at once after the move in progress, RULINGS AL-4) — "it is when the
alliance is announced that the major powers allied must announce if they will enter the war or not". Entering is a
declaration of war of the ally (21.3.3) without a morale point (21.3.5) nor extra VP.

All alliances end at the end of the turn (23), but those a scenario rule makes "until war breaks out"
(``lasting_alliances``, RULINGS AL-3): ``turn_over``.
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.cards import deck
from engines.ultima_ratio.diplomacy import war


def may_ally(s: dict, a: str, b: str) -> bool:
    """21.1: two different major powers in play, not allied already, not at war with each other."""
    return a != b and a in s["powers"] and b in s["powers"] and not st.allied(s, a, b) and not deck.at_war(s, a, b)


def permitted(s: dict, seat: str) -> list[list[str]]:
    """21.1 at the start of the seat's impulse: [power, other] for each of its powers and each power a scenario rule
    permits it to ally with (``alliance_permits``)."""
    out = []
    for pair in s.get("alliance_permits", []):
        for power in pair:
            other = pair[1] if pair[0] == power else pair[0]
            if st.seat_of(s, power) == seat and may_ally(s, power, other) and [other, power] not in out:
                out.append([power, other])
    return out


def choices(s: dict, seat: str) -> list[list[str]]:
    """An event's ``alliance`` between "any" powers (the Royal marriage: "Two of your major powers, or one of yours
    and a consenting one"): [power, other] for each power of the seat and each other power it may ally with."""
    out: list[list[str]] = []
    for power in st.powers_of(s, seat):
        for other in sorted(s["powers"]):
            if may_ally(s, power, other) and [other, power] not in out:
                out.append([power, other])
    return out


def propose(g: Ctx, power: str, other: str, why: str) -> bool:
    """21.1: ``power``'s player declares the alliance; the other power acquiesces — at once if the same player leads
    it, else its player is asked (``alliance_consent``, a call of the current step: True)."""
    s = g.s
    g.log(f"log.alliance_proposed.{why}", power=power, other=other, rule="alliances")
    if st.seat_of(s, power) == st.seat_of(s, other):
        make(g, power, other)
        return False
    g.call("alliance_consent", power=power, other=other)
    return True


def make(g: Ctx, a: str, b: str, lasting: bool = False) -> None:
    """The two powers are allied (21.1: "two control markers on the alliances track"); each is asked whether it
    enters the wars the other already wages (21.1 last sentence, 21.3.3)."""
    s = g.s
    pair = sorted((a, b))
    s["alliances"].append(pair)
    if lasting:
        s.setdefault("lasting_alliances", []).append(pair)
    g.log("log.alliance_made", powers=pair, rule="alliances")
    war.queue_war_entries(s, a, b)
    war.queue_war_entries(s, b, a)


def ask_war_entry(g: Ctx) -> bool:
    """21.1: call ``war_entry`` for the first question still open (the ally still allied with a partner still at war
    with an enemy it may enter a war against); True if it did (the caller names ``war_entry`` in its ``goes_to``)."""
    s = g.s
    due = s.get("war_entries", [])
    while due:
        ally, partner, enemy = due[0]
        if st.allied(s, ally, partner) and deck.at_war(s, partner, enemy) and war.may_enter(s, ally, enemy):
            g.call("war_entry", ally=ally, partner=partner, enemy=enemy)
            return True
        due.pop(0)
    s.pop("war_entries", None)
    return False


def enter_war(g: Ctx, ally: str, partner: str, enemy: str) -> None:
    """21.3.3: "When an ally enters a war ... the ally can also declare war on the enemy": the war breaks out
    (``war.begin_war``: its own allies are asked in turn), the CBs between the two disappear (21.3.2), no morale
    point is given ("this does not apply when going to war to help an ally", 21.3.5) and "these wars start without
    extra VPs for the winner"."""
    s = g.s
    pair = sorted((ally, enemy))
    war.begin_war(g, pair)
    s["casus_belli"] = [cb for cb in s["casus_belli"] if sorted(cb) != pair]
    g.log("log.ally_enters_war", power=ally, partner=partner, enemy=enemy, rule="alliances")


def turn_over(g: Ctx) -> None:
    """23: "All wars and alliances are terminated" — but for those a scenario rule keeps "until war breaks out"
    (RULINGS AL-3); the questions of war entry still open go too."""
    s = g.s
    for pair in list(s["alliances"]):
        if pair not in s.get("lasting_alliances", []):
            war.end_alliance(g, pair, "turn_end")
    s.pop("war_entries", None)


class AllianceConsent(Step):
    """21.1 "with his acquiescence": the other power's player accepts or refuses the alliance. Frame: ``power``
    (who declared it), ``other``."""

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["other"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        pair = [f["power"], f["other"]]
        return text("prompt.alliance_consent", power=f["power"], other=f["other"]), {
            "accept": [pair],
            "refuse": [pair],
        }

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.alliance_{verb}", power=arg[0], other=arg[1])

    def on_accept(self, g: Ctx, role: str, arg: list) -> None:
        g.log("log.alliance_accepted", power=arg[1], other=arg[0], rule="alliances")
        make(g, arg[0], arg[1])
        g.end(True)

    def on_refuse(self, g: Ctx, role: str, arg: list) -> None:
        g.log("log.alliance_refused", power=arg[1], other=arg[0], rule="alliances")
        g.end(False)


class AllianceChoice(Step):
    """An event lets its player ally "at once" (the ``alliance`` effect between any powers, 21.1): which of his
    powers with which power, or none. Frame: ``seat``, ``card``, ``options`` ([power, other])."""

    goes_to = ("alliance_consent",)

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["seat"]]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        return text("prompt.alliance_choice", event=f["card"]), {"ally": f["options"], "no_alliance": [None]}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "ally":
            return text("act.ally", power=arg[0], other=arg[1])
        return text("act.no_alliance")

    def on_ally(self, g: Ctx, role: str, arg: list) -> None:
        s = g.s
        g.log("log.alliance_proposed.event", power=arg[0], other=arg[1], rule="alliances")
        if st.seat_of(s, arg[0]) == st.seat_of(s, arg[1]):
            make(g, arg[0], arg[1])
            g.end(True)
            return
        g.goto("alliance_consent", power=arg[0], other=arg[1])

    def on_no_alliance(self, g: Ctx, role: str, arg: Any) -> None:
        g.end(False)


class WarEntry(Step):
    """21.1: the ally announces whether it enters the war of its partner against the enemy ("This is done
    immediately and does not require any action"). Frame: ``ally``, ``partner``, ``enemy``."""

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["ally"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        arg = [f["ally"], f["enemy"]]
        return text("prompt.war_entry", ally=f["ally"], partner=f["partner"], enemy=f["enemy"]), {
            "enter_war": [arg],
            "stay_out": [arg],
        }

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.{verb}", power=arg[0], enemy=arg[1])

    def _answered(self, g: Ctx) -> None:
        due = g.s.get("war_entries", [])
        f = g.frame
        if due and due[0] == [f["ally"], f["partner"], f["enemy"]]:
            due.pop(0)

    def on_enter_war(self, g: Ctx, role: str, arg: list) -> None:
        f = g.frame
        self._answered(g)
        enter_war(g, f["ally"], f["partner"], f["enemy"])
        g.end(None)

    def on_stay_out(self, g: Ctx, role: str, arg: list) -> None:
        f = g.frame
        self._answered(g)
        g.log("log.ally_stays_out", power=f["ally"], partner=f["partner"], enemy=f["enemy"], rule="alliances")
        g.end(None)


STEPS = {
    "alliance_consent": AllianceConsent(),
    "alliance_choice": AllianceChoice(),
    "war_entry": WarEntry(),
}
