"""Ultima Ratio Regis — 11. Naval actions: naval tactical movement (11.3), naval battles and their results
(13.2.5), piracy and its interception (11.4.3, 11.5), fleets in port (11.6). The naval bases and the operation
distance (11.1) are ``naval_bases.py``'s, squadrons without base (11.1.1) ``without_base.py``'s, the interceptions of
strategic movements and the naval support of land operations (11.4.1, 11.4.2) ``naval_interception.py``'s.

A squadron with a leader leads a fleet (11.2): in its naval tactical movement it takes squadrons of its sea or
port along and, in the destination sea, may leave or absorb squadrons (11.3), within its base's stacking limit
(15.1.2, ``stacking.fleet_limit``).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board, board_of
from engines.ultima_ratio.combat import battles
from engines.ultima_ratio.movement import naval_bases, without_base

if TYPE_CHECKING:
    from engines.ultima_ratio.combat.combat_naval import NavalKind
    from engines.ultima_ratio.combat.forces import Side

# ----- 11.1 Naval bases and naval operation distance -------------------------------------------------------------


# ----- naval combats (13.2 in combat_naval.py) and their results (13.2.5) ----------------------------------------
def start_naval_battle(
    g: Ctx,
    kind: NavalKind,
    attackers: list[str],
    defenders: list[str],
    powers: tuple[str, str],
    in_port: Side | None = None,
    asked_before: tuple[str, ...] = (),
) -> None:
    """Call the naval combat ``kind`` (tactical, interception, support, piracy, 13.2.4) between these squadrons
    (an empty side: an unescorted crossing or an uncontested piracy, where the other needs one battle point);
    the caller's ``resume`` gets the result. ``asked_before``: as ``battles.call``'s."""
    from engines.ultima_ratio.combat.combat_naval import NavalBattle

    s, board = g.s, board_of(g)
    sea = next(
        (st.loc_sea(s["units"][u]["loc"]) for u in [*attackers, *defenders] if st.loc_sea(s["units"][u]["loc"])), None
    )
    battle = NavalBattle(
        kind,
        battles.force(s, board, powers[0], attackers),
        battles.force(s, board, powers[1], defenders),
        in_port=in_port,
        commercial_port=sea is not None and bool(commercial_ports_on(s, board, sea)),
        main_map=sea is None or board.sea_map[sea] == "main",
    )
    g.frame["naval_sides"] = {"attacker": attackers, "defender": defenders}
    battles.call(g, "naval", battle, asked_before, attacker=powers[0], defender=powers[1])


def commercial_ports_on(s: dict, board: Board, sea: str) -> list[str]:
    """13.1.9: the commercial ports of the sea not razed (19.2.4: with no neutralized commerce marker; the
    fortresses of the mini-maps count as commercial ports)."""
    out = []
    for area in board.sea_ports[sea]:
        info = s["areas"].get(area)
        fort = info and info["fortress"]
        if (
            info
            and not info["interrupted"]
            and (board.areas[area].commercial_port or (not st.on_main_map(board, area) and fort and fort["built"]))
        ):
            out.append(area)
    return out


def apply_naval_result(g: Ctx, result: dict) -> str | None:
    """Eliminated squadrons to the box of the turn; damaged ones to their base under repair; the other squadrons
    of the loser retreat to their base (13.2.5); the conscripts' unrest (13.1.9). Returns the winner (a side or
    None)."""
    from engines.ultima_ratio.economy.unrest import change_unrest

    s, board = g.s, board_of(g)
    sides = g.frame.pop("naval_sides")
    for side, unrest in result["unrest"].items():
        if unrest and result["powers"][side] in s["powers"]:
            change_unrest(g, result["powers"][side], unrest, "combat")
    for side in sides:
        for uid in result["eliminated"][side]:
            battles.eliminate(g, uid)
            g.log("log.squadron_eliminated", unit=uid, rule="damaged_fleets")
        for uid in result["damaged"][side]:
            without_base.send_to_base(g, uid, naval_bases.home_port(s, board, uid), repair=True)
        for uid in result["to_base"][side]:
            if st.loc_sea(s["units"][uid]["loc"]):
                without_base.send_to_base(g, uid, naval_bases.home_port(s, board, uid))
    return result["fought"]["winner"] if result["fought"] else None


# ----- 11.3 Naval tactical movement -----------------------------------------------------------------------------


def tactical_seas(g: Ctx, uid: str) -> list[str]:
    """Phase 1: stay in its sea (or, from a port, one of the port's seas) or move to an adjacent sea with a base."""
    s, board = g.s, board_of(g)
    info = s["units"][uid]
    sea = st.loc_sea(info["loc"])
    if sea:
        options = [sea, *board.sea_links[sea]]
    else:
        area = st.loc_area(info["loc"])
        assert area is not None  # a squadron on the map is at sea or in a port
        options = list(board.areas[area].seas)
    return [
        x
        for x in options
        if naval_bases.may_sail(s, board, uid, x) and naval_bases.has_base(s, board, info["power"], x, info["galley"])
    ]


def enemy_fleets(s: dict, board: Board, power: str, sea: str) -> list[str]:
    """11.3 "announces which enemy fleets he wants to attack": each enemy fleet by its flagship, each squadron
    alone (``fleets.acting``)."""
    from engines.ultima_ratio.movement import fleets

    return fleets.acting(
        s,
        board,
        [u for u in st.units_at(s, sea, kind="squadron") if st.hostile(s, power, s["units"][u]["power"])],
    )


def naval_movers(g: Ctx, power: str, first: bool = False) -> list[str]:
    """11.3: operational squadrons with a sea to go to (or stay in), not after a piracy in this impulse (11.5.1).
    ``first``: the first one only (whether there is one)."""
    movers = (u for u in naval_bases.operational(g.s, power) if not naval_bases.pirated(g.s, u) and tactical_seas(g, u))
    return list(itertools.islice(movers, 1) if first else movers)


class NavalMove(Step):
    """11.3: a squadron or fleet moves (or stays), then names the enemy fleets it attacks (each with all its
    squadrons, ``fleets.fleet_of``), one after another while the enemy withdraws or is defeated. Frame: ``power``,
    ``unit``, ``fleet`` (the squadrons with it: a led squadron starts with its fleet as kept, ``fleets.formed``);
    at the end the squadrons in the sea stay a fleet (``fleets.form``, RULINGS A-5)."""

    goes_to = ("naval_response", "combat")

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        from engines.ultima_ratio.logistics import stacking
        from engines.ultima_ratio.movement import armies

        f, s = g.frame, g.s
        if "unit" not in f:
            return text("prompt.naval_unit"), {"unit": naval_movers(g, f["power"])}
        fleet = f.get("fleet", [f["unit"]])
        led = armies.led(s, f["unit"])
        if "sea" not in f:
            legal: dict[str, list] = {
                "sea": [
                    x
                    for x in tactical_seas(g, f["unit"])
                    if len(fleet) == 1
                    or (
                        all(naval_bases.may_sail(s, board_of(g), u, x) for u in fleet)
                        and stacking.fleet_may_be_at(s, board_of(g), f["power"], x, fleet)
                    )
                ]
            }
            if led:  # 11.2: the fleet is assembled where it is
                legal.update(
                    absorb=armies.joinable(g, f["power"], fleet, s["units"][f["unit"]]["loc"]), leave=fleet[1:]
                )
            return text("prompt.naval_sea", unit=f["unit"]), {k: v for k, v in legal.items() if v}
        foes = enemy_fleets(s, board_of(g), f["power"], f["sea"])
        legal = ({"attack": foes} if foes else {}) | {"stop": [None]}
        if led:  # 11.3: "in the destination sea the fleet can leave or absorb"
            room = stacking.fleet_limit(
                s, board_of(g), f["power"], f["sea"], bool(s["units"][f["unit"]]["galley"]), fleet
            ) - len(fleet)
            legal.update(absorb=armies.joinable(g, f["power"], fleet, f["sea"]) if room > 0 else [], leave=fleet[1:])
        return text("prompt.naval_attack", sea=f["sea"]), {k: v for k, v in legal.items() if v}

    def on_unit(self, g: Ctx, role: str, arg: str) -> None:
        from engines.ultima_ratio.movement import fleets

        g.frame["unit"] = arg
        g.frame["fleet"] = fleets.formed(g, g.frame["power"], arg)

    def on_absorb(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["fleet"].append(arg)

    def on_leave(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["fleet"].remove(arg)

    def on_sea(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        for uid in f["fleet"]:
            st.move_unit(g.s, uid, arg)
            g.s["units"][uid]["acted"] = g.s["impulse"]["n"]
        f["sea"] = arg
        g.log("log.naval_move", power=f["power"], unit=f["unit"], sea=arg, rule="naval_tactical_movement")

    def on_attack(self, g: Ctx, role: str, arg: str) -> None:
        """The attacked squadron may withdraw to its base or fight: a player decides (``naval_response``), the
        Emirates fight (RULINGS.md › 9.1 Emirates)."""
        f = g.frame
        f["target"] = arg
        if g.s["units"][arg]["power"] in g.s["powers"]:
            g.call("naval_response", unit=arg, attacker=f["unit"])
            return
        self.resume(g, "fight")

    def resume(self, g: Ctx, result: Any) -> None:
        from engines.ultima_ratio.movement import fleets

        f = g.frame
        if result == "fight":
            powers = (f["power"], g.s["units"][f["target"]]["power"])
            fleet = [u for u in f.get("fleet", [f["unit"]]) if g.s["units"][u]["loc"] == f["sea"]]
            start_naval_battle(
                g,
                "tactical",
                fleet,
                fleets.fleet_of(g.s, board_of(g), f["target"]),
                powers,
                asked_before=("defender",),
            )  # its leaders changed in the response (BX-3)
        elif isinstance(result, dict):
            winner = apply_naval_result(g, result)
            f["fleet"] = [u for u in f.get("fleet", [f["unit"]]) if g.s["units"][u]["loc"] == f["sea"]]
            if winner != "attacker" or st.loc_sea(g.s["units"][f["unit"]]["loc"]) != f["sea"]:
                self._done(g)

    def on_stop(self, g: Ctx, role: str, arg: Any) -> None:
        self._done(g)

    def _done(self, g: Ctx) -> None:
        """The squadrons still in the sea stay a fleet (11.2, ``fleets.form``)."""
        from engines.ultima_ratio.movement import fleets

        f = g.frame
        fleets.form(g, [u for u in f.get("fleet", [f["unit"]]) if g.s["units"][u]["loc"] == f["sea"]])
        g.end("done")


class NavalResponse(Step):
    """11.3: "The attacked fleets can then engage in naval battle, or withdraw to its naval base" (a fleet with all
    its squadrons, ``fleets.fleet_of``); first, at will, his leaders change squadron (17.1, RULINGS L-17.4)."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.s["units"][g.frame["unit"]]["power"])]

    def prompt(self, g: Ctx, role: str):
        legal = {"attach_leader": self._leader_changes(g), "fight": [None], "withdraw": [None]}
        return text("prompt.naval_response", unit=g.frame["unit"], attacker=g.frame["attacker"]), {
            k: v for k, v in legal.items() if v
        }

    def _leader_changes(self, g: Ctx) -> list[list[str]]:
        """17.1 "or to a squadron of the fleet ... at any time" in the attacker's impulse (RULINGS L-17.4): each of
        the power's leaders once, between the fleet attacked and the power's other squadrons of its sea (into it, or
        out of it to stay when it withdraws; a kept fleet's only leader stays aboard, FK-2)."""
        from engines.ultima_ratio.leaders import leader_flow
        from engines.ultima_ratio.movement import fleets

        s, uid = g.s, g.frame["unit"]
        attacked = fleets.fleet_of(s, board_of(g), uid)
        return leader_flow.changes_near(
            s,
            board_of(g),
            s["units"][uid]["power"],
            attacked,
            g.frame.get("attached", []),
            across=dict.fromkeys(attacked, "attacked"),
        )

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "attach_leader":
            return text("act.attach_leader", leader=arg[0], unit=arg[1])
        return text(f"act.naval_{verb}")

    def on_attach_leader(self, g: Ctx, role: str, arg: list) -> None:
        """17.1: at no cost, each leader once at this moment (RULINGS L-12)."""
        from engines.ultima_ratio.leaders import leader_flow

        g.frame.setdefault("attached", []).append(arg[0])
        leader_flow.change_unit(g, arg[0], arg[1])

    def on_fight(self, g: Ctx, role: str, arg: Any) -> None:
        g.end("fight")

    def on_withdraw(self, g: Ctx, role: str, arg: Any) -> None:
        from engines.ultima_ratio.movement import fleets

        for uid in fleets.fleet_of(g.s, board_of(g), g.frame["unit"]):
            without_base.send_to_base(g, uid, naval_bases.home_port(g.s, board_of(g), uid))
        g.end("withdrew")


# ----- 11.6 Fleets in port ------------------------------------------------------------------------------------------
def to_sea_moves(g: Ctx, power: str) -> list[list[str]]:
    """At the start of the impulse, operational squadrons in port may go to an adjacent sea (no action)."""
    s, board = g.s, board_of(g)
    out = []
    for u in naval_bases.operational(s, power):
        area = st.loc_area(s["units"][u]["loc"])
        if area:
            for sea in board.areas[area].seas:
                if naval_bases.may_sail(s, board, u, sea) and naval_bases.has_base(
                    s, board, power, sea, s["units"][u]["galley"]
                ):
                    out.append([u, sea])
    return out


# ----- 11.5 Piracy and privateering, 11.4.3 Interception against piracy --------------------------------------------
def piracy_centers(s: dict, board: Board, sea: str, victim: str) -> list[str]:
    """11.5.1: the trade centers adjacent to the sea where the victim has a merchant (river trade cannot be
    attacked, 19.2.1)."""
    return [
        tc.id
        for tc in board.map.trade_centers
        if sea in tc.seas and not tc.river_trade and s["merchants"].get(tc.id, {}).get(victim, 0)
    ]


def piracy_interceptors(g: Ctx, victim: str, sea: str) -> list[str]:
    """11.4.3: one operational squadron of the victim in that sea, or in a port of this sea (18.6.3: a strategic
    port's two seas as one, ``intercept_seas``)."""
    s = g.s
    return [u for u in naval_bases.operational(s, victim) if sea in naval_bases.intercept_seas(s, board_of(g), u)]


class Piracy(Step):
    """11.5.2: the attacked power may intercept with one squadron (in port: a disadvantage); a combat of one die
    each follows, or, without interception, the pirate needs one battle point. A winning pirate lowers its unrest
    by the victim's merchants in the center and raises the victim's as much; the victim may then eliminate one of
    its merchants there."""

    goes_to = ("combat",)

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["victim"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        if f.get("won"):
            return text("prompt.piracy_merchant", center=f["center"]), {
                "eliminate_merchant": [f["center"]],
                "keep": [None],
            }
        own = piracy_interceptors(g, f["victim"], f["sea"])
        return text("prompt.piracy", pirate=f["pirate"], sea=f["sea"]), ({"intercept": own} if own else {}) | {
            "no_interception": [None]
        }

    def on_intercept(self, g: Ctx, role: str, arg: str) -> None:
        f = g.frame
        in_port = st.loc_area(g.s["units"][arg]["loc"]) is not None
        start_naval_battle(
            g,
            "piracy",
            [f["pirate"]],
            [arg],
            (g.s["units"][f["pirate"]]["power"], f["victim"]),
            in_port="defender" if in_port else None,
        )

    def on_no_interception(self, g: Ctx, role: str, arg: Any) -> None:
        f = g.frame
        start_naval_battle(g, "piracy", [f["pirate"]], [], (g.s["units"][f["pirate"]]["power"], f["victim"]))

    def resume(self, g: Ctx, result: Any) -> None:
        self._after(g, apply_naval_result(g, result) == "attacker")

    def _after(self, g: Ctx, won: bool) -> None:
        from engines.ultima_ratio.economy.unrest import change_unrest

        f, s = g.frame, g.s
        g.s["units"][f["pirate"]]["pirated"] = s["impulse"]["n"]
        if not won:
            g.log("log.piracy_failed", unit=f["pirate"], rule="piracy")
            g.end(None)
            return
        count = s["merchants"][f["center"]][f["victim"]]
        pirate_power = s["units"][f["pirate"]]["power"]
        g.log("log.piracy_won", unit=f["pirate"], center=f["center"], count=count, rule="piracy")
        if pirate_power in s["powers"]:
            change_unrest(g, pirate_power, -count, "piracy")
        change_unrest(g, f["victim"], count, "piracy")
        f["won"] = True

    def on_eliminate_merchant(self, g: Ctx, role: str, arg: str) -> None:
        present = g.s["merchants"][arg]
        present[g.frame["victim"]] -= 1
        if not present[g.frame["victim"]]:
            del present[g.frame["victim"]]
        g.log("log.merchant_removed", power=g.frame["victim"], center=arg, rule="piracy")
        g.end(None)

    def on_keep(self, g: Ctx, role: str, arg: Any) -> None:
        g.end(None)


STEPS = {"naval_move": NavalMove(), "naval_response": NavalResponse(), "piracy": Piracy()}
