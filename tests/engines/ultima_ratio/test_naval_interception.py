"""11.4.1 Intercepting troop strategic movements and 11.4.2 naval support, by players' powers (positions with two
seats at war built by hand: Spain and England with player 2)."""

from __future__ import annotations

from tests.engines.ultima_ratio.support import place
from tests.engines.ultima_ratio.support_war import (
    SQUADRON,
    TROOP,
    area,
    dice_of,
    legal,
    moves,
    play,
    power,
    seat,
    start,
    step,
    through_combat,
    unit,
)


def strategic_move_into_the_atlantic(*enemies: str) -> dict:
    s = start(TROOP + SQUADRON)
    for name in enemies:
        power(s, name)
        unit(s, f"{name}-squadron-1", "squadron", "sea:east-atlantic")
    return moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-troop-1"),
        ("sea", "sea:east-atlantic"),
    )


def test_an_enemy_power_announces_its_interception_and_stops_the_unescorted_troop():
    """l. 614-622: "the enemy squadrons or fleets may announce that they are intercepting"; without escort "the
    interceptor must make at least one battle point"; if it wins "the troops must return to the last departure
    port"."""
    s = strategic_move_into_the_atlantic("power:spain")
    assert step(s) == "sea_interception" and seat(s) == "player2"
    assert legal(s) == {"intercept": ["power:spain-squadron-1"], "no_interception": [None]}
    s, _ = play(s, "intercept", "power:spain-squadron-1")
    assert seat(s) == "player1" and legal(s) == {"no_escort": [None]}  # Portugal's squadron is in port
    s, log = play(s, "no_escort", dice=[3])  # E2 3 -> 3: one battle point
    assert s["units"]["power:portugal-troop-1"]["loc"] == "area:portugal"
    assert any(e["msg"] == "log.strategic_stopped" for e in log) and step(s) == "power_actions"


def test_a_power_that_does_not_intercept_lets_the_movement_go_on():
    s = strategic_move_into_the_atlantic("power:spain")
    s, _ = play(s, "no_interception")
    assert step(s) == "strategic_move" and legal(s) == {"area": ["area:oporto", "area:algarve"]}


def test_the_mover_picks_whom_it_fights_and_goes_on_after_winning_each_combat():
    """l. 616-620: each enemy power selects one fleet; the mover names an escort, "will now select one of these
    fleets and fight against it"; after a tie or a win "the player chooses another one"; all beaten: the
    movement continues."""
    s = start(TROOP + SQUADRON)
    for name in ("power:england", "power:spain"):
        power(s, name)
        unit(s, f"{name}-squadron-1", "squadron", "sea:east-atlantic")
    s = place(s, "power:portugal-squadron-4", "sea:east-atlantic")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-troop-1"),
        ("sea", "sea:east-atlantic"),
    )
    assert legal(s)["intercept"] == ["power:england-squadron-1"]  # each power announces its own
    s = moves(s, ("intercept", "power:england-squadron-1"))
    assert legal(s)["intercept"] == ["power:spain-squadron-1"]
    s = moves(s, ("intercept", "power:spain-squadron-1"))
    assert legal(s) == {"escort": ["power:portugal-squadron-4"], "no_escort": [None]}
    s = moves(s, ("escort", "power:portugal-squadron-4"))
    assert legal(s) == {"fight": ["power:england-squadron-1", "power:spain-squadron-1"]}
    # E3 5 (2 points) against Spain's E2 1 -> 2 (none): won; then England: E3 5 against E2 3 (1 point): won
    s, log = play(s, "fight", "power:spain-squadron-1", dice=[5, 1, 5, 3])
    won = [e["args"]["side"] for e in log if e["msg"] == "combat.won"]
    assert won == ["power:portugal", "power:portugal"]
    assert step(s) == "strategic_move" and "area" in legal(s)


def coastal_attack(defender_fleet: bool, attacker_fleet: bool) -> dict:
    """Spain holds Algarve with a troop; a Portuguese troop in Alentejo attacks it (Algarve is on the East
    Atlantic)."""
    s = start(TROOP + SQUADRON)
    power(s, "power:spain")
    area(s, "area:algarve", "power:spain")
    unit(s, "power:spain-troop-1", "troop", "area:algarve")
    if defender_fleet:
        unit(s, "power:spain-squadron-1", "squadron", "sea:east-atlantic")
    if attacker_fleet:
        s = place(s, "power:portugal-squadron-4", "sea:east-atlantic")
    s = place(s, "power:portugal-troop-1", "area:alentejo")
    return moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:algarve"),
        ("done", None),
    )  # Spain does not evade nor intercept (12.4)


