"""Helpers that set up exact positions in a 15 Días state, so every rulebook example can be reproduced."""

from __future__ import annotations

from engines.core.game import flat
from engines.core.machine import Ctx
from engines.quince_dias import GAME


def cid(name: str) -> str:
    """The id of a card by its printed name (first copy for Special Situations)."""
    for item in GAME.cards.values():
        if item["name"] == name:
            return item["id"]
    raise KeyError(name)


def fresh(players: int = 4, conspirators: bool = False, seed: int = 1) -> dict:
    return GAME.setup(seed, {"players": players, "conspirators": conspirators})


def ctx(s: dict) -> Ctx:
    """The state with the game's cards, as the engine's helpers read it."""
    return Ctx(GAME, s)


def take(s: dict, card: str) -> None:
    """Lift ``card`` from wherever it is."""
    s["known"].pop(card, None)
    for pile in (s["deck"], s["discard"]):
        if card in pile:
            pile.remove(card)
    for role in s["roles"]:
        for zone in (s["hands"][role], s["estate"][role]):
            if card in zone:
                zone.remove(card)
        for slot in ("main", "covered"):
            if s[slot][role] == card:
                s[slot][role] = None
        if s.get("relative", {}).get(role) == card:
            s["relative"][role] = None


def set_hand(s: dict, role: str, cards: list[str], filler: int = 0) -> None:
    """``role``'s hand becomes ``cards`` plus ``filler`` Characters from the deck (the old hand goes to the deck's
    bottom, so no card is lost)."""
    old = s["hands"][role]
    s["hands"][role] = []
    s["deck"][:0] = old
    for card in cards:
        take(s, card)
        s["hands"][role].append(card)
    extra = [c for c in s["deck"] if c.startswith("qd:char:") and c not in cards][:filler]
    for card in extra:
        take(s, card)
        s["hands"][role].append(card)


def attach(s: dict, character: str, situation_name: str) -> str:
    """Put a Special Situation (the first free copy) on a Character on the table."""
    sit = next(c for c in (cid(situation_name), cid(situation_name)[:-1] + "2") if c not in s["sit"].values())
    take(s, sit)
    s["sit"][character] = sit
    return sit


def set_families(s: dict, olivares: list[str], lerma: list[str]) -> None:
    s["family"] = {**dict.fromkeys(olivares, "olivares"), **dict.fromkeys(lerma, "lerma")}
    s["members"] = {"olivares": list(olivares), "lerma": list(lerma)}


def confrontation(
    s: dict,
    phase: str,
    *,
    powers: dict,
    mains: dict,
    turn: str | None = None,
    stage: str = "special",
    covered: dict | None = None,
) -> dict:
    """Put the state inside a Confrontation: ``powers`` like {"olivares": "clerical", "lerma": "society",
    "individual": "government"}; ``mains`` role -> Character id (None: no Main Character); ``turn``: whose turn
    it is (else a new round of turns is about to begin)."""
    s["phase"] = phase
    s["powers"] = dict(powers)
    s["left"] = dict.fromkeys(s["roles"], False)
    s["chosen"] = {}
    for role in s["roles"]:
        card = mains.get(role)
        s["main"][role] = None
        if card:
            take(s, card)
            s["main"][role] = card
    for role, card in (covered or {}).items():
        take(s, card)
        s["covered"][role] = card
    s["conf"] = {"queue": [], "zero": [], "last": None, "round_of_turns": 1, "lent": []}
    s["stack"] = [{"step": "turn_order"}]
    if turn:
        s["stack"].append({"step": "turn", "role": turn, "stage": stage})
    return s


def run(s: dict) -> dict:
    """Run the automatic steps up to the next decision."""
    GAME._run_auto(Ctx(GAME, s))
    return s


def play(s: dict, role: str, verb: str, arg=None) -> dict:
    return GAME.apply(s, role, verb, arg)


def offered(s: dict, role: str, verb: str | None = None) -> list:
    return [(v, a) for v, a in flat(GAME.legal(s, role)) if verb is None or v == verb]


def readable(entries: list, role: str | None) -> list:
    """The log entries of a move that ``role`` may read."""
    return [e for e in entries if GAME.may_read(e, role)]


def total_cards(s: dict) -> int:
    """Every Court card is somewhere: deck, discard, hands, Estates, table, Special Situations attached."""
    n = len(s["deck"]) + len(s["discard"]) + len(s["sit"])
    for role in s["roles"]:
        n += len(s["hands"][role]) + len(s["estate"][role])
        n += sum(1 for slot in ("main", "covered") if s[slot][role] and not s[slot][role].startswith("qd:consp:"))
        n += 1 if s.get("relative", {}).get(role) else 0
    n += len(s["chosen"])
    return n
