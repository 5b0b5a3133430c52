"""Bots for 15 Días: the random-legal bot and a heuristic one.

The heuristic bot sees only its seat's view (and the printed cards, by id). It scores every legal action with the
scorer of the step being decided (``SCORERS``, by the prompt's step name; an unknown step is an error) and plays
the best (ties broken at random). It plays as a player who knows the game:

- every card it gives up (a Court or Administrative Ability's card, a pass, the Estate, a payment) is weighed by
  what the card is worth keeping: in the Family Confrontation its value in the family's power or in the power of
  the Individual Confrontation to come, which the hand is carried into (3, 4); in the Individual Confrontation its
  value and what its Court Ability could strike;
- it cycles weak cards through Administrative Abilities (a Reinforce, Invest or Spy trades a weak card for a
  drawn one, 2.2), the free one first, a paid one only for a card much weaker than a draw;
- it chooses a Main Character strong in the power at stake with a Character in hand inside its Influence Range to
  cover, covers it (1.2), attacks the leading opponent (the other family in the Family Confrontation) where a Court
  Ability gains most — its own or one borrowed through Manipulate — and plays Safe in Position on its side and
  Charged and Accused on the leader (2.3);
- in the Individual Confrontation a tie for the best total wins nothing, so it wants a lead; it stays in the phase
  while an opponent still plays and it holds Characters to strike back with (the last word), passes while behind
  and leaves once ahead with nothing left to do (2.5, 2.6);
- it sends spare Characters to the Estate for Ducats (1.3), hires a Conspirator early when one that plots for its
  total is on offer and lets it plot (1.4), lets its allies (then the opponent with the fewest cards) play first
  among the players without a Main Character (1.1) and spies on the opponent with most cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

from engines.core.game import Bot, Game, flat, random_bot
from engines.core.types import View
from engines.quince_dias.cards import CardsGame
from engines.quince_dias.content import POWERS

# The weights were tuned by bench/bench_quince_dias_bot.py against the version-3 bot (README › Bots).
ESTATE_USEFUL = 2  # Characters Management pays for at most 2 Estate cards
SPEND_WEIGHT = 1.0  # a point of a card's worth, against the score of an action
MEAN_DRAW = 4.0  # about what a card drawn from the Court deck is worth in a power
PAID_ADMIN = 1.5  # a paid Administrative Ability: its Ducat (half an Affection Point at the end)
COURT_COST, CARD_COST = 0.3, 0.2  # a Court Ability spends its card (2.1): a fixed cost and a share of its worth
THREAT_WEIGHT = 0.5  # what a card's Court Ability could strike, in its worth
LEAD_BONUS = 1.0  # a tie for the best total wins nothing (4. Individual Confrontation)
SPREAD = 0.3  # every opponent ahead counts a little, not only the best
COVER_HOPE = 0.4  # a Character in hand the new Main Character could cover, in its choice


class Table:
    """What the bot's seat sees of the table, in a form it can change to weigh an action (``after``)."""

    def __init__(self, game: Game, view: View, role: str):
        public, private = view["public"], view["private"]
        self.cards = cast(CardsGame, game).cards
        self.role = role
        self.phase = public["phase"]
        self.round = public["round"]
        self.lent = public.get("lent", [])
        self.control_free = public["control_free"]
        self.individual = public["individual_power"]
        self.decision = public["decision"]
        self.hand = [c["id"] for c in private.get("hand", [])]
        self.hands = {p["role"]: p["hand"] for p in public["players"]}
        self.left = {p["role"]: p["left"] for p in public["players"]}
        self._threats: dict[str, float] = {}
        self.estate = len(private.get("estate", []))
        self.family = {p["role"]: p["family"] for p in public["players"]}
        self.reference = {p["role"]: p["reference"] for p in public["players"]}
        self.slots: dict[str, dict[str, Any]] = {  # role -> main / covered -> a character's view, or None
            p["role"]: {"main": p["main"], "covered": p["covered"], "relative": p.get("relative")}
            for p in public["players"]
        }

    def is_character(self, cid: str) -> bool:
        return not cid.startswith("qd:sit:")

    def ref_value(self, cid: str) -> int:
        c = self.cards[cid]
        return c[self.reference[self.role]] if self.phase else max(c[p] for p in POWERS)

    def worth(self, cid: str) -> float:
        """What a card in hand is worth keeping: in the Family Confrontation its value in the family's power or in
        the power of the Individual Confrontation that follows (the hand is carried into it); in the Individual
        Confrontation its value there and what its Court Ability could strike now."""
        if not self.is_character(cid):
            return 1.0
        c = self.cards[cid]
        if self.phase == "family" and self.individual:
            return max(c[self.reference[self.role]], c[self.individual])
        return self.ref_value(cid) + (THREAT_WEIGHT * self.threat(cid) if self.phase else 0.0)

    def threat(self, cid: str) -> float:
        """The most the card's Cancel, Replace or Attract could gain now on a Main Character in its Influence
        Range (2.1.1-2.1.3)."""
        if cid not in self._threats:
            ability = self.cards[cid]["court_ability"]
            power = self.reference[self.role]
            low, high = self.cards[cid]["ranges"][power]
            best = 0.0
            if ability != "manipulate" and (ability != "replace" or self.slots[self.role]["main"]):
                base = self.advantage()
                for other, slots in self.slots.items():
                    main = slots["main"]
                    if other != self.role and main and main.get("id") != cid and low <= main["powers"][power] <= high:
                        best = max(best, _court_gain(self, ability, other, base))
            self._threats[cid] = best
        return self._threats[cid]

    def totals(self) -> dict[str, int]:
        return {r: sum(c["powers"][self.reference[r]] for c in slots.values() if c) for r, slots in self.slots.items()}

    def advantage(self) -> float:
        """How far the bot's side is ahead: its family against the other (family phase); in the Individual
        Confrontation it against the best other total, with a bonus for a lead (a tie wins nothing) and a little for
        every other opponent ahead."""
        totals = self.totals()
        if self.phase == "family":
            fam = self.family[self.role]
            return sum(t for r, t in totals.items() if self.family[r] == fam) - sum(
                t for r, t in totals.items() if self.family[r] != fam
            )
        mine = totals[self.role]
        others = [t for r, t in totals.items() if r != self.role]
        lead = mine - max(others)
        return lead + (LEAD_BONUS if lead > 0 else 0.0) + SPREAD * sum(min(0, mine - t) for t in others)

    def after(self, change: Callable[[], None]) -> float:
        """The advantage after a hypothetical change of the table (undone at once)."""
        saved = {r: dict(slots) for r, slots in self.slots.items()}
        change()
        result = self.advantage()
        self.slots = saved
        return result

    def owner(self, key: str) -> str:
        """The owner of a Special Situation's target: a Main Character's id or ``covered:<role>``."""
        if key.startswith("covered:"):
            return key[8:]
        return next(r for r, slots in self.slots.items() if slots["main"] and slots["main"].get("id") == key)


