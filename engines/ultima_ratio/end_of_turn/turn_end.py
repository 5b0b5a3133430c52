"""Ultima Ratio Regis — 23. End of turn (8.3): wars and alliances end (21.4), commercial competition (19.2.4),
the economic phase (23.1.1), degradation and elimination of units and controls (23.1.2), social agitation and
dynastic changes (23.2, 23.3, last turn 23.4), the end-of-turn VP (23.1.3, 22)."""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.cards import possession_vp
from engines.ultima_ratio.combat import battles, land_battles, veterans
from engines.ultima_ratio.diplomacy import alliances, expeditionary_corps, minor_status, peace, war
from engines.ultima_ratio.economy import commerce
from engines.ultima_ratio.end_of_turn import end_of_turn_rules as rules
from engines.ultima_ratio.end_of_turn import victory
from engines.ultima_ratio.movement import fleets, without_base
from engines.ultima_ratio.scenarios.base import scenario_of


class TurnEnd(Step):
    """23 "End of turn" (8.3), its parts as named steps chained by ``g.goto``: ``turn_end`` (this one: all wars and
    alliances end, 21.4 — a truce negotiated for each war between major powers in 21.5.5's order,
    ``peace.negotiation_order``, a war against a minor power simply ends; commercial competition, 19.2.4; the economic phase, 23.1.1) → ``degradation`` (23.1.2) →
    ``disbanding`` (23.1.2) → ``agitation`` (23.2, 23.3) → ``ports_lost_to_revolts`` (11.6) → ``turn_end_vp``
    (23.1.3, 22; the last turn's forced dynastic change, 23.4) → ``next_turn``."""

    goes_to = ("peace_negotiations", "repatriation", "minor_neutral", "degradation")

    def auto(self, g: Ctx) -> None:
        s = g.s
        truces = peace.negotiation_order(s)  # 21.4: "When the end of the turn is reached ... a truce"
        if truces:
            power, enemy = truces[0]
            peace.open_negotiations(g, power, enemy, requester=None, why="truce")
            return
        for pair in list(s["wars"]):  # 23: the wars against minor powers end too (chapter 20's peace: not yet)
            war.end_war(g, pair)
        alliances.turn_over(g)  # 23: "All wars and alliances are terminated" (RULINGS AL-3)
        if minor_status.turn_over(g):  # the Imperial election's alliance ends with the turn (RULINGS IV-3)
            return
        if expeditionary_corps.send_home(g):  # 23, 21.2.2: "and the expeditionary corps are repatriated"
            return
        commerce.commercial_competition(g)
        for power in s["powers"]:
            commerce.economic_phase(g, power)
        g.goto("degradation", queue=list(s["powers"]))


class Degradation(Step):
    """23.1.2 "Degradation and elimination": half of each power's veterans (rounded up) turn regular — all of
    them at once, or those its player picks (``flip_veterans``); then the Casus Belli go, the controls taken from a
    third power return to it (13.3.7) and extraordinary leaders turn ordinary (17.3.3). Frame: ``queue`` (the
    powers still to do)."""

    goes_to = ("flip_veterans", "disbanding")

    def auto(self, g: Ctx) -> None:
        f, s = g.frame, g.s
        while f["queue"]:
            power = f["queue"].pop(0)
            vets = [u for u in st.units_of(s, power) if s["units"][u]["veteran"]]
            count = veterans.loss_count(len(vets))
            if count == len(vets):
                for u in vets:
                    s["units"][u]["veteran"] = False
            elif count:
                g.call("flip_veterans", power=power, count=count)
                return
        s["casus_belli"] = []  # 23.1.2: "as well as some control markers"
        land_battles.return_controls(g)  # 13.3.7
        for info in s["leaders"].values():  # 17.3.3: extraordinary leaders turn ordinary
            info["extraordinary"] = False
        g.goto("disbanding", queue=list(s["seats"]))


class Disbanding(Step):
    """23.1.2: each player in turn eliminates or degrades the units it does not want (``disband_units``); then the
    eliminated units are available again. Frame: ``queue`` (the seats still to do)."""

    goes_to = ("disband_units", "agitation")

    def auto(self, g: Ctx) -> None:
        f, s = g.frame, g.s
        if f["queue"]:
            g.call("disband_units", seat=f["queue"].pop(0))
            return
        for info in s["units"].values():  # 23.1.2: the eliminated are available again
            if info["loc"] == "eliminated":
                info.update(loc="available", veteran=False, repair=False)
        g.goto("agitation", queue=list(s["powers"]))


