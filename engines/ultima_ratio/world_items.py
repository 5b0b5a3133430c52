"""Ultima Ratio Regis — the items of the world (powers' cards, minors, event cards, seat tables, deployments,
scenarios and turns) as pydantic models; ``world.py`` loads them from the data files and checks references. Their
ground is ``world_base``; the effects of events and special rules are ``world_effects``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import ConfigDict, Field, model_validator

from engines.ultima_ratio.world_base import (
    FAITHS,
    FIRST_TURN,
    LAST_TURN,
    Confidence,
    Item,
    Model,
    Namespaced,
    Religion,
    Source,
    TheaterKey,
    TurnSpan,
)
from engines.ultima_ratio.world_effects import Effect

if TYPE_CHECKING:
    from collections.abc import Iterable

    from engines.ultima_ratio.map import Area


# ---------------------------------------------------------------------------------------------- powers
class Objective(Model):
    """A VP objective of a power or minor card (22. Victory Points), scored at the end of the turn."""

    kind: Literal[
        "areas",
        "province",
        "areas_in_theater",
        "pass_to_possess",
        "trade_centers",
        "merchants",
        "military_victory",
        "imperial_voters",
    ]
    vp: int = Field(default=1, ge=1)
    areas: list[str] = []  # all of them are needed ("+" on the card)
    province: str | None = None
    theater: TheaterKey | None = None
    count: int | None = Field(default=None, ge=1)
    trade_centers: list[str] = []
    against: str | None = None  # military victory against this power: 1 VP per peace condition
    source: Source

    @model_validator(mode="after")
    def _fields(self) -> Objective:
        need = {
            "areas": self.areas,
            "pass_to_possess": self.areas,
            "province": self.province,
            "areas_in_theater": self.theater and self.count,
            "trade_centers": self.trade_centers,
            "merchants": self.count,
            "military_victory": self.against,
            "imperial_voters": self.count,
        }[self.kind]
        if not need:
            raise ValueError(f"objective {self.kind!r} is missing its target")
        return self


class Interest(Model):
    """Theaters a power may operate in during some turns (18.4.1)."""

    turns: TurnSpan
    theaters: list[TheaterKey]
    source: Source
    line: list[int] = []


class Troops(Model):
    """Troops available on the card: sides 2-3 are built as I2, sides 3-4 as I3 (9.1)."""

    q2_3: int = Field(ge=0, alias="2-3")
    q3_4: int = Field(ge=0, alias="3-4")
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Squadrons(Model):
    e2: int = Field(ge=0, alias="E2")
    e3: int = Field(ge=0, alias="E3")
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Ability(Model):
    """A special rule printed on a power card."""

    kind: Literal["piracy", "privateering", "free_regroup", "imperial_election"]
    text: str
    source: Source


class Power(Namespaced):
    """A major power card (3.2) plus its colours on the map."""

    KIND = "power"

    colour: str = Field(pattern=r"^#[0-9a-f]{6}$")
    variants: list[str] = []  # spellings in the playbook tables ("BARBARY C.")
    vitality: int = Field(ge=1)
    inherits: str | None = None  # takes over this power's seat, counters and holdings (Turn 11)
    base_maintenance: int = Field(ge=0)
    troops: Troops
    squadrons: Squadrons
    religion: Religion
    capital: str
    protestant_cross: bool = False  # the cross on the capital (Turn 6: those powers are Protestant)
    home_areas: list[str]  # solid colour on the map
    domains: list[str] = []  # grated colour on the map
    interests: list[Interest]
    objectives: list[Objective]
    abilities: list[Ability] = []

    @property
    def christian(self) -> bool:
        return FAITHS.get(self.religion) == "christian"

    def interest(self, turn: int) -> list[str]:
        for entry in self.interests:
            if entry.turns.covers(turn):
                return list(entry.theaters)
        return []


class MinorUnits(Model):
    troops: list[int] = []  # qualities of the troops on the card
    squadrons: list[int] = []
    fortresses: list[str] = []  # areas with a fortress printed on the card


class Minor(Namespaced):
    """A minor power card (20. Diplomacy with minor powers)."""

    KIND = "minor"

    kind: Literal["standard", "independent", "mercenary"]
    colour: str = Field(pattern=r"^#[0-9a-f]{6}$")
    variants: list[str] = []
    theater: TheaterKey | None  # mercenaries have no home theater (20.6)
    areas: list[str] = []
    units: MinorUnits
    religion: Religion
    alliance_card: str | None = None  # event id of its alliance card
    in_play: TurnSpan
    objectives: list[Objective] = []

    @model_validator(mode="after")
    def _home(self) -> Minor:
        if self.kind == "mercenary" and (self.areas or self.theater):
            raise ValueError("mercenary minors have no home territory (20.6)")
        if self.kind != "mercenary" and not (self.areas and self.theater):
            raise ValueError("a minor power needs its theater and areas")
        return self


# ---------------------------------------------------------------------------------------------- events
class Event(Namespaced):
    """An event card (3.1): generic (40, played any turn) or historical (played in its turns)."""

    KIND = "card"

    kind: Literal["generic", "historical"]
    category: Literal["combat", "alliance", "technology", "casus_belli", "war", "leader", "other"]
    action_points: int = Field(ge=1, le=3)
    priority: Literal["none", "always", "four_or_fewer"]
    turns: TurnSpan | None = None
    text: str
    effects: list[Effect]
    line: list[int] = []

    @model_validator(mode="after")
    def _kind(self) -> Event:
        if (self.kind == "historical") != (self.turns is not None):
            raise ValueError("historical events state their turns; generic events have none (8.1.4)")
        if self.category == "combat" and self.action_points != 1:
            raise ValueError("combat cards carry a single action point (3.1)")
        return self


# ---------------------------------------------------------------------------------------------- set-ups
class Seat(Model):
    seat: int = Field(ge=1)
    powers: list[str]
    starting_vp: int = Field(ge=0)
    vp_per_turn: int | None = Field(default=None, ge=0)
    line: list[int]
    confidence: Confidence
    source: Source
    note: str | None = None


class SeatTable(Model):
    players: int = Field(ge=1, le=8)
    seats: list[Seat]

    @model_validator(mode="after")
    def _numbered(self) -> SeatTable:
        if [s.seat for s in self.seats] != list(range(1, self.players + 1)):
            raise ValueError(f"{self.players}-player table must number its seats 1..{self.players}")
        return self


class Deployment(Model):
    """One row of a deployment table: points to spend, holdings, allies, interest (24. Deployment)."""

    power: str
    points: int | None = None  # None for rows that only add holdings (Turn 5)
    adds: bool = False  # the row adds to a power already in play
    home_areas: list[str] = []
    domains: list[str] = []
    allies: list[str] = []  # minor (or major) power ids
    interest: list[TheaterKey] | None = None
    initial_unrest: int | None = None  # only where the playbook overrides "unrest = vitality" (24.)
    printed: str  # the row as the playbook prints it
    line: list[int]
    confidence: Confidence
    source: Source
    note: str | None = None


class Marker(Model):
    """Markers placed at set-up: active independents (A2/A3) or revolts (R2/R3), in ``areas`` and in every area of
    ``theaters`` except ``except_areas`` ("the other areas of the mini-maps ... are independent A2")."""

    kind: Literal["independent", "rebellion"]
    level: int = Field(ge=2, le=3)
    areas: list[str] = []
    theaters: list[TheaterKey] = []
    except_areas: list[str] = []

    @model_validator(mode="after")
    def _somewhere(self) -> Marker:
        if not (self.areas or self.theaters):
            raise ValueError("a marker needs areas or theaters")
        return self

    def placed_in(self, areas: Iterable[Area] | None = None) -> set[str]:
        """The areas that get the marker (theaters are read from the map: ``areas``, a game's board's; else the
        packaged map, parsed on its first use in a process)."""
        placed = set(self.areas)
        if self.theaters:
            if areas is None:
                from engines.ultima_ratio.map import load_map

                areas = load_map().areas
            placed |= {a.id for a in areas if a.theater in self.theaters}
        return placed - set(self.except_areas)


class TradeCapacity(Model):
    trade_center: str
    capacity: int = Field(ge=0)


class Merchant(Model):
    """A merchant placed at set-up in a trade center (19.2.2)."""

    power: str
    trade_center: str
    fixed: bool = False  # "can not be removed" (until its power is activated, or by commercial competition)


class Setup(Model):
    """What a scenario or a turn sets up (Playbook 9 and 10); empty fields mean "no change"."""

    deployment: list[Deployment] = []
    markers: list[Marker] = []
    inactive_theaters: list[TheaterKey] = []
    inactive_provinces: list[str] = []
    inactive_areas: list[str] = []
    active_areas: list[str] = []  # exceptions inside inactive theaters or provinces
    naval_operation_distance: dict[Literal["mediterranean", "elsewhere"], int] | None = None
    trade_capacities: list[TradeCapacity] = []
    other_trade_capacity: int | None = None  # "Rest 0": every trade center not listed
    merchants: list[Merchant] = []
    active_events: list[str] = []
    special_rules: list[SpecialRule] = []


class SpecialRule(Model):
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    text: str
    line: list[int]
    effects: list[Effect] = []
    source: Source = "rulebook"
    when: Literal["start", "end"] = "start"  # its effects at the turn's start (8.1.1) or its end ("End of turn: ...")


class Turn(Item, Setup):
    """A turn of Playbook "10. Turns": its year, new powers, interest table, special rules, active events."""

    number: int = Field(ge=FIRST_TURN, le=LAST_TURN)
    year: int
    interests: dict[str, list[TheaterKey]] = {}
    line: list[int]


class Scenario(Item, Setup):
    """A scenario of Playbook "9. Scenarios"."""

    section: str = Field(pattern=r"^9\.[1-8]$")
    turns: TurnSpan
    players: tuple[int, int]
    theaters: list[TheaterKey]
    seat_tables: list[SeatTable] = []
    deployment_from: str | None = None  # "Deployment: See turn N" (a turn or scenario id)
    rules_from: str | None = None  # "Special rules: See turn N" (a turn id)
    cards_per_player: int | None = None
    played_with_cards: bool = True  # 8.1.4; 9.1 "is played without cards" (l. 1920)
    removed_events: list[str] = []
    line: list[int]

    def powers(self) -> set[str]:
        """The major powers of the scenario: those its seat tables hand out."""
        return {p for table in self.seat_tables for seat in table.seats for p in seat.powers}

    @model_validator(mode="after")
    def _tables(self) -> Scenario:
        low, high = self.players
        have = sorted(t.players for t in self.seat_tables)
        if have and have != list(range(low, high + 1)):
            raise ValueError(f"scenario {self.section}: seat tables for {have}, players {low}-{high}")
        if bool(self.deployment) == (self.deployment_from is not None):
            raise ValueError(f"scenario {self.section} needs its own deployment or deployment_from, not both")
        return self


Effect.model_rebuild()
Setup.model_rebuild()
Turn.model_rebuild()
Scenario.model_rebuild()
