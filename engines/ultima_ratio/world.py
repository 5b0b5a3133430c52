"""Ultima Ratio Regis — the world as data: major powers, minor powers, event cards, scenarios and turns.

The powers' cards, the event cards and the playbook tables (Playbook "9. Scenarios" and "10. Turns") are loaded
from YAML files in ``data/`` and validated here. Every item carries ``source: rulebook`` (the rulebook states
it) or ``source: reconstructed`` (the printed card or map is not in the rulebook; see WORLD.md).

An owner can replace any of the files ``powers.yaml``, ``minors.yaml``, ``events.yaml``, ``scenarios.yaml`` and
``turns.yaml`` with their own: put it in the content folder's ``ultima-ratio-regis/`` subfolder; a file of the same
name in it is used instead of the packaged one and validated the same way.

Cross-references inside the world (power, minor, event ids) are checked on load; references into the map
(areas, provinces, seas, trade centers, theaters) are checked by the test suite against ``map.load_map()``.
"""

from __future__ import annotations

import pathlib
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from pydantic import PrivateAttr, ValidationError, model_validator

from engines.core.content import owner_folder, read_yaml
from engines.core.types import ContentError
from engines.ultima_ratio.world_base import ANY, FIRST_TURN, LAST_TURN, Model
from engines.ultima_ratio.world_items import Event, Minor, Power, Scenario, Setup, SpecialRule, Turn

if TYPE_CHECKING:
    from engines.ultima_ratio.map import Area

DATA_DIR = pathlib.Path(__file__).resolve().parent / "data"
GAME_ID = "ultima-ratio-regis"
WORLD_FILES = ("powers.yaml", "minors.yaml", "events.yaml", "scenarios.yaml", "turns.yaml")


