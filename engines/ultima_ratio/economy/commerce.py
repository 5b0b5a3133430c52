"""Ultima Ratio Regis — 19.2 Commerce: trade centers, merchants placed in two steps (the build merchant action,
19.2.2), capacities, commercial competition (19.2.4), income and VP from trade; the accounting of the economic phase of the
end of turn (23.1.1) lives here too, since it is made of the same numbers."""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board, board_of
from engines.ultima_ratio.economy import unrest
from engines.ultima_ratio.map import TradeCenter

MAX_PER_CENTER = 2  # 19.2.2: "At the most, each major power may have 2 merchants in each trade center"


# ----- 19.2.1 Trade centers ------------------------------------------------------------------------------------------
def center_areas(s: dict, board: Board, center: str) -> list[str]:
    """The active areas a trade center includes: the commercial ports adjacent to its seas, the areas of its
    theaters (Africa, Asia) and, on the mini-maps, the areas with a fortress (19.2.4)."""
    tc = board.map.trade_center(center)
    return [area for area in s["areas"] if _in_center(s, board, tc, area)]


def in_center(s: dict, board: Board, center: str, area: str) -> bool:
    """Whether the active ``area`` is one of the trade center's (``center_areas``)."""
    return _in_center(s, board, board.map.trade_center(center), area)


def _in_center(s: dict, board: Board, tc: TradeCenter, area: str) -> bool:
    info = board.areas[area]
    if info.theater in tc.theaters:
        return True
    fort = s["areas"][area]["fortress"]
    return bool(set(info.seas) & set(tc.seas)) and bool(
        info.commercial_port or (not st.on_main_map(board, area) and fort and fort["built"])
    )


def coastal_areas_in(s: dict, board: Board, center: str, power: str, possessions: list[str] | None = None) -> list[str]:
    """The power's possessions in coastal areas of the center (19.2.2, 19.2.4): on its seas, or in its theaters
    (``possessions``: the power's, when the caller has them already)."""
    tc = board.map.trade_center(center)
    return [
        a
        for a in (st.possessions(s, power) if possessions is None else possessions)
        if set(board.areas[a].seas) & set(tc.seas)
        or (board.areas[a].theater in tc.theaters and (board.areas[a].seas or tc.river_trade))
    ]


def commercial_ports_held(s: dict, board: Board, center: str, power: str, areas: list[str] | None = None) -> int:
    """Commercial ports of the center the power possesses, without the trade-interrupted marker (19.2.4);
    ``areas``: the center's (``center_areas``), when the caller has them already."""
    return sum(
        1
        for a in (center_areas(s, board, center) if areas is None else areas)
        if s["areas"][a]["owner"] == power and not s["areas"][a]["interrupted"]
    )


def merchants(s: dict, center: str, power: str) -> int:
    return s["merchants"].get(center, {}).get(power, 0)


def prepared(s: dict, center: str, power: str) -> int:
    return s["merchants_prepared"].get(center, {}).get(power, 0)


def active_theaters(s: dict, board: Board) -> frozenset[str]:
    """The theaters with an area in play (7.2), once per reading of the state."""
    found: frozenset[str] = st.remembered(
        s, ("active_theaters",), lambda: frozenset(board.areas[a].theater for a in s["areas"])
    )
    return found


def interest_in_center(s: dict, board: Board, power: str, center: str) -> bool:
    """18.4.1 (l. 1308): without interest in a theater a power "cannot place merchants in maritime trade centers
    connected with these theaters (unless the trade center also includes an area of a theater where the major power
    does have interest)": the center must include an area of a theater of its interest. Its own possessions, the
    areas a scenario opens to it and the border areas it may use (18.5) are areas, not theaters: they do not count
    (RULINGS 22). The center's areas are those of its theaters and ports on its seas (``in_center``): only they are
    asked."""
    interest = s["powers"][power]["interest"]
    tc = board.map.trade_center(center)
    shared = [t for t in tc.theaters if t in interest]
    if shared and any(t in active_theaters(s, board) for t in shared):
        return True
    coast = sorted({a for x in tc.seas for a in board.sea_ports.get(x, ())})
    return any(a in s["areas"] and board.areas[a].theater in interest and in_center(s, board, center, a) for a in coast)


