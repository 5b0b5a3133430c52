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

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
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


class TacticalMove(TacticalNavalSupport, TacticalLandCombat, TacticalSubjugation, TacticalSiege, Step):
    """12.1 / 12.3: frame ``power``, ``landing`` (an amphibious landing), then ``unit``, ``from``, ``moves``
    (areas entered), ``stage``: "unit", "dest", "go_on", "control"; naval support, combats and relief battles
    are calls (``awaiting`` names the result to apply: ``_after_<awaiting>`` of the part that called it). This
    class is the move itself (12.1-12.5); its combats are the parts it is made of (the module's docstring)."""

    goes_to = (
        "sea_interception",
        "landing_escort",
        "land_reaction",
        "defeated_retreat",
        "oppose_subjugation",
        "combat",
        "naval_support",
        "relief_battle",
    )

    def active(self, g: Ctx) -> list[str]:
        return [st.seat_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f, power = g.frame, g.frame["power"]
        stage = f.get("stage", "unit")
        if stage == "unit":
            units = landings.landers(g, power) if f["landing"] else troops_that_move(g, power)
            return text("prompt.tactical_unit"), {"unit": units}
        here = st.loc_area(g.s["units"][f["unit"]]["loc"]) or f["from"]
        group = f.get("group", [f["unit"]])
        if stage == "army":
            legal = {"absorb": landings.army_joinable(g, power, group, f["landing"]), "leave": group[1:]}
            if any(self._destinations(g, role, power, here, group)[1].values()):
                legal["march"] = [None]
            return text("prompt.army"), {k: v for k, v in legal.items() if v}
        if stage == "dest":
            return self._destinations(g, role, power, here, group)
        if stage == "go_on":
            nxt = [x for x in second_steps(g, power, here, f["from"]) if can_end(g, power, x, group)]
            legal = {"area": nxt}
            if armies.led(g.s, f["unit"]):  # 12.2: leave or absorb troops in the first area
                legal["absorb"] = armies.joinable(g, power, group, st.AREA + here)
                legal["leave"] = stacking.may_stay(g, power, group, here)
            if stacking.stacking_room(g.s, g.game.board, here, power) >= 0:
                legal["stop"] = [None]
            if subjugation_here(g, power, here):
                legal["subjugate"] = [here]
            return text("prompt.tactical_on", unit=f["unit"]), {k: v for k, v in legal.items() if v}
        if stage == "control":
            return text("prompt.control", area=here), {"subjugate": [here], "stop": [None]}
        raise ValueError(f"tactical_move: no stage {stage!r}")

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
        f.update(unit=arg, stage="dest", moves=[], group=[arg], **{"from": st.loc_area(g.s["units"][arg]["loc"])})
        if armies.led(g.s, arg) and landings.army_joinable(g, f["power"], f["group"], f["landing"]):
            f["stage"] = "army"

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
        g.frame["stage"] = "dest"

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
        if awaiting:  # a combat (13.) ended: apply its result
            getattr(self, f"_after_{awaiting}")(g, result)
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
        if f.get("stage") == "dest" and f["landing"] and "target" in f:
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
            st.move_unit(s, uid, st.AREA + area)
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
            f["stage"] = "go_on"
            if not self.prompt(g, st.seat_of(s, power))[1]:
                g.end("done")
            return
        self._offer_control(g, area)

    def _offer_control(self, g: Ctx, area: str) -> None:
        f = g.frame
        if subjugation_here(g, f["power"], area):
            f["stage"] = "control"
        else:
            g.end("done")

    def on_stop(self, g: Ctx, role: str, arg: Any) -> None:
        """Stop after the first area (then control may be announced, 12.5), or decline to take control."""
        f = g.frame
        if f.get("stage") == "go_on":
            self._offer_control(g, st.loc_area(g.s["units"][f["unit"]]["loc"]))
            return
        g.end("done")


STEPS = {"tactical_move": TacticalMove()}
