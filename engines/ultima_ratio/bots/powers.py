"""Ultima Ratio Regis — the heuristic bot for any power of a multiplayer scenario (9.2 New Order first): it bids for
the group worth most (7.1.1), deploys (24), spends each power's actions on its objectives and its defence (8.2.2),
declares war on a weaker holder of an objective within reach of its troops (21.3.3: a major power only with a Casus
Belli), plays its cards for their points (8.2.2), bids for a technology when its unrest allows (19.3), and leaves the steps inside an action, a combat or a peace to
``answers.py`` with the acting power and its targets (``goals.py``)."""

from __future__ import annotations

import random
from typing import Any, cast

from engines.core.game import Game
from engines.core.types import View
from engines.ultima_ratio import state as st
from engines.ultima_ratio.bots import goals
from engines.ultima_ratio.bots.answers import answer
from engines.ultima_ratio.bots.plans import _action, _moves, _useful_centers

MAX_BET = 4  # 7.1.1: a bet is VP given away; more than this for the first choice is never worth it
TECHNOLOGY_BID = 2  # 19.3.1: unrest bet for a technology, at most, and only with unrest to spare
SQUADRONS_PER_TROOPS = 2  # 24: one squadron for every two troops of a power with ports


def powers_bot(game: Game, view: View, role: str, rnd: random.Random) -> tuple[str, Any] | None:
    """The seat's choice at the view's step (None: a step this bot does not know)."""
    return _choose(game, cast(goals.Engine, game), view, role, rnd)


def _choose(table: Game, game: goals.Engine, view: View, role: str, rnd: random.Random) -> tuple[str, Any] | None:
    """``table``: the game as the core knows it (``answers`` asks it); ``game``: its content (``goals.Engine``)."""
    prompt = view["prompt"]
    legal, step = prompt["legal"], prompt["step"]
    public = view["public"]
    if step == "major_power_auction":
        return "bet", _bet(game, public, legal["bet"], rnd)
    if step == "choose_group":
        players = len(public["seats"])
        return "group", max(legal["group"], key=lambda n: goals.group_value(game, public["scenario"], players, n))
    power = goals.acting_power(public, prompt, role)
    if step == "deploy_revolts":  # 23.3: the R3 revolts, the only choice
        return "revolt", legal["revolt"][0]
    if step == "deploy":
        return _deploy(game, public, legal, power)
    if step == "power_actions":
        return _power_actions(game, public, legal, role)
    if step in ("technology_auction", "alliance_auction"):  # 19.3.1, 20.3.1: the same open auction against unrest
        return _technology(game, public, legal)
    if step == "card_play" and "assign" in legal:  # 8.2.2: the points to the power with most to do
        return "assign", max(legal["assign"], key=lambda p: _work(game, public, p))
    if step == "build_troop" and "area" in legal:  # 21.3: the threatened possession first
        danger = goals.threatened(game, public, power)
        near = [a for a in legal["area"] if a in danger]
        if near:
            return "area", max(near, key=lambda a: (danger[a], a))
    return answer(table, view, power, goals.targets(game, public, power))


def _bet(game: goals.Engine, public: dict, bets: list[int], rnd: random.Random) -> int:
    """7.1.1: the first choice is worth the best group's value over the average group's; a little less (the VP
    marker pays the difference to the highest bet) and never more than ``MAX_BET``."""
    players = len(public["seats"])
    values = [goals.group_value(game, public["scenario"], players, n) for n in range(1, players + 1)]
    edge = max(values) - sum(values) / len(values)
    wanted = max(0, min(MAX_BET, round(edge / 2) + rnd.choice((-1, 0, 0, 1))))
    return min(bets, key=lambda b: abs(b - wanted))


def _deploy(game: goals.Engine, public: dict, legal: dict, power: str) -> tuple[str, Any]:
    """24: the unrest down to half the vitality, a troop on a threatened possession, a merchant if it has none and a
    center has room, a squadron for every two troops (with ports), else troops, then the unrest; then done."""
    builds = legal.get("build", [])
    unrest = public["powers"][power]["unrest"]
    vitality = game.board.power(power).vitality
    mine = [u for u in public["units"].values() if u["power"] == power and u["loc"] != "available"]
    troops = sum(1 for u in mine if u["kind"] == "troop")
    squadrons = sum(1 for u in mine if u["kind"] == "squadron")
    if "lower_unrest" in builds and 2 * unrest >= vitality:
        return "build", "lower_unrest"
    if "build_troop" in builds and goals.threatened(game, public, power):
        return "build", "build_troop"
    if "build_merchant" in builds and _useful_centers(game, public, power=power) and not _merchants(public, power):
        return "build", "build_merchant"
    if "build_squadron" in builds and squadrons * SQUADRONS_PER_TROOPS < troops:
        return "build", "build_squadron"
    if "build_troop" in builds:
        return "build", "build_troop"
    if "lower_unrest" in builds:
        return "build", "lower_unrest"
    return "done", None


def _merchants(public: dict, power: str) -> int:
    return sum(here.get(power, 0) for here in public["merchants"].values())