class Agitation(Step):
    """23.2 "Social agitation" and 23.3 "Dynastic changes": each power in turn (``social_agitation``: revolts, a
    collapse, a dynastic change); on the last turn a power whose change is forced makes it after the End of turn
    (23.4, ``turn_end_vp``). Frame: ``queue`` (the powers still to do)."""

    goes_to = ("social_agitation", "ports_lost_to_revolts")

    def auto(self, g: Ctx) -> None:
        f, s = g.frame, g.s
        while f["queue"]:
            power = f["queue"].pop(0)
            unrest, vitality = s["powers"][power]["unrest"], board_of(g).power(power).vitality
            if last_turn_change_due(g, power):
                continue  # 23.4: its dynastic change comes after the End of turn (RULINGS E-8)
            g.call(
                "social_agitation",
                power=power,
                revolts=rules.revolts_due(unrest, vitality),
                agitated=rules.social_agitation(unrest, vitality),
                last=s["turn"] >= s["last_turn"],
            )
            return
        g.goto("ports_lost_to_revolts")


class PortsLostToRevolts(Step):
    """11.6 at the end of the turn: the squadrons in ports lost to the revolts go to the nearest base (``rebase``
    when a tie needs their player)."""

    goes_to = ("rebase", "turn_end_vp")

    def auto(self, g: Ctx) -> None:
        for power in g.s["powers"]:
            rebase = without_base.check_bases(g, power)
            if rebase:
                g.call("rebase", **rebase)
                return
        g.goto("turn_end_vp")


class TurnEndVp(Step):
    """23.1.3 / 22: the end-of-turn VP — each seat's bonus (7.1), trade (19.2), the scenario's (``end_of_turn_vp``);
    then, on the last turn, the forced dynastic changes (23.4, RULINGS E-8); then the next turn (``next_turn``)."""

    goes_to = ("next_turn", "minor_neutral")

    def auto(self, g: Ctx) -> None:
        s, f = g.s, g.frame
        if "changed" not in f:
            self.count(g)
            f["changed"] = [p for p in s["powers"] if last_turn_change_due(g, p)]
            for power in f["changed"]:  # 23.4: "After finishing the End of turn", on the last turn
                dynastic_change(g, power, collapse=False)
        for power in f["changed"]:  # 23.3: its allied minors become neutral (20.4.1)
            if minor_status.neutral_allies(g, power):
                return
        g.goto("next_turn")

    def count(self, g: Ctx) -> None:
        """23.1.3 / 22: the VP counted at the end of the turn."""
        s = g.s
        possession_vp.check(g)  # 22: an area a card promised VP for, possessed at the turn's end (RULINGS HO-1)
        index = active_board_index(g) if scenario_of(g).card_objectives else None
        for seat, info in s["seats"].items():
            if info["vp_per_turn"]:
                add_vp(g, seat, info["vp_per_turn"], "seat_bonus")  # 7.1: "an extra bonus each turn"
            for power in st.powers_of(s, seat):
                vp = commerce.trade_vp(s, power)
                if vp:
                    add_vp(g, seat, vp, "trade")
                if index is not None:
                    card_objectives_vp(g, seat, power, index)
        scenario_of(g).end_of_turn_vp(g)


def active_board_index(g: Ctx) -> victory.BoardIndex:
    """The map facts objectives read, without the areas out of play (18.2.1), built once for a turn's count."""
    board = board_of(g)
    return victory.board_index(board.map, inactive=[a.id for a in board.map.areas if a.id not in g.s["areas"]])


def card_objectives_vp(g: Ctx, seat: str, power: str, index: victory.BoardIndex) -> None:
    """22 "Major power card objectives (end of turn)" and the allied minors' objectives (``victory``), each met
    objective scored with its card and place on it."""
    board = board_of(g)
    allied = [board.minor(m) for m, info in g.s["minors"].items() if info.get("ally") == power]
    for award in victory.objective_awards(
        board.power(power), victory.holdings(g.s, power, board.imperial_votes), index, allied
    ):
        g.s["seats"][seat]["vp"] += award.vp
        g.log(
            "log.objective_vp",
            seat=seat,
            power=power,
            card=award.card,
            objective=(award.index or 0) + 1,
            amount=award.vp,
            vp=g.s["seats"][seat]["vp"],
            rule="victory_points",
        )


