"""Ultima Ratio Regis — 7.2 Preparation of the game board, as the playbook's scenarios state it.

A scenario of Playbook 9 names its theaters and, with "Deployment: see turn N" (``deployment_from``), takes the
deployment, markers, inactive parts of the map, naval operation distance and merchants of the turn it starts in
(Playbook 10); its own statements come on top. ``set_up_from_playbook`` builds the state of such a scenario through
``deployment.prepare``. 9.1 (the solitaire) has set-up rules of its own (``scenarios/rise_of_portugal.py``).
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio.board import Board, board_of
from engines.ultima_ratio.diplomacy import minor_powers
from engines.ultima_ratio.preparation import deployment
from engines.ultima_ratio.world_items import Scenario, Setup


def starting_setup(board: Board, scenario: Scenario) -> Setup:
    """The set-up a scenario starts from: its own, or that of the turn its deployment refers to."""
    return board.world.setup(scenario.deployment_from) if scenario.deployment_from else scenario


def setups(board: Board, scenario: Scenario) -> tuple[Setup, ...]:
    """The set-ups that make the scenario's board, in order: the turn its deployment refers to (if any), then its
    own statements."""
    start = starting_setup(board, scenario)
    return (scenario,) if start is scenario else (start, scenario)


def active_areas(board: Board, scenario: Scenario) -> set[str]:
    """7.2: the areas of the scenario's theaters, without the theaters, provinces and areas its set-up makes
    inactive ("players cannot interact with them in any way"), but with the areas it names active inside them."""
    return {a.id for a in board.map.areas if a.theater in scenario.theaters and not out_of_play(board, scenario, a.id)}


def out_of_play(board: Board, scenario: Scenario, area: str) -> bool:
    """An area some set-up of the scenario (its own or its starting turn's) makes inactive and none makes active."""
    made = setups(board, scenario)
    a = board.areas[area]
    inactive = any(
        a.theater in s.inactive_theaters or a.province in s.inactive_provinces or area in s.inactive_areas for s in made
    )
    return inactive and not any(area in s.active_areas for s in made)


def markers(board: Board, scenario: Scenario, areas: set[str]) -> dict[str, str]:
    """7.2: "the independent and rebellion control markers are placed where indicated in the scenario" — A2/A3
    for active independents (18.2.2), R2/R3 for rebellions (18.3), in the active areas."""
    out: dict[str, str] = {}
    for setup in setups(board, scenario):
        for marker in setup.markers:
            letter = "A" if marker.kind == "independent" else "R"
            out.update({a: f"{letter}{marker.level}" for a in marker.placed_in() if a in areas})
    return out


def set_up_from_playbook(g: Ctx, board: Board, scenario_id: str) -> None:
    """7.2 and 24 for a scenario of the playbook: the active map, its markers, the powers of the seat table for
    the table's number of players with their deployment, the special rules' possession changes, the merchants
    placed at set-up and the naval operation distance."""
    scenario = board.world.scenario(scenario_id)
    start = starting_setup(board, scenario)
    areas = active_areas(board, scenario)
    placed = markers(board, scenario, areas)
    distance = scenario.naval_operation_distance or start.naval_operation_distance or {}
    deployment.prepare(
        g,
        board,
        scenario_id,
        areas,
        placed,
        {"mediterranean": distance.get("mediterranean", 1), "elsewhere": distance.get("elsewhere", 1)},
        free_attacks=[],
        rows=list(start.deployment),
    )
    s = g.s
    for setup in setups(board, scenario):
        for rule in setup.special_rules:
            for effect in rule.effects:
                if effect.op == "possession" and effect.condition is None:
                    for area in effect.areas:
                        if area in s["areas"] and effect.power in (*s["powers"], *s["minors"]):
                            s["areas"][area].update(owner=effect.power, control=effect.power)
        for merchant in setup.merchants:
            held = s["merchants"].setdefault(merchant.trade_center, {})
            held[merchant.power] = held.get(merchant.power, 0) + 1
            if merchant.fixed:  # "can not be removed" until its power is activated (commerce.fixed)
                s.setdefault("fixed_merchants", []).append([merchant.trade_center, merchant.power])
    # the scenario's markers stand over the deployment (24. clears rebellions from a power's areas; Turn 1 then
    # puts one in Sarajevo): an independent area has no possessor, a revolt leaves its possessor without control
    for area, marker in placed.items():
        info = s["areas"][area]
        info.update(marker=marker, control=None, owner=None if marker.startswith("A") else info["owner"])
    g.log("log.setup", scenario=scenario_id, rule="preparation")


def independent(s: dict, areas: list[str]) -> bool:
    """The areas are still independent (an active area with an independent marker, 18.2.2)."""
    return all(a in s["areas"] and s["areas"][a]["owner"] is None and s["areas"][a]["marker"] for a in areas)


def turn_special_rules(g: Ctx) -> None:
    """8.1.1 in a playbook scenario's later turns: the turn's special rules that change the board at its start —
    areas passing to a power or minor (``possession``; "if still independent" read), minors appearing and disappearing (20;
    ``minor_powers``) and areas becoming active or inactive within the scenario's theaters (7.2: "theaters out of play
    are out entirely"). The cards a turn removes are the deck's (``deck.removed``); religion is not played yet."""
    s = g.s
    board = board_of(g)
    if s["turn"] == s["first_turn"]:
        return  # the set-up played them
    theaters = board.world.scenario(s["scenario"]).theaters
    for rule in board.world.turn(s["turn"]).special_rules:
        for eff in rule.effects:
            cond = eff.condition
            if cond is not None and not (cond.kind == "independent" and independent(s, cond.areas)):
                continue  # the other conditions are read by the events (``cards/events.py``) or not yet
            if eff.op == "possession" and (eff.power in s["powers"] or eff.power in s["minors"]):
                for area in eff.areas:
                    if area in s["areas"]:
                        s["areas"][area].update(owner=eff.power, control=eff.power, marker=None)
                        g.log("log.event_possession", area=area, power=eff.power, rule="turn_start")
            elif eff.op == "minor_appears" and eff.minor and eff.minor not in s["minors"]:
                minor_powers.enter_play(s, board.minor(eff.minor), s["impulse"]["n"])
                g.log("log.minor_appears", minor=eff.minor, rule="minor_powers")
            elif eff.op == "minor_disappears" and eff.minor and eff.minor in s["minors"]:
                minor_powers.leave_play(g, eff.minor)
            elif eff.op in ("activate", "deactivate"):
                named = [*eff.areas, *(a for a, info in board.areas.items() if info.theater in eff.theaters)]
                areas = sorted({a for a in named if board.areas[a].theater in theaters})
                (minor_powers.activate if eff.op == "activate" else minor_powers.deactivate)(g, areas)
