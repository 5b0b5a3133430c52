"""Ultima Ratio Regis — 11.4 Naval interception: interception of troop strategic movements (11.4.1: the enemy
powers announce their interceptors, the moving power names an escort and picks whom it fights, one combat after
another while it is not beaten) and interception to support troop tactical operations (11.4.2: the powers at war
announce which side their fleet in an adjacent sea supports; when both sides are supported, one fleet of each
fights first). The combats are 13.2's (``naval.start_naval_battle``).

Interception against piracy (11.4.3) is part of the piracy action (``naval.Piracy``). Interceptors, escorts and
supporters are fleets as kept between operations (``fleets.py``, RULINGS A-5): each fleet is offered by its
flagship and fights with all its squadrons in the sea; a squadron in no fleet acts alone. A landing's escort fleet
(12.3.1) fights as one.
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.movement import fleets
from engines.ultima_ratio.movement.naval import apply_naval_result, start_naval_battle
from engines.ultima_ratio.movement.naval_bases import intercept_seas, operational
from engines.ultima_ratio.scenarios.base import scenario_of


# ----- 11.4.1 Interception of troop strategic movements ---------------------------------------------------------
def strategic_interceptors(g: Ctx, power: str, sea: str, target: str | None) -> list[str]:
    """The enemy fleets that may intercept a troop entering ``sea`` by strategic movement (or on the way to an
    amphibious landing on ``target``): the operational fleets and squadrons in the sea of the players' powers at
    war with the mover (by flagship, ``fleets.acting``), who announce whether they intercept (``SeaInterception``),
    and those of automata, which always do (the 9.1 Emirates intercept only attacks on their area, l. 1930)."""
    s, b = g.s, board_of(g)
    players = fleets.acting(
        s,
        b,
        [
            u
            for p in sorted(s["powers"])
            if p != power and st.hostile(s, power, p)
            for u in operational(s, p)
            if intercepts_in(s, b, u, sea)
        ],
    )
    return players + scenario_of(g).interceptors(g, power, sea, target)


def intercepts_in(s: dict, board, uid: str, sea: str) -> bool:
    """A squadron at sea may intercept a strategic movement entering ``sea``: there, or in the other sea of a
    strategic port it is based in (18.6.3, ``naval_bases.intercept_seas``)."""
    return bool(st.loc_sea(s["units"][uid]["loc"])) and sea in intercept_seas(s, board, uid)


def escorts(g: Ctx, power: str, sea: str) -> list[str]:
    """11.4.1 "one of its fleets (or a squadron)": own operational fleets (by flagship) and squadrons in the sea."""
    return fleets.acting(g.s, board_of(g), [u for u in operational(g.s, power) if g.s["units"][u]["loc"] == sea])


class SeaInterception(Step):
    """11.4.1 "Procedure": each enemy player's power announces the squadron it intercepts with, or none (an
    automaton's always intercepts); the moving power may name an escort among its squadrons in the sea; then it
    picks the interceptor it fights (two dice), and the next one after a tie or a win. Without escort the
    interceptor must score at least one battle point. Frame: ``power``, ``troops``, ``sea``, ``fleets`` (the
    candidates, ``strategic_interceptors``), ``announced`` {power: squadron or None}. Ends ``"stopped"`` when an
    interceptor wins, else ``"through"``."""

    goes_to = ("combat",)

    def _in_sea(self, g: Ctx, uid: str) -> bool:
        return g.s["units"][uid]["loc"] == g.frame["sea"]

    def _intercepts(self, g: Ctx, uid: str) -> bool:
        return intercepts_in(g.s, board_of(g), uid, g.frame["sea"])

    def _to_announce(self, g: Ctx) -> list[str]:
        f, s = g.frame, g.s
        said = f.get("announced", {})
        return sorted(
            {
                s["units"][u]["power"]
                for u in f["fleets"]
                if s["units"][u]["power"] in s["powers"] and self._intercepts(g, u)
            }
            - set(said)
        )

    def _committed(self, g: Ctx) -> list[str]:
        """The interceptors: the automata's squadrons and those the players announced (11.4.1)."""
        f, s = g.frame, g.s
        chosen = set(f.get("announced", {}).values())
        return [
            u
            for u in f["fleets"]
            if (s["units"][u]["power"] not in s["powers"] or u in chosen) and self._intercepts(g, u)
        ]

    def active(self, g: Ctx) -> list[str]:
        asking = self._to_announce(g)
        return [st.player_of(g.s, asking[0] if asking else g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f, s = g.frame, g.s
        asking = self._to_announce(g)
        if asking:
            own = [u for u in f["fleets"] if s["units"][u]["power"] == asking[0] and self._intercepts(g, u)]
            return text("prompt.intercept_announce", power=asking[0], sea=f["sea"], mover=f["power"]), {
                "intercept": own,
                "no_interception": [None],
            }
        if "queue" in f:
            return text("prompt.intercept_pick", sea=f["sea"]), {"fight": f["queue"]}
        own = escorts(g, f["power"], f["sea"])
        return text("prompt.escort", sea=f["sea"]), ({"escort": own} if own else {}) | {"no_escort": [None]}

    def on_intercept(self, g: Ctx, role: str, arg: str) -> None:
        power = g.s["units"][arg]["power"]
        g.frame.setdefault("announced", {})[power] = arg
        g.log("log.sea_intercept", power=power, unit=arg, sea=g.frame["sea"], rule="strategic_interception")
        self._announced(g)

    def on_no_interception(self, g: Ctx, role: str, arg: Any) -> None:
        power = self._to_announce(g)[0]
        g.frame.setdefault("announced", {})[power] = None
        self._announced(g)

    def _announced(self, g: Ctx) -> None:
        if not self._to_announce(g) and not self._committed(g):
            g.end("through")

    def on_escort(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["escort"] = arg
        self._next(g)

    def on_no_escort(self, g: Ctx, role: str, arg: Any) -> None:
        g.frame["escort"] = None
        self._next(g)

    def on_fight(self, g: Ctx, role: str, arg: str) -> None:
        g.frame["queue"] = []
        self._combat(g, arg)

    def _next(self, g: Ctx) -> None:
        """The interceptors still in the sea: the moving player picks the next one when several are left
        ("the player will now select one of these fleets and fight against it")."""
        f = g.frame
        fought = f.setdefault("fought", [])
        left = [u for u in self._committed(g) if u not in fought]
        if not left:
            f.pop("queue", None)
            g.end("through")
        elif len(left) == 1:
            self._combat(g, left[0])
        else:
            f["queue"] = left

    def _fleet(self, g: Ctx, uid: str | None, where: str = "_in_sea") -> list[str]:
        """The squadrons of the fleet ``uid`` heads that are (still) in the sea (11.2; an interceptor's: where it
        may intercept, 18.6.3)."""
        test = getattr(self, where)
        if not uid or not test(g, uid):
            return []
        return [u for u in fleets.fleet_of(g.s, board_of(g), uid) if test(g, u)]

    def _combat(self, g: Ctx, interceptor: str) -> None:
        """The escort fleet (if still in the sea) against the intercepting fleet, each with all its squadrons; without
        escort an empty side (11.4.1)."""
        f, s = g.frame, g.s
        f["fought"].append(interceptor)
        side = self._fleet(g, f["escort"])
        if f["escort"] in f.get("fleet", ()):  # a landing's escort fleet fights as one (12.3.1, 11.2)
            side = [u for u in f["fleet"] if self._in_sea(g, u)]
        start_naval_battle(
            g,
            "interception",
            side,
            self._fleet(g, interceptor, "_intercepts"),
            (f["power"], s["units"][interceptor]["power"]),
        )

    def resume(self, g: Ctx, result: Any) -> None:
        g.frame.pop("queue", None)
        if apply_naval_result(g, result) == "defender":
            g.end("stopped")
            return
        self._next(g)


# ----- 11.4.2 Interception to support troop tactical operations --------------------------------------------------
def support_candidates(g: Ctx, power: str, area: str) -> list[str]:
    """Own operational fleets (by flagship, ``fleets.acting``) and squadrons in a sea adjacent to the (coastal) area
    of the combat."""
    seas = board_of(g).areas[area].seas
    return fleets.acting(
        g.s, board_of(g), [u for u in operational(g.s, power) if st.loc_sea(g.s["units"][u]["loc"]) in seas]
    )


def support_sides(s: dict, power: str, attacker: str, defender: str | None) -> list[str]:
    """11.4.2: the sides a power may support: its own, or a side whose opponent it is at war with ("the only
    condition for this is that you must be at war with the opposing side")."""
    out = []
    if power == attacker or (power != defender and defender is not None and st.hostile(s, power, defender)):
        out.append("attacker")
    if power == defender or (power != attacker and st.hostile(s, power, attacker)):
        out.append("defender")
    return out


def announcers(g: Ctx, area: str, attacker: str, defender: str | None) -> list[str]:
    """The players' powers with a squadron in an adjacent sea and a side to support: the attacker, the defender,
    then the others (RULINGS.md › 11.4.2: "there is no order among major powers to announce")."""
    s = g.s
    first = [p for p in (attacker, defender) if p in s["powers"]]
    order = first + sorted(p for p in s["powers"] if p not in first)
    return [p for p in order if support_sides(s, p, attacker, defender) and support_candidates(g, p, area)]


class NavalSupport(Step):
    """11.4.2 before a combat in a coastal area: each power that may announces its support (``support_announce``);
    the automata's fleets support their side (the 9.1 Emirates defend Aden, l. 1930); when both sides are
    supported one fleet of each fights (13.2, three dice) — "if more than one major power is supporting one side,
    the supported power chooses which one will fight" (``support_champion``; an automaton's side: the first) — and
    the winner's side is supported, a tie supports neither (for a revolt vitality decides: ``revolt_tie_break``).
    A fleet supports and fights with all its squadrons.
    Frame: ``area``, ``attacker``, ``defender``. Ends with the supported side ("attacker", "defender") or None."""

    goes_to = ("support_announce", "support_champion", "combat")

    def auto(self, g: Ctx) -> None:
        f, s = g.frame, g.s
        said = f.setdefault("said", {})
        for power in announcers(g, f["area"], f["attacker"], f["defender"]):
            if power not in said:
                f["asking"] = power
                g.call("support_announce", power=power, area=f["area"], attacker=f["attacker"], defender=f["defender"])
                return
        sides: dict[str, list[str]] = {"attacker": [], "defender": []}
        for answer in said.values():
            if answer:
                sides[answer[1]].append(answer[0])
        sides["defender"] += scenario_of(g).supporters(g, f["area"])
        if sides["attacker"] and sides["defender"]:
            champions = f.setdefault("champions", {})
            for side in ("attacker", "defender"):
                if len(sides[side]) > 1 and side not in champions and f[side] in s["powers"]:
                    f["asking"] = side
                    g.call("support_champion", power=f[side], area=f["area"], fleets=sides[side])
                    return
            pair = [champions.get(side, sides[side][0]) for side in ("attacker", "defender")]
            f.update(awaiting="battle", pair=pair)  # each fleet with all its squadrons (11.2, RULINGS A-5)
            start_naval_battle(
                g,
                "support",
                fleets.fleet_of(s, board_of(g), pair[0]),
                fleets.fleet_of(s, board_of(g), pair[1]),
                tuple(s["units"][u]["power"] for u in pair),
            )
            return
        g.end("attacker" if sides["attacker"] else "defender" if sides["defender"] else None)

    def resume(self, g: Ctx, result: Any) -> None:
        f = g.frame
        if f.pop("awaiting", None) == "battle":
            winner = apply_naval_result(g, result) or revolt_tie_break(g, f["area"], f["defender"], f.pop("pair"))
            g.log(
                "log.naval_support",
                area=f["area"],
                side=(f[winner] or "independent") if winner else None,
                rule="naval_support",
            )
            g.end(winner)
            return
        asking = f.pop("asking")
        if asking in ("attacker", "defender"):
            f["champions"][asking] = result
        else:
            f["said"][asking] = result


def revolt_tie_break(g: Ctx, area: str, defender: str | None, pair: list[str]) -> str | None:
    """11.4.2: "When revolts are being supported, vitality will be used to resolve ties" (RULINGS L-14): the
    fleets supporting a rebellion's defence and its subjugator tie — the side of the fleet whose power wins the
    vitality tie-break (``state.vitality_tie_break``) is supported. Other ties support neither (None)."""
    s = g.s
    powers = [s["units"][u]["power"] for u in pair]
    if (
        defender is not None
        or not (s["areas"][area]["marker"] or "").startswith("R")
        or not all(p in s["powers"] for p in powers)
    ):
        return None
    power = st.vitality_tie_break(s, board_of(g), powers)
    g.log("log.support_vitality", area=area, power=power, rule="naval_support")
    return ("attacker", "defender")[powers.index(power)]


class SupportChampion(Step):
    """11.4.2: "If more than one major power is supporting one side, the supported power chooses which one will
    fight". Frame: ``power``, ``area``, ``fleets``. Ends with the squadron."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        return text("prompt.support_champion", area=g.frame["area"]), {"champion": list(g.frame["fleets"])}

    def on_champion(self, g: Ctx, role: str, arg: str) -> None:
        g.end(arg)


class SupportAnnounce(Step):
    """11.4.2: "simply announce the interception, and the side you want to support"; once announced it cannot
    be cancelled. Frame: ``power``, ``area``, ``attacker``, ``defender``. Ends with [squadron, side] or None."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        sides = support_sides(g.s, f["power"], f["attacker"], f["defender"])
        return text("prompt.naval_support", area=f["area"], power=f["power"]), {
            "support": [[u, side] for u in support_candidates(g, f["power"], f["area"]) for side in sides],
            "no_support": [None],
        }

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        if verb == "support":
            return text("act.support", arg=arg[0], side=g.frame[arg[1]] or "independent")
        return text("act.no_support")

    def on_support(self, g: Ctx, role: str, arg: list) -> None:
        f = g.frame
        g.log(
            "log.support_announced",
            power=f["power"],
            unit=arg[0],
            area=f["area"],
            side=f[arg[1]] or "independent",
            rule="naval_support",
        )
        g.end(arg)

    def on_no_support(self, g: Ctx, role: str, arg: Any) -> None:
        g.end(None)


STEPS = {
    "sea_interception": SeaInterception(),
    "naval_support": NavalSupport(),
    "support_announce": SupportAnnounce(),
    "support_champion": SupportChampion(),
}
