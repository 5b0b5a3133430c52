"""Game Setting (rulebook › Game Setting 1-5): families, decks, bank, Power cards, Conspirators, hands.

Families are dealt at random as one block of adjacent seats each (Game Setting 1, RULINGS OQ-03); the first
seat draws first (the "youngest player") and play goes on in seat order.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.quince_dias.cards import FAMILIES, draw, game_of, is_character, is_situation

HAND_SIZE = 7
BANK = 28
START_DUCATS = 2
MAX_SITUATIONS = 2
FACE_UP_CONSPIRATORS = 4


def roles_for(players: int) -> list[str]:
    return [f"player{i}" for i in range(1, players + 1)]


def start(g: Ctx, options: dict) -> None:
    s = g.s
    content = game_of(g).content_data
    roles = roles_for(options["players"])
    n = len(roles)
    offset = g.randbelow(n)
    first = FAMILIES[g.randbelow(2)]
    other = FAMILIES[1] if first == FAMILIES[0] else FAMILIES[0]
    family = {}
    for i in range(n):
        family[roles[(offset + i) % n]] = first if i < n // 2 else other
    deck = [c["id"] for c in content.characters] + [c["id"] for c in content.special_situations]
    g.shuffle(deck)
    princes = [p["id"] for p in content.princes]
    g.shuffle(princes)
    s.update(
        roles=roles,
        family=family,
        members={f: [r for r in roles if family[r] == f] for f in FAMILIES},
        deck=deck,
        discard=[],
        princes=princes,
        family_princes=dict.fromkeys(FAMILIES, 0),
        own_princes={r: [] for r in roles},
        prince_discards=[],
        bells=0,
        bank=BANK,
        ducats=dict.fromkeys(roles, 0),
        control_free=True,
        hands={r: [] for r in roles},
        estate={r: [] for r in roles},
        known={},
        round=1,
        phase=None,
        starting="olivares",
        powers={"olivares": None, "lerma": None, "individual": None},
        main=dict.fromkeys(roles),
        covered=dict.fromkeys(roles),
        sit={},
        left=dict.fromkeys(roles, False),
        chosen={},
        conf=None,
        results=[],
    )
    for f in FAMILIES:
        g.log("log.family", rule="families", family=f, roles=s["members"][f])
    if options["conspirators"]:
        pool = [c["id"] for c in content.conspirators]
        g.shuffle(pool)
        s["consp"] = {
            "available": pool[:FACE_UP_CONSPIRATORS],
            "owner": {},
            "owned": {r: [] for r in roles},
            "reserve": {r: [] for r in roles},
            "plot": {},
            "decided": [],
        }
        g.log("log.conspirators_placed", rule="conspirators_setting", cards=s["consp"]["available"])
    if n == 2:
        s["relative"] = dict.fromkeys(roles)
    for role in roles:
        refill(g, role, "starting_hand")
        s["bank"] -= START_DUCATS
        s["ducats"][role] = START_DUCATS
    g.log("log.starting_hands", rule="starting_hand")
    g.call("drawing_hands")


def refill(g: Ctx, role: str, rule: str) -> None:
    """Refill to 7; more than 2 Special Situations in the hand: show it, discard it, draw a new hand of 7
    (RULINGS OQ-33: the whole hand is counted), while the cards left make a legal hand possible."""
    s = g.s
    hand = s["hands"][role]
    draw(g, role, HAND_SIZE - len(hand))
    while sum(1 for c in hand if is_situation(c)) > MAX_SITUATIONS and _new_hand_possible(s, hand):
        g.show(s["roles"], list(hand))
        g.log("log.redraw", rule=rule, role=role, cards=list(hand), n=sum(1 for c in hand if is_situation(c)))
        s["discard"].extend(hand)
        for cid in hand:
            s["known"].pop(cid, None)
        hand.clear()
        draw(g, role, HAND_SIZE)


def _new_hand_possible(s: dict, hand: list[str]) -> bool:
    pool = s["deck"] + s["discard"] + hand
    return sum(1 for c in pool if is_character(c)) >= HAND_SIZE - MAX_SITUATIONS
