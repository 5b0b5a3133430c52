"""17.1 a leader changes unit in another player's impulse (RULINGS L-17.1, L-17.2): before a combat there (into or out
of the force), right after it (to stay when his unit is dispersed or retreats, or to go with it), and before an
evasion or interception (12.4). Spain is seated with player 2, at war with Portugal (player 1), whose impulse it is.
Line numbers are those of shared/rules/ultima-ratio-regis.txt."""

from __future__ import annotations

import random

from engines.core.chance import scripted
from engines.ultima_ratio.bots.heuristic import heuristic_bot
from tests.engines.ultima_ratio.support import GAME, at_first_impulse, place, texts
from tests.engines.ultima_ratio.support_war import (
    TROOP,
    area,
    battle_record,
    leader,
    legal,
    moves,
    play,
    power,
    seat,
    step,
    through_combat,
    unit,
)

FORT = {"power": "power:spain", "built": True, "since": 0}


def attack_on_elmina(on: str, fortress: bool = True, troops: int = 2, seat_of_spain: str = "player2") -> dict:
    """Portugal's troop in Guinea announces a tactical move; Spain holds Elmina (its troops, a fortress, the ordinary
    leader Tactical 1 on ``on``) and Hausa, where its troops may retreat."""
    s = at_first_impulse(deploy=TROOP)
    s["areas"]["area:guinea"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = place(s, "power:portugal-troop-1", "area:guinea")
    power(s, "power:spain", seat=seat_of_spain)
    area(s, "area:elmina", "power:spain", fortress=dict(FORT) if fortress else None)
    area(s, "area:hausa", "power:spain")
    for n in range(1, troops + 1):
        unit(s, f"power:spain-troop-{n}", "troop", "area:elmina")
    leader(s, "leader:tactical-1", on, "power:spain")
    s["leaders"]["leader:tactical-1"]["extraordinary"] = False
    s["impulse"]["actions"] = {"power:portugal": 2, "power:spain": 0}
    return moves(s, ("done", None), ("act", ["power:portugal", "tactical_move"]), ("unit", "power:portugal-troop-1"))


def elmina_attacked() -> dict:
    """The move into Elmina announced, Spain's reaction due (for the war walks)."""
    s, _ = play(attack_on_elmina(on="power:spain-troop-1"), "area", "area:elmina")
    return s


def combat_decisions(s: dict, dice: list[int]) -> tuple[dict, list]:
    """The combat's decisions answered by their seats (every unit fights, the first option), ``dice`` rolled."""
    log: list = []
    with scripted(dice) as script:
        while step(s) == "combat_decision":
            options = legal(s)
            kind = next(v for v in options if v != "done")
            played = GAME.play(s, seat(s), kind, False if False in options[kind] else options[kind][0])
            s, log = played.state, log + list(played.log)
    assert script.used == len(dice)
    return s, log


def test_before_a_battle_a_leader_on_the_fortress_is_in_the_force_already():
    """13.3.4 (l. 960): "Fortresses can participate in land battles by rolling a Q3 die"; 17.3.2: a leader is in the
    combat "where he is present" (RULINGS L-17.5). The leader on the fortress, which fights with the army, is in
    Spain's force (``battles.force``): no change into or out of the force exists, so no prompt before the battle."""
    s = attack_on_elmina(on="fortress:area:elmina")
    s = moves(s, ("area", "area:elmina"), ("done", None))  # no reaction
    assert step(s) == "combat_decision"
    assert battle_record(s)["defender"]["leaders"] == [{"id": "leader:tactical-1", "ability": None}]


def test_right_after_the_battle_he_stays_on_the_fortress_when_his_troops_retreat():
    """17.1 (l. 1201-1203): "The leader follows this unit, whether it is dispersed or eliminated. However, the leader
    may be attached to any own troop or fortress in the area ... (even during or right after a combat)"; 13.3.6: the
    loser retreats. Portugal's 5 (2 points) beats Spain's 2, 2, 3 (1 point): troop 1, carrying him, is dispersed."""
    s = attack_on_elmina(on="power:spain-troop-1")
    s = moves(s, ("area", "area:elmina"), ("done", None))
    s, log = combat_decisions(s, [5, 1, 1, 1])
    assert any(e["msg"] == "combat.dispersed" and e["args"]["units"] == ["power:spain-troop-1"] for e in log)
    assert step(s) == "leader_change" and seat(s) == "player2"
    # to stay (the fortress) or to go with the troop that retreats instead of the dispersed one
    assert legal(s) == {
        "attach_leader": [["leader:tactical-1", "fortress:area:elmina"], ["leader:tactical-1", "power:spain-troop-2"]],
        "done": [None],
    }
    s, _ = play(s, "attach_leader", ["leader:tactical-1", "fortress:area:elmina"])
    assert step(s) == "defeated_retreat"
    s, _ = play(s, "retreat", ["power:spain-troop-2", "area:hausa"])
    assert s["units"]["power:spain-troop-1"]["loc"] == "box:dispersed-af"
    assert s["units"]["power:spain-troop-2"]["loc"] == "area:hausa"
    assert s["leaders"]["leader:tactical-1"]["unit"] == "fortress:area:elmina"


def test_declining_he_follows_his_dispersed_troop():
    s = attack_on_elmina(on="power:spain-troop-1")
    s = moves(s, ("area", "area:elmina"), ("done", None))
    s, _ = combat_decisions(s, [5, 1, 1, 1])
    s = moves(s, ("done", None), ("retreat", ["power:spain-troop-2", "area:hausa"]))
    assert s["leaders"]["leader:tactical-1"]["unit"] == "power:spain-troop-1"
    assert s["units"]["power:spain-troop-1"]["loc"] == "box:dispersed-af"


def test_before_an_evasion_he_stays_on_a_troop_that_does_not_disperse():
    """12.4.2: "This dispersing can also be done with a part of the force"; 17.1: he may first go to another troop."""
    s = attack_on_elmina(on="power:spain-troop-1", fortress=False)
    s, _ = play(s, "area", "area:elmina")
    assert step(s) == "land_reaction" and legal(s)["attach_leader"] == [["leader:tactical-1", "power:spain-troop-2"]]
    s, _ = play(s, "attach_leader", ["leader:tactical-1", "power:spain-troop-2"])
    assert "attach_leader" not in legal(s)  # once at this moment
    s, _ = play(s, "disperse", "power:spain-troop-1")
    assert s["units"]["power:spain-troop-1"]["loc"] == "box:dispersed-af"
    assert (
        s["leaders"]["leader:tactical-1"]["unit"] == "power:spain-troop-2"
        and s["units"]["power:spain-troop-2"]["loc"] == "area:elmina"
    )


def test_no_prompt_when_he_has_nowhere_to_go():
    """A prompt only when a leader of the power is in the combat's stacks with another own unit to go to: a lone
    troop carrying him has none — no step before the battle, none after it, no change in the reaction."""
    s = attack_on_elmina(on="power:spain-troop-1", fortress=False, troops=1)
    s, _ = play(s, "area", "area:elmina")
    assert "attach_leader" not in legal(s)
    s, _ = play(s, "done")
    assert step(s) == "combat_decision"
    s, _ = combat_decisions(s, [5, 1])
    assert step(s) != "leader_change"


def test_the_player_whose_impulse_it_is_is_not_asked_before_the_combat():
    """RULINGS L-17.1: Spain seated with Portugal's player is arranged in his own impulse (L-12): no step before the
    combat, though admiral 3 could go aboard the intercepting fleet (as in the interception test below)."""
    from tests.engines.ultima_ratio.support_war import SQUADRON, start
    from tests.engines.ultima_ratio.test_fleets_kept import spanish_fleet

    s = start(TROOP + SQUADRON)
    power(s, "power:spain", seat="player1")
    s = spanish_fleet(s)
    unit(s, "power:spain-squadron-3", "squadron", "sea:east-atlantic")
    leader(s, "leader:admiral-3", "power:spain-squadron-3", "power:spain")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-troop-1"),
        ("sea", "sea:east-atlantic"),
        ("intercept", "power:spain-squadron-1"),
        ("no_escort", None),
    )
    assert step(s) != "leader_change" and battle_record(s)["kind"] == "interception"


