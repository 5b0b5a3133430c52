"""The heuristic bot for any power in 9.2 New Order (issue 27: bids sensibly, defends home areas, takes objectives,
plays its cards, makes peace when losing) and the ``players`` option that lets ``siglo simulate`` and the tests play
9.2 at 3-6 players, at a table (``PLAYABLE``) and in ``siglo simulate`` (``UltimaRatioRegis.simulation``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engines.core.conformance import playout
from engines.core.types import OptionsError
from engines.ultima_ratio.bots import goals
from engines.ultima_ratio.bots.heuristic import fallback, heuristic_bot
from engines.ultima_ratio.bots.powers import MAX_BET
from engines.ultima_ratio.game import GAME
from engines.ultima_ratio.sequence import impulse

SIM = GAME.simulation()


def options(players: int) -> dict:
    return {"scenario": "new-order", "players": players}


def play_until(state: dict, step: str, seed: int = 1) -> dict:
    """Heuristic moves from ``state`` until the prompt's step is ``step``."""
    rnd = random.Random(seed)
    while SIM.view(state, None)["prompt"]["step"] != step:
        role = SIM.active_roles(state)[0]
        verb, arg = heuristic_bot(SIM, SIM.view(state, role), role, rnd)
        state = SIM.apply(state, role, verb, arg)
    return state


# ----- the players option -------------------------------------------------------------------------------------------
def test_players_is_checked_against_the_scenario_and_9_1_options_stay_as_they_were():
    """7.1 / Playbook 9: 9.2 is played by 3 to 6, 9.1 by one; unset, 9.1's stored options are unchanged (a blank
    ``players`` in the tables' form is a scenario's fewest)."""
    assert GAME.parse_options({}).model_dump(mode="json") == {"scenario": "the-rise-of-portugal"}
    assert GAME.Options.model_json_schema()["properties"]["players"]["anyOf"][0] == {
        "maximum": 8,
        "minimum": 1,
        "type": "integer",
    }
    with pytest.raises(OptionsError, match="played by 1 players, not 2"):
        GAME.parse_options({"players": 2})
    for wrong in (2, 7):
        with pytest.raises(OptionsError, match="played by 3 to 6 players"):
            GAME.parse_options(options(wrong))
    assert GAME.roles(GAME.parse_options(options(5))) == [f"player{n}" for n in range(1, 6)]
    assert GAME.roles(GAME.parse_options({"scenario": "new-order"})) == ["player1", "player2", "player3"]


def test_9_2_is_offered_at_a_table_and_its_playouts_are_these_tests():
    """Issue 27: 9.2 at 3-6 players at a table; the conformance suite's cases stay 9.1 (a 9.2 playout costs some
    8 s), ``Simulation`` lists 9.2 at each count for this file's playouts."""
    assert GAME.parse_options(options(4)).model_dump() == options(4)
    assert {"scenario": "new-order", "players": 6} in SIM.option_sets()
    assert SIM.board is GAME.board and GAME.option_sets() == [{"scenario": "the-rise-of-portugal"}]


def test_a_seat_reads_as_its_powers_once_the_auction_gave_them():
    """7.1.1: before the auction a chair ("Player 2"); after it the powers its player chose; 9.1's at once."""
    state = GAME.setup(3, options(3))
    assert [GAME.seat_label(state, r) for r in ("player1", "player2")] == ["Player 1", "Player 2"]
    state = play_until(state, "deploy")
    for role, seat in state["seats"].items():
        names = [("the " if p in GAME.articled("en") else "") + str(GAME.name_of(p, "en")) for p in seat["powers"]]
        said = ", ".join(names[:-1]) + " and " + names[-1]  # "The Ottomans, France, Crimea and the Barbary Coast"
        assert GAME.seat_label(state, role) == said[0].upper() + said[1:]
    assert GAME.seat_label(GAME.setup(1, {"scenario": "the-rise-of-portugal"}), "player1") == "Portugal"


def test_siglo_simulate_plays_9_2_and_prints_each_seats_wins_and_vp():
    from click.testing import CliRunner

    from app.cli import main

    args = ["simulate", "ultima-ratio-regis", "--option", "scenario=new-order", "--option", "players=3"]
    r = CliRunner().invoke(main, [*args, "--bot", "heuristic", "--games", "1", "--json"])
    assert r.exit_code == 0, r.output
    import json

    summary = json.loads(r.output.strip().splitlines()[-1])
    assert set(summary["seats"]) == {"player1", "player2", "player3"}
    assert sum(seat["wins"] for seat in summary["seats"].values()) == 1


# ----- heuristic games ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_heuristic_games_of_9_2_run_to_the_winner(players):
    """The conformance checks (every bot choice in the legal list, views, leaks, barriers, replay) through a whole
    game of 9.2 with the heuristic bot at every seat, from the auction to the winner (22)."""
    result = playout(SIM, players, options(players), check=True, every=3, bot="heuristic")
    outcome = result["outcome"]
    assert len(outcome["ranking"]) == players and outcome["winners"] == outcome["ranking"][:1]


