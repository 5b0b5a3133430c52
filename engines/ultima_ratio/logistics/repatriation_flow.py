"""Ultima Ratio Regis — 14. Repatriations in the flow: the units a diplomatic event (20.4.1, 21.5.3) or the end of
an expeditionary corps (21.2.2) makes leave an area or sea go "troop by troop and squadron by squadron", at no
action's cost, in whatever impulse it happens (the decisions are their owner's). The rules are the pure
``repatriation.py``'s; the paths are the movement's (``land_areas``, ``strategic_movement``: a troop's strategic
repatriation is a ``strategic_move`` frame with ``repatriating``, 14.1.1); squadrons are 11.6's (``naval``).

Entry: ``repatriate(g, power, unit_ids, leader_ids)`` from a step that names ``"repatriation"`` in its
``goes_to``; its ``resume`` gets None when every unit is repatriated. The order (RULINGS R-3): fortresses are
eliminated and the leaders to reassign (theirs and ``leader_ids``, those who commanded armies of former allies)
pick their units first, then the squadrons left without base go per 11.6, then each troop chooses its option.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.combat import battles
from engines.ultima_ratio.leaders import leader_rules, leader_state
from engines.ultima_ratio.logistics import repatriation
from engines.ultima_ratio.movement import land_areas, strategic_movement, without_base

FORTRESS = "fortress:"


def frame(power: str, unit_ids: Sequence[str], leader_ids: Sequence[str] = ()) -> dict:
    """The locals of a ``repatriation`` frame: the units (troops, squadrons, ``fortress:<area>``) of ``power``
    that must leave, and the leaders to reassign (14.3)."""
    return {"power": power, "todo": list(unit_ids), "leaders": list(leader_ids)}


def repatriate(g: Ctx, power: str, unit_ids: list[str], leader_ids: Sequence[str] = ()) -> None:
    """14.: repatriate ``power``'s units (and reassign its leaders ``leader_ids``, 14.3), as a call of the caller
    step (it costs no action, 14.)."""
    for uid in unit_ids:
        owner = (
            g.s["areas"][uid[len(FORTRESS) :]]["fortress"]["power"]
            if uid.startswith(FORTRESS)
            else g.s["units"][uid]["power"]
        )
        if owner != power:
            raise ValueError(f"14.: {uid} is not a unit of {power}")
    g.call("repatriation", **frame(power, unit_ids, leader_ids))


def tactical_destinations(g: Ctx, power: str, uid: str) -> list[str]:
    """14.1: "a tactical move that ends in a controlled area" — one area, or two (12.1) across an area it may
    enter without combat nor an enemy fortress (``land_areas``) and where it meets no enemy control (RULINGS R-5);
    it ends in an area the power controls with room for it (15.1.1). A besieged troop has none (13.3.1)."""
    s, b = g.s, board_of(g)
    here = st.loc_area(s["units"][uid]["loc"])
    assert here is not None  # a troop to repatriate stands in an area (its siege is read there)
    siege = s["areas"][here]["siege"]
    if siege and siege["besieger"] != power:
        return []

    def ends(area: str) -> bool:
        return (
            st.controls(s, power, area)
            and not st.enemy_troops_in(s, area, power)
            and land_areas.can_end(g, power, area, [uid])
        )

    def crossed(area: str) -> bool:
        control = s["areas"][area]["control"]
        return (
            land_areas.enterable(g, power, area)
            and not land_areas.stops_movement(g, power, area)
            and (control is None or st.controls(s, power, area))
        )

    out: set[str] = set()
    for first in st.neighbours(s, b, here):
        if not crossed(first):
            continue
        if ends(first):
            out.add(first)
        out.update(x for x in land_areas.second_steps(g, power, first, here) if x != here and ends(x))
    return sorted(out)


def strategic_possible(g: Ctx, power: str, uid: str) -> bool:
    """14.1.1: a strategic movement of the troop alone on its lane (``strategic_movement.Lane``), not besieged
    (10.2): whether it sets out (``strategic_movement.sets_out``, the first next place that leads to an end)."""
    s = g.s
    loc = s["units"][uid]["loc"]
    here = st.loc_area(loc)
    assert here is not None  # a troop to repatriate stands in an area (its siege is read there)
    siege = s["areas"][here]["siege"]
    if siege and siege["besieger"] != power:
        return False
    return strategic_movement.sets_out(g, power, uid, [loc], strategic_movement.repatriation_lane(g, power, here))


def leader_options(g: Ctx, leader: str) -> tuple[str, ...]:
    """14.3: "any other troop, squadron or own fortress that is not besieged" (``repatriation.leader_decisions``);
    none: the leader is eliminated (RULINGS R-2)."""
    s = g.s
    units = leader_state.on_map(s, leader_state.counters(s))
    (decision,) = repatriation.leader_decisions(units, leader_state.state_leaders(s), [leader])
    return decision.options


class Repatriation(Step):
    """14.: the procedure. Frame: ``power``, ``todo`` (the units still to repatriate), ``leaders`` (to reassign),
    ``phase`` ("leaders", "squadrons", "troops" as each is done, RULINGS R-3)."""

    goes_to = ("assign_leader", "rebase", "repatriate_troop", "dispersion_box")

    def auto(self, g: Ctx) -> None:
        f, s = g.frame, g.s
        choice = battles.box_choice(g)  # 18.5: a troop lost at sea from a border area (BX-2)
        if choice:
            g.call("dispersion_box", **choice)
            return
        for uid in [u for u in f["todo"] if u.startswith(FORTRESS)]:  # 14.3: fortresses are eliminated
            f["todo"].remove(uid)
            _, decisions = repatriation.remove_fortress(leader_state.counters(s), leader_state.state_leaders(s), uid)
            area = uid[len(FORTRESS) :]
            s["areas"][area].update(fortress=None, siege=None)
            f["leaders"].extend(d.at for d in decisions if d.at not in f["leaders"])
            g.log("log.repatriation_fortress", area=area, rule="repatriation")
        while f["leaders"]:
            leader = f["leaders"].pop(0)
            if leader not in s["leaders"]:
                continue
            if leader_options(g, leader):
                g.call("assign_leader", leader=leader)
                return
            kept, s["leader_pool"] = leader_rules.eliminate(
                leader_state.state_leaders(s), s["leader_pool"], board_of(g).leaders, [leader]
            )
            s["leaders"] = {ld["id"]: {k: ld[k] for k in ("power", "unit", "extraordinary")} for ld in kept}
            g.log("log.repatriation_leader_lost", leader=leader, rule="repatriation")
        squadrons = [u for u in f["todo"] if s["units"][u]["kind"] == "squadron"]
        if squadrons:  # 14.2: as if the control of a port was lost (11.6)
            rebase = without_base.check_bases(g, f["power"])
            if rebase:
                g.call("rebase", **rebase)
                return
            f["todo"] = [u for u in f["todo"] if u not in squadrons]
        while f["todo"]:
            uid = f["todo"].pop(0)
            if st.loc_area(s["units"][uid]["loc"]):  # 14.1: troop by troop
                g.call("repatriate_troop", power=f["power"], unit=uid)
                return
        g.end(None)


class RepatriateTroop(Step):
    """14.1: the owner chooses the troop's option (``repatriation.troop_decision``): a tactical move to a
    controlled area (the area), a strategic movement (then its path, ``strategic_move``), or dispersing it in
    its theater (the theater's box; from a border area, either theater's: RULINGS R-6, BX-2). Frame:
    ``power``, ``unit``."""

    goes_to = ("strategic_move",)

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def _boxes(self, g: Ctx) -> list[str]:
        """14.1 with 18.5: its theater's box, or from a border area either theater's (RULINGS BX-2)."""
        uid = g.frame["unit"]
        area = st.loc_area(g.s["units"][uid]["loc"])
        assert area is not None  # the troop repatriated stands in an area (tactical_destinations reads its siege)
        return battles.dispersal_boxes(g, uid, area)

    def prompt(self, g: Ctx, role: str):
        f, s = g.frame, g.s
        power, uid = f["power"], f["unit"]
        dests = tactical_destinations(g, power, uid)
        available = [m for m, ok in (("tactical", bool(dests)), ("strategic", strategic_possible(g, power, uid))) if ok]
        loc = s["units"][uid]["loc"]
        troop = next(u for u in leader_state.counters(s, s["units"][uid]["power"], at=[loc]) if u["id"] == uid)
        modes = repatriation.troop_decision(troop, available).options
        legal = {"tactical": dests, "strategic": [None], "disperse": self._boxes(g)}
        return text("prompt.repatriate_troop", unit=uid, area=st.loc_area(loc)), {m: legal[m] for m in modes}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.repatriate_{verb}", arg=arg)

    def on_tactical(self, g: Ctx, role: str, arg: str) -> None:
        uid = g.frame["unit"]
        st.move_unit(g.s, uid, arg)
        g.s["units"][uid]["acted"] = g.s["impulse"]["n"]
        g.log("log.repatriated_tactical", unit=uid, area=arg, rule="repatriation")
        g.end(None)

    def on_strategic(self, g: Ctx, role: str, arg: Any) -> None:
        f = g.frame
        loc = g.s["units"][f["unit"]]["loc"]
        g.goto("strategic_move", power=f["power"], unit=f["unit"], path=[loc], group=[f["unit"]], repatriating=True)

    def on_disperse(self, g: Ctx, role: str, arg: str) -> None:
        uid = g.frame["unit"]
        st.move_unit(g.s, uid, arg)
        g.log("log.repatriation_dispersed", unit=uid, box=arg, rule="repatriation")
        g.end(None)


class AssignLeader(Step):
    """14.3: the player puts the leader on another own troop, squadron or fortress not besieged
    (``repatriation.assign``). Frame: ``leader``."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.s["leaders"][g.frame["leader"]]["power"])]

    def prompt(self, g: Ctx, role: str):
        leader = g.frame["leader"]
        return text("prompt.assign_leader", leader=leader), {"unit": list(leader_options(g, leader))}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.assign_leader", arg=arg)

    def on_unit(self, g: Ctx, role: str, arg: str) -> None:
        s, leader = g.s, g.frame["leader"]
        units = leader_state.on_map(s, leader_state.counters(s))
        (decision,) = repatriation.leader_decisions(units, leader_state.state_leaders(s), [leader])
        moved = repatriation.assign(leader_state.state_leaders(s), decision, arg)
        s["leaders"] = {ld["id"]: {k: ld[k] for k in ("power", "unit", "extraordinary")} for ld in moved}
        g.log("log.repatriation_leader", leader=leader, unit=arg, rule="repatriation")
        g.end(None)


STEPS = {"repatriation": Repatriation(), "repatriate_troop": RepatriateTroop(), "assign_leader": AssignLeader()}
