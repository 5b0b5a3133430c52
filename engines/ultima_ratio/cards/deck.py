"""Ultima Ratio Regis — the cards on the state: the turn's deck and the secret deal (8.1.4), what a hand may play
in an impulse (8.2.2 "Card play": priority cards, one card's points per power) and the morale counters (13.1.8,
21.3.4-21.3.5).

The state's ``cards``: ``deck`` (undealt: empty once dealt), ``hands`` {seat: [event ids]} (each visible to its
seat only, ``Game.secrets``), ``discard`` (the cards played this turn, in order: public). A game played with cards has
``deck.in_play`` (9.1 is "played without cards", l. 1920, and has no such key); ``cards.active`` lists the
events in force (the turn's "Active events" and the historical events played since). Impulse keys of a game with
cards (``impulse``): ``card_of`` {power: the card whose points it received}, ``played`` (cards played this impulse),
``must_play`` (the player held cards at the impulse's start), ``events_due`` (cards whose event the player applies
after using their points), ``extra`` (8.2.3: the extra action of a player without cards). ``cards.corsairs``: the
powers a card lets plunder this turn (card_play.py); ``cards.technologies``: technology.py.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board, board_of
from engines.ultima_ratio.economy import technology
from engines.ultima_ratio.world_items import Event

# 8.1.4 "Cards per turn" by the number of players (l. 344-350)
CARDS_PER_TURN = {3: 39, 4: 40, 5: 40, 6: 42, 7: 42, 8: 48}
TWO_PLAYERS = 10  # per player: the only two-player figure printed (9.4, l. 2681); RULINGS C-1
PRIORITY_HAND = 4  # 8.2.2: "only has 4 cards left or less"
# the impulse's card play (``card_play.start_impulse``): set as each impulse starts, cleared when the cards return to
# the deck (a card of last turn's last impulse may be dealt again into a hand: named in public it would show it)
IMPULSE_CARD_KEYS = ("card_of", "played", "must_play", "events_due", "extra")


def in_play(s: dict) -> bool:
    return bool(s["cards"].get("in_play"))


def event(board: Board, card: str) -> Event:
    return board.event(card)


def is_combat(board: Board, card: str) -> bool:
    return event(board, card).category == "combat"


# ----- 8.1.4 Building the card deck ----------------------------------------------------------------------------------
def deck_size(s: dict, board: Board) -> int:
    """8.1.4: fixed by the number of players; a scenario may set the cards per player (9.4: 10, l. 2681)."""
    players = len(s["seats"])
    per = board.world.scenario(s["scenario"]).cards_per_player
    if per:
        return per * players
    return CARDS_PER_TURN.get(players, TWO_PLAYERS * players)


def removed(s: dict, board: Board) -> set[str]:
    """The events the scenario removes from the game (9.4, l. 2000-2001) and those the turn's special rules take
    out of the deck (``remove_card``: the Papacy in Turn 2, Genoa in Turn 3 ...)."""
    world = board.world
    out = set(world.scenario(s["scenario"]).removed_events)
    for rule in world.rules_in_force(s["scenario"], s["turn"], s["first_turn"]):
        out |= {e.event for e in rule.effects if e.op == "remove_card" and e.event}
    return out


def build_deck(g: Ctx) -> None:
    """8.1.4: "all historical event cards for the turn" (every one whose turns include it, played in an earlier
    turn or not: RULINGS C-2) and a random selection of the generic ones up to the deck size; shuffled and dealt
    secretly, one at a time in game order (each seat sees its own hand: a reveal)."""
    s, board = g.s, board_of(g)
    active = active_events(s, board)
    gone = removed(s, board) | set(active)  # an event in force is not dealt again (RULINGS C-2)
    events = [e for e in board.world.events if e.id not in gone]
    # a historical event states its turns (Event's validator)
    historical = [e.id for e in events if e.kind == "historical" and e.turns is not None and e.turns.covers(s["turn"])]
    generic = sorted(e.id for e in events if e.kind == "generic")
    g.shuffle(generic)
    deck = historical + generic[: max(0, deck_size(s, board) - len(historical))]
    g.shuffle(deck)
    seats = sorted(s["seats"], key=lambda k: s["seats"][k]["order"])
    hands: dict[str, list[str]] = {seat: [] for seat in seats}
    for i, card in enumerate(deck):
        hands[seats[i % len(seats)]].append(card)
    s["cards"].update(deck=[], hands=hands, discard=[], corsairs=[])
    for key in IMPULSE_CARD_KEYS:  # last turn's cards are back in the deck: no impulse names one (issue 27's leak)
        s["impulse"].pop(key, None)
    technology.end_of_turn(s)  # 19.3: last turn's advantages are lost
    s["cards"]["active"] = active
    g.log("log.deck", cards=len(deck), historical=len(historical), rule="card_deck")
    for seat, hand in hands.items():
        g.show([seat], hand)
        g.log("log.hand", to=[seat], seat=seat, cards=list(hand), rule="card_deck")


def active_events(s: dict, board: Board) -> list[str]:
    """The events in force at the turn's start: the scenario's list on its first turn, else the turn's (WORLD.md
    ruling 18: they are the historical events already played)."""
    world = board.world
    setup = world.scenario(s["scenario"]) if s["turn"] == s["first_turn"] else world.turn(s["turn"])
    return list(setup.active_events)


def casus_belli_barred(s: dict, board: Board, a: str, b: str, area: str) -> bool:
    """An event in force bars the CBs between two powers over the areas of some theaters (``no_casus_belli``: the
    Treaty of Tordesillas, "No CB between them for overseas areas", RULINGS EV-5)."""
    theater = board.areas[area].theater
    return any(
        eff.op == "no_casus_belli" and {a, b} <= set(eff.powers) and theater in eff.theaters
        for card in s["cards"].get("active", [])
        for eff in event(board, card).effects
    )


# ----- 8.2.2 Card play ----------------------------------------------------------------------------------------------
def priority(board: Board, card: str, hand_size: int) -> bool:
    """8.2.2: white title on blue (``always``); black title on a blue gradient (``four_or_fewer``) once the hand
    holds 4 cards or fewer."""
    mark = event(board, card).priority
    return mark == "always" or (mark == "four_or_fewer" and hand_size <= PRIORITY_HAND)


def playable(s: dict, board: Board, seat: str) -> list[str]:
    """The cards the player may play now for their points: the priority cards first (any of them), but combat
    cards "ignore the priorities" (l. 403) and may always be played for their point."""
    hand = s["cards"]["hands"].get(seat, [])
    first = [c for c in hand if not is_combat(board, c) and priority(board, c, len(hand))]
    if not first:
        return list(hand)
    return [c for c in hand if c in first or is_combat(board, c)]


def receivers(s: dict, seat: str, card: str) -> list[str]:
    """8.2.2: "you cannot add actions of more than one card to the same major power (in the same impulse)"."""
    card_of = s["impulse"].get("card_of", {})
    return [p for p in st.powers_of(s, seat) if card_of.get(p) in (None, card)]


def may_end_impulse(s: dict, seat: str) -> bool:
    """8.2.2: "a player must play at least one card (if he has any left in his hand)" — a combat card played in a
    combat of his impulse counts, and a hand emptied that way asks nothing more (RULINGS EV-3); the events kept
    for after the points are applied before the impulse ends."""
    imp = s["impulse"]
    if imp.get("events_due"):
        return False
    return not (imp.get("must_play") and not imp.get("played") and s["cards"]["hands"].get(seat))


def discard(g: Ctx, seat: str, card: str) -> None:
    """A card leaves its hand face up (played); played in the player's own impulse it is a card of the impulse
    (8.2.2 "at least one card", RULINGS EV-3)."""
    g.s["cards"]["hands"][seat].remove(card)
    g.s["cards"]["discard"].append(card)
    if g.s["impulse"].get("seat") == seat:
        g.s["impulse"]["played"] = g.s["impulse"].get("played", 0) + 1


def hands_empty(s: dict) -> bool:
    """8.2: "the half-turn ends when no player has any cards left to play"."""
    return not any(s["cards"]["hands"].values())


# ----- 13.1.8 / 21.3.4 Morale --------------------------------------------------------------------------------------
def at_war(s: dict, a: str, b: str) -> bool:
    return sorted((a, b)) in s["wars"]


def morale_left(s: dict, board: Board, power: str) -> int:
    """21.3.4: "a major power has as many morale points as its vitality"; those given are held by the enemy."""
    given = s.get("morale", {}).get(power, {})
    return board.power(power).vitality - sum(given.values())


def deliver_morale(g: Ctx, loser: str | None, winner: str | None, reason: str) -> None:
    """13.1.8 / 21.3.5: the losing major power gives one of its morale counters to the winning major power it is at
    war with; the winner keeps it (the war status, 21.3.4). It "cannot run out": with none left the point is owed
    (``morale_owed`` [loser, winner, reason]) — the power that gave its last point negotiates peace when the action is
    over (21.4.2: ``peace.forced_due``), and the rest of the action is played after the negotiations (l. 1705), so
    the point is delivered then out of those it recovered, if it is still at war (``peace.pay_owed``; l. 1734:
    "A must deliver one of its newly recovered morale", RULINGS P-10)."""
    s = g.s
    if loser is None or winner is None or loser not in s["powers"] or winner not in s["powers"]:
        return
    if not at_war(s, loser, winner):
        return
    if morale_left(s, board_of(g), loser) <= 0:
        s.setdefault("morale_owed", []).append([loser, winner, reason])
        g.log("log.morale_none", power=loser, to_power=winner, rule="morale")
        return
    given = s.setdefault("morale", {}).setdefault(loser, {})
    given[winner] = given.get(winner, 0) + 1
    g.log(
        "log.morale",
        power=loser,
        to_power=winner,
        reason=reason,
        left=morale_left(s, board_of(g), loser),
        rule="morale",
    )


def war_status(s: dict, a: str, b: str) -> int:
    """21.3.4: the morale ``a`` took from ``b`` minus the morale ``b`` took from ``a``."""
    book = s.get("morale", {})
    return book.get(b, {}).get(a, 0) - book.get(a, {}).get(b, 0)
