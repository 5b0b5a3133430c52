"""Ultima Ratio Regis — 11.4.2 naval support before a combat of a land tactical move: the powers at war announce
their support (``naval_interception.NavalSupport``), then the combat announced — a field battle (13.3), a subjugation
(13.5) or an assault (13.4) — is fought with the supported side known. A part of ``land_movement.TacticalMove``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.combat import land_battles


def _fortress_power(s: dict, area: str) -> str:
    """The power of the fortress a combat is fought against: a battle without enemies in the field is one
    against the fortress, and an assault is one (13.4), so the area has a fortress."""
    fort = st.fortress(s, area)
    assert fort is not None  # the combat announced was offered against this fortress (see above)
    power: str = fort["power"]
    return power


class TacticalNavalSupport:
    """The part of ``TacticalMove`` that asks for naval support (11.4.2), then fights the combat announced: frame
    ``combat_area``, ``then`` (battle, subjugate or assault), ``support`` (the side supported, or None)."""

    if TYPE_CHECKING:  # the combats, from the other parts of ``TacticalMove``

        def _battle(self, g: Ctx, area: str, came_from: str) -> None: ...
        def _subjugate(self, g: Ctx, arg: str) -> None: ...
        def _assault(self, g: Ctx, arg: str) -> None: ...

    def _ask_support(self, g: Ctx, area: str, then: str) -> None:
        """11.4.2 (``naval_interception.NavalSupport``): before a combat in a coastal area the powers at war
        announce their naval support; then the combat ``then`` ("battle", "subjugate", "assault") is fought."""
        f, s = g.frame, g.s
        if then == "battle":
            foes = land_battles.field_enemies(s, f["power"], area)
            defender = s["units"][foes[0]]["power"] if foes else _fortress_power(s, area)
        elif then == "assault":
            defender = _fortress_power(s, area)
        else:
            defender = s["areas"][area]["control"] if f.get("opposition") else None
        f.update(combat_area=area, then=then, awaiting="support")
        g.call("naval_support", area=area, attacker=f["power"], defender=defender)

    def _after_support(self, g: Ctx, result: str | None) -> None:
        g.frame["support"] = result
        self._combat(g)

    def _combat(self, g: Ctx) -> None:
        f = g.frame
        if f["then"] == "subjugate":
            self._subjugate(g, f["combat_area"])
        elif f["then"] == "assault":
            self._assault(g, f["combat_area"])
        else:
            self._battle(g, f["combat_area"], f["from"])
