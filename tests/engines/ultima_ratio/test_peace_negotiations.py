"""21.5.1 "Adjusting war status" and 21.5.2 "Adjusting unrest" (``diplomacy/peace_negotiations.py``, pure): the two
worked examples of the rulebook (l. 1728 and l. 1732, with the vitality-3 variant) and the rules around them. Line
numbers are those of shared/rules/ultima-ratio-regis.txt."""

from __future__ import annotations

from engines.ultima_ratio.diplomacy.peace_negotiations import (
    Delivery,
    WarSide,
    adjust_unrest,
    adjust_war_status,
    area_points,
)


def test_the_first_worked_example_a_asks_b_for_peace_and_is_defeated_by_two():
    """l. 1728-1730: A (vitality 5) lost 2 morale to B and 2 to C (1 left), took 2 from B; B took 2 non-key areas
    more than A. "It would start A vs B: 2-2 ... 2-3 (the power has given up the last morale point it had left) ...
    having asked for negotiations A must deliver another morale, as it doesn't have any left, it will return one of
    the taken away, with negotiations ending at 1-3 (defeat by 2)"."""
    a = WarSide("A", vitality=5, own_left=1, taken=2, areas_lost=2)
    b = WarSide("B", vitality=5, own_left=3, taken=2)
    status = adjust_war_status(a, b, requester="A")
    assert status.taken == {"A": 1, "B": 3}
    assert status.deliveries == [Delivery("A", "B", "given", "areas"), Delivery("A", "B", "returned", "requester")]
    assert (status.winner, status.loser, status.margin, status.capped) == ("B", "A", 2, False)
    # 21.5.2: the loser adds one per lost morale (3), the winner one per two lost (1 // 2 = 0)
    assert adjust_unrest(status) == {"A": 3, "B": 0}


def test_the_second_worked_example_the_undeliverable_point_counts_and_the_vitality_caps():
    """l. 1732: A vs B 2-2, A vs C 1-3 (A has no morale of its own left); B captured 6 areas more: "another 3 morale
    points must be delivered to B. As there are no morale points left, the 2 captured ones must be returned 0-2.
    There is still one more point that is not delivered ... but it is taken into account 0-3. There is still another
    morale point that must be delivered for asking negotiations 0-4. As the power has vitality 5, the negotiations
    would remain like this. If the power had had for example a vitality 3, this difference would have been reduced
    to 0-3"."""
    b = WarSide("B", vitality=5, own_left=3, taken=2)
    status = adjust_war_status(WarSide("A", vitality=5, own_left=0, taken=2, areas_lost=6), b, requester="A")
    assert status.taken == {"A": 0, "B": 4}
    assert [d.how for d in status.deliveries] == ["returned", "returned", "counted", "counted"]
    assert [d.why for d in status.deliveries] == ["areas", "areas", "areas", "requester"]
    assert (status.winner, status.margin, status.capped) == ("B", 4, False)
    assert adjust_unrest(status) == {"A": 4, "B": 0}
    weak = adjust_war_status(WarSide("A", vitality=3, own_left=0, taken=2, areas_lost=6), b, requester="A")
    assert weak.taken == {"A": 0, "B": 3} and weak.margin == 3 and weak.capped


def test_the_truce_ignores_the_requester_s_point():
    """21.5 (l. 1712): "If the war ends because it is the end of the turn, this phase is ignored"."""
    a = WarSide("A", vitality=5, own_left=1, taken=2, areas_lost=2)
    status = adjust_war_status(a, WarSide("B", vitality=5, own_left=3, taken=2), requester=None)
    assert status.taken == {"A": 2, "B": 3} and status.margin == 1


def test_a_draw_adds_the_lost_morale_to_both():
    """21.5.2 (l. 1738): "If the final differential ... is zero, there has been a draw and neither side has won.
    Both major powers increase unrest by as many points as the morale points lost at the hands of the enemy"."""
    status = adjust_war_status(WarSide("A", 4, 2, 2), WarSide("B", 4, 2, 2), requester=None)
    assert status.winner is None and status.loser is None and status.margin == 0
    assert adjust_unrest(status) == {"A": 2, "B": 2}


def test_the_winner_adds_one_per_two_lost():
    """21.5.2 (l. 1740): "the winner increases its unrest by one point for every two lost morale points (the loser
    increases it by one point for every lost morale point)"."""
    status = adjust_war_status(WarSide("A", 6, 1, 5), WarSide("B", 6, 1, 3), requester=None)
    assert status.winner == "A" and adjust_unrest(status) == {"A": 1, "B": 5}


def test_areas_count_by_pairs_and_colonies_one_by_one_either_way():
    """21.5.1 (l. 1722, RULINGS P-1): one point per two areas of difference, one per lost mini-map colony; the
    power that lost fewer receives."""
    assert area_points(3, 0, 0, 0) == 1
    assert area_points(1, 4, 0, 0) == -1
    assert area_points(0, 0, 2, 1) == 1
    assert area_points(1, 0, 0, 0) == 0
    status = adjust_war_status(WarSide("A", 5, 5, 0), WarSide("B", 5, 5, 0, areas_lost=4), requester="A")
    assert status.taken == {"A": 2, "B": 1}
    assert status.deliveries[0] == Delivery("B", "A", "given", "areas")
