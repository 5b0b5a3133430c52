"""Fleets kept formed between operations (11.2, RULINGS A-5) — formed by their own operations, attacked (11.3),
intercepting (11.4.1) and supporting (11.4.2) with all their squadrons — and an intercepting army choosing the
troops that go (12.4.1 with 10.3). Positions with two seats at war built by hand (``support_war.py``); line numbers
are those of shared/rules/ultima-ratio-regis.txt."""

from __future__ import annotations

from engines.ultima_ratio.movement import fleets
from tests.engines.ultima_ratio.support import GAME, place
from tests.engines.ultima_ratio.support_war import (
    SQUADRON,
    TROOP,
    area,
    battle_record,
    leader,
    legal,
    moves,
    power,
    seat,
    start,
    step,
    unit,
)
from tests.engines.ultima_ratio.test_land_battles import spanish_army

SPANISH_FLEET = ["power:spain-squadron-1", "power:spain-squadron-2"]


def spanish_fleet(s: dict) -> dict:
    """Spain (at war with Portugal) holds Algarve, a base on the East Atlantic, and keeps there a fleet of two
    squadrons under an admiral, formed in one of its impulses (the state's ``fleets``)."""
    if "power:spain" not in s["powers"]:
        power(s, "power:spain")
    area(s, "area:algarve", "power:spain")
    for uid in SPANISH_FLEET:
        unit(s, uid, "squadron", "sea:east-atlantic")
    leader(s, "leader:admiral-2", "power:spain-squadron-1", "power:spain")
    s.setdefault("fleets", []).append(list(SPANISH_FLEET))
    return s


def kept_fleets_at_war() -> dict:
    """Spain's kept fleet and Portugal's fleet formed in the East Atlantic, a Spanish troop in Algarve and a
    Portuguese one in Alentejo beside it (for the war walks)."""
    s = spanish_fleet(portuguese_fleet_formed())
    unit(s, "power:spain-troop-1", "troop", "area:algarve")
    return place(s, "power:portugal-troop-1", "area:alentejo")


def defenders(s: dict) -> list[str]:
    return [u["id"] for u in battle_record(s)["defender"]["units"]]


# ----- 11.2 a fleet stays formed while stacked -----------------------------------------------------------------
def portuguese_fleet_formed() -> dict:
    """Portugal's admiral's squadron absorbs the other squadron in the East Atlantic in a naval tactical movement
    (11.3) and stops there."""
    s = start(TROOP + SQUADRON)
    s = place(
        place(s, "power:portugal-squadron-4", "sea:east-atlantic"), "power:portugal-squadron-5", "sea:east-atlantic"
    )
    leader(s, "leader:admiral-1", "power:portugal-squadron-4")
    return moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "naval_move"]),
        ("unit", "power:portugal-squadron-4"),
        ("absorb", "power:portugal-squadron-5"),
        ("sea", "sea:east-atlantic"),
        ("stop", None),
    )


def test_a_fleet_formed_by_its_operation_is_kept_and_sets_out_formed():
    """11.2 (l. 590): "A fleet is a group of one or several squadrons ... indicated by stacking these squadrons";
    the next operation of its flagship starts with the whole fleet (it may still leave squadrons, l. 596)."""
    s = portuguese_fleet_formed()
    assert s["fleets"] == [["power:portugal-squadron-4", "power:portugal-squadron-5"]]
    assert fleets.fleet_of(s, GAME.board, "power:portugal-squadron-5") == [
        "power:portugal-squadron-4",
        "power:portugal-squadron-5",
    ]
    s = moves(s, ("act", ["power:portugal", "naval_move"]), ("unit", "power:portugal-squadron-4"))
    assert legal(s)["leave"] == ["power:portugal-squadron-5"] and "absorb" not in legal(s)


def test_a_squadron_that_acts_alone_leaves_its_fleet():
    """11.2 (l. 596): the player "can freely ... disassemble the fleets" in his impulse: a squadron that moves on
    its own is no longer part of the fleet."""
    s = moves(
        portuguese_fleet_formed(),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-squadron-5"),
        ("area", "area:portugal"),
        ("stop", None),
    )
    assert s["units"]["power:portugal-squadron-5"]["loc"] == "area:portugal"
    assert s["fleets"] == [] and fleets.fleet_of(s, GAME.board, "power:portugal-squadron-4") == [
        "power:portugal-squadron-4"
    ]


def test_a_fleet_without_its_leader_is_no_fleet():
    """11.2: "one of them must at least be assigned a leader"."""
    s = spanish_fleet(start(TROOP + SQUADRON))
    assert fleets.fleet_of(s, GAME.board, "power:spain-squadron-2") == SPANISH_FLEET
    s["leaders"]["leader:admiral-2"]["unit"] = "power:spain-troop-9"
    assert fleets.fleet_of(s, GAME.board, "power:spain-squadron-2") == ["power:spain-squadron-2"]


