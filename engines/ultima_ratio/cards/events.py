"""Ultima Ratio Regis — an event applied (8.2.2 "A card is played by applying what the event states in it"): the
card's ``effects`` (``events.yaml``, the vocabulary of ``world_effects.EFFECT_OPS``) one after another.

Done here: unrest, VP (unconditional), rebellions (named areas, or one the player to the left places), interest,
trade capacities, historical leaders (17.3.1, placed by their power's player), piracy permissions, technology
auctions (19.3.1, technology.py), naval operation distance, the Mediterranean opened, possessions, a die of
fortune, VP promised for an area a power comes to possess (``possession_vp``, 22), wars and Casus Belli breaking out (their VP kept in the war's record and paid to its winner at peace,
21.3.1, 22), CBs barred while an event is in force (``no_casus_belli``: ``cards.casus_belli_barred``), peace (the
wars between the card's powers negotiated in their printed order, 21.4, 21.5.5: ``peace.py``), alliances between major powers (21.1: ``alliances.py``). EVENTS_AUDIT.md
lists every event. Combat effects are in force while the event is (``combat_cards.lasting``). The other effects of
diplomacy with minor powers (20: alliance auctions, alliances with a minor, minors appearing and disappearing),
areas becoming active or inactive (``diplomacy/alliance_auction.py``, ``minor_status.py``, ``minor_powers.py``)
and alliances between major powers (21.1, ``diplomacy/alliances.py``) are played too, and religions (``diplomacy/religion.py``: Calvin, Acts of Supremacy).
"""

from __future__ import annotations

from typing import Any, TypeVar

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.cards import conditions, deck, possession_vp
from engines.ultima_ratio.diplomacy import alliance_auction, alliances, minor_powers, minor_status, peace, religion, war
from engines.ultima_ratio.economy import technology
from engines.ultima_ratio.economy.unrest import change_unrest
from engines.ultima_ratio.end_of_turn import turn_end
from engines.ultima_ratio.leaders import leader_flow, leader_rules, leader_state
from engines.ultima_ratio.world_base import ANY
from engines.ultima_ratio.world_effects import Effect

# conditions the engine reads (the others wait for part 2: possessions gained later, religions, peace results ...)
READ = ("each_power_of_the_player", "most_troops", "casus_belli_with", "battle", "terrain", "gains_possession")
NOT_YET = ("remove_card",)


def left_of(s: dict, seat: str) -> str:
    """The player to the left: the next in game order (7.1)."""
    seats = sorted(s["seats"], key=lambda k: s["seats"][k]["order"])
    return seats[(seats.index(seat) + 1) % len(seats)]


def in_play(s: dict, power: str | None) -> bool:
    return power in s["powers"]


T = TypeVar("T")


def required(value: T | None) -> T:
    """A field of an effect that its op requires (``world_effects.EFFECT_OPS``)."""
    assert value is not None  # Effect's validator refused the content without it when it was loaded
    return value


def most_troops(s: dict) -> list[str]:
    """The power(s) with most troops on the map (a tie: each of them, RULINGS C-8)."""
    counts = {p: len(st.units_of(s, p, "troop", "map")) for p in s["powers"]}
    top = max(counts.values(), default=0)
    return sorted(p for p, n in counts.items() if n == top and n)


