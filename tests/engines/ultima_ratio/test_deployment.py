"""7.2 ¶2 (l. 308): "Next, the players display on the board the major powers they lead. The deployment is done
simultaneously, and it ends when all players are satisfied with it" (RULINGS SA-6): every player deploys at once,
one power at a time, in the order he likes; a placement's further choice is his alone; "done" is his satisfaction with a power;
the deployment ends when every power is done."""

from __future__ import annotations

import pytest

from engines.core.types import IllegalAction
from engines.ultima_ratio import state as st
from engines.ultima_ratio.preparation import deployment
from tests.engines.ultima_ratio.test_new_order import GAME, auction, begin


def deployment_start() -> dict:
    """9.2 at 3 players, the auction over: Turn 1's deployment (Spain, England and France first)."""
    return auction(begin(3), {"player1": 0, "player2": 0, "player3": 0})


def points(s: dict, power: str) -> int:
    return s["powers"][power]["to_deploy"]["points"]


def step(s: dict) -> str:
    return s["stack"][-1]["step"]


def test_every_player_deploys_at_once_in_his_own_time():
    s = deployment_start()
    assert step(s) == "deploy" and GAME.active_roles(s) == st.game_order(s) and len(st.game_order(s)) == 3
    first = {role: deployment.deploying(s, role) for role in GAME.active_roles(s)}
    assert first == {"player1": "power:spain", "player2": "power:england", "player3": "power:france"}
    # the last in the game order moves first, then the second: nobody waits for another's whole deployment
    unrest = s["powers"]["power:france"]["unrest"]
    s = GAME.apply(s, "player3", "build", "lower_unrest")
    assert s["powers"]["power:france"]["unrest"] == unrest - 1 and points(s, "power:france") == 11
    s = GAME.apply(s, "player2", "build", "lower_unrest")
    assert points(s, "power:england") == 11 and points(s, "power:spain") == 14
    assert step(s) == "deploy" and GAME.active_roles(s) == st.game_order(s)
    for role, power in first.items():  # each sees his own power's prompt
        said = GAME.view(s, role)["prompt"]["text"]
        assert said == {"msg": "prompt.deploy", "args": {"power": power, "points": points(s, power)}}


def test_a_placements_further_choice_is_the_placing_players_alone_and_the_others_wait_for_it():
    s = GAME.apply(deployment_start(), "player2", "build", "build_troop")
    assert step(s) != "deploy" and GAME.active_roles(s) == ["player2"]
    with pytest.raises(IllegalAction):  # the others wait for that one choice
        GAME.apply(s, "player1", "build", "lower_unrest")
    troops = len(st.units_of(s, "power:england", "troop", "map"))
    while step(s) != "deploy":
        verb, args = next(iter(GAME.legal(s, "player2").items()))
        s = GAME.apply(s, "player2", verb, args[0])
    assert len(st.units_of(s, "power:england", "troop", "map")) == troops + 1
    assert GAME.active_roles(s) == st.game_order(s) and points(s, "power:england") == 11


def test_a_players_own_move_stays_his_to_take_back_while_the_others_deploy():
    """A move after which the mover still deploys beside the others hands nothing on: no undo barrier (the app
    takes it back while nobody has moved after it); his last "done" is one."""
    played = GAME.play(deployment_start(), "player1", "build", "lower_unrest")
    assert not played.barrier
    played = GAME.play(played.state, "player3", "build", "build_squadron")  # its grade, then its port: his alone
    while not played.barrier and step(played.state) != "deploy":
        verb, args = next(iter(GAME.legal(played.state, "player3").items()))
        played = GAME.play(played.state, "player3", verb, args[0])
    assert step(played.state) == "deploy" and not played.barrier  # back among the others: still no hand-over