def test_no_prompt_when_the_winner_loses_nothing():
    """Right after a combat his units that stay have nothing to leave: Spain beats Portugal's attack (6, 6, 2 → 5
    points against 0) and is not asked."""
    s = attack_on_elmina(on="power:spain-troop-1")
    s = moves(s, ("area", "area:elmina"), ("done", None))
    s, _ = combat_decisions(s, [1, 6, 6, 2])
    assert step(s) != "leader_change" and s["leaders"]["leader:tactical-1"]["unit"] == "power:spain-troop-1"


def test_the_heuristic_bot_keeps_his_leaders_where_they_are():
    s = attack_on_elmina(on="power:spain-troop-1")
    s = moves(s, ("area", "area:elmina"), ("done", None))
    s, _ = combat_decisions(s, [5, 1, 1, 1])
    assert step(s) == "leader_change"
    assert heuristic_bot(GAME, GAME.view(s, "player2"), "player2", random.Random(0)) == ("done", None)


def test_the_conformance_helpers_decline_it():
    """``support_war.through_combat`` answers the new step with ``done`` (used by the positions at war)."""
    s = attack_on_elmina(on="power:spain-troop-1")
    s, _ = play(s, "area", "area:elmina")
    s, _ = through_combat(s, "done", None, dice=[5, 1, 1, 1])
    assert step(s) == "defeated_retreat" and s["leaders"]["leader:tactical-1"]["unit"] == "power:spain-troop-1"


