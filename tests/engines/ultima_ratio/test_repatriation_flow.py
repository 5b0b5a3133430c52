"""14. Repatriations in the flow (``repatriation_flow.py``): no playable scenario triggers them yet (9.1 has no
diplomacy), so positions are built by hand (``support_war.py``): Spain (player 2) holds Galicia, Leon, Castile,
Extremadura and Andalusia, where Portuguese units must leave; the procedure is started as part 2's triggers will
(a ``repatriation`` frame over the impulse). Line numbers are those of shared/rules/ultima-ratio-regis.txt."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NoReturn

import pytest

from engines.core.conformance import check_illegal, check_state
from engines.core.machine import Ctx, copy_state
from engines.core.types import IllegalAction
from engines.ultima_ratio.bots.heuristic import heuristic_bot
from engines.ultima_ratio.counters import RuleError, Unit
from engines.ultima_ratio.logistics import repatriation, repatriation_flow
from tests.engines.ultima_ratio.support import GAME, place
from tests.engines.ultima_ratio.support_war import (
    SQUADRON,
    TROOP,
    area,
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

SPANISH = ("area:galicia", "area:leon", "area:extremadura", "area:castile", "area:andalusia")


def spanish_peninsula(at: str = "area:leon") -> dict:
    """Spain, not at war with Portugal, holds its Iberian areas; a Portuguese troop stands in one of them."""
    s = start(TROOP + SQUADRON)
    power(s, "power:spain", war=False)
    for name in SPANISH:
        area(s, name, "power:spain")
    return place(s, "power:portugal-troop-1", f"{at}")


def repatriating(s: dict, units: list[str], leaders: Sequence[str] = (), power_name: str = "power:portugal") -> dict:
    """The state after a trigger called ``repatriation_flow.repatriate`` in the impulse (its frame pushed and run)."""
    g = Ctx(GAME, copy_state(s))
    g.s["stack"].append({"step": "repatriation", **repatriation_flow.frame(power_name, units, leaders)})
    GAME._run_auto(g)
    return g.s


def msgs(log) -> list[str]:
    return [e["msg"] for e in log]


def test_the_owner_chooses_among_the_three_options_and_a_tactical_move_ends_in_a_controlled_area():
    """14.1 (l. 1116-1122): "a tactical move that ends in a controlled area", "a strategic move", "disperse it in
    the theater of operations where it is"; no action is spent (14., l. 1112)."""
    s = repatriating(spanish_peninsula(), ["power:portugal-troop-1"])
    assert step(s) == "repatriate_troop" and seat(s) == "player1"
    # Oporto, or Portugal across Oporto (12.1: two areas); never Galicia or Castile (Spain's)
    assert legal(s) == {
        "tactical": ["area:oporto", "area:portugal"],
        "strategic": [None],
        "disperse": ["box:dispersed-wm"],
    }
    actions = dict(s["impulse"]["actions"])
    s, log = play(s, "tactical", "area:portugal")
    assert s["units"]["power:portugal-troop-1"]["loc"] == "area:portugal"
    assert msgs(log) == ["log.repatriated_tactical"] and step(s) == "start_of_impulse"
    assert s["impulse"]["actions"] == actions


def test_the_owner_decides_in_another_player_s_impulse():
    """14. (l. 1112): "many times it is conducted in the impulse of another player" — Spain's troop leaves Alentejo
    in Portugal's impulse: player 2 decides."""
    s = spanish_peninsula()
    unit(s, "power:spain-troop-1", "troop", "area:alentejo")
    s = repatriating(s, ["power:spain-troop-1"], power_name="power:spain")
    assert step(s) == "repatriate_troop" and seat(s) == "player2" and s["impulse"]["seat"] == "player1"
    assert legal(s)["tactical"] == ["area:andalusia", "area:castile", "area:extremadura"]  # Castile across Extremadura
    s = moves(s, ("tactical", "area:extremadura"))
    assert s["units"]["power:spain-troop-1"]["loc"] == "area:extremadura" and seat(s) == "player1"


