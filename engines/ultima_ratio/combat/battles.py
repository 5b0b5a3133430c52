"""Ultima Ratio Regis — the flow's side of combat (13), stacking and supply (15) and leaders in battle (17).

The rules of a combat are the pure modules' (``combat_naval``, ``combat_land``, ``combat_siege``,
``combat_subjugation``: COMBAT.md). Here a combat becomes steps: a caller builds the battle record
(``naval_battle_record`` …) and ``g.call("combat", ...)``s it; the ``combat`` procedure replays it with the
decisions taken so far (the battle record and the decisions, dice included, are kept in its frame), answers the
automata's decisions itself (``automaton_answer``), hands every decision of a player to ``combat_decision`` (one
atomic step per answer: the defender's battlefield, the units that fight, conscripts, advantages, leader
abilities, casualties, veterans, forced control …), logs the result's facts and ends with the result as data, which
the caller applies to the board. Stacking and supply on the state are ``logistics/stacking.py``'s and ``logistics/supply.py``'s.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import orjson

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board, board_of
from engines.ultima_ratio.cards import deck
from engines.ultima_ratio.combat import (
    battle_record,
    combat_cards,
    combat_land,
    combat_naval,
    combat_procedure,
    combat_siege,
    combat_subjugation,
    forces,
)
from engines.ultima_ratio.leaders import leader_state
from engines.ultima_ratio.logistics import logistics_rules
from engines.ultima_ratio.movement import fleets

KINDS = {
    "naval": (combat_naval, combat_naval.NavalBattle),
    "land": (combat_land, combat_land.LandBattle),
    "siege": (combat_siege, combat_siege.SiegeBattle),
    "subjugation": (combat_subjugation, combat_subjugation.Subjugation),
}
RULE = {"naval": "naval_combat", "land": "land_combat", "siege": "siege", "subjugation": "subjugation"}
LOSSES = ("eliminate", "damage", "disperse")


# ----- 15. Logistics on the state ---------------------------------------------------------------------------------


# ----- 17. Leaders with their units ---------------------------------------------------------------------------------


# ----- battle records ----------------------------------------------------------------------------------------------
def unit(s: dict, uid: str) -> forces.Unit:
    info = s["units"][uid]
    return forces.Unit(uid, info["kind"], st.quality(s, uid), bool(info.get("veteran")), bool(info.get("repair")))


def force(
    s: dict, board: Board, power: str | None, units: list[str], fortress: str | None = None, **extra: Any
) -> forces.Force:
    """One side: its units present, the fortress of ``fortress`` (an area) if it fights, its leaders — those on its
    units, the fortress's too when it fights (13.3.4, 13.4.4, 13.5.2; RULINGS L-17.5)."""
    members = tuple(unit(s, u) for u in units)
    carriers = list(units)
    if fortress:
        members += (forces.Unit(fortress_id(fortress), "fortress", 3),)
        carriers.append(fortress_id(fortress))
    leaders = tuple(
        forces.Leader(lid, board.leaders.ability_of(lid) if s["leaders"][lid]["extraordinary"] else None)
        for lid in leader_state.leaders_on(s, carriers)
    )
    return forces.Force(power, members, leaders, **extra)


def fortress_id(area: str) -> str:
    return f"fortress:{area}"


def call(
    g: Ctx, kind: str, battle: Any, asked_before: tuple[str, ...] = (), where: str | None = None, **powers: str | None
) -> None:
    """Start the combat ``kind`` on ``battle``; the caller's ``resume`` receives the result as data.
    ``asked_before``: the sides whose leaders already had their moment before this combat (a naval response,
    RULINGS BX-3); ``where``: its place (``area:<id>``) when its forces' units do not say it (a subjugation of an
    independent area), for its public record (``battle_record``)."""
    extra = {"leaders_asked": {"before": list(asked_before)}} if asked_before else {}
    battle = compulsory_dissolution(g, battle, powers)
    data = _json(forces.as_data(battle))
    g.call(
        "combat",
        kind=kind,
        battle=data,
        decisions={},
        powers={"attacker": powers["attacker"], "defender": powers["defender"]},
        **battle_record.begin(g.s, kind, data, where),
        **extra,
    )


