"""Ultima Ratio Regis — the heuristic bot's answers to the steps inside an action, a combat, a peace or the end of
the turn, the same for every power: the acting ``power`` and its ``targets`` (the areas it wants, 9.1's Portuguese
areas or a power's objectives: ``goals.py``) say where to go. ``answer`` returns None for a step it does not answer
(the scenario's bot answers the strategic ones: ``rise_of_portugal.py``, ``powers.py``)."""

from __future__ import annotations

from typing import Any

from engines.core.game import Game
from engines.core.types import View
from engines.ultima_ratio.bots.plans import (
    _attack_plan,
    _forward,
    _leader_target,
    _naval_plan,
    _stranded,
    _tactical,
    _unescorted,
    _useful_centers,
    _wanted_seas,
)
from engines.ultima_ratio.movement import land_movement

REACTIONS = ("intercept_army", "intercept", "lead", "absorb", "to_fortress", "retreat", "oppose", "fight", "done")


def _prefer(options: list, wanted: set[str]) -> Any:
    good = [o for o in options if o in wanted]
    return (good or options)[0]


def answer(game: Game, view: View, power: str, targets: set[str]) -> tuple[str, Any] | None:
    """The choice at ``view``'s step for ``power`` (one flat dispatch by step name, as a player reads the prompt)."""
    prompt = view["prompt"]
    legal, step = prompt["legal"], prompt["step"]
    public = view["public"]
    if step in ("build_troop", "build_squadron"):
        if "grade" in legal:
            return "grade", legal["grade"][-1] if step == "build_squadron" else legal["grade"][0]
        unescorted = _unescorted(game, public, targets, power=power)
        if step == "build_squadron" and any(a in unescorted for a in legal["area"]):
            return "area", next(a for a in legal["area"] if a in unescorted)  # 12.3.1: the escort in port
        return "area", _forward(game, public, legal["area"], targets, power=power)
    if step == "strategic_move":
        if "stop" in legal:
            return "stop", None
        for verb in ("unit", "area", "sea", "leave"):  # an army or fleet over the limit leaves units (10.3)
            if verb in legal:
                return verb, legal[verb][0]
    if step in land_movement.TACTICAL_STEPS:  # 12.1-12.5: the move's steps
        return _tactical(game, public, prompt, legal, targets, power=power)
    if step in ("landing_escort", "sea_interception"):
        # its powers intercept, the first interceptor first; a fleet escort: a squadron per troop (12.3.1)
        for verb in ("intercept", "fight", "escort", "sail", "absorb", "route"):  # route: 12.3.2's first
            if verb in legal:
                return verb, legal[verb][0]
        return "no_escort", None
    if step == "support_announce":  # 11.4.2: its fleet supports its own side
        return "support", legal["support"][0]
    if step == "relief_join":  # 13.3.5: the besieged join while unworn
        return "join", prompt["text"]["args"]["casualties"] == 0
    if step == "relief_withdraw":
        return "done", None
    if step == "support_champion":
        return "champion", legal["champion"][0]
    if step == "sortie_action":
        return "area", legal["area"][0]
    if step in ("land_reaction", "defeated_retreat", "oppose_subjugation", "naval_response"):
        for verb in REACTIONS:  # an intercepting army takes every troop it may; 12.4, 13.3.6, 13.5.2, 11.3: fight
            if verb in legal:
                return verb, legal[verb][0]
    if step == "build_merchant":
        return "center", _prefer(legal["center"], _useful_centers(game, public, power=power))
    if step in ("repair_squadron", "flip_veterans"):
        return "unit", legal["unit"][0]
    if step == "regroup_troop":  # 9.5: back in its theater, beside the targets
        if "unit" in legal:
            return "unit", legal["unit"][0]
        return "area", _forward(game, public, legal["area"], targets, power=power)
    if step in ("build_fortress", "rebase"):
        verb = "unit" if "unit" in legal else "area"
        return verb, _prefer(legal[verb], {power})  # its capital area where it bears the power's name
    if step == "naval_move":
        if "attack" in legal:  # 11.3: the enemy fleet that cuts the supply
            return "attack", legal["attack"][0]
        plan = (
            _attack_plan(game, public, targets, power=power)
            or _naval_plan(game, public, targets, escort_only=True, power=power)
            or _naval_plan(game, public, targets, power=power)
        )
        if "unit" in legal:
            return "unit", plan[0] if plan and plan[0] in legal["unit"] else legal["unit"][0]
        if "sea" in legal:
            return "sea", plan[1] if plan and plan[1] in legal["sea"] else legal["sea"][0]
        return "stop", None
    if step == "piracy":
        for verb in ("intercept", "keep", "no_interception"):
            if verb in legal:
                return verb, legal[verb][0]
    if step == "build_leader":  # 17.2: ordinary (no +3 unrest), on the troop with most company
        if "side" in legal:
            return "side", "ordinary"
        if "target" in legal:
            return "target", _leader_target(game, public, legal["target"], targets, power=power)
        return "replace", legal["replace"][0]
    if step == "card_play":
        for verb in ("assign", "event", "done"):
            if verb in legal:
                return verb, legal[verb][0]
    if step in ("event_choice", "corsair"):
        verb = next(iter(legal))
        return verb, legal[verb][0]
    if step == "combat_cards":
        return ("card", legal["card"][0]) if "card" in legal else ("pass", None)
    if step == "combat_decision":
        return _combat_choice(public, legal)
    if step == "merchants_enter":
        return "enter", legal["enter"][0]
    if step == "social_agitation":
        for verb in ("revolt", "done", "dynastic_change"):
            if verb in legal:
                return verb, legal[verb][0]
    return _peace_and_impulse(game, public, str(step), legal, power, targets)


