"""Ultima Ratio Regis — the combat procedure common to every combat (13.1), engine-independent.

A combat is resolved by one call of a type module's ``resolve(battle, decisions, chance, tables)`` (combat_naval,
combat_land, combat_siege, combat_subjugation). The call replays the combat from ``decisions`` (a JSON-able dict:
the answers given so far and the dice already rolled); when it needs an answer it does not have, it returns a
``Pending`` naming the decision, who takes it and its legal options, with ``decisions`` updated (dice rolled so far
included, so a later call never rolls them again). The caller adds ``pending.key: answer`` and calls again, until
it gets the ``Result``. A decision with a single legal option is taken without asking.

Common phases (13.1.5): the battlefield (13.1.3-13.1.4), the units that fight, conscripts (13.1.9), advantages and
disadvantages (13.1.2), the creative leader (17.3.2); the dice (13.1.1) and the +1 of a tactical, admiral or
determined commander (17.3.2); battle points, casualties and disband results on the combat table (13.1.6); the
helpers of the persecution (13.1.7) and consequences (13.1.8).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from engines.ultima_ratio.combat.forces import REDUCE, SIDES, CombatError, Force, Side, Unit, other
from engines.ultima_ratio.combat_tables import CombatTables

FIGHT_MIN, FIGHT_MAX = 2, 5  # 13.2.4, 13.3.4, 13.4.4: "never be less than two or more than five"


# ---------------------------------------------------------------------------------------------- decisions
@dataclass(frozen=True)
class Pending:
    """A decision the combat needs: ``side`` chooses among ``options`` (``pick`` = (min, max): a list of that many
    distinct options; None: one option). Answer with ``{**pending.decisions, pending.key: answer}``."""

    key: str
    side: Side
    kind: str
    options: list
    decisions: dict
    pick: tuple[int, int] | None = None
    info: dict = field(default_factory=dict)
    progress: dict = field(default_factory=dict)  # what the combat has fixed so far (``Decider.progress``)


class _Need(Exception):
    def __init__(self, pending: Pending):
        self.pending = pending


class Decider:
    """The answers known so far; asks (raises) for a missing one; rolls a die list once and remembers it.
    ``progress``: what ``fight`` has fixed so far (battlefield, fighters, advantages, dice), for a display of the
    combat while it is resolved (issue 28 › Combat shown die by die)."""

    def __init__(self, decisions: dict, chance: Any):
        self.known = dict(decisions)
        self.chance = chance
        self.progress: dict = {}

    def one(self, key: str, side: Side, kind: str, options: Sequence, **info: Any) -> Any:
        options = list(options)
        if len(options) == 1:
            return options[0]
        if key not in self.known:
            raise _Need(Pending(key, side, kind, options, dict(self.known), None, info))
        value = self.known[key]
        if value not in options:
            raise CombatError(f"{key}: {value!r} is not one of {options!r}")
        return value

    def some(self, key: str, side: Side, kind: str, options: Sequence, lo: int, hi: int, **info: Any) -> list:
        options = list(options)
        hi = min(hi, len(options))
        lo = min(lo, hi)
        if lo == hi == len(options):
            return options
        if hi == 0:
            return []
        if key not in self.known:
            raise _Need(Pending(key, side, kind, options, dict(self.known), (lo, hi), info))
        value = list(self.known[key])
        if len(set(value)) != len(value) or not set(value) <= set(options) or not lo <= len(value) <= hi:
            raise CombatError(f"{key}: {value!r} is not {lo}-{hi} distinct of {options!r}")
        return value

    def rolls(self, key: str, count: int) -> list[int]:
        if key in self.known:
            value = list(self.known[key])
            if len(value) != count:
                raise CombatError(f"{key}: {count} dice, not {value!r}")
            return value
        value = [self.chance.roll(6) for _ in range(count)]
        self.known[key] = value
        return value


def run(body: Callable[[Decider], Any], decisions: dict | None, chance: Any) -> Any:
    """Replay ``body`` with the answers known: its result, or the Pending decision it stops at."""
    decider = Decider(decisions or {}, chance)
    try:
        return body(decider)
    except _Need as need:
        return dataclasses.replace(need.pending, progress=dict(decider.progress))


# ---------------------------------------------------------------------------------------------- preparation
@dataclass(frozen=True)
class Setup:
    """What a type of combat fixes for the common procedure (each type module builds it).

    ``battlefield``: its size by type and terrain; ``mark``: the sizes the defender may mark (land, 13.3.4);
    ``fleet``: the side whose own fleet lets it change the size by one (siege, 13.4.4); ``fixed``: cannot be changed
    (piracy, subjugation); ``eligible``: ids of the units that may fight; ``single_die``: the category of each side's
    one die when it is not its units' (subjugation, 13.5.4); ``conscript``: the sides the circumstances allow a
    conscript (13.1.9); ``advantages``/``disadvantages``: by the type of combat and the terrain; ``bonus``: the
    commander abilities that add +1 to a die after the roll in this combat, per side (17.3.2)."""

    kind: str
    forces: dict[Side, Force]
    active: Side
    battlefield: int
    mark: tuple[int, ...] | None = None
    fleet: Side | None = None
    fixed: bool = False
    eligible: dict[Side, list[str]] = field(default_factory=dict)
    single_die: dict[Side, int | None] | None = None
    conscript: dict[Side, bool] = field(default_factory=dict)
    advantages: dict[Side, int] = field(default_factory=dict)
    disadvantages: dict[Side, int] = field(default_factory=dict)
    bonus: dict[Side, tuple[str, ...]] = field(default_factory=dict)

    def order(self) -> tuple[Side, Side]:
        """The active side first (13.1.5)."""
        return (self.active, other(self.active))


@dataclass(frozen=True)
class Die:
    """One die: the unit it fights for (None: a conscript or a side without units), its category, the natural roll,
    the result after the category (13.1.1) and the leader's +1 (``bonus``)."""

    unit: str | None
    category: int
    roll: int
    result: int
    bonus: bool = False