def compulsory_dissolution(g: Ctx, battle: Any, powers: dict[str, str | None]) -> Any:
    """21.2.3: "Combined fleet dissolution is compulsory when squadrons are present in a battle against a major power
    with which they are not at war": such a fleet is dissolved and the squadrons that went back to their powers are
    not in the battle (RULINGS AL-11)."""
    s = g.s
    if not s.get("combined") or not hasattr(battle, "attacker"):
        return battle
    for side, other in (("attacker", "defender"), ("defender", "attacker")):
        enemy, force = powers[other], getattr(battle, side)
        if enemy is None or enemy not in s["powers"]:
            continue
        combined = s.get("combined", {})
        bad = [u.id for u in force.units if u.id in combined and not deck.at_war(s, combined[u.id][0], enemy)]
        for flagship in sorted({fleets.fleet_of(s, board_of(g), u)[0] for u in bad}):
            fleets.dissolve(g, flagship, "battle")
        if bad:
            kept = tuple(u for u in force.units if u.id not in s["units"] or s["units"][u.id]["power"] == force.power)
            battle = dataclasses.replace(battle, **{side: dataclasses.replace(force, units=kept)})
    return battle


def automaton_answer(pending: combat_procedure.Pending) -> Any:
    """The automata's choices (RULINGS: the Emirates, rebels and independents): every unit fights, the worst units
    are lost first, the defender marks the smallest battlefield, no conscripts and no capitulation, the first of
    the other options."""
    options = pending.options
    if pending.pick is None:
        if pending.kind == "battlefield":
            return min(options)
        if pending.kind in ("conscript", "capitulate"):
            return False
        return next((o for o in options if o not in (None, False)), options[0])
    lo, hi = pending.pick
    return list(options[:hi] if pending.kind == "fight" else options[:lo])


