"""Ultima Ratio Regis — 21.5.3 Peace conditions: "With the difference of taken morale points, the winner can consult
the table and choose the conditions that he wishes" — the reparations of war, one at a time, each an atomic choice
of a finite legal list (``offers``), applied in sight of the loser (every choice is logged to all), until the
winner stops or no condition he can afford is left. Then the war's end goes on in ``peace.py``
(``peace_restitution``).

The table (l. 1750-1762, and the row the facts file finds in the rulebook's tail, l. 2628; RULINGS P-4..P-9):

| verb argument | reparation | cost |
| --- | --- | --- |
| ``["vp", null]`` | 1 VP | 2 conditions, 1 with "military victory" against the loser on the winner's card |
| ``["break_alliance", minor]`` | break the loser's alliance with a minor of a theater of the winner's interest | 1 (+1 independent) |
| ``["ally_minor", minor]`` | the same, and the minor allies with the winner | 2 (+1 independent) |
| ``["cede_conquered", area]`` | cede a conquered domain (the winner controls it) | 1 |
| ``["cede_border", area]`` | cede a non conquered domain that started the war as a border area | 2 |
| ``["eliminate_merchant", center]`` | eliminate a merchant of the loser where the winner has merchants | 2 |
| ``["exchange_merchant", center]`` | change a merchant of the loser for one of the winner | 3 |
| ``["unrest", null]`` | the winner's unrest −1, the loser's +1 | 1 |
| ``["loot_port", area]`` | loot a commercial port of the loser (trade interrupted marker) | 1 |
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.diplomacy import minor_status, war
from engines.ultima_ratio.economy.unrest import change_unrest

MAX_MERCHANTS = 2  # 19.2.2: a power has at most 2 merchants in a center


def military_victory(board, winner: str, loser: str) -> bool:
    """21.5.3 (l. 1744): "The condition of 1 VP for 1 condition (instead of 1 VP for every 2) is chosen if it is
    included in the winning major power card" — an objective ``military_victory`` against the loser."""
    return any(o.kind == "military_victory" and o.against == loser for o in board.power(winner).objectives)


def in_interest(s: dict, board, power: str, area: str) -> bool:
    """The area's theater is one of the power's interest (or a scenario opened the area to it): a ceded domain
    must be one the winner may hold after the war (18.5: border areas outside the interest are returned; RULINGS
    P-6)."""
    info = s["powers"][power]
    return board.areas[area].theater in info["interest"] or area in info["interest_areas"]


def border_domains(s: dict, board, pair: list[str], loser: str) -> list[str]:
    """The loser's domains that were border areas (18.5) when the war started (the war's record; a war without one
    reads the possessions now, RULINGS P-8)."""
    kept = war.war_record(s, pair)["border_domains"]
    if kept is not None and loser in kept:
        return list(kept[loser])
    home = board.power(loser).home_areas
    return [a for a in st.possessions(s, loser) if a not in home and board.areas[a].border_area]


def offers(g: Ctx, winner: str, loser: str, left: int, pair: list[str]) -> list[tuple[list, int]]:
    """Every reparation the winner may still choose with ``left`` conditions: ([kind, target], cost)."""
    s, board = g.s, board_of(g)
    out: list[tuple[list, int]] = [(["vp", None], 1 if military_victory(board, winner, loser) else 2)]
    winner_theaters = s["powers"][winner]["interest"]
    for minor in sorted(s["minors"]):
        card = board.minor(minor)
        if s["minors"][minor]["ally"] != loser or card.theater not in winner_theaters:
            continue
        extra = 1 if card.kind == "independent" else 0
        out += [(["break_alliance", minor], 1 + extra), (["ally_minor", minor], 2 + extra)]
    home = board.power(loser).home_areas
    for area in sorted(st.possessions(s, loser)):
        if area in home or not in_interest(s, board, winner, area):
            continue
        if s["areas"][area]["control"] == winner:
            out.append((["cede_conquered", area], 1))
    for area in sorted(border_domains(s, board, pair, loser)):
        info = s["areas"].get(area)
        if info and info["owner"] == loser and info["control"] == loser and in_interest(s, board, winner, area):
            out.append((["cede_border", area], 2))
    for center in sorted(s["merchants"]):
        present = s["merchants"][center]
        if not present.get(loser):
            continue
        if present.get(winner) or s["merchants_prepared"].get(center, {}).get(winner):
            out.append((["eliminate_merchant", center], 2))
        if present.get(winner, 0) < MAX_MERCHANTS:
            out.append((["exchange_merchant", center], 3))
    out.append((["unrest", None], 1))
    for area in sorted(st.possessions(s, loser)):
        info = s["areas"][area]
        if board.areas[area].commercial_port and not info["interrupted"]:
            out.append((["loot_port", area], 1))
    return [(arg, cost) for arg, cost in out if cost <= left]


