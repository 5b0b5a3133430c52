"""Ultima Ratio Regis — 12. Land tactical movement: a troop moves one area, and a second one if there was no
combat nor an enemy fortress (12.1); amphibious landings from a port to a port within the naval operation
distance, with an escort, between maps a single troop (12.3); the reactions of the defender first (12.4:
``reactions.py``; the 9.1 Emirates stand and fight); sieges begun by entering a fortress's area (13.4.1). The move's
combats are its parts, one module each: naval support first (11.4.2, ``tactical_naval_support.py``), the field or
relief battle and the retreats (13.3, ``tactical_land_combat.py``), control and subjugation (12.5, 13.5,
``tactical_subjugation.py``), assaults (13.4, ``tactical_siege.py``); each goes through ``combat/battles.py``.

Armies (12.2): a troop with a leader moves with the troops of its area the player takes along, and after the
first area may leave or absorb troops there (``armies.py``); the battle is fought by all of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.combat import land_battles
from engines.ultima_ratio.leaders import leader_state
from engines.ultima_ratio.logistics import stacking
from engines.ultima_ratio.movement import armies, landings, reactions
from engines.ultima_ratio.movement.land_areas import (
    besiegeable,
    can_end,
    first_steps,
    second_steps,
    subjugation_here,
    take_control,
    troops_that_move,
)
from engines.ultima_ratio.movement.tactical_land_combat import TacticalLandCombat
from engines.ultima_ratio.movement.tactical_naval_support import TacticalNavalSupport
from engines.ultima_ratio.movement.tactical_siege import TacticalSiege
from engines.ultima_ratio.movement.tactical_subjugation import TacticalSubjugation
from engines.ultima_ratio.steps import goto_keeping

# The calls a tactical move makes while it stands at one of its steps: the landing's escort (12.3.1), the
# defender's reactions (12.4) and retreats (13.3.6), the controller's opposition (13.5.2), naval support (11.4.2),
# the combats (13.) and the relief battle (13.3.5).
CALLS = (
    "landing_escort",
    "land_reaction",
    "defeated_retreat",
    "oppose_subjugation",
    "combat",
    "naval_support",
    "relief_battle",
)


class TacticalMove(TacticalNavalSupport, TacticalLandCombat, TacticalSubjugation, TacticalSiege, Step):
    """12.1 / 12.3: a land tactical move, one named step per decision, all on one frame (``power``, ``landing`` —
    an amphibious landing —, then ``unit``, ``from``, ``moves`` the areas entered, ``group`` the army):

    - ``tactical_move`` (this class): the troop that moves (12.1) or lands (12.3);
    - ``tactical_army`` (``TacticalArmy``, 12.2): the army takes troops of its area along, or leaves them, then marches;
    - ``tactical_destination`` (``TacticalDestination``, 12.1 / 12.3): the first area, the landing's target port,
      or control (12.5) / an assault (13.4) where the troop stands;
    - ``tactical_second_area`` (``TacticalSecondArea``, 12.1: "a second one if there was no combat nor an enemy
      fortress"): on, stop, control, and the army leaving or absorbing troops in the first area (12.2);
    - ``tactical_control`` (``TacticalControl``, 12.5): announce control where the move ended, or not.

    Naval support, combats and relief battles are calls (``CALLS``) whose result the frame's ``awaiting`` names;
    ``resume`` applies it through ``RESUMES`` (the part of the move that called it, one module each: the
    module's docstring)."""

    goes_to: tuple[str, ...] = ("tactical_army", "tactical_destination")

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f, power = g.frame, g.frame["power"]
        units = landings.landers(g, power) if f["landing"] else troops_that_move(g, power)
        return text("prompt.tactical_unit"), {"unit": units}

    def _here(self, g: Ctx) -> tuple[str, list[str]]:
        """Where the move stands: where its troops stand (the leading troop may have been dispersed in a battle it
        won, 13.3: its army stands on), else the last area it entered, else where it started."""
        f, units = g.frame, g.s["units"]
        group = f.get("group", [f["unit"]])
        for unit in [f["unit"], *group]:
            area = st.loc_area(units[unit]["loc"]) if unit in units else None
            if area is not None:
                return area, group
        return (f["moves"][-1] if f.get("moves") else f["from"]), group

    def _destinations(self, g: Ctx, role: str, power: str, here: str, group: list[str]):
        f = g.frame
        if f["landing"]:
            return text("prompt.landing_target"), {"area": landings.landing_targets(g, power, f["unit"], group)}
        legal = {"area": first_steps(g, power, f["unit"], group)}
        if subjugation_here(g, power, here):
            legal["subjugate"] = [here]
        if besiegeable(g, power, here):
            legal["assault"] = [here]
        return text("prompt.tactical_dest", unit=f["unit"]), {k: v for k, v in legal.items() if v}

    def on_unit(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        army = armies.led(g.s, arg) and landings.army_joinable(g, f["power"], [arg], f["landing"])
        goto_keeping(
            g,
            "tactical_army" if army else "tactical_destination",
            unit=arg,
            moves=[],
            group=[arg],
            **{"from": st.loc_area(g.s["units"][arg]["loc"])},
        )

    def on_absorb(self, g: Ctx, role: str, arg: str) -> None:
        """12.2: the army takes a troop of its area along (at the start, or in the first area entered)."""
        g.frame["group"].append(arg)
        g.log(
            "log.absorbed",
            unit=arg,
            leader=leader_state.leaders_on(g.s, [g.frame["unit"]])[0],
            rule="tactical_movement",
        )

    def on_leave(self, g: Ctx, role: str, arg: str) -> None:
        """12.2: "after the first movement, the army can leave ... troops in the first area"."""
        g.frame["group"].remove(arg)

    def on_march(self, g: Ctx, role: str, arg: Any) -> None:
        goto_keeping(g, "tactical_destination")

    def on_area(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        if f["landing"]:
            f["target"] = arg
            escorts = landings.landing_escorts(g, f["power"], f["unit"], len(f["group"]))
            g.call(
                "landing_escort", power=f["power"], unit=f["unit"], target=arg, escorts=escorts, troops=list(f["group"])
            )
            return
        self._enter(g, arg)

    def resume(self, g: Ctx, result: Any) -> None:
        f = g.frame
        awaiting = f.pop("awaiting", None)
        if awaiting:  # naval support (11.4.2) or a combat (13.) ended: apply its result
            RESUMES[awaiting](self, g, result)
            return
        if "pending_oppose" in f:  # after the controller's answer (13.5.2)
            area = f.pop("pending_oppose")
            if result is None:
                take_control(g, f["power"], area)
                g.end("done")
                return
            f["opposition"] = result
            self._ask_support(g, area, "subjugate")
            return
        if "pending" in f:  # after the defender's reactions (12.4) or retreat (13.3.6)
            area = f.pop("pending")
            f["intercepted"] = result is True  # 17.3.2: a determined leader intercepted
            if f.pop("retreated", False):
                self._after_retreat(g, area)
            else:
                self._move_in(g, area)
            return
        if f["step"] == "tactical_destination" and f["landing"] and "target" in f:  # the landing's crossing
            if result == "stopped":
                g.log("log.landing_stopped", unit=f["unit"], rule="amphibious_landing")
                for uid in f["group"]:
                    g.s["units"][uid]["acted"] = g.s["impulse"]["n"]
                g.end("done")
                return
            self._enter(g, f["target"])

    def _enter(self, g: Ctx, area: str) -> None:
        """The move is announced: the power controlling the area may react first (12.4)."""
        f, s = g.frame, g.s
        defender = reactions.reacting_power(g, f["power"], area)
        if defender is not None:
            f["pending"] = area
            g.call(
                "land_reaction",
                power=defender,
                mover=f["power"],
                area=area,
                intercepted=False,
                came_from=st.loc_area(s["units"][f["unit"]]["loc"]),
            )
            return
        self._move_in(g, area)

    def _move_in(self, g: Ctx, area: str) -> None:
        f, s, power = g.frame, g.s, g.frame["power"]
        came_from = st.loc_area(s["units"][f["unit"]]["loc"])
        f["from"] = came_from
        for uid in f["group"]:
            st.move_unit(s, uid, area)
            s["units"][uid]["acted"] = s["impulse"]["n"]
        f["moves"].append(area)
        f["entered"] = list(f["group"])
        if len(f["group"]) > 1:
            g.log(
                "log.tactical_army",
                leader=leader_state.leaders_on(s, [f["unit"]])[0],
                units=list(f["group"]),
                area=area,
                rule="tactical_movement",
            )
        else:
            g.log(
                "log.tactical", power=power, unit=f["unit"], area=area, landing=f["landing"], rule="tactical_movement"
            )
        if land_battles.field_enemies(s, power, area):
            self._ask_support(g, area, "battle")
            return
        self._entered(g, area)

    def _entered(self, g: Ctx, area: str) -> None:
        f, s, power = g.frame, g.s, g.frame["power"]
        fort = st.fortress(s, area)
        siege = s["areas"][area]["siege"]
        if fort and fort["built"] and st.hostile(s, power, fort["power"]):  # 13.4.1: the movement ends
            if not (siege and siege["besieger"] == power):  # joining its siege keeps the casualties
                s["areas"][area]["siege"] = {"besieger": power, "casualties": 0}
                g.log("log.siege_begins", power=power, area=area, rule="siege")
            g.end("done")
            return
        if len(f["moves"]) == 1 and not f["landing"] and not f.get("fought"):
            goto_keeping(g, "tactical_second_area")
            if not g.game.steps["tactical_second_area"].prompt(g, st.player_of(s, power))[1]:
                g.end("done")
            return
        self._offer_control(g, area)

    def _offer_control(self, g: Ctx, area: str) -> None:
        f = g.frame
        if subjugation_here(g, f["power"], area):
            goto_keeping(g, "tactical_control")
        else:
            g.end("done")

    def on_stop(self, g: Ctx, role: str, arg: Any) -> None:
        """Stop after the first area (then control may be announced, 12.5), or decline to take control."""
        f = g.frame
        if f["step"] == "tactical_second_area":
            area = st.loc_area(g.s["units"][f["unit"]]["loc"])
            assert area is not None  # the troop stands in the first area it entered
            self._offer_control(g, area)
            return
        g.end("done")


class TacticalArmy(TacticalMove):
    """12.2: a troop with a leader moves as an army: it takes troops of its area along (``absorb``), leaves some
    (``leave``), then marches (``tactical_destination``)."""

    goes_to = ("tactical_destination",)

    def prompt(self, g: Ctx, role: str):
        f, power = g.frame, g.frame["power"]
        here, group = self._here(g)
        legal: dict[str, list] = {
            "absorb": landings.army_joinable(g, power, group, f["landing"]),
            "leave": group[1:],
        }
        if any(self._destinations(g, role, power, here, group)[1].values()):
            legal["march"] = [None]
        return text("prompt.army"), {k: v for k, v in legal.items() if v}


class TacticalDestination(TacticalMove):
    """12.1 / 12.3: where the troop (or army) goes — the first area, or the landing's target port (then its
    escort, ``landing_escort``) —, or, where it stands, control (12.5) or an assault on the besieged fortress
    (13.4)."""

    goes_to = ("tactical_second_area", "tactical_control", *CALLS)

    def prompt(self, g: Ctx, role: str):
        here, group = self._here(g)
        return self._destinations(g, role, g.frame["power"], here, group)


class TacticalSecondArea(TacticalMove):
    """12.1: "a second one if there was no combat nor an enemy fortress": on to a second area, or stop (then
    control may be announced, 12.5), or announce control here; an army leaves or absorbs troops in the first area
    (12.2)."""

    goes_to = ("tactical_control", *CALLS)

    def prompt(self, g: Ctx, role: str):
        f, power = g.frame, g.frame["power"]
        here, group = self._here(g)
        nxt = [x for x in second_steps(g, power, here, f["from"]) if can_end(g, power, x, group)]
        legal: dict[str, list] = {"area": nxt}
        if armies.led(g.s, f["unit"]):  # 12.2: leave or absorb troops in the first area
            legal["absorb"] = armies.joinable(g, power, group, here)
            legal["leave"] = stacking.may_stay(g, power, group, here)
        if stacking.stacking_room(g.s, board_of(g), here, power) >= 0:
            legal["stop"] = [None]
        if subjugation_here(g, power, here):
            legal["subjugate"] = [here]
        return text("prompt.tactical_on", unit=f["unit"]), {k: v for k, v in legal.items() if v}


class TacticalControl(TacticalMove):
    """12.5: the move is over; its troops may announce control of the area (then the controller's opposition,
    13.5.2, or a subjugation, 13.5), or not."""

    goes_to = CALLS

    def prompt(self, g: Ctx, role: str):
        here, _group = self._here(g)
        return text("prompt.control", area=here), {"subjugate": [here], "stop": [None]}


# The result a tactical move waits for (its frame's ``awaiting``) and the part of the move that applies it.
RESUMES: dict[str, Callable[[Any, Ctx, Any], None]] = {
    "support": TacticalNavalSupport._after_support,
    "battle": TacticalLandCombat._after_battle,
    "relief": TacticalLandCombat._after_relief,
    "subjugation": TacticalSubjugation._after_subjugation,
    "siege": TacticalSiege._after_siege,
}

# The steps of a tactical move (a bot or a reader asks "is this a tactical move?").
TACTICAL_STEPS = (
    "tactical_move",
    "tactical_army",
    "tactical_destination",
    "tactical_second_area",
    "tactical_control",
)

STEPS = {
    "tactical_move": TacticalMove(),
    "tactical_army": TacticalArmy(),
    "tactical_destination": TacticalDestination(),
    "tactical_second_area": TacticalSecondArea(),
    "tactical_control": TacticalControl(),
}