def last_turn_change_due(g: Ctx, power: str) -> bool:
    """23.4: on the last turn a power with social agitation (23.2) that has not collapsed must make a dynastic
    change "after finishing the End of turn": after its VP are counted, so the change's VP loss comes on top of
    them and the unrest it resets is not the one the count read (RULINGS E-8). It places no revolts at 23.2 first:
    the change removes them (23.3)."""
    s = g.s
    if s["turn"] < s["last_turn"]:
        return False
    unrest, vitality = s["powers"][power]["unrest"], board_of(g).power(power).vitality
    return rules.social_agitation(unrest, vitality) and not collapsed(s, board_of(g), power)


def add_vp(g: Ctx, seat: str, amount: int, reason: str) -> None:
    g.s["seats"][seat]["vp"] += amount
    g.log("log.vp", seat=seat, amount=amount, vp=g.s["seats"][seat]["vp"], reason=reason, rule="victory_points")


class FlipVeterans(Step):
    """23.1.2: half the power's veteran units (rounded up) turn to their regular side; the player chooses."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        vets = [u for u in st.units_of(g.s, g.frame["power"]) if g.s["units"][u]["veteran"]]
        return text("prompt.flip_veterans", count=g.frame["count"]), {"unit": vets}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.unit", arg=arg)

    def on_unit(self, g: Ctx, role: str, arg: str) -> None:
        g.s["units"][arg]["veteran"] = False
        g.frame["count"] -= 1
        if not g.frame["count"]:
            g.end(None)


def degradable(s: dict, uid: str) -> bool:
    """23.1.2: a unit may be swapped for a worse available counter of its kind (E3 -> E2, 3-4 -> 2-3)."""
    info = s["units"][uid]
    lower = {"E3": "E2", "3-4": "2-3"}.get(info["grade"])
    return lower is not None and any(
        s["units"][u]["grade"] == lower for u in st.units_of(s, info["power"], info["kind"], "available")
    )


class DisbandUnits(Step):
    """23.1.2: the player may eliminate (return to the card) or degrade the units it does not want, and eliminate
    its leaders (l. 1839: "Next Spain decides to eliminate one of its leaders"): a leader goes back to the pool of
    17.2, a historical one is set apart (``end_of_turn_rules.retire``, RULINGS R-9); the leaders on an eliminated
    unit go with it unless moved first."""

    goes_to = ()

    def _units(self, g: Ctx) -> list[str]:
        s = g.s
        return [
            u
            for p in st.powers_of(s, g.frame["seat"])
            for u in st.units_of(s, p)
            if s["units"][u]["loc"] not in ("available", "eliminated")
        ]

    def _leaders(self, g: Ctx) -> list[str]:
        mine = st.powers_of(g.s, g.frame["seat"])
        return [lid for lid, info in sorted(g.s["leaders"].items()) if info["power"] in mine]

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["seat"]]

    def prompt(self, g: Ctx, role: str):
        units = self._units(g)
        legal = {
            "eliminate": units,
            "degrade": [u for u in units if degradable(g.s, u)],
            "eliminate_leader": self._leaders(g),
            "done": [None],
        }
        return text("prompt.disband"), {k: v for k, v in legal.items() if v}

    def _retire(self, g: Ctx, **which: list[str]) -> None:
        """``end_of_turn_rules.retire`` on the state, the leaders eliminated logged."""
        from engines.ultima_ratio.leaders import leader_state

        s = g.s
        before = set(s["leaders"])
        _, kept, s["leader_pool"] = rules.retire(
            leader_state.counters(s), leader_state.state_leaders(s), s["leader_pool"], board_of(g).leaders, **which
        )
        s["leaders"] = {ld["id"]: {k: ld[k] for k in ("power", "unit", "extraordinary")} for ld in kept}
        for leader in sorted(before - set(s["leaders"])):
            historical = board_of(g).leaders.is_historical(leader)
            g.log(
                "log.historical_leader_disbanded" if historical else "log.leader_disbanded",
                leader=leader,
                rule="degradation",
            )

    def on_eliminate(self, g: Ctx, role: str, arg: str) -> None:
        self._retire(g, unit_ids=[arg])
        g.s["units"][arg].update(loc="available", veteran=False, repair=False)
        g.log("log.disbanded", unit=arg, rule="degradation")

    def on_eliminate_leader(self, g: Ctx, role: str, arg: str) -> None:
        self._retire(g, leader_ids=[arg])

    def on_degrade(self, g: Ctx, role: str, arg: str) -> None:
        """23.1.2 (RULINGS E-2): the worse counter takes the unit's place, its side (a veteran stays veteran) and,
        as the same unit degraded, its leaders (17.1: "The leader follows this unit") and its kept fleet (11.2)."""
        s = g.s
        info = s["units"][arg]
        lower = {"E3": "E2", "3-4": "2-3"}[info["grade"]]
        other = next(
            u for u in st.units_of(s, info["power"], info["kind"], "available") if s["units"][u]["grade"] == lower
        )
        for key in ("loc", "since", "acted", "repair", "galley", "veteran"):
            s["units"][other][key] = info[key]
        for leader in s["leaders"].values():
            if leader["unit"] == arg:
                leader["unit"] = other
        for group in s.get("fleets", ()):
            group[:] = [other if u == arg else u for u in group]
        info.update(loc="available", veteran=False, repair=False)
        g.log("log.degraded", unit=arg, into=other, rule="degradation")

    def on_done(self, g: Ctx, role: str, arg: Any) -> None:
        g.end(None)


def territory(s: dict, board, power: str) -> rules.Territory:
    """What 18.3 needs of the power's possessions (``end_of_turn_rules.revolt_options``)."""
    own = st.possessions(s, power)
    return rules.Territory(
        possessions=frozenset(own),
        revolted=frozenset(a for a in own if s["areas"][a]["marker"]),
        key_or_commercial=frozenset(a for a in own if board.areas[a].key_area or board.areas[a].commercial_port),
        with_units=frozenset(a for a in own if s["areas"][a]["fortress"] or st.units_at(s, a)),
        group_of={a: [b for b in own if board.areas[b].province == board.areas[a].province] for a in own},
    )