def test_dispersing_goes_to_the_theater_s_box():
    s = repatriating(spanish_peninsula(), ["power:portugal-troop-1"])
    s, log = play(s, "disperse", "box:dispersed-wm")
    assert s["units"]["power:portugal-troop-1"]["loc"] == "box:dispersed-wm" and msgs(log) == [
        "log.repatriation_dispersed"
    ]


def test_a_strategic_repatriation_crosses_the_possessor_s_areas_as_an_ally_s():
    """14.1.1 (l. 1126): "If the troop is in an area owned by a major power, all areas of the major power can be
    counted as if belonging to an ally"; an ordinary strategic movement from Leon could only go to Oporto."""
    s = spanish_peninsula()
    ordinary = moves(
        s, ("done", None), ("act", ["power:portugal", "strategic_move"]), ("unit", "power:portugal-troop-1")
    )
    assert legal(ordinary) == {"area": ["area:oporto"]}
    s = moves(repatriating(s, ["power:portugal-troop-1"]), ("strategic", None))
    assert step(s) == "strategic_move" and legal(s) == {"area": ["area:castile", "area:galicia", "area:oporto"]}
    s = moves(s, ("area", "area:castile"), ("area", "area:extremadura"))
    assert "stop" not in legal(s)  # it ends in a controlled area, never in Spain's
    s, log = play(s, "area", "area:alentejo")
    s, log = play(s, "stop")
    assert s["units"]["power:portugal-troop-1"]["loc"] == "area:alentejo" and step(s) == "start_of_impulse"
    assert msgs(log) == ["log.repatriated_strategic"] and log[0]["args"]["path"] == [
        "area:castile",
        "area:extremadura",
        "area:alentejo",
    ]


def test_a_strategic_repatriation_never_crosses_enemy_troops_and_takes_no_army():
    """14.1.1 (l. 1124, 1130): "carried out with each troop ... even if the troop is with a leader"; "it is not
    possible to cross areas with enemy troops"."""
    s = spanish_peninsula()
    power(s, "power:england")
    unit(s, "power:england-troop-1", "troop", "area:castile")
    unit(s, "power:portugal-troop-2", "troop", "area:leon")
    leader(s, "leader:tactical-1", "power:portugal-troop-1")
    s = moves(repatriating(s, ["power:portugal-troop-1"]), ("strategic", None))
    assert legal(s) == {"area": ["area:galicia", "area:oporto"]}  # no Castile, no absorb / leave
    s = moves(s, ("area", "area:oporto"), ("stop", None))
    assert s["leaders"]["leader:tactical-1"]["unit"] == "power:portugal-troop-1"
    assert s["units"]["power:portugal-troop-2"]["loc"] == "area:leon"


def test_a_troop_that_loses_at_sea_is_dispersed():
    """14.1.1 (l. 1132): "If the movement takes place by sea and is aborted by losing in a naval interception
    battle, the troop is dispersed" (RULINGS R-1) — not put back on land (10.2.1)."""
    s = spanish_peninsula(at="area:galicia")
    power(s, "power:england")
    unit(s, "power:england-squadron-1", "squadron", "sea:east-atlantic")
    s = moves(repatriating(s, ["power:portugal-troop-1"]), ("strategic", None), ("sea", "sea:east-atlantic"))
    assert step(s) == "sea_interception" and seat(s) == "player2"
    s = moves(s, ("intercept", "power:england-squadron-1"))
    s, log = play(s, "no_escort", dice=[3])  # E2 3 -> 3: one battle point stops it
    assert s["units"]["power:portugal-troop-1"]["loc"] == "box:dispersed-wm"
    assert "log.repatriation_lost_at_sea" in msgs(log) and step(s) == "start_of_impulse"


def test_a_besieged_troop_can_only_disperse():
    s = spanish_peninsula()
    power(s, "power:england")
    area(
        s,
        "area:leon",
        "power:spain",
        fortress={"power": "power:spain", "built": True, "since": 0},
        siege={"besieger": "power:england", "casualties": 0},
    )
    unit(s, "power:england-troop-1", "troop", "area:leon")
    s = repatriating(s, ["power:portugal-troop-1"])
    assert legal(s) == {"disperse": ["box:dispersed-wm"]}


