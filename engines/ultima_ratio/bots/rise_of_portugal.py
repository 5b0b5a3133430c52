"""Ultima Ratio Regis — the heuristic bot's strategy for 9.1 The Rise of Portugal: land and march troops on the
Portuguese areas and subjugate them with naval support, squadrons beside the troops and the targets, forward bases,
a leader and his army, merchants in the centers with room, the unrest kept down (the plans: plans.py; ENGINE.md ›
Bots). The steps inside an action are ``answers.py``'s, for Portugal and its targets."""

from __future__ import annotations

from typing import Any

from engines.core.game import Game
from engines.core.types import View
from engines.ultima_ratio.bots.answers import answer
from engines.ultima_ratio.bots.plans import POWER, _action, _targets


def rise_of_portugal(game: Game, view: View) -> tuple[str, Any] | None:
    """Portugal's choice at the view's step (None: a step this bot does not know)."""
    prompt = view["prompt"]
    legal, step = prompt["legal"], prompt["step"]
    public = view["public"]
    unrest = public["powers"][POWER]["unrest"]
    targets = _targets(game, view)
    if step == "deploy_revolts":  # 23.3: the R3 revolts, the only choice
        return "revolt", legal["revolt"][0]
    if step == "deploy":
        mine = [u for u in public["units"].values() if u["power"] == POWER and u["loc"] != "available"]
        builds = legal.get("build", [])
        if "build_squadron" in builds and not any(u["kind"] == "squadron" for u in mine):
            return "build", "build_squadron"
        if "build_troop" in builds and sum(1 for u in mine if u["kind"] == "troop") < 2:
            return "build", "build_troop"
        if "lower_unrest" in builds:
            return "build", "lower_unrest"
        return "done", None
    if step == "power_actions" and "event" in legal:
        return "event", legal["event"][0]
    if step == "power_actions" and "end_impulse" not in legal:
        return "play_card", legal["play_card"][0]  # 8.2.2: at least one card
    if step == "power_actions":  # never ``declare_war``: 9.1 offers none (RULINGS W-1)
        return _action(game, public, legal, targets, unrest)
    if step in ("technology_auction", "alliance_auction"):
        return "pass", None  # unrest is what 9.1's verdict subtracts
    return answer(game, view, POWER, targets)
