"""15 Días: The Spanish Golden Age — the game object: options, roles, content, the table of steps, views."""

from __future__ import annotations

import pathlib
from typing import Any, ClassVar, Literal, cast

from pydantic import BaseModel, Field

from engines.core.machine import Ctx, Step, StepGame
from engines.core.types import Outcome, State
from engines.quince_dias import (
    administrative,
    confrontation,
    conspirators,
    court,
    redeal,
    sequence,
    setting,
    turn,
    views,
)
from engines.quince_dias.bots import BOTS
from engines.quince_dias.content import load


class QuinceDiasOptions(BaseModel):
    players: Literal[2, 4, 6, 8] = Field(4, description="Number of players (2 plays the Relative variant).")
    conspirators: bool = Field(False, description="Play with the optional Conspirators variant.")


class QuinceDias(StepGame):
    id = "15-dias"
    title = "15 Días: The Spanish Golden Age"
    version = "4"
    presentation = "engines.quince_dias.presentation:PRESENTATION"  # the table's boards (issue 30)
    Options = QuinceDiasOptions
    max_actions = 20_000
    messages_dir = pathlib.Path(__file__).parent / "messages"
    names_dir = pathlib.Path(__file__).parent / "data"  # names.<lang>.yaml: the names a player reads (issue 29)
    bots = BOTS
    steps: ClassVar[dict[str, Step]] = {
        "drawing_hands": sequence.DrawingHands(),
        "election_propose": sequence.ElectionPropose(),
        "election_confirm": sequence.ElectionConfirm(),
        "confrontation_start": confrontation.ConfrontationStart(),
        "choose_main": confrontation.CHOOSE_MAIN,
        "turn_order": confrontation.TurnOrder(),
        "choose_next": confrontation.ChooseNext(),
        "turn": turn.Turn(),
        "leave_discard": turn.LeaveDiscard(),
        "hire_estate": conspirators.HireEstate(),
        "attract_pay": court.AttractPay(),
        "double_agent": court.DoubleAgent(),
        "manipulate": court.Manipulate(),
        "invest": administrative.Invest(),
        "spy_target": administrative.SpyTarget(),
        "spy_take": administrative.SpyTake(),
        "spy_give": administrative.SpyGive(),
        "enhance": administrative.Enhance(),
        "confrontation_end": confrontation.ConfrontationEnd(),
        "characters_management": sequence.CharactersManagement(),
        "victory_check": sequence.VictoryCheck(),
    }

    def load_content(self, content_dir) -> None:
        self.content_data = load(content_dir)
        self.cards: dict[str, dict] = self.content_data.cards
        self.content_digest = self.content_data.digest

    def content(self) -> dict[str, Any]:
        return self.content_data.export()

    def roles(self, options: BaseModel) -> list[str]:
        return setting.roles_for(cast(QuinceDiasOptions, options).players)

    def option_sets(self) -> list[dict[str, Any]]:
        return [{"players": n, "conspirators": c} for n in (2, 4, 6, 8) for c in (False, True)]

    def start(self, g: Ctx, options: dict[str, Any]) -> None:
        setting.start(g, options)

    def outcome(self, state: State) -> Outcome | None:
        """The result, with how each player's Affection Points were reached and the tie rule it applied, if any
        (issue 30 › Outcomes explained), read from the final state (the Prince cards won, the Ducats, the
        Conspirators), public once it is over."""
        result = super().outcome(state)
        if result is None:
            return None
        g = Ctx(self, state)
        tally = {r: sequence.tally(g, r) for r in state["roles"]}
        return {**result, "tally": tally, "tiebreak": sequence.tiebreak(result["scores"], state["roles"])}

    def name_of(self, value: Any, lang: str) -> str | None:
        """Cards by id; the rule's words (powers, families, abilities, plots) by their ids."""
        if not isinstance(value, str):
            return None
        translated = self.translated(value, lang)  # the names file of the language (issue 29)
        if translated is not None:
            return translated
        found = self.cards.get(value)
        if found is not None:
            return found["name"]
        return self.catalogs.get(lang, self.catalogs["en"]).get(f"term.{value}")

    def term(self, value: str, lang: str = "en") -> str:
        return self.name_of(value, lang) or value

    def public_view(self, g: Ctx) -> dict:
        return views.public_view(g)

    def private_view(self, g: Ctx, role: str) -> dict:
        return views.private_view(g, role)

    def secrets(self, state: dict) -> dict[str, list[str]]:
        return views.secrets(state)

    def redeal(self, state: dict, role: str, rnd) -> dict:
        return redeal.redeal(self, state, role, rnd)
