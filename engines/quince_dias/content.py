"""The cards of 15 Días (rulebook › Contents and Content Overview), loaded from ``data/*.yaml``.

Every file is validated by the pydantic models below. An owner can replace any packaged file by a file of the
same name in the folder named by the environment variable ``SIGLO_CONTENT_DIR`` (see README.md); it is
validated the same way.
"""
from __future__ import annotations

import os
import pathlib
from functools import lru_cache
from typing import Literal

import yaml
from pydantic import BaseModel, Field, model_validator

DATA = pathlib.Path(__file__).parent / "data"
POWERS = ("government", "society", "clerical")
Source = Literal["rulebook", "reconstructed"]
CourtAbility = Literal["cancel", "replace", "attract", "manipulate"]
AdministrativeAbility = Literal["reinforce", "invest", "spy", "enhance"]


class InfluenceRange(BaseModel):
    """Content Overview 1.4: one inclusive range per power."""

    government: tuple[int, int]
    society: tuple[int, int]
    clerical: tuple[int, int]

    @model_validator(mode="after")
    def _ordered(self) -> "InfluenceRange":
        for power in POWERS:
            low, high = getattr(self, power)
            if low > high:
                raise ValueError(f"{power} range {low}-{high} is reversed")
        return self


class Courtier(BaseModel):
    """What a Character and a Conspirator card share: Initiative, the three Powers, an Influence Range per power
    and a Court Ability (Content Overview 1)."""

    id: str
    name: str
    initiative: int = Field(ge=0, le=20)
    government: int = Field(ge=0, le=20)
    society: int = Field(ge=0, le=20)
    clerical: int = Field(ge=0, le=20)
    influence_range: InfluenceRange
    court_ability: CourtAbility
    source: Source


class Character(Courtier):
    """Content Overview 1: a Character card."""

    id: str = Field(pattern=r"^qd:char:[a-z0-9-]+$")
    administrative_ability: AdministrativeAbility
    rulebook_values: list[str] = []


class Conspirator(Courtier):
    """The Player Turn › 1.4: a Conspirator works as a Character without Administrative Ability, and plots."""

    id: str = Field(pattern=r"^qd:consp:[a-z0-9-]+$")
    plot: Literal["favour", "slander", "bribe", "informant"]


class SpecialSituation(BaseModel):
    """Common Action › 2.3: a Special Situation card."""

    id: str = Field(pattern=r"^qd:sit:[a-z0-9-]+:[0-9]+$")
    kind: Literal["grandee_of_spain", "loyal_to_the_cause", "bureaucratic_incompetent", "double_agent",
                  "safe_in_position", "charged_and_accused"]
    name: str
    effect: str
    modifier: int = 0
    source: Source


class Prince(BaseModel):
    """Content Overview 3: a Prince card (family side and individual side with Bells)."""

    id: str = Field(pattern=r"^qd:prince:[a-z0-9-]+$")
    name: str
    family_points: int = Field(ge=0)
    individual_points: int = Field(ge=0)
    bells: int = Field(ge=0)
    source: Source


class Characters(BaseModel):
    characters: list[Character] = Field(min_length=10)


class Conspirators(BaseModel):
    conspirators: list[Conspirator] = Field(min_length=4)


class SpecialSituations(BaseModel):
    special_situations: list[SpecialSituation]


class Princes(BaseModel):
    princes: list[Prince] = Field(min_length=8)


FILES: dict[str, type[BaseModel]] = {
    "characters.yaml": Characters,
    "special_situations.yaml": SpecialSituations,
    "princes.yaml": Princes,
    "conspirators.yaml": Conspirators,
}


def data_path(name: str) -> pathlib.Path:
    """The owner's file from ``SIGLO_CONTENT_DIR`` when there is one, else the packaged file."""
    folder = os.environ.get("SIGLO_CONTENT_DIR")
    if folder and (pathlib.Path(folder) / name).is_file():
        return pathlib.Path(folder) / name
    return DATA / name


def load_file(name: str) -> BaseModel:
    model = FILES[name]
    with open(data_path(name), encoding="utf-8") as handle:
        return model.model_validate(yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))


class Content:
    """All the cards, by id; ``cards`` maps every id to a plain dict the engine reads on its hot path."""

    def __init__(self) -> None:
        characters = load_file("characters.yaml").characters
        situations = load_file("special_situations.yaml").special_situations
        princes = load_file("princes.yaml").princes
        conspirators = load_file("conspirators.yaml").conspirators
        if len(princes) < 8:
            raise ValueError("the Affection deck needs 8 Prince cards (2 per round, 4 rounds)")
        self.characters = [c.model_dump() for c in characters]
        self.special_situations = [s.model_dump() for s in situations]
        self.princes = [p.model_dump() for p in princes]
        self.conspirators = [c.model_dump() for c in conspirators]
        self.cards: dict[str, dict] = {}
        for item in [*self.characters, *self.special_situations, *self.princes, *self.conspirators]:
            if item["id"] in self.cards:
                raise ValueError(f"duplicate card id {item['id']}")
            self.cards[item["id"]] = item
        ids = sorted(self.cards)
        for a, b in zip(ids, ids[1:]):
            if b.startswith(a):
                raise ValueError(f"card id {a} is a prefix of {b}: hidden ids must not contain each other")
        for c in self.characters + self.conspirators:
            c["kind"] = "character"
            c["ranges"] = {p: tuple(c["influence_range"][p]) for p in POWERS}
        for c in self.conspirators:
            c["kind"] = "conspirator"
        for c in self.characters + self.conspirators:
            c["view"] = {"id": c["id"], "name": c["name"], "kind": c["kind"], "initiative": c["initiative"],
                         "ranges": {p: list(c["ranges"][p]) for p in POWERS}, "court_ability": c["court_ability"],
                         "administrative_ability": c.get("administrative_ability"), "plot": c.get("plot")}

    def export(self) -> dict:
        strip = ("kind", "ranges", "view")
        return {
            "characters": [{k: v for k, v in c.items() if k not in strip} for c in self.characters],
            "special_situations": self.special_situations,
            "princes": self.princes,
            "conspirators": [{k: v for k, v in c.items() if k not in strip} for c in self.conspirators],
        }


@lru_cache(maxsize=4)
def _load(folder: str | None) -> Content:
    return Content()


def content() -> Content:
    """The content in force (cached per ``SIGLO_CONTENT_DIR``)."""
    return _load(os.environ.get("SIGLO_CONTENT_DIR"))
