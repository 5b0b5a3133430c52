"""Ultima Ratio Regis — 21.2.2 Expeditionary Corps: "A major power can 'cede' a single troop to each of its allies.
These ceded troops can be transferred to the ally with a strategic movement, which can be carried out by either of
the two allied major powers (always with the acquiescence of both)."

The transfer is a strategic movement action of the power that carries it out (``power_actions``' verb
``expeditionary_corps`` [power, troop, receiver]): the other power's player acquiesces first
(``expeditionary_consent``, unless he is the same player), then the troop moves on its transfer lane
(``strategic_movement.transfer_lane``, frame ``transfer_to``) and becomes the receiver's where it stops
(``strategic_movement.hand_over``; ``expeditionary`` {troop: the power that ceded it}). "The original owner can only
recover the unit following a procedure identical to that of the transfer ... (although in this case the ally's
permission is not necessary)". "At the end of the turn all expeditionary corps are repatriated" (``send_home``,
called by ``turn_end``; RULINGS AL-7, AL-8).
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.leaders import leader_state
from engines.ultima_ratio.logistics import repatriation_flow
from engines.ultima_ratio.movement import armies, strategic_movement, troop_paths


def origin_of(s: dict, uid: str) -> str | None:
    """The power that ceded the troop, if it is an expeditionary corps."""
    return s.get("expeditionary", {}).get(uid)


def ceded_to(s: dict, cedent: str, receiver: str) -> bool:
    """Whether ``cedent`` has a troop ceded to ``receiver`` now ("a single troop to each of its allies")."""
    return any(o == cedent and s["units"][u]["power"] == receiver for u, o in s.get("expeditionary", {}).items())


def cedable(s: dict, cedent: str) -> list[str]:
    """The troops ``cedent`` may cede: on the map in an area it possesses and controls, not besieged, without a
    leader (a single troop, RULINGS AL-7), not an expeditionary corps itself."""
    led = {info["unit"] for info in s["leaders"].values()}
    out = []
    for uid in st.units_of(s, cedent, "troop", "map"):
        area = st.loc_area(s["units"][uid]["loc"])
        if (
            area
            and s["areas"][area]["owner"] == cedent
            and st.controls(s, cedent, area)
            and uid not in led
            and not armies.besieged(s, uid)
            and origin_of(s, uid) is None
        ):
            out.append(uid)
    return out


class Reach:
    """Whether a troop's transfer (or recovery) to a receiver can end somewhere (``transfer_lane``), each lane and
    each starting place looked at once per legal list."""

    def __init__(self, g: Ctx) -> None:
        self.g = g
        self.lanes: dict[tuple[str, str], troop_paths.Lane] = {}
        self.seen: dict[tuple[str, str, str], bool] = {}

    def __call__(self, uid: str, receiver: str) -> bool:
        s = self.g.s
        power, loc = s["units"][uid]["power"], s["units"][uid]["loc"]
        key = (power, receiver, loc)
        if key not in self.seen:
            if (power, receiver) not in self.lanes:
                self.lanes[power, receiver] = strategic_movement.transfer_lane(self.g, power, receiver)
            lane = self.lanes[power, receiver]
            self.seen[key] = strategic_movement.sets_out(self.g, power, uid, [loc], lane)
        return self.seen[key]


def transfers(g: Ctx, power: str) -> list[list[str]]:
    """[power, troop, receiver]: ``power`` cedes a troop to an ally, brings an ally's ceded troop to itself, or
    recovers its own troop from an ally (``receiver`` is ``power``)."""
    s = g.s
    if not s["alliances"]:
        return []
    reachable = Reach(g)
    out = []
    for ally in st.allies_of(s, power):
        if not ceded_to(s, power, ally):
            out += [[power, u, ally] for u in cedable(s, power) if reachable(u, ally)]
        if not ceded_to(s, ally, power):
            out += [[power, u, power] for u in cedable(s, ally) if reachable(u, power)]
    for uid, origin in sorted(s.get("expeditionary", {}).items()):
        info = s["units"][uid]
        if origin == power and info["power"] != power and st.loc_area(info["loc"]) and reachable(uid, power):
            out.append([power, uid, power])
    return out


def consenting(s: dict, arg: list[str]) -> str | None:
    """The other power whose acquiescence the transfer needs, if its player is another: the receiver of a ceded
    troop, the ally whose troop is brought; none for a recovery ("the ally's permission is not necessary")."""
    power, uid, receiver = arg
    holder = s["units"][uid]["power"]
    other = receiver if receiver != power else holder
    if origin_of(s, uid) == power or other == power or st.seat_of(s, other) == st.seat_of(s, power):
        return None
    return other


def move_frame(s: dict, arg: list[str]) -> dict[str, Any]:
    """The ``strategic_move`` frame of the transfer: the troop's owner's movement, made by ``power``'s player."""
    power, uid, receiver = arg
    info = s["units"][uid]
    return {
        "power": info["power"],
        "unit": uid,
        "group": [uid],
        "path": [info["loc"]],
        "transfer_to": receiver,
        "by": power,
    }


def send_home(g: Ctx) -> bool:
    """23 / 21.2.2: "At the end of the turn all expeditionary corps are repatriated (see 14.1)": each troop is its
    ceding power's again and, standing in an area that power does not control, repatriated
    (``repatriation_flow.repatriate``, a call: True)."""
    s = g.s
    while s.get("expeditionary"):
        uid = sorted(s["expeditionary"])[0]
        origin = s["expeditionary"][uid]
        strategic_movement.hand_over(g, uid, origin)
        area = st.loc_area(s["units"][uid]["loc"])
        if area and not st.controls(s, origin, area):
            repatriation_flow.repatriate(g, origin, [uid], leader_state.leaders_on(s, [uid]))
            return True
    return False


class ExpeditionaryConsent(Step):
    """21.2.2 "always with the acquiescence of both": the other power's player accepts or refuses the transfer.
    Frame: ``power`` (who carries it out), ``unit``, ``receiver``, ``asked`` (the power whose player answers)."""

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["asked"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        arg = [f["power"], f["unit"], f["receiver"]]
        return text("prompt.expeditionary_consent", power=f["power"], unit=f["unit"], receiver=f["receiver"]), {
            "accept": [arg],
            "refuse": [arg],
        }

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.expeditionary_{verb}", power=arg[0], unit=arg[1], receiver=arg[2])

    def on_accept(self, g: Ctx, role: str, arg: list) -> None:
        g.end(True)

    def on_refuse(self, g: Ctx, role: str, arg: list) -> None:
        g.log("log.expeditionary_refused", power=g.frame["asked"], unit=arg[1], rule="expeditionary_corps")
        g.end(False)


STEPS = {"expeditionary_consent": ExpeditionaryConsent()}
