"""Race: a tiny two-seat dice game with nothing hidden, used to test what needs a game without secrets (an
analysis fork of a running game). Never shipped.

Red and Blue take turns; on its turn a seat rolls a die (adding it to its total) or holds; whoever reaches 12
first wins.
"""

from __future__ import annotations

import pathlib
from typing import Any, ClassVar

from pydantic import BaseModel

from engines.core.machine import Ctx, Step, StepGame
from engines.core.types import text

ROLES = ["red", "blue"]
TARGET = 12


class RaceOptions(BaseModel):
    pass


class Turn(Step):
    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [g.s["turn"]]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.turn", total=g.s["totals"][role]), {"roll": [None], "hold": [None]}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.{verb}")

    def on_roll(self, g: Ctx, role: str, arg: Any) -> None:
        n = g.roll()
        g.s["totals"][role] += n
        g.log("log.rolled", role=role, n=n, total=g.s["totals"][role], rule="race")
        if g.s["totals"][role] >= TARGET:
            other = ROLES[1 - ROLES.index(role)]
            g.finish(
                {
                    "text": text("outcome.win", winner=role, total=g.s["totals"][role]),
                    "winners": [role],
                    "scores": dict(g.s["totals"]),
                    "ranking": [role, other],
                }
            )
            return
        self._pass(g, role)

    def on_hold(self, g: Ctx, role: str, arg: Any) -> None:
        g.log("log.held", role=role, total=g.s["totals"][role], rule="race")
        self._pass(g, role)

    @staticmethod
    def _pass(g: Ctx, role: str) -> None:
        g.s["turn"] = ROLES[1 - ROLES.index(role)]


class Race(StepGame):
    id = "toy-race"
    title = "Race (test game)"
    version = "1"
    Options = RaceOptions
    messages_dir = pathlib.Path(__file__).parent / "race_messages"
    steps: ClassVar[dict[str, Step]] = {"turn": Turn()}

    def roles(self, options: BaseModel) -> list[str]:
        return list(ROLES)

    def start(self, g: Ctx, options: dict[str, Any]) -> None:
        g.s.update(turn="red", totals={"red": 0, "blue": 0})
        g.call("turn")

    def public_view(self, g: Ctx) -> dict:
        return {"turn": g.s["turn"], "totals": g.s["totals"]}

    def private_view(self, g: Ctx, role: str) -> dict:
        return {}

    def secrets(self, state: dict) -> dict[str, list[str]]:
        return {}


GAME = Race()
