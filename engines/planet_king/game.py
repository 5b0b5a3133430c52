"""The Planet King as a ``StepGame``: roles, options, the views, hidden information (Cooperative Game; Secret
Memorial; Components › Cards: the Ladies deck is visible, the other decks are not)."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engines.core.machine import Ctx, StepGame
from engines.planet_king import (  # noqa: F401  (the modules register their actions, handlers and procedures)
    actions_government, actions_political, actions_royal, actions_simple, end_of_turn, end_of_turn_court,
    events_court, events_realm, organisation, victory,
)
from engines.planet_king import content as content_module
from engines.planet_king import memorials, scenarios
from engines.planet_king.bots import BOTS
from engines.planet_king.flow import STEPS, call, seq
from engines.planet_king.views import private_view, public_view


class PlanetKing(StepGame):
    id = "planet-king"
    title = "The Planet King"
    version = "1"
    Options = scenarios.Options
    steps = STEPS
    bots = BOTS
    max_actions = 20_000

    def roles(self, options: BaseModel) -> list[str]:
        return ["king"] if options.mode == "solo" else ["king", "valido"]

    def role_label(self, role: str) -> str:
        return {"king": "The King", "valido": "The Valido"}[role]

    def option_sets(self) -> list[dict[str, Any]]:
        """Every scenario in solo and cooperative play and the War-Only mode; the difficulty and optional rules ride
        on two of them (the conformance suite's time stays reasonable)."""
        sets: list[dict[str, Any]] = []
        for scenario in ("hothead", "iupiter_hispano", "anni_mirabiles", "anni_horribiles", "planet_king"):
            sets.append({"scenario": scenario})
            sets.append({"scenario": scenario, "mode": "cooperative"})
        sets.append({"scenario": "war_only"})
        sets[2].update(remove_action_cards=2, remove_total_war=True, remove_question_war_cards=True,
                       secret_memorial=True, bastard_heir=True)
        sets[4].update(remove_action_cards=1, secret_memorial=True, bastard_heir=True)
        return sets

    def start(self, g: Ctx, options: dict[str, Any]) -> None:
        scenarios.setup(g)
        call(g, "begin_turn")
        seq(g, ["setup_appointments", "setup_mistress"])

    def public_view(self, g: Ctx) -> dict:
        return public_view(g.s)

    def private_view(self, g: Ctx, role: str) -> dict:
        return private_view(g.s, role)

    def hidden_ids(self, state: dict, role: str) -> set[str]:
        """A Secret Memorial its holder has read and not yet claimed, while the game runs."""
        if state["outcome"] is not None or not memorials.in_use(state):
            return set()
        m = state["memorials"]
        return {m[o] for o in ("hm", "council") if memorials.holder(state, o) == role and m[o] in m["read"]
                and m[o] not in m["claimed"]}

    def content(self) -> dict[str, Any]:
        return content_module.export()


GAME = PlanetKing()
