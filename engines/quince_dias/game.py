"""15 Días: The Spanish Golden Age — the game object: options, roles, the table of steps, views."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from engines.core.machine import Ctx, StepGame
from engines.quince_dias import administrative, confrontation, conspirators, court, sequence, setting, turn, views
from engines.quince_dias.content import content


class QuinceDiasOptions(BaseModel):
    players: Literal[2, 4, 6, 8] = Field(4, description="Number of players (2 plays the Relative variant).")
    conspirators: bool = Field(False, description="Play with the optional Conspirators variant.")


class QuinceDias(StepGame):
    id = "15-dias"
    title = "15 Días: The Spanish Golden Age"
    version = "1"
    Options = QuinceDiasOptions
    max_actions = 20_000
    steps = {
        "drawing_hands": sequence.DrawingHands(),
        "election_propose": sequence.ElectionPropose(),
        "election_confirm": sequence.ElectionConfirm(),
        "confrontation_start": confrontation.ConfrontationStart(),
        "choose_main": confrontation.ChooseMain(),
        "turn_order": confrontation.TurnOrder(),
        "choose_next": confrontation.ChooseNext(),
        "turn": turn.Turn(),
        "end_turn": turn.EndTurn(),
        "leave_discard": turn.LeaveDiscard(),
        "hire_estate": conspirators.HireEstate(),
        "attract_pay": court.AttractPay(),
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

    def roles(self, options: BaseModel) -> list[str]:
        return setting.roles_for(options.players)

    def role_label(self, role: str) -> str:
        return "Player " + role.removeprefix("player")

    def option_sets(self) -> list[dict[str, Any]]:
        return [{"players": n, "conspirators": c} for n in (2, 4, 6, 8) for c in (False, True)]

    def start(self, g: Ctx, options: dict[str, Any]) -> None:
        setting.start(g, options)

    def public_view(self, g: Ctx) -> dict:
        return views.public_view(g.s)

    def private_view(self, g: Ctx, role: str) -> dict:
        return views.private_view(g.s, role)

    def hidden_ids(self, state: dict, role: str) -> set[str]:
        return views.hidden_ids(state, role)

    def content(self) -> dict[str, Any]:
        return content().export()