def _power_actions(game: goals.Engine, public: dict, legal: dict, seat: str) -> tuple[str, Any]:
    """8.2.2: a due event first, then the one card an impulse asks for, for its points (``_card``); each power of the
    seat spends its actions by its own plan (``_plan``); a war declared where it pays (``_war``); the impulse ends
    when no power has anything useful left to do. The other cards wait for the later impulses of the turn, and for
    its battles (13.1.4, 13.2): a hand played out in one impulse leaves the table to the others for the rest of the
    half turn."""
    if "event" in legal:
        return "event", legal["event"][0]
    if "play_card" in legal and "end_impulse" not in legal:
        return "play_card", _card(game, legal["play_card"])  # 8.2.2: at least one card
    acts = legal.get("act", [])
    declare = _war(game, public, legal.get("declare_war", []))
    if declare:
        return "declare_war", declare
    for power in st.powers_of(public, seat):
        mine = [a for a in acts if a[0] == power]
        if mine:
            chosen = _plan(game, public, mine, power)
            if chosen is not None:
                return "act", chosen
    if "end_impulse" in legal:
        return "end_impulse", None
    if "play_card" in legal:
        return "play_card", _card(game, legal["play_card"])
    return "act", acts[0]


def _plan(game: goals.Engine, public: dict, acts: list[list[str]], power: str) -> list[str] | None:
    """One power's next action: the unrest at the vitality (23.2), a troop where a possession is threatened
    (21.3), a merchant its card asks for (22.), then 9.1's plan aimed at its targets and all its objective areas
    (``_action``: subjugations, marches and landings on what it may take — an area of a power it is not at war with
    is no move —, fleets, regroups, builds toward them, a leader, the unrest down), other merchants last; None:
    nothing worth an action."""
    names = {a[1] for a in acts}
    unrest = public["powers"][power]["unrest"]
    if "lower_unrest" in names and unrest >= game.board.power(power).vitality:
        return [power, "lower_unrest"]  # 23.2: no revolts
    if "build_troop" in names and _undefended(game, public, power):
        return [power, "build_troop"]
    wanted = goals.merchant_objectives(game, power) - set(_held_centers(public, power))
    if "build_merchant" in names and wanted & _useful_centers(game, public, power=power):
        return [power, "build_merchant"]
    others = {"act": [a for a in acts if a[1] != "build_merchant"]}
    aims = goals.targets(game, public, power) | goals.objective_areas(game, public, power)
    verb, arg = _action(game, public, others, aims, unrest, power=power)
    if verb == "act":
        return list(arg)
    if "build_merchant" in names and _useful_centers(game, public, power=power) and _merchants(public, power) < 2:
        return [power, "build_merchant"]
    return None


def _work(game: goals.Engine, public: dict, power: str) -> tuple[bool, bool, int]:
    """How much a power has to do with action points: a threatened possession (21.3), a target within reach of
    its troops (12, 13.5), its unrest (19.1.1)."""
    targets = goals.targets(game, public, power)
    moves = _moves(game, public, targets, power=power) if targets else {}
    return _undefended(game, public, power), any(moves.values()), public["powers"][power]["unrest"]


def _held_centers(public: dict, power: str) -> list[str]:
    return [c for c, here in public["merchants"].items() if here.get(power, 0)]


def _card(game: goals.Engine, cards: list[str]) -> str:
    """8.2.2: the card with most action points, combat cards kept for the battles (13.2) while another will do."""
    board = game.board
    return max(cards, key=lambda c: (board.world.event(c).category != "combat", board.world.event(c).action_points))


def _undefended(game: goals.Engine, public: dict, power: str) -> bool:
    """A possession threatened by more hostile troops than it holds of its own (21.3)."""
    return any(len(st.troops_in(public, area, power)) < n for area, n in goals.threatened(game, public, power).items())


def _war(game: goals.Engine, public: dict, declarations: list[list[str]]) -> list[str] | None:
    """21.3.3: war on a party holding one of the power's objective areas within two areas of its troops, when the
    power is not at war already: a major power only with a Casus Belli and more troops on the map than it has, an
    independent minor (20.5) also without one (it costs morale and the power's last action) when the power has
    more troops than stand in the minor's areas."""
    for power, target in declarations:
        major = target in public["powers"]
        if (major and [power, target] not in public["casus_belli"]) or _at_war(public, power):
            continue
        held = {a for a in goals.objective_areas(game, public, power) if public["areas"][a]["owner"] == target}
        if not held:
            continue
        mine = st.units_of(public, power, "troop", "map")
        if not held & _within_two(game, public, mine):
            continue
        if major and len(mine) > len(st.units_of(public, target, "troop", "map")):
            return [power, target]
        if not major and len(mine) > _minor_troops(public, held):
            return [power, target]
    return None


def _at_war(public: dict, power: str) -> bool:
    return any(power in pair for pair in public["wars"])


def _within_two(game: goals.Engine, public: dict, troops: list[str]) -> set[str]:
    """The areas one or two steps from the troops (12.1: a tactical move goes two areas)."""
    neighbours = game.board.neighbours
    first = {a for u in troops if (here := st.loc_area(public["units"][u]["loc"])) for a in neighbours.get(here, ())}
    return first | {b for a in first for b in neighbours.get(a, ())}


def _minor_troops(public: dict, areas: set[str]) -> int:
    """The troops standing in the minor's areas (its own and any other's)."""
    return sum(len(st.troops_in(public, a)) for a in areas)


def _technology(game: goals.Engine, public: dict, legal: dict) -> tuple[str, Any]:
    """19.3.1: the lowest bid that wins, by the power with most unrest to spare, at most ``TECHNOLOGY_BID`` and
    never where the bet would bring its unrest to half its vitality (23.2's agitation comes at the vitality)."""
    if public["turn"] >= public["last_turn"]:
        return "pass", None
    best = None
    for power, amount in legal.get("bid", []):
        spare = game.board.power(power).vitality // 2 - public["powers"][power]["unrest"] - amount
        if amount <= TECHNOLOGY_BID and spare >= 0 and (best is None or (amount, -spare) < (best[0], -best[1])):
            best = (amount, spare, power)
    if best is None:
        return "pass", None
    return "bid", [best[2], best[0]]
