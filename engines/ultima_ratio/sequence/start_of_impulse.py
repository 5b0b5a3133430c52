"""Ultima Ratio Regis — 8.2.2 "Start of impulse" (the free moves before the impulse's actions: fleets out of port,
a card's or 8.2.3's free regroup or redeployment, sorties, the leader swap) and the free moves of the whole impulse
shared by its three steps (17.1 a leader changing unit, 11.2 fleets assembled or disassembled: ``FreeMoves``). The
impulse itself is ``impulse.py``'s."""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.actions import regroup
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.combat import battles, land_battles
from engines.ultima_ratio.diplomacy import alliances, combined_fleets, peace
from engines.ultima_ratio.leaders import leader_flow
from engines.ultima_ratio.movement import fleets, naval, strategic_movement


def attach_offer(g: Ctx, role: str) -> dict[str, list]:
    """17.1 (RULINGS L-12): the player's leaders may change unit within their stacks at every moment of his impulse
    — once each between two other moves (two changes in a row are one); 11.2 (RULINGS FK-5): so may his fleets in
    one sea be assembled or disassembled (``fleets.assembly``), each squadron once between two other moves; 21.2.3:
    an ally's squadrons added to his fleets, combined fleets dissolved (``combined_fleets.offer``)."""
    done = g.frame.get("attached", [])
    powers = st.powers_of(g.s, role)
    changes = [c for p in powers for c in leader_flow.unit_changes(g.s, p, done)]
    board = board_of(g)
    return (
        ({"attach_leader": changes} if changes else {})
        | fleets.assembly(g.s, board, powers, done)
        | combined_fleets.offer(g.s, board, role, [*done, *g.frame.get("combine_asked", [])])
    )


# the free moves of the impulse (17.1, 11.2, 21.2.3)
FREE_VERBS = ("attach_leader", "join_fleet", "leave_fleet", "combine_fleet", "dissolve_fleet")


class FreeMoves:
    """The handlers of the impulse's free moves, shared by its three steps (start, actions, end): a leader changes
    unit (17.1) and fleets are assembled or disassembled (11.2), each thing once between two other moves."""

    def on_attach_leader(self, g: Ctx, role: str, arg: list) -> None:
        g.frame.setdefault("attached", []).append(arg[0])
        was_on = g.s["units"].get(g.s["leaders"][arg[0]]["unit"])
        if was_on and st.acted_this_impulse(g.s, g.s["leaders"][arg[0]]["unit"]):
            g.s["impulse"].setdefault("leaders_moved", []).append(arg[0])  # 12.3.1 (``landings.landers``)
        leader_flow.change_unit(g, arg[0], arg[1])

    def on_join_fleet(self, g: Ctx, role: str, arg: list) -> None:
        g.frame.setdefault("attached", []).append(arg[0])
        fleets.join(g.s, board_of(g), arg[0], arg[1])
        g.log("log.fleet_joined", unit=arg[0], flagship=arg[1], rule="fleet_formation")

    def on_leave_fleet(self, g: Ctx, role: str, arg: list) -> None:
        g.frame.setdefault("attached", []).append(arg[0])
        fleets.release(g.s, arg)
        g.log("log.fleet_left", unit=arg[0], rule="fleet_formation")
        fleets.revert_strays(g)  # 21.2.3: an ally's squadron leaving goes back to its power

    def on_combine_fleet(self, g: Ctx, role: str, arg: list) -> None:
        """21.2.3: an ally's squadron joins the player's fleet, with the ally's consent."""
        g.frame.setdefault("attached", []).append(arg[0])
        g.frame.setdefault("combine_asked", []).append(arg[0])  # asked once in this part of the impulse (AL-11)
        combined_fleets.ask(g, role, arg[0], arg[1])

    def on_dissolve_fleet(self, g: Ctx, role: str, arg: str) -> None:
        """21.2.3: "A combined fleet may be dissolved by any of the major powers whose units form the fleet"."""
        g.frame.pop("attached", None)
        fleets.dissolve(g, arg, "will")


