"""Ultima Ratio Regis — 20.3-20.4 A minor power changes status: it allies with a major power (by card 20.3.1, as a
peace condition or by event 20.3.4) or becomes neutral (20.4.1); the units of other major powers in its territory
are repatriated (20.4.2, through ``repatriation_flow.repatriate``, 14.); the new ally places its units as
reinforcements (20.3.2). Conquest (20.3.3) is ``minor_conquest.py``; the auction (20.3.1) ``alliance_auction.py``.

Steps: ``minor_alliance`` and ``minor_neutral`` (automatic: the change itself), ``minor_repatriations``
(automatic: one major power's units at a time), ``minor_repatriation_choice`` (a major power at war with the new
ally, or any major power in a minor become neutral, chooses whether its units go home) and
``minor_reinforcements`` (the ally's player places the minor's units one by one, 9.1). Enter with
``ally(g, minor, power, how)`` or ``neutral(g, minor)`` from a step that names the step in its ``goes_to``; its
``resume`` gets None when all is done.
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.actions import construction
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.cards import deck
from engines.ultima_ratio.diplomacy.minor_conquest import territory
from engines.ultima_ratio.logistics import repatriation_flow

FORTRESS = repatriation_flow.FORTRESS


def allied_minors(s: dict, power: str) -> list[str]:
    return sorted(m for m, info in s["minors"].items() if info["ally"] == power)


def foreign_units(s: dict, minor: str, power: str | None) -> dict[str, list[str]]:
    """20.4.2: the military units of the major powers other than ``power`` in the minor's territory (troops,
    squadrons in port, and their fortresses first: "destroyed as soon as the alliance ends", 20.2) by power."""
    out: dict[str, list[str]] = {}
    areas = territory(s, minor)
    for area in areas:
        fort = s["areas"][area]["fortress"]
        if fort and fort["power"] in s["powers"] and fort["power"] != power:
            out.setdefault(fort["power"], []).append(FORTRESS + area)
    for uid, info in sorted(s["units"].items()):
        if info["power"] in s["powers"] and info["power"] != power and st.loc_area(info["loc"]) in areas:
            out.setdefault(info["power"], []).append(uid)
    return out


# ----- 20.3.2 reinforcements -------------------------------------------------------------------------------------
def reinforcements(g: Ctx, minor: str) -> list[str]:
    """20.3.2: "all the military units of the minor power that are not destroyed (even if they are besieged)"; a
    mercenary minor's destroyed units are rebuilt too (20.6)."""
    s = g.s
    mercenary = board_of(g).minor(minor).kind == "mercenary"
    return sorted(
        u for u, info in s["units"].items() if info["power"] == minor and (mercenary or info["loc"] != "eliminated")
    )


def places(g: Ctx, power: str, minor: str, uid: str) -> list[str]:
    """Where the unit may be placed (9.1): a minor's troops "are built in the controlled areas of the minor power",
    its squadrons in its controlled ports (9.2); a mercenary's units "enter the game as the major power's own
    reinforcements" (20.6), where the major power builds its own."""
    s, b = g.s, board_of(g)
    info = s["units"][uid]
    if b.minor(minor).kind == "mercenary":
        if info["kind"] == "troop":
            return construction.troop_places(g, power, info["grade"])
        return construction.squadron_places(g, power)
    if info["kind"] == "troop":
        return [a for a in territory(s, minor) if construction.troop_fits(s, b, minor, a)]
    return construction.squadron_places(g, minor)


