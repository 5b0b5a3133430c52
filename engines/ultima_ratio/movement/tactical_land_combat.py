"""Ultima Ratio Regis — 13.3 Land combats in a land tactical move: the field battle of the troops that entered
against the defenders and their fortress, or the relief battle of a besieged area (13.3.5, ``land_battles``); the
result applied — losses, the automata's beaten troops dispersed, an attacker that did not win going back (13.3.6,
12.3.2) — and the defeated players' retreats (13.3.6). A part of ``land_movement.TacticalMove``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.combat import battles, land_battles
from engines.ultima_ratio.combat.combat_land import LandBattle
from engines.ultima_ratio.movement import reactions


class TacticalLandCombat:
    """The part of ``TacticalMove`` that fights its field or relief battle (13.3) and retreats the defeated (13.3.6)."""

    if TYPE_CHECKING:  # from ``TacticalMove``

        def _entered(self, g: Ctx, area: str) -> None: ...

    def _battle(self, g: Ctx, area: str, came_from: str) -> None:
        """13.3 (combat_land): the attacker's troops in the area against the defenders and their fortress; the
        defender marks the battlefield (13.3.4)."""
        f, s, b = g.frame, g.s, board_of(g)
        f["fought"] = True
        if land_battles.is_relief(s, f["power"], area):
            f["awaiting"] = "relief"
            g.call(
                "relief_battle",
                power=f["power"],
                area=area,
                came_from=came_from,
                army=list(f["group"]),
                landing=f["landing"],
                support=f.get("support"),
                intercepted=f.get("intercepted", False),
            )
            return
        defenders = st.enemy_troops_in(s, area, f["power"])
        fort = st.fortress(s, area)
        with_fort = bool(fort and fort["built"] and fort["power"] != f["power"])
        if defenders:
            defender = s["units"][defenders[0]]["power"]
        else:
            assert fort is not None  # a battle without defenders in the field is fought against their fortress
            defender = fort["power"]
        battle = LandBattle(
            battles.force(s, b, f["power"], st.troops_in(s, area, f["power"])),
            battles.force(s, b, defender, defenders, area if with_fort else None),
            terrain=b.areas[area].terrain,
            rough_pass=b.neighbours[came_from].get(area) == "rough_pass",
            amphibious=bool(f["landing"]),
            naval_support=f.get("support"),
            intercepted=f.get("intercepted", False),
            main_map=st.on_main_map(b, area),
        )
        f["awaiting"] = "battle"
        battles.call(g, "land", battle, attacker=f["power"], defender=defender)

    def _after_relief(self, g: Ctx, result: str) -> None:
        """13.3.5 (``land_battles.ReliefBattle``): a relief army that won and stays has entered the area."""
        if result == "won":
            self._entered(g, g.frame["combat_area"])
        else:
            g.end("done")

    def _after_battle(self, g: Ctx, result: dict) -> None:
        """Eliminated and dispersed troops leave; the automata's beaten troops disperse (they have no area to
        retreat to); an attacker that did not win goes back where it came from (13.3.6, 12.3.2)."""
        f, s, b = g.frame, g.s, board_of(g)
        area = f["combat_area"]
        battles.apply_losses(g, result, area)
        if result["fought"]["winner"] == "attacker":
            f["won"] = True  # 13.3.7: control follows "automatically (if desired)"
            for uid in st.enemy_troops_in(s, area, f["power"]):
                if s["units"][uid]["power"] not in s["powers"]:
                    st.move_unit(s, uid, battles.theater_box(s, b, uid, area))
            self._after_retreat(g, area)
            return
        for uid in st.troops_in(s, area, f["power"]):
            st.move_unit(s, uid, f["from"])
        g.end("done")

    def _after_retreat(self, g: Ctx, area: str) -> None:
        """13.3.6: each defeated player's power retreats its troops (into the fortress: besieged) in turn."""
        f, s = g.frame, g.s
        losers = (
            []
            if s["areas"][area]["siege"]
            else sorted({s["units"][u]["power"] for u in st.enemy_troops_in(s, area, f["power"])})
        )
        for loser in losers:
            if reactions.must_retreat_now(g, loser, area, f["from"]):
                f.update(pending=area, retreated=True)
                g.call("defeated_retreat", power=loser, area=area, came_from=f["from"], attacker=f["power"])
                return
            for uid in st.troops_in(s, area, loser):  # nowhere to go: the rest disperses
                battles.disperse(g, uid, area)
        self._entered(g, area)