def free_label(verb: str, arg: Any):
    """The labels of the free moves of the impulse (17.1 leaders, 11.2 fleets), or None for another verb."""
    if verb == "attach_leader":
        return text("act.attach_leader", leader=arg[0], unit=arg[1])
    if verb == "join_fleet":
        return text("act.join_fleet", unit=arg[0], flagship=arg[1])
    if verb == "leave_fleet":
        return text("act.leave_fleet", unit=arg[0])
    if verb == "combine_fleet":
        return text("act.combine_fleet", unit=arg[0], flagship=arg[1])
    if verb == "dissolve_fleet":
        return text("act.dissolve_fleet", flagship=arg)
    return None


class StartOfImpulse(FreeMoves, Step):
    """8.2.2 "Start of impulse", at no cost: operational squadrons in port may go to an adjacent sea (11.6); a
    power whose card says so regroups a troop, and a player without cards gives each of its powers at war one free
    troop regrouping or strategic redeployment (8.2.3, ``free_actions``); besieged troops may make a sortie (13.3.1, ``land_battles.Sortie``), once per fortress; each power
    may swap two of its leaders, neither besieged (once); leaders change unit within their stacks (17.1,
    ``attach_offer``); a power that lost half of its morale may open peace negotiations (21.4.1, ``open_peace``);
    a power may declare an alliance a scenario rule permits (21.1, ``ally``: ``alliances.py``). Done: the impulse goes on to ``power_actions``."""

    goes_to = (
        "regroup_troop",
        "strategic_move",
        "sortie",
        "dispersion_box",
        "peace_negotiations",
        "forced_negotiations",
        "alliance_consent",
        "war_entry",
        "combined_fleet_consent",
        "power_actions",
    )

    def active(self, g: Ctx) -> list[str]:
        return [g.frame["seat"]]

    def prompt(self, g: Ctx, role: str):
        moves = [m for p in st.powers_of(g.s, role) for m in naval.to_sea_moves(g, p)]
        legal: dict[str, list] = {"to_sea": moves} if moves else {}
        free = free_actions(g, role)
        if free:
            legal["free"] = free
        f = g.frame
        mine = st.powers_of(g.s, role)
        sorties = [[p, a] for p in mine for a in land_battles.sortie_areas(g, p) if a not in f.get("sorties", [])]
        swaps = [pair for p in mine if p not in f.get("swapped", []) for pair in leader_flow.swaps(g.s, p)]
        legal.update({k: v for k, v in (("sortie", sorties), ("swap_leaders", swaps)) if v})
        offers = peace.voluntary_offers(g, role)  # 21.4.1: [power, enemy]
        if offers:
            legal["open_peace"] = offers
        pairs = [] if f.get("alliance_declared") else alliances.permitted(g.s, role)  # 21.1: [power, other]
        if pairs:
            legal["ally"] = pairs
        legal.update(attach_offer(g, role))
        legal["done"] = [None]
        return text("prompt.start_of_impulse"), legal

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "to_sea":
            return text("act.to_sea", unit=arg[0], sea=arg[1])
        if verb == "free":
            return text(f"act.free.{arg[1]}", power=arg[0])
        if verb == "sortie":
            return text("act.sortie", power=arg[0], area=arg[1])
        if verb == "swap_leaders":
            return text("act.swap_leaders", a=arg[0], b=arg[1])
        if verb == "open_peace":
            return text("act.open_peace", power=arg[0], enemy=arg[1])
        if verb == "ally":
            return text("act.ally", power=arg[0], other=arg[1])
        if verb in FREE_VERBS:
            return free_label(verb, arg)
        return text("act.done_start")

    def on_to_sea(self, g: Ctx, role: str, arg: list) -> None:
        g.frame.pop("attached", None)
        st.move_unit(g.s, arg[0], arg[1])
        g.log("log.to_sea", unit=arg[0], sea=arg[1], rule="fleets_in_port")

    def on_free(self, g: Ctx, role: str, arg: list) -> None:
        power, action = arg
        f = g.frame
        if (
            action == "regroup_troop"
            and power not in f.get("card_regroup_used", [])
            and free_regroup(board_of(g), power)
        ):
            f.setdefault("card_regroup_used", []).append(power)  # the card's own regroup first (AU-2)
            g.log("log.free_regroup_card", power=power, rule="impulse")
        else:
            f.setdefault("free_used", []).append(power)
            g.log("log.free_action", power=power, action=action, rule="players_without_cards")
        g.call(action, power=power, **({"path": []} if action == "strategic_move" else {}))

    def on_sortie(self, g: Ctx, role: str, arg: list) -> None:
        g.frame.setdefault("sorties", []).append(arg[1])
        g.call("sortie", power=arg[0], area=arg[1])

    def on_open_peace(self, g: Ctx, role: str, arg: list) -> None:
        """21.4.1: the power opens peace negotiations with the enemy it chose, at the start of its impulse."""
        g.frame.pop("attached", None)
        peace.open_negotiations(g, arg[0], arg[1], requester=arg[0], why="voluntary")

    def on_ally(self, g: Ctx, role: str, arg: list) -> None:
        """21.1: the player declares the alliance at the beginning of his impulse; the other power acquiesces."""
        g.frame.pop("attached", None)
        g.frame["alliance_declared"] = True  # "he may declare that one of his major powers is allied" (AL-1)
        if not alliances.propose(g, arg[0], arg[1], "impulse"):
            self.resume(g, None)

    def on_swap_leaders(self, g: Ctx, role: str, arg: list) -> None:
        g.frame.pop("attached", None)
        g.frame.setdefault("swapped", []).append(g.s["leaders"][arg[0]]["power"])
        leader_flow.swap(g, arg[0], arg[1])

    def resume(self, g: Ctx, result: Any) -> None:
        """After each free move, the box of a troop dispersed in a border area during it (a sortie's loser, 18.5,
        RULINGS AV-10 / BX-1) is asked at once, and the allies of a power at war announce whether they enter
        it (21.1, RULINGS AL-4) and a power that must negotiate peace does (21.4.2, RULINGS P-10)."""
        g.frame.pop("attached", None)
        fleets.revert_strays(g)  # 21.2.3 (RULINGS AL-11)
        choice = battles.box_choice(g)
        if choice:
            g.call("dispersion_box", **choice)
            return
        if not alliances.ask_war_entry(g):
            peace.ask_forced(g)

    def on_done(self, g: Ctx, role: str, arg: Any) -> None:
        """The start of the impulse is over: the power actions (8.2.2)."""
        g.goto("power_actions", seat=g.frame["seat"])