def test_the_defender_announces_naval_support_and_the_attacker_takes_a_disadvantage():
    """11.4.2 l. 626: fleets in adjacent seas "can support these operations ... simply announce the interception,
    and the side you want to support"; 13.3.3: "If there is an enemy fleet giving support, the army has a
    disadvantage"."""
    s = coastal_attack(defender_fleet=True, attacker_fleet=False)
    assert step(s) == "support_announce" and seat(s) == "player2"
    assert legal(s) == {"support": [["power:spain-squadron-1", "defender"]], "no_support": [None]}
    s, log = through_combat(s, "support", ["power:spain-squadron-1", "defender"], dice=[6, 1])
    assert dice_of(log, "power:portugal") == ["Q1:6→5"] and dice_of(log, "power:spain") == ["Q2:1→2"]


def test_when_both_sides_are_supported_the_fleets_fight_first():
    """11.4.2 l. 628-642: "If there are other fleet or squadrons that support both sides, a naval combat first
    occurs"; the side whose fleet wins receives the support."""
    s = coastal_attack(defender_fleet=True, attacker_fleet=True)
    assert seat(s) == "player1" and legal(s)["support"] == [["power:portugal-squadron-4", "attacker"]]
    s = moves(s, ("support", ["power:portugal-squadron-4", "attacker"]))
    # the support battle: E3 5 (2) against E2 1 -> 2 (0); then the land battle, Spain Q2 -> Q1
    s, log = through_combat(s, "support", ["power:spain-squadron-1", "defender"], dice=[5, 1, 3, 3])
    assert any(e["msg"] == "log.naval_support" and e["args"]["side"] == "power:portugal" for e in log)
    assert dice_of(log, "power:portugal")[-1] == "Q2:3→3" and dice_of(log, "power:spain")[-1] == "Q1:3→2"


def test_a_tie_between_the_supporting_fleets_supports_neither_side():
    s = coastal_attack(defender_fleet=True, attacker_fleet=True)
    s = moves(s, ("support", ["power:portugal-squadron-4", "attacker"]))
    s, log = through_combat(s, "support", ["power:spain-squadron-1", "defender"], dice=[1, 3, 3, 3])  # 1 point each
    assert dice_of(log, "power:portugal")[-1] == "Q2:3→3" and dice_of(log, "power:spain")[-1] == "Q2:3→3"


def three_powers() -> dict:
    """Portugal attacks Spain's Algarve; England, at war with Spain only, has a squadron in the East Atlantic too."""
    s = start(TROOP + SQUADRON)
    power(s, "power:spain")
    power(s, "power:england", war=False)
    s["wars"].append(["power:england", "power:spain"])
    area(s, "area:algarve", "power:spain")
    unit(s, "power:spain-troop-1", "troop", "area:algarve")
    unit(s, "power:spain-squadron-1", "squadron", "sea:east-atlantic")
    unit(s, "power:england-squadron-1", "squadron", "sea:east-atlantic")
    s = place(s, "power:portugal-squadron-4", "sea:east-atlantic")
    s = place(s, "power:portugal-troop-1", "area:alentejo")
    return moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:algarve"),
        ("done", None),
    )


def test_the_supported_power_chooses_which_of_its_supporters_fights():
    """11.4.2 l. 626-628: a third power at war with the defender may support the attacker; "If more than one major
    power is supporting one side, the supported power chooses which one will fight"."""
    s = moves(
        three_powers(),
        ("support", ["power:portugal-squadron-4", "attacker"]),
        ("support", ["power:spain-squadron-1", "defender"]),
    )
    assert seat(s) == "player2" and legal(s) == {
        "support": [["power:england-squadron-1", "attacker"]],
        "no_support": [None],
    }  # England is at war with Spain only
    s = moves(s, ("support", ["power:england-squadron-1", "attacker"]))
    assert step(s) == "support_champion" and seat(s) == "player1"
    assert legal(s) == {"champion": ["power:portugal-squadron-4", "power:england-squadron-1"]}
    s, log = through_combat(s, "champion", "power:england-squadron-1", dice=[5, 1, 3, 3])
    assert any(e["msg"] == "combat.won" and e["args"]["side"] == "power:england" for e in log)
    assert dice_of(log, "power:spain")[-1] == "Q1:3→2"