def _court_gain(t: Table, ability: str, key: str, base: float) -> float:
    if ability in ("cancel", "attract"):

        def remove():
            if key.startswith("relative:"):
                t.slots[key[9:]]["relative"] = None
            else:
                t.slots[key]["main"], t.slots[key]["covered"] = t.slots[key]["covered"], None

        return t.after(remove) - base
    if ability == "replace":

        def swap():
            t.slots[t.role]["main"], t.slots[key]["main"] = t.slots[key]["main"], t.slots[t.role]["main"]

        return t.after(swap) - base
    if ability == "manipulate" and not key.startswith("relative:"):
        return _manipulate_gain(t, key, base)
    return 0.5


ADMIN_VALUE = 0.8  # a free Administrative Ability: a better card for the one spent


def _manipulate_gain(t: Table, key: str, base: float) -> float:
    """What Manipulating ``key``'s Main Character can do: the best of its Court Ability on the Main Characters in
    its range (2.1.4) and its Administrative Ability (free)."""
    char = t.slots[key]["main"]["id"]
    c = t.cards[char]
    best = ADMIN_VALUE if "administrative_ability" in c and char not in t.lent else 0.0
    if c["court_ability"] in ("cancel", "replace", "attract"):
        low, high = c["ranges"][t.reference[t.role]]
        for other, slots in t.slots.items():
            main = slots["main"]
            if other == t.role or other == key or not main or not low <= main["powers"][t.reference[t.role]] <= high:
                continue
            if c["court_ability"] == "replace" and not t.slots[t.role]["main"]:
                continue
            best = max(best, _court_gain(t, c["court_ability"], other, base))
    return best


