"""Bots: the random-legal bot and a heuristic policy for the solo player, the King and the Valido (issue 4, Bots).

The heuristic reads the pending decision (the ``then`` name of the decision frame) and scores the offered
options with simple rules of thumb: keep ducats for campaigns one can win, muster armies up to the enemy's
strength, fill offices with the best ratings, have heirs, explore, avoid new wars, pay upkeep when possible.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from engines.core.game import Game, random_bot
from engines.planet_king import court, military, wars
from engines.planet_king.components import NOTABLES, WARS
from engines.planet_king.scoring import court_happiness, court_prestige

Score = Callable[[dict, list, Any], float]
ACTION_ORDER = ["issue", "exploration", "campaign", "nominate_genius", "court_painter", "appoint_noble",
                "nominate_noble", "raise_tercio", "build_fleet", "cortes", "hunt", "build_fortification",
                "raise_nations", "embassy", "choose_mistress", "royal_pardon", "raise_provincial", "asiento", "move",
                "sale_of_privileges"]
NEGATIVE = {"end", "pass", "done", "keep", "refuse", "no"}


def margin(s: dict, wid: str) -> float:
    return military.army_sp(s, wid) - wars.enemy_strength(s, wid)


def rating_sum(s: dict, nid: str) -> int:
    return sum(court.known_rating(s, nid, r) for r in ("military", "political", "government"))


def _type(s, f, v, a):
    if v == "end":
        return 0
    return {"royal": 4, "government": 3, "simple": 2, "political": 2.5}[a]


def _action(s, f, v, a):
    happiness = court_happiness(s) + s["marks"]["happiness"]
    prestige = court_prestige(s) + s["marks"]["prestige"]
    if a in ("hunt", "choose_mistress") and happiness <= 4:
        return 30
    if a == "appoint_noble" and prestige <= 5 and court.free_court_slot(s, "noble") is not None:
        return 28
    if a == "asiento":
        return 9 if s["treasury"] <= 1 else -1
    if a in ("raise_tercio", "raise_nations", "build_fleet", "build_fortification") and s["treasury"] < 4:
        return -1
    if a == "campaign" and s["treasury"] < 3:
        return -1
    if a == "move" or a == "sale_of_privileges":
        return -1
    return len(ACTION_ORDER) - ACTION_ORDER.index(a) if a in ACTION_ORDER else 0


def _campaign(s, f, v, a):
    if v == "declare":
        return -5
    return margin(s, a) + (1 if s["wars"][a]["pos"] > 0 else 0)


def _muster(s, f, v, a):
    wid = f["ctx"]["wid"]
    if v == "lead":
        return 10 + court.known_rating(s, a, "military")
    if v == "done":
        return 0.5 if margin(s, wid) < 0 else 5
    u = military.unit(s, a)
    return 3 if u["loc"] in WARS else 2


def _deploy(s, f, v, a):
    if a in WARS:
        return 5 - margin(s, a)
    return 1 if a == military.PLUS_ULTRA else 0


def _best_noble(which: tuple[str, ...]) -> Score:
    def score(s, f, v, a):
        if not isinstance(a, str) or a not in NOTABLES:
            return 0
        return sum(court.known_rating(s, a, w) for w in which) * 10 + rating_sum(s, a)
    return score


def _placed(s, f, v, a):
    pos = tuple(a)
    held = court.holder(s, pos)
    if pos[0] == "noble" and court_prestige(s) + s["marks"]["prestige"] <= 5:
        return 8
    if pos[0] == "office":
        return 6 if held is None else 1
    if pos[0] == "army":
        return 5 if held is None else 0
    return 3


def _lady(s, f, v, a):
    return NOTABLES[a]["happiness"] * 2 + NOTABLES[a]["fertility"] + NOTABLES[a]["prestige"]


def _valido(s, f, v, a):
    if v == "keep":
        years = s["turn"] - s["valido_since"] + 1
        return 5 if years < 4 or s["last_scores"].get("prestige", 9) >= 5 else 0
    return court.known_rating(s, a, "government") + court.known_rating(s, a, "political")


def _yes(s, f, v, a):
    return 0 if v in NEGATIVE else 1


def _pay_if_rich(s, f, v, a):
    if v in NEGATIVE:
        return 1
    return 2 if s["treasury"] >= 3 else 0


def _explorer(s, f, v, a):
    return court.known_rating(s, a[0], a[1])


def _embassy_war(s, f, v, a):
    return -s["wars"][a]["pos"] + (5 if s["wars"][a]["truce"] else 0)


def _genius(s, f, v, a):
    if v == "keep":
        return 100
    return -NOTABLES[a]["enlightenment"]


def _upkeep(s, f, v, a):
    return 1 if v == "pay" else 0


def _nominate(s, f, v, a):
    return rating_sum(s, a)


def _removal(s, f, v, a):
    return 1 if v == "keep" else 0


def _provincial(s, f, v, a):
    return 5 - margin(s, a) if a in WARS else 0


SCORERS: dict[str, Score] = {
    "chose_type": _type, "chose_action": _action, "campaign_target": _campaign, "on_muster": _muster,
    "deployed": _deploy, "redeployed": _deploy, "noble_placed": _placed, "chose_mistress": _lady, "chose_queen": _lady,
    "setup_mistress_chosen": _lady, "valido_choice": _valido, "union_choice": _yes, "brave_choice": _yes,
    "cortes_repeat": _yes, "wallenstein_choice": _pay_if_rich, "road_choice": _pay_if_rich,
    "old_tercio_choice": _pay_if_rich, "explorer_chosen": _explorer, "embassy_war": _embassy_war,
    "embassy_sent": _best_noble(("political",)), "genius_removed": _genius, "upkeep_choice": _upkeep,
    "nominated": _nominate, "notable_removed": _removal, "provincial_levied": _provincial,
    "provincial_placed": _provincial, "general_chosen": _best_noble(("military",)), "war_consent": _yes,
    "fill_vacancy": _best_noble(("government", "political", "military")), "ensign_nun_choice": _yes,
    "his_majesty_choice": _yes, "diplomacy_choice": _yes, "memorial_read": _yes, "bastard_choice": _yes,
    "move_which": lambda s, f, v, a: 1 if v == "done" else 0,
    "setup_appointed": lambda s, f, v, a: _best_noble(
        ("military",) if f["ctx"]["target"] in WARS else
        ("political",) if f["ctx"]["target"] == "ambassador_in_austria" else ("government",))(s, f, v, a),
    "replaced_noble": lambda s, f, v, a: 1 if v == "court" else 0,
    "sp_chosen": lambda s, f, v, a: -military.unit_sp(military.unit(s, a)),
    "debt_paid": lambda s, f, v, a: 1 if v == "asiento" else 0,
}


def heuristic_bot(game: Game, state: dict, role: str, rnd: random.Random) -> dict:
    """Score each offered option with the rule for the pending decision; ties broken at random."""
    legal = game.actions(state, role)
    frame = state["stack"][-1] if state["stack"] else {}
    scorer = SCORERS.get(frame.get("then"))
    if scorer is None or frame.get("role") != role:
        return random_bot(game, state, role, rnd)
    scored = [(scorer(state, frame, a["verb"], a["arg"]), rnd.random(), a) for a in legal]
    return max(scored, key=lambda x: (x[0], x[1]))[2]


BOTS = {"random": random_bot, "heuristic": heuristic_bot}
