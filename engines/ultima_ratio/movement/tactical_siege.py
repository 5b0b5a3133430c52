"""Ultima Ratio Regis — 13.4 Siege combat in a land tactical move: an assault on a besieged fortress (each a
tactical action, after the naval support, 13.4.4), the siege casualties kept in the area, the end of the siege or
the capitulation with its leaders (13.4.5, RULINGS L-13). A part of ``land_movement.TacticalMove``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.combat import battles
from engines.ultima_ratio.combat.combat_siege import SiegeBattle
from engines.ultima_ratio.movement.land_areas import take_control


class TacticalSiege:
    """The part of ``TacticalMove`` that assaults a besieged fortress (13.4)."""

    if TYPE_CHECKING:  # from ``TacticalNavalSupport``, another part of ``TacticalMove``

        def _ask_support(self, g: Ctx, area: str, then: str) -> None: ...

    def on_assault(self, g: Ctx, role: str, arg: str) -> None:
        """13.4: each assault is a tactical action; a fleet may support it first (11.4.2, 13.4.4)."""
        self._ask_support(g, arg, "assault")

    def _assault(self, g: Ctx, arg: str) -> None:
        """13.4 (combat_siege): the besiegers against the besieged and their fortress; the supporting fleet's
        side may change the battlefield by one (13.4.4); capitulation gives the area."""
        f, s, b = g.frame, g.s, board_of(g)
        siege = s["areas"][arg]["siege"] or {"besieger": f["power"], "casualties": 0}
        s["areas"][arg]["siege"] = siege
        fort = st.fortress(s, arg)
        assert fort is not None  # an assault is offered only on a besieged fortress (13.4)
        battle = SiegeBattle(
            battles.force(s, b, f["power"], st.troops_in(s, arg, f["power"])),
            battles.force(s, b, fort["power"], st.enemy_troops_in(s, arg, f["power"]), arg),
            siege_casualties=siege["casualties"],
            naval_support=f.get("support"),
            main_map=st.on_main_map(b, arg),
        )
        f.update(awaiting="siege", combat_area=arg)
        battles.call(g, "siege", battle, attacker=f["power"], defender=fort["power"])

    def _after_siege(self, g: Ctx, result: dict) -> None:
        """13.4.2-13.4.5: losses, the siege casualties, the end of the siege or the capitulation."""
        f, s = g.frame, g.s
        area = f["combat_area"]
        battles.apply_losses(g, result, area)
        if result["capitulation"]:
            for leader in battles.lose_leaders(g, [f"fortress:{area}"]):  # 13.4.5, 17.1 (RULINGS L-13)
                g.log("log.leader_capitulated", leader=leader, area=area, rule="siege")
            s["areas"][area]["fortress"] = None
            s["areas"][area]["siege"] = None
            g.log("log.capitulation", area=area, reason=result["capitulation"], rule="siege")
            take_control(g, f["power"], area)
        elif result["siege_ended"]:
            s["areas"][area]["siege"] = None
        else:
            s["areas"][area]["siege"]["casualties"] = result["siege_casualties"]
        g.end("done")
