"""Ultima Ratio Regis — 11.1.1 squadrons without base and 11.6 fleets in port: a squadron left without a base
"must move immediately" to the nearest one (the player chooses on a tie: the ``rebase`` decision) or is destroyed
with its leaders; ``check_bases`` applies it to every squadron of a power."""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board, board_of
from engines.ultima_ratio.combat import battles
from engines.ultima_ratio.movement import naval_bases


def squadrons_without_base(s: dict, board: Board, power: str) -> list[str]:
    """Squadrons at sea without a base in range, and squadrons in ports the power no longer controls."""
    units = s["units"]
    return [u for u in squadrons_on_map(s).get(power, ()) if _without_base(s, board, power, units[u])]


def parties_without_base(s: dict, board: Board, parties: list[str]) -> list[str]:
    """Those of ``parties`` (in their order) with a squadron without base (``squadrons_without_base``), each party's
    squadrons looked at until the first one without: the question asked after every action (11.1.1)."""
    units, on_map = s["units"], squadrons_on_map(s)
    return [p for p in parties if any(_without_base(s, board, p, units[u]) for u in on_map.get(p, ()))]


def _without_base(s: dict, board: Board, power: str, info: dict) -> bool:
    """A squadron of the power on the map (at sea or in a port, ``squadrons_on_map``) has no base: at sea, none in
    range (``naval_bases.has_base``); in a port, one the power no longer controls."""
    loc = info["loc"]
    if loc.startswith(st.SEA):
        return not naval_bases.has_base(s, board, power, loc, info["galley"])
    return not st.controls(s, power, loc)


def squadrons_on_map(s: dict) -> dict[str, list[str]]:
    """Every squadron at sea or in a port by its power, in the order of ``s["units"]``: one pass over the counters
    (once per reading of the state), where every power's squadrons are asked after each action (11.1.1)."""

    def scan() -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for u, info in s["units"].items():
            if info["kind"] == "squadron" and (info["loc"].startswith(st.SEA) or info["loc"].startswith(st.AREA)):
                out.setdefault(info["power"], []).append(u)
        return out

    found: dict[str, list[str]] = st.remembered(s, ("squadrons_on_map",), scan)
    return found


def send_to_base(g: Ctx, uid: str, port: str | None, repair: bool | None = None) -> None:
    """A squadron goes to a port (keeping its status unless ``repair`` says), or is destroyed without one (with
    the leaders on it, back to the pool: ``battles.eliminate``)."""
    if port is None:
        battles.eliminate(g, uid)
        g.log("log.squadron_lost", unit=uid, rule="without_base")
        return
    st.move_unit(g.s, uid, port)
    if repair is not None:
        g.s["units"][uid]["repair"] = repair
    g.log("log.to_base", unit=uid, area=port, repair=g.s["units"][uid]["repair"], rule="without_base")


class Rebase(Step):
    """11.1.1: the player chooses among the nearest bases of a squadron left without one."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.s["units"][g.frame["unit"]]["power"])]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.rebase", unit=g.frame["unit"]), {"area": list(g.frame["ports"])}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.area", arg=arg)

    def on_area(self, g: Ctx, role: str, arg: str) -> None:
        send_to_base(g, g.frame["unit"], arg)
        g.end(None)


def check_bases(g: Ctx, power: str) -> dict | None:
    """Apply 11.1.1 to every squadron of the power: single nearest bases at once; returns the frame locals of a
    ``rebase`` decision when a tie needs the player, else None."""
    board = board_of(g)
    for uid in squadrons_without_base(g.s, board, power):
        ports = naval_bases.nearest_bases(g.s, board, power, uid)
        if len(ports) > 1 and g.s["powers"].get(power):
            return {"unit": uid, "ports": ports}
        send_to_base(g, uid, ports[0] if ports else None)
    return None


STEPS = {"rebase": Rebase()}
