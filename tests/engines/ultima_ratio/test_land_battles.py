"""13.3.1 sorties, 13.3.5 relief battles, 13.3.7 the Casus Belli of control, 12.4.1 interceptions by armies and
the determined commander, 8.2.2 leader swaps and moves — in positions with two seats at war built by hand."""

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
    through_combat,
    unit,
)

FORT = {"power": "power:portugal", "built": True, "since": 0}


def besieged_alentejo(casualties: int = 0, inside: int = 1) -> dict:
    """A Portuguese fortress in Alentejo (open) besieged by a Spanish troop, ``inside`` Portuguese troops in it."""
    s = start()
    power(s, "power:spain")
    area(
        s,
        "area:alentejo",
        "power:portugal",
        fortress=dict(FORT),
        siege={"besieger": "power:spain", "casualties": casualties},
    )
    unit(s, "power:spain-troop-1", "troop", "area:alentejo")
    for n in range(2, 2 + inside):
        s = place(s, f"power:portugal-troop-{n}", "area:alentejo")
    return s


def test_a_sortie_at_the_start_of_the_impulse_drives_the_besiegers_out():
    """13.3.1 l. 934: "a besieged army decides to make a sortie and give open battle to a besieging force. At the
    start of a player's impulse, this can be done without cost"; 13.3.3 l. 947: a disadvantage per siege
    casualty; 13.3.4 l. 960: "fortresses cannot participate in sorties"."""
    s = besieged_alentejo(casualties=1)
    assert legal(s)["sortie"] == [["power:portugal", "area:alentejo"]]
    s, _ = play(s, "sortie", ["power:portugal", "area:alentejo"])
    assert step(s) == "combat_decision" and seat(s) == "player2"
    assert legal(s) == {"battlefield": [3, 4]}  # l. 956: sorties, open terrain: down to three
    assert [u["id"] for u in battle_record(s)["attacker"]["units"]] == ["power:portugal-troop-2"]  # no fortress
    # Q2 - 1 = Q1 6 -> 5 (2 points) against Q2 1 -> 2: the besiegers lose and, with nowhere to go, disperse
    s, _ = through_combat(s, "battlefield", 3, dice=[6, 1])
    assert s["units"]["power:spain-troop-1"]["loc"] == "box:dispersed-wm"
    assert s["areas"]["area:alentejo"]["siege"] is None
    assert step(s) == "start_of_impulse" and "sortie" not in legal(s)


def test_the_survivors_of_a_lost_sortie_remain_besieged():
    """13.3.6 l. 980: "In the case of defeat of a besieged force that made a sortie, the survivors also remain
    besieged"."""
    s = besieged_alentejo(casualties=0, inside=2)
    # Q2 3 (1 point) and 1 -> 2 against Q2 5 (2 points, no casualty): Portugal loses, one disband result
    s, log = through_combat(
        s, "sortie", ["power:portugal", "area:alentejo"], dice=[3, 1, 5], answers={"battlefield": 4}
    )
    assert s["areas"]["area:alentejo"]["siege"]["besieger"] == "power:spain"
    assert any(e["msg"] == "combat.won" and e["args"]["side"] == "power:spain" for e in log)
    inside = [
        u for u in ("power:portugal-troop-2", "power:portugal-troop-3") if s["units"][u]["loc"] == "area:alentejo"
    ]
    assert len(inside) == 1 and step(s) == "start_of_impulse" and "sortie" not in legal(s)


def relief(casualties: int = 0) -> dict:
    s = besieged_alentejo(casualties)
    s = place(s, "power:portugal-troop-1", "area:portugal")
    return moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:alentejo"),
    )


def test_a_relief_battle_with_the_besieged_joining():
    """13.3.5 l. 966-970: an army enters an area where a siege is taking place; "the besieged troops can join the
    fight, but in this case they will take as many disadvantages as siege casualties"; the winner of its own
    besieged "can withdraw all troops he wants (including the besieged) to the area they entered"."""
    s = relief(casualties=1)
    assert step(s) == "relief_join" and legal(s) == {"join": [True, False]}
    s, _ = play(s, "join", True)
    record = battle_record(s)
    assert record["relief"] and [u["id"] for u in record["besieged"]["units"]] == ["power:portugal-troop-2"]
    assert record["siege_casualties"] == 1
    # Spain marks 3; Portugal Q2 -1 = Q1: 6 -> 5 and 6 -> 5 (4 points) against Q2 1 -> 2: the besiegers disperse
    s, _ = through_combat(s, "battlefield", 3, dice=[6, 6, 1])
    assert (
        s["units"]["power:spain-troop-1"]["loc"] == "box:dispersed-wm" and s["areas"]["area:alentejo"]["siege"] is None
    )
    assert step(s) == "relief_withdraw"
    assert legal(s) == {"withdraw": ["power:portugal-troop-1", "power:portugal-troop-2"], "done": [None]}
    s, _ = play(s, "withdraw", "power:portugal-troop-2")
    s, _ = play(s, "done")
    assert s["units"]["power:portugal-troop-2"]["loc"] == "area:portugal" and step(s) == "power_actions"


