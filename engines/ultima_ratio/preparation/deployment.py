"""Ultima Ratio Regis — 7.2 Preparation of the game board and 24. Deployment of a major power.

``prepare`` builds the state of a scenario from its set-up data (ENGINE.md › State model): the active areas with
their possessor, controller, independent / revolt markers and fortresses, every counter of the powers' and
minors' cards, the trade-center capacities, the naval operation distance. ``Deploy`` is the decision step of 24.:
the power spends its points on troops, squadrons and fortresses (built at once, 2 points), leaders (drawn and
built "in the usual way", 17.2-17.3), merchants (straight into the trade centers) or lowering unrest; after a
dynastic change it first places its R3 revolts (23.3), the step ``deploy_revolts`` before it. Every player deploys
at once (7.2 ¶2).
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.actions import construction
from engines.ultima_ratio.board import Board, board_of
from engines.ultima_ratio.diplomacy import minor_powers, minor_status
from engines.ultima_ratio.economy import commerce, unrest
from engines.ultima_ratio.end_of_turn import turn_end
from engines.ultima_ratio.leaders import leader_flow
from engines.ultima_ratio.world_items import Deployment

COSTS = {
    "build_troop": 1,
    "build_squadron": 2,
    "build_fortress": 2,
    "build_leader": 1,  # 24. (l. 1875): "Leaders can be built in the usual way" (9.6: one action)
    "build_merchant": 1,
    "lower_unrest": 1,
}


def add_card_units(s: dict, board: Board, power: str) -> None:
    """24.: the troops and squadrons the power card marks as available (9.1, 9.2)."""
    card = board.power(power)
    n = 0
    for grade, count in (("2-3", card.troops.q2_3), ("3-4", card.troops.q3_4)):
        for _ in range(count):
            n += 1
            st.new_unit(s, f"{power}-troop-{n}", power, "troop", grade)
    n = 0
    for grade, count in (("E2", card.squadrons.e2), ("E3", card.squadrons.e3)):
        for _ in range(count):
            n += 1
            st.new_unit(s, f"{power}-squadron-{n}", power, "squadron", grade)


def add_power(s: dict, board: Board, row: Deployment, seat: str) -> None:
    """24.: the power's unrest "at the level of its vitality" (or the row's), its interest of the turn, the troops
    and squadrons of its card, its home areas and domains marked ("any rebellions in these areas are eliminated"),
    and its initial points to spend (``to_deploy``, the ``deploy`` step at the turn's start)."""
    card = board.power(row.power)
    s["powers"][row.power] = {
        "seat": seat,
        "unrest": row.initial_unrest or card.vitality,
        "interest": list(row.interest or card.interest(s["turn"])),
        "interest_areas": [],
        "to_deploy": {"points": row.points or 0, "revolts": 0},
    }
    add_card_units(s, board, row.power)
    add_holdings(s, row)


def add_holdings(s: dict, row: Deployment) -> None:
    """24.: the home areas and domains of a deployment row, in play, marked with the power's control."""
    for area in (*row.home_areas, *row.domains):
        if area in s["areas"]:
            s["areas"][area].update(owner=row.power, control=row.power, marker=None)


def prepare(
    g: Ctx,
    board: Board,
    scenario_id: str,
    active_areas: set[str],
    markers: dict[str, str],
    naval_distance: dict[str, int],
    free_attacks: list[list[str]],
    rows: list[Deployment] | None = None,
) -> None:
    """7.2: the turn marker, the markers of the scenario, the powers of its seats (24.: unrest at vitality or the
    deployment row's initial unrest, home areas and domains; ``rows``: the deployment of the turn the scenario
    refers to, else its own), the minors whose areas are active, the rows' allies (minor and major powers)."""
    s = g.s
    scenario = board.world.scenario(scenario_id)
    players = g.s["options"].get("players") or scenario.players[0]
    table = next(t for t in scenario.seat_tables if t.players == players)
    s.update(
        scenario=scenario_id,
        section=scenario.section,
        turn=scenario.turns.first,
        first_turn=scenario.turns.first,
        last_turn=scenario.turns.last,
        seats={},
        powers={},
        minors={},
        areas={},
        units={},
        leaders={},
        leader_pool=list(board.leaders.pool_ids()),
        merchants={},
        merchants_prepared={},
        casus_belli=[],
        wars=[],
        forced_peace=[],
        alliances=[],
        free_attacks=free_attacks,
        scored_areas=[],
        naval_distance=dict(naval_distance),
        mediterranean_open=False,
        # 8.1.4: a scenario played with cards deals its deck each turn (9.1 "is played without cards", l. 1920)
        cards={"deck": [], "hands": {}, "discard": [], **({"in_play": True} if scenario.played_with_cards else {})},
        impulse={"n": 0, "seat": None, "number": 0, "actions": {}, "start_locs": {}},
        capacity={
            tc.id: board.map.trade_capacity(tc.id, scenario.turns.first, scenario.section)
            for tc in board.map.trade_centers
        },
    )
    rows = scenario.deployment if rows is None else rows
    deployed = {row.power for row in rows}
    for seat in table.seats:
        # group n laid out at player<n> (the auction of 7.1.1 then gives each group to the player who chose it);
        # 8.1.2: the powers that enter later join their group's seat then
        role = f"player{seat.seat}"
        s["seats"][role] = {
            "powers": [p for p in seat.powers if p in deployed],
            "vp": seat.starting_vp,
            "order": seat.seat,
            "group": seat.seat,
            "vp_per_turn": seat.vp_per_turn or 0,
        }
        s["cards"]["hands"][role] = []
    s["seat_order"] = sorted(s["seats"], key=lambda k: s["seats"][k]["order"])
    for area in sorted(active_areas):
        s["areas"][area] = {
            "owner": None,
            "control": None,
            "marker": markers.get(area),
            "fortress": None,
            "siege": None,
            "interrupted": False,
        }
    for row in rows:
        add_power(s, board, row, next(k for k, v in s["seats"].items() if row.power in v["powers"]))
    allies = {m for row in rows for m in row.allies}
    for minor in board.world.minors:
        # a mercenary minor, without home territory (20.6), is in play as an ally, or when its card is played
        here = any(a in s["areas"] for a in minor.areas) or (minor.kind == "mercenary" and minor.id in allies)
        if minor.in_play.covers(scenario.turns.first) and here:
            minor_powers.enter_play(s, minor)
    for row in rows:  # 20.3.4: "there are powers that start with allies"
        for ally in row.allies:
            if row.power not in s["powers"]:
                continue
            if ally in s["minors"]:
                s["minors"][ally]["ally"] = row.power
            elif ally in s["powers"] and not st.allied(s, row.power, ally):
                # 24. (l. 1871): "If the scenario states that the major power is allied with another, one marker of
                # each major power is located in the corresponding track" — an alliance of 21.1 (RULINGS PA-1)
                s["alliances"].append(sorted((row.power, ally)))
    s["seas_active"] = sorted({x for a in s["areas"] for x in board.areas[a].seas})


def cost(s: dict, power: str, action: str) -> int:
    """24.'s points; industrial technology: "troops and squadrons cost one point less to build (minimum 1)"."""
    cheaper = action in ("build_troop", "build_squadron") and "industrial" in s["cards"].get("technologies", {}).get(
        power, []
    )
    return max(1, COSTS[action] - cheaper)


def deploy_options(g: Ctx, power: str, points: int) -> list[str]:
    out = []
    for action in COSTS:
        if cost(g.s, power, action) > points:
            continue
        ok = {
            "build_troop": lambda: construction.troop_grades(g, power),
            "build_squadron": lambda: construction.squadron_grades(g, power),
            "build_fortress": lambda: construction.fortress_places(g, power, True),
            "build_leader": lambda: leader_flow.may_build(g, power),
            "build_merchant": lambda: commerce.merchant_centers(g.s, board_of(g), power),
            "lower_unrest": lambda: g.s["powers"][power]["unrest"] > 0,
        }[action]()
        if ok:
            out.append(action)
    return out


def deploying(s: dict, seat: str) -> str | None:
    """The seat's power now deploying, if any: the one its player switched to (``now``), else the first of its
    powers (in the order of ``s["powers"]``) whose deployment is under way (``to_deploy``: points left)."""
    powers = still_deploying(s, seat)
    return next((p for p in powers if s["powers"][p]["to_deploy"].get("now")), powers[0] if powers else None)


def still_deploying(s: dict, seat: str) -> list[str]:
    """The seat's powers whose deployment is under way, in the order of ``s["powers"]``."""
    return [p for p, info in s["powers"].items() if info["seat"] == seat and "to_deploy" in info]


class DeployRevolts(Step):
    """23.3 (l. 1859: "For every two points of vitality ... an R3 revolt is placed", RULINGS E-4): after a dynastic
    change, before the deployment (24.), the power's player places its R3 revolts one at a time in its possessions
    (``turn_end.revolt_places``). Frame: ``power``, ``revolts`` (still to place)."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        return text("prompt.place_r3", power=f["power"], count=f["revolts"]), {
            "revolt": turn_end.revolt_places(g.s, board_of(g), f["power"])
        }

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.{verb}", arg=arg)

    def on_revolt(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        g.s["areas"][arg].update(marker="R3", control=None)
        f["revolts"] -= 1
        g.log("log.revolt", area=arg, level=3, rule="dynastic_changes")
        if f["revolts"] <= 0 or not turn_end.revolt_places(g.s, board_of(g), f["power"]):
            g.end(None)


def place_revolts(g: Ctx, power: str) -> bool:
    """23.3 before 24.: the power's R3 revolts of a dynastic change (``to_deploy``'s ``revolts``), as a call
    (True) if a possession can take one; the count is the frame's from then on."""
    todo = g.s["powers"][power]["to_deploy"]
    revolts, todo["revolts"] = todo["revolts"], 0
    if revolts and turn_end.revolt_places(g.s, board_of(g), power):
        g.call("deploy_revolts", power=power, revolts=revolts)
        return True
    return False