class Event(Step):
    """Frame: ``card``, ``seat`` (who played it), ``queue`` (the effects still to apply, as data); a peace's
    wars still to negotiate (``peace_queue``)."""

    goes_to = (
        "event_choice",
        "technology_auction",
        "peace_negotiations",
        "alliance_choice",
        "alliance_consent",
        "war_entry",
        "alliance_auction",
        "minor_alliance",
        "minor_neutral",
    )
    rule = "card_play"  # the rule its log entries cite (8.2.2); the turn's special rules cite 8.1.1

    def auto(self, g: Ctx) -> None:
        f = g.frame
        if f.get("peace_queue"):  # 21.5.5: "resolved first with those printed first"
            a, b = f["peace_queue"].pop(0)
            if deck.at_war(g.s, a, b):
                peace.open_negotiations(g, a, b, requester=None, why="event")
            return
        while f["queue"]:
            eff = Effect.model_validate(f["queue"].pop(0))
            if self._apply(g, eff):
                return
        if alliances.ask_war_entry(g):  # 21.1: the allies of the powers the card sent to war (RULINGS AL-4)
            return
        possession_vp.check(g)  # 22: an area a card promised VP for, possessed now (RULINGS HO-1)
        g.end(None)

    def _ask(self, g: Ctx, eff: Effect, seat: str, what: str, options: list) -> bool:
        if not options:
            g.log("log.event_nothing", event=g.frame["card"], rule=self.rule)
            return False
        g.frame["asking"] = eff.model_dump(by_alias=True, exclude_defaults=True)
        g.call("event_choice", seat=seat, what=what, card=g.frame["card"], options=options)
        return True

    def _apply(self, g: Ctx, eff: Effect) -> bool:
        """Apply one effect; True if it called a choice."""
        s, f, board = g.s, g.frame, board_of(g)
        card, seat, op = f["card"], f["seat"], eff.op
        cond = eff.condition
        if cond is not None and conditions.answered(cond):
            if not conditions.met(s, cond, board):
                g.log("log.event_condition_unmet", event=card, op=op, rule=self.rule)
                return False
            cond = None  # it holds: the effect as if unconditional
        if cond is not None and cond.kind == "gains_possession":  # 22: VP promised (RULINGS HO-1)
            if op == "vp" and in_play(s, eff.power):
                possession_vp.watch(g, card, required(eff.power), list(cond.areas), required(eff.amount))
        elif cond is not None and cond.kind not in READ:
            g.log("log.event_not_yet", event=card, op=op, rule=self.rule)
        elif op == "unrest":
            if eff.power == ANY and cond and cond.kind == "each_power_of_the_player":
                targets = st.powers_of(s, seat)
            elif eff.power == ANY and cond and cond.kind == "most_troops":
                targets = most_troops(s)
            elif eff.power == ANY:
                return self._ask(g, eff, seat, "power", st.powers_of(s, seat))
            else:
                named = eff.powers or ([eff.power] if eff.power is not None else [])
                targets = [p for p in named if in_play(s, p)]
            for power in targets:
                change_unrest(g, power, required(eff.amount), "event")
        elif op == "vp" and eff.power is not None and in_play(s, eff.power):
            s["seats"][st.player_of(s, eff.power)]["vp"] += eff.amount
            g.log("log.event_vp", power=eff.power, amount=eff.amount, rule=self.rule)
        elif op == "rebellion" and eff.areas:
            for area in eff.areas:
                if area in s["areas"] and s["areas"][area]["owner"] in s["powers"]:
                    self._revolt(g, area, required(eff.level))
        elif op == "rebellion":
            options = [a for p in st.powers_of(s, seat) for a in turn_end.revolt_places(s, board, p)]
            return self._ask(g, eff, left_of(s, seat), "revolt", sorted(set(options)))
        elif op == "interest" and in_play(s, eff.power):
            mine = s["powers"][eff.power]["interest"]
            mine += [t for t in eff.theaters if t not in mine]
            g.log("log.interest", power=eff.power, theaters=list(eff.theaters), rule=self.rule)
        elif op == "trade_capacity" and eff.trade_center in s["capacity"]:
            s["capacity"][eff.trade_center] = max(0, s["capacity"][eff.trade_center] + eff.amount)
            g.log(
                "log.event_capacity",
                center=eff.trade_center,
                capacity=s["capacity"][eff.trade_center],
                rule=self.rule,
            )
        elif op == "leader" and eff.power is not None and in_play(s, eff.power):
            hist = board.leaders.historical_for_event(card)
            places = [] if hist.id in s["leaders"] else leader_flow.targets(s, eff.power)
            return self._ask(g, eff, st.player_of(s, eff.power), "leader", places)
        elif op == "piracy":
            return self._ask(g, eff, seat, "corsair", st.powers_of(s, seat))
        elif op == "naval_distance":
            s["naval_distance"]["elsewhere"] = eff.amount
            g.log("log.event_naval_distance", distance=eff.amount, rule=self.rule)
        elif op == "open_mediterranean":
            s["mediterranean_open"] = True
            g.log("log.event_mediterranean", rule=self.rule)
        elif op == "possession" and (in_play(s, eff.power) or eff.power in s["minors"]):
            for area in eff.areas:
                if area in s["areas"]:
                    s["areas"][area].update(owner=eff.power, control=eff.power, marker=None)
                    g.log("log.event_possession", area=area, power=eff.power, rule=self.rule)
        elif op == "fortune":
            roll = g.roll()
            branch = eff.then if roll >= required(eff.target) else eff.otherwise
            g.log("log.event_fortune", event=card, roll=roll, target=eff.target, rule=self.rule)
            f["queue"][:0] = [e.model_dump(by_alias=True, exclude_defaults=True) for e in branch]
        elif op == "war":
            self._war(g, [p for p in eff.powers if in_play(s, p)], eff.vp)
        elif op == "casus_belli" and eff.power is not None and in_play(s, eff.power):
            for other in eff.against:
                if in_play(s, other) and deck.at_war(s, eff.power, other) and eff.vp:
                    self._cb_bonus(g, sorted((eff.power, other)), eff.vp)
                elif (
                    in_play(s, other)
                    and not deck.at_war(s, eff.power, other)
                    and st.seat_of(s, other) != st.seat_of(s, eff.power)
                    and not st.allied(s, eff.power, other)
                    and [eff.power, other] not in s["casus_belli"]
                ):
                    s["casus_belli"].append([eff.power, other])
                    g.log("log.casus_belli", holder=eff.power, against=other, rule=self.rule)
        elif op == "no_casus_belli":
            g.log("log.event_no_cb", event=card, powers=list(eff.powers), theaters=list(eff.theaters), rule=self.rule)
        elif op == "technology_auction":
            technology.start(g, card, required(eff.technology), seat)
            return True
        elif op == "peace":
            return self._peace(g, [p for p in eff.powers if in_play(s, p)])
        elif op == "alliance_auction" and eff.minor:
            return self._auction(g, eff.minor, eff.vp, eff.until_turn_end)
        elif op == "alliance_auction":  # "one minor power (chosen by the player)" of the card's theaters
            return self._ask(g, eff, seat, "minor", alliance_auction.candidates(g, list(eff.theaters)))
        elif op == "alliance" and eff.with_ in s["minors"]:
            if in_play(s, eff.power) and s["minors"][eff.with_]["ally"] != eff.power:
                minor_status.ally(g, required(eff.with_), required(eff.power), "event")  # 20.3.4
                return True
        elif op == "alliance_ends" and eff.minor in s["minors"]:
            ally = s["minors"][eff.minor]["ally"]
            if ally is not None and (eff.religion is None or religion.religion_of(s, board, ally) == eff.religion):
                minor_status.neutral(g, required(eff.minor))  # 20.4.1 (the Scottish Reformation, RULINGS RE-1)
                return True
            g.log("log.event_nothing", event=card, rule=self.rule)
        elif op == "minor_appears" and eff.minor not in s["minors"]:
            minor_powers.enter_play(s, board.minor(required(eff.minor)), s["impulse"]["n"])
            g.log("log.minor_appears", minor=eff.minor, rule="minor_powers")
        elif op == "minor_disappears" and eff.minor in s["minors"]:
            minor_powers.leave_play(g, required(eff.minor))
        elif op in ("activate", "deactivate"):
            named = [*eff.areas, *(a for a, info in board.areas.items() if info.theater in eff.theaters)]
            if f.get("within_scenario"):  # a turn's rule: inside the scenario's theaters only (7.2, MP-14)
                theaters = board.world.scenario(s["scenario"]).theaters
                named = [a for a in named if board.areas[a].theater in theaters]
            (minor_powers.activate if op == "activate" else minor_powers.deactivate)(g, sorted(set(named)))
        elif op == "alliance":
            return self._alliance(g, eff)
        elif op == "religion":  # Calvin, Acts of Supremacy; a power not in play enters with it (RULINGS RE-1)
            religion.become(g, board, required(eff.power), required(eff.religion))
        elif op in NOT_YET:
            g.log("log.event_not_yet", event=card, op=op, rule=self.rule)
        return False

    def _revolt(self, g: Ctx, area: str, level: int) -> None:
        """18.3: a revolt marker; the area is possessed but no longer controlled."""
        g.s["areas"][area].update(marker=f"R{level}", control=None)
        g.log("log.revolt", area=area, level=level, rule=self.rule)

    def _war(self, g: Ctx, powers: list[str], vp: int) -> None:
        """21.3.1: the powers go to war at once; two powers of one player never do (l. 1627); their CBs against
        each other disappear (21.3.2). The VP to the winner is scored at peace (21.4, part 2: logged). Two powers
        already at war: "other later historical events resulting in war between those two major powers, may further
        increase this VP gain" — the card's VP are added to their war's (``war.add_war_vp``)."""
        s = g.s
        for i, a in enumerate(powers):
            for b in powers[i + 1 :]:
                pair = sorted((a, b))
                if st.seat_of(s, a) == st.seat_of(s, b):
                    continue
                if pair in s["wars"]:
                    if vp:
                        war.add_war_vp(g, pair, vp)
                        g.log("log.event_war_vp_more", event=g.frame["card"], vp=vp, powers=pair, rule=self.rule)
                    continue
                war.begin_war(g, pair, card=g.frame["card"], vp=vp)
                s["casus_belli"] = [cb for cb in s["casus_belli"] if sorted(cb) != pair]
                war.war_by_event(s, pair)
                g.log("log.war", powers=pair, rule=self.rule)
                if vp:
                    g.log("log.event_war_vp", event=g.frame["card"], vp=vp, powers=pair, rule=self.rule)

    def _cb_bonus(self, g: Ctx, pair: list[str], vp: int) -> None:
        """22 (l. 1788): a CB event between powers already at war gives "1 VP bonus to the wars between two
        contenders": kept in the war's record (``war.add_war_vp``), once per card and war even when the card lists
        both ways (RULINGS P-13)."""
        done = g.frame.setdefault("cb_bonus", [])
        if pair in done:
            return
        done.append(pair)
        war.add_war_vp(g, pair, vp)
        g.log("log.event_cb_bonus", event=g.frame["card"], powers=pair, vp=vp, rule=self.rule)

    def _alliance(self, g: Ctx, eff: Effect) -> bool:
        """21.1 "as long as it is expressly permitted by any event card": a card naming two major powers allies them
        at once; a card naming any (the Royal marriage) lets its player ally one of his powers with one of his or
        a consenting one (``alliances.AllianceChoice``); True if it asks. An alliance with a minor power in play
        is chapter 20's (``minor_status.ally``, above); with one out of play it does nothing."""
        s = g.s
        if eff.power != ANY:
            a, b = required(eff.power), required(eff.with_)
            if a in s["powers"] and b in s["powers"] and alliances.may_ally(s, a, b):
                alliances.make(g, a, b)
            else:
                g.log("log.event_nothing", event=g.frame["card"], rule=self.rule)
            return False
        options = alliances.choices(s, g.frame["seat"])
        if not options:
            g.log("log.event_nothing", event=g.frame["card"], rule=self.rule)
            return False
        g.call("alliance_choice", seat=g.frame["seat"], card=g.frame["card"], options=options)
        return True

    def _auction(self, g: Ctx, minor: str, vp: int = 0, until_turn_end: bool = False) -> bool:
        """20.3.1: the auction for a minor in play (a mercenary minor enters play with its card, 20.6), ``vp`` to its
        winner and the alliance ``until_turn_end`` (the Imperial election, RULINGS IV-2, IV-3); True if it
        begins."""
        card = board_of(g).minor(minor)
        if minor not in g.s["minors"] and card.kind == "mercenary" and card.in_play.covers(g.s["turn"]):
            minor_powers.enter_play(g.s, card, g.s["impulse"]["n"])
        if minor not in g.s["minors"]:
            g.log("log.event_nothing", event=g.frame["card"], rule=self.rule)
            return False
        alliance_auction.start(g, g.frame["card"], minor, g.frame["seat"], vp, until_turn_end)
        return True

    def _peace(self, g: Ctx, powers: list[str]) -> bool:
        """21.4 "By an event card": the wars between the card's powers end by negotiations (no requester, RULINGS
        P-3), "resolved first with those printed first" (21.5.5); True if one begins."""
        pairs = [[a, b] for i, a in enumerate(powers) for b in powers[i + 1 :] if deck.at_war(g.s, a, b)]
        if not pairs:
            g.log("log.event_no_war", event=g.frame["card"], powers=powers, rule=self.rule)
            return False
        g.frame["peace_queue"] = pairs
        return True

    def resume(self, g: Ctx, choice: Any) -> None:
        s, f = g.s, g.frame
        if "asking" not in f:  # an auction, an alliance or a peace is over
            return
        eff = Effect.model_validate(f.pop("asking"))
        if eff.op == "alliance_auction":
            self._auction(g, choice)
        elif eff.op == "unrest":
            change_unrest(g, choice, required(eff.amount), "event")
        elif eff.op == "rebellion":
            self._revolt(g, choice, required(eff.level))
        elif eff.op == "leader":
            units = leader_state.on_map(s, leader_state.counters(s))
            placed = leader_rules.bring_historical(
                leader_state.state_leaders(s), units, board_of(g).leaders, event=f["card"], target=choice
            )
            s["leaders"] = {ld["id"]: {k: ld[k] for k in ("power", "unit", "extraordinary")} for ld in placed}
            g.log(
                "log.event_leader",
                leader=board_of(g).leaders.historical_for_event(f["card"]).id,
                power=eff.power,
                unit=choice,
                rule=self.rule,
            )
        elif eff.op == "piracy":
            s["cards"].setdefault("corsairs", []).append(choice)
            g.log("log.event_corsair", power=choice, rule=self.rule)


class EventChoice(Step):
    """A choice an event asks for: ``what`` (power, revolt, leader, corsair) among ``options``, by ``seat``."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["seat"]]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        return text(f"prompt.event_{f['what']}", event=f["card"]), {"choose": list(f["options"])}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.event_choose", arg=arg)

    def on_choose(self, g: Ctx, role: str, arg: Any) -> None:
        g.end(arg)


STEPS = {"event": Event(), "event_choice": EventChoice()}
