"""Cards on the table: power values, reference power, the Court deck, hands and Ducats.

Rulebook › Content Overview (1.3 Powers, 1.4 Influence Range), Game Sequence › Drawing Hands ("If at any time
during the round the Court deck runs out, the Court discard pile is reshuffled"), Special Situations 2.3.3,
2.3.5, 2.3.6 (payments doubled, +3 / -3 to the Power values) and 1.4.1 (a discarded Conspirator goes back to
its owner, never to the Court discard pile).

The card data is the game instance's content (``game_of(g).cards``). Cards in hands and the Conspirators waiting by
their owners are hidden; ``s["known"]`` records who else knows such a card where it is now ("all" when it came
there in sight of the table, e.g. a Main Character Attracted into a hand) until it moves again (views.secrets).
"""

from __future__ import annotations

from typing import Protocol, cast

from engines.core.machine import Ctx
from engines.quince_dias.content import Content


class CardsGame(Protocol):
    """What the rules read of the 15 Días game they run in (``game.QuinceDias``, built with its content): the cards
    by id, the content they came from, and a term in a reader's words. Named here, below every rules module, so
    that none of them imports the game that imports them."""

    cards: dict[str, dict]
    content_data: Content

    def term(self, value: str, lang: str = "en") -> str: ...


def game_of(g: Ctx) -> CardsGame:
    """The 15 Días game a step runs in, typed: its cards and content, built with the game."""
    return cast(CardsGame, g.game)


FAMILIES = ("olivares", "lerma")
FAMILY_FLOOR = 3  # 2.5 Attention: never fewer than 3 cards in hand in the Family Confrontation
PUBLIC = "all"


def card(g: Ctx, cid: str) -> dict:
    return game_of(g).cards[cid]


def is_situation(cid: str) -> bool:
    return cid.startswith("qd:sit:")


def is_character(cid: str) -> bool:
    """Characters and Conspirators (a Conspirator played from hand works as a Character, 1.4.1)."""
    return not cid.startswith("qd:sit:")


def is_conspirator(cid: str) -> bool:
    return cid.startswith("qd:consp:")


def situation_kind(g: Ctx, cid: str) -> str | None:
    sit = g.s["sit"].get(cid)
    return game_of(g).cards[sit]["kind"] if sit else None


def value(g: Ctx, cid: str, power: str) -> int:
    """A Character's Power value with its Special Situation's +3 / -3 (never below 0, RULINGS OQ-23)."""
    cards = game_of(g).cards
    sit = g.s["sit"].get(cid)
    if not sit:
        return cards[cid][power]
    base = cards[cid][power] + cards[sit]["modifier"]
    return base if base > 0 else 0


def in_range(g: Ctx, attacker: str, target: str, power: str) -> bool:
    """Content Overview 1.4: the attacker's Influence Range (inclusive) covers the target's Power value."""
    low, high = game_of(g).cards[attacker]["ranges"][power]
    return low <= value(g, target, power) <= high


def reference(s: dict, role: str) -> str:
    """Election of Powers: a Family's own Power card in the Family Confrontation, the remaining one after."""
    if s["phase"] == "family":
        return s["powers"][s["family"][role]]
    return s["powers"]["individual"]


def player_total(g: Ctx, role: str, power: str | None = None) -> int:
    """Main + covered Character (+ the Relative in the two-player game) in the reference power."""
    s = g.s
    power = power or reference(s, role)
    total = 0
    for cid in (s["main"][role], s["covered"][role], s.get("relative", {}).get(role)):
        if cid:
            total += value(g, cid, power)
    return total


def hand_floor(s: dict) -> int:
    """The fewest cards a hand may keep now: 3 in the Family Confrontation (2.5), else 0."""
    return FAMILY_FLOOR if s["phase"] == "family" else 0


def sits_on_table(s: dict, role: str) -> list[str]:
    return [c for c in (s["main"][role], s["covered"][role]) if c]


