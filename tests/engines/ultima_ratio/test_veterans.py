"""Ultima Ratio Regis "16. Veterans"."""

from __future__ import annotations

import pytest

from engines.ultima_ratio.combat import veterans as V
from engines.ultima_ratio.counters import RuleError, strength, unit

UNITS = [
    unit("t1", "power:spain", at="area:milan"),
    unit("t2", "power:spain", at="area:milan", quality=3),
    unit("t3", "power:spain", at="area:milan", veteran=True),
    unit("f", "power:spain", "fortress", "area:milan"),
    unit("x", "power:france", at="area:milan"),
]


def test_veteran_side_is_one_higher():
    assert [strength(u) for u in UNITS[:3]] == [2, 3, 3]


def test_one_participating_troop_after_an_enemy_unit_is_destroyed():
    decision = V.combat_decision(UNITS, ["t1", "t2", "t3", "f", "x"], "power:spain", enemy_eliminated=1)
    assert decision.options == ("t1", "t2") and decision.count == 1 and decision.at_most  # the player may decline
    decision.check([])
    with pytest.raises(RuleError):
        decision.check(["t1", "t2"])
    assert V.combat_decision(UNITS, ["t1"], "power:spain", enemy_eliminated=0) is None
    assert V.combat_decision(UNITS, ["t3"], "power:spain", enemy_eliminated=2) is None  # already veteran
    assert V.combat_decision(UNITS, ["t2"], "power:spain", 1).options == ("t2",)  # only those who fought


def test_veteranize():
    out = V.veteranize(UNITS, "t1")
    assert out[0]["veteran"] and not UNITS[0]["veteran"]
    for bad in ("t3", "f", "nobody"):
        with pytest.raises(RuleError):
            V.veteranize(UNITS, bad)


@pytest.mark.parametrize("n,lost", [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_half_rounded_up(n, lost):
    assert V.loss_count(n) == lost


def test_loss_of_veteran_status_is_chosen_by_the_power():
    units = [unit(f"v{i}", "power:spain", at="area:milan", veteran=True) for i in range(3)] + [
        unit("m", "minor:papacy", at="area:rome", veteran=True),
        unit("y", "power:france", at="area:lyon", veteran=True),
    ]
    decision = V.loss_decision(units, "power:spain")
    assert decision.count == 2 and decision.options == ("v0", "v1", "v2")
    out = V.lose_veterans(units, decision, ["v0", "v2"])
    assert [u["veteran"] for u in out] == [False, True, False, True, True]
    with pytest.raises(RuleError):
        V.lose_veterans(units, decision, ["v0"])
    with_minor = V.loss_decision(units, "power:spain", ["power:spain", "minor:papacy"])
    assert with_minor.count == 2 and "m" in with_minor.options
    assert V.loss_decision(units, "power:austria") is None


def test_a_decision_survives_a_json_round_trip():
    import json

    from engines.ultima_ratio.counters import Decision

    decision = V.loss_decision([unit("v", "power:spain", at="area:milan", veteran=True)], "power:spain")
    again = Decision.from_dict(json.loads(json.dumps(decision.as_dict())))
    assert again == decision
