"""The Planet King's content items: the models of its notables (nobles, geniuses, ladies), event cards, secret
memorials, leaders, powers, wars, territories, lines, scenarios and printed tables, each field as the rulebook
states it (Components; Setup; Scenarios; Battle Name Generator; Errata), and the conditions, effects and checks
an item may name. content.py loads the files into them and cross-checks their references.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, NotRequired

from pydantic import BaseModel, ConfigDict, Field, model_validator, with_config
from typing_extensions import TypedDict

Source = Literal["rulebook", "reconstructed"]
Turn = Annotated[int, Field(ge=1, le=8)]
Fortune = Literal["eagle", "pigeon", "crow"]
Art = Literal["literature", "painting", "sculpture", "music", "science"]
Trait = Literal[
    "writer",
    "musician",
    "patron",
    "explorer",
    "admiral",
    "fortune",
    "brave",
    "father",
    "son",
    "libertine",
    "corrupt",
    "loyal",
    "industrious",
    "charismatic",
    "tactician",
    "advisor",
    "mercenary",
]
LadyTrait = Literal["patron", "advisor", "fortune"]
Special = Literal["isabel_clara_eugenia", "spinola", "juan_jose_of_austria", "conde", "sor_maria_de_agreda"]
Office = Literal["viceroy_of_the_indies", "viceroy_of_italy", "governor_of_flanders", "ambassador_in_austria"]
ID = re.compile(r"^pk:[a-z]+:[a-z0-9-]+$")

# Keys the engine dispatches on. A condition / check is "key" or "key:arg|arg" (e.g. "at_war:pk:power:...").
CONDITIONS = {
    # the events' '?' seals (Organisation Phase › Creating the Event Decks)
    "at_war",
    "victory_points_or_war_ended",
    "victory_points_or_prestige",
    "union_of_arms_adds",
    "hunt",
    "union_of_arms_completed",
    "active_wars_minus_one",
    "war_in_progress_from_turn",
    # the notables' '?' seals (Father/Son, Sor María de Ágreda, Condé) and Margarit joining the French leaders
    "father_removed",
    "turn_or_valido_dismissed",
    "the_fronde",
    "guerra_dels_segadors_played",
    # red text naming a condition that removes the card
    "war_won",
    "war_lost",
    "war_ended",
}
EFFECTS = {  # the event handlers (Events; Wars › War Event Cards; Actions › Action Event Cards)
    "action",
    "instability",
    "total_war",
    "franco_spanish_war",
    "flanders_war",
    "anglo_spanish_war",
    "turkish_war",
    "portuguese_war",
    "guerra_dels_segadors",
    "ensign_nun",
    "his_majesty_the_king",
    "union_of_arms",
    "royal_marriage",
    "patron",
    "spanish_golden_age",
    "uprising",
    "rivalry",
    "storms",
    "traitor",
    "the_twilight_of_life",
    "fall_from_grace",
    "spanish_road",
    "diplomacy",
    "mercenaries",
    "corruption",
    "old_tercio",
    "libertines",
    "conspiracy_of_nobles",
    "corsairs_of_dunkirk",
    "austrian_alliance",
    "wallenstein",
    "palatinate",
    "the_fronde",
    "raid",
    "pirates",
    "barbary_pirates",
    "counter_armada",
    "corrales_and_brothels",
    "beaten_to_a_pulp",
    "sebastian_de_morra",
    "barbara_van_beck",
    "excellent_harvests",
    "the_plague",
    "west_indies_fleet",
    "galleon_of_manila",
    "construction",
    "hunting_day",
    "shipwreck",
}
CHECKS = {
    "won_war",
    "enlightenment_at_least",
    "happiness_at_least",
    "prestige_at_least",
    "wars_at_least",
    "won_war_at_war_with",
    "heir_alive",
    "court_painter",
    "geniuses_at_court",
    "war_not_lost",
    "union_of_arms_completed",
    "exploration_reached",
    "valtellina_open",
}


def _key(value: str) -> str:
    return value.split(":", 1)[0]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Item(Model):
    """What every content item has (issue 4, Content): id, name, kind, source."""

    id: str
    name: str
    kind: str
    source: Source
    stated: list[str] = []
    lines: list[int] = []
    aliases: list[str] = []
    note: str = ""

    @model_validator(mode="after")
    def _traceable(self):
        if not ID.match(self.id):
            raise ValueError(f"id {self.id!r} is not of the form pk:<group>:<slug>")
        unknown = [f for f in self.stated if f not in type(self).model_fields]
        if unknown:
            raise ValueError(f"{self.id}: stated names unknown fields {unknown}")
        if self.source == "reconstructed" and self.stated:
            raise ValueError(f"{self.id}: a reconstructed item cannot have stated values")
        if self.source == "rulebook" and not self.lines:
            raise ValueError(f"{self.id}: a rulebook item must cite its lines")
        for field, keys in (
            ("condition", CONDITIONS),
            ("removed_if", CONDITIONS),
            ("check", CHECKS),
            ("effect", EFFECTS),
        ):
            value = getattr(self, field, None)
            if value and _key(value) not in keys:
                raise ValueError(f"{self.id}: unknown {field} {value!r}")
        turn_in, turn_out = getattr(self, "turn_in", None), getattr(self, "turn_out", None)
        if turn_in and turn_out and turn_out < turn_in:
            raise ValueError(f"{self.id}: turn_out before turn_in")
        return self


class Seal(Item):
    """The seal at the bottom right of a card: turn of entry, turn of exit (the last turn it is used, as in
    'LÜTZEN is only used on turns 2, 3 and 4'), or a question mark with its condition (Components › Cards).
    A '?' card's condition alone decides whether it is used (it has no turn of entry)."""

    turn_in: Turn | None = None
    turn_out: Turn | None = None
    conditional: bool = False
    condition: str | None = None

    @model_validator(mode="after")
    def _seal(self):
        if self.conditional != (self.condition is not None):
            raise ValueError(f"{self.id}: a '?' seal needs a condition and only it has one")
        if self.conditional and (self.turn_in or self.turn_out):
            raise ValueError(f"{self.id}: a '?' seal has no turns")
        return self