def test_a_squadron_left_without_base_goes_to_the_nearest_port():
    """14.2 (l. 1134) / 11.6 (l. 681): "treated as if the control of a port was lost": to the nearest port, the
    player choosing on a tie; a squadron that still has a base stays."""
    s = spanish_peninsula()
    s = place(s, "power:portugal-squadron-4", "area:galicia")
    unit(s, "power:portugal-squadron-5", "squadron", "sea:east-atlantic")
    s = repatriating(s, ["power:portugal-squadron-4", "power:portugal-squadron-5", "power:portugal-troop-1"])
    assert step(s) == "rebase" and legal(s) == {"area": ["area:algarve", "area:oporto", "area:portugal"]}
    s, log = play(s, "area", "area:oporto")
    assert msgs(log) == ["log.to_base"]
    assert s["units"]["power:portugal-squadron-4"]["loc"] == "area:oporto"
    assert s["units"]["power:portugal-squadron-5"]["loc"] == "sea:east-atlantic"
    assert step(s) == "repatriate_troop"  # then the troops


def test_a_squadron_without_any_port_is_destroyed_with_its_leader():
    """11.1.1 (l. 576): "If there is none ... the squadron is destroyed"; its leader goes back to the pool."""
    s = spanish_peninsula()
    for name in ("area:portugal", "area:oporto", "area:algarve"):
        s["areas"][name]["control"] = "power:spain"
    s = place(s, "power:portugal-squadron-4", "area:galicia")
    leader(s, "leader:admiral-1", "power:portugal-squadron-4")
    s = repatriating(s, ["power:portugal-squadron-4"])
    assert s["units"]["power:portugal-squadron-4"]["loc"] == "eliminated"
    assert (
        "leader:admiral-1" not in s["leaders"]
        and "leader:admiral-1" in s["leader_pool"]
        and step(s) == "start_of_impulse"
    )


def test_a_fortress_is_eliminated_and_its_leader_reassigned_to_a_unit_not_besieged():
    """14.3 (l. 1136): "Fortresses cannot be repatriated; instead, they are eliminated. Leaders in fortresses that
    must be destroyed ... are removed and assigned to any other troop, squadron or own fortress that is not
    besieged"."""
    s = spanish_peninsula()
    power(s, "power:england")
    area(s, "area:leon", "power:spain", fortress={"power": "power:portugal", "built": True, "since": 0})
    area(
        s,
        "area:alentejo",
        "power:portugal",
        fortress={"power": "power:portugal", "built": True, "since": 0},
        siege={"besieger": "power:england", "casualties": 0},
    )
    unit(s, "power:england-troop-1", "troop", "area:alentejo")
    unit(s, "power:portugal-troop-2", "troop", "area:alentejo")
    leader(s, "leader:tactical-1", "fortress:area:leon")
    s = moves(s, ("done", None))  # in power_actions, as a trigger may be
    s = repatriating(s, ["fortress:area:leon", "power:portugal-troop-1"])
    assert s["areas"]["area:leon"]["fortress"] is None
    assert step(s) == "assign_leader" and seat(s) == "player1"
    assert legal(s) == {
        "unit": ["power:portugal-squadron-4", "power:portugal-troop-1"]
    }  # not the besieged troop or fortress
    s, log = play(s, "unit", "power:portugal-squadron-4")
    assert s["leaders"]["leader:tactical-1"]["unit"] == "power:portugal-squadron-4" and msgs(log) == [
        "log.repatriation_leader"
    ]
    assert step(s) == "repatriate_troop"
    s = moves(s, ("tactical", "area:oporto"))
    assert step(s) == "power_actions"


def test_a_leader_with_nowhere_to_go_is_eliminated():
    """14.3 with 17.1: no leader can be alone on the map (RULINGS R-2)."""
    s = spanish_peninsula()
    area(s, "area:leon", "power:spain", fortress={"power": "power:portugal", "built": True, "since": 0})
    for uid in ("power:portugal-troop-1", "power:portugal-squadron-4"):
        s = place(s, uid, "available")
    leader(s, "leader:tactical-1", "fortress:area:leon")
    s = repatriating(s, ["fortress:area:leon"])
    assert (
        "leader:tactical-1" not in s["leaders"]
        and "leader:tactical-1" in s["leader_pool"]
        and step(s) == "start_of_impulse"
    )