class MinorReinforcements(Step):
    """20.3.2 (and 20.3.4: "start with all their military units deployed"): the ally's player places the minor's
    units one at a time (``place`` [unit, area]) or stops (``done``: the rest stay available on the card; "the major
    power *can* take" them, RULINGS MP-5) — not at a deployment (``all``): 20.3.4's allies "start with all their
    military units deployed" (RULINGS PA-5). Frame: ``power``, ``minor``, ``todo`` (the units still to place),
    ``all``."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def options(self, g: Ctx) -> list[list[str]]:
        f = g.frame
        return [[u, a] for u in f["todo"] for a in places(g, f["power"], f["minor"], u)]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        places = self.options(g)
        legal = {"place": places, "done": [] if places and f.get("all") else [None]}
        return text("prompt.minor_reinforcements", minor=f["minor"], count=len(f["todo"])), {
            k: v for k, v in legal.items() if v
        }

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "place":
            return text("act.minor_place", unit=arg[0], area=arg[1])
        return text("act.minor_reinforcements_done")

    def on_place(self, g: Ctx, role: str, arg: list) -> None:
        s, f = g.s, g.frame
        uid, area = arg
        st.move_unit(s, uid, area)
        s["units"][uid].update(repair=False, galley=board_of(g).mediterranean_port(area))
        f["todo"].remove(uid)
        g.log("log.minor_unit_placed", minor=f["minor"], unit=uid, area=area, rule="minor_reinforcements")
        if not self.options(g):
            self.on_done(g, role, None)

    def on_done(self, g: Ctx, role: str, arg: Any) -> None:
        f = g.frame
        if f["todo"]:
            g.log("log.minor_units_kept", minor=f["minor"], count=len(f["todo"]), rule="minor_reinforcements")
        g.end(None)


def call_reinforcements(g: Ctx, power: str, minor: str, goto: bool = False, only_available: bool = False) -> bool:
    """Take the minor's units off the map and have the ally place them (20.3.2; ``only_available``: those on its
    card, at a deployment, all of them while a place is left, 20.3.4); False if there is none."""
    s = g.s
    todo = reinforcements(g, minor)
    if only_available:
        todo = [u for u in todo if s["units"][u]["loc"] == "available"]
    for uid in todo:
        if s["units"][uid]["loc"] != "available":
            st.move_unit(s, uid, "available")
    if not any(places(g, power, minor, u) for u in todo):
        if todo:
            g.log("log.minor_units_kept", minor=minor, count=len(todo), rule="minor_reinforcements")
        return False
    local = {"power": power, "minor": minor, "todo": todo, **({"all": True} if only_available else {})}
    if goto:
        g.goto("minor_reinforcements", **local)
    else:
        g.call("minor_reinforcements", **local)
    return True


# ----- 20.3 alliance, 20.4.1 neutrality ----------------------------------------------------------------------------
def ally(g: Ctx, minor: str, power: str, how: str) -> None:
    """The minor allies with ``power`` (``how``: card, peace or event — its log), as a call; 20.3.4's allies at a
    scenario's start are set by ``deployment.prepare`` and placed by ``deploy_allies``."""
    g.call("minor_alliance", minor=minor, power=power, how=how)


def neutral(g: Ctx, minor: str) -> None:
    g.call("minor_neutral", minor=minor)


def neutral_allies(g: Ctx, power: str) -> bool:
    """23.3 "Any allied minor power becomes neutral", 21.6 "Any allied minor powers are now neutral": as 20.4.1
    says (``minor_neutral``), one minor at a time — called for the first minor still allied with ``power``; True
    if one was (the caller names ``minor_neutral`` in its ``goes_to`` and asks again when it resumes)."""
    for minor in allied_minors(g.s, power):
        neutral(g, minor)
        return True
    return False


def turn_over(g: Ctx) -> bool:
    """23 "All wars and alliances are terminated": an alliance with a minor made "until the end of the turn" (the
    Imperial election, RULINGS IV-3) ends, the minor neutral (20.4.1); True if one does (a call)."""
    for minor, info in g.s["minors"].items():
        if info.get("until_turn_end"):
            neutral(g, minor)
            return True
    return False


def rebuild_fortresses(g: Ctx, minor: str) -> None:
    """20.3.2: "The minor power's fortresses appearing in his card are reconstructed immediately if they were
    destroyed" — in its controlled areas only (20.4.2)."""
    s = g.s
    for area in board_of(g).minor(minor).units.fortresses:
        info = s["areas"].get(area)
        if info and info["owner"] == minor and info["control"] == minor and not info["fortress"]:
            info["fortress"] = {"power": minor, "built": True, "since": s["impulse"]["n"]}
            g.log("log.minor_fortress_rebuilt", minor=minor, area=area, rule="minor_reinforcements")


class MinorAlliance(Step):
    """20.3.1-20.3.4: the alliance is made; the new ally's control markers in the minor's areas are removed ("the
    minor power's areas now count as belonging to the new ally", 20.4.2); the card's destroyed fortresses are
    rebuilt (20.3.2); then the other major powers' units go home (``minor_repatriations``) and the reinforcements
    are placed. Frame: ``minor``, ``power``, ``how``."""

    goes_to = ("minor_repatriations",)

    def auto(self, g: Ctx) -> None:
        s, f = g.s, g.frame
        minor, power = f["minor"], f["power"]
        former = s["minors"][minor]["ally"]
        s["minors"][minor]["ally"] = power
        if former != power:  # 20.5: its announcements were for the former ally's wars
            s["minors"][minor].pop("wars", None)
        if f.get("until_turn_end"):  # the Imperial election's (RULINGS IV-3); another alliance lasts
            s["minors"][minor]["until_turn_end"] = True
        else:
            s["minors"][minor].pop("until_turn_end", None)
        if former is not None and former != power:
            g.log("log.minor_alliance_ends", minor=minor, power=former, rule="minor_alliance")
        g.log(f"log.minor_allied.{f['how']}", minor=minor, power=power, rule="minor_alliance")
        for area in territory(s, minor):
            if s["areas"][area]["control"] == power:
                s["areas"][area]["control"] = minor
        rebuild_fortresses(g, minor)
        # 20.4.2: optional for the powers at war with the new ally — not for the loser of the peace that gives it
        # the minor, whose war is ending ("similar to the case of minor powers who change ally", 21.5.3; MP-12);
        # never for the former ally's fortresses, "destroyed as soon as the alliance ends" (20.2, RULINGS PA-3)
        todo = []
        for p, units in foreign_units(s, minor, power).items():
            optional = deck.at_war(s, p, power) and not (f["how"] == "peace" and p == former)
            forts = [u for u in units if u.startswith(FORTRESS)] if optional and p == former else []
            if forts:
                todo.append([p, forts, False])
            rest = [u for u in units if u not in forts]
            if rest:
                todo.append([p, rest, optional])
        g.goto("minor_repatriations", minor=minor, power=power, todo=todo, reinforce=True)


