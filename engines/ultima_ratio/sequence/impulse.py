"""Ultima Ratio Regis — 8.2.2 the impulse: its start (``start_of_impulse.py``), the power actions mixed with card
play (the actions of chapter 9 and the others, one action point each, ``ACTIONS``; 8.2.3 the extra action of a
player without cards; the declaration of war, 21.3.3) and the end of impulse (18.1: one troop home, one leader moved);
after each action the squadrons without base (11.1.1) and the overstacked troops (15.1.1)."""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.actions import construction, regroup
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.cards import card_play, deck, possession_vp
from engines.ultima_ratio.combat import battles, land_battles
from engines.ultima_ratio.diplomacy import alliances, expeditionary_corps, independent_minors, peace, war
from engines.ultima_ratio.economy import commerce, subsidies, unrest
from engines.ultima_ratio.leaders import leader_flow
from engines.ultima_ratio.logistics import overstack
from engines.ultima_ratio.movement import fleets, land_areas, landings, naval, strategic_movement, without_base
from engines.ultima_ratio.scenarios.base import scenario_of
from engines.ultima_ratio.sequence.start_of_impulse import (
    FREE_VERBS,
    FreeMoves,
    StartOfImpulse,
    attach_offer,
    free_label,
)


class Impulse(Step):
    """8.2.2: the impulse begins (its number, the seat's units where they start, the actions of each power: the
    card's or the scenario's), then its parts follow as named steps, each going to the next: ``start_of_impulse``
    (8.2.2 "Start of impulse") → ``power_actions`` (8.2.2 "Major power actions and card play") →
    ``end_of_impulse`` (8.2.2 "End of impulse") → ``squadrons_without_base`` (11.1.1), which ends the impulse.
    Frame: ``seat``, ``number``."""

    goes_to = ("start_of_impulse",)

    def auto(self, g: Ctx) -> None:
        f, s = g.frame, g.s
        s["impulse"]["n"] += 1
        s["impulse"]["seat"] = f["seat"]
        s["impulse"]["number"] = f["number"]
        s["impulse"]["start_locs"] = {
            u: info["loc"] for u, info in s["units"].items() if st.seat_of(s, info["power"]) == f["seat"]
        }
        s["impulse"].pop("leaders_moved", None)  # 12.3.1: moved in this impulse only
        budget = None if deck.in_play(s) else scenario_of(g).actions_per_impulse(s, f["seat"])
        if budget is None:
            card_play.start_impulse(s, f["seat"])
        else:
            s["impulse"]["actions"] = budget
        g.log("log.impulse", seat=f["seat"], number=s["impulse"]["number"], rule="impulse")
        g.goto("start_of_impulse", seat=f["seat"])


class SquadronsWithoutBase(Step):
    """11.1.1 at the end of the impulse: "Squadrons without base" — a squadron left without a base moves to the
    nearest one at once (``rebase_due``: every power's, the acting player's first; a tie is its player's
    ``rebase``); then the impulse is over. Frame: ``seat``."""

    goes_to = ("rebase",)

    def auto(self, g: Ctx) -> None:
        rebase = rebase_due(g, g.frame["seat"])
        if rebase:
            g.call("rebase", **rebase)
            return
        g.end(None)


def rebase_due(g: Ctx, seat: str) -> dict | None:
    """11.1.1: a squadron left without a base "must move immediately upon the occurrence of this circumstance" —
    the squadrons of every power, not only the acting player's (one who lost a port in this impulse): the acting
    player's powers first, then the others; the frame of a ``rebase`` decision when a tie needs its player."""
    with st.reading(g.s):  # first the question, in one reading: a power's bases do not hang on others' squadrons
        lacking = lacking_bases(g, seat)
    return rebase(g, lacking)


