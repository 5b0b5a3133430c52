"""Ultima Ratio Regis — leaders in the flow (17.): the build-a-leader action (9.6, 17.2-17.3) with the rules of
``leader_rules.py``. The state keeps ``leaders`` {id: {power, unit, extraordinary}} — a leader is always on one unit
and follows it (17.1: units move by id, so their leaders move with them) — and ``leader_pool`` (the shared cup of
17.2). In battle a force's leaders are those on its units (``battles.force``); a leader eliminated with the last
unit of his stack goes back to the pool (``battles.eliminate``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.counters import Leader
from engines.ultima_ratio.leaders import leader_rules, leader_state


def targets(s: dict, power: str) -> list[str]:
    """17.2: a squadron, fortress or troop of the power on the map, not besieged."""
    return leader_rules.build_targets(power, leader_state.on_map(s, leader_state.counters(s, power)))


def may_build(g: Ctx, power: str) -> bool:
    """17.2: a leader may be drawn when the cup has one and there is a leader of the power to replace
    (``leader_rules.replace_targets``: any of its own) or a unit to place him on (``targets``)."""
    s = g.s
    return bool(s["leader_pool"]) and (  # a leader of its own to replace first: no counters to build then
        any(info["power"] == power for info in s["leaders"].values()) or _has_target(s, power)
    )


def _has_target(s: dict, power: str) -> bool:
    """Whether ``targets`` has one, without building the power's counters: a troop or squadron of the power on the
    map (not available, eliminated or dispersed) and not besieged, else a finished fortress of the power not under
    siege (a fortress under construction carries no leader, ``leader_rules.can_carry``)."""
    units, areas = s["units"], s["areas"]
    for uid in st.units_of(s, power, where="map"):
        area = st.loc_area(units[uid]["loc"])
        siege = areas.get(area, {}).get("siege") if area else None
        if not (siege and siege["besieger"] != power):
            return True
    return any(
        info["fortress"] and info["fortress"]["power"] == power and info["fortress"]["built"] and not info["siege"]
        for info in areas.values()
    )


# ----- 17.1 a leader changes unit within his stack at will ---------------------------------------------------------
def unit_changes(s: dict, power: str, done: list[str]) -> list[list[str]]:
    """17.1 (RULINGS L-12): [leader, unit] — each leader of the power not in ``done`` (those already changed at this
    moment) to another unit of his stack (``leaders.attach_targets``)."""
    mine = [lid for lid, info in sorted(s["leaders"].items()) if info["power"] == power and lid not in done]
    if not mine:
        return []
    on = {s["leaders"][lid]["unit"] for lid in mine}
    stacks = leader_state.stacks_of(s, on)
    units = leader_state.counters(s, power, stacks)  # his own units (17.1), in his leaders' stacks alone
    leaders = [  # those asked of, not the whole table's
        Leader(id=lid, power=power, unit=s["leaders"][lid]["unit"], extraordinary=s["leaders"][lid]["extraordinary"])
        for lid in mine
    ]
    if not on <= {u["id"] for u in units}:
        units = leader_state.counters(s, at=stacks)  # a leader on another's unit (an ally's, RULINGS L-7)
    return [[lid, uid] for lid in mine for uid in leader_rules.attach_targets(leaders, units, lid)]


def change_unit(g: Ctx, leader: str, unit: str) -> None:
    """17.1: "the leader may be attached to any own troop or fortress in the area, or to a squadron of the fleet,
    at any time ... and at no cost" (``leaders.attach``)."""
    s = g.s
    moved = leader_rules.attach(leader_state.state_leaders(s), leader_state.counters(s), leader, unit)
    s["leaders"] = {ld["id"]: {k: ld[k] for k in ("power", "unit", "extraordinary")} for ld in moved}
    g.log("log.leader_attached", leader=leader, unit=unit, rule="leaders")


