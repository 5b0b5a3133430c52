"""Bots: the random-legal bot and a heuristic policy for the solo player, the King and the Valido (issue 4, Bots).

A bot sees only its seat's view. The heuristic reads the pending decision's step name (``view["prompt"]["step"]``)
and scores the offered options with simple rules of thumb: keep ducats for campaigns one can win, muster armies up
to the enemy's strength, fill offices with the best ratings, have heirs, explore, avoid new wars, pay upkeep when
possible. A step it has no rule for is an error (a renamed step must not silently fall back to random play).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, cast

from engines.core.game import Bot, Game, flat, random_bot
from engines.core.types import View
from engines.planet_king.components import PLUS_ULTRA, C, Components, active
from engines.planet_king.military import CONSTRUCTION


class PrintedGame(Protocol):
    """The printed cards of the game a bot plays (``game.PlanetKing``'s, which registers the bots)."""

    components: Components


class Seen:
    """What the heuristic reads from its seat's view."""

    def __init__(self, view: View):
        p = self.p = view["public"]
        self.treasury = p["treasury"]
        self.happiness = p["now"]["happiness"]
        self.prestige = p["now"]["prestige"]
        self.wars = {w["id"]: w for w in p["wars"]}
        self.ctx = p["decision"] or {}
        self.notables: dict[str, dict] = {}
        c = p["court"]
        for n in [
            c["valido"],
            c["queen"],
            c["mistress"],
            *c["nobles"],
            *c["geniuses"],
            *p["offices"].values(),
            *p["exiled"],
            *p["decks"]["ladies"],
            *(w["leader"] for w in p["wars"]),
        ]:
            if n:
                self.notables[n["id"]] = n
        self.units: dict[str, dict] = {}
        for t in p["territories"]:
            for u in t["units"]:
                self.units[u["id"]] = {**u, "loc": t["id"]}
        for w in p["wars"]:
            for u in w["army"]:
                self.units[u["id"]] = {**u, "loc": w["id"]}
        for u in p["construction"]:
            if "id" in u:
                self.units[u["id"]] = {**u, "loc": CONSTRUCTION}

    def rating(self, nid: str, which: str) -> int:
        """A noble's rating as known to the table ('?' untested counts as 1); drawn nobles not yet seated are
        read from their printed card."""
        n = self.notables.get(nid)
        if n is not None and which in n:
            return n[which]
        value = C.NOTABLES[nid].get(which)
        return value if value is not None else 1

    def margin(self, wid: str) -> float:
        w = self.wars[wid]
        return w["army_sp"] - w["enemy_sp"]

    def free_noble_slot(self) -> bool:
        return None in self.p["court"]["nobles"]


Score = Callable[[Seen, str, Any], float]
ACTION_ORDER = [
    "issue",
    "exploration",
    "campaign",
    "nominate_genius",
    "court_painter",
    "appoint_noble",
    "nominate_noble",
    "raise_tercio",
    "build_fleet",
    "cortes",
    "hunt",
    "build_fortification",
    "raise_nations",
    "embassy",
    "choose_mistress",
    "royal_pardon",
    "raise_provincial",
    "asiento",
    "move",
    "sale_of_privileges",
]
NEGATIVE = {"end", "pass", "done", "keep", "refuse", "no"}


def rating_sum(s: Seen, nid: str) -> int:
    return sum(s.rating(nid, r) for r in ("military", "political", "government"))


def _type(s, v, a):
    if v == "end":
        return 0
    return {"royal": 4, "government": 3, "simple": 2, "political": 2.5}[a]


def _action(s, v, a):
    happiness, prestige = s.happiness, s.prestige
    if a in ("hunt", "choose_mistress") and happiness <= 4:
        return 30
    if a == "appoint_noble" and prestige <= 5 and s.free_noble_slot():
        return 28
    if a == "asiento":
        return 9 if s.treasury <= 1 else -1
    if a in ("raise_tercio", "raise_nations", "build_fleet", "build_fortification") and s.treasury < 4:
        return -1
    if a == "campaign" and s.treasury < 3:
        return -1
    if a == "move" or a == "sale_of_privileges":
        return -1
    return len(ACTION_ORDER) - ACTION_ORDER.index(a) if a in ACTION_ORDER else 0


def _campaign(s, v, a):
    if v == "declare":
        return -5
    return s.margin(a) + (1 if s.wars[a]["pos"] > 0 else 0)


def _muster(s, v, a):
    wid = s.ctx["wid"]
    if v == "lead":
        return 10 + s.rating(a, "military")
    if v == "done":
        return 0.5 if s.margin(wid) < 0 else 5
    loc = s.units[a]["loc"]
    if loc in C.WARS:  # an adjacent war's army gives units only when it stays the stronger
        return 1 if s.margin(loc) >= 2 else -1
    return 2


def _deploy(s, v, a):
    if a in C.WARS:
        return 5 - s.margin(a)
    return 1 if a == PLUS_ULTRA else 0


def _best_noble(which: tuple[str, ...]) -> Score:
    def score(s, v, a):
        if not isinstance(a, str) or a not in C.NOTABLES:
            return 0
        return sum(s.rating(a, w) for w in which) * 10 + rating_sum(s, a)

    return score


def _placed(s, v, a):
    pos = tuple(a)
    held = _holder(s, pos)
    if pos[0] == "noble" and s.prestige <= 5:
        return 8
    if pos[0] == "office":
        return 6 if held is None else 1
    if pos[0] == "army":
        return 5 if held is None else 0
    return 3


def _lady(s, v, a):
    return C.NOTABLES[a]["happiness"] * 2 + C.NOTABLES[a]["fertility"] + C.NOTABLES[a]["prestige"]


def _valido(s, v, a):
    if v == "keep":
        years = s.p["turn"] - s.p["valido_since"] + 1
        return 5 if years < 4 or s.p["last_scores"].get("prestige", 9) >= 5 else 0
    return s.rating(a, "government") + s.rating(a, "political")


def _yes(s, v, a):
    return 0 if v in NEGATIVE else 1


def _pay_if_rich(s, v, a):
    if v in NEGATIVE:
        return 1
    return 2 if s.treasury >= 3 else 0


def _explorer(s, v, a):
    return s.rating(a[0], a[1])


def _embassy_war(s, v, a):
    return -s.wars[a]["pos"] + (5 if s.wars[a]["truce"] else 0)


def _genius(s, v, a):
    if v == "keep":
        return 100
    return -C.NOTABLES[a]["enlightenment"]


def _upkeep(s, v, a):
    return 1 if v == "pay" else 0


def _nominate(s, v, a):
    return rating_sum(s, a)


def _removal(s, v, a):
    return 1 if v == "keep" else 0


def _provincial(s, v, a):
    return 5 - s.margin(a) if a in C.WARS else 0


def _any(s, v, a):
    return 0


SCORERS: dict[str, Score] = {
    "chose_type": _type,
    "chose_action": _action,
    "campaign_target": _campaign,
    "on_muster": _muster,
    "deployed": _deploy,
    "redeployed": _deploy,
    "noble_placed": _placed,
    "chose_mistress": _lady,
    "chose_queen": _lady,
    "setup_mistress_chosen": _lady,
    "valido_choice": _valido,
    "union_choice": _yes,
    "brave_choice": _yes,
    "cortes_repeat": _yes,
    "wallenstein_choice": _pay_if_rich,
    "road_choice": _pay_if_rich,
    "old_tercio_choice": _pay_if_rich,
    "explorer_chosen": _explorer,
    "embassy_war": _embassy_war,
    "embassy_sent": _best_noble(("political",)),
    "genius_removed": _genius,
    "upkeep_choice": _upkeep,
    "nominated": _nominate,
    "notable_removed": _removal,
    "provincial_levied": _provincial,
    "provincial_placed": _provincial,
    "general_chosen": _best_noble(("military",)),
    "war_consent": _yes,
    "fill_vacancy": _best_noble(("government", "political", "military")),
    "ensign_nun_choice": _yes,
    "his_majesty_choice": _yes,
    "diplomacy_choice": _yes,
    "memorial_read": _yes,
    "bastard_choice": _yes,
    "move_which": lambda s, v, a: 1 if v == "done" else 0,
    "setup_appointed": lambda s, v, a: _best_noble(
        ("military",)
        if s.ctx["target"] in C.WARS
        else ("political",)
        if s.ctx["target"] == "ambassador_in_austria"
        else ("government",)
    )(s, v, a),
    "replaced_noble": lambda s, v, a: 1 if v == "court" else 0,
    "sp_chosen": lambda s, v, a: -s.units[a]["sp"],
    "debt_paid": lambda s, v, a: 1 if v == "asiento" else 0,
    # no rule of thumb: any offered action, at random
    **dict.fromkeys(
        (
            "austria_demand",
            "conde_army",
            "fort_ordered",
            "fronde_tercio",
            "hothead_tercio",
            "libertine_chosen",
            "move_one",
            "move_source",
            "nations_placed",
            "painter_chosen",
            "pardon_placed",
            "pardoned",
            "sold",
        ),
        _any,
    ),
}


def _holder(s: Seen, pos: tuple) -> str | None:
    p = s.p
    if pos[0] in ("noble", "genius"):
        held = p["court"][pos[0] + "s"][pos[1]]
    elif pos[0] == "office":
        held = p["offices"][pos[1]]
    elif pos[0] == "army":
        held = s.wars[pos[1]]["leader"]
    else:
        held = p["court"][pos[0]]
    return held["id"] if held else None


def heuristic_bot(game: Game, view: View, role: str, rnd: random.Random) -> tuple[str, Any]:
    """Score each offered action with the rule for the pending decision (its step name); ties broken at random."""
    step = view["prompt"]["step"]
    if step not in SCORERS:
        raise KeyError(f"the heuristic bot has no rule for the step {step!r}")
    scorer = SCORERS[step]
    with active(cast(PrintedGame, game).components):  # the printed cards of the bot's game (a rating, a lady's values)
        seen = Seen(view)
        scored = [(scorer(seen, verb, arg), rnd.random(), (verb, arg)) for verb, arg in flat(view["prompt"]["legal"])]
    return max(scored, key=lambda x: (x[0], x[1]))[2]


BOTS: dict[str, Bot] = {"random": random_bot, "heuristic": heuristic_bot}