class Combat(Step):
    """A combat (13.): frame ``kind``, ``battle`` (the record as data), ``decisions`` (answers and dice so far),
    ``powers`` {side: power}. Ends with the result as data (``combat.as_data``)."""

    goes_to = ("combat_decision", "combat_cards", "reattach_leader", "leader_change")

    def auto(self, g: Ctx) -> None:
        f = g.frame
        if self._leaders(g, "before"):
            return
        if combat_cards.open_window(g):
            return
        module, cls = KINDS[f["kind"]]
        out = module.resolve(forces.from_data(cls, f["battle"]), f["decisions"], g, board_of(g).tables)
        if isinstance(out, combat_procedure.Pending):
            power = f["powers"][out.side]
            f["decisions"] = _json(out.decisions)
            f["progress"] = _json(battle_record.plain_progress(out.progress))
            if power in g.s["powers"]:
                f["asking"] = out.key
                options = out.options if out.kind != "reroll" else combat_cards.reroll_options(f, out.key, out.options)
                g.call(
                    "combat_decision",
                    power=power,
                    key=out.key,
                    side=out.side,
                    kind=out.kind,
                    options=_json(options),
                    pick=list(out.pick) if out.pick else None,
                    info=_json(_plain(out.info)),
                    chosen=[],
                )
                return
            f["decisions"] = _json({**out.decisions, out.key: automaton_answer(out)})
            return
        f["result"] = _json({**forces.as_data(out), "powers": f["powers"]})
        f["facts"] = _json(out.facts())
        f["morale"] = out.morale
        self._finish(g)

    def _finish(self, g: Ctx) -> None:
        """17.1: a player's leader on a unit the combat eliminates may first go to another unit of the stack (a
        decision when there are several, ``reattach.reattachments``); then the facts are logged and the result
        returned."""
        from engines.ultima_ratio.leaders import reattach

        f = g.frame
        if "logged" not in f:
            for todo in reattach.reattachments(g, f["result"]):
                if len(todo["options"]) > 1:
                    g.call("reattach_leader", **todo)
                    return
                reattach.reattach(g, todo["leader"], todo["options"][0])
            f["logged"] = True
            for key, args in f["facts"]:
                if "side" in args:
                    args["side"] = f["powers"][args["side"]] or "independent"
                if "dice" in args:
                    args["dice"] = [f"Q{c}:{roll}→{res}{'+1' if bonus else ''}" for c, roll, res, bonus in args["dice"]]
                g.log(key, rule=RULE[f["kind"]], **args)
            self._record(g)
            combat_cards.after_combat(g, f["decisions"])
            if f["morale"]:
                deck.deliver_morale(g, f["powers"][f["morale"]], f["powers"][forces.other(f["morale"])], f["kind"])
        if self._leaders(g, "after"):
            return
        g.end(f["result"])

    def _record(self, g: Ctx) -> None:
        """The battle's public record (``battle_record``) kept as the last battle fought, which the view shows, and
        logged with it, so that the log redraws it (issue 28 › a past battle replays from the log)."""
        f = g.frame
        record = battle_record.of_frame(f, g.s["turn"])
        f.pop("progress", None)
        g.s["last_battle"] = record
        sides = {side: f["powers"][side] or "independent" for side in forces.SIDES}
        refs = [f["where"]] if f.get("where") else []
        g.log("combat.record", rule=RULE[f["kind"]], refs=refs, number=record["number"], record=record, **sides)

    def _leaders(self, g: Ctx, moment: str) -> bool:
        """17.1 "at any time (even during or right after a combat)" (RULINGS L-17.1): before the combat (its
        preparation, 13.1.5, before the combat cards, 13.1.4) and right after it (before its losses, dispersals and
        retreats are applied), each side's power of a player may change the unit of his leaders in its stacks
        (``leader_flow.LeaderChange``): before, a player whose impulse it is not (the impulse's own arranged them
        before his action, L-12), into or out of the force (its fortress is in it when it fights, ``force``); after, every player's power, the impulse's own too
        (RULINGS L-17.3), from a unit that leaves the place to one that stays or back (``_moving``). Asked only when
        one of them may; the leaders of the battle record follow the changes made before it. True if it called the
        step."""
        from engines.ultima_ratio.leaders import leader_flow

        f, s = g.frame, g.s
        asked = f.setdefault("leaders_asked", {}).setdefault(moment, [])
        result = f.get("result")
        gone = (
            sorted(
                {u for side in result["eliminated"].values() for u in side}
                | {result.get("fortress_destroyed")} - {None}
            )
            if result
            else []
        )
        for side, name in zip(forces.SIDES, combat_cards.FIELDS[f["kind"]], strict=False):
            power = f["powers"][side]
            if side in asked or not (
                leader_flow.other_players_power(s, power) if moment == "before" else power in s["powers"]
            ):
                continue
            asked.append(side)
            units = [u["id"] for u in f["battle"][name]["units"]]
            if moment == "before":
                across = dict.fromkeys(units, "force")
            else:
                assert result is not None  # after the combat: its result is recorded
                across = _moving(result, side, units)
            if leader_flow.changes_near(s, board_of(g), power, units, exclude=gone, across=across):
                f["arranging"] = moment
                g.call("leader_change", power=power, moment=moment, units=units, exclude=gone, across=across, done=[])
                return True
        return False

    def _follow_leaders(self, g: Ctx) -> None:
        """The leaders of each force of the record are again those on its units (``force``: its fortress's too)."""
        s, board = g.s, board_of(g)
        for data in g.frame["battle"].values():
            if isinstance(data, dict) and "leaders" in data and "units" in data:
                ids = [u["id"] for u in data["units"]]
                data["leaders"] = [
                    {
                        "id": lid,
                        "ability": board.leaders.ability_of(lid) if s["leaders"][lid]["extraordinary"] else None,
                    }
                    for lid in leader_state.leaders_on(s, ids)
                ]

    def resume(self, g: Ctx, result: Any) -> None:
        f = g.frame
        moment = f.pop("arranging", None)
        if moment == "before":  # 17.1: the leaders changed unit before the combat
            self._follow_leaders(g)
            return
        if "result" in f:  # after a leader's reattachment or change (17.1)
            self._finish(g)
            return
        if "asking" not in f:  # the window of combat cards (combat_cards.py) changed the record
            f["battle"] = result["window"]
            return
        f["decisions"] = _json({**f["decisions"], f.pop("asking"): result})


