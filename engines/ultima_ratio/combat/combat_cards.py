"""Ultima Ratio Regis — combat cards in a combat (8.2.2 "Combat cards", 13.1.2-13.1.4) and the events in force
that change combats.

A combat card (the generic events with the wax-seal 1) is played "in combat, either during the player's own
impulse, or as a reaction during other players' impulses" and then has no action points; it ignores the priorities
(l. 403). ``battles.Combat`` opens a window before the combat is prepared (``open_window``): the player of each
side's major power, the attacker first (13.1.4), plays the cards that fit the combat one at a time, or passes;
each card becomes what it does to the battle record (``combat.Force`` advantages / disadvantages /
battlefield cards, the besieged's siege casualties). A card that rerolls a die after the roll ("Cavalry charge")
is not played in the window: its holder is asked after the dice (``combat`` decision ``reroll.<side>.<n>``, one
per such card held), and answering with a die plays the card (``after_combat``). The events in force with a
``combat`` effect ("Tercios", "Modern Army") give their advantage to their powers without being played.
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.cards import deck
from engines.ultima_ratio.combat.forces import REDUCE
from engines.ultima_ratio.economy import technology
from engines.ultima_ratio.world_effects import Effect

# the battle record's fields of each side, by kind of combat
FIELDS = {
    "naval": ("attacker", "defender"),
    "land": ("attacker", "defender"),
    "siege": ("besieger", "besieged"),
    "subjugation": ("subjugator", "opponent"),
}
SIDES = ("attacker", "defender")


def card_effect(board, card: str) -> Effect:
    return next(e for e in deck.event(board, card).effects if e.op == "combat")


def fits(board, card: str, kind: str, battle: dict, side: str) -> bool:
    """Whether a combat card may be played by ``side`` in this combat, as its text says (``events.yaml``: the
    combats it is for, the side that plays it, the terrain); a card that changes the battlefield is not played
    where it cannot change (piracy)."""
    if not deck.is_combat(board, card):
        return False
    eff = card_effect(board, card)
    if eff.battles and kind not in eff.battles:
        return False
    if eff.combat in ("attacker", "defender") and eff.combat != side:
        return False
    if eff.battlefield and battle.get("kind") == "piracy":
        return False  # 13.2.4: the battlefield of piracy "cannot be modified" (RULINGS EV-2)
    cond = eff.condition
    return not (cond and cond.kind == "terrain" and battle.get("terrain") not in cond.terrain)


def in_window(board, card: str) -> bool:
    """Cards played before the combat (all but those that reroll after the dice)."""
    return not card_effect(board, card).reroll


def seat_for(s: dict, powers: dict, side: str) -> str | None:
    """The player of the side's major power (a minor's: its ally's, 20.2); None for automata and rebels."""
    major = st.side_of(s, powers.get(side))
    return st.player_of(s, major) if major is not None and major in s["powers"] else None


def offer(g: Ctx, kind: str, battle: dict, powers: dict, side: str) -> list[str]:
    seat = seat_for(g.s, powers, side)
    if seat is None:
        return []
    board = board_of(g)
    return [
        c for c in g.s["cards"]["hands"].get(seat, []) if fits(board, c, kind, battle, side) and in_window(board, c)
    ]


def play_on(board, card: str, kind: str, battle: dict, side: str) -> None:
    """What the card does to the battle record (plain data, ``combat.as_data``)."""
    eff = card_effect(board, card)
    mine, theirs = (battle[f] for f in (FIELDS[kind] if side == "attacker" else FIELDS[kind][::-1]))
    if eff.advantage > 0:
        mine["advantages"] += eff.advantage
    elif eff.advantage < 0:
        theirs["disadvantages"] -= eff.advantage
    if eff.battlefield:
        mine["battlefield_cards"].append(card + (REDUCE if eff.battlefield < 0 else ""))
    if eff.siege_casualties and kind == "siege":
        battle["siege_casualties"] += eff.siege_casualties


def lasting(g: Ctx, kind: str, battle: dict, powers: dict) -> None:
    """The technologies won (19.3) and the events in force whose ``combat`` effect holds for a kind of battle and
    some powers (13.1.2)."""
    board = board_of(g)
    for side, name in zip(SIDES, FIELDS[kind], strict=False):
        for tech in technology.advantages(g.s, powers.get(side), kind, side):
            battle[name]["advantages"] += 1
            g.log("log.technology_in_combat", power=powers[side], technology=tech, rule="technology")
    for card in g.s["cards"].get("active", []):
        for eff in deck.event(board, card).effects:
            cond = eff.condition
            if eff.op != "combat" or cond is None or cond.kind != "battle" or cond.battle != kind:
                continue
            for side, name in zip(SIDES, FIELDS[kind], strict=False):
                if powers.get(side) and (not cond.powers or powers[side] in cond.powers):
                    battle[name]["advantages"] += eff.advantage
                    g.log("log.event_in_force", event=card, power=powers[side], rule="card_play")