def test_before_an_interception_a_leader_goes_to_a_squadron_of_the_intercepting_fleet():
    """17.1: "or to a squadron of the fleet"; 11.4.1 (RULINGS FK-2): Spain's kept fleet intercepts with all its
    squadrons. A second admiral on a lone Spanish squadron of the same sea goes aboard it before the combat (and the
    fleet's admiral may then leave it for the lone squadron)."""
    from tests.engines.ultima_ratio.support_war import SQUADRON, start
    from tests.engines.ultima_ratio.test_fleets_kept import spanish_fleet

    s = spanish_fleet(start(TROOP + SQUADRON))
    unit(s, "power:spain-squadron-3", "squadron", "sea:east-atlantic")
    leader(s, "leader:admiral-3", "power:spain-squadron-3", "power:spain")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-troop-1"),
        ("sea", "sea:east-atlantic"),
        ("intercept", "power:spain-squadron-1"),
        ("no_escort", None),
    )
    assert step(s) == "leader_change" and seat(s) == "player2"
    # the fleet's only admiral may not leave it (11.2, FK-2: no disassembly outside Spain's impulse) ...
    assert legal(s) == {
        "attach_leader": [
            ["leader:admiral-3", "power:spain-squadron-1"],
            ["leader:admiral-3", "power:spain-squadron-2"],
        ],
        "done": [None],
    }
    s, _ = play(s, "attach_leader", ["leader:admiral-3", "power:spain-squadron-2"])
    # ... but once the second is aboard, he may
    assert legal(s) == {"attach_leader": [["leader:admiral-2", "power:spain-squadron-3"]], "done": [None]}
    s, _ = play(s, "done")
    assert [ld["id"] for ld in battle_record(s)["defender"]["leaders"]] == ["leader:admiral-2", "leader:admiral-3"]


