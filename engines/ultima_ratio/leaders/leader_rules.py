"""Ultima Ratio Regis — "17. Leaders" as pure functions over plain data (``counters.Unit``, ``counters.Leader``,
the pool as a list of leader ids) and the leader content (``leader_items.Leaders``).

Nothing here mutates its inputs; each function returns the new leaders (and pool, unrest) or raises
``counters.RuleError`` naming the rule. Where the rules leave a choice, the flow asks the player and passes the
answer in (the target unit, the side, the leader replaced); ``reattach_decision`` returns a ``counters.Decision``.
See LEADERS.md for how the flow calls them and RULINGS.md § Leaders (17) for the readings taken.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engines.ultima_ratio.counters import Chance, Decision, Leader, RuleError, Unit
from engines.ultima_ratio.leader_items import Leaders

EXTRAORDINARY_UNREST = 3  # 17.3: "By doing so this unrest level increases by 3."
BATTLE_SIZE_MIN, BATTLE_SIZE_MAX = 2, 5  # 17.3.2 Organizer: "absolute minimum ... two and maximum ... five"
BATTLES = ("land", "siege", "naval", "piracy", "subjugation")


# ---------------------------------------------------------------------------------------------- look-ups
def by_id(units: Iterable[Unit]) -> dict[str, Unit]:
    return {u["id"]: u for u in units}


def leaders_on(unit_id: str, leaders: Iterable[Leader]) -> list[Leader]:
    return [ld for ld in leaders if ld["unit"] == unit_id]


def _leader(leaders: Sequence[Leader], leader_id: str) -> Leader:
    for ld in leaders:
        if ld["id"] == leader_id:
            return ld
    raise RuleError(f"no leader {leader_id!r} on the map")


def _replace(leaders: Sequence[Leader], new: Leader) -> list[Leader]:
    return [new if ld["id"] == new["id"] else ld for ld in leaders]


def besieged(leader: Leader, units: dict[str, Unit]) -> bool:
    """A leader is besieged with the unit he is attached to."""
    return units[leader["unit"]]["besieged"]


def can_carry(unit: Unit) -> bool:
    """17.1: a leader is attached to a squadron, troop or fortress; a fortress under construction is only a
    building site (9.4: its only effect is that it can be finished), so it carries none (RULINGS L-3)."""
    return unit["kind"] != "fortress" or unit["operational"]


def _side(leader_power: str, side: Iterable[str] | None) -> set[str]:
    """The powers whose units a leader may take: his own, and the minor powers allied with it when the flow
    passes them (RULINGS L-7: 14.3 speaks of "leaders who were commanding armies entirely of allies")."""
    return {leader_power, *(side or ())}


def _same_force(a: Unit, b: Unit) -> bool:
    """17.1: "any own troop or fortress in the area, or ... a squadron of the fleet"; 18.1: the dispersed troops
    of the same dispersion area. Troops and fortresses share the area; squadrons the fleet; the besieged and
    those outside the siege are apart (RULINGS L-2)."""
    if a["at"] != b["at"] or a["dispersed"] != b["dispersed"] or a["besieged"] != b["besieged"]:
        return False
    return (a["kind"] == "squadron") == (b["kind"] == "squadron")


# ---------------------------------------------------------------------------------------------- 17.1 movement
def attach(
    leaders: Sequence[Leader], units: Iterable[Unit], leader_id: str, target_id: str, side: Iterable[str] | None = None
) -> list[Leader]:
    """17.1: move a leader, at any time and at no cost, to another own troop or fortress in the area, or to
    another squadron of the fleet (18.1: among the dispersed troops of the same dispersion area). ``side``: the
    allied minor powers whose units count as the leader's power's (``_side``)."""
    table = by_id(units)
    leader = _leader(leaders, leader_id)
    here, there = table[leader["unit"]], table.get(target_id)
    if there is None:
        raise RuleError(f"17.1: no unit {target_id!r}")
    if there["power"] not in _side(leader["power"], side):
        raise RuleError("17.1: a leader is attached to his own power's units")
    if not can_carry(there):
        raise RuleError("17.1: a fortress under construction carries no leader")
    if not _same_force(here, there):
        raise RuleError("17.1: a leader changes unit only within the area, the fleet or the dispersion area")
    return _replace(leaders, {**leader, "unit": target_id})


def attach_targets(
    leaders: Sequence[Leader], units: Iterable[Unit], leader_id: str, side: Iterable[str] | None = None
) -> list[str]:
    """17.1: the units ``attach`` accepts for the leader — the other own troops and fortresses of his area, the
    other squadrons of his fleet, the other dispersed troops of his box (the besieged apart), sorted."""
    leader = _leader(leaders, leader_id)
    table = by_id(units)
    here, mine = table[leader["unit"]], _side(leader["power"], side)
    return sorted(
        u["id"]
        for u in table.values()
        if u["id"] != here["id"] and u["power"] in mine and can_carry(u) and _same_force(here, u)
    )


def swap(leaders: Sequence[Leader], units: Iterable[Unit], a: str, b: str) -> list[Leader]:
    """8.2.2 start of impulse: "swap two of its leaders, simultaneously replacing one for the other, provided
    neither is besieged"."""
    table = by_id(units)
    la, lb = _leader(leaders, a), _leader(leaders, b)
    if la["power"] != lb["power"] or a == b:
        raise RuleError("8.2.2: a power swaps two of its own leaders")
    if besieged(la, table) or besieged(lb, table):
        raise RuleError("8.2.2: neither leader may be besieged")
    return _replace(_replace(leaders, {**la, "unit": lb["unit"]}), {**lb, "unit": la["unit"]})