def merchant_centers(s: dict, board: Board, power: str, first: bool = False) -> list[str]:
    """19.2.2: the centers where the power may build a merchant: it possesses a coastal area adjacent to the
    center's sea (or an area of its theaters, ``coastal_areas_in``), has interest in a theater the center includes
    (18.4.1, ``interest_in_center``), and has fewer than 2 merchants there and in its preparation."""
    out = []
    seas: set[str] = set()
    theaters: set[str] = set()
    coastal_theaters: set[str] = set()
    for a in st.possessions(s, power):
        area = board.areas[a]
        theaters.add(area.theater)
        if area.seas:
            seas.update(area.seas)
            coastal_theaters.add(area.theater)
    for tc in board.map.trade_centers:
        if merchants(s, tc.id, power) + prepared(s, tc.id, power) >= MAX_PER_CENTER:
            continue
        if not (
            seas.intersection(tc.seas)
            or coastal_theaters.intersection(tc.theaters)
            or (tc.river_trade and theaters.intersection(tc.theaters))
        ):
            continue  # no possession in a coastal area of the center
        if interest_in_center(s, board, power, tc.id):
            out.append(tc.id)
            if first:  # whether there is one
                break
    return out


def build_merchant(g: Ctx, power: str, center: str, direct: bool) -> None:
    """19.2.2: the merchant is prepared in the dispersion area of the center's theater; at a power's first
    deployment it goes straight into the center (24.)."""
    bucket = "merchants" if direct else "merchants_prepared"
    g.s[bucket].setdefault(center, {})
    g.s[bucket][center][power] = g.s[bucket][center].get(power, 0) + 1
    if direct:
        enter_merchant(g, power, center, 0)
    g.log("log.merchant_built", power=power, center=center, direct=direct, rule="merchants")


def enter_merchant(g: Ctx, power: str, center: str, count: int) -> None:
    """8.1.3 / 19.2.2: ``count`` prepared merchants enter the center; the powers already present gain a Casus
    Belli against the power that enters (21.3.2), not at the start of the game (24.), nor one allied with it or in
    forced peace with it (21.1 ¶3: "they cannot perform actions resulting in a CB", RULINGS A2-4)."""
    s = g.s
    if count:
        s["merchants"].setdefault(center, {})
        s["merchants"][center][power] = s["merchants"][center].get(power, 0) + count
        g.log("log.merchant_enters", power=power, center=center, count=count, rule="merchants")
    if s["turn"] == s["first_turn"] and s["impulse"]["n"] == 0:
        return
    for other, n in s["merchants"].get(center, {}).items():
        if other != power and n and [other, power] not in s["casus_belli"] and not st.in_forced_peace(s, other, power):
            s["casus_belli"].append([other, power])
            g.log("log.commerce_cb", power=other, against=power, center=center, rule="merchants")


def capacity(s: dict, board: Board, center: str) -> int:
    return s["capacity"][center]


# ----- 19.2.4 Merchant surplus adjustment ----------------------------------------------------------------------------
def fixed(s: dict, center: str, power: str) -> bool:
    """A merchant a scenario placed that "can not be removed" (Turn 1, l. 2167: the Danish and Dutch merchants of the
    North Sea, until their powers are activated): it fills its center but commercial competition passes it by."""
    return [center, power] in s.get("fixed_merchants", [])


