"""Ultima Ratio Regis — 21.3 War between major powers: the declaration of war as an action (9., 21.3.3), with or
without a Casus Belli (21.3.2), and the forced peace (21.5.4) of allies and of powers that ended a war this turn.

The state's ``wars`` are sorted pairs (a war against an independent minor power is a pair with the minor's id: "a
control marker of the major power over the minor power's card", 21.3.3); ``forced_peace`` the sorted pairs of major
powers that ended a war this turn (cleared at the next turn's start, 8.1); ``alliances`` the sorted pairs of allied
major powers (21.1, ``alliances.py``; RULINGS W-2, AL-*); ``war_entries`` (made when first needed) the questions a
war that broke out put to the allies of its parties, [ally, partner, enemy] (21.1, 21.3.3: ``alliances.ask_war_entry``).
"""

from __future__ import annotations

from collections.abc import Container, Iterator
from itertools import chain

from engines.core.machine import Ctx
from engines.core.types import Text, text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.cards import deck
from engines.ultima_ratio.diplomacy import independent_minors as independent
from engines.ultima_ratio.movement import fleets


def may_enter(s: dict, ally: str, enemy: str) -> bool:
    """21.1 / 21.3.3: whether ``ally`` may enter a war against ``enemy``: a major power in play, not the same one,
    not at war with it already, not carried by the same player (l. 1627), not in forced peace with it (allied with
    it too, or a war ended this turn: 21.5.4)."""
    return (
        ally != enemy
        and enemy in s["powers"]
        and ally in s["powers"]
        and sorted((ally, enemy)) not in s["wars"]
        and st.seat_of(s, ally) != st.seat_of(s, enemy)
        and not st.in_forced_peace(s, ally, enemy)
    )


def queue_war_entries(s: dict, ally: str, partner: str) -> None:
    """21.1: "Whenever two major powers are at war, their allies can (if they wish so) announce that they will also
    enter the war": the question [ally, partner, enemy] for each enemy of ``partner`` that ``ally`` may enter a war
    against, asked by ``alliances.ask_war_entry`` once the move in progress is over (RULINGS AL-4)."""
    due = s.setdefault("war_entries", [])
    for pair in s["wars"]:
        if partner not in pair:
            continue
        enemy = pair[1] if pair[0] == partner else pair[0]
        if enemy in s["powers"] and may_enter(s, ally, enemy) and [ally, partner, enemy] not in due:
            due.append([ally, partner, enemy])


def has_cb(s: dict, power: str, target: str) -> bool:
    return [power, target] in s["casus_belli"]


def independent_minors(g: Ctx) -> list[str]:
    """20.5: the independent minor powers in play that no major power is allied with (RULINGS W-3), by id."""
    return list(independent_minors_of(g))


def independent_minors_of(g: Ctx) -> Iterator[str]:
    """``independent_minors``, found when asked for (after the major powers, ``each_target``)."""
    return (m for m, ally in independent.independents(g) if ally is None)


def targets(g: Ctx, power: str, among: Container[str] | None = None) -> list[str]:
    """21.3.3 / 20.5: the major powers and independent minor powers ``power`` may declare war on: not carried by the
    same player (l. 1627), not at war with it already, not in forced peace with it (21.5.4), and not a party a
    scenario rule lets it attack without a war (``free_attacks``: 9.1's Emirates, RULINGS W-1). ``among``: only
    those of these parties are asked of (the same list, the others left out)."""
    return list(each_target(g, power, among))


def each_target(g: Ctx, power: str, among: Container[str] | None = None) -> Iterator[str]:
    """The parties of ``targets``, in its order, each asked of when reached: a question answered by the first (is
    there one without a CB?) asks no more of them."""
    s = g.s
    seat = st.seat_of(s, power)
    for other in chain(sorted(s["powers"]), independent_minors_of(g)):
        if among is not None and other not in among:
            continue
        if other == power or st.seat_of(s, other) == seat or st.hostile(s, power, other):
            continue
        if other in s["powers"] and st.in_forced_peace(s, power, other):
            continue
        yield other
    allied = independent.allied_targets(g, power)  # 20.5
    yield from (allied if among is None else [m for m in allied if m in among])


def last_point(s: dict, power: str) -> bool:
    """21.3.3: a declaration without a CB "must be done with the last action point of the impulse": the power has
    one point left and can receive no more (with cards: it took a card's points already, or the hand is empty;
    8.2.2 "you cannot add actions of more than one card to the same major power") — RULINGS W-4."""
    imp = s["impulse"]
    if imp["actions"].get(power, 0) + imp.get("extra", 0) != 1:
        return False
    if not deck.in_play(s):
        return True
    return power in imp["card_of"] or not s["cards"]["hands"].get(st.seat_of(s, power))