def test_done_ends_a_power_the_players_next_power_follows_and_the_deployment_ends_when_all_are_done():
    s = deployment_start()
    played = GAME.play(s, "player3", "done", None)
    assert any(e["msg"] == "log.deployed" and e["args"]["power"] == "power:france" for e in played.log)
    s = played.state
    assert "to_deploy" not in s["powers"]["power:france"] and deployment.deploying(s, "player3") == "power:ottomans"
    while step(s) != "deploy":  # France's allied minors deploy their forces first (24., 20.3.4): his alone
        assert GAME.active_roles(s) == ["player3"]
        verb, args = next(iter(GAME.legal(s, "player3").items()))
        s = GAME.apply(s, "player3", verb, args[0])
    assert GAME.active_roles(s) == st.game_order(s)
    ended: list[str] = []
    while step(s) in ("deploy", "minor_reinforcements"):  # every power done, its allies placed (20.3.4)
        role = GAME.active_roles(s)[-1]
        legal = GAME.legal(s, role)
        if "done" in legal:
            ended.append(deployment.deploying(s, role) or "")
            s = GAME.apply(s, role, "done", None)
        else:
            verb, args = next(iter(legal.items()))
            s = GAME.apply(s, role, verb, args[0])
    assert not any("to_deploy" in info for info in s["powers"].values())
    assert len(ended) == len(s["powers"]) - 1 and "power:france" not in ended
    assert step(s) == "first_player"  # 8.1.3, 8.1.4 done: the half turn begins (8.2.1)


def test_a_version_7_position_in_the_middle_of_a_deployment_is_refused_saying_why():
    """Version 7 kept the deploying power's points in its ``deploy`` frame; such a stored position (an analysis
    fork's start) is refused rather than misread (``upgrade.upgrade_start``); one past the deployment is read."""
    s = deployment_start()
    old = {**s, "stack": [*s["stack"][:-1], {"step": "deploy", "power": "power:spain", "points": 14}]}
    with pytest.raises(IllegalAction, match="in the middle of a deployment") as refused:
        GAME.upgrade_start(old, "7")
    assert refused.value.text is not None and refused.value.text["msg"] == "upgrade.start_refused_deployment"
    later = GAME.setup(1000, {"players": 3})  # the auction: no deployment frame
    assert GAME.upgrade_start(later, "7") == later


def test_a_player_deploys_his_powers_in_the_order_he_likes_each_keeping_its_points():
    s = deployment_start()
    mine = deployment.still_deploying(s, "player1")
    assert mine == ["power:spain", "power:austria", "power:poland", "power:hungary", "power:mamluks"]
    assert GAME.legal(s, "player1")["switch"] == mine[1:]
    s = GAME.apply(s, "player1", "build", "lower_unrest")
    s = GAME.apply(s, "player1", "switch", "power:poland")
    assert deployment.deploying(s, "player1") == "power:poland" and GAME.active_roles(s) == st.game_order(s)
    said = GAME.view(s, "player1")["prompt"]["text"]
    assert said == {"msg": "prompt.deploy", "args": {"power": "power:poland", "points": 8}}
    assert "power:poland" not in GAME.legal(s, "player1")["switch"]
    s = GAME.apply(s, "player1", "build", "lower_unrest")
    s = GAME.apply(s, "player1", "switch", "power:spain")  # and back: Spain's points were kept
    assert deployment.deploying(s, "player1") == "power:spain"
    assert points(s, "power:spain") == 13 and points(s, "power:poland") == 7
    label = GAME.labels(s, "player1", GAME.renderer("en"))
    assert {"verb": "switch", "arg": "power:poland", "label": "Deploy Poland now (7 points left)"} in label
    with pytest.raises(IllegalAction):  # another's power is not his to switch to
        GAME.apply(s, "player1", "switch", "power:france")
    s = GAME.apply(s, "player1", "done", None)  # Spain done: its allies placed, then the first of the list
    while step(s) != "deploy":
        verb, args = next(iter(GAME.legal(s, "player1").items()))
        s = GAME.apply(s, "player1", verb, args[0])
    assert deployment.deploying(s, "player1") == deployment.still_deploying(s, "player1")[0] == "power:austria"