def revolt_places(s: dict, board, power: str) -> list[str]:
    """23.2 / 18.3: where the next R2 revolt may go (``end_of_turn_rules.revolt_options``)."""
    return list(rules.revolt_options(territory(s, board, power)))


def collapsed(s: dict, board, power: str) -> bool:
    """23.2: a power collapses at 20 unrest or with rebellions in all its territory — those of this phase or
    earlier ones (RULINGS AV-2)."""
    t = territory(s, board, power)
    unrest = s["powers"][power]["unrest"]
    return rules.collapses(unrest, t.possessions, t.revolted) if t.possessions else unrest >= rules.COLLAPSE_UNREST


class SocialAgitation(Step):
    """23.2: one R2 revolt per unrest level above twice the vitality, placed by the player in its possessions;
    each factor of a troop it disperses cancels one. At 20 unrest (or rebellions everywhere) the power collapses;
    a dynastic change may also be chosen. On the last turn a power with agitation is not asked: its change is
    forced after the End of turn (23.4, ``last_turn_change_due``)."""

    goes_to = ("dispersion_box", "minor_neutral")

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f, s = g.frame, g.s
        if collapsed(s, board_of(g), f["power"]):
            return text("prompt.collapse"), {"dynastic_change": ["collapse"]}
        legal: dict[str, list] = {}
        if f["revolts"] > 0:
            legal["disperse"] = [
                u for u in st.units_of(s, f["power"], "troop", "map") if st.loc_area(s["units"][u]["loc"])
            ]
            legal["revolt"] = revolt_places(s, board_of(g), f["power"])
        else:
            legal["done"] = [None]
        legal["dynastic_change"] = ["voluntary"]
        if f["revolts"] > 0:
            said = text("prompt.agitation", power=f["power"], revolts=f["revolts"])
        else:  # nothing to place: the question left is 23.3's voluntary dynastic change
            said = text("prompt.agitation_none", power=f["power"])
        return said, {k: v for k, v in legal.items() if v}

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        """Each choice names the power it is about, as the prompt does: a player is asked once per power."""
        power = g.frame["power"]
        if verb == "dynastic_change":
            return text(f"act.agitation_dynastic_change.{arg}", power=power)
        if verb == "done":
            return text("act.agitation_done", power=power)
        return super().label(g, role, verb, arg)

    def on_disperse(self, g: Ctx, role: str, arg: str) -> None:
        s = g.s
        factor = st.quality(s, arg)
        area = st.loc_area(s["units"][arg]["loc"])
        assert area is not None  # only troops in an area are offered (prompt)
        battles.disperse(g, arg, area)
        g.frame["revolts"] -= factor
        g.log("log.agitation_dispersed", unit=arg, cancels=factor, rule="social_agitation")
        choice = battles.box_choice(g)  # 18.5: from a border area, the box
        if choice:
            g.call("dispersion_box", **choice)

    def on_revolt(self, g: Ctx, role: str, arg: str) -> None:
        s = g.s
        s["areas"][arg]["marker"] = "R2"
        s["areas"][arg]["control"] = None
        g.frame["revolts"] -= 1
        g.log("log.revolt", area=arg, level=2, rule="social_agitation")
        if collapsed(s, board_of(g), g.frame["power"]):
            g.frame["revolts"] = 0

    def on_dynastic_change(self, g: Ctx, role: str, arg: str) -> None:
        dynastic_change(g, g.frame["power"], collapse=arg == "collapse")
        g.frame["changed"] = True
        self.resume(g, None)

    def resume(self, g: Ctx, result: Any) -> None:
        """After a dynastic change, its allied minors become neutral one by one (23.3, 20.4.1), then the power is
        done; after a dispersal's box (18.5) the power is asked again."""
        if g.frame.get("changed") and not minor_status.neutral_allies(g, g.frame["power"]):
            g.end(None)

    def on_done(self, g: Ctx, role: str, arg: Any) -> None:
        g.end(None)


