"""Ultima Ratio Regis — the leader counters as data (rulebook "17. Leaders"): the five extraordinary abilities in
the order that chooses a force's commander (17.3.2), the generic leader pool shared by all the major powers
(17.2) and the historical leaders that only their event cards bring (17.3.1).

``data/leaders.yaml`` is validated by ``Leaders``: the game lists ``LEADER_FILES`` among the files it hands to
``engines.core.content.load_content``; ``load_leaders`` reads it alone (tools, tests). An owner can replace it with
``<content_dir>/ultima-ratio-regis/leaders.yaml``. ``dangling(leaders, world)`` lists references
that do not resolve against the world (events, powers), in both directions: every event with a ``leader`` effect
must name a historical leader of this file with the same power and ability.
"""

from __future__ import annotations

import pathlib

from pydantic import BaseModel, Field, model_validator

from engines.core.content import owner_folder, read_yaml, rules_digest, validate
from engines.ultima_ratio.world_base import Item, Model, Namespaced, Source

GAME_ID = "ultima-ratio-regis"
DATA_DIR = pathlib.Path(__file__).resolve().parent / "data"
ABILITY_IDS = ("tactical", "admiral", "determined", "creative", "organizer")


class Ability(Item):
    """An extraordinary ability (17.3.2); ``rank`` is its place in the rulebook's list, which chooses the
    commander when a force has several extraordinary leaders."""

    rank: int = Field(ge=1)
    text: str
    line: list[int]

    @model_validator(mode="after")
    def _known(self) -> Ability:
        if self.id not in ABILITY_IDS:
            raise ValueError(f"unknown ability {self.id!r}; the rulebook lists {', '.join(ABILITY_IDS)}")
        return self


class PoolLeader(Namespaced):
    """A generic leader counter: ordinary side, and an extraordinary side with ``ability`` (17.2)."""

    KIND = "leader"

    ability: str


class HistoricalLeader(Namespaced):
    """A historical leader (17.3.1): set apart from the pool, brought by ``event`` to ``power`` on his
    extraordinary side (no unrest); ``line`` cites where the rulebook names him."""

    KIND = "leader"

    ability: str
    power: str
    event: str
    line: list[int] = Field(default_factory=list)
    note: str | None = None


class RuleText(Model):
    """A statement of the rulebook about leaders, quoted at its line; the code in leaders/leader_rules.py cites it by id."""

    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    section: str
    quote: str
    line: int
    source: Source


class Leaders(Model):
    rules: list[RuleText] = Field(default_factory=list)
    abilities: list[Ability]
    pool: list[PoolLeader] = Field(min_length=1)
    historical: list[HistoricalLeader] = Field(default_factory=list)
    source_note: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Leaders:
        problems: list[str] = []
        if sorted(a.id for a in self.abilities) != sorted(ABILITY_IDS):
            problems.append(f"the abilities must be exactly {', '.join(ABILITY_IDS)}")
        if sorted(a.rank for a in self.abilities) != list(range(1, len(self.abilities) + 1)):
            problems.append("ability ranks must be 1..n, once each")
        ids = [x.id for x in (*self.pool, *self.historical)]
        if len(ids) != len(set(ids)):
            problems.append("duplicate leader ids")
        for leader in self.counters():
            if leader.ability not in ABILITY_IDS:
                problems.append(f"leader {leader.id!r}: unknown ability {leader.ability!r}")
        events = [h.event for h in self.historical]
        if len(events) != len(set(events)):
            problems.append("two historical leaders name the same event")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    # ----- look-ups
    def order(self) -> tuple[str, ...]:
        """Ability ids in commander order (17.3.2)."""
        return tuple(a.id for a in sorted(self.abilities, key=lambda a: a.rank))

    def counters(self) -> list[PoolLeader | HistoricalLeader]:
        """Every leader counter, the pool's and the historical ones."""
        return [*self.pool, *self.historical]

    def ability_of(self, leader_id: str) -> str:
        for leader in self.counters():
            if leader.id == leader_id:
                return leader.ability
        raise KeyError(f"no leader {leader_id!r}")

    def is_historical(self, leader_id: str) -> bool:
        return any(h.id == leader_id for h in self.historical)

    def historical_for_event(self, event_id: str) -> HistoricalLeader:
        for leader in self.historical:
            if leader.event == event_id:
                return leader
        raise KeyError(f"event {event_id!r} brings no historical leader")

    def pool_ids(self) -> list[str]:
        """The generic pool at the start of a game: every generic counter is available (17.2)."""
        return [p.id for p in self.pool]


LEADER_FILES: dict[str, type[BaseModel]] = {"leaders.yaml": Leaders}  # for the game's own ``load_content`` files


def load_leaders(content_dir: pathlib.Path | str | None = None) -> tuple[Leaders, str]:
    """The validated leaders file (the owner's ``<content_dir>/ultima-ratio-regis/leaders.yaml``, else the
    packaged one) and its digest, read and validated as ``engines.core.content.load_content`` does. The game
    itself loads it with its other files (``LEADER_FILES``); this is for tools and tests, and leaves the check of
    the owner's other file names to the game's loader."""
    owner = owner_folder(content_dir, GAME_ID)
    path = DATA_DIR / "leaders.yaml"
    if owner is not None and (owner / "leaders.yaml").is_file():
        path = owner / "leaders.yaml"
    leaders = validate(Leaders, read_yaml(path, GAME_ID), GAME_ID, path)
    return leaders, rules_digest(leaders.model_dump(mode="json"))


def dangling(leaders: Leaders, world) -> list[str]:
    """References between ``leaders`` and the world (``engines.ultima_ratio.world.World``) that do not resolve:
    a historical leader's event or power, and every event's ``leader`` effect (its leader, power and ability)."""
    bad: list[str] = []
    events = {e.id: e for e in world.events}
    powers = {p.id for p in world.powers}
    for leader in leaders.historical:
        if leader.power not in powers:
            bad.append(f"leader {leader.id!r}: unknown power {leader.power!r}")
        event = events.get(leader.event)
        if event is None:
            bad.append(f"leader {leader.id!r}: unknown event {leader.event!r}")
        elif not any(e.op == "leader" and e.leader == leader.id for eff in event.effects for e in eff.walk()):
            bad.append(f"leader {leader.id!r}: event {leader.event!r} does not bring him")
    by_id = {h.id: h for h in leaders.historical}
    for event in world.events:
        for effect in (e for eff in event.effects for e in eff.walk()):
            if effect.op != "leader":
                continue
            hist = by_id.get(effect.leader)
            if hist is None:
                bad.append(f"event {event.id!r}: unknown historical leader {effect.leader!r}")
                continue
            if hist.event != event.id:
                bad.append(f"event {event.id!r}: leader {hist.id!r} belongs to event {hist.event!r}")
            if effect.power != hist.power:
                bad.append(f"event {event.id!r}: leader {hist.id!r} joins {effect.power!r}, not {hist.power!r}")
            if effect.ability != hist.ability:
                bad.append(
                    f"event {event.id!r}: leader {hist.id!r} is {hist.ability!r}, the event says {effect.ability!r}"
                )
    return bad