def free_actions(g: Ctx, seat: str) -> list[list[str]]:
    """8.2.2 start of impulse: "Under certain circumstances, some major powers may regroup a troop": a power whose
    card allows it (``free_regroup``: the Crimean horde) regroups one dispersed troop at no cost; 8.2.3: "if a player
    without cards has major powers at war, each of these powers has one free troop regrouping or strategic
    redeployment at the beginning of the impulse". The two add up (``on_free`` uses the card's first, RULINGS AU-2)."""
    s, b = g.s, board_of(g)
    no_cards = not s["cards"]["hands"].get(seat)
    out = []
    for power in st.powers_of(s, seat):
        at_war = no_cards and power not in g.frame.get("free_used", []) and any(power in pair for pair in s["wars"])
        card = power not in g.frame.get("card_regroup_used", []) and free_regroup(b, power)
        if (at_war or card) and regroup.regroupable(g, power):
            out.append([power, "regroup_troop"])
        if at_war and strategic_movement.movable(g, power, first=True):
            out.append([power, "strategic_move"])
    return out


def free_regroup(board, power: str) -> bool:
    """The power card's free regroup at the start of each impulse (8.2.2; Crimea, ``abilities``)."""
    return any(a.kind == "free_regroup" for a in board.power(power).abilities)
