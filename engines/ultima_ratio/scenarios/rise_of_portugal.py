"""Ultima Ratio Regis — Playbook 9.1 The Rise of Portugal (1490-1564): the solitaire.

Played without cards (l. 1920): 5 turns, each of 3 impulses of 2 actions (3 actions from Turn 2, l. 1941;
RULINGS.md › 9.1 actions). Only the Portuguese areas are active on the main map (l. 1923); A3 in Cape Colony,
A2 in the Portuguese areas of the mini-maps (l. 1921-1922); trade capacities Africa 1, Persian Gulf & Red Sea 1,
Indian Ocean 1, Sea of China 2, the rest 0 (l. 1924); 1 VP for each area marked Portuguese that becomes owned
(l. 1925); at the end of Turn 5, +12 VP and minus the unrest (l. 1926); the verdict: less than 15 Defeat, 15-19
Draw, 20-25 Victory, more than 25 Epic victory (l. 1947-1950). The Emirates (l. 1930-1936) are an automaton that
acts after each Portuguese impulse exactly as the list says.
"""

from __future__ import annotations

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board, board_of
from engines.ultima_ratio.end_of_turn.turn_end import add_vp
from engines.ultima_ratio.movement import naval
from engines.ultima_ratio.preparation import deployment
from engines.ultima_ratio.scenarios.base import Scenario

SCENARIO = "the-rise-of-portugal"
PORTUGAL, EMIRATES, ADEN = "power:portugal", "minor:emirates", "area:aden"
IMPULSES = 3
# RULINGS.md › 9.1 naval operation distance (OQ contradictions_and_gaps[18]): 2 everywhere.
NAVAL_DISTANCE = {"mediterranean": 2, "elsewhere": 2}
VERDICTS = ((26, "epic"), (20, "victory"), (15, "draw"), (-(10**6), "defeat"))


def portuguese_areas(board: Board) -> list[str]:
    """The areas marked on the map as Portuguese (home areas solid, domains grated)."""
    return [a.id for a in board.map.areas if a.home_of == PORTUGAL or PORTUGAL in a.domain_of]


def active_areas(board: Board) -> set[str]:
    """7.2 / l. 1923: the scenario's theaters; on the main map (with The East of the India mini-map, 13.5.7) only
    the Portuguese areas and Aden; the areas the scenario lists as inactive, and Java and Borneo, which Turn 1
    leaves out of its independents (l. 2170), are not in play (RULINGS.md › 9.1 active areas)."""
    scenario = board.world.scenario(SCENARIO)
    marked = set(portuguese_areas(board))
    out = set()
    for area in board.map.areas:
        if area.theater not in scenario.theaters or area.id in scenario.inactive_areas:
            continue
        main = area.map == "main" or area.theater == "TE"
        if main and area.id not in marked and area.id != ADEN:
            continue
        out.add(area.id)
    turn1 = board.world.turn(1).markers
    spread = next(m for m in turn1 if m.theaters)
    named = {a for m in turn1 if m is not spread for a in m.areas}
    return out - (set(spread.except_areas) - marked - named - {"area:cape-colony"})


def markers(board: Board, areas: set[str]) -> dict[str, str]:
    """l. 1921-1922 (A3 Cape Colony, A2 the Portuguese mini-map areas); the other active areas are independent
    as Turn 1 marks them (A2; A3 where Turn 1 says so) and Tangier and Mazagan A2 (RULINGS.md › 9.1)."""
    scenario = board.world.scenario(SCENARIO)
    out = dict.fromkeys(areas, "A2")
    for marker in board.world.turn(1).markers:
        if marker.kind == "independent" and marker.level == 3:
            out.update({a: "A3" for a in marker.areas if a in areas})
    for marker in scenario.markers:
        out.update({a: f"A{marker.level}" for a in marker.areas if a in areas})
    return out