def changes_near(
    s: dict,
    board,
    power: str,
    units: list[str],
    done: Sequence[str] = (),
    exclude: Sequence[str] = (),
    across: dict[str, str] | None = None,
) -> list[list[str]]:
    """17.1 in another player's impulse (RULINGS L-17.1): [leader, unit] — each leader of the power not in ``done``
    whose unit is one of ``units`` or who may go to one of them (he is in their stack), to another unit of his stack
    that is not in ``exclude`` (the units a combat eliminates); with ``across`` ({unit: group}, the others in no group)
    only the changes that take him to a unit of another group; the only leader of a kept fleet stays in it (11.2,
    RULINGS FK-2, L-17.1: fleets are not disassembled outside their impulse). None when no such leader has somewhere
    to go."""
    # 17.1: a leader goes only to a unit of his own stack (``leader_rules.attach_targets``: the same place), so only
    # the leaders in the stacks of ``units`` may be on one of them or go to one
    places = leader_state.stacks_of(s, units)
    mine = [
        lid
        for lid, info in sorted(s["leaders"].items())
        if info["power"] == power
        and lid not in done
        and info["unit"] not in exclude
        and leader_state.stack_of(s, info["unit"]) in places
    ]
    if not mine:
        return []
    # only the leaders' stacks are built
    stacks = leader_state.stacks_of(s, [s["leaders"][lid]["unit"] for lid in mine])
    near, everything = set(units), leader_state.counters(s, at=stacks)
    everyone = leader_state.state_leaders(s)
    out = []
    for lid in mine:
        options = [u for u in leader_rules.attach_targets(everyone, everything, lid) if u not in exclude]
        fleet = _held_fleet(s, board, lid)
        if fleet:
            options = [u for u in options if u in fleet]
        if across is not None:
            here = across.get(s["leaders"][lid]["unit"])
            options = [u for u in options if across.get(u) != here]
        if options and (s["leaders"][lid]["unit"] in near or near.intersection(options)):
            out += [[lid, uid] for uid in options]
    return out


def _held_fleet(s: dict, board, leader: str) -> list[str]:
    """The squadrons of the kept fleet (of several) the leader is the only leader of, else []."""
    from engines.ultima_ratio.movement import fleets

    unit = s["leaders"][leader]["unit"]
    if unit not in s["units"] or s["units"][unit]["kind"] != "squadron":
        return []
    fleet = fleets.fleet_of(s, board, unit)
    if len(fleet) < 2 or any(info["unit"] in fleet for lid, info in s["leaders"].items() if lid != leader):
        return []
    return fleet


def other_players_power(s: dict, power: str | None) -> bool:
    """A player's power (not an automaton's) whose seat is not the one whose impulse it is (RULINGS L-17.1)."""
    return power is not None and power in s["powers"] and st.player_of(s, power) != s["impulse"]["seat"]