def declarations(g: Ctx, seat: str) -> list[list[str]]:
    """[power, target] for each power of the seat with an action point left: with a CB against the target at any
    point, without one only with its last point (then only the parties it has a CB against are asked of)."""
    s = g.s
    imp = s["impulse"]
    out = []
    for power in st.powers_of(s, seat):
        if imp["actions"].get(power, 0) <= 0 and not imp.get("extra", 0):
            continue
        if last_point(s, power):
            out += [[power, t] for t in targets(g, power)]
            continue
        with_cb = {target for holder, target in s["casus_belli"] if holder == power}  # has_cb
        if with_cb:
            out += [[power, t] for t in targets(g, power, with_cb)]
    return out


def waiting_for_last_point(g: Ctx, seat: str) -> list[str]:
    """The seat's powers with action points left, but not their last (``last_point``), that may declare war on a
    party only without a CB: 21.3.3 lets them make that declaration only with their last action point of the
    impulse, so the menu does not offer it yet and the prompt says why (``prompt.power_actions.without_cb``)."""
    s = g.s
    imp = s["impulse"]
    return [
        power
        for power in st.powers_of(s, seat)
        if (imp["actions"].get(power, 0) > 0 or imp.get("extra", 0))
        and not last_point(s, power)
        and any(not declared_against(s, power, t)[2] for t in each_target(g, power))
    ]


def declared_against(s: dict, power: str, target: str) -> tuple[str | None, str, bool]:
    """A declaration of war on ``target`` (21.3.3): the major power allied to it that it drags in (20.5), if any; the
    enemy (that ally, else the target); whether ``power`` holds a CB against the target or that enemy."""
    ally = independent.dragged_ally(s, target)
    enemy = ally or target
    return ally, enemy, has_cb(s, power, target) or has_cb(s, power, enemy)


def declaration_words(s: dict, power: str, target: str) -> Text:
    """The words of a declaration offered (21.3.3), as ``declare`` will make it: with a CB against the target or the
    major power its declaration drags in (20.5); without one, a morale point to that major power — none to a minor
    power left alone, which holds no morale (RULINGS W-3)."""
    _, enemy, with_cb = declared_against(s, power, target)
    if with_cb:
        key = "act.declare_war"
    else:
        key = "act.declare_war_without_cb" if enemy in s["powers"] else "act.declare_war_on_minor"
    return text(key, power=power, target=target, enemy=enemy)


def declare(g: Ctx, power: str, target: str) -> None:
    """21.3.3: the war breaks out; with a CB the CBs between the two disappear (21.3.2: "CBs disappear if the war
    breaks out"); without one the power "must immediately give one morale point to the enemy" (21.3.5) — a minor
    power holds no morale (RULINGS W-3). A declared war starts without extra VP for the winner (21.3.1 gives the
    VP only to the wars made by events)."""
    s = g.s
    ally, enemy, with_cb = declared_against(s, power, target)  # 20.5: the allied major power enters the war
    pair = sorted((power, enemy))
    begin_war(g, pair)
    s["casus_belli"] = [cb for cb in s["casus_belli"] if sorted(cb) != pair]
    g.log(
        "log.war_declared" if with_cb else "log.war_declared_without_cb",
        power=power,
        target=target,
        rule="declarations_of_war",
    )
    if ally:
        independent.record(s, target, pair, True)  # the minor the war was declared on is in it
        g.log("log.minor_drags_ally", minor=target, power=ally, rule="independent_minors")
    if not with_cb and enemy in s["powers"]:
        deck.deliver_morale(g, power, enemy, "war_without_cb")


def end_alliance(g: Ctx, pair: list[str], why: str) -> None:
    """An alliance ends (21.1 "until war breaks out"; 23: "All wars and alliances are terminated")."""
    s = g.s
    s["alliances"].remove(pair)
    if pair in s.get("lasting_alliances", []):
        s["lasting_alliances"].remove(pair)
    g.log(f"log.alliance_ended.{why}", powers=pair, rule="alliances")
    fleets.revert_strays(g)  # 21.2.3: their combined fleets dissolve (RULINGS AL-11)


def war_key(pair: list[str]) -> str:
    return st.war_key(pair)


def begin_war(g: Ctx, pair: list[str], card: str | None = None, vp: int = 0) -> None:
    """A war breaks out (21.3): the pair joins ``wars`` and its record ``war_records`` (made when first needed)
    keeps what its peace needs — ``order`` (21.5.5: the order the wars broke out), ``card`` (the event that made it,
    or None), ``vp`` (21.3.1: the event's VP to the winner, and the CB events' bonus VP added during the war, 22) and
    ``border_domains`` (21.5.3: each major power's domains that are border areas, 18.5, when the war starts;
    RULINGS P-8)."""
    s, board = g.s, board_of(g)
    if st.allied(s, *pair):  # "allied until war breaks out" (9.4, l. 2003): a war by event ends it (RULINGS AL-3)
        end_alliance(g, pair, "war")
    s["wars"].append(pair)
    if all(p in s["powers"] for p in pair):  # 21.1: the allies of each party are asked
        for partner in pair:
            for ally in st.allies_of(s, partner):
                queue_war_entries(s, ally, partner)
    records = s.setdefault("war_records", {})
    order = max((r["order"] for r in records.values()), default=0) + 1
    domains = {
        p: sorted(a for a in st.possessions(s, p) if a not in board.power(p).home_areas and board.areas[a].border_area)
        for p in pair
        if p in s["powers"]
    }
    records[war_key(pair)] = {"order": order, "card": card, "vp": vp, "border_domains": domains}


