"""Game Setting (rulebook › Game Setting 1-5): families, decks, bank, Power cards, Conspirators, hands.

Families are dealt at random as one block of adjacent seats each (Game Setting 1, RULINGS OQ-03); the first
seat draws first (the "youngest player") and play goes on in seat order.
"""
from __future__ import annotations

from engines.core.machine import Ctx
from engines.quince_dias.cards import FAMILIES, FAMILY_NAMES, draw, use_content, is_character, is_situation, label
from engines.quince_dias.content import content

HAND_SIZE = 7
BANK = 28
START_DUCATS = 2
MAX_SITUATIONS = 2
FACE_UP_CONSPIRATORS = 4


def roles_for(players: int) -> list[str]:
    return [f"player{i}" for i in range(1, players + 1)]


def start(g: Ctx, options: dict) -> None:
    s = g.s
    use_content()
    roles = roles_for(options["players"])
    n = len(roles)
    offset = g.randbelow(n)
    first = FAMILIES[g.randbelow(2)]
    other = FAMILIES[1] if first == FAMILIES[0] else FAMILIES[0]
    family = {}
    for i in range(n):
        family[roles[(offset + i) % n]] = first if i < n // 2 else other
    cards = content()
    deck = [c["id"] for c in cards.characters] + [c["id"] for c in cards.special_situations]
    g.shuffle(deck)
    princes = [p["id"] for p in cards.princes]
    g.shuffle(princes)
    s.update(
        roles=roles,
        family=family,
        members={f: [r for r in roles if family[r] == f] for f in FAMILIES},
        deck=deck, discard=[],
        princes=princes, family_princes={f: 0 for f in FAMILIES}, own_princes={r: [] for r in roles},
        prince_discards=[], bells=0,
        bank=BANK, ducats={r: 0 for r in roles},
        control_free=True,
        hands={r: [] for r in roles}, estate={r: [] for r in roles},
        round=1, phase=None, starting="olivares",
        powers={"olivares": None, "lerma": None, "individual": None},
        main={r: None for r in roles}, covered={r: None for r in roles}, sit={},
        left={r: False for r in roles}, chosen={}, conf=None, results=[],
    )
    for f in FAMILIES:
        g.log(f"Family {FAMILY_NAMES[f]}: {', '.join(label(r) for r in s['members'][f])}.",
              rule="Game Setting › 1. Determining Families")
    if options["conspirators"]:
        pool = [c["id"] for c in cards.conspirators]
        g.shuffle(pool)
        s["consp"] = {"available": pool[:FACE_UP_CONSPIRATORS], "owner": {}, "owned": {r: [] for r in roles},
                      "reserve": {r: [] for r in roles}, "plot": {}, "decided": []}
        g.log("Four Conspirators are placed face up.", rule="Game Setting › 4. Placing the Conspirators")
    if n == 2:
        s["relative"] = {r: None for r in roles}
    for role in roles:
        refill(g, role, "Game Setting › 5. Drawing the Starting Hand and Ducats")
        s["bank"] -= START_DUCATS
        s["ducats"][role] = START_DUCATS
    g.log("Every player draws 7 cards and 2 Ducats. The Olivares Family will be the first to play.",
          rule="Game Setting › 5. Drawing the Starting Hand and Ducats")
    g.push("drawing_hands")


def refill(g: Ctx, role: str, rule: str) -> None:
    """Refill to 7; more than 2 Special Situations in the hand: show it, discard it, draw a new hand of 7
    (RULINGS OQ-33: the whole hand is counted), while the cards left make a legal hand possible."""
    s = g.s
    hand = s["hands"][role]
    draw(g, role, HAND_SIZE - len(hand))
    while sum(1 for c in hand if is_situation(c)) > MAX_SITUATIONS and _new_hand_possible(s, hand):
        g.log(f"{label(role)} shows a hand with {sum(1 for c in hand if is_situation(c))} Special Situations, "
              "discards it and draws a new hand.", rule=rule)
        s["discard"].extend(hand)
        hand.clear()
        draw(g, role, HAND_SIZE)


def _new_hand_possible(s: dict, hand: list[str]) -> bool:
    pool = s["deck"] + s["discard"] + hand
    return sum(1 for c in pool if is_character(c)) >= HAND_SIZE - MAX_SITUATIONS