def _peace_and_impulse(
    game: Game, public: dict, step: str, legal: dict, power: str, targets: set[str]
) -> tuple[str, Any] | None:
    """Peace (21.4-21.5), the free moves of the impulse's start and end, dispersions and leaders."""
    if step == "start_of_impulse" and "open_peace" in legal:  # 21.4.1: losing, with the enemy holding most morale
        losing = [o for o in legal["open_peace"] if _war_status(public, *o) < 0]
        if losing:
            return "open_peace", max(losing, key=lambda o: _morale_held(public, *o))
    if step == "minor_reinforcements":  # 20.3.2: every unit placed, the first place offered
        return ("place", legal["place"][0]) if "place" in legal else ("done", None)
    if step == "minor_repatriation_choice":  # 20.4: units at war keep their control
        return "stay", None
    if step == "minor_war_entry":  # 20.5: an ally fights
        return "enter", None
    if step == "alliance_consent":  # 21.1: an ally is a power in forced peace with it
        return "accept", legal["accept"][0]
    if step == "alliance_choice":  # 21.1: the first alliance offered
        return "ally", legal["ally"][0]
    if step == "war_entry":  # 21.1: a war not its own costs morale and brings nothing sure
        return "stay_out", legal["stay_out"][0]
    if step in ("expeditionary_consent", "combined_fleet_consent"):  # 21.2.2, 21.2.3: the ally's units help
        return "accept", legal["accept"][0]
    if step == "subsidize":  # 19.1.2: the first ally offered
        return "ally", legal["ally"][0]
    if step == "forced_negotiations":  # 21.4.2: recover the most morale
        return "negotiate", max(legal["negotiate"], key=lambda o: _morale_held(public, *o))
    if step == "peace_conditions":  # 21.5.3: land first, then VP, minors, trade, unrest
        if "condition" in legal:
            return "condition", min(legal["condition"], key=lambda c: PEACE_PREFERENCE.index(c[0]))
        return "done", None
    if step == "end_of_impulse" and "bring_home" in legal:
        far = [m for m in legal["bring_home"] if _stranded(game, public, m[1], targets, power=m[0])]
        if far:  # a dispersed troop with nothing to take in its theater
            return "bring_home", far[0]
    if step in ("start_of_impulse", "end_of_impulse", "disband_units"):
        if step == "start_of_impulse" and "to_sea" in legal:  # 11.6: to the sea beside the targets
            seas = _wanted_seas(game, public, targets, power=power)
            return "to_sea", min(legal["to_sea"], key=lambda m: seas.index(m[1]) if m[1] in seas else len(seas))
        return "done", None
    if step == "dispersion_box":  # 18.5: its own theater's box
        return "box", legal["box"][0]
    if step == "disperse_overstack":  # 15.1.1: the weakest troop, the first box
        if "disperse" in legal:
            units = public["units"]
            return "disperse", min(legal["disperse"], key=lambda u: (units[u]["veteran"], units[u]["grade"], u))
        return "box", legal["box"][0]
    if step in ("reattach_leader", "assign_leader"):  # 17.1, 14.3: to the first unit offered
        return "unit", legal["unit"][0]
    if step == "repatriate_troop":  # 14.1: a tactical move home, else dispersed
        return ("tactical", legal["tactical"][0]) if "tactical" in legal else ("disperse", legal["disperse"][0])
    if step == "leader_change":  # 17.1 at a combat's moments: he stays on his unit
        return "done", None
    if step == "first_player":
        return "start", legal["start"][0]
    return None


PEACE_PREFERENCE = (
    "cede_conquered",
    "cede_border",
    "vp",
    "ally_minor",
    "break_alliance",
    "exchange_merchant",
    "eliminate_merchant",
    "loot_port",
    "unrest",
)


def _morale_held(public: dict, power: str, enemy: str) -> int:
    """The morale points of ``power`` that ``enemy`` holds (21.3.4)."""
    return public["morale"].get(power, {}).get(enemy, 0)


def _war_status(public: dict, power: str, enemy: str) -> int:
    """21.3.4: the morale ``power`` took from ``enemy`` minus what ``enemy`` took from it."""
    return _morale_held(public, enemy, power) - _morale_held(public, power, enemy)


def _combat_choice(public: dict, legal: dict) -> tuple[str, Any]:
    """13.: every unit fights, the weakest are lost first, no conscripts (unrest), the smallest battlefield, the
    leader's +1 on the highest die below 6, never capitulate, always force control."""
    verb = next(v for v in legal if v != "done")
    options = legal[verb]
    units = public["units"]
    if verb in ("eliminate", "damage", "disperse"):  # 17.1: the leader's unit last
        led = {info["unit"] for info in public["leaders"].values()}
        return verb, min(
            options,
            key=lambda u: (u in led, units[u]["veteran"], units[u]["grade"], u) if u in units else (False, 0, "", u),
        )
    if verb in ("conscript", "capitulate"):
        return verb, False
    if verb == "force_control":
        return verb, True
    if verb == "battlefield":
        return verb, min(options)
    if verb == "reroll":
        return verb, options[1] if len(options) > 1 else None  # the lowest die, when he may reroll
    if verb in ("bonus", "creative", "veteran"):
        return verb, options[-1]
    return verb, options[0]