def move_at_end_of_impulse(
    leaders: Sequence[Leader], units: Iterable[Unit], leader_id: str, target_id: str, side: Iterable[str] | None = None
) -> list[Leader]:
    """8.2.2 end of impulse: each power "may also move a single leader over a troop, fleet or fortress of its own
    (as long as the leader was not besieged and does not end up this way)". The flow counts one per power."""
    table = by_id(units)
    leader = _leader(leaders, leader_id)
    there = table.get(target_id)
    if there is None or there["power"] not in _side(leader["power"], side) or not can_carry(there):
        raise RuleError("8.2.2: the leader moves over a troop, fleet or fortress of his own power")
    if besieged(leader, table) or there["besieged"]:
        raise RuleError("8.2.2: the leader may not be besieged, nor end up besieged")
    return _replace(leaders, {**leader, "unit": target_id})


def reattach_decision(
    leaders: Sequence[Leader], units: Iterable[Unit], unit_id: str, side: Iterable[str] | None = None
) -> list[Decision]:
    """13.1.7 / 17.1: when a unit carrying leaders is eliminated, each leader goes to another unit of the stack
    (the player picks which); he is eliminated only "with the last troop / squadron or fortress of the stack".
    One decision per leader on the unit; one with no options (``count`` 0) has nowhere to go and is eliminated
    with the unit (``eliminate``); the picks are applied with ``attach``."""
    table = by_id(units)
    gone = table[unit_id]
    out = []
    for ld in leaders_on(unit_id, leaders):
        mine = _side(ld["power"], side)
        options = tuple(
            sorted(
                u["id"]
                for u in table.values()
                if u["id"] != unit_id and u["power"] in mine and can_carry(u) and _same_force(gone, u)
            )
        )
        out.append(Decision("reattach_leader", ld["power"], 1 if options else 0, options, rule="17.1", at=ld["id"]))
    return out


def eliminate(
    leaders: Sequence[Leader], pool: Sequence[str], content: Leaders, leader_ids: Iterable[str]
) -> tuple[list[Leader], list[str]]:
    """13.1.7: eliminated leaders "are placed with the available ones"; a historical leader is set apart again
    instead (17.3.1: he enters only with his event card; RULINGS L-4). Also 23.1.2, a power retiring a leader it
    does not want. Returns (leaders, pool)."""
    ids = set(leader_ids)
    for leader_id in ids:
        _leader(leaders, leader_id)
    back = [i for i in sorted(ids) if not content.is_historical(i)]
    return [ld for ld in leaders if ld["id"] not in ids], [*pool, *back]