def test_a_leader_of_an_army_of_former_allies_is_reassigned():
    """14.3 (l. 1138): "leaders who were commanding armies entirely of allies, and that were left without troops
    because they were no longer allies" — here a Portuguese leader on the Emirates' troop."""
    s = start(TROOP + SQUADRON)
    leader(s, "leader:tactical-1", "minor:emirates-troop-1")
    s = repatriating(s, [], ["leader:tactical-1"])
    assert legal(s) == {"unit": ["power:portugal-squadron-4", "power:portugal-troop-1"]}
    s = moves(s, ("unit", "power:portugal-troop-1"))
    assert s["leaders"]["leader:tactical-1"]["unit"] == "power:portugal-troop-1"


def test_illegal_choices_are_refused_and_change_nothing():
    s = spanish_peninsula()
    leader(s, "leader:tactical-1", "fortress:area:leon")
    area(s, "area:leon", "power:spain", fortress={"power": "power:portugal", "built": True, "since": 0})
    s = repatriating(s, ["fortress:area:leon", "power:portugal-troop-1"])
    before = copy_state(s)
    for verb, arg in (
        ("unit", "minor:emirates-troop-1"),
        ("unit", "power:portugal-troop-9"),
        ("tactical", "area:oporto"),
    ):
        with pytest.raises(IllegalAction):
            GAME.play(s, "player1", verb, arg)
    assert s == before
    s = moves(s, ("unit", "power:portugal-troop-1"))
    before = copy_state(s)
    for verb, arg in (
        ("tactical", "area:galicia"),
        ("tactical", "area:leon"),
        ("disperse", "box:dispersed-in"),
        ("stop", None),
    ):
        with pytest.raises(IllegalAction):
            GAME.play(s, "player1", verb, arg)
    assert s == before and step(s) == "repatriate_troop"
    with pytest.raises(RuleError):  # the pure rule refuses it too
        units: list[Unit] = [
            {
                "id": "power:portugal-troop-1",
                "power": "power:portugal",
                "kind": "troop",
                "at": "area:leon",
                "quality": 2,
                "veteran": False,
                "besieged": False,
                "dispersed": False,
                "base": None,
                "operational": True,
            }
        ]
        (d,) = repatriation.leader_decisions(
            units,
            [{"id": "leader:tactical-1", "power": "power:portugal", "unit": "x", "extraordinary": False}],
            ["leader:tactical-1"],
        )
        repatriation.assign([], d, "minor:emirates-troop-1")
    with pytest.raises(ValueError):  # only the power's own units
        repatriation_flow.repatriate(Ctx(GAME, copy_state(s)), "power:portugal", ["minor:emirates-troop-1"])


def fail(problem: str) -> NoReturn:
    raise AssertionError(problem)


def positions() -> dict:
    """Positions for the random walks: every option, the sea, squadrons, fortresses and leaders at once."""
    lost = spanish_peninsula(at="area:galicia")
    power(lost, "power:england")
    unit(lost, "power:england-squadron-1", "squadron", "sea:east-atlantic")
    unit(lost, "power:england-troop-1", "troop", "area:castile")
    unit(lost, "power:portugal-troop-2", "troop", "area:andalusia")
    lost = place(lost, "power:portugal-squadron-4", "area:galicia")
    everything = spanish_peninsula()
    area(everything, "area:castile", "power:spain", fortress={"power": "power:portugal", "built": True, "since": 0})
    leader(everything, "leader:tactical-1", "fortress:area:castile")
    leader(everything, "leader:admiral-1", "power:portugal-troop-1")
    unit(everything, "power:portugal-troop-2", "troop", "area:extremadura")
    unit(everything, "power:portugal-troop-3", "troop", "area:galicia")
    return {
        "lost at sea": (lost, ["power:portugal-squadron-4", "power:portugal-troop-1", "power:portugal-troop-2"]),
        "everything": (
            everything,
            ["fortress:area:castile", "power:portugal-troop-1", "power:portugal-troop-2", "power:portugal-troop-3"],
        ),
    }