def _situation_gain(t: Table, sit: str, target: str, base: float) -> float:
    kind = t.cards[sit]["kind"]
    owner = t.owner(target)
    me = t.role
    friendly = owner == me or (t.phase == "family" and t.family[owner] == t.family[me])
    on_main = t.slots[owner]["main"] is not None and t.slots[owner]["main"]["id"] == target
    if kind in ("safe_in_position", "charged_and_accused"):
        slot = "main" if on_main else "covered"

        def attach():
            c = t.slots[owner][slot]
            shift = t.cards[sit]["modifier"]
            t.slots[owner][slot] = {**c, "powers": {p: max(0, c["powers"][p] + shift) for p in POWERS}}

        return t.after(attach) - base
    if kind in ("grandee_of_spain", "loyal_to_the_cause", "double_agent"):
        return 1.0 if friendly and on_main else -1.0
    return 0.5 if not friendly else -1.0


def _spend(t: Table, cid: str) -> float:
    """Giving up a card: the stronger the Character, the worse."""
    return -1 - (t.worth(cid) if t.is_character(cid) else 0) * SPEND_WEIGHT


def _take(t: Table, cid: str) -> float:
    return t.ref_value(cid) if t.is_character(cid) else 1


def _estate(t: Table, cid: str) -> float:
    useful = t.estate < ESTATE_USEFUL
    return (0.8 if useful else -0.4) - t.worth(cid) * 0.05 - (0.5 if t.decision.get("stage") == "special" else 0)


def _turn(t: Table, verb: str, arg: Any, base: float) -> float:
    if verb == "keep":
        return 1.0
    if verb == "main":
        return t.ref_value(arg) * 3 + t.cards[arg]["initiative"] * 0.05
    if verb == "cover":
        return 2 + t.ref_value(arg)
    if verb == "estate":
        return _estate(t, arg)
    if verb == "court":
        return _court_gain(t, t.cards[arg[0]]["court_ability"], arg[1], base) - COURT_COST - CARD_COST * t.worth(arg[0])
    if verb == "situation":
        return _situation_gain(t, arg[0], arg[1], base) - 0.4
    if verb == "admin":
        return (0.3 if t.control_free else -PAID_ADMIN) + SPEND_WEIGHT * (MEAN_DRAW - t.worth(arg))
    if verb == "pass":
        return _pass(t, arg, base)
    if verb == "leave":
        return _leave(t)
    if verb == "hire":
        return _hire(t, arg)
    if verb == "conspire":
        return 1.5 if arg[1] == "plot" and t.cards[arg[0]]["plot"] in PLOTS_FOR_TOTAL else -1.0
    return 0.0


PLOTS_FOR_TOTAL = ("favour", "slander")
HIRE_LAST_ROUND = 2


def _hire(t: Table, cid: str) -> float:
    """1.4: a Conspirator costs 3 Affection Points at the end; one that plots for the total pays in the
    Confrontations left (2 a Confrontation), the Estate's two Characters bring back up to 2 Ducats."""
    if t.round > HIRE_LAST_ROUND or t.cards[cid]["plot"] not in PLOTS_FOR_TOTAL:
        return -5.0
    return 0.5 + (0.5 if t.estate == 0 else 0.0)


def opponents_in_play(t: Table) -> bool:
    """Does any opponent still play turns in this Confrontation (has not left, holds cards above the floor)?"""
    floor = 3 if t.phase == "family" else 0
    return any(
        not t.left[r] and t.hands[r] > floor
        for r in t.hands
        if r != t.role and not (t.phase == "family" and t.family[r] == t.family[t.role])
    )


def _leave(t: Table) -> float:
    """2.6: leaving ends the phase for the player; while opponents still play and he holds Characters that can
    strike back, he stays for the last word."""
    weapons = sum(1 for c in t.hand if t.is_character(c))
    if t.phase == "individual" and weapons and opponents_in_play(t):
        return -3.0
    return -0.5 if len(t.hand) > 4 else -0.3


