"""Ultima Ratio Regis — "23. End of turn" as far as units, leaders, unrest and victory points go, as pure
functions over explicit inputs (the flow of the end of turn is turn_end.py; the two meet next session, see
ENGINE.md): ``counters.Unit`` / ``counters.Leader`` dicts, ints, and the dataclasses below.

The order of 23. is the flow's: wars and alliances end and expeditionary corps are repatriated (21.4, 14.), trade
centers are adjusted (19.2.4), then here: the economic phase (23.1.1 ``expenses`` / ``adjust_unrest``), the
degradation of units (23.1.2 ``degradation`` then ``retire`` / ``degrade``), social agitation (23.2
``agitation_decision`` / ``revolts_left`` / ``revolt_options`` / ``collapses``), dynastic changes (23.3
``dynastic_change``), and the victory points (23.1.3 and 22. in ``victory.py``). Income (23.1.1) is the economy's.
See RULINGS.md § End of turn (23).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engines.ultima_ratio.combat import veterans as veteran_rules
from engines.ultima_ratio.counters import Decision, Leader, RuleError, Unit, strength
from engines.ultima_ratio.leader_items import Leaders
from engines.ultima_ratio.leaders import leader_rules

SQUADRON_COST, OTHER_COST, REBELLION_COST = 2, 1, 1
COLLAPSE_UNREST = 20  # 23.2: "reach (or surpass) 20 points of unrest"
REVOLT_LEVEL = 2  # 23.2: "one R2 revolt"
DYNASTIC_REVOLT_LEVEL = 3  # 23.3: "a R3 revolt" for every two points of vitality


# ---------------------------------------------------------------------------------------------- 23.1.1
def expenses(
    units: Iterable[Unit],
    leaders: Iterable[Leader],
    power: str,
    *,
    rebellions: int = 0,
    eliminated: Iterable[Unit] = (),
) -> int:
    """23.1.1: "Each troop, leader or fortress on the map adds 1, and each fleet adds 2 (units belonging to minor
    powers are not included here). This includes troops that are dispersed and destroyed, squadrons in repair (or
    destroyed), and fortresses under construction." Each squadron adds 2 (RULINGS E-1). ``eliminated``: the
    box of units eliminated during the turn, whose troops and squadrons count (RULINGS E-7); leaders count on the
    map only (13.1.7: "they are not maintained if eliminated"; 17.2: replaced leaders neither). Each rebellion in
    its territory adds 1."""
    cost = {"troop": OTHER_COST, "squadron": SQUADRON_COST, "fortress": OTHER_COST}
    total = sum(cost[u["kind"]] for u in units if u["power"] == power)
    total += sum(cost[u["kind"]] for u in eliminated if u["power"] == power and u["kind"] != "fortress")
    total += sum(OTHER_COST for ld in leaders if ld["power"] == power)
    return total + REBELLION_COST * rebellions


def adjust_unrest(unrest: int, income: int, expenses_: int) -> int:
    """23.1.1: "If there is more income than maintenance, this difference is subtracted from unrest (which cannot
    be less than 0). Otherwise it is added to it." """
    return max(0, unrest - (income - expenses_))


# ---------------------------------------------------------------------------------------------- 23.1.2
@dataclass(frozen=True)
class Degradation:
    """23.1.2 for one power: the leaders turned to their ordinary side, and the decision of which veterans turn
    back (None if it has none)."""

    leaders: list[Leader]
    veterans: Decision | None


def degradation(
    units: Iterable[Unit], leaders: Sequence[Leader], power: str, powers: Iterable[str] | None = None
) -> Degradation:
    """23.1.2: "Each major power must now turn half (rounded up) of its veteran units to its regular side.
    Exceptional leaders are turned to their ordinary side." (16.2, 17.3.3). ``veterans.lose_veterans`` applies
    the player's picks."""
    flipped: list[Leader] = [ld if ld["power"] != power else {**ld, "extraordinary": False} for ld in leaders]
    return Degradation(flipped, veteran_rules.loss_decision(units, power, powers))


def retire(
    units: Sequence[Unit],
    leaders: Sequence[Leader],
    pool: Sequence[str],
    content: Leaders,
    *,
    unit_ids: Iterable[str] = (),
    leader_ids: Iterable[str] = (),
) -> tuple[list[Unit], list[Leader], list[str]]:
    """23.1.2: "Major powers can now eliminate (return to their reserve of available units) the units they do not
    want for the next turn." The units leave the map (their counters go back to the power's reserve); a retired
    leader goes back to the pool (a historical one is set apart); leaders on a retired unit go with it unless
    moved first (``leaders.attach``). Returns (units, leaders, pool)."""
    gone = set(unit_ids)
    known = {u["id"] for u in units}
    if not gone <= known:
        raise RuleError(f"23.1.2: no units {sorted(gone - known)}")
    carried = {ld["id"] for ld in leaders if ld["unit"] in gone}
    left, pool = leader_rules.eliminate(leaders, pool, content, {*leader_ids, *carried})
    return [u for u in units if u["id"] not in gone], left, pool