def test_a_beaten_relief_army_goes_back_and_the_besieged_stay():
    """13.3.5 l. 968: "If the attacker is defeated, the besieged units that participated in the combat must
    retreat to the fortress"; 13.3.6: the attacker retreats to the area where he entered."""
    s = relief()
    s, _ = play(s, "join", False)
    assert battle_record(s)["besieged"] is None
    s, _ = through_combat(s, "battlefield", 4, dice=[1, 5])  # Q2 1 -> 2 against Q2 5: Portugal loses
    assert s["units"]["power:portugal-troop-1"]["loc"] in ("area:portugal", "box:dispersed-wm")
    assert s["units"]["power:portugal-troop-2"]["loc"] == "area:alentejo" and s["areas"]["area:alentejo"]["siege"]
    assert step(s) == "power_actions"


def test_joining_ones_own_siege_keeps_its_casualties_and_fights_nobody():
    """13.4.1 / 13.4.2: the besieged stay behind their walls, and "accumulated siege casualties are not
    eliminated" while the siege lasts."""
    s = start()
    power(s, "power:spain")
    area(
        s,
        "area:alentejo",
        "power:spain",
        fortress={"power": "power:spain", "built": True, "since": 0},
        siege={"besieger": "power:portugal", "casualties": 2},
    )
    unit(s, "power:spain-troop-1", "troop", "area:alentejo")
    unit(s, "power:spain-troop-2", "troop", "area:alentejo")
    s = place(s, "power:portugal-troop-2", "area:alentejo")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:alentejo"),
        ("done", None),
    )  # Spain, which controls the area, does not react
    assert s["areas"]["area:alentejo"]["siege"] == {"besieger": "power:portugal", "casualties": 2}
    assert s["units"]["power:portugal-troop-1"]["loc"] == "area:alentejo" and step(s) == "power_actions"


def test_taking_a_third_powers_area_gives_it_a_casus_belli():
    """13.3.7 l. 986 / 21.3.2 l. 1645: "If the area belonged to a third side with which the winner is not at war,
    this creates a Casus Belli for the third side against the major power"."""
    s = start()
    power(s, "power:spain")
    power(s, "power:england", war=False)
    area(s, "area:alentejo", "power:england", control="power:spain")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:alentejo"),
        ("done", None),
        ("subjugate", "area:alentejo"),
    )
    assert s["areas"]["area:alentejo"]["control"] == "power:portugal"
    assert s["casus_belli"] == [["power:england", "power:portugal"]]


def test_no_casus_belli_for_an_owner_at_war_with_the_taker():
    s = start()
    power(s, "power:spain")
    power(s, "power:england")
    area(s, "area:alentejo", "power:england", control="power:spain")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:alentejo"),
        ("done", None),
        ("subjugate", "area:alentejo"),
    )
    assert s["areas"]["area:alentejo"]["control"] == "power:portugal" and s["casus_belli"] == []


def spanish_army(ability: str, at: str) -> dict:
    """Spain controls Algarve (empty, attacked from Portugal's Alentejo), Andalusia and Granada; its army of two
    troops and an extraordinary leader stands in ``at``."""
    s = start()
    power(s, "power:spain")
    for name in ("area:algarve", "area:andalusia", "area:granada"):
        area(s, name, "power:spain")
    unit(s, "power:spain-troop-1", "troop", f"{at}")
    unit(s, "power:spain-troop-2", "troop", f"{at}")
    leader(s, f"leader:{ability}-1", "power:spain-troop-1", "power:spain")
    s = place(s, "power:portugal-troop-1", "area:alentejo")
    return moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:algarve"),
    )


def test_an_army_intercepts_from_an_adjacent_area():
    """12.4.1 l. 731: "Armies (that is, several troops stacked with a leader) adjacent to controlled areas can
    intercept"."""
    s = spanish_army("tactical", "area:andalusia")
    assert step(s) == "land_reaction" and legal(s)["intercept_army"] == ["area:andalusia"]
    s = moves(s, ("intercept_army", "area:andalusia"), ("absorb", "power:spain-troop-2"), ("done", None))
    assert [s["units"][u]["loc"] for u in ("power:spain-troop-1", "power:spain-troop-2")] == ["area:algarve"] * 2
    assert "intercept" not in legal(s) and "intercept_army" not in legal(s)


def test_only_a_determined_commanders_army_intercepts_from_two_areas():
    """17.3.2 (determined): "He can make interceptions with several troops at 2 areas of distance"."""
    s = spanish_army("tactical", "area:granada")
    assert "intercept_army" not in legal(s)
    s = spanish_army("determined", "area:granada")
    assert legal(s)["intercept_army"] == ["area:granada"]