def _moving(result: dict, side: forces.Side, units: list[str]) -> dict[str, str]:
    """The side's units that leave their place after the combat, by where they go (RULINGS L-17.1): its troops
    retreat when it lost a land battle (13.3.6), unless dispersed (13.1.7); squadrons damaged or sent to their base
    (13.2.5)."""
    moved: dict[str, str] = {}
    if result["kind"] == "land" and result["fought"] and result["fought"]["winner"] == forces.other(side):
        moved = {u: "retreat" for u in units if not u.startswith("fortress:")}
    for key in ("dispersed", "damaged", "to_base"):
        moved |= dict.fromkeys(result.get(key, {}).get(side, []), key)
    return moved


def _json(data: Any) -> Any:
    """Plain JSON (tuples become lists) for the state."""
    return orjson.loads(orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS))


def _plain(info: dict) -> dict:
    return {k: v for k, v in info.items() if isinstance(v, (int, str, list, bool)) or v is None}


class CombatDecision(Step):
    """One decision of a combat (COMBAT.md's table), by the player of the side's power: a single option, or a list
    picked one at a time (``done`` once enough are in, automatic when the list is full)."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        prompt = text(
            f"prompt.combat_{f['kind']}",
            step=f["info"].get("step"),
            count=f["info"].get("count", f["info"].get("troops", 0)),  # 13.5.4's forced control: its troops
            chosen=f["chosen"],
        )
        where = next(
            (fr.get("where") for fr in reversed(g.s["stack"]) if fr.get("step") == "combat" and "number" in fr), None
        )
        if where:  # the battle's place: the board may show it below the first screen (a phone)
            prompt = text("prompt.combat_at", what=prompt, where=where)
        if f["pick"] is None:
            return prompt, {f["kind"]: f["options"]}
        legal = {f["kind"]: [o for o in f["options"] if o not in f["chosen"]]}
        if len(f["chosen"]) >= f["pick"][0]:
            legal["done"] = [None]
        return prompt, legal

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "done":
            return text("act.combat_done")
        if arg is None or isinstance(arg, bool):
            return text(f"act.combat_{verb}_{str(arg).lower()}")
        return text(f"act.combat_{verb}", arg=arg)

    def _answer(self, g: Ctx, role: str, arg: Any) -> None:
        f = g.frame
        if f["pick"] is None:
            g.end(arg)
            return
        f["chosen"].append(arg)
        if len(f["chosen"]) >= f["pick"][1]:
            g.end(f["chosen"])

    def on_done(self, g: Ctx, role: str, arg: Any) -> None:
        g.end(g.frame["chosen"])


for _verb in (
    "battlefield",
    "fight",
    "conscript",
    "allocate",
    "creative",
    "capitulate",
    "bonus",
    "reroll",
    "veteran",
    "force_control",
    *LOSSES,
):
    setattr(CombatDecision, f"on_{_verb}", CombatDecision._answer)


# ----- applying results --------------------------------------------------------------------------------------------
def veterans(g: Ctx, result: dict) -> None:
    """13.3.8 / 16.1: the troop each side chose turns to its veteran side."""
    for uid in result["veterans"].values():
        if uid and uid in g.s["units"]:
            g.s["units"][uid]["veteran"] = True


def apply_losses(g: Ctx, result: dict, area: str) -> None:
    """A land, siege or subjugation result on the board: eliminated troops to the box of the turn, dispersed ones
    to the area's dispersed box (13.1.7, 13.3.6), veterans (13.3.8), the conscripts' unrest (13.1.9)."""
    from engines.ultima_ratio.economy.unrest import change_unrest

    s = g.s
    for side in forces.SIDES:
        for uid in result["eliminated"][side]:
            if uid in s["units"]:
                eliminate(g, uid)
        for uid in result["dispersed"][side]:
            if uid in s["units"]:
                disperse(g, uid, area)
    veterans(g, result)
    for side, unrest in result["unrest"].items():
        power = result["powers"][side]
        if unrest and power in s["powers"]:
            change_unrest(g, power, unrest, "combat")


def disperse(g: Ctx, uid: str, area: str) -> None:
    """18.1 / 18.5: a troop dispersed in ``area`` goes to its theater's dispersed box (``theater_box``); from a
    border area a player's troop may go to the box of the bordering theater instead (``offer_box``)."""
    st.move_unit(g.s, uid, theater_box(g.s, board_of(g), uid, area))
    offer_box(g, uid, area)


