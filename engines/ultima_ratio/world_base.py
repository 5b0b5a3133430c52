"""Ultima Ratio Regis — the ground every item of the world stands on (``world_items``, ``world_effects``,
``leader_items``): the models' rules (``Model``, ``Item``, namespaced ids), the theaters, religions and turns the
rulebook names (18.4, 22., Playbook "10. Turns")."""

from __future__ import annotations

from typing import ClassVar, Literal, get_args

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