# ---------------------------------------------------------------------------------------------- 17.2 building
def draw(pool: Sequence[str], chance: Chance) -> str:
    """17.2: "he randomly selects one of the available ones" (the pool is shared by all the major powers)."""
    if not pool:
        raise RuleError("17.2: no leader is available in the pool")
    return chance.choice(sorted(pool))


def may_be_extraordinary(unrest: int, vitality: int) -> bool:
    """17.3: the power's unrest "does not exceed its vitality"."""
    return unrest <= vitality


def build_targets(power: str, units: Iterable[Unit], side: Iterable[str] | None = None) -> list[str]:
    """17.2: a built leader is placed "on a squadron, fortress or troop that is not besieged"."""
    mine = _side(power, side)
    return sorted(u["id"] for u in units if u["power"] in mine and not u["besieged"] and can_carry(u))


def replace_targets(power: str, leaders: Iterable[Leader]) -> list[str]:
    """17.2: or he replaces "one of the leaders already present on the game board (even if besieged)" — one of
    the power's own (RULINGS L-5)."""
    return sorted(ld["id"] for ld in leaders if ld["power"] == power)


@dataclass(frozen=True)
class Built:
    """The result of building a leader: the new leaders, pool and unrest, and the leader replaced (if any)."""

    leaders: list[Leader]
    pool: list[str]
    unrest: int
    replaced: str | None = None


def build(
    leaders: Sequence[Leader],
    pool: Sequence[str],
    units: Iterable[Unit],
    content: Leaders,
    *,
    power: str,
    leader_id: str,
    extraordinary: bool,
    unrest: int,
    vitality: int,
    target: str | None = None,
    replace: str | None = None,
    side: Iterable[str] | None = None,
) -> Built:
    """17.2-17.3: the drawn leader (``draw``) goes on ``target`` (``build_targets``) or takes the place of the
    leader ``replace`` (``replace_targets``), who returns to the pool. On his extraordinary side only if
    ``may_be_extraordinary``; that raises the unrest by 3. The player sees the ability before choosing the side."""
    if leader_id not in pool:
        raise RuleError(f"17.2: leader {leader_id!r} is not in the pool")
    if extraordinary and not may_be_extraordinary(unrest, vitality):
        raise RuleError("17.3: the unrest exceeds the vitality; the leader goes on his ordinary side")
    if (target is None) == (replace is None):
        raise RuleError("17.2: the leader goes on one unit, or replaces one leader")
    rest = [p for p in pool if p != leader_id]
    if replace is not None:
        if replace not in replace_targets(power, leaders):
            raise RuleError("17.2: only one of the power's own leaders on the board can be replaced")
        old = _leader(leaders, replace)
        leaders, rest = eliminate(leaders, rest, content, [replace])
        target = old["unit"]
    elif target not in build_targets(power, units, side):
        raise RuleError("17.2: the leader goes on an own squadron, fortress or troop that is not besieged")
    new = Leader(id=leader_id, power=power, unit=target, extraordinary=extraordinary)
    return Built([*leaders, new], rest, unrest + (EXTRAORDINARY_UNREST if extraordinary else 0), replace)


def bring_historical(
    leaders: Sequence[Leader],
    units: Iterable[Unit],
    content: Leaders,
    *,
    event: str,
    target: str,
    side: Iterable[str] | None = None,
) -> list[Leader]:
    """17.3.1: the event card brings its historical leader to its power, on his extraordinary side, "with no
    consequences as far as unrest is concerned"; he is placed as a built leader is (RULINGS L-6)."""
    hist = content.historical_for_event(event)
    if any(ld["id"] == hist.id for ld in leaders):
        raise RuleError(f"17.3.1: {hist.name} is already on the map")
    if target not in build_targets(hist.power, units, side):
        raise RuleError("17.2: the leader goes on an own squadron, fortress or troop that is not besieged")
    return [*leaders, Leader(id=hist.id, power=hist.power, unit=target, extraordinary=True)]


