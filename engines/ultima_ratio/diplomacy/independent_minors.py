"""Ultima Ratio Regis — 20.5 Independent minor powers: "major powers may declare war to these minor powers as if
they were any major power (as long as they are allied with major powers with which they are not in forced peace)",
and "when these minor powers go to war with a major power, they drag the allied major power with them, which
automatically also enters the war" (RULINGS W-3, MP-10). A war against an allied minor is its ally's war: the
parties fight by their sides (``state.side_of``), so the pair at war is the declarer's and the ally's.

"When a major power that controls one of these minor powers enters a war, it must immediately announce which allied
independent minor powers enter the war with it" (and when it allies with one during a war): the ally's player
answers ``minor_war_entry`` for each such minor and war, kept in ``minors[minor].wars`` {war key: entered}; a minor
that stays out is treated as neutral until the end of that war (``state.hostile``; RULINGS MP-13).
"""

from __future__ import annotations

from typing import Any

from engines.core.machine import Ctx, Step
from engines.core.types import text
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of


def independents(g: Ctx) -> list[tuple[str, str | None]]:
    """The independent minor powers in play (20.5) and the major power each is allied with (or None), by id; once
    per reading of the state (the menu asks it for each power of the seat)."""
    s, board = g.s, board_of(g)
    return list(
        st.remembered(
            s,
            ("independent_minors",),
            lambda: [
                (m, info["ally"]) for m, info in sorted(s["minors"].items()) if board.minor(m).kind == "independent"
            ],
        )
    )


def allied_targets(g: Ctx, power: str) -> list[str]:
    """The independent minors allied with a major power that ``power`` may declare war on: not allied with one of
    its player's powers, nor with a power already at war with it or in forced peace with it (21.5.4)."""
    s = g.s
    seat = st.seat_of(s, power)
    out = []
    for minor, ally in independents(g):
        if ally is None or ally == power:
            continue
        if st.seat_of(s, ally) == seat or st.hostile(s, power, ally) or st.in_forced_peace(s, power, ally):
            continue
        out.append(minor)
    return out


def dragged_ally(s: dict, target: str) -> str | None:
    """The major power a declaration of war on ``target`` drags into the war (20.5), or None."""
    info = s["minors"].get(target)
    return info["ally"] if info else None


def entry_due(g: Ctx) -> dict | None:
    """The frame of the first announcement due: an allied independent minor whose ally is at war and has not said
    whether it enters that war."""
    s, board = g.s, board_of(g)
    for minor, info in sorted(s["minors"].items()):
        ally = info["ally"]
        if ally is None or board.minor(minor).kind != "independent":
            continue
        for pair in s["wars"]:
            if ally in pair and st.war_key(pair) not in info.get("wars", {}):
                return {"minor": minor, "power": ally, "war": pair}
    return None


def record(s: dict, minor: str, pair: list[str], entered: bool) -> None:
    s["minors"][minor].setdefault("wars", {})[st.war_key(pair)] = entered


def war_over(s: dict, pair: list[str]) -> None:
    """The war's announcements are forgotten when it ends."""
    for info in s["minors"].values():
        info.get("wars", {}).pop(st.war_key(pair), None)


class MinorWarEntry(Step):
    """20.5: the player of ``power`` announces whether its allied independent ``minor`` enters the ``war``
    (``enter``) or stays out (``stay_out``: "first proceed as if the minor power becomes neutral (20.4.1), and then
    treat it as if it is neutral until the end of the war" — its units go back to its card, its rebellions end)."""

    goes_to = ()

    def active(self, g: Ctx) -> list[str]:
        return [st.player_of(g.s, g.frame["power"])]

    def prompt(self, g: Ctx, role: str):
        f = g.frame
        enemy = next(p for p in f["war"] if p != f["power"])
        return text("prompt.minor_war_entry", minor=f["minor"], power=f["power"], enemy=enemy), {
            "enter": [None],
            "stay_out": [None],
        }

    def label(self, g: Ctx, role: str, verb: str, arg: Any):
        return text(f"act.minor_war_{verb}")

    def on_enter(self, g: Ctx, role: str, arg: Any) -> None:
        f = g.frame
        record(g.s, f["minor"], f["war"], True)
        g.log("log.minor_enters_war", minor=f["minor"], powers=f["war"], rule="independent_minors")
        g.end(None)

    def on_stay_out(self, g: Ctx, role: str, arg: Any) -> None:
        s, f = g.s, g.frame
        minor = f["minor"]
        record(s, minor, f["war"], False)
        for uid in sorted(u for u, info in s["units"].items() if info["power"] == minor):
            if s["units"][uid]["loc"] != "available":
                st.move_unit(s, uid, "available")
        for area, info in s["areas"].items():
            if info["owner"] == minor and info["marker"]:
                info.update(marker=None, control=minor)
                g.log("log.minor_rebellion_removed", minor=minor, area=area, rule="minor_neutral")
        g.log("log.minor_stays_out", minor=minor, powers=f["war"], rule="independent_minors")
        g.end(None)


STEPS = {"minor_war_entry": MinorWarEntry()}