def war_record(s: dict, pair: list[str]) -> dict:
    """The war's record (``begin_war``); a war without one (a hand-built position) broke out first, by no card, with
    no VP, and its border domains are read when asked."""
    return s.get("war_records", {}).get(war_key(pair)) or {"order": 0, "card": None, "vp": 0, "border_domains": None}


def add_war_vp(g: Ctx, pair: list[str], vp: int) -> None:
    """22 (l. 1788): "Most 'Casus Belli' events give 1 VP bonus to the wars between two contenders if they appeared
    during the war" — kept in the war's record and paid to its winner at peace (21.5.3)."""
    records = g.s.setdefault("war_records", {})
    key = war_key(pair)
    if key not in records:
        records[key] = {**war_record(g.s, pair), "order": 0}
    records[key]["vp"] += vp


def key_area(board, area: str, a: str, b: str) -> bool:
    """21.3.5 (l. 1674): a key area, or one that counts as such "in wars between them" because it "appears as an
    objective for one of the contenders" (their cards' ``areas`` / ``pass_to_possess`` objectives)."""
    if board.areas[area].key_area:
        return True
    return any(
        area in o.areas for p in (a, b) for o in board.power(p).objectives if o.kind in ("areas", "pass_to_possess")
    )


def key_area_lost(g: Ctx, taker: str, area: str, before: str | None, owner: str | None) -> None:
    """21.3.5 (l. 1674): "Each time a major power (or an allied minor power) loses a key area at the hands of an
    enemy at war" it gives a morale point (the minor's ally gives it); a key area lost to a revolt costs none
    "unless the area is controlled later by an enemy major power" (18.3, l. 1286): its possessor gives it then
    (RULINGS P-15)."""
    s = g.s
    loser = st.side_of(s, before if before else owner)
    if (
        loser is not None
        and loser in s["powers"]
        and taker in s["powers"]
        and deck.at_war(s, loser, taker)
        and key_area(board_of(g), area, loser, taker)
    ):
        deck.deliver_morale(g, loser, taker, "key_area")


def end_war(g: Ctx, pair: list[str]) -> None:
    """21.5.4: "major powers that have just ended a war are in forced peace" until the end of the turn; 18.5: the
    border areas taken in the war outside the taker's interest are returned."""
    s = g.s
    s["wars"].remove(pair)
    s.get("war_records", {}).pop(war_key(pair), None)
    independent.war_over(s, pair)  # 20.5: "neutral until the end of the war"
    g.log("log.war_ended", powers=pair, rule="forced_peace")
    return_border_areas(g, pair)
    if all(p in s["powers"] for p in pair) and pair not in s["forced_peace"]:
        s["forced_peace"].append(pair)


def note_border_control(s: dict, board, power: str, area: str, before: str | None, owner: str | None) -> None:
    """18.5: "During a war, these areas can be controlled normally even if the major power has no interest in that
    theater (as long as it has interest in a connected theater). At the end of the war, however, these areas must
    be returned" — a control taken from an enemy at war in a border area outside the taker's interest is kept in
    ``border_controls`` [area, taker, controller before, owner before, war] (RULINGS AV-5)."""
    pair = sorted((st.side_of(s, power) or power, st.side_of(s, before) or before)) if before else None
    info = s["powers"].get(power)
    if (
        not info
        or pair not in s["wars"]
        or board.areas[area].theater in info["interest"]
        or area in info["interest_areas"]
        or owner == power
    ):
        return
    s.setdefault("border_controls", []).append([area, power, before, owner, pair])


def return_border_areas(g: Ctx, pair: list[str]) -> None:
    """18.5: at the end of the war the border areas of ``border_controls`` still held go back as they were."""
    s = g.s
    kept = []
    for area, taker, before, owner, war in s.get("border_controls", []):
        if war != pair:
            kept.append([area, taker, before, owner, war])
            continue
        info = s["areas"][area]
        if info["control"] == taker:
            info.update(control=before, owner=owner)
            g.log("log.border_returned", power=taker, area=area, to=before, rule="border_areas")
    if "border_controls" in s:
        s["border_controls"] = kept


def war_by_event(s: dict, pair: list[str]) -> None:
    """21.5.4: "if a war between the two major powers should occur again due to a historical event, the forced
    peace ends"."""
    if pair in s["forced_peace"]:
        s["forced_peace"].remove(pair)


def new_turn(s: dict) -> None:
    """21.5.4: the forced peace "lasts until the end of the turn"."""
    s["forced_peace"] = []