def open_window(g: Ctx) -> bool:
    """Called by ``battles.Combat`` before the combat: in a game with cards, the events in force, the reroll cards
    held (``rerolls``) and the window for the others. True if it called the window step."""
    f, s = g.frame, g.s
    if not deck.in_play(s) or "window" in f:
        return False
    f["window"] = True
    kind, battle, powers = f["kind"], f["battle"], f["powers"]
    lasting(g, kind, battle, powers)
    board = board_of(g)
    hands = s["cards"]["hands"]
    for side, name in zip(SIDES, FIELDS[kind], strict=False):
        seat = seat_for(s, powers, side)
        if (
            seat is not None
            and hands.get(seat)
            and any(fits(board, c, kind, battle, side) for c in reroll_cards(board))
        ):
            # asked after the dice once per card in his hand (a public count) until he declines, whether he holds
            # a reroll card or not, so the table cannot tell (RULINGS C-9)
            battle[name]["rerolls"] += len(hands[seat])
            f.setdefault("rerolls", {})[side] = [
                c for c in hands[seat] if fits(board, c, kind, battle, side) and not in_window(board, c)
            ]
    sides = [side for side in SIDES if hands.get(seat_for(s, powers, side) or "")]
    if not sides:
        return False
    g.call("combat_cards", kind=kind, battle=battle, powers=powers, sides=sides)
    return True


def reroll_cards(board) -> list[str]:
    """The cards that reroll a die after the dice (public: the deck's contents, not a hand)."""
    return [e.id for e in board.world.events if any(x.op == "combat" and x.reroll for x in e.effects)]


def reroll_options(frame: dict, key: str, options: list) -> list:
    """A reroll decision ``reroll.<side>.<n>``: a die only while the side's player still holds a reroll card
    that fits (the n-th), else only "no" (the question is asked all the same, RULINGS C-9)."""
    _, side, n = key.split(".")
    held = frame.get("rerolls", {}).get(side, [])
    return options if int(n) < len(held) else [None]


def after_combat(g: Ctx, decisions: dict) -> None:
    """A reroll decision answered with a die played the side's reroll card (the first held)."""
    f = g.frame
    for side, held in f.get("rerolls", {}).items():
        seat = seat_for(g.s, f["powers"], side)
        assert seat is not None  # rerolls are kept only for a side with a player (above)
        for n, card in enumerate(held):
            if decisions.get(f"reroll.{side}.{n}") is not None and card in g.s["cards"]["hands"][seat]:
                deck.discard(g, seat, card)
                g.log("log.combat_card", seat=seat, card=card, power=f["powers"][side], rule="combat_cards")


class CombatCards(Step):
    """The window of combat cards: the side's player plays a card that fits, or passes; the attacker first. Every
    side's player who has cards is asked, whether one fits or not, so that being asked tells nothing (C-9). Ends
    with the battle record changed."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        f = g.frame
        seat = seat_for(g.s, f["powers"], f["sides"][0])
        assert seat is not None  # the window asks only the sides whose player holds cards (above)
        return [seat]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        legal: dict[str, list] = {"pass": [None]}
        options = offer(g, f["kind"], f["battle"], f["powers"], f["sides"][0])
        if options:
            legal["card"] = options
        return text("prompt.combat_cards", kind=f["kind"]), legal

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.combat_card", card=arg) if verb == "card" else text("act.combat_cards_pass")

    def on_card(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        side = f["sides"][0]
        deck.discard(g, role, arg)
        play_on(board_of(g), arg, f["kind"], f["battle"], side)
        g.log("log.combat_card", seat=role, card=arg, power=f["powers"][side], rule="combat_cards")
        if not g.s["cards"]["hands"].get(role):  # he is asked again while he has cards, fitting or not (C-9)
            self._next(g)

    def on_pass(self, g: Ctx, role: str, arg: Any) -> None:
        self._next(g)

    def _next(self, g: Ctx) -> None:
        f = g.frame
        f["sides"].pop(0)
        while f["sides"] and not g.s["cards"]["hands"].get(seat_for(g.s, f["powers"], f["sides"][0]) or ""):
            f["sides"].pop(0)
        if not f["sides"]:
            g.end({"window": f["battle"]})


STEPS = {"combat_cards": CombatCards()}
