"""Armies and fleets meeting the players' interceptions and sieges (11.4.1 with 10.3 and 12.3.1; 13.3.5 with
12.2): an army's strategic move intercepted by another player's squadron, a landing's escort fleet fighting as one
against it, an army relieving a siege (positions with two seats at war built by hand, ``support_war.py``). Line
numbers are those of shared/rules/ultima-ratio-regis.txt."""

from __future__ import annotations

from tests.engines.ultima_ratio.support import place
from tests.engines.ultima_ratio.support_war import (
    area,
    battle_record,
    leader,
    legal,
    moves,
    play,
    power,
    seat,
    start,
    step,
    unit,
)

ARMY = ("power:portugal-troop-1", "power:portugal-troop-2")


def army_and_spanish_squadron() -> dict:
    """Two Portuguese troops in Portugal led by a leader; Spain, at war, has a squadron in the East Atlantic."""
    s = start(())
    for uid in ARMY:
        s = place(s, uid, "area:portugal")
    leader(s, "leader:tactical-1", "power:portugal-troop-1")
    power(s, "power:spain")
    unit(s, "power:spain-squadron-1", "squadron", "sea:east-atlantic")
    return s


def test_an_armys_strategic_move_is_intercepted_by_a_players_squadron():
    """10.3 (l. 546-548) with 11.4.1 (l. 614-622): the army moving into the sea is intercepted as a whole; the
    unescorted army beaten at sea goes back to its departure port, all of it."""
    s = moves(
        army_and_spanish_squadron(),
        ("done", None),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-troop-1"),
        ("absorb", "power:portugal-troop-2"),
        ("sea", "sea:east-atlantic"),
    )
    assert step(s) == "sea_interception" and seat(s) == "player2"
    assert s["stack"][-1]["troops"] == list(ARMY)
    s = moves(s, ("intercept", "power:spain-squadron-1"))
    assert seat(s) == "player1" and legal(s) == {"no_escort": [None]}
    s, log = play(s, "no_escort", dice=[3])  # E2 3 -> 3: one battle point
    assert {s["units"][u]["loc"] for u in ARMY} == {"area:portugal"}
    assert any(e["msg"] == "log.strategic_stopped" for e in log) and step(s) == "power_actions"


def test_a_landings_escort_fleet_fights_a_players_interception_as_one():
    """12.3.1 (l. 707-711): two troops land escorted by a two-squadron fleet (11.2, with an admiral); Spain
    announces its interception (11.4.1) and the whole fleet fights it."""
    s = army_and_spanish_squadron()
    for uid in ("power:portugal-squadron-4", "power:portugal-squadron-5"):
        s = place(s, uid, "area:portugal")
    leader(s, "leader:admiral-1", "power:portugal-squadron-4")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "landing"]),
        ("unit", "power:portugal-troop-1"),
        ("absorb", "power:portugal-troop-2"),
        ("march", None),
        ("area", "area:tangier"),
        ("escort", "power:portugal-squadron-4"),
        ("absorb", "power:portugal-squadron-5"),
        ("sail", None),
    )
    assert step(s) == "sea_interception" and s["stack"][-1]["sea"] == "sea:east-atlantic"
    assert s["stack"][-1]["fleet"] == ["power:portugal-squadron-4", "power:portugal-squadron-5"]
    s = moves(s, ("intercept", "power:spain-squadron-1"))
    assert legal(s)["escort"] == ["power:portugal-squadron-4"]  # the fleet, by its flagship (11.2, A-5)
    s = moves(s, ("escort", "power:portugal-squadron-4"))
    frame = next(f for f in reversed(s["stack"]) if f["step"] == "combat")
    assert [u["id"] for u in frame["battle"]["attacker"]["units"]] == [
        "power:portugal-squadron-4",
        "power:portugal-squadron-5",
    ]
    assert [u["id"] for u in frame["battle"]["defender"]["units"]] == ["power:spain-squadron-1"]


def test_the_relief_army_is_the_whole_moving_army():
    """12.2 (l. 697) with 13.3.5 (l. 964-966): an army entering an area where a siege is taking place fights the
    besiegers with all the troops it brought."""
    s = start(())
    power(s, "power:spain")
    area(
        s,
        "area:alentejo",
        "power:portugal",
        fortress={"power": "power:portugal", "built": True, "since": 0},
        siege={"besieger": "power:spain", "casualties": 0},
    )
    unit(s, "power:spain-troop-1", "troop", "area:alentejo")
    s = place(s, "power:portugal-troop-2", "area:alentejo")
    for uid in ("power:portugal-troop-1", "power:portugal-troop-3"):
        s = place(s, uid, "area:portugal")
    leader(s, "leader:tactical-1", "power:portugal-troop-1")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("absorb", "power:portugal-troop-3"),
        ("march", None),
        ("area", "area:alentejo"),
    )
    assert step(s) == "relief_join"
    s, _ = play(s, "join", False)
    assert [u["id"] for u in battle_record(s)["attacker"]["units"]] == [
        "power:portugal-troop-1",
        "power:portugal-troop-3",
    ]