def cost_of(g: Ctx, f: dict, arg: list) -> int:
    return next(cost for offer, cost in offers(g, f["winner"], f["loser"], f["left"], f["pair"]) if offer == arg)


def apply_condition(g: Ctx, winner: str, loser: str, arg: list) -> None:
    """One reparation of war applied (21.5.3), logged to all: "the loser sees what is chosen"."""
    s = g.s
    kind, target = arg
    if kind == "vp":
        seat = st.seat_of(s, winner)
        s["seats"][seat]["vp"] += 1  # "these gained VPs are not lost by the losing major power"
        g.log("log.vp", seat=seat, amount=1, vp=s["seats"][seat]["vp"], reason="peace", rule="peace_conditions")
    elif kind in ("cede_conquered", "cede_border"):
        s["areas"][target].update(owner=winner, control=winner, siege=None)
        if "border_controls" in s:  # 18.5: a ceded area is no longer returned at the war's end
            s["border_controls"] = [b for b in s["border_controls"] if b[0] != target]
    elif kind in ("eliminate_merchant", "exchange_merchant"):
        present = s["merchants"][target]
        present[loser] -= 1
        if kind == "exchange_merchant":
            present[winner] = present.get(winner, 0) + 1
    elif kind == "unrest":
        change_unrest(g, winner, -1, "peace")
        change_unrest(g, loser, 1, "peace")
    elif kind == "loot_port":
        s["areas"][target]["interrupted"] = True
    g.log(f"log.peace_condition.{kind}", winner=winner, loser=loser, target=target, rule="peace_conditions")


class PeaceConditions(Step):
    """21.5.3: the winner chooses the reparations one at a time (``condition`` [kind, target], ``offers``) or stops
    (``done``); when none he can afford is left, the peace goes on. Frame: ``pair``, ``winner``, ``loser``, ``left``
    (the conditions still to spend), ``chosen`` (the reparations so far), and the negotiation's locals."""

    goes_to = ("peace_restitution", "minor_alliance", "minor_neutral")

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["winner"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        legal: dict[str, list] = {"condition": [a for a, _ in offers(g, f["winner"], f["loser"], f["left"], f["pair"])]}
        legal["done"] = [None]
        return text("prompt.peace_conditions", winner=f["winner"], loser=f["loser"], left=f["left"]), legal

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "condition":
            return text(f"act.peace_condition.{arg[0]}", target=arg[1], cost=cost_of(g, g.frame, arg))
        return text("act.peace_conditions_done")

    def on_condition(self, g: Ctx, role: str, arg: list) -> None:
        f = g.frame
        f["left"] -= cost_of(g, f, arg)
        f.setdefault("chosen", []).append(arg)
        apply_condition(g, f["winner"], f["loser"], arg)
        if arg[0] == "ally_minor":  # 20.3.4: "treated in the same way as those obtained by alliance card"
            minor_status.ally(g, arg[1], f["winner"], "peace")
        elif arg[0] == "break_alliance":  # 20.4.1: "or as a condition of peace"
            minor_status.neutral(g, arg[1])
        else:
            self.resume(g, None)

    def resume(self, g: Ctx, result: Any) -> None:
        f = g.frame
        if not offers(g, f["winner"], f["loser"], f["left"], f["pair"]):
            self.on_done(g, "", None)

    def on_done(self, g: Ctx, role: str, arg: Any) -> None:
        f = g.frame
        g.goto("peace_restitution", **{k: v for k, v in f.items() if k != "step"})


STEPS = {"peace_conditions": PeaceConditions()}