@dataclass(frozen=True)
class Fought:
    """Preparation and resolution (13.1.5-13.1.6): ``casualties`` are those each side scored; ``eliminations`` and
    ``disband_results`` those each side suffers (13.1.7)."""

    battlefield: int
    fighters: dict[Side, list[str]]
    conscripts: dict[Side, bool]
    dice: dict[Side, list[Die]]
    battle_points: dict[Side, int]
    casualties: dict[Side, int]
    winner: Side | None
    eliminations: dict[Side, int]
    disband_results: dict[Side, int]
    advantages: dict[Side, int] = field(default_factory=dict)  # taken by each side (13.1.2), its cards' included
    disadvantages: dict[Side, int] = field(default_factory=dict)

    @property
    def loser(self) -> Side | None:
        return None if self.winner is None else other(self.winner)


def change_by_one(size: int) -> list[int]:
    """An organizer, a fleet or a card changes the battlefield by one, or leaves it (2 to 5, 13.1.3)."""
    return [s for s in (size - 1, size, size + 1) if FIGHT_MIN <= s <= FIGHT_MAX]


def battlefield(setup: Setup, d: Decider) -> int:
    """13.1.4: the defender marks it, then the commanders' organizer ability (attacker first), then the combat
    cards (attacker first). A side's fleet (siege) changes it before the leaders (RULINGS: Combat 13.4.4)."""
    size = setup.battlefield
    if setup.fixed:
        return size
    if setup.mark:
        size = d.one("battlefield.mark", "defender", "battlefield", setup.mark, step="mark")
    if setup.fleet:
        size = d.one("battlefield.fleet", setup.fleet, "battlefield", change_by_one(size), step="fleet")
    for side in SIDES:
        if setup.forces[side].commander() == "organizer":
            size = d.one(f"battlefield.organizer.{side}", side, "battlefield", change_by_one(size), step="organizer")
    for side in SIDES:
        for n, card in enumerate(setup.forces[side].battlefield_cards):
            sizes = [max(FIGHT_MIN, size - 1)] if card.endswith(REDUCE) else change_by_one(size)
            size = d.one(f"battlefield.card.{side}.{n}", side, "battlefield", sizes, step=card)
    return size


