"""Ultima Ratio Regis — 12.5 control without opposition and 13.5 Subjugation combats in a land tactical move: the
troops announce control, the controller may oppose (13.5.2), else control is automatic; the subjugation combat
against the opposition, a rebellion, an independent or a mini-map marker, and control to the winner (13.5.4-13.5.6).
A part of ``land_movement.TacticalMove``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.combat import battles
from engines.ultima_ratio.combat.combat_subjugation import Subjugation
from engines.ultima_ratio.movement import reactions
from engines.ultima_ratio.movement.land_areas import free_control, take_control, to_subjugate


class TacticalSubjugation:
    """The part of ``TacticalMove`` that takes control of an area (12.5) or subjugates it (13.5)."""

    if TYPE_CHECKING:  # from ``TacticalNavalSupport``, another part of ``TacticalMove``

        def _ask_support(self, g: Ctx, area: str, then: str) -> None: ...

    def on_subjugate(self, g: Ctx, role: str, arg: str) -> None:
        """12.5: the troops announce control; the controller may oppose (13.5.2) — not after the field battle the
        troops won there (13.3.7: "automatically (if desired)") —, else control is automatic; a
        subjugation combat follows the opposition, or an independent / rebel / mini-map area (after a possible
        naval support)."""
        f, s = g.frame, g.s
        if free_control(g, f["power"], arg):
            controller = s["areas"][arg]["control"]
            if controller in s["powers"] and not f.get("won") and reactions.opposition_sources(g, controller, arg):
                f["pending_oppose"] = arg
                g.call("oppose_subjugation", power=controller, area=arg)
                return
            take_control(g, f["power"], arg)
            g.end("done")
            return
        self._ask_support(g, arg, "subjugate")

    def _subjugate(self, g: Ctx, arg: str) -> None:
        """13.5 (combat_subjugation): the subjugator's Q3 die against the opposition's: the controller's troops or
        fortress (13.5.2), a rebellion or an independent marker, or a mini-map area (A3 home, A2 other, 13.5.7)."""
        f, s, b = g.frame, g.s, board_of(g)
        power = f["power"]
        opposition = f.pop("opposition", None)
        troops = st.troops_in(s, arg, power)
        info = s["areas"][arg]
        if opposition:
            controller = info["control"]
            source = opposition["from"]
            if opposition["kind"] == "fortress":
                opponent = battles.force(s, b, controller, [], source)
            else:
                opponent = battles.force(s, b, controller, st.troops_in(s, source, controller))
            kind, strength = opposition["kind"], None
        else:
            controller = None
            opponent = battles.force(s, b, None, [])
            kind = "rebels" if (info["marker"] or "").startswith("R") else "independent"
            strength = to_subjugate(g, power, arg) or 2
        battle = Subjugation(
            battles.force(s, b, power, troops),
            opponent,
            kind,
            strength,
            b.areas[arg].terrain,
            moved_all=bool(f["moves"]) and set(troops) <= set(f.get("entered", ())),
            adjacent=not opposition or opposition["adjacent"],
            naval_support=f.get("support"),
        )
        f.update(awaiting="subjugation", subjugated=arg)
        battles.call(g, "subjugation", battle, where=arg, attacker=power, defender=controller)

    def _after_subjugation(self, g: Ctx, result: dict) -> None:
        """13.5.4-13.5.5: the losses, then control if the subjugator won or dispersed troops for it."""
        f = g.frame
        area = f["subjugated"]
        battles.apply_losses(g, result, area)
        if result["control"] == "attacker":
            take_control(g, f["power"], area)
        g.end("done")