def lacking_bases(g: Ctx, seat: str) -> list[str]:
    """11.1.1's question: the parties with a squadron without base, the seat's powers first, then the other powers,
    then the allied minors (20.2)."""
    s = g.s
    mine = st.powers_of(s, seat)
    allied = sorted(m for m, info in s["minors"].items() if info["ally"])  # 20.2: allied minors' squadrons too
    order = [*mine, *sorted(p for p in s["powers"] if p not in mine), *allied]
    return without_base.parties_without_base(s, board_of(g), order)


def rebase(g: Ctx, lacking: list[str]) -> dict | None:
    """11.1.1 applied to the parties ``lacking_bases`` found, in their order: their squadrons go to their single
    nearest bases at once; the frame of a ``rebase`` decision when a tie needs its player."""
    for power in lacking:
        frame = without_base.check_bases(g, power)
        if frame:
            return frame
    return None


ACTIONS = {
    "build_troop": lambda g, p: bool(construction.troop_grades(g, p, first=True)),
    "build_squadron": lambda g, p: bool(construction.squadron_grades(g, p)),
    "repair_squadron": lambda g, p: bool(construction.repairable(g, p)),
    "build_fortress": lambda g, p: bool(construction.fortress_places(g, p, False, first=True)),
    "regroup_troop": lambda g, p: bool(regroup.regroupable(g, p, first=True)),
    "strategic_move": lambda g, p: bool(strategic_movement.movable(g, p, first=True)),
    "tactical_move": lambda g, p: bool(land_areas.troops_that_move(g, p, first=True)),
    "landing": lambda g, p: bool(landings.landers(g, p, first=True)),
    "naval_move": lambda g, p: bool(naval.naval_movers(g, p, first=True)),
    "lower_unrest": lambda g, p: g.s["powers"][p]["unrest"] > 0,
    "build_merchant": lambda g, p: bool(commerce.merchant_centers(g.s, board_of(g), p, first=True)),
    "build_leader": lambda g, p: leader_flow.may_build(g, p),
    "sortie": lambda g, p: bool(land_battles.sortie_areas(g, p)),  # 13.3.1: later, a tactical action
    "piracy": lambda g, p: bool(card_play.corsair_raids(g, p)),
    "subsidize": lambda g, p: bool(subsidies.subsidized(g.s, p)),  # 19.1.2
}


STEP_OF = {"landing": "tactical_move", "build_leader": "draw_leader", "sortie": "sortie_action", "piracy": "corsair"}


# 20.2: the actions with the units of an allied minor power, paid with its ally's points
MINOR_ACTIONS = (
    "build_troop",
    "build_squadron",
    "repair_squadron",
    "regroup_troop",
    "strategic_move",
    "tactical_move",
    "landing",
    "naval_move",
)


def offered(g: Ctx, seat: str) -> list[list[str]]:
    """The actions of powers with actions left (or the extra action of a player without cards, 8.2.3), and of
    their allied minor powers' units ("treated as if they were from the major power", 20.2)."""
    s = g.s
    budget, extra = s["impulse"]["actions"], s["impulse"].get("extra", 0)
    out = []
    for p in st.powers_of(s, seat):
        if budget.get(p, 0) <= 0 and not extra:
            continue
        out += [[p, a] for a in ACTIONS if may(g, p, a)]
        for minor in sorted(m for m, info in s["minors"].items() if info["ally"] == p):
            out += [[minor, a] for a in MINOR_ACTIONS if may(g, minor, a)]
    return out


def may(g: Ctx, power: str, action: str) -> bool:
    """Whether the power (or allied minor) may take the action now (``ACTIONS``), asked once per reading: the
    menu and the move's check ask the same."""
    return bool(st.remembered(g.s, ("action", power, action), lambda: ACTIONS[action](g, power)))


def with_actions(s: dict, seat: str) -> list[str]:
    """The seat's powers with an action point left (or the extra action of a player without cards, 8.2.3)."""
    budget, extra = s["impulse"]["actions"], s["impulse"].get("extra", 0)
    return [p for p in st.powers_of(s, seat) if budget.get(p, 0) > 0 or extra]