def placements(categories: list[int], advantages: int, disadvantages: int) -> list[str]:
    """The legal next placements of a side's advantages and disadvantages (13.1.2): ``advantage:<c>`` raises one
    die of category c (below 4), ``disadvantage:<c>`` lowers one (above 1); dice of one category are alike."""
    options = []
    if advantages:
        options += [f"advantage:{c}" for c in sorted(set(categories)) if c < 4]
    if disadvantages:
        options += [f"disadvantage:{c}" for c in sorted(set(categories)) if c > 1]
    return options


def allocate(d: Decider, side: Side, categories: list[int], advantages: int, disadvantages: int) -> list[int]:
    """Apply every advantage and disadvantage, one at a time in the order the side wishes; those that fit no die
    (all dice at Q4, or at Q1) are ignored (13.1.2)."""
    categories = list(categories)
    n = 0
    while options := placements(categories, advantages, disadvantages):
        choice = d.one(
            f"allocate.{side}.{n}",
            side,
            "allocate",
            options,
            dice=list(categories),
            advantages=advantages,
            disadvantages=disadvantages,
        )
        what, cat = choice.split(":")
        i = categories.index(int(cat))
        if what == "advantage":
            categories[i] += 1
            advantages -= 1
        else:
            categories[i] -= 1
            disadvantages -= 1
        n += 1
    return categories


def category(unit: Unit) -> int:
    """A unit's die: the category of its quality (13.1.1); a fortress fights as Q3 (13.3.4, 13.4.4)."""
    return 3 if unit.kind == "fortress" else unit.quality


