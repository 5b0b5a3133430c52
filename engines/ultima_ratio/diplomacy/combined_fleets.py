"""Ultima Ratio Regis — 21.2.3 Combined fleets: "In the impulse of a player, and with the ally's consent, he can add
squadrons to his fleets (the commander's counter must remain on top of the stack to remember under which flag the
fleet is acting). These fleets can take actions in the sea where they have been formed, but cannot move away from
it."

The player's free moves of the impulse (``start_of_impulse.attach_offer``) offer ``combine_fleet`` [squadron,
flagship] — an ally's operational squadron without a leader at sea with a fleet of his (a flagship with a leader),
within the fleet's limit (15.1.2) — and ``dissolve_fleet`` [flagship] for a combined fleet with a squadron of one
of his powers ("may be dissolved by any of the major powers whose units form the fleet at any time"; RULINGS AL-11).
The ally's player consents (``combined_fleet_consent``) unless he is the same player. The state's side is
``movement/fleets.py`` (``combine``, ``dissolve``, ``revert_strays``); the compulsory dissolution before a battle
against a power a squadron is not at war with is ``battles.call``'s.
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board
from engines.ultima_ratio.logistics import stacking
from engines.ultima_ratio.movement import armies, fleets


def flagships_at_sea(s: dict, seat: str) -> list[str]:
    """The squadrons at sea of the parties the seat plays (its major powers and their allied minors, ``seat_of``),
    by id: the only ones that may fly the flag of the seat's combined fleets (the parties' counters alone, not the
    whole table's)."""
    parties = [p for p in [*s["powers"], *s["minors"]] if st.seat_of(s, p) == seat]
    return sorted(u for p in parties for u in st.units_of(s, p, "squadron", "map") if st.loc_sea(s["units"][u]["loc"]))


def combinations(s: dict, board: Board, seat: str, done: list[str]) -> list[list[str]]:
    """[squadron, flagship]: an ally's squadron the seat's fleet in the same sea may take (each once between two
    other moves, ``done``)."""
    if not s["alliances"]:
        return []
    out = []
    for flagship in flagships_at_sea(s, seat):
        info = s["units"][flagship]
        power = info["power"]
        sea = st.loc_sea(info["loc"])
        assert sea is not None  # squadrons at sea only
        if not armies.led(s, flagship) or fleets.fleet_of(s, board, flagship)[0] != flagship:
            continue
        members = fleets.fleet_of(s, board, flagship)
        allies = st.allies_of(s, power)
        for uid in sorted(st.units_at(s, info["loc"], kind="squadron")):
            other = s["units"][uid]
            if (
                other["power"] in allies
                and uid not in done
                and not other["repair"]
                and not armies.led(s, uid)
                and bool(other["galley"]) == bool(info["galley"])
                and len(members) + 1
                <= stacking.fleet_limit(s, board, power, sea, bool(info["galley"]), [*members, uid])
            ):
                out.append([uid, flagship])
    return out


def dissolvable(s: dict, board: Board, seat: str) -> list[str]:
    """The flagships of combined fleets with a squadron of one of the seat's powers (its own flag included)."""
    mine = set(st.powers_of(s, seat))
    out = set()
    for uid, (origin, _sea) in s.get("combined", {}).items():
        flagship = fleets.fleet_of(s, board, uid)[0]
        if origin in mine or s["units"][flagship]["power"] in mine:
            out.add(flagship)
    return sorted(out)


def offer(s: dict, board: Board, seat: str, done: list[str]) -> dict[str, list]:
    """The free moves of 21.2.3 for the seat's impulse."""
    legal: dict[str, list] = {}
    joins = combinations(s, board, seat, done)
    if joins:
        legal["combine_fleet"] = joins
    ends = dissolvable(s, board, seat)
    if ends:
        legal["dissolve_fleet"] = ends
    return legal


def ask(g: Ctx, seat: str, uid: str, flagship: str) -> bool:
    """Combine at once if the squadron's player is ``seat``'s, else ask him (a call: True)."""
    owner = g.s["units"][uid]["power"]
    if st.seat_of(g.s, owner) == seat:
        fleets.combine(g, uid, flagship)
        return False
    g.call("combined_fleet_consent", unit=uid, flagship=flagship, asked=owner)
    return True


class CombinedFleetConsent(Step):
    """21.2.3 "with the ally's consent": the squadron's player accepts or refuses. Frame: ``unit``, ``flagship``,
    ``asked`` (the squadron's power)."""

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["asked"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        arg = [f["unit"], f["flagship"]]
        return text("prompt.combined_fleet_consent", unit=f["unit"], flagship=f["flagship"]), {
            "accept": [arg],
            "refuse": [arg],
        }

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.combined_fleet_{verb}", unit=arg[0], flagship=arg[1])

    def on_accept(self, g: Ctx, role: str, arg: list) -> None:
        fleets.combine(g, arg[0], arg[1])
        g.end(True)

    def on_refuse(self, g: Ctx, role: str, arg: list) -> None:
        g.log("log.combined_fleet_refused", power=g.frame["asked"], unit=arg[0], rule="combined_fleets")
        g.end(False)


STEPS = {"combined_fleet_consent": CombinedFleetConsent()}