def set_up(g: Ctx, board: Board, scenario_id: str) -> None:
    areas = active_areas(board)
    deployment.prepare(
        g, board, scenario_id, areas, markers(board, areas), NAVAL_DISTANCE, free_attacks=[[PORTUGAL, EMIRATES]]
    )
    s = g.s
    main = [a for a in portuguese_areas(board) if a in s["areas"] and board.areas[a].map == "main"]
    s["powers"][PORTUGAL]["interest_areas"] = main  # RULINGS.md › 18.4.1 (9.1)
    s["scored_areas"] = st.possessions(s, PORTUGAL)  # owned from the start: they do not "become owned"
    s["areas"][ADEN]["marker"] = None
    st.move_unit(s, f"{EMIRATES}-troop-1", ADEN)  # l. 1930
    st.move_unit(s, f"{EMIRATES}-squadron-1", "sea:indian-ocean")
    for area in s["areas"]:
        if s["areas"][area]["owner"] and s["areas"][area]["owner"] not in (PORTUGAL, EMIRATES):
            s["areas"][area].update(owner=None, control=None)
    g.log("log.setup", scenario=scenario_id, rule="preparation")


# ----- the sequence's questions ------------------------------------------------------------------------------------
def impulses_per_turn(s: dict) -> int:
    return IMPULSES


def actions_per_impulse(s: dict, seat: str) -> dict[str, int]:
    """8.2.3 (a player without cards: one action per power plus one extra) is 2 for Portugal; from Turn 2 the
    impulses have 3 actions (l. 1941)."""
    return {PORTUGAL: 2 if s["turn"] < 2 else 3}


def turn_rules(g: Ctx) -> None:
    """8.1.1, the scenario's turn rules: Turn 2, Portugal gains interest in Sa and As (l. 1940); at the
    beginning of a turn a destroyed Emirates fleet is placed damaged in port (l. 1934)."""
    s = g.s
    if s["turn"] == 2:
        for theater in ("Sa", "As"):
            if theater not in s["powers"][PORTUGAL]["interest"]:
                s["powers"][PORTUGAL]["interest"].append(theater)
        g.log("log.interest", power=PORTUGAL, theaters=["Sa", "As"], rule="scenario_9_1")
    fleet = f"{EMIRATES}-squadron-1"
    if emirates_in_play(s) and s["units"][fleet]["loc"] in ("eliminated", "available"):
        st.move_unit(s, fleet, ADEN)
        s["units"][fleet]["repair"] = True
        g.log("log.emirates_fleet_back", unit=fleet, area=ADEN, rule="scenario_9_1")


def emirates_in_play(s: dict) -> bool:
    return EMIRATES in s["minors"]


def on_control(g: Ctx, power: str, area: str, before: str | None) -> None:
    """l. 1925: 1 VP for each Portuguese area that becomes owned (once per area: RULINGS.md › 9.1 VP); l. 1935:
    the Emirates disappear when Portugal takes Aden."""
    s, board = g.s, board_of(g)
    if (
        power == PORTUGAL
        and area in portuguese_areas(board)
        and area not in s["scored_areas"]
        and s["areas"][area]["owner"] == PORTUGAL
    ):
        s["scored_areas"].append(area)
        add_vp(g, s["powers"][PORTUGAL]["seat"], 1, "portuguese_area")
    if power == PORTUGAL and area == ADEN and emirates_in_play(s):
        del s["minors"][EMIRATES]
        for info in s["units"].values():
            if info["power"] == EMIRATES:
                info["loc"] = "available"
        g.log("log.emirates_gone", rule="scenario_9_1")


def end_of_turn_vp(g: Ctx) -> None:
    """l. 1926: at the end of Turn 5, add 12 VP and subtract as many as the unrest level."""
    s = g.s
    if s["turn"] == 5:
        seat = s["powers"][PORTUGAL]["seat"]
        add_vp(g, seat, 12, "turn_5")
        add_vp(g, seat, -s["powers"][PORTUGAL]["unrest"], "turn_5_unrest")


def verdict(g: Ctx) -> None:
    """l. 1947-1950: less than 15 VP Defeat, 15-19 Draw, 20-25 Victory, more than 25 Epic victory."""
    s = g.s
    seat = s["powers"][PORTUGAL]["seat"]
    vp = s["seats"][seat]["vp"]
    result = next(name for low, name in VERDICTS if vp >= low)
    g.log("log.verdict", result=result, vp=vp, rule="scenario_9_1")
    g.finish(
        {
            "text": text(f"outcome.{result}", vp=vp),
            "winners": [seat] if result in ("victory", "epic") else [],
            "scores": {seat: vp},
            "ranking": [seat],
        }
    )


