"""Ultima Ratio Regis — 11.1 Naval bases and the naval operation distance (between maps 11.1.3, galleys 18.6.1):
the state's questions about where a squadron may be and which ports serve it — its bases, the seas it counts in for
interceptions (18.6.3), the nearest bases of one that lost its own (11.1.1), the port it retreats to (13.2.5), the
squadrons that may act (``operational``, ``pirated``: 11.5.1)."""

from __future__ import annotations

from engines.ultima_ratio import state as st
from engines.ultima_ratio.board import Board


def operation_distance(s: dict, board: Board, sea: str) -> int:
    key = "mediterranean" if board.mediterranean_sea(sea) else "elsewhere"
    return s["naval_distance"][key]


def may_sail(s: dict, board: Board, uid: str, sea: str) -> bool:
    """18.6.1: until an event opens it, galleys stay in the Mediterranean and the others stay out of it; seas
    that no active area touches are not in play (7.2); 21.2.3: a combined fleet's squadron "cannot move away" from
    the sea where the fleet was formed."""
    if sea not in s["seas_active"]:
        return False
    combined = s.get("combined", {}).get(uid)
    if combined and combined[1] != sea:
        return False
    if s["mediterranean_open"]:
        return True
    return board.mediterranean_sea(sea) == s["units"][uid]["galley"]


def may_use(s: dict, board: Board, power: str, port: str) -> bool:
    """Whether the power's squadrons may use the port as a naval base: a major power's, the areas it may use (18.4.1,
    ``state.interest_ok``); a minor's fleets "cannot use naval bases outside this theater" (20.2, l. 1492), the
    theater it belongs to — not the border areas of the neighbouring theaters its troops may enter (18.5); a
    mercenary minor, without a theater (20.6), where its ally may (RULINGS PA-4, G4-2)."""
    if power not in s["powers"]:
        theater = board.minor(power).theater
        if theater is not None:
            return board.areas[port].theater == theater
    return st.interest_ok(s, board, power, port)


def own_ports(s: dict, board: Board, power: str, sea: str) -> list[str]:
    """The power's naval bases on a sea: controlled coastal areas it may use (Glossary "Naval base", ``may_use``)."""
    return [
        a for a in board.sea_ports[sea] if st.active(s, a) and st.controls(s, power, a) and may_use(s, board, power, a)
    ]


def base_ports(s: dict, board: Board, power: str, galley: bool) -> list[str]:
    """The ports where the power's squadrons (galleys or not, 18.6.1) have a base; once per reading of the state
    (``state.remembered``: every squadron's range asks it)."""
    return list(
        st.remembered(
            s,
            ("base_ports", power, galley),
            lambda: [
                a
                for a in st.controlled(s, power)
                if st.coastal(board, a)
                and may_use(s, board, power, a)
                and (s["mediterranean_open"] or board.mediterranean_port(a) == galley)
            ],
        )
    )


def intercept_seas(s: dict, board: Board, uid: str) -> set[str]:
    """Where a squadron counts for interceptions of strategic movements and piracy (11.4.1, 11.4.3): its sea, or
    its port's seas; 18.6.3: in a strategic port, or at sea in one of its two seas with the port a naval base of its
    power, both seas as one (RULINGS AV-6)."""
    info = s["units"][uid]
    area, sea = st.loc_area(info["loc"]), st.loc_sea(info["loc"])
    if sea:
        seas = {sea}
    else:
        assert area is not None  # a squadron on the map is at sea or in a port
        seas = set(board.areas[area].seas)
    for port in [area] if area else base_ports(s, board, info["power"], info["galley"]):
        pair = board.areas[port].strategic_port
        if pair and (area or sea in pair):
            seas |= set(pair)
    return seas


def port_reach(board: Board, port: str, sea: str) -> int | None:
    """Seas apart from a port to a sea (0: the port is on it)."""
    found = [board.sea_distance(x, sea) for x in board.areas[port].seas]
    known = [d for d in found if d is not None]
    return min(known) if known else None


def has_base(s: dict, board: Board, power: str, sea: str, galley: bool) -> bool:
    """11.1: a squadron may be in a sea with a naval base within the naval operation distance (distance 1: a base
    on that sea; 2: on an adjacent sea...): the ports that near asked alone, not every base of the power, and once
    per reading of the state."""
    limit = operation_distance(s, board, sea) - 1

    def near() -> bool:
        return any(
            st.controls(s, power, a)
            and may_use(s, board, power, a)
            and (s["mediterranean_open"] or board.mediterranean_port(a) == galley)
            for a in board.ports_near(sea, limit)
        )

    return bool(st.remembered(s, ("has_base", power, sea, galley), near))


def nearest_bases(s: dict, board: Board, power: str, uid: str) -> list[str]:
    """11.1.1 / 11.6: the nearest ports of the power for a squadron that lost its base (ties: the player
    chooses); empty: the squadron is destroyed."""
    info = s["units"][uid]
    here = st.loc_sea(info["loc"])
    if here:
        seas = [here]
    else:
        area = st.loc_area(info["loc"])
        assert area is not None  # a squadron on the map is at sea or in a port
        seas = list(board.areas[area].seas)
    ranked = []
    for port in base_ports(s, board, power, info["galley"]):
        far = [port_reach(board, port, x) for x in seas]
        known = [d for d in far if d is not None]
        if known:
            ranked.append((min(known), port))
    if not ranked:
        return []
    best = min(d for d, _ in ranked)
    return sorted(p for d, p in ranked if d == best)


def home_port(s: dict, board: Board, uid: str) -> str | None:
    """The naval base a squadron retreats to (13.2.5): the nearest own port."""
    power = s["units"][uid]["power"]
    if st.loc_area(s["units"][uid]["loc"]):
        return st.loc_area(s["units"][uid]["loc"])
    ports = nearest_bases(s, board, power, uid)
    return ports[0] if ports else None


def operational(s: dict, power: str) -> list[str]:
    return [u for u in st.units_of(s, power, "squadron", "map") if not s["units"][u]["repair"]]


def pirated(s: dict, uid: str) -> bool:
    """11.5.1: "Once resolved, the squadron cannot perform any other action, of any kind, during the rest of the
    impulse" (its piracy of this impulse, not of an earlier one)."""
    return s["units"][uid].get("pirated") == s["impulse"]["n"]
