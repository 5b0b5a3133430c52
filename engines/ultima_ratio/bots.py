"""Ultima Ratio Regis — a heuristic bot for 9.1 The Rise of Portugal. It reads only its seat's view and chooses by
the prompt's step name (an unknown step raises): land troops escorted by a squadron on the Portuguese areas,
subjugate them, bring merchants to the centers with room, keep the unrest down."""
from __future__ import annotations

import random
from typing import Any


PREFERENCE = ["tactical_move", "landing", "regroup_troop", "repair_squadron", "build_merchant", "build_troop",
              "lower_unrest"]


def _targets(game, view: dict) -> set[str]:
    from engines.ultima_ratio.portugal import portuguese_areas

    areas = view["public"]["areas"]
    return {a for a in portuguese_areas(game.board) if a in areas and areas[a]["owner"] != "portugal"}


def _centers_with_room(public: dict) -> set[str]:
    """Trade centers whose capacity leaves room for one more Portuguese merchant (prepared ones included)."""
    out = set()
    for center, room in public["capacity"].items():
        here = public["merchants"].get(center, {}).get("portugal", 0)
        here += public["merchants_prepared"].get(center, {}).get("portugal", 0)
        if here < min(room, 2):
            out.add(center)
    return out


def _useful_centers(game, public: dict) -> set[str]:
    """Centers with room where Portugal may build a merchant (the public view holds what 19.2.2 asks)."""
    from engines.ultima_ratio.economy import merchant_centers

    return _centers_with_room(public) & set(merchant_centers(public, game.board, "portugal"))


def _prefer(options: list, wanted: set[str]) -> Any:
    good = [o for o in options if o in wanted]
    return (good or options)[0]