class Noble(Seal):
    """NOBLE cards: Military / Political / Government ratings, prestige and traits (Components › NOBLE Cards)."""

    kind: Literal["noble"]
    military: int | None = Field(ge=0, le=3)
    political: int = Field(ge=0, le=3)
    government: int | None = Field(ge=0, le=3)
    prestige: int
    traits: list[Trait] = []
    son: str | None = None
    father: str | None = None
    coat_of_arms: bool = False
    special: Special | None = None

    @model_validator(mode="after")
    def _noble(self):
        if self.turn_in is None and not self.conditional:
            raise ValueError(f"{self.id}: a notable enters on a turn or on a condition")
        if ("father" in self.traits) != (self.son is not None):
            raise ValueError(f"{self.id}: the father trait goes with a son card")
        return self


class Genius(Seal):
    """GENIUS cards: art (category) and enlightenment points (Components › GENIUS Cards)."""

    kind: Literal["genius"]
    art: Art
    enlightenment: int = Field(ge=1, le=3)


class Lady(Seal):
    """LADY cards: happiness, fertility, prestige; patron, advisor or fortune traits (Components › LADY Cards).
    ``mistress_enlightenment`` is MARÍA CALDERÓN's music point as Royal Mistress."""

    kind: Literal["lady"]
    happiness: int = Field(ge=0)
    fertility: int = Field(ge=0)
    prestige: int
    traits: list[LadyTrait] = []
    mistress_enlightenment: int = 0
    mistress_art: Art | None = None


Notable = Annotated[Noble | Genius | Lady, Field(discriminator="kind")]