# ----- hands: who knows what is where ----------------------------------------------------------------
def to_hand(g: Ctx, role: str, cid: str, known: str | list[str] | None = None) -> None:
    """Put ``cid`` into ``role``'s hand; ``known``: who else knows it is there ("all": it came in sight)."""
    g.s["hands"][role].append(cid)
    if known:
        g.s["known"][cid] = known
    else:
        g.s["known"].pop(cid, None)


def from_hand(g: Ctx, role: str, cid: str) -> None:
    """Take ``cid`` out of ``role``'s hand (who knew where it was no longer does)."""
    g.s["hands"][role].remove(cid)
    g.s["known"].pop(cid, None)


# ----- the Court deck ------------------------------------------------------------------------------
def draw(g: Ctx, role: str, count: int = 1) -> list[str]:
    """Draw into ``role``'s hand, reshuffling the discard pile when the deck runs out; the drawer sees them."""
    drawn = []
    for _ in range(count):
        cid = draw_card(g)
        if cid is None:
            break
        to_hand(g, role, cid)
        drawn.append(cid)
    if drawn:
        g.show([role], drawn)
        g.log("log.you_draw", to=[role], cards=drawn, refs=drawn)
    return drawn


def draw_card(g: Ctx) -> str | None:
    s = g.s
    if not s["deck"]:
        if not s["discard"]:
            return None
        s["deck"], s["discard"] = s["discard"], []
        g.shuffle(s["deck"])
        g.log("log.deck_reshuffled", rule="drawing_hands")
    return s["deck"].pop()


def discard(g: Ctx, cid: str) -> None:
    """To the Court discard pile; a Conspirator goes back face down to its owner instead, in sight (1.4.1)."""
    if is_conspirator(cid):
        owner = g.s["consp"]["owner"][cid]
        g.s["consp"]["reserve"][owner].append(cid)
        g.s["known"][cid] = PUBLIC
    else:
        g.s["discard"].append(cid)


def discard_from_hand(g: Ctx, role: str, cid: str) -> None:
    from_hand(g, role, cid)
    discard(g, cid)


# ----- Ducats ----------------------------------------------------------------------------------------
def payment(g: Ctx, role: str, amount: int) -> int:
    """2.3.3 Bureaucratic Incompetent: the payments of the player whose Character carries it are doubled."""
    for cid in sits_on_table(g.s, role):
        if situation_kind(g, cid) == "bureaucratic_incompetent":
            return amount * 2
    return amount


def can_pay(g: Ctx, role: str, amount: int) -> bool:
    return g.s["ducats"][role] >= payment(g, role, amount)


def pay(g: Ctx, role: str, amount: int, to: str | None = None) -> int:
    """Pay to another player or (``to`` None) to the bank; returns the Ducats paid."""
    due = payment(g, role, amount)
    g.s["ducats"][role] -= due
    if to is None:
        g.s["bank"] += due
    else:
        g.s["ducats"][to] += due
    return due


def income(g: Ctx, role: str, amount: int) -> int:
    """Ducats from the bank, as many as it still holds (28 in all, RULINGS OQ-32)."""
    got = min(amount, g.s["bank"])
    g.s["bank"] -= got
    g.s["ducats"][role] += got
    return got


# ----- losing a Main Character ----------------------------------------------------------------------
def detach_situation(g: Ctx, cid: str) -> None:
    sit = g.s["sit"].pop(cid, None)
    if sit:
        g.s["discard"].append(sit)


def lose_main(g: Ctx, role: str) -> str:
    """The Main Character leaves the area (Cancel, Attract): its Special Situation is discarded and the covered
    Character, if any, becomes the Main Character (1.2). Returns the Character that left."""
    s = g.s
    cid = s["main"][role]
    detach_situation(g, cid)
    s["main"][role] = s["covered"][role]
    s["covered"][role] = None
    if s["main"][role]:
        g.show(s["roles"], [s["main"][role]])
        g.log("log.uncovered", rule="covered", refs=[s["main"][role]], card=s["main"][role], role=role)
    return cid