# ---------------------------------------------------------------------------------------------- 17.3.2 abilities
def commanding_ability(abilities: Iterable[str | None], order: Sequence[str]) -> str | None:
    """17.3.2: "only one is the commander (if there are several, the commander is chosen following the order in
    this list)": of the abilities present (None: an ordinary leader), the first in ``order``; None if no leader is
    extraordinary (RULINGS L-1). The one copy of the rule: ``combat.Force.commander`` uses it too."""
    present = set(abilities)
    return next((a for a in order if a in present), None)


def commander(force: Iterable[Leader], content: Leaders) -> Leader | None:
    """17.3.2: the commander of the force (``commanding_ability``; of two with that ability, the lower id)."""
    best = [ld for ld in force if ld["extraordinary"]]
    ability = commanding_ability((content.ability_of(ld["id"]) for ld in best), content.order())
    return min((ld for ld in best if content.ability_of(ld["id"]) == ability), key=lambda ld: ld["id"], default=None)


def force_ability(force: Iterable[Leader], content: Leaders) -> str | None:
    """The ability the force uses: its commander's (17.3.2)."""
    chief = commander(force, content)
    return None if chief is None else content.ability_of(chief["id"])


def battle_effects(ability: str | None, battle: str, *, intercepted: bool = False) -> frozenset[str]:
    """What the commander's ability lets the player do in a ``battle`` (one of ``BATTLES``), 17.3.2:
    "die_plus_one" after the roll (``die_plus_one``), "category_plus_one" before it (``category_plus_one``),
    "battle_size" (``organize_battle_size``). ``intercepted``: the force was intercepted in a land combat, where a
    determined leader "fights as a tactical leader"."""
    if battle not in BATTLES:
        raise ValueError(f"unknown battle {battle!r}")
    effects: set[str] = set()
    if ability == "determined" and battle == "land" and intercepted:
        ability = "tactical"
    if (
        (ability == "tactical" and battle in ("land", "siege"))
        or (ability == "admiral" and battle in ("naval", "piracy"))
        or (ability == "determined" and battle == "subjugation")
    ):
        effects.add("die_plus_one")
    if ability == "creative":
        effects.add("category_plus_one")
    if ability == "organizer" and battle in ("naval", "land", "siege"):
        effects.add("battle_size")
    return frozenset(effects)


def die_plus_one(dice: Sequence[int], index: int) -> list[int]:
    """Tactical / Admiral / Determined: "+1 to one of the dice (which obtained less than 6)", after the roll has
    been modified by its category."""
    if dice[index] >= 6:
        raise RuleError("17.3.2: +1 only to a die that obtained less than 6")
    return [d + 1 if i == index else d for i, d in enumerate(dice)]


def category_plus_one(categories: Sequence[int], index: int) -> list[int]:
    """Creative: "increase by 1 the category of one own die (categories below 4)", before the roll and after
    advantages and disadvantages are applied."""
    if categories[index] >= 4:
        raise RuleError("17.3.2: only a die of category below 4 can be raised")
    return [c + 1 if i == index else c for i, c in enumerate(categories)]


def organize_battle_size(size: int, delta: int) -> int:
    """Organizer: "increase or decrease by 1 the battle size", never below two nor above five."""
    if delta not in (-1, 1):
        raise RuleError("17.3.2: the organizer changes the battle size by one")
    if not BATTLE_SIZE_MIN <= size + delta <= BATTLE_SIZE_MAX:
        raise RuleError("17.3.2: the battle size stays between two and five")
    return size + delta


def intercepts_with_several_troops(ability: str | None) -> bool:
    """Determined: "He can make interceptions with several troops at 2 areas of distance (the normal case is with
    a single troop)" (12.4.1)."""
    return ability == "determined"


def stacking_bonus(ability: str | None) -> int:
    """Organizer: "can stack an additional troop or squadron" (15.1.1: "increases stacking limit by 1")."""
    return 1 if ability == "organizer" else 0


# ---------------------------------------------------------------------------------------------- 17.3.3 duration
def flip_to_ordinary(leaders: Sequence[Leader]) -> list[Leader]:
    """17.3.3 / 23.1.2: "At the end of the turn, all extraordinary leaders are turned to their ordinary side and
    will remain that way until the counter is replaced or retired from the game board"."""
    return [{**ld, "extraordinary": False} for ld in leaders]
