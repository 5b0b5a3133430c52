"""Ultima Ratio Regis — armies and fleets: who moves with a leader (10.3, 11.2, 12.2). Their stacking (15.1.1,
15.1.2) is ``logistics/stacking.py``'s, the overstack decision after an action ``logistics/overstack.py``'s, a leader
reattached before his unit is eliminated (17.1, 13.1.7) ``leaders/reattach.py``'s.

An army is a leader's troop and the troops that move with it (12.2); a fleet a leader's squadron and the
squadrons with it (11.2). A fleet is formed in the naval operations of the player's impulse (11.2: "at any time
during his impulse, a player can freely ... assemble or disassemble the fleets") and kept while stacked
(``fleets.py``, RULINGS A-5).
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board
from engines.ultima_ratio.leaders import leader_state

MAX_UNITS = 4  # 10.3: "a leader with up to four troops or squadrons"


# ----- who moves together ----------------------------------------------------------------------------------------
def led(s: dict, uid: str) -> bool:
    """The unit carries a leader (17.1): it may move as an army or a fleet (10.3, 11.2, 12.2)."""
    return bool(leader_state.leaders_on(s, [uid]))


def map_of(board: Board, loc: str) -> str:
    """The map a location is drawn on (10.4); The East on the India mini-map counts as the main map (13.5.7,
    RULINGS A-3)."""
    area = st.loc_area(loc)
    if area is None:
        sea = st.loc_sea(loc)
        assert sea is not None  # a location on the map is an area or a sea (boxes and the power card are not)
        return board.sea_map[sea]
    return "main" if st.on_main_map(board, area) else board.areas[area].map


def besieged(s: dict, uid: str) -> bool:
    """The unit is inside a besieged fortress's area on the defending side (13.4): it cannot join a movement."""
    info = s["units"][uid]
    area = st.loc_area(info["loc"])
    siege = s["areas"][area]["siege"] if area in s["areas"] else None
    return bool(siege and siege["besieger"] != info["power"])


def joinable(g: Ctx, power: str, group: list[str], loc: str) -> list[str]:
    """10.3 / 11.3 / 12.2: the own units of the group's kind at ``loc`` that may be absorbed (troops not
    besieged; squadrons operational, able to sail with the fleet, not after a piracy), while the group has
    fewer than four."""
    s = g.s
    if len(group) >= MAX_UNITS:
        return []
    kind = s["units"][group[0]]["kind"]
    galley = s["units"][group[0]].get("galley")
    out = []
    for uid in st.units_at(s, loc, power, kind):
        info = s["units"][uid]
        if uid in group or besieged(s, uid):
            continue
        if kind == "squadron" and (
            info["repair"]
            or info.get("pirated") == s["impulse"]["n"]
            or (bool(info["galley"]) != bool(galley) and not s["mediterranean_open"])
        ):
            continue
        out.append(uid)
    return out