# ----- attacked, intercepting, supporting with all its squadrons ------------------------------------------------
def test_an_attacked_fleet_withdraws_or_fights_with_all_its_squadrons():
    """11.3 (l. 602): "the player announces which enemy fleets he wants to attack. The attacked fleets can then
    engage in naval battle ..., or withdraw to its naval base"."""
    s = spanish_fleet(start(TROOP + SQUADRON))
    s = place(s, "power:portugal-squadron-4", "sea:east-atlantic")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "naval_move"]),
        ("unit", "power:portugal-squadron-4"),
        ("sea", "sea:east-atlantic"),
    )
    assert legal(s)["attack"] == ["power:spain-squadron-1"]  # the fleet, by its flagship
    s = moves(s, ("attack", "power:spain-squadron-1"))
    assert step(s) == "naval_response" and seat(s) == "player2"
    fought = moves(s, ("fight", None))
    assert defenders(fought) == SPANISH_FLEET
    withdrew = moves(s, ("withdraw", None))
    assert {withdrew["units"][u]["loc"] for u in SPANISH_FLEET} == {"area:algarve"}


def test_a_kept_fleet_intercepts_a_strategic_movement_with_all_its_squadrons():
    """11.4.1 (l. 614-616): "Each enemy major power that wishes to intercept selects one of its fleets or
    squadrons"; the fleet fights with all its squadrons."""
    s = spanish_fleet(start(TROOP + SQUADRON))
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-troop-1"),
        ("sea", "sea:east-atlantic"),
    )
    assert step(s) == "sea_interception" and seat(s) == "player2"
    assert legal(s) == {"intercept": ["power:spain-squadron-1"], "no_interception": [None]}
    s = moves(s, ("intercept", "power:spain-squadron-1"), ("no_escort", None))
    assert step(s) == "combat_decision" and defenders(s) == SPANISH_FLEET


def test_a_kept_fleet_supports_and_fights_with_all_its_squadrons():
    """11.4.2 (l. 626-628): "fleets or squadrons in adjacent seas can support these operations"; with both sides
    supported "a naval combat first occurs" between the fleets."""
    s = spanish_fleet(start(TROOP + SQUADRON))
    unit(s, "power:spain-troop-1", "troop", "area:algarve")
    s = place(place(s, "power:portugal-squadron-4", "sea:east-atlantic"), "power:portugal-troop-1", "area:alentejo")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:algarve"),
        ("done", None),
        ("support", ["power:portugal-squadron-4", "attacker"]),
    )
    assert seat(s) == "player2" and legal(s) == {
        "support": [["power:spain-squadron-1", "defender"]],
        "no_support": [None],
    }
    s = moves(s, ("support", ["power:spain-squadron-1", "defender"]))
    assert step(s) == "combat_decision" and defenders(s) == SPANISH_FLEET
    assert [u["id"] for u in battle_record(s)["attacker"]["units"]] == ["power:portugal-squadron-4"]


# ----- 12.4.1 the intercepting army chooses its troops -----------------------------------------------------------
def spanish_stack(count: int, at: str = "area:andalusia", ability: str = "tactical") -> dict:
    s = spanish_army(ability, at)
    for n in range(3, count + 1):
        unit(s, f"power:spain-troop-{n}", "troop", f"{at}")
    return s


def test_an_intercepting_army_takes_the_troops_its_player_chooses():
    """12.4.1 (l. 729-731): "displacing troops from the pointed area"; 10.3: the leader's troop, then the troops
    taken along one at a time; the others stay."""
    s = moves(spanish_stack(3), ("intercept_army", "area:andalusia"))
    assert legal(s) == {"absorb": ["power:spain-troop-2", "power:spain-troop-3"]}  # an army is several troops
    s = moves(s, ("absorb", "power:spain-troop-3"))
    assert legal(s) == {"absorb": ["power:spain-troop-2"], "done": [None]}
    s = moves(s, ("done", None))
    locs = {u: s["units"][u]["loc"] for u in ("power:spain-troop-1", "power:spain-troop-2", "power:spain-troop-3")}
    assert locs == {
        "power:spain-troop-1": "area:algarve",
        "power:spain-troop-2": "area:andalusia",
        "power:spain-troop-3": "area:algarve",
    }
    assert step(s) == "land_reaction" and "intercept" not in legal(s) and "intercept_army" not in legal(s)


def test_an_intercepting_army_has_four_troops_at_most_and_must_fit_the_area():
    """10.3 (l. 544) "up to four troops"; 15.1.1 (l. 1154) the army ends its movement in the area entered."""
    s = moves(
        spanish_stack(5),
        ("intercept_army", "area:andalusia"),
        ("absorb", "power:spain-troop-2"),
        ("absorb", "power:spain-troop-3"),
        ("absorb", "power:spain-troop-4"),
    )
    assert legal(s) == {"done": [None]}
    s = spanish_stack(4)
    unit(s, "power:spain-troop-8", "troop", "area:algarve")
    unit(s, "power:spain-troop-9", "troop", "area:algarve")
    s = moves(s, ("intercept_army", "area:andalusia"), ("absorb", "power:spain-troop-2"))
    assert legal(s) == {"done": [None]}  # Algarve has room for two more