class EventCard(Seal):
    """EVENT cards (Components › Event Cards; Events). ``effect`` names the handler shared by the copies of a card,
    ``params`` its printed numbers; ``removed_if`` is red text describing a condition that removes the card,
    ``removes`` the cards its red text removes at the next Organisation phase."""

    kind: Literal["event", "war", "action", "total_war", "instability"]
    number: int = Field(ge=1, le=68)
    fortune: Fortune
    flame: bool = False
    sp_elimination: bool = False
    effect: str
    params: dict[str, Any] = {}
    war: str | None = None
    removed_if: str | None = None
    removes: list[str] = []
    optional: bool = False
    manager: Literal["king", "valido"] | None = None
    war_only_discard: bool = False
    text: str


class Memorial(Item):
    """SECRET MEMORIAL cards: owner ('Of The Council' / 'Of H.M.'), task and the three VP circles: black (lost if
    not done), red (short scenario), white (campaign) (Secret Memorial › Secret Memorial Letters)."""

    kind: Literal["memorial"]
    owner: Literal["council", "hm"]
    task: str
    immediate: bool
    vp_black: int = Field(ge=0)
    vp_red: int = Field(ge=0)
    vp_white: int = Field(ge=0)
    check: str


class Leader(Item):
    """Military leader counters (Tokens › Military Leaders): strategy, tactician (red circle), admiral (anchor),
    and the turns on the back. Spanish counters follow their noble card; ``fronts`` limits a foreign leader to
    some wars (null: every war of its power); ``condition`` makes it available only then."""

    kind: Literal["leader"]
    side: Literal["spanish", "foreign"]
    noble: str | None = None
    power: str | None = None
    strategy: int | None = Field(ge=1, le=3)
    tactician: bool = False
    admiral: bool = False
    turn_in: Turn
    turn_out: Turn
    fronts: list[str] | None = None
    condition: str | None = None

    @model_validator(mode="after")
    def _leader(self):
        if (self.side == "spanish") != (self.noble is not None) or (self.side == "foreign") != bool(self.power):
            raise ValueError(f"{self.id}: a Spanish counter names its noble, a foreign one its power")
        return self


class StrengthChange(Model):
    card: str
    strength: int
    until: Literal["end_of_game", "end_of_turn"]


class Power(Item):
    """Foreign powers: army strength (the circled number), naval powers (a ship) (Components › Game Board)."""

    kind: Literal["power"]
    strength: int = Field(ge=1)
    naval: bool
    strength_changes: list[StrengthChange] = []


class War(Item):
    """A war track or French front: black spaces (the player's side), red spaces, VP at each end (Wars)."""

    kind: Literal["war", "front"]
    power: str
    black: int = Field(ge=1)
    red: int = Field(ge=1)
    vp_win: int = Field(ge=0)
    vp_loss: int = Field(ge=0)
    black_before: int | None = None
    fleets: Literal["required", "one", "none"]
    provincial_tercios: bool
    declared_by_events: bool = True
    declared_from: str | None = None
    battle_names: str | None = None


class Territory(Item):
    """Territories, viceroyalties, overseas territories, settlements and the Plus Ultra box (Components › Game
    Board). ``income`` is the ducats placed on an overseas territory each turn; ``fortification`` the level."""

    kind: Literal["spain", "nation", "viceroyalty", "overseas", "settlement", "box"]
    region: Literal["europe", "indies", "plus_ultra"]
    income: int = Field(0, ge=0)
    fortification: int = Field(0, ge=0, le=2)
    portuguese: bool = False
    settlement: bool = False
    location_marker: Literal["europe", "indies"] | None = None
    tercios: bool = True
    fleets: bool = True


class Line(Item):
    """A line of communication between two territories / wars (Simple Actions › Move a Fleet, Tercio or Leader)."""

    kind: Literal["line"]
    ends: tuple[str, str]
    valtellina: bool = False


class WarSetup(Model):
    war: str
    position: int
    commander: str | None = None
    enemy_leader: str | None = None
    units: dict[str, int] = {}


