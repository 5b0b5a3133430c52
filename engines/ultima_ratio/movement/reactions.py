"""Ultima Ratio Regis — 12.4 Reactions to land tactical movement: when an enemy announces a tactical move into an
area a player's power controls, that power may intercept it (12.4.1: from one of its areas, a single troop one
area away, or two away across a controlled area free of enemy troops; to or from the mini-maps only a single
troop from an adjacent area) and may evade it (12.4.2: its troops in the area retreat to adjacent controlled areas
free of enemies, or to areas with own troops not besieged, never to where the attack comes from; or disperse), in
the order it likes. Not possible if the area is not controlled.

An army (several troops stacked with a leader) intercepts from an adjacent area, or from two areas away with a
determined commander (17.3.2); the player picks the troop whose leader leads it, then the troops of the stack that
go with him, one at a time (four at most, 10.3; all of them must fit the attacked area, 15.1). Automata (the 9.1
Emirates) do not react: their troop stands (RULINGS.md › 9.1 Emirates).
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.combat import battles
from engines.ultima_ratio.leaders import leader_state
from engines.ultima_ratio.logistics import stacking
from engines.ultima_ratio.movement import armies


def reacting_power(g: Ctx, mover: str, area: str) -> str | None:
    """The player's power that controls the area the move goes into, if it is the mover's enemy."""
    s = g.s
    who = s["areas"][area]["control"]
    if who in s["powers"] and st.hostile(s, mover, who):
        return who
    return None


def interceptors(g: Ctx, power: str, area: str, mover: str) -> list[str]:
    """12.4.1: single troops that may enter the attacked area."""
    s, b = g.s, board_of(g)
    mini = not st.on_main_map(b, area)
    out = []
    for near in st.neighbours(s, b, area):
        if not st.controls(s, power, near):  # "he can point to only one of his areas"
            continue
        if not s["areas"][near]["siege"]:
            out += st.troops_in(s, near, power)
        if mini or not st.on_main_map(b, near) or st.enemy_troops_in(s, near, power):
            continue
        for far in st.neighbours(s, b, near):
            if far != area and st.controls(s, power, far) and st.on_main_map(b, far) and not s["areas"][far]["siege"]:
                out += st.troops_in(s, far, power)
    return sorted(set(out))


def army_leads(g: Ctx, power: str, place: str, area: str) -> list[str]:
    """12.4.1: the troops of the power in ``place`` whose leader may lead an army of them into the attacked
    ``area`` (not in a siege; at least one more troop there and room for two, 15.1); from two areas away only a
    determined commander ("interceptions with several troops at 2 areas of distance",
    ``leaders.intercepts_with_several_troops``, RULINGS L-11)."""
    from engines.ultima_ratio.leaders.leader_rules import intercepts_with_several_troops

    s, b = g.s, board_of(g)
    troops = st.troops_in(s, place, power)
    if len(troops) < 2 or s["areas"][place]["siege"]:
        return []
    far = place not in b.neighbours[area]
    return [
        u
        for u in troops
        if armies.led(s, u)
        and (not far or intercepts_with_several_troops(leader_state.commander_ability(s, b, [u])))
        and any(stacking.room(g, power, area, [u, x]) >= 2 for x in troops if x != u)
    ]


def army_troops(g: Ctx, power: str, place: str, area: str, army: list[str]) -> list[str]:
    """10.3 / 12.2: the troops of ``place`` that may still go with the intercepting army: four at most, and all of
    them must fit the attacked area (15.1.1: an interception ends the move there)."""
    if len(army) >= armies.MAX_UNITS:
        return []
    return [
        u
        for u in st.troops_in(g.s, place, power)
        if u not in army and stacking.room(g, power, area, [*army, u]) >= len(army) + 1
    ]


def army_interceptions(g: Ctx, power: str, area: str) -> list[str]:
    """12.4.1 "Interception with an army": the controlled areas from which an army of the power (several troops
    with a leader, not in a siege) may enter the attacked area — adjacent ones, and two away across a controlled
    area free of enemy troops when its commander is determined (``army_leads``). Never to or from the mini-maps
    (single troops only)."""
    s, b = g.s, board_of(g)
    if not st.on_main_map(b, area):
        return []
    out = set()
    for near in st.neighbours(s, b, area):
        if not st.controls(s, power, near) or not st.on_main_map(b, near):
            continue
        if army_leads(g, power, near, area):
            out.add(near)
        if st.enemy_troops_in(s, near, power):
            continue
        for far in st.neighbours(s, b, near):
            if (
                far != area
                and st.controls(s, power, far)
                and st.on_main_map(b, far)
                and army_leads(g, power, far, area)
            ):
                out.add(far)
    return sorted(out)


def may_join_fortress(g: Ctx, power: str, area: str) -> bool:
    """13.4.1: "Troops defending the area can announce that they join the fortress (respecting the stacking
    limits)": all the power's troops in the area with its built fortress, which counts for stacking in a siege
    (15.1.1; RULINGS AV-4)."""
    s = g.s
    fort, troops = st.fortress(s, area), st.troops_in(s, area, power)
    return bool(
        fort
        and fort["built"]
        and fort["power"] == power
        and troops
        and not s["areas"][area]["siege"]
        and len(troops) + 1 <= stacking.stacking_limit(s, board_of(g), area, power)
    )


def retreats(g: Ctx, power: str, area: str, came_from: str) -> list[list[str]]:
    """12.4.2: [troop, area] retreats of the troops in the attacked area."""
    s, b = g.s, board_of(g)
    places = []
    for near in st.neighbours(s, b, area):
        if near == came_from or s["areas"][near]["marker"]:
            continue
        free = st.controls(s, power, near) and not st.enemy_troops_in(s, near, power)
        own = bool(st.troops_in(s, near, power)) and not s["areas"][near]["siege"]
        if (free or own) and stacking.stacking_room(s, b, near, power) >= 1:
            places.append(near)
    return [[u, p] for u in st.troops_in(s, area, power) for p in places]


class LandReaction(Step):
    """Frame: ``power`` (reacting), ``mover``, ``area``, ``came_from``, ``intercepted``; while an army is being
    formed to intercept, ``army`` {from, troops}: the troop that leads (``lead``, asked when several may), then the
    troops taken along one at a time (``absorb``) until ``done`` (two at least) sends them (12.4.1)."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        if "army" in f:
            army = f["army"]
            if not army["troops"]:
                return text("prompt.army_intercept_lead", area=army["from"]), {
                    "lead": army_leads(g, f["power"], army["from"], f["area"])
                }
            legal: dict[str, list] = {
                "absorb": army_troops(g, f["power"], army["from"], f["area"], army["troops"]),
                "done": [None] if len(army["troops"]) > 1 else [],
            }
            return text("prompt.army_intercept", area=army["from"], target=f["area"], units=list(army["troops"])), {
                k: v for k, v in legal.items() if v
            }
        legal = {}
        if not f["intercepted"]:
            legal["intercept"] = interceptors(g, f["power"], f["area"], f["mover"])
            legal["intercept_army"] = army_interceptions(g, f["power"], f["area"])
            legal["join_fortress"] = [None] if may_join_fortress(g, f["power"], f["area"]) else []
        legal["retreat"] = retreats(g, f["power"], f["area"], f["came_from"])
        legal["disperse"] = st.troops_in(g.s, f["area"], f["power"])
        legal["attach_leader"] = self._leader_changes(g, legal.get("intercept", []), legal.get("intercept_army", []))
        legal["done"] = [None]
        return text("prompt.land_reaction", area=f["area"]), {k: v for k, v in legal.items() if v}

    def _leader_changes(self, g: Ctx, interceptors: list[str], army_areas: list[str]) -> list[list[str]]:
        """17.1 in the mover's impulse (RULINGS L-17.2): the power's leaders in the attacked area, or with a troop
        that may intercept (``interceptors``, the troops of ``army_areas``), change unit within their stacks (each
        once): to stay on a troop or fortress when their troop evades, to go with the troop that evades or
        intercepts."""
        from engines.ultima_ratio.leaders import leader_flow

        f, s = g.frame, g.s
        power, area = f["power"], f["area"]
        units = st.troops_in(s, area, power) + ([battles.fortress_id(area)] if s["areas"][area]["fortress"] else [])
        units += interceptors + [u for near in army_areas for u in st.troops_in(s, near, power)]
        return leader_flow.changes_near(s, board_of(g), power, units, f.get("attached", []))

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "retreat":
            return text("act.retreat", unit=arg[0], area=arg[1])
        if verb == "attach_leader":
            return text("act.attach_leader", leader=arg[0], unit=arg[1])
        if "army" in g.frame:
            return text("act.army_go") if verb == "done" else text(f"act.army_{verb}", arg=arg)
        return text(f"act.react_{verb}", arg=arg)

    def on_attach_leader(self, g: Ctx, role: str, arg: list) -> None:
        """17.1: at no cost, each leader once at this moment (as in the impulse, RULINGS L-12)."""
        from engines.ultima_ratio.leaders import leader_flow

        g.frame.setdefault("attached", []).append(arg[0])
        leader_flow.change_unit(g, arg[0], arg[1])

    def on_intercept_army(self, g: Ctx, role: str, arg: str) -> None:
        """12.4.1: the army in ``arg`` will intercept; its leader's troop is taken at once when only one may lead."""
        f = g.frame
        f["army"] = {"from": arg, "troops": []}
        leads = army_leads(g, f["power"], arg, f["area"])
        if len(leads) == 1:
            self.on_lead(g, role, leads[0])

    def on_lead(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["army"]["troops"].append(arg)

    def on_absorb(self, g: Ctx, role: str, arg: str) -> None:
        """10.3 / 12.2: a troop of the stack goes with the army (the others stay)."""
        g.frame["army"]["troops"].append(arg)

    def _send_army(self, g: Ctx) -> None:
        f = g.frame
        army = f.pop("army")
        for uid in army["troops"]:
            st.move_unit(g.s, uid, f["area"])
        f["intercepted"] = True
        g.log(
            "log.army_intercepted",
            area=army["from"],
            target=f["area"],
            power=f["power"],
            units=army["troops"],
            rule="land_interception",
        )

    def on_intercept(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        st.move_unit(g.s, arg, f["area"])
        f["intercepted"] = True
        g.log("log.intercepted", unit=arg, area=f["area"], rule="land_interception")

    def on_retreat(self, g: Ctx, role: str, arg: list) -> None:
        st.move_unit(g.s, arg[0], arg[1])
        g.log("log.evaded", unit=arg[0], area=arg[1], rule="evasion")

    def on_disperse(self, g: Ctx, role: str, arg: str) -> None:
        battles.disperse(g, arg, g.frame["area"])
        g.log("log.dispersed", unit=arg, rule="evasion")

    def on_join_fortress(self, g: Ctx, role: str, arg: Any) -> None:
        """13.4.1: the defenders join their fortress: no land battle; the entering force besieges them."""
        f = g.frame
        g.s["areas"][f["area"]]["siege"] = {"besieger": f["mover"], "casualties": 0}
        g.log(
            "log.joined_fortress",
            power=f["power"],
            area=f["area"],
            units=st.troops_in(g.s, f["area"], f["power"]),
            rule="siege",
        )
        g.end(False)

    def on_done(self, g: Ctx, role: str, arg: Any) -> None:
        if "army" in g.frame:
            self._send_army(g)
            return
        g.end(g.frame["intercepted"])


class DefeatedRetreat(Step):
    """13.3.6: the defeated defender retreats to one or several adjacent controlled areas (not where the attacker
    entered from), or into its fortress in the area (then besieged); with nowhere to go, the rest disperses.
    Frame: ``power``, ``area``, ``came_from``, ``attacker``."""

    goes_to = ()

    def _options(self, g: Ctx) -> dict[str, list]:
        f, s = g.frame, g.s
        fort = s["areas"][f["area"]]["fortress"]
        legal: dict[str, list] = {"retreat": retreats(g, f["power"], f["area"], f["came_from"])}
        if fort and fort["built"] and fort["power"] == f["power"]:
            legal["to_fortress"] = st.troops_in(s, f["area"], f["power"])
        return {k: v for k, v in legal.items() if v}

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.defeated_retreat", area=g.frame["area"]), self._options(g)

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "retreat":
            return text("act.retreat", unit=arg[0], area=arg[1])
        return text("act.to_fortress", unit=arg)

    def on_retreat(self, g: Ctx, role: str, arg: list) -> None:
        st.move_unit(g.s, arg[0], arg[1])
        g.log("log.evaded", unit=arg[0], area=arg[1], rule="land_combat")
        self._next(g)

    def on_to_fortress(self, g: Ctx, role: str, arg: str) -> None:
        f, s = g.frame, g.s
        s["areas"][f["area"]]["siege"] = {"besieger": f["attacker"], "casualties": 0}
        f["into_fortress"] = True
        g.log("log.into_fortress", unit=arg, area=f["area"], rule="land_combat")
        self._next(g)

    def _next(self, g: Ctx) -> None:
        f, s = g.frame, g.s
        if f.get("into_fortress") or not st.troops_in(s, f["area"], f["power"]):
            g.end(None)
        elif not self._options(g):
            for uid in st.troops_in(s, f["area"], f["power"]):
                battles.disperse(g, uid, f["area"])
                g.log("log.dispersed", unit=uid, rule="land_combat")
            g.end(None)


def opposition_sources(g: Ctx, power: str, area: str) -> list[list[str]]:
    """13.5.2: ["troops" | "fortress", area] the controller may oppose a subjugation from: its controlled areas
    adjacent to the area, or two away across a controlled area without enemy troops or a rebellion."""
    s, b = g.s, board_of(g)
    found: list[list[str]] = []

    def sources(place: str) -> None:
        if not st.controls(s, power, place) or s["areas"][place]["siege"]:
            return
        if st.troops_in(s, place, power):
            found.append(["troops", place])
        fort = s["areas"][place]["fortress"]
        if fort and fort["built"] and fort["power"] == power:
            found.append(["fortress", place])

    for near in st.neighbours(s, b, area):
        sources(near)
        if st.controls(s, power, near) and not s["areas"][near]["marker"] and not st.enemy_troops_in(s, near, power):
            for far in st.neighbours(s, b, near):
                if far != area and far not in b.neighbours[area]:
                    sources(far)
    return [x for i, x in enumerate(found) if x not in found[:i]]


class OpposeSubjugation(Step):
    """13.5.2: the controller announces whether it opposes the enemy's control of its area, with troops or with a
    fortress (a passive defence). Ends with ``{"kind", "from", "adjacent"}`` or None."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        return text("prompt.oppose", area=f["area"]), {
            "oppose": opposition_sources(g, f["power"], f["area"]),
            "no_opposition": [None],
        }

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "oppose":
            return text(f"act.oppose_{arg[0]}", area=arg[1])
        return text("act.no_opposition")

    def on_oppose(self, g: Ctx, role: str, arg: list) -> None:
        adjacent = arg[1] in board_of(g).neighbours[g.frame["area"]]
        f = g.frame
        g.log(f"log.opposes_{arg[0]}", power=f["power"], area=f["area"], source=arg[1], rule="subjugation")
        g.end({"kind": arg[0], "from": arg[1], "adjacent": adjacent})

    def on_no_opposition(self, g: Ctx, role: str, arg: Any) -> None:
        g.end(None)


def must_retreat_now(g: Ctx, power: str, area: str, came_from: str) -> bool:
    """Whether the defeated power has a choice of retreat (else its troops disperse at once)."""
    fort = g.s["areas"][area]["fortress"]
    return bool(retreats(g, power, area, came_from)) or bool(fort and fort["built"] and fort["power"] == power)


STEPS = {
    "land_reaction": LandReaction(),
    "defeated_retreat": DefeatedRetreat(),
    "oppose_subjugation": OpposeSubjugation(),
}
