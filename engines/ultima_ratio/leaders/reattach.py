"""Ultima Ratio Regis — 17.1 / 13.1.7 a leader reattached before his unit is eliminated: the leaders of a
player's power on units a combat eliminates (or on a fortress a capitulation destroys, RULINGS L-13) and the units
of their stack that survive (``leader_rules.reattach_decision``), and the ``reattach_leader`` decision."""

from __future__ import annotations

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.leaders import leader_rules, leader_state


def reattachments(g: Ctx, result: dict) -> list[dict]:
    """13.1.7 / 17.1 (``leaders.reattach_decision``): for each leader of a player's power on a unit the combat
    eliminates — or on the fortress a capitulation destroys (13.4.5, RULINGS L-13) —, the units of the same stack
    that survive it; a leader with none goes with his unit."""
    s = g.s
    gone: set[str] = {u for side in result["eliminated"].values() for u in side}
    if result.get("fortress_destroyed") is not None:
        gone.add(result["fortress_destroyed"])
    units = leader_state.on_map(s, leader_state.counters(s, at=leader_state.stacks_of(s, gone)))  # their stacks
    out = []
    for uid in sorted(gone):
        if not any(u["id"] == uid for u in units):
            continue
        for d in leader_rules.reattach_decision(leader_state.state_leaders(s), units, uid):
            options = [o for o in d.options if o not in gone]
            if options and d.power in s["powers"]:
                out.append({"leader": d.at, "options": options})
    return out


def reattach(g: Ctx, leader: str, target: str) -> None:
    """17.1: "the leader may be attached to any own troop or fortress in the area, or to a squadron of the fleet,
    at any time (even during or right after a combat) and at no cost"."""
    g.s["leaders"][leader]["unit"] = target
    g.log("log.leader_reattached", leader=leader, unit=target, rule="leaders")


class ReattachLeader(Step):
    """17.1: the player chooses the unit of the stack the leader goes to before his own is eliminated."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.s["leaders"][g.frame["leader"]]["power"])]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.reattach_leader", leader=g.frame["leader"]), {"unit": list(g.frame["options"])}

    def on_unit(self, g: Ctx, role: str, arg: str) -> None:
        reattach(g, g.frame["leader"], arg)
        g.end(None)


STEPS = {"reattach_leader": ReattachLeader()}