def heuristic_bot(game, view: dict, role: str, rnd: random.Random) -> tuple[str, Any]:
    prompt = view["prompt"]
    legal, step = prompt["legal"], prompt["step"]
    public = view["public"]
    unrest = public["powers"]["portugal"]["unrest"]
    targets = _targets(game, view)
    if step == "deploy":
        mine = [u for u in public["units"].values() if u["power"] == "portugal" and u["loc"] != "available"]
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
        return "play_card", legal["play_card"][0]                  # 8.2.2: at least one card
    if step == "power_actions":
        acts = {a[1]: a for a in legal.get("act", [])}
        areas = public["areas"]
        abroad = any(u["power"] == "portugal" and u["kind"] == "troop" and u["loc"].startswith("area:")
                     and areas[u["loc"][5:]]["owner"] != "portugal" for u in public["units"].values())
        wanted = {"tactical_move": abroad, "build_troop": unrest < 6, "lower_unrest": unrest > 1,
                  "build_merchant": bool(_useful_centers(game, public))}
        for name in PREFERENCE:
            if name in acts and wanted.get(name, True):
                return "act", acts[name]
        return "end_impulse", None
    if step in ("build_troop", "build_squadron"):
        if "grade" in legal:
            return "grade", legal["grade"][0]
        return "area", legal["area"][-1]
    if step == "strategic_move":
        if "stop" in legal:
            return "stop", None
        for verb in ("unit", "area", "sea", "leave"):      # an army or fleet over the limit leaves units (10.3)
            if verb in legal:
                return verb, legal[verb][0]
    if step == "tactical_move":
        if prompt["text"]["msg"] == "prompt.control":
            return "stop", None          # just landed or moved in: subjugate next impulse without that disadvantage
        for verb in ("subjugate", "assault", "march"):      # march: the army as it is (12.2)
            if verb in legal:
                return verb, legal[verb][0]
        if "unit" in legal:
            areas = public["areas"]
            abroad = [u for u in legal["unit"] if areas[public["units"][u]["loc"][5:]]["owner"] != "portugal"]
            return "unit", (abroad or legal["unit"])[0]
        if "area" in legal:
            return "area", _prefer(legal["area"], targets)
        return "stop", None
    if step in ("landing_escort", "sea_interception"):
        # its powers intercept, the first interceptor first; a fleet escort: a squadron per troop (12.3.1)
        for verb in ("intercept", "fight", "escort", "sail", "absorb"):
            if verb in legal:
                return verb, legal[verb][0]
        return "no_escort", None
    if step == "support_announce":                          # 11.4.2: its fleet supports its own side
        return "support", legal["support"][0]
    if step == "relief_join":                               # 13.3.5: the besieged join while unworn
        return "join", prompt["text"]["args"]["casualties"] == 0
    if step == "relief_withdraw":
        return "done", None
    if step == "support_champion":
        return "champion", legal["champion"][0]
    if step == "sortie_action":
        return "area", legal["area"][0]
    if step in ("land_reaction", "defeated_retreat", "oppose_subjugation", "naval_response"):
        for verb in ("intercept_army", "intercept", "lead", "absorb", "to_fortress", "retreat", "oppose", "fight",
                     "done"):                               # an intercepting army takes every troop it may
            if verb in legal:                               # 12.4, 13.3.6, 13.5.2, 11.3: stand and fight
                return verb, legal[verb][0]
    if step == "build_merchant":
        return "center", _prefer(legal["center"], _useful_centers(game, public))
    if step in ("repair_squadron", "flip_veterans"):
        return "unit", legal["unit"][0]
    if step in ("build_fortress", "regroup_troop", "rebase"):
        verb = "unit" if "unit" in legal else "area"
        return verb, _prefer(legal[verb], {"portugal"})
    if step == "naval_move":
        for verb in ("unit", "sea", "stop", "leave"):
            if verb in legal:
                return verb, legal[verb][0]
    if step == "piracy":
        for verb in ("intercept", "keep", "no_interception"):
            if verb in legal:
                return verb, legal[verb][0]
    if step == "build_leader":
        return ("side", "ordinary") if "side" in legal else next((v, legal[v][0]) for v in ("target", "replace")
                                                                  if v in legal)
    if step == "card_play":
        for verb in ("assign", "event", "done"):
            if verb in legal:
                return verb, legal[verb][0]
    if step in ("event_choice", "corsair"):
        verb = next(iter(legal))
        return verb, legal[verb][0]
    if step == "technology_auction":
        return "pass", None                       # unrest is what 9.1's verdict subtracts
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
    if step == "end_of_impulse" and "bring_home" in legal:
        units = public["units"]
        far = [m for m in legal["bring_home"] if units[m[1]]["loc"].startswith("box:")]
        if far:
            return "bring_home", far[0]
    if step in ("start_of_impulse", "end_of_impulse", "disband_units"):
        if step == "start_of_impulse" and "to_sea" in legal:
            return "to_sea", legal["to_sea"][0]
        return "done", None
    if step == "disperse_overstack":                       # 15.1.1: the weakest troop, the first box
        if "disperse" in legal:
            units = public["units"]
            return "disperse", min(legal["disperse"], key=lambda u: (units[u]["veteran"], units[u]["grade"], u))
        return "box", legal["box"][0]
    if step == "reattach_leader":                          # 17.1: to the first unit of the stack
        return "unit", legal["unit"][0]
    if step == "first_player":
        return "start", legal["start"][0]
    if step is None:
        raise ValueError("the heuristic bot was asked to move in a finished game")
    raise ValueError(f"the heuristic bot does not know the step {step!r}")


def _combat_choice(public: dict, legal: dict) -> tuple[str, Any]:
    """13.: every unit fights, the weakest are lost first, no conscripts (unrest), the smallest battlefield, the
    leader's +1 on the highest die below 6, never capitulate, always force control."""
    verb = next(v for v in legal if v != "done")
    options = legal[verb]
    units = public["units"]
    if verb in ("eliminate", "damage", "disperse"):
        return verb, min(options, key=lambda u: (units[u]["veteran"], units[u]["grade"], u) if u in units else (0, "", u))
    if verb in ("conscript", "capitulate"):
        return verb, False
    if verb == "force_control":
        return verb, True
    if verb == "battlefield":
        return verb, min(options)
    if verb == "reroll":
        return verb, options[1] if len(options) > 1 else None   # the lowest die, when he may reroll
    if verb in ("bonus", "creative", "veteran"):
        return verb, options[-1]
    return verb, options[0]
