"""Ultima Ratio Regis — 12. Land tactical movement: a troop moves one area, and a second one if there was no
combat nor an enemy fortress (12.1); amphibious landings from a port to a port within the naval operation
distance, with an escort, between maps a single troop (12.3); the reactions of the defender first (12.4:
reactions.py; the 9.1 Emirates stand and fight); control of the area without opposition and subjugation (12.5,
13.5.1, 18.2.2); sieges of the fortresses an army enters (13.4.1). Combats go through the seam (battles.py).

Armies (12.2): a troop with a leader moves with the troops of its area the player takes along, and after the
first area may leave or absorb troops there (``armies.py``); the battle is fought by all of them.
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.combat import battles, land_battles
from engines.ultima_ratio.leaders import leader_state
from engines.ultima_ratio.logistics import stacking
from engines.ultima_ratio.movement import armies, landings, reactions
from engines.ultima_ratio.movement.land_areas import (
    besiegeable,
    can_end,
    first_steps,
    free_control,
    second_steps,
    subjugation_here,
    take_control,
    to_subjugate,
    troops_that_move,
)


class TacticalMove(Step):
    """12.1 / 12.3: frame ``power``, ``landing`` (an amphibious landing), then ``unit``, ``from``, ``moves``
    (areas entered), ``stage``: "unit", "dest", "go_on", "control"; naval support, combats and relief battles
    are calls (``awaiting`` names the result to apply)."""

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
        g.log("log.absorbed", unit=arg, leader=leader_state.leaders_on(g.s, [g.frame["unit"]])[0], rule="tactical_movement")

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

    def _ask_support(self, g: Ctx, area: str, then: str) -> None:
        """11.4.2 (``naval_interception.NavalSupport``): before a combat in a coastal area the powers at war
        announce their naval support; then the combat ``then`` ("battle", "subjugate", "assault") is fought."""
        f, s = g.frame, g.s
        if then == "battle":
            foes = land_battles.field_enemies(s, f["power"], area)
            defender = s["units"][foes[0]]["power"] if foes else st.fortress(s, area)["power"]
        elif then == "assault":
            defender = st.fortress(s, area)["power"]
        else:
            defender = s["areas"][area]["control"] if f.get("opposition") else None
        f.update(combat_area=area, then=then, awaiting="support")
        g.call("naval_support", area=area, attacker=f["power"], defender=defender)

    def _after_support(self, g: Ctx, result: str | None) -> None:
        g.frame["support"] = result
        self._combat(g)

    def _combat(self, g: Ctx) -> None:
        f = g.frame
        if f["then"] == "subjugate":
            self._subjugate(g, f["combat_area"])
        elif f["then"] == "assault":
            self._assault(g, f["combat_area"])
        else:
            self._battle(g, f["combat_area"], f["from"])

    def _after_retreat(self, g: Ctx, area: str) -> None:
        """13.3.6: each defeated player's power retreats its troops (into the fortress: besieged) in turn."""
        f, s = g.frame, g.s
        losers = (
            []
            if s["areas"][area]["siege"]
            else sorted({s["units"][u]["power"] for u in st.enemy_troops_in(s, area, f["power"])})
        )
        for loser in losers:
            if reactions.must_retreat_now(g, loser, area, f["from"]):
                f.update(pending=area, retreated=True)
                g.call("defeated_retreat", power=loser, area=area, came_from=f["from"], attacker=f["power"])
                return
            for uid in st.troops_in(s, area, loser):  # nowhere to go: the rest disperses
                battles.disperse(g, uid, area)
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

    def _battle(self, g: Ctx, area: str, came_from: str) -> None:
        """13.3 (combat_land): the attacker's troops in the area against the defenders and their fortress; the
        defender marks the battlefield (13.3.4)."""
        from engines.ultima_ratio.combat.combat_land import LandBattle

        f, s, b = g.frame, g.s, g.game.board
        f["fought"] = True
        if land_battles.is_relief(s, f["power"], area):
            f["awaiting"] = "relief"
            g.call(
                "relief_battle",
                power=f["power"],
                area=area,
                came_from=came_from,
                army=list(f["group"]),
                landing=f["landing"],
                support=f.get("support"),
                intercepted=f.get("intercepted", False),
            )
            return
        defenders = st.enemy_troops_in(s, area, f["power"])
        fort = st.fortress(s, area)
        with_fort = bool(fort and fort["built"] and fort["power"] != f["power"])
        defender = s["units"][defenders[0]]["power"] if defenders else fort["power"]
        battle = LandBattle(
            battles.force(s, b, f["power"], st.troops_in(s, area, f["power"])),
            battles.force(s, b, defender, defenders, area if with_fort else None),
            terrain=b.areas[area].terrain,
            rough_pass=b.neighbours[came_from].get(area) == "rough_pass",
            amphibious=bool(f["landing"]),
            naval_support=f.get("support"),
            intercepted=f.get("intercepted", False),
            main_map=st.on_main_map(b, area),
        )
        f["awaiting"] = "battle"
        battles.call(g, "land", battle, attacker=f["power"], defender=defender)

    def _after_relief(self, g: Ctx, result: str) -> None:
        """13.3.5 (``land_battles.ReliefBattle``): a relief army that won and stays has entered the area."""
        if result == "won":
            self._entered(g, g.frame["combat_area"])
        else:
            g.end("done")

    def _after_battle(self, g: Ctx, result: dict) -> None:
        """Eliminated and dispersed troops leave; the automata's beaten troops disperse (they have no area to
        retreat to); an attacker that did not win goes back where it came from (13.3.6, 12.3.2)."""
        f, s, b = g.frame, g.s, g.game.board
        area = f["combat_area"]
        battles.apply_losses(g, result, area)
        if result["fought"]["winner"] == "attacker":
            f["won"] = True  # 13.3.7: control follows "automatically (if desired)"
            for uid in st.enemy_troops_in(s, area, f["power"]):
                if s["units"][uid]["power"] not in s["powers"]:
                    st.move_unit(s, uid, st.BOX + st.box_for(b, area))
            self._after_retreat(g, area)
            return
        for uid in st.troops_in(s, area, f["power"]):
            st.move_unit(s, uid, st.AREA + f["from"])
        g.end("done")

    def on_stop(self, g: Ctx, role: str, arg: Any) -> None:
        """Stop after the first area (then control may be announced, 12.5), or decline to take control."""
        f = g.frame
        if f.get("stage") == "go_on":
            self._offer_control(g, st.loc_area(g.s["units"][f["unit"]]["loc"]))
            return
        g.end("done")

    def on_subjugate(self, g: Ctx, role: str, arg: str) -> None:
        """12.5: the troops announce control; the controller may oppose (13.5.2) — not after the field battle the
        troops won there (13.3.7: "automatically (if desired)") —, else control is automatic; a
        subjugation combat follows the opposition, or an independent / rebel / mini-map area (after a possible
        naval support)."""
        f, s = g.frame, g.s
        if free_control(g, f["power"], arg):
            controller = s["areas"][arg]["control"]
            if controller in s["powers"] and not f.get("won") and reactions.opposition_sources(g, controller, arg):
                f["pending_oppose"] = arg
                g.call("oppose_subjugation", power=controller, area=arg)
                return
            take_control(g, f["power"], arg)
            g.end("done")
            return
        self._ask_support(g, arg, "subjugate")

    def _subjugate(self, g: Ctx, arg: str) -> None:
        """13.5 (combat_subjugation): the subjugator's Q3 die against the opposition's: the controller's troops or
        fortress (13.5.2), a rebellion or an independent marker, or a mini-map area (A3 home, A2 other, 13.5.7)."""
        from engines.ultima_ratio.combat.combat_subjugation import Subjugation

        f, s, b = g.frame, g.s, g.game.board
        power = f["power"]
        opposition = f.pop("opposition", None)
        troops = st.troops_in(s, arg, power)
        info = s["areas"][arg]
        if opposition:
            controller = info["control"]
            source = opposition["from"]
            if opposition["kind"] == "fortress":
                opponent = battles.force(s, b, controller, [], source)
            else:
                opponent = battles.force(s, b, controller, st.troops_in(s, source, controller))
            kind, strength = opposition["kind"], None
        else:
            controller = None
            opponent = battles.force(s, b, None, [])
            kind = "rebels" if (info["marker"] or "").startswith("R") else "independent"
            strength = to_subjugate(g, power, arg) or 2
        battle = Subjugation(
            battles.force(s, b, power, troops),
            opponent,
            kind,
            strength,
            b.areas[arg].terrain,
            moved_all=bool(f["moves"]) and set(troops) <= set(f.get("entered", ())),
            adjacent=not opposition or opposition["adjacent"],
            naval_support=f.get("support"),
        )
        f.update(awaiting="subjugation", subjugated=arg)
        battles.call(g, "subjugation", battle, attacker=power, defender=controller)

    def _after_subjugation(self, g: Ctx, result: dict) -> None:
        """13.5.4-13.5.5: the losses, then control if the subjugator won or dispersed troops for it."""
        f = g.frame
        area = f["subjugated"]
        battles.apply_losses(g, result, area)
        if result["control"] == "attacker":
            take_control(g, f["power"], area)
        g.end("done")

    def on_assault(self, g: Ctx, role: str, arg: str) -> None:
        """13.4: each assault is a tactical action; a fleet may support it first (11.4.2, 13.4.4)."""
        self._ask_support(g, arg, "assault")

    def _assault(self, g: Ctx, arg: str) -> None:
        """13.4 (combat_siege): the besiegers against the besieged and their fortress; the supporting fleet's
        side may change the battlefield by one (13.4.4); capitulation gives the area."""
        from engines.ultima_ratio.combat.combat_siege import SiegeBattle

        f, s, b = g.frame, g.s, g.game.board
        siege = s["areas"][arg]["siege"] or {"besieger": f["power"], "casualties": 0}
        s["areas"][arg]["siege"] = siege
        fort = st.fortress(s, arg)
        battle = SiegeBattle(
            battles.force(s, b, f["power"], st.troops_in(s, arg, f["power"])),
            battles.force(s, b, fort["power"], st.enemy_troops_in(s, arg, f["power"]), arg),
            siege_casualties=siege["casualties"],
            naval_support=f.get("support"),
            main_map=st.on_main_map(b, arg),
        )
        f.update(awaiting="siege", combat_area=arg)
        battles.call(g, "siege", battle, attacker=f["power"], defender=fort["power"])

    def _after_siege(self, g: Ctx, result: dict) -> None:
        """13.4.2-13.4.5: losses, the siege casualties, the end of the siege or the capitulation."""
        f, s = g.frame, g.s
        area = f["combat_area"]
        battles.apply_losses(g, result, area)
        if result["capitulation"]:
            for leader in battles.lose_leaders(g, [f"fortress:{area}"]):  # 13.4.5, 17.1 (RULINGS L-13)
                g.log("log.leader_capitulated", leader=leader, area=area, rule="siege")
            s["areas"][area]["fortress"] = None
            s["areas"][area]["siege"] = None
            g.log("log.capitulation", area=area, reason=result["capitulation"], rule="siege")
            take_control(g, f["power"], area)
        elif result["siege_ended"]:
            s["areas"][area]["siege"] = None
        else:
            s["areas"][area]["siege"]["casualties"] = result["siege_casualties"]
        g.end("done")


STEPS = {"tactical_move": TacticalMove()}