def test_the_player_chooses_whose_leader_leads_the_intercepting_army():
    s = spanish_stack(3)
    leader(s, "leader:tactical-2", "power:spain-troop-2", "power:spain")
    s = moves(s, ("intercept_army", "area:andalusia"))
    assert legal(s) == {"lead": ["power:spain-troop-1", "power:spain-troop-2"]}
    s = moves(s, ("lead", "power:spain-troop-2"))
    assert legal(s) == {"absorb": ["power:spain-troop-1", "power:spain-troop-3"]}


def test_a_kept_fleet_holds_no_more_squadrons_than_its_base_allows():
    """15.1.2 (l. 1164): "Fleets at sea have the same stacking limit as the naval base from which they operate" —
    with a mini-map domain as base (limit 2) the squadron left by the fleet stays a fleet of its own, and a fleet
    kept over the limit fights with the first two."""
    from tests.engines.ultima_ratio.support import at_first_impulse
    from tests.engines.ultima_ratio.test_armies import own, with_leader

    trio = ["power:portugal-squadron-4", "power:portugal-squadron-5", "power:portugal-squadron-6"]
    s = own(at_first_impulse(), "area:guinea")
    s["naval_distance"]["elsewhere"] = 1
    for uid in trio:
        s = place(s, uid, "area:guinea")
    s = with_leader(s, "leader:admiral-1", "power:portugal-squadron-4")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-squadron-4"),
        ("absorb", "power:portugal-squadron-5"),
        ("absorb", "power:portugal-squadron-6"),
        ("sea", "sea:gulf-of-guinea"),
        ("leave", "power:portugal-squadron-6"),
        ("stop", None),
    )
    assert s["fleets"] == [trio[:2]] and fleets.fleet_of(s, GAME.board, trio[2]) == trio[2:]
    s["fleets"] = [list(trio)]
    assert fleets.fleet_of(s, GAME.board, trio[0]) == trio[:2]
    assert fleets.acting(s, GAME.board, trio) == ["power:portugal-squadron-4", "power:portugal-squadron-6"]


# ----- 11.2 assembled and disassembled at will in one's impulse (RULINGS FK-5) ------------------------------------
def test_fleets_are_assembled_and_disassembled_freely_in_the_impulse():
    """11.2 (l. 596): "At any time during his impulse, a player can freely (without spending actions) assemble or
    disassemble the fleets that he wishes that are in the same sea": at the start of the impulse the squadron joins
    the admiral's fleet at no cost, leaves it again after another move, and a squadron in port is not offered."""
    s = start(TROOP + SQUADRON)
    s = place(
        place(s, "power:portugal-squadron-4", "sea:east-atlantic"), "power:portugal-squadron-5", "sea:east-atlantic"
    )
    leader(s, "leader:admiral-1", "power:portugal-squadron-4")
    assert step(s) == "start_of_impulse"
    assert legal(s)["join_fleet"] == [["power:portugal-squadron-5", "power:portugal-squadron-4"]]
    assert "leave_fleet" not in legal(s)
    s = moves(s, ("join_fleet", ["power:portugal-squadron-5", "power:portugal-squadron-4"]))
    assert fleets.fleet_of(s, GAME.board, "power:portugal-squadron-5") == [
        "power:portugal-squadron-4",
        "power:portugal-squadron-5",
    ]
    assert "join_fleet" not in legal(s) and "leave_fleet" not in legal(s)  # once between two other moves
    actions_before = s["impulse"]["actions"]
    s = moves(s, ("done", None))
    assert step(s) == "power_actions" and s["impulse"]["actions"] == actions_before  # it cost no action
    assert legal(s)["leave_fleet"] == [["power:portugal-squadron-5"]]
    s = moves(s, ("leave_fleet", ["power:portugal-squadron-5"]))
    assert fleets.fleet_of(s, GAME.board, "power:portugal-squadron-4") == ["power:portugal-squadron-4"]
    assert fleets.fleet_of(s, GAME.board, "power:portugal-squadron-5") == ["power:portugal-squadron-5"]


def test_a_squadron_in_port_or_at_another_sea_is_not_assembled():
    s = start(TROOP + SQUADRON)
    s = place(place(s, "power:portugal-squadron-4", "sea:east-atlantic"), "power:portugal-squadron-5", "area:portugal")
    leader(s, "leader:admiral-1", "power:portugal-squadron-4")
    assert "join_fleet" not in legal(s)