class Deploy(Step):
    """7.2 ¶2 (l. 308: "The deployment is done simultaneously, and it ends when all players are satisfied with it")
    and 24.: every player with a power to deploy (``to_deploy``) is active at once. Each deploys his powers one at a
    time (``deploying``; ``switch`` to another of his, and back, as he likes), spending its points (``build``) until
    he is satisfied with it (``done``; then its allied minors' forces, ``deploy_allies``). The R3 revolts of a
    dynastic change are placed before (``deploy_revolts``, 23.3). A troop, squadron, fortress or merchant is placed
    by the action's own step (``deploy``: built at once, 9.2 and 24.); a leader is built as the action does (l. 1875:
    "in the usual way, so it is possible to place them on their extraordinary side"): drawn (``draw_leader``), then
    side and unit (RULINGS PA-2). While one placement's choice is open (where, which grade), the other players wait
    for it (RULINGS SA-6). Frame: ``building``, the power whose placement is open."""

    goes_to = ("build_troop", "build_squadron", "build_fortress", "draw_leader", "build_merchant", "deploy_allies")
    simultaneous = True

    def active(self, g: Ctx) -> list[str]:
        return [seat for seat in st.game_order(g.s) if deploying(g.s, seat)]

    def _power(self, g: Ctx, role: str) -> str:
        power = deploying(g.s, role)
        assert power is not None  # an active seat has a power deploying
        return power

    def prompt(self, g: Ctx, role: str):
        power = self._power(g, role)
        points = g.s["powers"][power]["to_deploy"]["points"]
        others = [p for p in still_deploying(g.s, role) if p != power]
        legal = {"build": deploy_options(g, power, points), "done": [None], "switch": others}
        return text("prompt.deploy", power=power, points=points), {k: v for k, v in legal.items() if v}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "build":
            return text(f"act.deploy.{arg}", cost=cost(g.s, self._power(g, role), arg))
        if verb == "switch":
            return text("act.deploy_switch", power=arg, points=g.s["powers"][arg]["to_deploy"]["points"])
        return text(f"act.{verb}", arg=arg)

    def on_switch(self, g: Ctx, role: str, arg: str) -> None:
        """7.2 ¶2: the player deploys his powers in the order he likes; the points of the one he leaves stay its."""
        for power in still_deploying(g.s, role):
            g.s["powers"][power]["to_deploy"].pop("now", None)
        g.s["powers"][arg]["to_deploy"]["now"] = True

    def on_build(self, g: Ctx, role: str, arg: str) -> None:
        power = self._power(g, role)
        g.s["powers"][power]["to_deploy"]["points"] -= cost(g.s, power, arg)
        if arg == "lower_unrest":
            unrest.lower_unrest(g, power)
            self._spent(g, power)
            return
        g.frame["building"] = power
        if arg == "build_leader":
            g.call("draw_leader", power=power)
            return
        g.call(arg, power=power, deploy=True)

    def on_done(self, g: Ctx, role: str, arg: Any) -> None:
        self._finish(g, self._power(g, role))

    def resume(self, g: Ctx, result: Any) -> None:
        """After a placement (its power's points all spent?) or an allied minors' deployment (the last power's?)."""
        power = g.frame.pop("building", None)
        if power is not None:
            self._spent(g, power)
        elif not self.active(g):
            g.end(None)

    def _spent(self, g: Ctx, power: str) -> None:
        if g.s["powers"][power]["to_deploy"]["points"] <= 0:
            self._finish(g, power)

    def _finish(self, g: Ctx, power: str) -> None:
        """24.: the power's deployment is over (points left are lost); its allied minors deploy their forces."""
        left = g.s["powers"][power].pop("to_deploy")["points"]
        g.log("log.deployed", power=power, left=left, rule="deployment")
        g.call("deploy_allies", power=power, minors=minor_status.allied_minors(g.s, power))


class DeployAllies(Step):
    """24. (l. 1873: "The minor power's forces are also deployed according to rules (see 20.3.2)"; 20.3.4: allies
    at the scenario's start "start with all their military units deployed"): each allied minor's units still on
    its card are placed as reinforcements, one minor after another (``minors``)."""

    goes_to = ("minor_reinforcements",)

    def auto(self, g: Ctx) -> None:
        f = g.frame
        while f["minors"]:
            minor = f["minors"].pop(0)
            if minor_status.call_reinforcements(g, f["power"], minor, only_available=True):
                return
        g.end(None)


STEPS = {"deploy_revolts": DeployRevolts(), "deploy": Deploy(), "deploy_allies": DeployAllies()}
