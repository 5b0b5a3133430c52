"""Ultima Ratio Regis — the items of the world (powers' cards, minors, event cards, seat tables, deployments,
scenarios and turns) as pydantic models; ``world.py`` loads them from the data files and checks references."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

Source = Literal["rulebook", "reconstructed"]
Confidence = Literal["high", "medium", "low"]
TheaterKey = Literal["WM", "CM", "EM", "WE", "CE", "EE", "SEE", "BT", "TE", "Si", "Na", "Ca", "Sa", "Af", "In", "As"]
THEATER_KEYS: tuple[str, ...] = get_args(TheaterKey)
Religion = Literal["catholic", "protestant", "orthodox", "sunni", "shia", "other"]
FAITHS = {
    "catholic": "christian",
    "protestant": "christian",
    "orthodox": "christian",
    "sunni": "muslim",
    "shia": "muslim",
}
FIRST_TURN, LAST_TURN = 1, 11
ANY = "any"  # in an effect: the power the player who plays the card chooses


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Item(Model):
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str
    source: Source


# A content id is namespaced by its kind, ``<kind>:<slug>`` (ENGINE.md › Content ids; issue 27): no two items share an id
NAMESPACED = r"^[a-z]+:[a-z0-9]+(-[a-z0-9]+)*$"


class Namespaced(Item):
    """An item whose id carries its kind's prefix, ``KIND`` (``power``, ``minor``, ``card``, ``leader``)."""

    KIND: ClassVar[str]
    id: str = Field(pattern=NAMESPACED)

    @model_validator(mode="after")
    def _kind(self) -> Namespaced:
        if not self.id.startswith(f"{self.KIND}:"):
            raise ValueError(f"{self.id}: the id of a {self.KIND} is {self.KIND}:<slug>")
        return self


class TurnSpan(Model):
    """Turns ``first``..``last`` inclusive (Playbook "10. Turns" numbers them 1-11)."""

    first: int = Field(ge=FIRST_TURN, le=LAST_TURN)
    last: int = Field(ge=FIRST_TURN, le=LAST_TURN)

    @model_validator(mode="after")
    def _ordered(self) -> TurnSpan:
        if self.last < self.first:
            raise ValueError(f"turn span {self.first}-{self.last} runs backwards")
        return self

    def covers(self, turn: int) -> bool:
        return self.first <= turn <= self.last


# ---------------------------------------------------------------------------------------------- effects
# condition kind -> the fields it needs; the comment says when the condition holds
CONDITION_KINDS: dict[str, tuple[str, ...]] = {
    "players": ("players",),  # the game has `players` players
    "from_turn": ("turn",),  # from turn `turn` on
    "end_of_turn": ("turn",),  # at the end of turn `turn`
    "in_play": ("power",),  # `power` is in play
    "possesses": ("power", "areas"),  # `power` possesses every one of `areas`
    "gains_possession": ("power", "areas"),  # `power` comes to possess one of `areas` (once per area)
    "independent": ("areas",),  # `areas` are still independent
    "christian_possession": ("areas",),  # a Christian power possesses `areas` (at the next turn's start)
    "not_allied": ("minor",),  # `minor` is allied with none of `powers` (or of `religion`; any)
    "religion": ("power", "religion"),  # `power` is of `religion` now
    "defeated": ("power", "morale"),  # `power` lost its war by a war status of `morale` or more
    "most_possessions": ("province",),  # the power with most possessions in `province` (ties: none)
    "most_troops": (),  # the power with most troops on the map
    "each_power_of_the_player": (),  # every power of the player who plays the card
    "casus_belli_with": (),  # against the powers the chosen power has a CB with
    "battle": ("battle",),  # in a `battle` battle fought by one of `powers` (any if empty)
    "terrain": ("terrain",),  # the battle's area has one of `terrain`
}

# a Literal built from the table: pydantic validates it at run time; mypy, which cannot read a Literal made at run
# time, sees a str
if TYPE_CHECKING:
    from collections.abc import Iterable

    from engines.ultima_ratio.map import Area

    ConditionKind = str
else:
    ConditionKind = Literal[tuple(CONDITION_KINDS)]


class Condition(Model):
    """When an effect applies (its `kind` says which test; see ``CONDITION_KINDS``)."""

    kind: ConditionKind
    players: int | None = Field(default=None, ge=1, le=8)
    turn: int | None = Field(default=None, ge=FIRST_TURN, le=LAST_TURN)
    power: str | None = None
    powers: list[str] = []
    areas: list[str] = []
    minor: str | None = None
    religion: Religion | None = None
    morale: int | None = Field(default=None, ge=1)
    province: str | None = None
    battle: Literal["land", "naval", "siege"] | None = None
    terrain: list[Literal["open", "forest", "mountain", "marsh"]] = []

    @model_validator(mode="after")
    def _required(self) -> Condition:
        missing = [f for f in CONDITION_KINDS[self.kind] if getattr(self, f) in (None, [])]
        if missing:
            raise ValueError(f"condition {self.kind!r} needs {', '.join(missing)}")
        return self