@pytest.mark.parametrize("bot", ["random", "heuristic"])
@pytest.mark.parametrize("name", ["lost at sea", "everything"])
def test_random_choices_through_the_repatriation_always_end(name, bot):
    """Like the conformance suite: every invariant at every move, and the repatriation always ends (its frame gone,
    the impulse's step again) whatever is chosen; the heuristic bot answers its steps too."""
    pick = heuristic_bot if bot == "heuristic" else GAME.bots["random"]
    for seed in range(8 if bot == "random" else 2):
        rnd = random.Random(seed)
        base, units = positions()[name]
        s = repatriating(base, units)
        depth = len(base["stack"])
        for _ in range(60):
            if len(s["stack"]) <= depth:
                break
            check_state(GAME, s, fail)
            check_illegal(GAME, s, fail)
            role = GAME.active_roles(s)[0]
            verb, arg = pick(GAME, GAME.view(s, role), role, rnd)
            s = GAME.play(s, role, verb, arg).state
        assert len(s["stack"]) == depth and step(s) == "start_of_impulse"
        assert all(s["units"][u]["loc"] not in {f"{a}" for a in SPANISH} for u in units if u in s["units"])
        assert all(
            info["unit"] in s["units"]
            or (info["unit"].split(":")[1] in s["areas"] and s["areas"][info["unit"].split(":")[1]]["fortress"])
            for info in s["leaders"].values()
        )


def _in_catalonia() -> dict:
    """A Portuguese troop to repatriate from Catalonia (Western Mediterranean, bordering Western Europe)."""
    s = spanish_peninsula(at="area:catalonia")
    area(s, "area:catalonia", "power:spain")
    return s


def test_dispersing_from_a_border_area_offers_both_theaters_boxes():
    """14.1 (l. 1122) with 18.5 (l. 1320): "Troops dispersed in these areas can be placed in the dispersed boxes of
    either of the two theaters of operations" — the repatriation's dispersal too (RULINGS BX-2)."""
    s = repatriating(_in_catalonia(), ["power:portugal-troop-1"])
    assert legal(s)["disperse"] == ["box:dispersed-wm", "box:dispersed-we-continent"]
    s, log = play(s, "disperse", "box:dispersed-we-continent")
    assert s["units"]["power:portugal-troop-1"]["loc"] == "box:dispersed-we-continent"
    assert msgs(log) == ["log.repatriation_dispersed"] and step(s) == "start_of_impulse"


def test_a_troop_lost_at_sea_from_a_border_area_picks_its_box():
    """14.1.1 (l. 1132) with 18.5: the troop lost at sea is dispersed as from the area it left (RULINGS R-1) — from
    Catalonia, to either theater's box, its player's choice, asked before the repatriation goes on (BX-2)."""
    s = _in_catalonia()
    power(s, "power:england")
    unit(s, "power:england-squadron-1", "squadron", "sea:western-mediterranean")
    s = place(s, "power:portugal-troop-2", "area:catalonia")
    s = moves(
        repatriating(s, ["power:portugal-troop-1", "power:portugal-troop-2"]),
        ("strategic", None),
        ("sea", "sea:western-mediterranean"),
        ("intercept", "power:england-squadron-1"),
    )
    s, log = play(s, "no_escort", dice=[3])  # E2 3 -> 3: one battle point stops it
    assert "log.repatriation_lost_at_sea" in msgs(log)
    assert step(s) == "dispersion_box" and seat(s) == "player1"
    assert legal(s) == {"box": ["box:dispersed-wm", "box:dispersed-we-continent"]}
    s, log = play(s, "box", "box:dispersed-we-continent")
    assert s["units"]["power:portugal-troop-1"]["loc"] == "box:dispersed-we-continent" and not s["box_choices"]
    assert msgs(log) == ["log.dispersed_box"]
    assert step(s) == "repatriate_troop" and s["stack"][-1]["unit"] == "power:portugal-troop-2"
