"""The Player Turn › 1.4 Hiring a Conspirator (optional variant) (quince_dias/conspirators.py)."""

from __future__ import annotations

from engines.quince_dias import GAME

from .helpers import cid, confrontation, fresh, offered, play, run, set_hand

IND = {"olivares": "clerical", "lerma": "society", "individual": "government"}


def my_turn(characters: int = 4) -> dict:
    s = fresh(players=4, conspirators=True)
    confrontation(
        s,
        "individual",
        powers=IND,
        mains={"player1": cid("Cardinal"), "player2": cid("Grand Chaplain")},
        turn="player1",
    )
    set_hand(s, "player1", [], filler=characters)
    return s


def hire_one(s: dict) -> tuple[dict, str]:
    consp = offered(s, "player1", "hire")[0][1]
    s = play(s, "player1", "hire", consp)
    for _ in range(2):
        s = play(s, "player1", "estate", s["hands"]["player1"][0])
    return s, consp


def test_four_conspirators_face_up_at_setup():
    s = fresh(players=4, conspirators=True)
    assert len(s["consp"]["available"]) == 4
    assert all(c.startswith("qd:consp:") for c in s["consp"]["available"])


def test_hire_puts_two_characters_from_hand_in_the_estate():
    s = my_turn(4)
    hires = offered(s, "player1", "hire")
    assert len(hires) == 4
    hand = list(s["hands"]["player1"])
    s, consp = hire_one(s)
    assert s["estate"]["player1"] == hand[:2] and s["hands"]["player1"] == hand[2:]
    assert s["consp"]["owned"]["player1"] == [consp] and consp not in s["consp"]["available"]
    assert s["stack"][-1]["stage"] == "common"
    # face down by the Family token: the others see how many wait, not which (though they saw the one hired)
    assert consp not in str(GAME.view(s, "player2")) and consp not in str(GAME.view(s, None))
    assert GAME.view(s, "player2")["public"]["players"][0]["conspirators_aside"] == 1
    assert consp in str(GAME.view(s, "player1")["private"]["conspirators_aside"])


def test_a_conspirator_hired_in_a_phase_waits_for_the_next_one():
    s, _consp = hire_one(my_turn(4))
    s = play(s, "player1", "leave")
    s["stack"] = s["stack"][:1]
    s["conf"]["queue"] = ["player1"]
    s["left"]["player1"] = False
    s["consp"]["decided"] = ["player1"]  # his first turn of the phase is behind him
    from .helpers import run

    run(s)
    assert s["stack"][-1] == {"step": "turn", "role": "player1", "stage": "special"}


def test_no_hire_with_fewer_than_two_characters_in_hand():
    s = my_turn(1)
    assert offered(s, "player1", "hire") == []


def test_first_turn_of_each_phase_play_from_hand_or_plot():
    s, consp = hire_one(my_turn(4))
    s["consp"]["decided"] = []
    s["stack"][-1] = {"step": "turn", "role": "player1", "stage": "conspire"}
    acts = offered(s, "player1")
    assert ("conspire", [consp, "hand"]) in acts and ("conspire", [consp, "plot"]) in acts and ("keep", None) in acts
    s2 = play(s, "player1", "conspire", [consp, "hand"])
    assert consp in s2["hands"]["player1"] and s2["stack"][-1]["stage"] == "special"
    s3 = play(s, "player1", "conspire", [consp, "plot"])
    assert s3["consp"]["plot"]["player1"] == consp
    assert GAME.secrets(s3)[consp] == ["player1"] and consp not in str(GAME.view(s3, None))
    assert GAME.secrets(s2)[consp] == ["player1"]


def test_which_face_down_conspirator_plots_is_hidden_even_when_both_were_hired_in_sight():
    s, first = hire_one(my_turn(6))
    s["stack"][-1] = {"step": "turn", "role": "player1", "stage": "special"}
    s, second = hire_one(s)
    assert first not in GAME.secrets(s) and second not in GAME.secrets(s)  # both seen when hired
    s["consp"]["decided"] = []
    s["stack"][-1] = {"step": "turn", "role": "player1", "stage": "conspire"}
    s = play(s, "player1", "conspire", [first, "plot"])
    assert GAME.secrets(s)[first] == ["player1"] and GAME.secrets(s)[second] == ["player1"]


def test_plot_resolves_at_the_end_of_the_phase_and_the_conspirator_returns():
    s = fresh(players=4, conspirators=True)
    confrontation(s, "individual", powers=IND, mains={"player1": cid("Cardinal"), "player2": cid("Grand Chaplain")})
    for role in s["roles"]:
        set_hand(s, role, [])
    favour = next(c["id"] for c in GAME.content()["conspirators"] if c["plot"] == "favour")
    s["consp"]["owner"][favour] = "player1"
    s["consp"]["owned"]["player1"] = [favour]
    s["consp"]["plot"]["player1"] = favour
    run(s)
    totals = s["results"][-1]["totals"]
    assert totals["player1"] == 2 + 2 and totals["player2"] == 5  # Government 2 + favour 2 against 5
    assert s["consp"]["reserve"]["player1"] == [favour] and s["consp"]["plot"] == {}


def test_cancelled_conspirator_goes_back_to_its_owner():
    s = fresh(players=4, conspirators=True)
    consp = next(c["id"] for c in GAME.content()["conspirators"] if c["government"] >= 5)
    s["consp"]["owner"][consp] = "player2"
    s["consp"]["owned"]["player2"] = [consp]
    killer = cid("English Ambassador")  # Cancel, Government 5-9
    confrontation(
        s,
        "individual",
        powers=IND,
        mains={"player1": cid("Cardinal"), "player2": consp},
        turn="player1",
        stage="common",
    )
    set_hand(s, "player1", [killer], filler=2)
    s = play(s, "player1", "court", [killer, "player2"])
    assert consp not in s["discard"] and s["consp"]["reserve"]["player2"] == [consp]
