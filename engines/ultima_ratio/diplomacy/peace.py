"""Ultima Ratio Regis — 21.4 Peace and 21.5 Peace negotiations in the flow.

Opening (21.4): voluntarily at the start of the power's impulse when it lost at least half of its morale to the
powers it is at war with (``voluntary_offers``, the ``open_peace`` verb of ``start_of_impulse``, 21.4.1); forced
when it has no morale point left or lost the control of its last possession (``forced_due``, asked after the action
or free move in progress — RULINGS P-10 — by ``forced_negotiations``, 21.4.2); by an event card (``events.py``'s
``peace``); and at the end of the turn, a truce (``turn_end``), in 21.5.5's order (``negotiation_order``).

The negotiation, named steps chained by ``g.goto`` (frame: ``pair``, ``requester`` or None, ``why``):
``peace_negotiations`` (21.5, 21.5.1 war status, 21.5.2 unrest: ``peace_negotiations.py``'s pure rules) →
``peace_conditions`` (21.5.3, the winner's reparations: ``peace_conditions.py``) → ``peace_restitution`` (21.5.3:
the war's special VP, enemy areas returned, troops repatriated through ``repatriation_flow.repatriate``, 14; then
the forced peace, 21.5.4, ``war.end_war``), which ends the frame.
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.cards import deck
from engines.ultima_ratio.diplomacy import collapse, minor_status, war
from engines.ultima_ratio.diplomacy.peace_negotiations import WarSide, adjust_unrest, adjust_war_status
from engines.ultima_ratio.economy.unrest import change_unrest
from engines.ultima_ratio.logistics import repatriation_flow

WHY = ("voluntary", "forced", "event", "truce")


# ----- 21.4 opening negotiations ------------------------------------------------------------------------------------
def enemies(s: dict, power: str) -> list[str]:
    """The major powers at war with ``power`` (wars against minors are chapter 20's)."""
    return sorted(p for pair in s["wars"] if power in pair for p in pair if p != power and p in s["powers"])


def lost_morale(s: dict, power: str) -> int:
    """21.4.1: the morale points ``power`` lost "at the hands of the major powers it is at war with"."""
    given = s.get("morale", {}).get(power, {})
    return sum(n for enemy, n in given.items() if deck.at_war(s, power, enemy))


def voluntary_offers(g: Ctx, seat: str) -> list[list[str]]:
    """21.4.1: [power, enemy] for each power of the seat that "lost at least half of its morale points at the hands
    of the major powers it is at war with", with any of those enemies ("Sometimes it is more interesting to do so
    with a major power you are winning the war against")."""
    s, board = g.s, board_of(g)
    out = []
    for power in st.powers_of(s, seat):
        if collapse.collapsing(s, power):  # 21.6: "cannot end the war voluntarily"
            continue
        foes = [e for e in enemies(s, power) if not collapse.collapsing(s, e)]
        if foes and 2 * lost_morale(s, power) >= board.power(power).vitality:
            out += [[power, enemy] for enemy in foes]
    return out


def forced_due(g: Ctx) -> dict | None:
    """21.4.2: a major power at war that has given its last morale point, or lost the control of its last
    possession, must open negotiations — with an enemy holding its morale (to "recover at least 1 morale point"),
    or, for its possessions, with an enemy controlling one of them (RULINGS P-11). None if no power must."""
    s, board = g.s, board_of(g)
    if not any(all(p in s["powers"] for p in pair) for pair in s["wars"]):
        return None
    for power in sorted(s["powers"]):
        foes = enemies(s, power)
        if not foes:
            continue
        if collapse.collapsing(s, power):  # 21.6: with every enemy, "even if it was winning"
            return {"power": power, "enemies": foes, "cause": "collapse"}
        given = s.get("morale", {}).get(power, {})
        if deck.morale_left(s, board, power) <= 0:
            holders = [e for e in foes if given.get(e, 0) > 0]
            if holders:
                return {"power": power, "enemies": holders, "cause": "morale"}
        held = st.possessions(s, power)
        if held and not any(s["areas"][a]["control"] == power for a in held):
            takers = [e for e in foes if any(s["areas"][a]["control"] == e for a in held)]
            if takers:
                return {"power": power, "enemies": takers, "cause": "possessions"}
    return None


def negotiation_order(s: dict) -> list[list[str]]:
    """21.5.5 at the end of the turn: the wars that came by card first, in their order of appearance (a card's
    contenders in their printed order), then the others in the order they broke out (``war.begin_war``)."""
    pairs = [pair for pair in s["wars"] if all(p in s["powers"] for p in pair)]
    return sorted(pairs, key=lambda pair: (war.war_record(s, pair)["card"] is None, war.war_record(s, pair)["order"]))


def open_negotiations(g: Ctx, power: str, enemy: str, requester: str | None, why: str) -> None:
    """The negotiations of ``power`` and ``enemy`` as a call of the current step (it names ``peace_negotiations``
    in its ``goes_to``); its ``resume`` (if any) gets None when the war has ended."""
    g.log(f"log.peace_opened.{why}", power=power, enemy=enemy, rule="peace")
    g.call("peace_negotiations", pair=sorted((power, enemy)), requester=requester, why=why)


class ForcedNegotiations(Step):
    """21.4.2: "At this moment the game is stopped and a period of peace negotiations begins": the power's player
    chooses the enemy (``negotiate`` [power, enemy]); "it is not mandatory to enter negotiations with the major power
    that has received the last point". Frame: ``power``, ``enemies``, ``cause`` (``morale`` / ``possessions``)."""

    goes_to = ("peace_negotiations",)

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        legal = {"negotiate": [[f["power"], e] for e in f["enemies"]]}
        return text(f"prompt.forced_negotiations.{f['cause']}", power=f["power"]), legal

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text("act.negotiate", power=arg[0], enemy=arg[1])

    def on_negotiate(self, g: Ctx, role: str, arg: list) -> None:
        power, enemy = arg
        g.log(f"log.peace_opened.forced_{g.frame['cause']}", power=power, enemy=enemy, rule="forced_negotiations")
        requester = None if g.frame["cause"] == "collapse" else power  # 21.6: no one asked (RULINGS AL-9)
        g.goto("peace_negotiations", pair=sorted((power, enemy)), requester=requester, why="forced")


def ask_forced(g: Ctx) -> bool:
    """21.4.2 after an action or free move (RULINGS P-10): call ``forced_negotiations`` if a power must negotiate;
    True if it did (the caller names it in its ``goes_to`` and asks again when it resumes). When none must, the
    morale points owed by a power that had none left are delivered (``pay_owed``), which may force it again; those
    still owed with no negotiation to come are dropped (21.3.4: "A major power cannot run out of morale points")."""
    with st.reading(g.s):  # a question only: every power's possessions found in one pass
        due = forced_due(g)
    if due is None and pay_owed(g):
        with st.reading(g.s):
            due = forced_due(g)
    if due is None:
        g.s.pop("morale_owed", None)
        return False
    g.call("forced_negotiations", **due)
    return True


def pay_owed(g: Ctx) -> bool:
    """21.5.1 (l. 1734): after the negotiations "the impulse resumes", and a morale point the power owed (it had none
    left, ``deck.deliver_morale``) is "one of its newly recovered morale", given now if it is still at war with the
    receiver (at peace, that part of the action is "affected by the outcome of the negotiation", l. 1705: no point).
    The points it cannot give yet stay owed, in order. True if a point was delivered."""
    s, board = g.s, board_of(g)
    owed = s.pop("morale_owed", [])
    paid = False
    for n, (loser, winner, reason) in enumerate(owed):
        if loser not in s["powers"] or winner not in s["powers"] or not deck.at_war(s, loser, winner):
            continue
        if deck.morale_left(s, board, loser) <= 0:
            s["morale_owed"] = owed[n:]
            break
        deck.deliver_morale(g, loser, winner, reason)
        paid = True
    return paid


# ----- 21.5 negotiations ----------------------------------------------------------------------------------------------
def with_allied_minors(s: dict, power: str) -> set[str]:
    """A major power and the minor powers allied with it ("for most purposes they count as extensions of the major
    power", Glossary "Minor"; RULINGS P-16)."""
    return {power} | {m for m, info in s["minors"].items() if info.get("ally") == power}


def taken_areas(s: dict, board, loser: str, taker: str) -> tuple[int, int]:
    """21.5.1: the possessions of the loser and of its allied minors that the taker or its allied minors control,
    not key areas nor the objectives of either contender ("key areas, or those that count as key areas for being
    objectives, are not taken into account"): (main map, mini-maps). RULINGS P-1, P-16."""
    losers, takers = with_allied_minors(s, loser), with_allied_minors(s, taker)
    main = colonies = 0
    for area, info in s["areas"].items():
        if info["owner"] not in losers or info["control"] not in takers:
            continue
        if war.key_area(board, area, loser, taker):
            continue
        if board.areas[area].mini_map:
            colonies += 1
        else:
            main += 1
    return main, colonies


def war_side(s: dict, board, power: str, other: str) -> WarSide:
    main, colonies = taken_areas(s, board, power, other)
    return WarSide(
        power,
        vitality=board.power(power).vitality,
        own_left=deck.morale_left(s, board, power),
        taken=s.get("morale", {}).get(other, {}).get(power, 0),
        areas_lost=main,
        colonies_lost=colonies,
    )


class PeaceNegotiations(Step):
    """21.5: the war status is adjusted (21.5.1, ``adjust_war_status``: the areas' differential, the requester's
    point — none in a truce or a peace by event, RULINGS P-3), the unrest too (21.5.2, ``adjust_unrest``); the
    winner is the power with a favourable war march ("In case of a tie, neither wins") and chooses as many peace
    conditions as the difference (``peace_conditions``); a draw goes on to ``peace_restitution``."""

    goes_to = ("peace_conditions", "peace_restitution")

    def auto(self, g: Ctx) -> None:
        s, f, board = g.s, g.frame, board_of(g)
        a, b = f["pair"]
        status = adjust_war_status(war_side(s, board, a, b), war_side(s, board, b, a), f["requester"])
        for d in status.deliveries:
            g.log(
                f"log.peace_morale.{d.how}",
                giver=d.giver,
                receiver=d.receiver,
                reason=d.why,
                rule="adjusting_war_status",
            )
        g.log("log.war_status", a=a, b=b, taken_a=status.taken[a], taken_b=status.taken[b], rule="adjusting_war_status")
        if status.capped:
            loser = status.loser or a
            g.log(
                "log.war_status_capped", loser=loser, vitality=board.power(loser).vitality, rule="adjusting_war_status"
            )
        for power, amount in adjust_unrest(status).items():
            if amount:
                change_unrest(g, power, amount, "peace")
        local = {k: v for k, v in f.items() if k != "step"}
        if status.winner is None:
            g.log("log.peace_draw", powers=f["pair"], rule="peace_negotiations")
            g.goto("peace_restitution", **local, winner=None, loser=None)
            return
        g.log(
            "log.peace_won", winner=status.winner, loser=status.loser, margin=status.margin, rule="peace_negotiations"
        )
        g.goto("peace_conditions", **local, winner=status.winner, loser=status.loser, left=status.margin, chosen=[])


def enemy_sides(s: dict, pair: list[str], owner: str | None, holder: str | None) -> bool:
    """Whether an area of ``owner`` held (controlled, besieged) by ``holder`` is an enemy area of the war ``pair``:
    the two fight for the two powers of the pair — a power or a minor allied with it, "extensions of the major
    power" (Glossary "Minor"; RULINGS P-16)."""
    a, b = st.side_of(s, owner), st.side_of(s, holder)
    return a in pair and b in pair and a != b


def returns(g: Ctx, pair: list[str], loser: str | None = None) -> None:
    """21.5.3: "both players return the control of any enemy areas they still controlled" (the conditions' cessions
    are possessions of the winner already) — their allied minors' areas too (21.5, l. 1717: "Conquered territories
    not included in the peace conditions are returned"); a siege of the other's area is lifted. 21.6: a collapsing
    ``loser`` "does not recover the areas controlled by the winner, but these pass directly as its possessions"."""
    s = g.s
    for area, info in s["areas"].items():
        if collapse.collapsing(s, loser) and info["owner"] == loser and info["control"] in pair:
            info["owner"] = info["control"]
            g.log("log.collapse_area_kept", power=info["control"], area=area, loser=loser, rule="collapse")
        elif enemy_sides(s, pair, info["owner"], info["control"]):
            g.log("log.peace_returned", power=info["control"], area=area, owner=info["owner"], rule="peace_conditions")
            info["control"] = info["owner"]
        siege = info["siege"]
        if siege and enemy_sides(s, pair, info["owner"], siege["besieger"]):
            info["siege"] = None


def to_repatriate(g: Ctx, f: dict) -> list[list]:
    """21.5.3: the units (troops, squadrons in port, fortresses) of each side in the other side's areas — a side is
    a power of the pair and the minors allied with it (``enemy_sides``), so the allied minors' units go home too
    (RULINGS G4-1); and the units of third powers (and of their allied minors) in the areas ceded to the winner, if
    they are not at war with it ("If they are not at war, repatriation is mandatory"; at war they stay, RULINGS
    P-12). [[party, units]] in order: the two major powers' first, then the minors' (each moved by its ally's
    player, 20.2)."""
    s = g.s
    pair = f["pair"]
    ceded = {t for kind, t in f.get("chosen", []) if kind in ("cede_conquered", "cede_border")}
    todo: dict[str, list[str]] = {}
    for uid, info in sorted(s["units"].items()):
        area = st.loc_area(info["loc"])
        if area is None or area not in s["areas"]:
            continue
        owner, party = s["areas"][area]["owner"], info["power"]
        side = st.side_of(s, party)
        if side is None or side not in s["powers"]:
            continue
        if (side in pair and enemy_sides(s, pair, owner, party)) or (
            area in ceded and side not in pair and not deck.at_war(s, side, f["winner"])
        ):
            todo.setdefault(party, []).append(uid)
    for area, info in sorted(s["areas"].items()):
        fort = info["fortress"]
        if fort and st.side_of(s, fort["power"]) in pair and enemy_sides(s, pair, info["owner"], fort["power"]):
            todo.setdefault(fort["power"], []).insert(0, repatriation_flow.FORTRESS + area)
    return [[p, todo[p]] for p in sorted(todo, key=lambda p: p not in s["powers"])]


class PeaceRestitution(Step):
    """21.5.3 after the conditions: "The winning major power will also win any special VPs in the war" (the war's
    record: the event's VP, 21.3.1, and the CB events' bonus, 22); the enemy areas are returned (``returns``) and the
    troops repatriated (14., ``repatriation_flow.repatriate``, one power at a time: ``todo``); then the two powers
    recover their morale (21.3.4) and the forced peace begins (21.5.4, ``war.end_war``). Ends the negotiation."""

    goes_to = ("repatriation", "minor_neutral")

    def auto(self, g: Ctx) -> None:
        s, f = g.s, g.frame
        pair = f["pair"]
        if "todo" not in f:
            winner = f["winner"]
            vp = war.war_record(s, pair)["vp"]
            if winner and vp:
                seat = st.seat_of(s, winner)
                s["seats"][seat]["vp"] += vp
                g.log("log.vp", seat=seat, amount=vp, vp=s["seats"][seat]["vp"], reason="war", rule="peace_conditions")
            returns(g, pair, f["loser"])
            f["todo"] = to_repatriate(g, f)
        while f["todo"]:
            power, units = f["todo"].pop(0)
            units = [u for u in units if u.startswith(repatriation_flow.FORTRESS) or u in s["units"]]
            if units:
                g.log("log.peace_repatriation", power=power, count=len(units), rule="peace_conditions")
                repatriation_flow.repatriate(g, power, units)
                return
        if not f.get("signed"):
            book = s.get("morale", {})
            for x, y in (pair, pair[::-1]):  # 21.3.4: "With peace, major powers recover all lost morale points"
                book.get(x, {}).pop(y, None)
            g.log("log.peace_signed", powers=pair, rule="peace")
            war.end_war(g, pair)
            f["signed"] = True
        for power in pair:  # 21.6: "Once at peace with all its enemies, ... rest in peace!"
            if collapse.collapsing(s, power) and not collapse.at_war_with_majors(s, power):
                if minor_status.neutral_allies(g, power):  # "Any allied minor powers are now neutral" (20.4.1)
                    return
                collapse.rest_in_peace(g, power)
        g.end(None)


STEPS = {
    "forced_negotiations": ForcedNegotiations(),
    "peace_negotiations": PeaceNegotiations(),
    "peace_restitution": PeaceRestitution(),
}