class VictoryLevel(Model):
    level: Literal["major_victory", "historical_outcome", "defeat", "neither_king_nor_planet"]
    min_vp: int | None = None
    max_vp: int | None = None


class Scenario(Item):
    """A scenario's set-up and victory table (Scenarios). ``draw`` is how many nobles / geniuses are drawn at
    random from those available, ``appoint`` the offices / armies filled from the drawn nobles."""

    kind: Literal["scenario"]
    first_turn: Turn
    last_turn: Turn
    years: tuple[int, int] | None = None
    setup_from: str | None = None
    phases: list[Literal["organisation", "events", "end_of_turn"]] = ["organisation", "events", "end_of_turn"]
    valido: str | None = None
    queen: str | None = None
    mistress_choices: list[str] = []
    heir: dict[str, Any] | None = None
    offices: dict[Office, str] = {}
    court_nobles: list[str] = []
    court_geniuses: list[str] = []
    court_painter: str | None = None
    set_aside: list[str] = []
    draw_nobles: int = 0
    draw_geniuses: int = 0
    appoint: list[str] = []
    eliminated: list[str] = []
    noble_deck: list[str] | None = None
    event_deck: list[str] | None = None
    events_removed: list[str] = []
    treasury: int = Field(ge=0, le=12)
    wars: list[WarSetup] = []
    wars_ended: list[str] = []
    enemy_leaders: list[str] | None = None
    instability: int = 0
    indies_at_max: bool = True
    valtellina_closed: bool = False
    union_of_arms: bool = False
    guerra_dels_segadors_played: bool = False
    portugal_independent: bool = False
    units: dict[str, dict[str, int]] = {}
    ignores: list[Literal["ladies", "geniuses", "happiness", "enlightenment", "exploration"]] = []
    offices_used: list[Office] | None = None
    special: list[Literal["hothead_opening_war", "hothead_tercios_to_italy", "hothead_victory"]] = []
    victory: list[VictoryLevel]


# The table rows: plain dicts with these keys (NotRequired ones may be left out) and no others.
_ROW = with_config(ConfigDict(extra="forbid"))


@_ROW
class ScoreRow(TypedDict):
    min: NotRequired[int]
    max: NotRequired[int]
    victory_points: NotRequired[int]
    prestige: NotRequired[int]
    happiness: NotRequired[int]
    ducats: NotRequired[int]
    defeat: NotRequired[bool]


@_ROW
class Space(TypedDict):
    id: str
    name: str
    settlement: NotRequired[str]
    vp: NotRequired[int]
    cost: NotRequired[int]
    prestige: NotRequired[int]


@_ROW
class Unit(TypedDict):
    name: str
    sp: float
    count: int
    damaged_sp: NotRequired[float]


@_ROW
class Child(TypedDict):
    id: str
    name: str
    male: bool


@_ROW
class ActionDef(TypedDict):
    id: str
    name: str
    type: Literal["royal", "political", "government", "simple"]
    unique: NotRequired[bool]
    cost: NotRequired[int]
    not_first_turn: NotRequired[bool]


class Tables(Model):
    """The printed tables and constants (Council of State tables, Battle Name Generator, track and limits)."""

    fortune: dict[Fortune, dict[str, Any]]
    enlightenment: list[ScoreRow]
    prestige: list[ScoreRow]
    happiness: list[ScoreRow]
    battle_names: dict[str, list[Annotated[list[str], Field(min_length=6, max_length=6)]]]
    battle_names_rows: Literal["first_die", "second_die"]
    question_mark_rating: dict[Fortune, int]
    declaration_of_war: list[dict[str, Any]]
    enemy_campaign: list[dict[str, Any]]
    player_campaign: dict[str, Any]
    raid_defence: list[dict[str, Any]]
    exploration: list[Space]
    units: dict[str, Unit]
    children: list[Child]
    actions: list[ActionDef]
    income: dict[str, int]
    limits: dict[str, int]
    victory_levels: dict[str, str]
    modes: dict[str, dict[str, Any]]
