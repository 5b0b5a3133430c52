"""Ultima Ratio Regis — 8.1.1 Turn special rules: "Consult the final section of the Game Book, after the scenarios,
for any special rules for that turn" — for the scenarios that play the Game Book's turns (9.2-9.8: their special
rules and deployment "see turn N", ``scenarios.yaml`` ``rules_from``), each new turn brings its section of
``turns.yaml``.

Done here: each power's **interest** becomes the turn's Interest table (printed in every turn's section and on the
power card by turns, ``Power.interest``), keeping what events gave it beyond the last table (RULINGS TS-1); then
the turn's special rules' **effects** (``turns.yaml``: areas and theaters activated, possessions changing hands,
minors appearing, alliances ...) are applied one after another by the events' own executor (``cards/events.py``,
the step ``turn_special_rules``), their conditions read from the position (``cards/conditions.py``: "if Grenada
remains independent"). What the deck reads itself (``remove_card``, 8.1.4) is left to it, and so is a rule in force for the whole turn
(``diplomacy_cost``, read by the alliance auction: RULINGS TS-3); a rule "at the end of
the turn" (``when: end``) is applied at the end-of-turn VP (``end_of_turn_vp``, through the scenario's
``end_of_turn_vp``: Turn 9's VP for the most possessions in a province; RULINGS TS-2). The scenario's first turn is its
set-up's (7.2, ``preparation/game_board``), not this.
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.cards.events import Event
from engines.ultima_ratio.end_of_turn import victory
from engines.ultima_ratio.end_of_turn.turn_end import active_board_index

DECK_READS = ("remove_card",)  # 8.1.4: the deck takes these cards out itself (deck.removed)
# read while the turn lasts by the rule they change (the alliance auction's cost: alliance_auction.diplomacy_cost)
IN_FORCE = ("diplomacy_cost",)


def interest_of_the_turn(g: Ctx) -> None:
    """18.4.1 with 8.1.1: every power in play takes the new turn's Interest table; a theater an event gave it (not
    in the last turn's table) stays (RULINGS TS-1). A power whose table does not change is not logged."""
    s, board = g.s, board_of(g)
    turn = s["turn"]
    for power, info in sorted(s["powers"].items()):
        card = board.power(power)
        before, now = card.interest(turn - 1), card.interest(turn)
        if not now:  # no table for this turn (a power beyond its card's turns): what it has stays
            continue
        gained = [t for t in info["interest"] if t not in before and t not in now]
        new = now + gained
        if new == info["interest"]:
            continue
        lost = [t for t in info["interest"] if t not in new]
        won = [t for t in new if t not in info["interest"]]
        info["interest"] = new
        if won:
            g.log("log.interest", power=power, theaters=won, rule="turn_special_rules")
        if lost:
            g.log("log.interest_lost", power=power, theaters=lost, rule="turn_special_rules")


def game_book_turn(g: Ctx) -> None:
    """8.1.1 for a scenario that plays the Game Book's turns, after its first turn: the Interest table."""
    if g.s["turn"] == g.s["first_turn"]:
        return  # the set-up was the first turn's (7.2)
    interest_of_the_turn(g)


def effects_of_the_turn(g: Ctx) -> list[dict[str, Any]]:
    """The effects of the special rules of the turn now starting, in their printed order (none in the scenario's
    first turn: its set-up's)."""
    s = g.s
    if s["turn"] == s["first_turn"]:
        return []
    turn = board_of(g).world.turn(s["turn"])
    return [
        effect.model_dump(by_alias=True, exclude_defaults=True)
        for rule in turn.special_rules
        if rule.when == "start"
        for effect in rule.effects
        if effect.op not in (*DECK_READS, *IN_FORCE)
    ]


def end_of_turn_vp(g: Ctx) -> None:
    """8.1.1 with 23.1.3: the special rules of the turn now ending that the book places "at the end of the turn"
    (``when: end``; the scenario's own too on its first turn, ``World.rules_in_force``), at the end-of-turn VP, in
    their printed order: Turn 9 (l. 2481-2483) "2VP for the power with the most possessions in the province German
    States; 1VP ... Bohemia (ties: no one)" — the major power in play possessing most active areas of the province
    (``victory.most_possessions``) scores for its player (RULINGS TS-2). Another effect "at the end" is logged as
    not played."""
    s, board = g.s, board_of(g)
    rules = [r for r in board.world.rules_in_force(s["scenario"], s["turn"], s["first_turn"]) if r.when == "end"]
    if not rules:
        return
    index = active_board_index(g)
    possession = {a: info["owner"] for a, info in s["areas"].items() if info["owner"] in s["powers"]}
    for rule in rules:
        for effect in rule.effects:
            cond = effect.condition
            if effect.op != "vp" or cond is None or cond.kind != "most_possessions" or cond.province is None:
                g.log(
                    "log.event_not_yet", event=board.world.turn(s["turn"]).id, op=effect.op, rule="turn_special_rules"
                )
                continue
            power = victory.most_possessions(cond.province, possession, index)
            if power is None:
                g.log("log.most_possessions_none", province=cond.province, rule="turn_special_rules")
                continue
            seat = s["powers"][power]["seat"]
            s["seats"][seat]["vp"] += effect.amount or 0
            g.log(
                "log.most_possessions",
                power=power,
                province=cond.province,
                seat=seat,
                amount=effect.amount or 0,
                vp=s["seats"][seat]["vp"],
                rule="turn_special_rules",
            )


class TurnSpecialRules(Event):
    """8.1.1: the turn's special rules applied as an event's effects (frame ``card``: the turn's id, whose name the
    log shows; ``seat``: the first player in game order, who answers a choice an effect asks; ``queue``;
    ``within_scenario``: areas become active inside the scenario's theaters only, 7.2 and RULINGS MP-14 — a card's
    event outside them is removed by the scenario itself, ``removed_events``)."""

    rule = "turn_special_rules"

    def auto(self, g: Ctx) -> None:
        if not g.frame.get("announced"):
            g.frame["announced"] = True
            g.log("log.turn_special_rules", turn=g.frame["card"], rule="turn_special_rules")
        super().auto(g)


def apply_effects(g: Ctx, effects: list[dict[str, Any]]) -> None:
    """Start the step that applies ``effects`` (it returns to the turn's start when they are all applied)."""
    s = g.s
    first = min(s["seats"], key=lambda role: s["seats"][role]["order"])
    turn = board_of(g).world.turn(s["turn"]).id
    g.call("turn_special_rules", card=turn, seat=first, queue=effects, within_scenario=True)


STEPS = {"turn_special_rules": TurnSpecialRules()}
