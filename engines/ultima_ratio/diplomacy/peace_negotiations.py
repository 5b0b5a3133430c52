"""Ultima Ratio Regis — 21.5 Peace negotiations, the pure rules (no state, no flow): 21.5.1 "Adjusting war status"
(``adjust_war_status``) and 21.5.2 "Adjusting unrest" (``adjust_unrest``). The flow that asks them is ``peace.py``.

The war march (21.5, l. 1706) is the morale each power took from the other; 21.5.1 moves points between them:
one for every two non-key areas of difference (main map) or for each lost colony of the mini-maps, then one more
from the power that asked for the negotiations (not at the end of the turn's truce); a power with no morale of its
own left returns one it took, and one it can neither give nor return is counted all the same; the difference never
exceeds the loser's vitality (RULINGS P-1, P-2; the examples of l. 1728 and l. 1732 are tests).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class WarSide:
    """One power at the table (21.5.1): ``vitality`` (21.3.4: its morale points), ``own_left`` (its morale points
    not given to any enemy), ``taken`` (the morale it took from the other), ``areas_lost`` (non-key main-map
    possessions the other controls) and ``colonies_lost`` (mini-map possessions the other controls)."""

    power: str
    vitality: int
    own_left: int
    taken: int
    areas_lost: int = 0
    colonies_lost: int = 0


@dataclass(frozen=True)
class Delivery:
    """One morale point moved by 21.5.1: ``given`` (one of its own), ``returned`` (one it had taken) or
    ``counted`` (none left: the point is only counted, l. 1726); ``why`` is ``areas`` or ``requester``."""

    giver: str
    receiver: str
    how: str
    why: str


@dataclass(frozen=True)
class WarStatus:
    """21.5.1's result: ``taken`` {power: morale taken from the other, after the adjustment and the cap},
    ``deliveries`` in order, ``capped`` (the difference cut to the loser's vitality); ``winner``/``loser`` (None in
    a draw) and ``margin`` (the war status: the peace conditions of 21.5.3)."""

    taken: dict[str, int]
    deliveries: list[Delivery] = field(default_factory=list)
    capped: bool = False

    @property
    def winner(self) -> str | None:
        (a, ta), (b, tb) = self.taken.items()
        return a if ta > tb else b if tb > ta else None

    @property
    def loser(self) -> str | None:
        w = self.winner
        return None if w is None else next(p for p in self.taken if p != w)

    @property
    def margin(self) -> int:
        a, b = self.taken.values()
        return abs(a - b)

    def lost(self, power: str) -> int:
        """The morale ``power`` lost at the hands of the other (what the other took)."""
        return next(n for p, n in self.taken.items() if p != power)


def area_points(loser_areas: int, winner_areas: int, loser_colonies: int, winner_colonies: int) -> int:
    """21.5.1 (l. 1722): "one morale point for every two areas of difference lost, or for each lost colony in the
    mini-maps" — the points the first power owes the second (negative: the second owes the first). The main map's
    difference counts by pairs (rounded down), the mini-maps' difference one by one (RULINGS P-1)."""
    diff = loser_areas - winner_areas
    pairs = diff // 2 if diff >= 0 else -((-diff) // 2)
    return pairs + loser_colonies - winner_colonies


def adjust_war_status(a: WarSide, b: WarSide, requester: str | None) -> WarStatus:
    """21.5.1 "Adjusting war status": the non-key areas' differential (``area_points``), then one more point from
    the ``requester`` (None: the end of the turn's truce or a peace by event, l. 1712, RULINGS P-3); each point is
    one of the giver's own, else one it took from the receiver (returned), else counted (l. 1726); the difference
    "in no case can exceed the vitality of the losing power"."""
    own = {a.power: a.own_left, b.power: b.own_left}
    taken = {a.power: a.taken, b.power: b.taken}
    vitality = {a.power: a.vitality, b.power: b.vitality}
    deliveries: list[Delivery] = []

    def deliver(giver: str, receiver: str, why: str) -> None:
        if own[giver] > 0:
            own[giver] -= 1
            taken[receiver] += 1
            how = "given"
        elif taken[giver] > 0:
            taken[giver] -= 1
            how = "returned"
        else:
            taken[receiver] += 1
            how = "counted"
        deliveries.append(Delivery(giver, receiver, how, why))

    points = area_points(a.areas_lost, b.areas_lost, a.colonies_lost, b.colonies_lost)
    giver, receiver = (a.power, b.power) if points > 0 else (b.power, a.power)
    for _ in range(abs(points)):
        deliver(giver, receiver, "areas")
    if requester is not None:
        deliver(requester, b.power if requester == a.power else a.power, "requester")
    capped = False
    for loser, winner in ((a.power, b.power), (b.power, a.power)):
        if taken[winner] - taken[loser] > vitality[loser]:
            taken[winner] = taken[loser] + vitality[loser]
            capped = True
    return WarStatus(taken, deliveries, capped)


def adjust_unrest(status: WarStatus) -> dict[str, int]:
    """21.5.2 "Adjusting unrest" (l. 1738-1740): in a draw both powers add the morale they lost at the hands of the
    enemy; otherwise the winner adds one per two lost (rounded down) and the loser one per lost."""
    winner = status.winner
    out = {}
    for power in status.taken:
        lost = status.lost(power)
        out[power] = lost // 2 if power == winner else lost
    return out