@overload
def fight(setup: Setup, d: Decider, tables: CombatTables, before_roll: None = None) -> Fought: ...
@overload
def fight(setup: Setup, d: Decider, tables: CombatTables, before_roll: Callable[[], bool]) -> Fought | None: ...
def fight(
    setup: Setup, d: Decider, tables: CombatTables, before_roll: Callable[[], bool] | None = None
) -> Fought | None:
    """Preparation (13.1.5) and resolution (13.1.6) of a combat; None if ``before_roll`` (asked once the dice are
    ready, e.g. the besieged's voluntary capitulation, 13.4.5) says the combat is not fought."""
    size = battlefield(setup, d)
    d.progress["battlefield"] = size
    fighters: dict[Side, list[str]] = {}
    conscripts: dict[Side, bool] = {}
    categories: dict[Side, list[int]] = {}
    units: dict[Side, list[str | None]] = {}
    for side in setup.order():  # 13.1.5 step 2: the units that fight, the active side first
        if setup.single_die is None:
            fighters[side] = d.some(
                f"fight.{side}", side, "fight", setup.eligible.get(side, []), 1, size, battlefield=size
            )
        else:
            single = setup.single_die[side]
            fighters[side], conscripts[side] = [], False
            categories[side] = [] if single is None else [single]
            units[side] = [None] * len(categories[side])
    for side in setup.order():  # 13.1.5 step 3: conscripts, once both sides have chosen their units
        if setup.single_die is None:
            force = setup.forces[side]
            conscripts[side] = (
                bool(setup.conscript.get(side))
                and len(fighters[side]) < size
                and d.one(f"conscript.{side}", side, "conscript", [True, False])
            )
            categories[side] = [category(force.unit(u)) for u in fighters[side]] + [1] * conscripts[side]
            units[side] = [*fighters[side]] + [None] * conscripts[side]
    taken = {
        side: (
            setup.advantages.get(side, 0) + setup.forces[side].advantages,
            setup.disadvantages.get(side, 0) + setup.forces[side].disadvantages,
        )
        for side in SIDES
    }
    d.progress.update(
        fighters=dict(fighters),
        conscripts=dict(conscripts),
        advantages={side: taken[side][0] for side in SIDES},
        disadvantages={side: taken[side][1] for side in SIDES},
    )
    for side in setup.order():  # 13.1.5 step 4: advantages and disadvantages, the active side first
        categories[side] = allocate(d, side, categories[side], *taken[side])
    for side in SIDES:  # 17.3.2 creative: before the roll, after the advantages (leaders: attacker first, 13.1.4)
        if setup.forces[side].commander() == "creative":
            raise_ = d.one(
                f"creative.{side}",
                side,
                "creative",
                [None, *sorted({c for c in categories[side] if c < 4})],
                dice=list(categories[side]),
            )
            if raise_ is not None:
                categories[side][categories[side].index(raise_)] += 1
    if before_roll is not None and before_roll():
        return None
    d.progress["categories"] = {side: list(categories[side]) for side in SIDES}
    dice: dict[Side, list[Die]] = {}
    for side in SIDES:
        rolls = d.rolls(f"rolls.{side}", len(categories[side]))
        dice[side] = [
            Die(u, c, r, tables.result(c, r)) for u, c, r in zip(units[side], categories[side], rolls, strict=False)
        ]
    d.progress["dice"] = dice  # the same lists: the +1 and the rerolls below show in it as they are made
    for side in SIDES:  # 17.3.2 tactical / admiral / determined: +1 to one die below 6, after the category
        if setup.forces[side].commander() in setup.bonus.get(side, ()):
            results = [die.result for die in dice[side]]
            plus = d.one(f"bonus.{side}", side, "bonus", [None, *sorted({r for r in results if r < 6})], dice=results)
            if plus is not None:
                i = results.index(plus)
                die = dice[side][i]
                dice[side][i] = Die(die.unit, die.category, die.roll, die.result + 1, True)
    for side in SIDES:  # combat cards after the leaders, attacker first (13.1.4)
        for n in range(setup.forces[side].rerolls):
            results = [die.result for die in dice[side]]
            again = d.one(f"reroll.{side}.{n}", side, "reroll", [None, *sorted(set(results))], dice=results)
            if again is None:
                break  # he declines: no more rerolls for this side
            i = results.index(again)
            roll = d.rolls(f"rerolls.{side}.{n}", 1)[0]
            dice[side][i] = Die(
                dice[side][i].unit, dice[side][i].category, roll, tables.result(dice[side][i].category, roll)
            )
    fought = tally(size, fighters, conscripts, dice, tables)
    return dataclasses.replace(
        fought,
        advantages={side: taken[side][0] for side in SIDES},
        disadvantages={side: taken[side][1] for side in SIDES},
    )