class MinorNeutral(Step):
    """20.4.1: "the minor power's troops are removed from the board (including those eliminated) and placed as
    available for future alliances. Rebellions in the minor power's areas are eliminated" (18.3); the areas are the
    minor's again; the former ally's fortresses there are destroyed (20.2) and "any major power military units are
    repatriated if the player decides so". Frame: ``minor``."""

    goes_to = ("minor_repatriations",)

    def auto(self, g: Ctx) -> None:
        s, f = g.s, g.frame
        minor = f["minor"]
        former = s["minors"][minor]["ally"]
        s["minors"][minor] = {"ally": None}
        if former is not None:
            g.log("log.minor_alliance_ends", minor=minor, power=former, rule="minor_neutral")
        g.log("log.minor_neutral", minor=minor, rule="minor_neutral")
        for uid in sorted(u for u, info in s["units"].items() if info["power"] == minor):
            if s["units"][uid]["loc"] != "available":
                st.move_unit(s, uid, "available")
        for area in territory(s, minor):
            info = s["areas"][area]
            if info["marker"]:
                g.log("log.minor_rebellion_removed", minor=minor, area=area, rule="minor_neutral")
            info.update(control=minor, marker=None, siege=None)
        todo = []
        for p, units in foreign_units(s, minor, None).items():
            forts = [u for u in units if u.startswith(FORTRESS)]
            if p == former and forts:
                todo.append([p, forts, False])
            rest = [u for u in units if not u.startswith(FORTRESS)]
            if rest:
                todo.append([p, rest, True])
        g.goto("minor_repatriations", minor=minor, power=None, todo=todo, reinforce=False)


class MinorRepatriations(Step):
    """20.4: the major powers' units in the minor's territory go home, one power at a time (``todo``: [power,
    units, optional]; an optional one is asked first, ``minor_repatriation_choice``); then the new ally's
    reinforcements (``reinforce``)."""

    goes_to = ("minor_repatriation_choice", "repatriation", "minor_reinforcements")

    def auto(self, g: Ctx) -> None:
        s, f = g.s, g.frame
        while f["todo"]:
            power, units, optional = f["todo"].pop(0)
            units = [
                u for u in units if u.startswith(FORTRESS) or s["units"].get(u, {}).get("loc", "").startswith(st.AREA)
            ]
            if not units or power not in s["powers"]:
                continue
            if optional:
                f["asked"] = [power, units]
                g.call("minor_repatriation_choice", power=power, minor=f["minor"], count=len(units))
                return
            self.repatriate(g, power, units)
            return
        if f["reinforce"] and call_reinforcements(g, f["power"], f["minor"], goto=True):
            return
        g.end(None)

    def repatriate(self, g: Ctx, power: str, units: list[str]) -> None:
        g.log(
            "log.minor_repatriation", power=power, minor=g.frame["minor"], count=len(units), rule="minor_repatriation"
        )
        repatriation_flow.repatriate(g, power, units)

    def resume(self, g: Ctx, result: Any) -> None:
        asked = g.frame.pop("asked", None)
        if asked and result:
            self.repatriate(g, *asked)


class MinorRepatriationChoice(Step):
    """20.4.2 / 20.4.1: the player of ``power`` chooses whether its ``count`` units in the minor's territory are
    repatriated (``repatriate``) or stay (``stay``: "non-repatriated units at war maintain possible control of the
    areas they occupy")."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        return text("prompt.minor_repatriation", power=f["power"], minor=f["minor"], count=f["count"]), {
            "repatriate": [None],
            "stay": [None],
        }

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.minor_{verb}")

    def on_repatriate(self, g: Ctx, role: str, arg: Any) -> None:
        g.end(True)

    def on_stay(self, g: Ctx, role: str, arg: Any) -> None:
        g.log("log.minor_units_stay", power=g.frame["power"], minor=g.frame["minor"], rule="minor_repatriation")
        g.end(False)


STEPS = {
    "minor_alliance": MinorAlliance(),
    "minor_neutral": MinorNeutral(),
    "minor_repatriations": MinorRepatriations(),
    "minor_repatriation_choice": MinorRepatriationChoice(),
    "minor_reinforcements": MinorReinforcements(),
}