class LeaderChange(Step):
    """17.1 "at any time (even during or right after a combat)" in another player's impulse (RULINGS L-17.1), and
    right after a combat in the power's own (L-17.3): the power's leaders in the stacks of ``units`` change unit, each
    once, until ``done``. Frame: ``power``, ``moment`` (``before`` / ``after`` a combat), ``units``, ``exclude``
    (units the combat eliminates), ``across``
    (only the changes between its groups: into or out of the force before a combat; after it, between the units
    dispersed, damaged, sent to base or retreating and those that stay), ``done``."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def _changes(self, g: Ctx) -> list[list[str]]:
        f = g.frame
        return changes_near(g.s, board_of(g), f["power"], f["units"], f["done"], f["exclude"], f["across"])

    def prompt(self, g: Ctx, role: str):
        return text(f"prompt.leader_change_{g.frame['moment']}", power=g.frame["power"]), {
            "attach_leader": self._changes(g),
            "done": [None],
        }

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "attach_leader":
            return text("act.attach_leader", leader=arg[0], unit=arg[1])
        return text("act.leader_change_done")

    def on_attach_leader(self, g: Ctx, role: str, arg: list) -> None:
        g.frame["done"].append(arg[0])
        change_unit(g, arg[0], arg[1])
        if not self._changes(g):
            g.end(None)

    def on_done(self, g: Ctx, role: str, arg: Any) -> None:
        g.end(None)


# ----- 8.2.2 free leader moves -----------------------------------------------------------------------------------
def swaps(s: dict, power: str) -> list[list[str]]:
    """8.2.2 start of impulse: the pairs of the power's leaders it may swap ("provided neither is besieged");
    two leaders on one unit have nothing to swap."""
    if sum(1 for info in s["leaders"].values() if info["power"] == power) < 2:
        return []
    units = {u["id"]: u for u in leader_state.counters(s)}
    free = [
        lid
        for lid, info in sorted(s["leaders"].items())
        if info["power"] == power and not units[info["unit"]]["besieged"]
    ]
    return [
        [a, b] for i, a in enumerate(free) for b in free[i + 1 :] if s["leaders"][a]["unit"] != s["leaders"][b]["unit"]
    ]


def swap(g: Ctx, a: str, b: str) -> None:
    s = g.s
    moved = leader_rules.swap(leader_state.state_leaders(s), leader_state.counters(s), a, b)
    s["leaders"] = {ld["id"]: {k: ld[k] for k in ("power", "unit", "extraordinary")} for ld in moved}
    g.log("log.leaders_swapped", a=a, b=b, rule="impulse")


def end_moves(s: dict, power: str) -> list[list[str]]:
    """8.2.2 end of impulse: [leader, unit] — "a single leader over a troop, fleet or fortress of its own (as long
    as the leader was not besieged and does not end up this way)"; dispersed troops are in no theater's map
    (RULINGS I-11)."""
    on = {info["unit"] for info in s["leaders"].values() if info["power"] == power}
    if not on:
        return []
    # the besieged among the units his leaders are on (an ally's too, RULINGS L-7): their stacks' counters alone
    besieged = {u["id"] for u in leader_state.counters(s, at=leader_state.stacks_of(s, on)) if u["besieged"]}
    units = leader_state.on_map(s, leader_state.counters(s, power))
    targets = [u["id"] for u in units if not u["besieged"] and leader_rules.can_carry(u)]
    return [
        [lid, uid]
        for lid, info in sorted(s["leaders"].items())
        if info["power"] == power and info["unit"] not in besieged
        for uid in targets
        if uid != info["unit"]
    ]


def move_at_end(g: Ctx, leader: str, unit: str) -> None:
    s = g.s
    moved = leader_rules.move_at_end_of_impulse(leader_state.state_leaders(s), leader_state.counters(s), leader, unit)
    s["leaders"] = {ld["id"]: {k: ld[k] for k in ("power", "unit", "extraordinary")} for ld in moved}
    g.log("log.leader_moved", leader=leader, unit=unit, rule="end_of_impulse")


class DrawLeader(Step):
    """17.2: "he randomly selects one of the available ones" (chance: an undo barrier)."""

    goes_to = ("build_leader",)

    def auto(self, g: Ctx) -> None:
        drawn = leader_rules.draw(g.s["leader_pool"], g)
        g.log(
            "log.leader_drawn",
            power=g.frame["power"],
            leader=drawn,
            ability=board_of(g).leaders.ability_of(drawn),
            rule="leaders",
        )
        g.goto("build_leader", power=g.frame["power"], leader=drawn)


class BuildLeader(Step):
    """17.2-17.3: the player has seen the ability; the side (extraordinary only if the unrest does not exceed the
    vitality, +3 unrest), then the unit that carries him or the own leader he replaces."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f, s = g.frame, g.s
        power = f["power"]
        if "extraordinary" not in f:
            sides = ["ordinary"]
            if leader_rules.may_be_extraordinary(s["powers"][power]["unrest"], board_of(g).power(power).vitality):
                sides.append("extraordinary")
            return text(
                "prompt.leader_side", leader=f["leader"], ability=board_of(g).leaders.ability_of(f["leader"])
            ), {"side": sides}
        legal = {
            "target": targets(s, power),
            "replace": leader_rules.replace_targets(power, leader_state.state_leaders(s)),
        }
        return text("prompt.leader_target", leader=f["leader"]), {k: v for k, v in legal.items() if v}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.leader_{verb}", arg=arg)

    def on_side(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["extraordinary"] = arg == "extraordinary"

    def on_target(self, g: Ctx, role: str, arg: str) -> None:
        self._build(g, target=arg)

    def on_replace(self, g: Ctx, role: str, arg: str) -> None:
        self._build(g, replace=arg)

    def _build(self, g: Ctx, **where: str) -> None:
        from engines.ultima_ratio.economy.unrest import change_unrest

        f, s, board = g.frame, g.s, board_of(g)
        power = f["power"]
        unrest = s["powers"][power]["unrest"]
        built = leader_rules.build(
            leader_state.state_leaders(s),
            s["leader_pool"],
            leader_state.on_map(s, leader_state.counters(s)),
            board.leaders,
            power=power,
            leader_id=f["leader"],
            extraordinary=f["extraordinary"],
            unrest=unrest,
            vitality=board.power(power).vitality,
            **where,
        )
        s["leaders"] = {ld["id"]: {k: ld[k] for k in ("power", "unit", "extraordinary")} for ld in built.leaders}
        s["leader_pool"] = sorted(built.pool)
        g.log(
            "log.leader_built",
            power=power,
            leader=f["leader"],
            unit=s["leaders"][f["leader"]]["unit"],
            extraordinary=f["extraordinary"],
            rule="leaders",
        )
        if built.unrest != unrest:
            change_unrest(g, power, built.unrest - unrest, "extraordinary_leader")
        g.end("done")


STEPS = {"draw_leader": DrawLeader(), "build_leader": BuildLeader(), "leader_change": LeaderChange()}
