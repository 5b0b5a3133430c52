"""17.1 a leader changes unit within his stack at will (RULINGS L-12), a leader on a fortress that capitulates (13.4.5,
L-13), the vitality tie-break when revolts are supported (11.4.2, L-14), and a combat card in a combat where a
leader is reattached (13.1.2-13.1.4 with 17.1). Line numbers are those of shared/rules/ultima-ratio-regis.txt."""

from __future__ import annotations

import random

from engines.core.chance import scripted
from engines.ultima_ratio.bots.heuristic import heuristic_bot
from engines.ultima_ratio.counters import Leader
from engines.ultima_ratio.counters import unit as counter
from engines.ultima_ratio.leaders import leader_rules as L
from engines.ultima_ratio.state import new_unit
from tests.engines.ultima_ratio import support as one
from tests.engines.ultima_ratio import test_cards as tc
from tests.engines.ultima_ratio.support import GAME, place, texts
from tests.engines.ultima_ratio.support_war import (
    SQUADRON,
    TROOP,
    area,
    dice_of,
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


# ----- 17.1 at will -----------------------------------------------------------------------------------------------
def test_the_units_a_leader_may_go_to_are_those_of_his_stack():
    """17.1 (l. 1203): "any own troop or fortress in the area, or ... a squadron of the fleet" — not another area,
    not a squadron from a troop, not an enemy's, the besieged and those outside apart, no fortress being built."""
    units = [
        counter("t1", "power:spain", at="area:a"),
        counter("t2", "power:spain", at="area:a"),
        counter("t3", "power:spain", at="area:b"),
        counter("s1", "power:spain", "squadron", at="area:a"),
        counter("f1", "power:spain", "fortress", at="area:a"),
        counter("f2", "power:spain", "fortress", at="area:a", operational=False),
        counter("x1", "power:france", at="area:a"),
        counter("b1", "power:spain", at="area:a", besieged=True),
    ]
    on = [Leader(id="leader:tactical-1", power="power:spain", unit="t1", extraordinary=False)]
    assert L.attach_targets(on, units, "leader:tactical-1") == ["f1", "t2"]
    assert L.attach_targets(on, units, "leader:tactical-1", side=["power:france"]) == [
        "f1",
        "t2",
        "x1",
    ]  # an allied minor
    squadron = [Leader(id="leader:admiral-1", power="power:spain", unit="s1", extraordinary=False)]
    assert L.attach_targets(squadron, units, "leader:admiral-1") == []


def with_stack() -> dict:
    """Portugal's troops 1 and 2 in Portugal with the leader on troop 1; troop 3 in Alentejo, a squadron in port."""
    s = one.at_first_impulse()
    for uid in ("power:portugal-troop-1", "power:portugal-troop-2", "power:portugal-squadron-1"):
        s = place(s, uid, "area:portugal")
    s = place(s, "power:portugal-troop-3", "area:alentejo")
    s["leaders"]["leader:tactical-1"] = {
        "power": "power:portugal",
        "unit": "power:portugal-troop-1",
        "extraordinary": False,
    }
    s["leader_pool"].remove("leader:tactical-1")
    return s


def test_a_leader_changes_unit_within_his_stack_at_every_moment_of_his_impulse():
    """17.1 (l. 1203): "at any time ... and at no cost": at the start of the impulse, between the actions and at its
    end; once each between two other moves (a second change in a row would be the first one)."""
    s = with_stack()
    assert one.legal(s)["attach_leader"] == [["leader:tactical-1", "power:portugal-troop-2"]]
    s, log = one.play(s, "attach_leader", ["leader:tactical-1", "power:portugal-troop-2"])
    assert s["leaders"]["leader:tactical-1"]["unit"] == "power:portugal-troop-2"
    assert texts(log) == ["Tactical leader 1 goes to Portugal troop 2."]
    assert "attach_leader" not in one.legal(s) and s["impulse"]["actions"] == {"power:portugal": 2}  # no cost
    s = one.moves(s, ("done", None))
    assert one.step(s) == "power_actions" and one.legal(s)["attach_leader"] == [
        ["leader:tactical-1", "power:portugal-troop-1"]
    ]
    s = one.moves(s, ("attach_leader", ["leader:tactical-1", "power:portugal-troop-1"]))
    assert "attach_leader" not in one.legal(s)
    s = one.moves(s, ("act", ["power:portugal", "lower_unrest"]))
    assert one.legal(s)["attach_leader"] == [["leader:tactical-1", "power:portugal-troop-2"]]  # after an action, again
    s = one.moves(s, ("end_impulse", None))
    assert one.step(s) == "end_of_impulse" and one.legal(s)["attach_leader"] == [
        ["leader:tactical-1", "power:portugal-troop-2"]
    ]


def test_the_unit_he_goes_to_is_the_one_that_leads_the_army():
    """10.3 / 12.2 (RULINGS A-1): the unit chosen for the movement is the one the leader is on — after a change
    before the move, the other troop leads the army and the first is taken along."""
    s = one.moves(
        with_stack(),
        ("done", None),
        ("attach_leader", ["leader:tactical-1", "power:portugal-troop-2"]),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-troop-2"),
    )
    assert one.legal(s)["absorb"] == ["power:portugal-troop-1"]
    troop1 = one.moves(
        with_stack(), ("done", None), ("act", ["power:portugal", "strategic_move"]), ("unit", "power:portugal-troop-2")
    )
    assert "absorb" not in one.legal(troop1)  # without the leader: a single troop


def test_a_leader_on_a_fortress_goes_to_a_troop_of_its_area_and_back():
    """17.1: "attached to any own troop or fortress in the area"."""
    s = one.at_first_impulse()
    s["areas"]["area:portugal"]["fortress"] = dict(FORT)
    s = place(s, "power:portugal-troop-1", "area:portugal")
    s["leaders"]["leader:tactical-1"] = {
        "power": "power:portugal",
        "unit": "fortress:area:portugal",
        "extraordinary": False,
    }
    s["leader_pool"].remove("leader:tactical-1")
    assert one.legal(s)["attach_leader"] == [["leader:tactical-1", "power:portugal-troop-1"]]
    s = one.moves(s, ("attach_leader", ["leader:tactical-1", "power:portugal-troop-1"]), ("done", None))
    assert one.legal(s)["attach_leader"] == [["leader:tactical-1", "fortress:area:portugal"]]


def test_the_heuristic_bot_answers_with_leaders_that_may_change_unit():
    """The bot picks by step name: the new choice in the impulse's steps leaves its answers legal."""
    s = with_stack()
    for state in (s, one.moves(s, ("done", None)), one.moves(s, ("done", None), ("end_impulse", None))):
        verb, arg = heuristic_bot(GAME, GAME.view(state, one.ROLE), one.ROLE, random.Random(0))
        assert arg in one.legal(state)[verb]


# ----- 13.4.5 a leader on a fortress that capitulates --------------------------------------------------------------
def assault_on_algarve(inside: bool) -> dict:
    """Portugal besieges Spain's fortress in Algarve with a Spanish leader on it (and a Spanish troop inside)."""
    s = start()
    power(s, "power:spain")
    area(
        s,
        "area:algarve",
        "power:spain",
        fortress={"power": "power:spain", "built": True, "since": 0},
        siege={"besieger": "power:portugal", "casualties": 0},
    )
    if inside:
        unit(s, "power:spain-troop-1", "troop", "area:algarve")
    leader(s, "leader:tactical-1", "fortress:area:algarve", "power:spain")
    s = place(s, "power:portugal-troop-1", "area:algarve")
    return moves(s, ("done", None), ("act", ["power:portugal", "tactical_move"]), ("unit", "power:portugal-troop-1"))


def test_a_leader_on_a_capitulating_fortress_goes_with_the_surviving_besieged():
    """13.4.5 (l. 1041): "After capitulation ... the fortress is destroyed ... and the surviving besieged troops are
    dispersed"; 17.1: he may go to another unit of his stack "even during or right after a combat", and follows it
    when it is dispersed."""
    s = assault_on_algarve(inside=True)
    assert legal(s)["assault"] == ["area:algarve"]  # 13.4.1: the besieged troop is inside, with the fortress
    s, log = through_combat(s, "assault", "area:algarve", answers={"capitulate": True})
    assert s["areas"]["area:algarve"]["fortress"] is None and s["areas"]["area:algarve"]["control"] == "power:portugal"
    assert s["leaders"]["leader:tactical-1"]["unit"] == "power:spain-troop-1"
    assert (
        s["units"]["power:spain-troop-1"]["loc"] == "box:dispersed-wm" and "leader:tactical-1" not in s["leader_pool"]
    )
    assert "Tactical leader 1 goes to Spain troop 1 before his unit is eliminated." in texts(log)


def test_a_leader_alone_in_a_capitulating_fortress_is_eliminated_with_it():
    """17.1 (l. 1201): "The leader follows this unit, whether it is dispersed or eliminated"; 13.1.7: back with the
    available ones."""
    s = assault_on_algarve(inside=False)
    s, log = through_combat(s, "assault", "area:algarve", answers={"capitulate": True})
    assert "leader:tactical-1" not in s["leaders"] and "leader:tactical-1" in s["leader_pool"]
    assert "Tactical leader 1 is eliminated with the fortress of the Algarve." in texts(log)


def test_a_player_chooses_the_survivor_his_leader_goes_to():
    s = assault_on_algarve(inside=True)
    unit(s, "power:spain-troop-2", "troop", "area:algarve")
    with scripted([]):
        s, _ = play(s, "assault", "area:algarve")
        # RULINGS L-17.5: on the fortress, which fights the assault (13.4.4), he is in the besieged force already
        assert step(s) == "combat_decision"
        while step(s) == "combat_decision":
            options = legal(s)
            kind = next(v for v in options if v != "done")
            s, _ = play(s, kind, True if kind == "capitulate" else options[kind][0])
    assert step(s) == "reattach_leader" and seat(s) == "player2"
    assert legal(s) == {"unit": ["power:spain-troop-1", "power:spain-troop-2"]}
    s, _ = play(s, "unit", "power:spain-troop-2")
    assert (
        s["leaders"]["leader:tactical-1"]["unit"] == "power:spain-troop-2"
        and s["areas"]["area:algarve"]["fortress"] is None
    )


# ----- 11.4.2 revolts supported: the vitality tie-break -----------------------------------------------------------
def subjugating_a_revolt(enemy: str) -> dict:
    """Portugal's Algarve is in revolt (R2); a Portuguese troop moves in from Alentejo and announces control; its
    squadron and one of ``enemy`` (at war with Portugal) are in the East Atlantic and support each a side."""
    s = start(TROOP + SQUADRON)
    power(s, enemy)
    area(s, "area:algarve", "power:portugal")
    s["areas"]["area:algarve"].update(control=None, marker="R2")
    unit(s, f"{enemy}-squadron-1", "squadron", "sea:east-atlantic")
    s = place(s, "power:portugal-squadron-4", "sea:east-atlantic")
    s = place(s, "power:portugal-troop-1", "area:alentejo")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:algarve"),
        ("subjugate", "area:algarve"),
        ("support", ["power:portugal-squadron-4", "attacker"]),
    )
    assert step(s) == "support_announce" and legal(s)["support"] == [[f"{enemy}-squadron-1", "defender"]]
    return s