# operation -> the fields it needs; the comment says what the engine does
EFFECT_OPS: dict[str, tuple[str, ...]] = {
    "war": ("powers",),  # the powers go to war at once; the winner scores `vp` (21.3.1)
    "casus_belli": ("power", "against"),  # `power` gains a CB against `against`; `vp` bonus if at war
    "alliance_auction": (),  # auction for `minor` or a minor of `theaters` (20.3.1)
    "technology_auction": ("technology",),  # auction for `technology` against unrest (19.3.1)
    "combat": ("combat",),  # combat card: `advantage`, `battlefield` change, `reroll` (13.1)
    "unrest": ("amount",),  # `power` (or each of `powers`) changes unrest by `amount`
    "vp": ("power", "amount"),  # `power` scores `amount` VP (when `condition` holds)
    "rebellion": ("level",),  # a revolt of `level` in `areas` (or `count` areas) (18.3)
    "independent": ("level", "areas"),  # active independent markers of `level` in `areas` (18.2.2)
    "interest": ("power", "theaters"),  # `power` gains interest in `theaters` (18.4.1)
    "trade_capacity": ("trade_center", "amount"),  # `trade_center` capacity changes by `amount` (19.2.3)
    "activate": (),  # `theaters` / `areas` become active
    "deactivate": (),  # `theaters` / `areas` become inactive
    "piracy": ("power",),  # `power` may carry out piracy (11.5.1)
    "leader": ("power", "leader", "ability"),  # historical leader joins `power` with `ability` (17.3.1)
    "possession": ("power", "areas"),  # `areas` pass to `power` (a power or minor id)
    "religion": ("power", "religion"),  # `power` becomes `religion`
    "open_mediterranean": (),  # fleets may enter and leave the Mediterranean (18.6.1)
    "naval_distance": ("amount",),  # naval operation distance outside the Mediterranean (11.1)
    "minor_appears": ("minor",),  # `minor` enters play
    "minor_disappears": ("minor",),  # `minor` leaves play
    "alliance": ("power", "with_"),  # `power` and `with` are allied until war breaks out (21.1)
    "alliance_ends": ("minor",),  # `minor` becomes neutral (20.4.1) if its ally is of `religion` (any ally without)
    "peace": ("powers",),  # the wars between `powers` end (21.4)
    "fortune": ("target", "then"),  # roll a die: `target`+ applies `then`, else `otherwise`
    "remove_card": ("event",),  # the event `event` leaves the deck
    "no_casus_belli": ("powers", "theaters"),  # while in force: no CB between `powers` over areas of `theaters`
    # while the turn lasts: an alliance auction (20.3.1) won by a power of the other faith than the minor's
    # (Christian / Muslim: ``faith``) raises its unrest by `amount` more than its bet, the maximum bet unchanged
    "diplomacy_cost": ("amount",),
    # while the turn lasts (the card played this turn): the Imperial election's winner scores `amount` more VP (Luther)
    "election_vp": ("amount",),
}
# as ConditionKind
if TYPE_CHECKING:
    EffectOp = str
else:
    EffectOp = Literal[tuple(EFFECT_OPS)]


class Effect(Model):
    """One step of an event or special rule, in a form the engine executes (see ``EFFECT_OPS``)."""

    op: EffectOp
    power: str | None = None
    powers: list[str] = []
    against: list[str] = []
    with_: str | None = Field(default=None, alias="with")
    minor: str | None = None
    event: str | None = None
    technology: Literal["siege", "land", "naval", "industrial"] | None = None
    combat: Literal["attacker", "defender", "either", "naval", "siege", "subjugation", "interception"] | None = None
    battles: list[Literal["land", "naval", "siege", "subjugation"]] = []  # a combat card's combats (empty: any)
    siege_casualties: int = 0  # a combat card adds siege casualties to the besieged (13.4.2)
    advantage: int = 0
    battlefield: int = 0
    reroll: int = 0
    amount: int | None = None
    vp: int = 0
    level: int | None = Field(default=None, ge=2, le=3)
    count: int | None = None
    areas: list[str] = []
    theaters: list[TheaterKey] = []
    trade_center: str | None = None
    leader: str | None = None
    ability: Literal["tactical", "admiral", "determined", "creative", "organizer"] | None = None
    religion: Religion | None = None
    per: Literal["unrest"] | None = None  # `amount` is multiplied by the power's unrest level
    until_turn_end: bool = False  # an alliance auction's alliance ends at the end of the turn (Imperial election)
    condition: Condition | None = None
    target: int | None = Field(default=None, ge=1, le=6)
    then: list[Effect] = []
    otherwise: list[Effect] = []
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _required(self) -> Effect:
        missing = [f for f in EFFECT_OPS[self.op] if getattr(self, f) in (None, [], "")]
        if missing:
            raise ValueError(f"effect {self.op!r} needs {', '.join(m.rstrip('_') for m in missing)}")
        if self.op in ("activate", "deactivate") and not (self.theaters or self.areas):
            raise ValueError(f"effect {self.op!r} needs theaters or areas")
        if self.op == "alliance_auction" and not (self.minor or self.theaters):
            raise ValueError("effect 'alliance_auction' needs minor or theaters")
        if self.op == "unrest" and not (self.power or self.powers):
            raise ValueError("effect 'unrest' needs power or powers")
        return self

    def walk(self):
        """This effect and every nested one (fortune branches)."""
        yield self
        for sub in (*self.then, *self.otherwise):
            yield from sub.walk()


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