class World(Model):
    powers: list[Power]
    minors: list[Minor]
    events: list[Event]
    scenarios: list[Scenario]
    turns: list[Turn]
    # worked out on demand, never changed (the model is frozen): ``scenario_owners`` by scenario and turn
    _owners_known: dict[tuple[str, int | None], dict[str, str]] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _references(self) -> World:
        problems: list[str] = []
        for kind in ("powers", "minors", "events", "scenarios", "turns"):
            ids = [i.id for i in getattr(self, kind)]
            if len(ids) != len(set(ids)):
                problems.append(f"duplicate {kind} ids")
        if sorted(t.number for t in self.turns) != list(range(FIRST_TURN, LAST_TURN + 1)):
            problems.append("turns must be 1-11, once each")
        problems += [f"unknown reference {ref}" for ref in self.dangling()]
        if problems:
            raise ValueError("; ".join(problems))
        return self

    # ----- look-ups
    def power(self, power_id: str) -> Power:
        return next(p for p in self.powers if p.id == power_id)

    def minor(self, minor_id: str) -> Minor:
        return next(m for m in self.minors if m.id == minor_id)

    def event(self, event_id: str) -> Event:
        return next(e for e in self.events if e.id == event_id)

    def scenario(self, scenario_id: str) -> Scenario:
        for s in self.scenarios:
            if s.id == scenario_id:
                return s
        raise KeyError(f"no scenario {scenario_id!r}")

    def turn(self, number: int) -> Turn:
        return next(t for t in self.turns if t.number == number)

    def rules_in_force(self, scenario_id: str, turn: int, first_turn: int) -> tuple[SpecialRule, ...]:
        """The special rules read while ``turn`` lasts (8.1.1): the turn's, and on the scenario's first turn the
        scenario's own too (the cards a turn removes, ``deck.removed``; the cost of diplomacy, RULINGS TS-3)."""
        own = self.scenario(scenario_id).special_rules if turn == first_turn else []
        return (*self.turn(turn).special_rules, *own)

    def setup(self, setup_id: str) -> Scenario | Turn:
        """A scenario or a turn by id ("turn-6")."""
        return next(s for s in self.setups() if s.id == setup_id)

    def cards(self) -> list[Power | Minor]:
        """The power cards, major and minor."""
        return [*self.powers, *self.minors]

    def setups(self) -> list[Scenario | Turn]:
        return [*self.scenarios, *self.turns]

    def effects(self):
        """Every effect of every event and special rule, nested ones included."""
        for event in self.events:
            for effect in event.effects:
                yield from effect.walk()
        for setup in self.setups():
            for rule in setup.special_rules:
                for effect in rule.effects:
                    yield from effect.walk()

    # ----- references
    def dangling(self) -> list[str]:
        """References to powers, minors and events that do not exist (map references are checked by tests)."""
        powers = {p.id for p in self.powers}
        parties = powers | {m.id for m in self.minors}
        chosen = parties | {ANY}
        events = {e.id for e in self.events}
        bad: list[str] = []

        def need(ref: str | None, pool: set[str], what: str) -> None:
            if ref is not None and ref not in pool:
                bad.append(f"{what} {ref!r}")

        for minor in self.minors:
            need(minor.alliance_card, events, "event")
        for power in self.powers:
            need(power.inherits, powers, "power")
        for obj in (o for card in self.cards() for o in card.objectives):
            need(obj.against, powers, "power")
        for setup in self.setups():
            for row in setup.deployment:
                need(row.power, powers, "power")
                for ally in row.allies:
                    need(ally, parties, "ally")
            for name in setup.active_events:
                need(name, events, "event")
            for merchant in setup.merchants:
                need(merchant.power, powers, "power")
        for scenario in self.scenarios:
            for table in scenario.seat_tables:
                for seat in table.seats:
                    for p in seat.powers:
                        need(p, powers, "power")
            for e in scenario.removed_events:
                need(e, events, "event")
            for ref in (scenario.deployment_from, scenario.rules_from):
                need(ref, {s.id for s in self.setups()} - {scenario.id}, "set-up")
        for turn in self.turns:
            for p in turn.interests:
                need(p, powers, "power")
        for effect in self.effects():
            if effect.condition is not None:
                need(effect.condition.power, powers, "power")
                need(effect.condition.minor, {m.id for m in self.minors}, "minor")
                for p in effect.condition.powers:
                    need(p, powers, "power")
            need(effect.power, chosen, "power")
            need(effect.with_, chosen, "power")
            for p in (*effect.powers, *effect.against):
                need(p, chosen, "power")
            need(effect.minor, {m.id for m in self.minors}, "minor")
            need(effect.event, events, "event")
        return bad

    def map_references(self) -> dict[str, set[str]]:
        """Every area, province and trade-center id the world refers to (for the map checks)."""
        refs: dict[str, set[str]] = {"areas": set(), "provinces": set(), "trade_centers": set()}
        areas, provinces, centers = refs["areas"], refs["provinces"], refs["trade_centers"]
        for power in self.powers:
            areas.update(power.home_areas, power.domains, [power.capital])
        for obj in (o for card in self.cards() for o in card.objectives):
            areas.update(obj.areas)
            centers.update(obj.trade_centers)
            if obj.province:
                provinces.add(obj.province)
        for minor in self.minors:
            areas.update(minor.areas, minor.units.fortresses)
        for setup in self.setups():
            for row in setup.deployment:
                areas.update(row.home_areas, row.domains)
            for marker in setup.markers:
                areas.update(marker.areas, marker.except_areas)
            areas.update(setup.inactive_areas, setup.active_areas)
            provinces.update(setup.inactive_provinces)
            centers.update(c.trade_center for c in setup.trade_capacities)
            centers.update(m.trade_center for m in setup.merchants)
        for effect in self.effects():
            areas.update(effect.areas)
            if effect.condition is not None:
                areas.update(effect.condition.areas)
                if effect.condition.province:
                    provinces.add(effect.condition.province)
            if effect.trade_center:
                centers.add(effect.trade_center)
        return refs


# ---------------------------------------------------------------------------------------------- loading
def data_file(name: str, content_dir: pathlib.Path | str | None = None) -> pathlib.Path:
    """The packaged data file, or the owner's file of the same name in ``<content_dir>/ultima-ratio-regis/``."""
    folder = owner_folder(content_dir, GAME_ID)
    if folder is not None and (folder / name).is_file():
        return folder / name
    return DATA_DIR / name