def test_a_tie_of_the_fleets_over_a_revolt_goes_to_the_most_vitality():
    """11.4.2 (l. 628): "When revolts are being supported, vitality will be used to resolve ties"; the Glossary's
    vitality tie-breaking (l. 2643): "won by the power with the most vitality". Spain (6) against Portugal (4):
    the revolt keeps the support and the subjugator takes the disadvantage (13.5.3)."""
    s = subjugating_a_revolt("power:spain")
    # the fleets: 1 point each, a draw; the subjugation: Portugal Q3 - moved - Spain's fleet = Q1, the rebels Q2
    s, log = through_combat(s, "support", ["power:spain-squadron-1", "defender"], dice=[1, 3, 3, 3])
    assert "The fleets supporting the revolt of the Algarve and its subjugator tie: Spain wins on vitality." in texts(
        log
    )
    assert dice_of(log, "power:portugal")[-1] == "Q1:3→2" and dice_of(log, "independent") == ["Q2:3→3"]


def test_equal_vitality_goes_to_the_lowest_game_order():
    """Glossary (l. 2643): "in case of a tie, by the player with the lowest position (in the game order)": Venice
    (4, player 2) against Portugal (4, player 1) — Portugal's side is supported, the rebels' die drops to Q1."""
    s = subjugating_a_revolt("power:venice")
    s, log = through_combat(s, "support", ["power:venice-squadron-1", "defender"], dice=[1, 3, 3, 3])
    assert (
        "The fleets supporting the revolt of the Algarve and its subjugator tie: Portugal wins on vitality."
        in texts(log)
    )
    assert dice_of(log, "power:portugal")[-1] == "Q2:3→3" and dice_of(log, "independent") == ["Q1:3→2"]


