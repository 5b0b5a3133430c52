"""The cards of 15 Días (rulebook › Contents and Content Overview), loaded from ``data/*.yaml``.

Every file is validated by the pydantic models below through the platform's one loader
(``engines.core.content.load_content``): an owner's file of the same name in ``<content_dir>/15-dias/`` replaces the
packaged one and is validated the same way. Rule constants (powers, abilities, plots, kinds of Special Situation)
are ids, checked by the models; ``check`` then validates the deck as a whole (unique ids, none the beginning of
another, enough Prince cards). A bad file raises ``ContentError`` naming the file and the item.
"""

from __future__ import annotations

import itertools
import pathlib
from typing import Any, Literal, cast

from pydantic import BaseModel, Field, model_validator

from engines.core.content import Loaded, load_content
from engines.core.types import ContentError

GAME_ID = "15-dias"
DATA = pathlib.Path(__file__).parent / "data"
POWERS = ("government", "society", "clerical")
PRINCES_NEEDED = 8  # 2 per round, 4 rounds
Source = Literal["rulebook", "reconstructed"]
CourtAbility = Literal["cancel", "replace", "attract", "manipulate"]
AdministrativeAbility = Literal["reinforce", "invest", "spy", "enhance"]
Plot = Literal["favour", "slander", "bribe", "informant"]
SituationKind = Literal[
    "grandee_of_spain",
    "loyal_to_the_cause",
    "bureaucratic_incompetent",
    "double_agent",
    "safe_in_position",
    "charged_and_accused",
]


class InfluenceRange(BaseModel):
    """Content Overview 1.4: one inclusive range per power."""

    government: tuple[int, int]
    society: tuple[int, int]
    clerical: tuple[int, int]

    @model_validator(mode="after")
    def _ordered(self) -> InfluenceRange:
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
    plot: Plot


class SpecialSituation(BaseModel):
    """Common Action › 2.3: a Special Situation card."""

    id: str = Field(pattern=r"^qd:sit:[a-z0-9-]+:[0-9]+$")
    kind: SituationKind
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
    princes: list[Prince] = Field(min_length=PRINCES_NEEDED)


FILES: dict[str, type[BaseModel]] = {
    "characters.yaml": Characters,
    "special_situations.yaml": SpecialSituations,
    "princes.yaml": Princes,
    "conspirators.yaml": Conspirators,
}


class Content:
    """All the cards of one game instance, by id. ``cards`` maps every id to a plain dict the engine reads on its
    hot path; nothing changes it after loading."""

    def __init__(self, loaded: Loaded):
        files = loaded.files
        self.sources = loaded.sources
        self.digest = loaded.digest
        # load_content gives each file as its FILES model
        self.characters = [c.model_dump() for c in cast(Characters, files["characters.yaml"]).characters]
        self.special_situations = [
            s.model_dump() for s in cast(SpecialSituations, files["special_situations.yaml"]).special_situations
        ]
        self.princes = [p.model_dump() for p in cast(Princes, files["princes.yaml"]).princes]
        self.conspirators = [c.model_dump() for c in cast(Conspirators, files["conspirators.yaml"]).conspirators]
        self.cards: dict[str, dict] = {}
        for file, items in (
            ("characters.yaml", self.characters),
            ("special_situations.yaml", self.special_situations),
            ("princes.yaml", self.princes),
            ("conspirators.yaml", self.conspirators),
        ):
            for item in items:
                if item["id"] in self.cards:
                    raise ContentError(f"{GAME_ID}: {self.sources[file]}: item {item['id']!r}: duplicate card id")
                self.cards[item["id"]] = {**item, "file": file}
        ids = sorted(self.cards)
        for a, b in itertools.pairwise(ids):
            if b.startswith(a):
                raise ContentError(
                    f"{GAME_ID}: {self.sources[self.cards[b]['file']]}: item {b!r}: the id {a!r} is "
                    "its beginning (hidden ids must not contain each other)"
                )
        for c in self.characters + self.conspirators:
            full = self.cards[c["id"]]
            full["kind"] = "conspirator" if "plot" in c else "character"
            full["ranges"] = {p: tuple(c["influence_range"][p]) for p in POWERS}
            full["view"] = {
                "id": c["id"],
                "name": c["name"],
                "kind": full["kind"],
                "initiative": c["initiative"],
                "ranges": {p: list(full["ranges"][p]) for p in POWERS},
                "court_ability": c["court_ability"],
                "administrative_ability": c.get("administrative_ability"),
                "plot": c.get("plot"),
            }

    def export(self) -> dict[str, Any]:
        return {
            "characters": self.characters,
            "special_situations": self.special_situations,
            "princes": self.princes,
            "conspirators": self.conspirators,
        }


def load(content_dir: pathlib.Path | str | None = None) -> Content:
    """The validated cards: the packaged files, or the owner's in ``<content_dir>/15-dias/``."""
    return Content(load_content(GAME_ID, DATA, FILES, content_dir))