def theater_box(s: dict, b: Board, uid: str, area: str) -> str:
    """18.1: the dispersed box of the theater of ``area`` (``state.box_for``); a minor's troop dispersed in a
    border area of another theater goes to its own theater's, the box of its areas there (18.5, l. 1321: minor
    powers "cannot disperse outside the theaters where they normally operate"; RULINGS G4-3). A mercenary minor's,
    without a theater (20.6), goes to the box of the area's theater."""
    power = s["units"][uid]["power"]
    theater = b.minor(power).theater if power in s["minors"] else None
    if theater is None or b.areas[area].theater == theater:
        return st.box_for(b, area)
    return st.box_for(b, next(a for a in b.minor(power).areas if b.areas[a].theater == theater))


def dispersal_boxes(g: Ctx, uid: str, area: str) -> list[str]:
    """18.5: the boxes a troop dispersed in ``area`` may go to, its own theater's first
    (``logistics.dispersion_boxes``); an automaton's or a minor's troop has its own theater's only (RULINGS AV-10,
    G4-3)."""
    s, b = g.s, board_of(g)
    if s["units"][uid]["power"] not in s["powers"]:
        return [theater_box(s, b, uid, area)]
    return logistics_rules.dispersion_boxes(b.areas[area], b.map)


def offer_box(g: Ctx, uid: str, area: str) -> None:
    """18.5: a troop just put in its theater's box from the border ``area`` keeps the choice of the others in
    ``box_choices``, asked when the move that dispersed it ends (``dispersion_box``, RULINGS AV-10, BX-1)."""
    boxes = dispersal_boxes(g, uid, area)
    if len(boxes) > 1:
        g.s.setdefault("box_choices", {})[uid] = boxes


def box_choice(g: Ctx) -> dict | None:
    """The next troop whose box is still to choose (``disperse``), as ``dispersion_box`` frame locals; choices of
    troops that left their box since are dropped."""
    s = g.s
    for uid, boxes in sorted(s.get("box_choices", {}).items()):
        if s["units"][uid]["loc"] in boxes:
            return {"unit": uid, "boxes": boxes}
        del s["box_choices"][uid]
    return None


class DispersionBox(Step):
    """18.5: "Troops dispersed in these areas can be placed in the dispersed boxes of either of the two theaters of
    operations": the troop's player picks the box. Frame: ``unit``, ``boxes``."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.s["units"][g.frame["unit"]]["power"])]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.dispersed_box", unit=g.frame["unit"]), {"box": list(g.frame["boxes"])}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.box", arg=arg)

    def on_box(self, g: Ctx, role: str, arg: str) -> None:
        s, uid = g.s, g.frame["unit"]
        s["box_choices"].pop(uid, None)
        if arg != s["units"][uid]["loc"]:
            s["units"][uid]["loc"] = arg
        g.log("log.dispersed_box", unit=uid, box=arg, rule="border_areas")
        g.end(None)


def eliminate(g: Ctx, uid: str) -> None:
    """A unit eliminated in combat goes to the box of the turn; the leaders still on it (not reattached at the end
    of the combat, ``Combat._finish``, RULINGS A-9) go with it, back to the pool (13.1.7, 17.1; ``leaders.eliminate``)."""
    st.move_unit(g.s, uid, "eliminated")
    lose_leaders(g, [uid])


def lose_leaders(g: Ctx, unit_ids: list[str]) -> list[str]:
    """The leaders on the units (or fortresses) eliminated go back to the pool (13.1.7, 17.1;
    ``leaders.eliminate``); returns them."""
    from engines.ultima_ratio.leaders import leader_rules as leaders

    s = g.s
    gone = leader_state.leaders_on(s, unit_ids)
    if gone:
        kept, s["leader_pool"] = leaders.eliminate(
            leader_state.state_leaders(s), s["leader_pool"], board_of(g).leaders, gone
        )
        s["leaders"] = {ld["id"]: {k: ld[k] for k in ("power", "unit", "extraordinary")} for ld in kept}
    return gone


STEPS = {"combat": Combat(), "combat_decision": CombatDecision(), "dispersion_box": DispersionBox()}