def test_after_a_naval_combat_the_groups_are_where_the_squadrons_go():
    """13.2.5 (l. 916-918): damaged squadrons go to their base under repair, the loser's others to their base; a
    leader may go from one group to another, or to a squadron that stays (RULINGS L-17.1)."""
    from engines.ultima_ratio.combat import battles
    from engines.ultima_ratio.leaders import leader_flow

    result = {
        "kind": "naval",
        "fought": {"winner": "attacker"},
        "dispersed": {"defender": []},
        "damaged": {"defender": ["power:spain-squadron-1"]},
        "to_base": {"defender": ["power:spain-squadron-2"]},
    }
    groups = battles._moving(
        result, "defender", ["power:spain-squadron-1", "power:spain-squadron-2", "power:spain-squadron-3"]
    )
    assert groups == {"power:spain-squadron-1": "damaged", "power:spain-squadron-2": "to_base"}
    s = at_first_impulse()
    power(s, "power:spain")
    area(s, "area:algarve", "power:spain")  # a base on the East Atlantic
    for n in (1, 2, 3):
        unit(s, f"power:spain-squadron-{n}", "squadron", "sea:east-atlantic")
    leader(s, "leader:admiral-2", "power:spain-squadron-1", "power:spain")
    assert leader_flow.changes_near(s, GAME.board, "power:spain", ["power:spain-squadron-1"], across=groups) == [
        ["leader:admiral-2", "power:spain-squadron-2"],
        ["leader:admiral-2", "power:spain-squadron-3"],
    ]
    assert (
        leader_flow.changes_near(s, GAME.board, "power:spain", ["power:spain-squadron-1"], across={}) == []
    )  # nothing leaves
    s["fleets"] = [["power:spain-squadron-1", "power:spain-squadron-2"]]  # he alone holds a kept fleet (FK-2)
    assert leader_flow.changes_near(s, GAME.board, "power:spain", ["power:spain-squadron-1"], across=groups) == [
        ["leader:admiral-2", "power:spain-squadron-2"]
    ]


def portuguese_attack_on_elmina() -> dict:
    """Portugal's army of two troops (the ordinary leader Tactical 1 on troop 1) marches from Guinea into Elmina,
    held by two Spanish troops; Spain does not react: the battle's decisions are due."""
    s = at_first_impulse(deploy=TROOP)
    s["areas"]["area:guinea"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = place(s, "power:portugal-troop-1", "area:guinea")
    unit(s, "power:portugal-troop-2", "troop", "area:guinea")
    power(s, "power:spain")
    area(s, "area:elmina", "power:spain")
    area(s, "area:hausa", "power:spain")
    for n in (1, 2):
        unit(s, f"power:spain-troop-{n}", "troop", "area:elmina")
    leader(s, "leader:tactical-1", "power:portugal-troop-1")
    s["leaders"]["leader:tactical-1"]["extraordinary"] = False
    s["impulse"]["actions"] = {"power:portugal": 2, "power:spain": 0}
    return moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("absorb", "power:portugal-troop-2"),
        ("march", None),
        ("area", "area:elmina"),
        ("done", None),
    )


def test_right_after_his_own_attack_the_impulse_player_keeps_his_leader_with_the_troop_that_retreats():
    """RULINGS L-17.3: 17.1 "(even during or right after a combat)" holds in the player's own impulse too. Portugal's
    1, 1 (0 points) lose to Spain's 3, 1 (1 point): troop 1, carrying the leader, is dispersed, troop 2 retreats to
    Guinea. Before the losses Portugal's player puts him on troop 2."""
    s, log = combat_decisions(portuguese_attack_on_elmina(), [1, 1, 3, 1])
    assert any(e["msg"] == "combat.dispersed" and e["args"]["units"] == ["power:portugal-troop-1"] for e in log)
    assert step(s) == "leader_change" and seat(s) == "player1"
    assert legal(s) == {"attach_leader": [["leader:tactical-1", "power:portugal-troop-2"]], "done": [None]}
    s, _ = play(s, "attach_leader", ["leader:tactical-1", "power:portugal-troop-2"])
    assert step(s) == "power_actions"
    assert s["units"]["power:portugal-troop-1"]["loc"] == "box:dispersed-af"
    assert s["units"]["power:portugal-troop-2"]["loc"] == "area:guinea"
    assert s["leaders"]["leader:tactical-1"]["unit"] == "power:portugal-troop-2"