def load_world(content_dir: pathlib.Path | str | None = None) -> World:
    """Load and validate the five world files (``ContentError`` naming the problem)."""
    return _load(str(content_dir) if content_dir else None)


@lru_cache(maxsize=4)
def _load(content_dir: str | None) -> World:
    data = {name.removesuffix(".yaml"): read_yaml(data_file(name, content_dir), GAME_ID) or [] for name in WORLD_FILES}
    try:
        return World.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ContentError(f"{GAME_ID}: the world files: {'.'.join(map(str, err['loc']))}: {err['msg']}") from None


# ---------------------------------------------------------------------------------------------- owners
def scenario_owners(
    scenario_id: str, turn: int | None = None, world: World | None = None, areas: Iterable[Area] | None = None
) -> dict[str, str]:
    """Who possesses each area at the start of ``turn`` of a scenario (default: its first turn), in ``world`` and
    on the map of ``areas`` (the packaged ones by default; a game passes its board's: the map read once by the
    core loader, not parsed again, ~0.3 s, in the middle of a move).

    Values are power ids, or minor ids for the areas of minor powers in play. Areas holding an independent
    or revolt marker at set-up, and areas of powers or minors not in play, are left out. The scenario's own
    deployment (or that of the turn it refers to) comes first; each later turn then adds the deployment rows
    and the possession changes of its special rules (Playbook 9, "Instructions for using the scenarios").
    Worked out once per world, scenario and turn (a few milliseconds: an event's ``activate`` asks it in play).
    """
    world = world or load_world()
    key = (scenario_id, turn)
    if key not in world._owners_known:
        world._owners_known[key] = _owners(world, scenario_id, turn, areas)
    return dict(world._owners_known[key])


def _owners(world: World, scenario_id: str, turn: int | None, areas: Iterable[Area] | None) -> dict[str, str]:
    scenario = world.scenario(scenario_id)
    turn = scenario.turns.first if turn is None else turn
    if not scenario.turns.covers(turn):
        raise ValueError(f"scenario {scenario_id} is played in turns {scenario.turns.first}-{scenario.turns.last}")
    powers = scenario.powers()
    powers |= {p.id for p in world.powers if p.inherits in powers}
    owners: dict[str, str] = {}
    start = world.setup(scenario.deployment_from) if scenario.deployment_from else scenario
    _apply_setup(world, start, owners, scenario.turns.first, areas, first=True)
    if start is not scenario:
        _apply_rules(scenario, owners, areas)
    if scenario.rules_from:
        _apply_rules(world.setup(scenario.rules_from), owners, areas)
    for number in range(scenario.turns.first + 1, turn + 1):
        _apply_setup(world, world.turn(number), owners, number, areas, first=False, powers=powers)
    return owners


def _apply_setup(
    world: World,
    setup: Setup,
    owners: dict[str, str],
    turn: int,
    areas: Iterable[Area] | None,
    first: bool,
    powers: set[str] | None = None,
) -> None:
    for row in setup.deployment:
        if powers is not None and row.power not in powers:
            continue
        for area in (*row.home_areas, *row.domains):
            owners[area] = row.power
    for minor in world.minors:
        if minor.in_play.last == turn - 1:
            for area in minor.areas:
                if owners.get(area) == minor.id:
                    del owners[area]
        elif minor.in_play.first == turn and not first:
            owners.update(dict.fromkeys(minor.areas, minor.id))
        elif first and minor.in_play.covers(turn):
            for area in minor.areas:
                owners.setdefault(area, minor.id)
    _apply_rules(setup, owners, areas)


def _apply_rules(setup: Setup, owners: dict[str, str], areas: Iterable[Area] | None) -> None:
    """Unconditional possession changes of the special rules, then the independent markers."""
    for rule in setup.special_rules:
        for effect in rule.effects:
            if effect.op == "possession" and effect.condition is None:
                assert effect.power is not None  # EFFECT_OPS: a possession names its power (validated on load)
                owners.update(dict.fromkeys(effect.areas, effect.power))
    for marker in setup.markers:
        if marker.kind == "independent":
            for area in marker.placed_in(areas):
                owners.pop(area, None)