def _pass(t: Table, cid: str, base: float) -> float:
    """2.5: passing keeps the player in the phase (he plays again next round of turns) at the cost of a card; worth
    it while he is behind and still holds cards that can change the totals."""
    behind = base <= 0
    weapons = sum(1 for c in t.hand if c != cid and t.is_character(c))
    return (
        _spend(t, cid)
        + (0.9 if behind and weapons else -0.5)
        - (0.6 if t.is_character(cid) and t.ref_value(cid) >= 6 else 0.0)
    )


def _manipulate(t: Table, verb: str, arg: Any, base: float) -> float:
    if verb == "use_court":
        return _court_gain(t, t.cards[t.decision["manipulated"]]["court_ability"], arg, base)
    return ADMIN_VALUE if verb == "use_admin" else 0.0


def _choose_next(t: Table, verb: str, arg: Any, base: float) -> float:
    """1.1: allies first (Family Confrontation), then the opponent with the fewest cards."""
    ally = t.phase == "family" and t.family[arg] == t.family[t.role]
    return (10.0 if ally else 0.0) - t.hands[arg]


def _choose_main(t: Table, cid: str) -> float:
    """3 / 4: the face-down Main Character: strong in the power at stake, with a strong Character in hand inside
    its Influence Range to cover next (1.2)."""
    power = t.reference[t.role]
    low, high = t.cards[cid]["ranges"][power]
    cover = max(
        (t.cards[c][power] for c in t.hand if c != cid and t.is_character(c) and low <= t.cards[c][power] <= high),
        default=0,
    )
    return t.ref_value(cid) * 3 + cover * 3 * COVER_HOPE + t.cards[cid]["initiative"] * 0.05


def _spy_target(t: Table, verb: str, arg: Any, base: float) -> float:
    """2.2.3: the opponent with the most cards (the widest choice); an ally's hand last."""
    ally = t.phase == "family" and t.family[arg] == t.family[t.role]
    return t.hands[arg] - (10.0 if ally else 0.0)


SCORERS: dict[str, Callable[[Table, str, Any, float], float]] = {
    "election_propose": lambda t, verb, arg, base: -sum(t.cards[c][arg] for c in t.hand if t.is_character(c)),
    "election_confirm": lambda t, verb, arg, base: 1.0 if verb == "agree" else -5.0,
    "choose_main": lambda t, verb, arg, base: _choose_main(t, arg),
    "choose_next": _choose_next,
    "turn": _turn,
    "leave_discard": lambda t, verb, arg, base: _spend(t, arg) if verb == "discard" else 0.0,
    "double_agent": lambda t, verb, arg, base: _take(t, arg),
    "hire_estate": lambda t, verb, arg, base: _estate(t, arg),
    "attract_pay": lambda t, verb, arg, base: _spend(t, arg) if verb == "give" else -5.0,
    "manipulate": _manipulate,
    "invest": lambda t, verb, arg, base: _spend(t, arg) if verb == "invest_discard" else 0.0,
    "spy_target": _spy_target,
    "spy_take": lambda t, verb, arg, base: _take(t, arg),
    "spy_give": lambda t, verb, arg, base: _spend(t, arg) if verb == "give" else -5.0,
    "enhance": lambda t, verb, arg, base: _take(t, arg),
}


def heuristic_bot(game: Game, view: View, role: str, rnd: random.Random) -> tuple[str, Any]:
    """Play the best-scoring legal action of the seat's view."""
    step = view["prompt"]["step"]
    scorer = SCORERS.get(step) if step is not None else None
    if scorer is None:
        raise ValueError(f"the heuristic bot does not know the step {step!r}")
    acts = flat(view["prompt"]["legal"])
    if len(acts) == 1:
        return acts[0]
    t = Table(game, view, role)
    base = t.advantage() if t.phase else 0
    return max(acts, key=lambda a: (scorer(t, a[0], a[1], base), rnd.random()))


BOTS: dict[str, Bot] = {"random": random_bot, "heuristic": heuristic_bot}
__all__ = ["BOTS", "SCORERS", "heuristic_bot"]
