"""Ultima Ratio Regis — 8.1.2 Entry of new major powers, at the start of a later turn of a scenario, and the
substitution of units when a major power's card changes.

"Depending on the scenario, if applicable, check at which player controls them; and then deploy them (see 24.)": the
turn's deployment rows (``turns.yaml``) name the powers that enter; a power of the scenario's seat table (or one that
``inherits`` a power in play: Turn 11's Parliamentarians, on England's seat) joins its seat with its card's counters,
its home areas and domains, the minors of its row as allies, and the points it spends at once through the ``deploy``
step (24.); a row that ``adds``
holdings (Turn 5: Poland, Russia) adds them to a power in play. Which scenarios use them: ENGINE.md › Not yet.

"There may be major powers that change their major power card. If the military forces on the map of that major power
do not coincide with those available, the same types of units can be substituted, provided they are worse (for
example, you can degrade I3 units to I2 units). If this is not possible, the units are eliminated." (``substitute``,
RULINGS W-5.)
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board, board_of
from engines.ultima_ratio.combat import battles
from engines.ultima_ratio.leaders import leader_state
from engines.ultima_ratio.preparation import deployment

# a grade, then the worse grades of the same type that may replace it (8.1.2)
SUBSTITUTES = {"3-4": ("3-4", "2-3"), "2-3": ("2-3",), "E3": ("E3", "E2"), "E2": ("E2",)}
BEST_FIRST = {"3-4": 0, "E3": 0, "2-3": 1, "E2": 1}


def seat_for(s: dict, board: Board, power: str) -> str | None:
    """8.1.2 "check at which player controls them": the seat the scenario's seat table gives the power, or the seat
    of the power it inherits (WORLD.md ruling 6)."""
    scenario = board.world.scenario(s["scenario"])
    table = next((t for t in scenario.seat_tables if t.players == len(s["seats"])), None)
    group = next((x.seat for x in table.seats if power in x.powers), None) if table else None
    seat = next((role for role, v in s["seats"].items() if v["group"] == group), None)
    inherits = board.power(power).inherits
    if seat is None and inherits in s["powers"]:
        return s["powers"][inherits]["seat"]
    return seat


def enter_powers(g: Ctx) -> None:
    """8.1.2 at the start of a turn after the scenario's first: the turn's deployment rows. The powers that enter
    are deployed by the turn's ``deploy`` phase (``to_deploy``, sequence.Turn)."""
    s, board = g.s, board_of(g)
    if s["turn"] == s["first_turn"]:
        return
    for row in board.world.turn(s["turn"]).deployment:
        if row.adds:
            if row.power in s["powers"]:
                deployment.add_holdings(s, row)
                g.log(
                    "log.power_adds", power=row.power, areas=[*row.home_areas, *row.domains], rule="entry_of_new_powers"
                )
            continue
        seat = None if row.power in s["powers"] else seat_for(s, board, row.power)
        if seat is None:
            continue
        deployment.add_power(s, board, row, seat)
        if "fixed_merchants" in s:  # its merchants placed at set-up are now treated in the usual way (l. 2167)
            s["fixed_merchants"] = [m for m in s["fixed_merchants"] if m[1] != row.power]
        s["seats"][seat]["powers"].append(row.power)
        g.log("log.power_enters", power=row.power, seat=seat, points=row.points or 0, rule="entry_of_new_powers")
        neutral_allies(g, row.power, row.allies)
        inherits = board.power(row.power).inherits
        if inherits is not None and inherits in s["powers"]:
            substitute(g, inherits, row.power)


def neutral_allies(g: Ctx, power: str, allies: list[str]) -> None:
    """24. (the row's "Allies", 20.3.4 "there are powers that start with allies") for a power entering at a later
    turn: each neutral minor of its row in play allies with it at once, as at a scenario's start (its units are
    placed after the power's deployment, ``deploy_allies``); one allied with another power changes ally through
    20.4.2 (``allies_to_change``, asked by ``deploy_new_powers``; RULINGS NP-1)."""
    s = g.s
    for minor in allies:
        if minor in s["minors"] and s["minors"][minor]["ally"] is None:
            s["minors"][minor]["ally"] = power
            g.log("log.minor_allied.deployment", minor=minor, power=power, rule="minor_alliance")


def allies_to_change(g: Ctx, power: str) -> list[str]:
    """The minors of the entering ``power``'s row (this turn's deployment table) allied with another power: they
    change ally (20.4.2, the step ``minor_alliance``) before the power deploys (RULINGS NP-1)."""
    s, board = g.s, board_of(g)
    rows = [r for r in board.world.turn(s["turn"]).deployment if r.power == power and not r.adds]
    return [m for r in rows for m in r.allies if m in s["minors"] and s["minors"][m]["ally"] not in (None, power)]


def substitute(g: Ctx, old: str, new: str) -> None:
    """8.1.2: the military forces on the map of ``old`` (areas, seas and dispersed boxes) become counters of
    ``new``'s card, each of the same type and grade or else worse (3-4 troops to 2-3, E3 squadrons to E2), the best
    first, those on the map before those in the boxes; a unit with no such counter left is eliminated (RULINGS W-5).
    Its leaders go with it; ``old``'s other counters leave the game with its card."""
    s = g.s

    def order(uid: str) -> tuple:
        info = s["units"][uid]
        return BEST_FIRST[info["grade"]], info["loc"].startswith(st.BOX), not info["veteran"], uid

    placed = [
        u
        for u in st.units_of(s, old)
        if st.loc_area(s["units"][u]["loc"])
        or st.loc_sea(s["units"][u]["loc"])
        or s["units"][u]["loc"].startswith(st.BOX)
    ]
    for uid in sorted(placed, key=order):
        info = s["units"][uid]
        spare = [
            u
            for grade in SUBSTITUTES[info["grade"]]
            for u in st.units_of(s, new, info["kind"], "available")
            if s["units"][u]["grade"] == grade
        ]
        if not spare:
            g.log("log.unit_not_substituted", unit=uid, power=new, rule="entry_of_new_powers")
            battles.eliminate(g, uid)
            continue
        sub = s["units"][spare[0]]
        sub.update({k: info[k] for k in ("loc", "veteran", "repair", "galley", "since", "acted")})
        for lid in leader_state.leaders_on(s, [uid]):
            s["leaders"][lid].update(unit=spare[0], power=new)
        g.log("log.unit_substituted", unit=uid, by=spare[0], grade=sub["grade"], rule="entry_of_new_powers")
    for uid in st.units_of(s, old):
        del s["units"][uid]