def offers(g: Ctx, seat: str, arg: Any) -> bool:
    """Whether ``[power, action]`` is one of ``offered(g, seat)``, asking only of that power and action."""
    if not (isinstance(arg, list) and len(arg) == 2 and all(isinstance(x, str) for x in arg)):
        return False
    power, action = arg
    s = g.s
    budget, extra = s["impulse"]["actions"], s["impulse"].get("extra", 0)
    minor = s["minors"].get(power)
    major = minor["ally"] if minor is not None else power  # an allied minor acts on its ally's points (20.2)
    return (
        major in st.powers_of(s, seat)
        and (budget.get(major, 0) > 0 or bool(extra))
        and action in (MINOR_ACTIONS if minor is not None else ACTIONS)
        and may(g, power, action)
    )


def spend(g: Ctx, power: str) -> None:
    """One action point of the power (an allied minor's: its ally's, 20.2), or the extra action of a player
    without cards (8.2.3)."""
    power = st.side_of(g.s, power) or power
    imp = g.s["impulse"]
    if imp["actions"][power] > 0:
        imp["actions"][power] -= 1
    else:
        imp["extra"] -= 1


# the verbs of ``power_actions`` asked one by one, in the prompt's order (then the free moves, then ``end_impulse``)
LISTED = ("act", "declare_war", "expeditionary_corps", "play_card", "event")