# ----- the Emirates ----------------------------------------------------------------------------------------------
def emirates_interceptors(g: Ctx, power: str, sea: str, target: str | None) -> list[str]:
    """l. 1930: the Emirates fleet "only intercepts attacks on the area": a crossing to Aden through its sea."""
    if target != ADEN or not emirates_in_play(g.s):
        return []
    return [u for u in st.units_at(g.s, sea, EMIRATES, "squadron") if not g.s["units"][u]["repair"]]


def emirates_supporters(g: Ctx, area: str) -> list[str]:
    """11.4.2 for the Emirates: their fleet supports the defence of Aden from an adjacent sea (l. 1930)."""
    if area != ADEN or not emirates_in_play(g.s):
        return []
    seas = board_of(g).areas[ADEN].seas
    return [
        u
        for u in st.units_of(g.s, EMIRATES, "squadron", "map")
        if st.loc_sea(g.s["units"][u]["loc"]) in seas and not g.s["units"][u]["repair"]
    ]


class Emirates(Step):
    """l. 1931-1934, after each Portuguese impulse: fleet at sea -> piracy against Portugal; fleet in port -> take
    it out to sea (RULINGS.md › 9.1 Emirates). The fleet destroyed -> placed damaged in port at the beginning of
    the turn (``turn_rules``)."""

    goes_to = ("piracy",)

    def auto(self, g: Ctx) -> None:
        s, board = g.s, board_of(g)
        if not emirates_in_play(s):
            g.end(None)
            return
        fleet = f"{EMIRATES}-squadron-1"
        info = s["units"][fleet]
        sea, port = st.loc_sea(info["loc"]), st.loc_area(info["loc"])
        if sea:
            centers = naval.piracy_centers(s, board, sea, PORTUGAL)
            if centers:
                g.log("log.emirates_piracy", unit=fleet, sea=sea, center=centers[0], rule="scenario_9_1")
                g.goto("piracy", pirate=fleet, sea=sea, center=centers[0], victim=PORTUGAL)
                return
            g.log("log.emirates_no_target", unit=fleet, sea=sea, rule="scenario_9_1")
        elif port:
            out = [x for x in board.areas[port].seas if x in s["seas_active"]]
            target = "sea:indian-ocean" if "sea:indian-ocean" in out else out[0]
            info["repair"] = False
            st.move_unit(s, fleet, target)
            g.log("log.emirates_to_sea", unit=fleet, sea=target, rule="scenario_9_1")
        g.end(None)


STEPS: dict[str, Step] = {"emirates": Emirates()}


class RiseOfPortugal(Scenario):
    """9.1 at the generic turn's moments (``base.Scenario``): each hook answered by the rule above that says it."""

    id = SCENARIO
    steps = STEPS
    after_impulse = ("emirates",)
    card_objectives = False  # RULINGS.md › 9.1 VP sources: the scenario's own VP, trade and dynastic changes

    def set_up(self, g: Ctx, board: Board) -> None:
        set_up(g, board, self.id)

    def game_end(self, g: Ctx) -> None:
        verdict(g)

    def turn_start(self, g: Ctx) -> None:
        turn_rules(g)

    def impulses_per_turn(self, s: dict) -> int:
        return impulses_per_turn(s)

    def actions_per_impulse(self, s: dict, seat: str) -> dict[str, int]:
        return actions_per_impulse(s, seat)

    def acts_after_impulse(self, s: dict, step: str) -> bool:
        return emirates_in_play(s)  # l. 1931: "after each Portuguese impulse" (every impulse of 9.1 is)

    def on_control(self, g: Ctx, power: str, area: str, before: str | None) -> None:
        on_control(g, power, area, before)

    def interceptors(self, g: Ctx, power: str, sea: str, target: str | None) -> list[str]:
        return emirates_interceptors(g, power, sea, target)

    def supporters(self, g: Ctx, area: str) -> list[str]:
        return emirates_supporters(g, area)

    def end_of_turn_vp(self, g: Ctx) -> None:
        end_of_turn_vp(g)
