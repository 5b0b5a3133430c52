"""Ultima Ratio Regis — the effects of event cards and special rules, in a form the engine executes (``Effect``,
its operations ``EFFECT_OPS``), and the conditions they hold under (``Condition``, ``CONDITION_KINDS``): the data
files' vocabulary, read by ``cards/events.py`` and ``cards/conditions.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import ConfigDict, Field, model_validator

from engines.ultima_ratio.world_base import FIRST_TURN, LAST_TURN, Model, Religion, TheaterKey

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