def test_declining_in_his_own_impulse_he_follows_his_dispersed_troop():
    s, _ = combat_decisions(portuguese_attack_on_elmina(), [1, 1, 3, 1])
    assert heuristic_bot(GAME, GAME.view(s, "player1"), "player1", random.Random(0)) == ("done", None)
    s, _ = play(s, "done")
    assert s["leaders"]["leader:tactical-1"]["unit"] == "power:portugal-troop-1"
    assert s["units"]["power:portugal-troop-1"]["loc"] == "box:dispersed-af"


def test_no_prompt_in_his_own_impulse_when_his_army_loses_nothing():
    """The impulse's player wins with nothing dispersed (6, 6 against 1, 1 → Spain's troops eliminated): no prompt."""
    s, _ = combat_decisions(portuguese_attack_on_elmina(), [6, 6, 1, 1])
    assert step(s) != "leader_change" and s["leaders"]["leader:tactical-1"]["unit"] == "power:portugal-troop-1"


def spanish_fleet_attacked(target: str) -> dict:
    """Spain's kept fleet (squadrons 1 and 2, admiral 2 on 1) and a lone squadron 3 under admiral 3, all in the East
    Atlantic; Portugal's squadron sails there in Portugal's impulse and attacks ``target`` (11.3): Spain's response
    is due."""
    from tests.engines.ultima_ratio.support_war import SQUADRON, start
    from tests.engines.ultima_ratio.test_fleets_kept import spanish_fleet

    s = spanish_fleet(start(TROOP + SQUADRON))
    unit(s, "power:spain-squadron-3", "squadron", "sea:east-atlantic")
    leader(s, "leader:admiral-3", "power:spain-squadron-3", "power:spain")
    s = place(s, "power:portugal-squadron-4", "sea:east-atlantic")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "naval_move"]),
        ("unit", "power:portugal-squadron-4"),
        ("sea", "sea:east-atlantic"),
        ("attack", target),
    )
    assert step(s) == "naval_response" and seat(s) == "player2"
    return s


def test_in_his_naval_response_a_leader_goes_aboard_the_attacked_fleet_and_its_admiral_then_stays_behind():
    """17.1 (l. 1203): "or to a squadron of the fleet, at any time"; 11.3 (l. 602): the attacked fleet fights or
    withdraws (RULINGS L-17.4). The kept fleet's only admiral may not leave it (FK-2); once admiral 3 is aboard, he
    may, and stays in the sea on squadron 3 when the fleet withdraws to Algarve."""
    s = spanish_fleet_attacked("power:spain-squadron-1")
    assert legal(s) == {
        "attach_leader": [
            ["leader:admiral-3", "power:spain-squadron-1"],
            ["leader:admiral-3", "power:spain-squadron-2"],
        ],
        "fight": [None],
        "withdraw": [None],
    }
    s, log = play(s, "attach_leader", ["leader:admiral-3", "power:spain-squadron-2"])
    assert texts(log) == ["Admiral leader 3 goes to Spain squadron 2."]
    assert legal(s)["attach_leader"] == [["leader:admiral-2", "power:spain-squadron-3"]]  # each leader once
    s, _ = play(s, "attach_leader", ["leader:admiral-2", "power:spain-squadron-3"])
    assert "attach_leader" not in legal(s)
    s, _ = play(s, "withdraw")
    assert {s["units"][u]["loc"] for u in ("power:spain-squadron-1", "power:spain-squadron-2")} == {"area:algarve"}
    assert s["units"]["power:spain-squadron-3"]["loc"] == "sea:east-atlantic"
    assert s["leaders"]["leader:admiral-2"]["unit"] == "power:spain-squadron-3"
    assert s["leaders"]["leader:admiral-3"]["unit"] == "power:spain-squadron-2"