def commercial_competition(g: Ctx) -> None:
    """19.2.4, at the end of the turn, in every center holding more merchants than its capacity; a fixed merchant
    (``fixed``) counts against the capacity and is never the one removed."""
    s, board = g.s, board_of(g)
    for center, present in s["merchants"].items():
        excess = sum(present.values()) - capacity(s, board, center)
        if excess <= 0:
            continue
        for power in sorted(present):
            if fixed(s, center, power):
                continue
            if present[power] and not coastal_areas_in(s, board, center, power) and excess > 0:
                cut = present[power]  # the whole counter (1 or 2 merchants) is eliminated
                present[power] = 0
                excess -= cut
                g.log("log.competition", power=power, center=center, count=cut, rule="merchant_surplus")
        for power in sorted(present):
            if excess > 0 and present[power] == 2 and len(coastal_areas_in(s, board, center, power)) == 1:
                present[power] = 1
                excess -= 1
                g.log("log.competition", power=power, center=center, count=1, rule="merchant_surplus")
        areas = center_areas(s, board, center)  # the competition moves merchants, not the center's areas
        for _ in range(2):
            order = sorted(
                (p for p, n in present.items() if n and not fixed(s, center, p)),
                key=lambda p: (
                    commercial_ports_held(s, board, center, p, areas),
                    board.power(p).vitality,
                    -s["seats"][s["powers"][p]["seat"]]["order"],
                ),
            )
            for power in order:
                if excess <= 0:
                    break
                present[power] -= 1
                excess -= 1
                g.log("log.competition", power=power, center=center, count=1, rule="merchant_surplus")
        for power in [p for p, n in present.items() if n == 0]:
            del present[power]


# ----- 23.1.1 Accounting of income and maintenance -------------------------------------------------------------------
def income(s: dict, board: Board, power: str) -> int:
    """The card's maintenance number, 2 per center with one merchant and 3 with two, and 1 per non-home key area
    the power controls (allied minors' key areas do not count)."""
    total = board.power(power).base_maintenance
    for present in s["merchants"].values():
        total += {0: 0, 1: 2, 2: 3}[present.get(power, 0)]
    home = set(board.power(power).home_areas)
    total += sum(
        1 for a, info in s["areas"].items() if info["control"] == power and board.areas[a].key_area and a not in home
    )
    return total


def expenses(s: dict, board: Board, power: str) -> int:
    """Each troop, leader or fortress 1 (dispersed and destroyed troops, fortresses under construction too), each
    squadron 2 (in repair or destroyed too; RULINGS.md › 23.1.1), each rebellion in own territory 1."""
    total = 0
    for info in s["units"].values():
        if info["power"] != power or info["loc"] == "available":
            continue
        total += 2 if info["kind"] == "squadron" else 1
    total += sum(1 for leader in s["leaders"].values() if leader["power"] == power)
    for info in s["areas"].values():
        if info["fortress"] and info["fortress"]["power"] == power:
            total += 1
        if info["owner"] == power and info["marker"] in ("R2", "R3"):
            total += 1
    return total


def economic_phase(g: Ctx, power: str) -> None:
    """23.1.1: the difference between income and expenses is taken from unrest (or added to it)."""
    s, board = g.s, board_of(g)
    gain, cost = income(s, board, power), expenses(s, board, power)
    g.log("log.accounts", power=power, income=gain, expenses=cost, rule="income_and_maintenance")
    unrest.change_unrest(g, power, cost - gain, "accounts")


def trade_vp(s: dict, power: str) -> int:
    """19.2.5 / 22: two merchants of a power in a center (a commercial monopoly) give 1 VP."""
    return sum(1 for present in s["merchants"].values() if present.get(power, 0) == 2)


class BuildMerchant(Step):
    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.merchant"), {"center": merchant_centers(g.s, board_of(g), g.frame["power"])}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.center", arg=arg)

    def on_center(self, g: Ctx, role: str, arg: str) -> None:
        power = g.frame["power"]
        build_merchant(g, power, arg, direct=g.frame["deploy"])
        g.end("done")


STEPS = {"build_merchant": BuildMerchant()}