class PowerActions(FreeMoves, Step):
    """8.2.2 "Major power actions and card play": the player spends the impulse's actions, one at a time, in any
    order, mixed with the cards played (card_play.py); with cards, at least one is played
    (``deck.may_end_impulse``). The declaration of war is the verb ``declare_war`` [power, target] (war.py)."""

    goes_to = (
        "build_troop",
        "build_squadron",
        "repair_squadron",
        "build_fortress",
        "regroup_troop",
        "strategic_move",
        "tactical_move",
        "naval_move",
        "build_merchant",
        "rebase",
        "draw_leader",
        "sortie_action",
        "card_play",
        "event",
        "corsair",
        "disperse_overstack",
        "dispersion_box",
        "forced_negotiations",
        "war_entry",
        "subsidize",
        "expeditionary_consent",
        "combined_fleet_consent",
        "minor_war_entry",
        "end_of_impulse",
    )

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["seat"]]

    def prompt(self, g: Ctx, role: str):
        s = g.s
        legal = {verb: args for verb in LISTED if (args := self.offer(g, role, verb))}
        legal.update(attach_offer(g, role))
        if self.offer(g, role, "end_impulse"):
            legal["end_impulse"] = [None]
        left = sum(s["impulse"]["actions"].values()) + s["impulse"].get("extra", 0)
        waiting = war.waiting_for_last_point(g, role)  # 21.3.3: why a declaration without a CB is not offered yet
        if len(waiting) == 1:
            return text("prompt.power_actions.without_cb", left=left, powers=waiting), legal
        if waiting:  # the rule itself, not a list of most of the seat's powers
            return text("prompt.power_actions.without_cb_any", left=left), legal
        return text("prompt.power_actions", left=left), legal

    def offer(self, g: Ctx, role: str, verb: str) -> list:
        """The arguments of one verb of the prompt: each is asked alone when a move is checked (``allows``), since
        the whole list asks every power everything."""
        s = g.s
        if verb == "act":
            return offered(g, role)
        if verb == "declare_war":
            return war.declarations(g, role)  # 9. / 21.3.3: [power, target]
        if verb == "expeditionary_corps":
            asked = g.frame.get("expeditions_asked", [])  # each transfer asked once per impulse (AL-7)
            return [t for p in with_actions(s, role) for t in expeditionary_corps.transfers(g, p) if t not in asked]
        if verb == "play_card":
            return deck.playable(s, board_of(g), role) if deck.in_play(s) else []
        if verb == "event":
            return list(s["impulse"]["events_due"]) if deck.in_play(s) else []
        if verb == "end_impulse":
            return [None] if not deck.in_play(s) or deck.may_end_impulse(s, role) else []
        return attach_offer(g, role).get(verb, [])

    def allows(self, g: Ctx, role: str, verb: str, arg: Any) -> bool:
        """An action is checked for its power alone (``offers``), any other verb by its own list (``offer``)."""
        if verb == "act":
            return offers(g, role, arg)
        return arg in self.offer(g, role, verb)  # the arguments are strings, lists of strings or None

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "act":
            return text(f"act.action.{arg[1]}", power=arg[0])
        if verb == "declare_war":
            return war.declaration_words(g.s, arg[0], arg[1])
        if verb == "expeditionary_corps":
            return text("act.expeditionary_corps", power=arg[0], unit=arg[1], receiver=arg[2])
        if verb == "play_card":
            return text("act.play_card", card=arg)
        if verb == "event":
            return text("act.card_event", card=arg)
        if verb in FREE_VERBS:
            return free_label(verb, arg)
        return text("act.end_impulse")

    def on_play_card(self, g: Ctx, role: str, arg: str) -> None:
        g.frame.pop("attached", None)
        card_play.play(g, role, arg)

    def on_event(self, g: Ctx, role: str, arg: str) -> None:
        g.frame.pop("attached", None)
        g.s["impulse"]["events_due"].remove(arg)
        card_play.apply_event(g, role, arg)

    def on_declare_war(self, g: Ctx, role: str, arg: list) -> None:
        spend(g, arg[0])
        war.declare(g, arg[0], arg[1])
        self.resume(g, None)

    def on_expeditionary_corps(self, g: Ctx, role: str, arg: list) -> None:
        """21.2.2: a troop ceded to an ally, brought from an ally or recovered, by a strategic movement action; the
        other power's player acquiesces first (``expeditionary_consent``)."""
        g.frame.pop("attached", None)
        asked = expeditionary_corps.consenting(g.s, arg)
        if asked is None:
            self._transfer(g, arg)
            return
        g.frame["expedition"] = arg
        g.frame.setdefault("expeditions_asked", []).append(list(arg))
        g.call("expeditionary_consent", power=arg[0], unit=arg[1], receiver=arg[2], asked=asked)

    def _transfer(self, g: Ctx, arg: list) -> None:
        spend(g, arg[0])
        g.call("strategic_move", **expeditionary_corps.move_frame(g.s, arg))

    def on_act(self, g: Ctx, role: str, arg: list) -> None:
        power, action = arg
        spend(g, power)
        if action == "lower_unrest":
            unrest.lower_unrest(g, power)
            self.resume(g, None)
            return
        local: dict[str, Any] = {"power": power}
        if action in ("build_troop", "build_squadron", "build_fortress", "build_merchant"):
            local["deploy"] = False
        if action in ("tactical_move", "landing"):
            local["landing"] = action == "landing"
        if action == "strategic_move":
            local["path"] = []
        g.call(STEP_OF.get(action, action), **local)

    def resume(self, g: Ctx, result: Any) -> None:
        """After each action, squadrons left without a base go to the nearest one (11.1.1, ``rebase_due``), and
        overstacked troops are dispersed (15.1.1, ``overstack.after_action``); the leaders may change unit again
        (17.1); the allies of the powers that went to war announce whether they enter it (21.1, RULINGS AL-4); then
        a power that must negotiate peace does (21.4.2: its last morale point or possession lost, RULINGS P-10)."""
        g.frame.pop("attached", None)
        expedition = g.frame.pop("expedition", None)
        if expedition and result is True:  # 21.2.2: the other power acquiesced
            self._transfer(g, expedition)
            return
        fleets.revert_strays(g)  # 21.2.3: a combined squadron out of its fleet or sea (RULINGS AL-11)
        with st.reading(g.s):  # the two questions in one reading: nothing changes unless a squadron lacks a base
            lacking = lacking_bases(g, g.frame["seat"])
            due = None if lacking else overstack.after_action(g, g.frame["seat"])
        decision = rebase(g, lacking)
        if decision:
            g.call("rebase", **decision)
            return
        if lacking:  # the squadrons moved: the overstack question on the state as it is now
            due = overstack.after_action(g, g.frame["seat"])
        if due:
            g.call("disperse_overstack", **due)
            return
        choice = battles.box_choice(g)  # 18.5: the box of a border area's troop
        if choice:
            g.call("dispersion_box", **choice)
            return
        if alliances.ask_war_entry(g):  # 21.1: the allies of powers that went to war announce their entry
            return
        possession_vp.check(g)  # 22: an area a card promised VP for, possessed now (RULINGS HO-1)
        entry = independent_minors.entry_due(g)  # 20.5: which allied independent minors enter a new war
        if entry:
            g.call("minor_war_entry", **entry)
            return
        peace.ask_forced(g)

    def on_end_impulse(self, g: Ctx, role: str, arg: Any) -> None:
        """The player ends his actions: the impulse goes on to its end (8.2.2 "End of impulse")."""
        g.goto("end_of_impulse", seat=g.frame["seat"], moved=[])