def test_a_tie_over_a_power_area_still_supports_neither():
    """The tie-break is for revolts only: with Algarve an independent area (A2) instead, the fleets tie and nobody is
    supported."""
    s = subjugating_a_revolt("power:spain")
    s["areas"]["area:algarve"]["marker"] = "A2"  # an independent area, not a revolt
    s, log = through_combat(s, "support", ["power:spain-squadron-1", "defender"], dice=[1, 3, 3, 3])
    assert not any(e["msg"] == "log.support_vitality" for e in log)
    assert dice_of(log, "power:portugal")[-1] == "Q2:3→3" and dice_of(log, "independent") == ["Q2:3→3"]


# ----- 13.1.2-13.1.4 with 17.1: a combat card and a reattached leader -----------------------------------------------
def test_a_combat_card_wins_the_battle_and_the_defeated_leader_is_reattached():
    """13.1.2-13.1.4: Surprise attack played in the window gives the attacking army an advantage; its two 6s
    eliminate the Spanish troop carrying the leader, whose player sends him to another troop of the stack (17.1)
    before the losses: he follows it to the dispersed box. Every move is checked with the conformance invariants."""
    s = tc.position(hand1=["card:surprise-attack", "card:plague"], hand2=[])
    s["areas"]["area:guinea"].update(owner="power:portugal", control="power:portugal", marker=None)
    for uid in ("power:portugal-troop-1", "power:portugal-troop-2"):
        s = place(s, uid, "area:guinea")
    s["wars"] = [["power:portugal", "power:spain"]]
    for n in (1, 2, 3):
        new_unit(s, f"power:spain-troop-{n}", "power:spain", "troop", "2-3", "area:elmina")
    for name in ("area:elmina", "area:hausa"):
        s["areas"][name].update(owner="power:spain", control="power:spain", marker=None)
    for lid, power_name, on in (
        ("leader:tactical-1", "power:spain", "power:spain-troop-1"),
        ("leader:tactical-2", "power:portugal", "power:portugal-troop-1"),
    ):
        s["leaders"][lid] = {"power": power_name, "unit": on, "extraordinary": False}
        s["leader_pool"].remove(lid)
    for verb, arg in (
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("absorb", "power:portugal-troop-2"),
        ("march", None),
        ("area", "area:elmina"),
    ):
        s, _ = tc.play(s, "player1", verb, arg)
    s, _ = tc.play(s, "player2", "done")  # no reaction
    s, _ = tc.play(s, "player1", "card", "card:surprise-attack")
    s, _ = tc.play(s, "player1", "pass")
    assert tc.combat_frame(s)["battle"]["attacker"]["advantages"] == 1
    log: list = []
    with scripted([6, 6, 1, 1, 1]):
        while step(s) == "combat_decision":
            role = GAME.active_roles(s)[0]
            options = GAME.legal(s, role)
            verb = next(v for v in options if v != "done")
            answer = (
                "power:spain-troop-1" if verb == "eliminate" else False if False in options[verb] else options[verb][0]
            )
            s, entries = tc.play(s, role, verb, answer)
            log += entries
    assert step(s) == "reattach_leader" and GAME.active_roles(s) == ["player2"]
    assert tc.legal(s, "player2") == {"unit": ["power:spain-troop-2", "power:spain-troop-3"]}
    s, entries = tc.play(s, "player2", "unit", "power:spain-troop-3")
    log += entries
    assert s["units"]["power:spain-troop-1"]["loc"] == "eliminated"
    assert s["leaders"]["leader:tactical-1"]["unit"] == "power:spain-troop-3"
    assert s["units"]["power:spain-troop-3"]["loc"] == "box:dispersed-af"
    assert "card:surprise-attack" in s["cards"]["discard"]
    assert any(e["msg"] == "log.leader_reattached" for e in log)