def test_the_bot_plays_one_card_an_impulse_and_keeps_the_others():
    """8.2.2: a player plays at least one card an impulse, and may play more; the bot played its whole hand in one
    impulse once its actions were spent (13 cards at 3 players), left the rest of the half turn to the others and
    had no card for its battles (13.1.4). It plays the one card the impulse asks for, and its impulses follow one
    another until its hand is out."""
    state = play_until(SIM.begin(2, options(3)).state, "power_actions", seed=2)
    rnd = random.Random(2)
    played: dict[tuple, int] = {}
    turn = state["turn"]
    while state["turn"] == turn and SIM.outcome(state) is None:
        role = SIM.active_roles(state)[0]
        verb, arg = heuristic_bot(SIM, SIM.view(state, role), role, rnd)
        if state["stack"][-1]["step"] == "power_actions" and verb == "play_card":
            key = (role, state["impulse"]["n"])
            played[key] = played.get(key, 0) + 1
        state = SIM.apply(state, role, verb, arg)
    assert played and set(played.values()) == {1}
    assert len(played) >= 13  # each player's hand is played over as many impulses as it holds cards


def test_the_bot_bets_what_the_first_choice_is_worth_and_takes_the_best_group():
    """7.1.1: a bet is VP given away, so at most ``MAX_BET``; the first to choose takes the group worth most."""
    state = SIM.begin(3, options(6)).state
    rnd = random.Random(3)
    for role in SIM.active_roles(state):
        verb, bet = heuristic_bot(SIM, SIM.view(state, role), role, rnd)
        assert verb == "bet" and 0 <= bet <= MAX_BET
        state = SIM.apply(state, role, verb, bet)
    role = SIM.active_roles(state)[0]
    verb, group = heuristic_bot(SIM, SIM.view(state, role), role, rnd)
    values = {n: goals.group_value(SIM, "new-order", 6, n) for n in range(1, 7)}
    assert verb == "group" and values[group] == max(values.values())


def test_a_threatened_home_area_gets_the_troop():
    """21.3: at war, a hostile troop beside a possession: the power builds a troop and places it there (its cards
    played: 9.2 is played with cards, and the bot plays a card first)."""
    state = play_until(SIM.begin(1, options(3)).state, "power_actions")
    seat = SIM.active_roles(state)[0]
    state["cards"]["hands"][seat] = []
    state["impulse"]["must_play"] = False
    power = state["seats"][seat]["powers"][0]
    enemy = next(p for p in state["powers"] if state["powers"][p]["seat"] != seat)
    home = next(a for a, info in state["areas"].items() if info["owner"] == power and info["marker"] is None)
    beside = next(a for a in SIM.board.neighbours[home] if a in state["areas"])
    troop = next(u for u, info in state["units"].items() if info["power"] == enemy and info["kind"] == "troop")
    state["units"][troop]["loc"] = f"{beside}"
    state["wars"].append(sorted([power, enemy]))
    state["impulse"]["actions"][power] = 3
    assert goals.threatened(SIM, state, power)[home] >= 1
    view = SIM.view(state, seat)
    assert [power, "build_troop"] in view["prompt"]["legal"]["act"]
    assert heuristic_bot(SIM, view, seat, random.Random(0)) == ("act", [power, "build_troop"])


def test_the_objectives_it_marches_on():
    """22.: Spain's card asks for Granada, independent (A3) at the start of 9.2: a target it may take without war;
    an area of a power it is not at war with is not (21.3)."""
    state = SIM.begin(1, options(3)).state
    assert "area:granada" in goals.targets(SIM, state, "power:spain")
    assert not goals.takeable(state, "power:ottomans", "area:cairo")  # the Mamluks' while not at war
    state["wars"].append(sorted(["power:mamluks", "power:ottomans"]))
    assert goals.takeable(state, "power:ottomans", "area:cairo")


def test_an_unknown_step_gets_a_quiet_legal_choice():
    """A step written after the bot (minors, alliances): it ends or declines, else takes a choice that destroys
    nothing of its own."""
    view: Any = {"prompt": {"step": "alliance_offer", "legal": {"accept": [True], "decline": [None]}}}
    assert fallback(view) == ("decline", None)
    view = {"prompt": {"step": "minor_bid", "legal": {"eliminate": ["x"], "bid": [1, 2]}}}
    assert fallback(view) == ("bid", 1)


def test_the_impulse_checks_one_action_as_its_list_does():
    """``PowerActions.allows`` asks of the action's power alone (speed): the same answer as the whole list."""
    state = play_until(SIM.begin(2, options(4)).state, "power_actions", seed=2)
    from engines.core.machine import Ctx

    seat = SIM.active_roles(state)[0]
    g = Ctx(SIM, state)
    listed = impulse.offered(g, seat)
    for power in state["powers"]:
        for action in impulse.ACTIONS:
            assert impulse.offers(g, seat, [power, action]) == ([power, action] in listed)
    assert not impulse.offers(g, seat, ["power:spain"]) and not impulse.offers(g, seat, "power:spain")


def test_losing_a_war_it_opens_peace_talks():
    """21.4.1: a power that lost half its morale to the enemy (and took none of his) opens peace with him at the
    start of its impulse; winning, it does not."""
    state = play_until(SIM.begin(1, options(3)).state, "start_of_impulse")
    seat = SIM.active_roles(state)[0]
    power = state["seats"][seat]["powers"][0]
    enemy = next(p for p in state["powers"] if state["powers"][p]["seat"] != seat)
    state["wars"].append(sorted([power, enemy]))
    vitality = SIM.board.power(power).vitality
    state["morale"] = {power: {enemy: (vitality + 1) // 2}}
    view = SIM.view(state, seat)
    assert [power, enemy] in view["prompt"]["legal"]["open_peace"]
    assert heuristic_bot(SIM, view, seat, random.Random(0)) == ("open_peace", [power, enemy])
    state["morale"][enemy] = {power: vitality}  # it took more of the enemy's morale than it lost: winning
    assert heuristic_bot(SIM, SIM.view(state, seat), seat, random.Random(0))[0] != "open_peace"
