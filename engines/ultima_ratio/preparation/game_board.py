"""Ultima Ratio Regis — 7.2 Preparation of the game board, as the playbook's scenarios state it.

A scenario of Playbook 9 names its theaters and, with "Deployment: see turn N" (``deployment_from``), takes the
deployment, markers, inactive parts of the map, naval operation distance and merchants of the turn it starts in
(Playbook 10); its own statements come on top. ``set_up_from_playbook`` builds the state of such a scenario through
``deployment.prepare``. 9.1 (the solitaire) has set-up rules of its own (``scenarios/rise_of_portugal.py``).
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio.board import Board
from engines.ultima_ratio.diplomacy import religion
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
            out.update({a: f"{letter}{marker.level}" for a in marker.placed_in(board.map.areas) if a in areas})
    return out


def set_up_from_playbook(g: Ctx, board: Board, scenario_id: str) -> None:
    """7.2 and 24 for a scenario of the playbook: the active map, its markers, the powers of the seat table for
    the table's number of players with their deployment, the special rules' possession changes and alliances
    between major powers (21.1, RULINGS AL-3), the religions (Turn 1's Protestants Catholic, RULINGS RE-1), the merchants
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
                elif effect.op == "religion" and effect.power and effect.religion:  # Turn 1, l. 2179 (RULINGS RE-1)
                    religion.set_religion(s, board, effect.power, effect.religion)
                elif effect.op == "alliance" and effect.power in s["powers"] and effect.with_ in s["powers"]:
                    pair = sorted((str(effect.power), str(effect.with_)))  # 21.1 "allied until war breaks out"
                    s["alliances"].append(pair)
                    s.setdefault("lasting_alliances", []).append(pair)
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