def degrade(units: Sequence[Unit], unit_id: str) -> list[Unit]:
    """23.1.2: "They can also degrade them (i.e. pass naval squadrons E3 to E2, for example) if they wish": a
    squadron E3 becomes E2, a troop of sides 3-4 one of sides 2-3 keeping its side (RULINGS E-2); the flow swaps
    the counters in the power's reserve (8.1.2: "the same types of units can be substituted, provided they are
    worse")."""
    out = []
    for u in units:
        if u["id"] == unit_id:
            if u["kind"] == "fortress" or u["quality"] <= 2:
                raise RuleError("23.1.2: only E3 squadrons and 3-4 troops can be degraded")
            u = {**u, "quality": u["quality"] - 1}
        out.append(u)
    return out


# ---------------------------------------------------------------------------------------------- 23.2
def social_agitation(unrest: int, vitality: int) -> bool:
    """23.2: "Major powers that have an unrest exceeding twice their vitality have problems of a social nature"."""
    return unrest > 2 * vitality


def revolts_due(unrest: int, vitality: int) -> int:
    """23.2: "For each level of unrest that exceeds twice its vitality, the major power must place one R2 revolt"."""
    return max(0, unrest - 2 * vitality)


def agitation_decision(units: Iterable[Unit], power: str, unrest: int, vitality: int) -> Decision | None:
    """23.2: "The major power can disperse troops. Each dispersed troop factor cancels the appearance of one of
    these revolts ... These troops must be dispersed (do not count those that were already dispersed)". The
    player picks any of its troops on the map (none is allowed). None without social agitation."""
    due = revolts_due(unrest, vitality)
    if not due:
        return None
    options = tuple(
        sorted(u["id"] for u in units if u["power"] == power and u["kind"] == "troop" and not u["dispersed"])
    )
    return Decision(
        "agitation_disperse", power, len(options), options, rule="23.2", at_most=True, extra={"revolts": due}
    )


def revolts_left(units: Iterable[Unit], unrest: int, vitality: int, dispersed: Iterable[str]) -> int:
    """23.2: the revolts still to place after dispersing ``dispersed`` (each troop cancels as many revolts as its
    factor, "if a Q3 troop is dispersed, the appearance of 3 revolts is avoided"); the unrest stays as it was.
    The flow disperses them with ``logistics.disperse``."""
    chosen = set(dispersed)
    factors = sum(strength(u) for u in units if u["id"] in chosen)
    return max(0, revolts_due(unrest, vitality) - factors)


@dataclass(frozen=True)
class Territory:
    """What 18.3 needs to place a revolt in a power's possessions: ``possessions`` (area ids), those already in
    revolt, the key areas and commercial ports among them, the areas with its military units (fortresses, troops,
    squadrons in port), and for each possession its province's areas (or its minor power's, for a minor)."""

    possessions: frozenset[str]
    revolted: frozenset[str]
    key_or_commercial: frozenset[str]
    with_units: frozenset[str]
    group_of: Mapping[str, Sequence[str]]


def revolt_options(territory: Territory) -> tuple[str, ...]:
    """23.2 / 18.3: where the next R2 revolt may go: a possession "without a previous revolt"; not a key area or
    commercial port, not "the last area without revolt of a province or minor power", not an area with military
    units — unless no possession meets those, when "the previous requirements are ignored". The flow asks once
    per revolt (each one changes the next's options). Empty: no possession is left without a revolt."""
    free = territory.possessions - territory.revolted
    ok = []
    for area in sorted(free):
        group = territory.group_of.get(area, (area,))
        last = all(a in territory.revolted for a in group if a != area)
        if area in territory.key_or_commercial or area in territory.with_units or last:
            continue
        ok.append(area)
    return tuple(ok) or tuple(sorted(free))


def revolt_decision(territory: Territory, power: str) -> Decision | None:
    """One revolt to place (``revolt_options``); None when every possession is already in revolt."""
    options = revolt_options(territory)
    if not options:
        return None
    return Decision("place_revolt", power, 1, options, rule="23.2", extra={"level": REVOLT_LEVEL})


def collapses(unrest: int, possessions: Iterable[str], revolted: Iterable[str]) -> bool:
    """23.2: "Major powers that in this phase reach (or surpass) 20 points of unrest (or that have rebellions in
    all its territory) collapse, leading to a dynastic change"."""
    return unrest >= COLLAPSE_UNREST or set(possessions) <= set(revolted)


def dynasty_must_change(*, collapsed: bool, unrest: int, vitality: int, last_turn: bool) -> bool:
    """23.2 / 23.4: a collapse forces a dynastic change; in the last end of turn so does social agitation (any
    other dynastic change is the player's announcement, 23.2)."""
    return collapsed or (last_turn and social_agitation(unrest, vitality))


# ---------------------------------------------------------------------------------------------- 23.3
@dataclass(frozen=True)
class DynasticChange:
    """23.3: the VP the controlling player loses, the power's new unrest, and the R3 revolts it places when it is
    deployed again next turn. Its units, merchants and revolts are eliminated and its allied minors become
    neutral (the flow does that); it deploys next turn as if entering the game (24.), with its card's maintenance
    as points."""

    vp_loss: int
    unrest: int
    r3_revolts: int


def dynastic_change(vitality: int, *, collapse: bool) -> DynasticChange:
    """23.3: "the player controlling the major power loses as many VPs as the power's vitality; twice if dynastic
    change occurs as a result of a collapse ... Unrest is adjusted to the vitality level ... For every two points
    of vitality of the major power, the player will place a R3 revolt" (RULINGS E-4)."""
    return DynasticChange(vitality * (2 if collapse else 1), vitality, vitality // 2)