def test_in_his_naval_response_the_leader_of_a_lone_squadron_attacked_may_leave_it():
    """A lone squadron is no kept fleet: its admiral may go to the fleet beside it before the squadron withdraws."""
    s = spanish_fleet_attacked("power:spain-squadron-3")
    assert legal(s)["attach_leader"] == [
        ["leader:admiral-3", "power:spain-squadron-1"],
        ["leader:admiral-3", "power:spain-squadron-2"],
    ]
    label = GAME.renderer().text(
        GAME.label(s, "player2", "attach_leader", ["leader:admiral-3", "power:spain-squadron-1"])
    )
    assert label == "Attach the leader Admiral leader 3 to Spain squadron 1"
    s, _ = play(s, "attach_leader", ["leader:admiral-3", "power:spain-squadron-1"])
    s, _ = play(s, "withdraw")
    assert s["units"]["power:spain-squadron-3"]["loc"] == "area:algarve"
    assert s["leaders"]["leader:admiral-3"]["unit"] == "power:spain-squadron-1"


def test_the_heuristic_bot_fights_in_its_naval_response():
    s = spanish_fleet_attacked("power:spain-squadron-1")
    assert heuristic_bot(GAME, GAME.view(s, "player2"), "player2", random.Random(0)) == ("fight", None)


def test_before_a_piracy_interception_a_leader_goes_aboard_the_intercepting_squadron():
    """11.4.3 / 11.5.2: the victim intercepts with one squadron; the combat's moment before it (RULINGS L-17.1,
    L-17.4) lets Spain's admiral on the other squadron of the sea go aboard the interceptor, and he fights with it."""
    from tests.engines.ultima_ratio.support_war import SQUADRON, start

    s = power(start(TROOP + SQUADRON), "power:spain")
    area(s, "area:algarve", "power:spain")
    s = place(s, "power:portugal-squadron-4", "sea:east-atlantic")
    s["merchants"]["center:east-atlantic"] = {"power:spain": 1}
    s["cards"]["corsairs"], s["casus_belli"] = ["power:portugal"], [["power:portugal", "power:spain"]]
    for n in (1, 2):
        unit(s, f"power:spain-squadron-{n}", "squadron", "sea:east-atlantic")
    leader(s, "leader:admiral-2", "power:spain-squadron-2", "power:spain")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "piracy"]),
        ("raid", ["power:portugal-squadron-4", "power:spain"]),
        ("intercept", "power:spain-squadron-1"),
    )
    assert step(s) == "leader_change" and seat(s) == "player2"
    assert legal(s) == {"attach_leader": [["leader:admiral-2", "power:spain-squadron-1"]], "done": [None]}
    # the pirate's 5 and the interceptor's 3 rolled, the admiral aboard (17.3.2) may add +1 to Spain's die
    s, _ = play(s, "attach_leader", ["leader:admiral-2", "power:spain-squadron-1"], dice=[5, 3])
    assert step(s) == "combat_decision" and seat(s) == "player2" and legal(s) == {"bonus": [None, 3]}


def test_a_leader_on_a_besieged_fortress_commands_its_defence():
    """13.4.4 (l. 1031): "The fortress can also fight like a Q3 troop"; 17.1 (l. 1199): a leader is attached to "a
    single squadron, troop or fortress"; 17.3.2: "Tactical: ... in a field or siege combat where he is present"
    (RULINGS L-17.5). The extraordinary tactical leader on Spain's besieged fortress is in the besieged force of the
    assault, and no change into the force is offered before it (the troop inside is in it too)."""
    from tests.engines.ultima_ratio.test_leaders_at_will import assault_on_algarve

    s = assault_on_algarve(inside=True)
    s, _ = play(s, "assault", "area:algarve")
    assert step(s) == "combat_decision"
    assert battle_record(s)["besieged"]["leaders"] == [{"id": "leader:tactical-1", "ability": "tactical"}]
    assert [u["id"] for u in battle_record(s)["besieged"]["units"]] == ["power:spain-troop-1", "fortress:area:algarve"]