def dynastic_change(g: Ctx, power: str, collapse: bool) -> None:
    """23.3: the player loses the power's vitality in VP (twice after a collapse); its units — fortresses too,
    with the leaders on them back to the pool (13.1.7, 17.1) and the sieges they made over —, merchants and
    revolts go; unrest returns to its vitality; next turn it deploys again with its maintenance as points and one R3
    revolt per two points of vitality. Its allied minors become neutral after it (``minor_status.neutral_allies``,
    20.4.1: a step, which the callers run)."""
    s, board = g.s, board_of(g)
    change = rules.dynastic_change(board.power(power).vitality, collapse=collapse)
    add_vp(g, s["powers"][power]["seat"], -change.vp_loss, "dynastic_change")
    gone = [u for u, info in s["units"].items() if info["power"] == power]
    forts = [a for a, info in s["areas"].items() if info["fortress"] and info["fortress"]["power"] == power]
    battles.lose_leaders(g, gone + [battles.fortress_id(a) for a in forts])  # 13.1.7, 17.1 (RULINGS AV-1)
    fleets.release(s, gone)
    for uid in gone:
        if s["units"][uid]["loc"] not in ("available", "eliminated"):
            st.move_unit(s, uid, "eliminated")  # a siege it made is over (13.4.5)
        s["units"][uid].update(loc="available", veteran=False, repair=False)
    for area in forts:  # its fortresses too: "all the military units"
        s["areas"][area]["fortress"] = None
        s["areas"][area]["siege"] = None
    for bucket in ("merchants", "merchants_prepared"):
        for present in s[bucket].values():
            present.pop(power, None)
    for area in st.possessions(s, power):
        if s["areas"][area]["marker"]:
            s["areas"][area]["marker"] = None
            s["areas"][area]["control"] = power
    s["powers"][power]["unrest"] = change.unrest
    s["powers"][power]["to_deploy"] = {"points": board.power(power).base_maintenance, "revolts": change.r3_revolts}
    g.log("log.dynastic_change", power=power, collapse=collapse, rule="dynastic_changes")


# The steps of the end of the turn, in order (a reader asks "is the turn ending?").
TURN_END_STEPS = ("turn_end", "degradation", "disbanding", "agitation", "ports_lost_to_revolts", "turn_end_vp")

STEPS = {
    "turn_end": TurnEnd(),
    "degradation": Degradation(),
    "disbanding": Disbanding(),
    "agitation": Agitation(),
    "ports_lost_to_revolts": PortsLostToRevolts(),
    "turn_end_vp": TurnEndVp(),
    "flip_veterans": FlipVeterans(),
    "disband_units": DisbandUnits(),
    "social_agitation": SocialAgitation(),
}