class EndOfImpulse(FreeMoves, Step):
    """8.2.2 "End of impulse" / 18.1: each power may bring one troop home, to the dispersed box of the theater
    where it has more home areas, from the map or from any box (RULINGS.md › 8.2.2), and move one leader over a
    troop, fleet or fortress of its own, neither besieged (``leader_flow.end_moves``); leaders change unit within
    their stacks (17.1, ``attach_offer``). When the player is done, the squadrons without base (11.1.1)."""

    goes_to = ("squadrons_without_base", "combined_fleet_consent")

    def _candidates(self, g: Ctx) -> list[list[str]]:
        s, b = g.s, board_of(g)
        out = []
        for power in st.powers_of(s, g.frame["seat"]):
            if power in g.frame["moved"]:
                continue
            home = b.boxes[st.home_theater(s, b, power)][0]
            for u in st.units_of(s, power, "troop"):
                loc = s["units"][u]["loc"]
                if loc != home and (loc.startswith(st.BOX) or st.loc_area(loc)):
                    out.append([power, u])
        return out

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["seat"]]

    def prompt(self, g: Ctx, role: str):
        home = self._candidates(g)
        done = g.frame.get("leader_moved", [])
        moves = [m for p in st.powers_of(g.s, role) if p not in done for m in leader_flow.end_moves(g.s, p)]
        legal = {k: v for k, v in (("bring_home", home), ("move_leader", moves)) if v} | attach_offer(g, role)
        return text("prompt.end_of_impulse"), legal | {"done": [None]}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "move_leader":
            return text("act.move_leader", leader=arg[0], unit=arg[1])
        if verb in FREE_VERBS:
            return free_label(verb, arg)
        return text("act.bring_home", unit=arg[1]) if verb == "bring_home" else text("act.done_impulse")

    def on_move_leader(self, g: Ctx, role: str, arg: list) -> None:
        g.frame.pop("attached", None)
        g.frame.setdefault("leader_moved", []).append(g.s["leaders"][arg[0]]["power"])
        leader_flow.move_at_end(g, arg[0], arg[1])

    def on_bring_home(self, g: Ctx, role: str, arg: list) -> None:
        s, b = g.s, board_of(g)
        power, uid = arg
        box = b.boxes[st.home_theater(s, b, power)][0]
        st.move_unit(s, uid, box)
        g.frame.pop("attached", None)
        g.frame["moved"].append(power)
        g.log("log.bring_home", unit=uid, box=box, rule="end_of_impulse")

    def on_done(self, g: Ctx, role: str, arg: Any) -> None:
        g.goto("squadrons_without_base", seat=g.frame["seat"])


STEPS = {
    "impulse": Impulse(),
    "start_of_impulse": StartOfImpulse(),
    "power_actions": PowerActions(),
    "end_of_impulse": EndOfImpulse(),
    "squadrons_without_base": SquadronsWithoutBase(),
}