def test_an_intercepted_determined_commander_fights_as_a_tactical_one():
    """17.3.2 (determined): "in land combats where he is intercepted he fights as a tactical leader"."""
    s = start()
    power(s, "power:spain")
    area(s, "area:algarve", "power:spain")
    unit(s, "power:spain-troop-1", "troop", "area:andalusia")
    area(s, "area:andalusia", "power:spain")
    s = place(s, "power:portugal-troop-1", "area:alentejo")
    leader(s, "leader:determined-1", "power:portugal-troop-1")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:algarve"),
        ("intercept", "power:spain-troop-1"),
    )
    s, _ = play(s, "done")
    assert battle_record(s)["intercepted"] is True
    # no conscript; then, after the roll (Q2 4 and Q2 1), Portugal is asked for the tactical +1 (17.3.2)
    assert legal(s) == {"conscript": [True, False]}
    s, _ = play(s, "conscript", False, dice=[4, 1])
    assert seat(s) == "player1" and "bonus" in legal(s)


def two_leaders(besieged: bool = False) -> dict:
    s = start()
    s = place(s, "power:portugal-troop-2", "area:oporto")
    s = place(s, "power:portugal-squadron-1", "area:portugal")
    leader(s, "leader:tactical-1", "power:portugal-troop-1")
    leader(s, "leader:admiral-1", "power:portugal-troop-2")
    if besieged:
        power(s, "power:spain")
        area(
            s, "area:oporto", "power:portugal", fortress=dict(FORT), siege={"besieger": "power:spain", "casualties": 0}
        )
        unit(s, "power:spain-troop-1", "troop", "area:oporto")
    return s


def test_a_power_swaps_two_leaders_at_the_start_of_its_impulse_once():
    """8.2.2 l. 379: "Each major power may also swap two of its leaders, simultaneously replacing one for the
    other, provided neither is besieged"."""
    s = two_leaders()
    assert legal(s)["swap_leaders"] == [["leader:admiral-1", "leader:tactical-1"]]
    s, _ = play(s, "swap_leaders", ["leader:admiral-1", "leader:tactical-1"])
    assert s["leaders"]["leader:admiral-1"]["unit"] == "power:portugal-troop-1"
    assert s["leaders"]["leader:tactical-1"]["unit"] == "power:portugal-troop-2"
    assert "swap_leaders" not in legal(s)
    assert "swap_leaders" not in legal(two_leaders(besieged=True))


def test_a_power_moves_one_leader_at_the_end_of_its_impulse():
    """8.2.2 l. 405: "Each power may also move a single leader over a troop, fleet or fortress of its own (as
    long as the leader was not besieged and does not end up this way)"."""
    s = moves(two_leaders(besieged=True), ("done", None), ("end_impulse", None))
    assert step(s) == "end_of_impulse"
    # the admiral is besieged in Oporto: he may not move, and nobody may join him there
    assert legal(s)["move_leader"] == [["leader:tactical-1", "power:portugal-squadron-1"]]
    s, _ = play(s, "move_leader", ["leader:tactical-1", "power:portugal-squadron-1"])
    assert s["leaders"]["leader:tactical-1"]["unit"] == "power:portugal-squadron-1" and "move_leader" not in legal(s)


def test_a_later_sortie_costs_a_tactical_action():
    """13.3.1 l. 934: "if it is done later, it requires a tactical action"."""
    s = moves(besieged_alentejo(), ("done", None))
    assert ["power:portugal", "sortie"] in legal(s)["act"]
    s = moves(s, ("act", ["power:portugal", "sortie"]))
    assert step(s) == "sortie_action" and legal(s) == {"area": ["area:alentejo"]}
    s, _ = through_combat(s, "area", "area:alentejo", dice=[6, 1], answers={"battlefield": 4})
    assert s["areas"]["area:alentejo"]["siege"] is None and s["impulse"]["actions"]["power:portugal"] == 1


def test_the_control_taken_from_a_third_power_returns_to_it_at_the_end_of_the_turn():
    """13.3.7 l. 986: "the major power must eliminate the control marker (if still retained) at the end of the turn,
    returning it to the nominal owner"."""
    from tests.engines.ultima_ratio.support import PASSIVE

    s = start()
    power(s, "power:spain")
    power(s, "power:england", war=False)
    area(s, "area:alentejo", "power:england", control="power:spain")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:alentejo"),
        ("done", None),
        ("subjugate", "area:alentejo"),
    )
    assert s["areas"]["area:alentejo"]["control"] == "power:portugal"
    for _ in range(400):  # the passive choices to the next turn
        if s["turn"] > 1:
            break
        options = legal(s)
        verb = next((v for v in PASSIVE if v in options), next(iter(options)))
        s, _ = play(s, verb, options[verb][0])
    assert s["turn"] == 2 and s["areas"]["area:alentejo"]["control"] == "power:england"