def tally(size: int, fighters: dict, conscripts: dict, dice: dict[Side, list[Die]], tables: CombatTables) -> Fought:
    """The combat table (13.1.6) and the counts of the persecution (13.1.7): every two casualties eliminate an
    enemy unit, an odd one is a disband result; the winner inflicts the difference in battle points."""
    points = {s: sum(tables.row(die.result).battle_points for die in dice[s]) for s in SIDES}
    casualties = {s: sum(tables.row(die.result).casualty for die in dice[s]) for s in SIDES}
    winner: Side | None = None
    if points["attacker"] != points["defender"]:
        winner = "attacker" if points["attacker"] > points["defender"] else "defender"
    eliminations = {s: casualties[other(s)] // 2 for s in SIDES}
    disbands = {
        s: casualties[other(s)] % 2 + (abs(points["attacker"] - points["defender"]) if s != winner and winner else 0)
        for s in SIDES
    }
    return Fought(size, fighters, conscripts, dice, points, casualties, winner, eliminations, disbands)


# ---------------------------------------------------------------------------------------------- persecution
def lose(d: Decider, key: str, side: Side, kind: str, candidates: list[str], count: int) -> list[str]:
    """The side suffering the losses chooses which of the candidates (13.1.7)."""
    return d.some(key, side, kind, candidates, count, count, count=count) if count > 0 else []


def removable(fought: Fought, side: Side, candidates: list[str], staying: int) -> int:
    """How many of ``candidates`` the side may lose: all, except that the winner never loses its last unit in the
    field (13.1.7); ``staying`` counts its fighting units that cannot be removed at all (e.g. a fortress)."""
    if side == fought.winner and staying == 0:
        return max(len(candidates) - 1, 0)
    return len(candidates)


def morale(fought: Fought) -> Side | None:
    """The loser that threw at least two dice delivers a morale counter to the winner (13.1.8, 13.2.6, 13.3.8,
    21.3.5); rebels and independents have none (the caller knows who is a major power)."""
    loser = fought.loser
    return loser if loser is not None and len(fought.dice[loser]) >= 2 else None


def veterans(
    d: Decider,
    fought: Fought,
    forces: dict[Side, Force],
    eliminated: dict[Side, list[str]],
) -> dict[Side, str | None]:
    """Each side that eliminated at least one enemy unit may veteranize one troop that fought (13.3.8, 16.1)."""
    chosen: dict[Side, str | None] = {}
    for side in SIDES:
        options = [
            u
            for u in fought.fighters[side]
            if forces[side].unit(u).kind == "troop" and not forces[side].unit(u).veteran and u not in eliminated[side]
        ]
        chosen[side] = None
        if eliminated[other(side)] and options:
            chosen[side] = d.one(f"veteran.{side}", side, "veteran", [None, *options])
    return chosen


def leaders_lost(force: Force, eliminated: list[str]) -> list[str]:
    """Leaders are eliminated with the last troop, squadron or fortress of the stack (13.1.7, 17.1)."""
    return (
        [leader.id for leader in force.leaders] if force.units and all(u.id in eliminated for u in force.units) else []
    )


def conscript_unrest(fought: Fought, forces: dict[Side, Force], main_map: bool) -> dict[Side, int]:
    """A conscript on the main map raises its major power's unrest by 1 (13.1.9)."""
    return {s: int(main_map and fought.conscripts.get(s, False) and forces[s].power is not None) for s in SIDES}


@dataclass(frozen=True)
class Result:
    """What a combat did; the type modules extend it. ``morale``: the side that delivers a morale counter to the
    winner; ``control``: the side that gains (or may gain, in a land battle) control of the area."""

    kind: str
    fought: Fought | None
    eliminated: dict[Side, list[str]]
    dispersed: dict[Side, list[str]]
    leaders_eliminated: dict[Side, list[str]]
    morale: Side | None
    veterans: dict[Side, str | None]
    unrest: dict[Side, int]
    control: Side | None = None

    @property
    def winner(self) -> Side | None:
        return None if self.fought is None else self.fought.winner

    def facts(self) -> list[tuple[str, dict]]:
        """Log-worthy facts as (message key, arguments) in the order they happened (COMBAT.md lists the keys)."""
        f = self.fought
        out: list[tuple[str, dict]] = []
        if f is not None:
            out.append(("combat.battlefield", {"kind": self.kind, "size": f.battlefield}))
            for side in SIDES:
                if f.conscripts.get(side):
                    out.append(("combat.conscript", {"side": side, "unrest": self.unrest[side]}))
                out.append(
                    (
                        "combat.dice",
                        {
                            "side": side,
                            "points": f.battle_points[side],
                            "casualties": f.casualties[side],
                            "dice": [[die.category, die.roll, die.result, die.bonus] for die in f.dice[side]],
                        },
                    )
                )
            out.append(("combat.won", {"side": f.winner}) if f.winner else ("combat.draw", {}))
        for side in SIDES:
            for key, ids in (
                ("combat.eliminated", self.eliminated[side]),
                ("combat.dispersed", self.dispersed[side]),
                ("combat.leaders_eliminated", self.leaders_eliminated[side]),
            ):
                if ids:
                    out.append((key, {"side": side, "units": ids}))
        if self.morale:
            out.append(("combat.morale", {"side": self.morale}))
        for side in SIDES:
            if self.veterans[side]:
                out.append(("combat.veteran", {"side": side, "unit": self.veterans[side]}))
        if self.control:
            out.append(("combat.control", {"side": self.control}))
        return out
