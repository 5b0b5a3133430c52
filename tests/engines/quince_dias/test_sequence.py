"""Game Sequence: 1 Drawing Hands, 2 Election of Powers, 5 Characters Management, 6 Victory Check
(quince_dias/sequence.py)."""

from __future__ import annotations

import pytest

from engines.quince_dias import GAME
from engines.quince_dias.sequence import score, winner

from .helpers import cid, confrontation, ctx, fresh, offered, play, run, set_hand

IND = {"olivares": "clerical", "lerma": "society", "individual": "government"}
PRINCES_BY_BELLS = {
    0: ["Prince Emmanuel Philibert of Savoy", "Queen Anne of France", "Archduchess Isabel Clara Eugenia"],
    1: ["Isabel of Bourbon, Princess of Asturias", "Cardinal-Infante Fernando", "Infanta María Ana"],
    2: ["Philip, Prince of Asturias", "Infante Carlos"],
}


def test_setup_hands_ducats_families_and_first_family():
    """Game Setting: 7 cards and 2 Ducats each, at most 2 Special Situations, families in adjacent seats,
    the Olivares Family first; the bank is finite (28)."""
    for seed in range(1, 30):
        s = fresh(players=6, seed=seed)
        assert all(len(s["hands"][r]) == 7 for r in s["roles"])
        assert all(sum(c.startswith("qd:sit:") for c in s["hands"][r]) <= 2 for r in s["roles"])
        assert s["bank"] + sum(s["ducats"].values()) == 28 and set(s["ducats"].values()) == {2}
        fams = [s["family"][r] for r in s["roles"]]
        assert sum(1 for i in range(6) if fams[i] != fams[i - 1]) == 2  # two blocks around the table
        assert s["starting"] == "olivares" and len(s["deck"]) == 77 - 42 - len(s["discard"])


def test_election_starting_family_assigns_then_opposing_family_chooses():
    s = fresh(players=2)
    olivares = s["members"]["olivares"][0]
    lerma = s["members"]["lerma"][0]
    assert GAME.active_roles(s) == [olivares]
    s = play(s, olivares, "propose", "clerical")
    assert s["powers"]["lerma"] == "clerical"
    assert GAME.active_roles(s) == [lerma]
    assert {a for _, a in offered(s, lerma)} == {"government", "society"}
    s = play(s, lerma, "propose", "society")
    assert s["powers"] == {"olivares": "society", "lerma": "clerical", "individual": "government"}
    assert s["stack"][-1]["step"] == "choose_main"


def test_election_one_proposes_the_others_confirm():
    s = fresh(players=4)
    members = s["members"]["olivares"]
    assert GAME.active_roles(s) == [members[0]]
    s = play(s, members[0], "propose", "society")
    assert GAME.active_roles(s) == [members[1]]
    s = play(s, members[1], "agree")
    assert s["powers"]["lerma"] == "society"


def test_election_disagreement_means_random():
    picks = set()
    for seed in range(1, 40):
        s = fresh(players=6, seed=seed)
        members = s["members"]["olivares"]
        s = play(s, members[0], "propose", "society")
        assert sorted(GAME.active_roles(s)) == sorted(members[1:])  # the others answer together
        s = play(s, members[1], "agree")
        s = play(s, members[2], "disagree")
        picks.add(s["powers"]["lerma"])
    assert picks == {"government", "society", "clerical"}


def test_drawing_hands_refills_to_seven_and_reshuffles_after_round_one():
    s = fresh(players=4)
    set_hand(s, "player1", [], filler=3)
    s["discard"] = [s["deck"].pop() for _ in range(5)]
    s["round"] = 2
    s["stack"] = [{"step": "drawing_hands"}]
    run(s)
    assert s["discard"] == [] or all(c.startswith("qd:") for c in s["discard"])
    assert all(len(s["hands"][r]) >= 7 for r in s["roles"])


def test_characters_management_gives_at_most_two_ducats_and_the_bank_is_finite():
    s = fresh(players=4)
    s["estate"]["player1"] = [s["deck"].pop() for _ in range(3)]
    s["estate"]["player2"] = [s["deck"].pop()]
    s["bank"] = 2
    s["stack"] = [{"step": "characters_management"}]
    s["round"] = 4
    run(s)
    assert s["ducats"]["player1"] == 4 and s["ducats"]["player2"] == 2 and s["bank"] == 0


def test_score_family_points_own_points_ducats_and_conspirators():
    """Victory Check: Affection Points + 1 per 2 Ducats - 3 per Conspirator."""
    s = fresh(players=4, conspirators=True)
    role = "player1"
    s["family_princes"][s["family"][role]] = 2
    s["own_princes"][role] = [cid("Infante Carlos")]  # 6 points
    s["ducats"][role] = 5  # 2 points, the odd Ducat is worth nothing
    s["consp"]["owned"][role] = ["qd:consp:duenna"]
    assert score(ctx(s), role) == 10 + 6 + 2 - 3


@pytest.mark.parametrize(
    "scores,expected",
    [
        ({"a": 20, "b": 15, "c": 10}, "a"),
        ({"a": 20, "b": 20, "c": 15, "d": 10}, "c"),  # tied players drop out, the next one down wins
        ({"a": 20, "b": 20, "c": 15, "d": 15}, None),
        ({"a": 12, "b": 12, "c": 12, "d": 12}, None),  # all tied: nobody wins
    ],
)
def test_tie_rule(scores, expected):
    assert winner(scores) == expected


def individual_end(s: dict, prince_name: str, tie: bool = False) -> dict:
    confrontation(
        s,
        "individual",
        powers=IND,
        mains={
            "player1": cid("Apostolic Nuncio"),
            "player2": cid("Secretary of the Treasury") if tie else cid("Grand Commissioner for Oaths"),
        },
    )
    for role in s["roles"]:
        set_hand(s, role, [])
    s["princes"].remove(cid(prince_name))
    s["princes"].append(cid(prince_name))
    return run(s)


@pytest.mark.parametrize(
    "bells,rounds", [([2, 1], 2), ([1, 1, 1], 3), ([0, 1, 2], 3), ([1, 1, 2], 3), ([0, 1, 0, 1], 4)]
)
def test_example_victory_check_bell_diagram(bells, rounds):
    """Victory Check diagram: 2+1=3; 1+1+1=3; 0+1+2=3 end the game; 2+2>3: passing 3 ends it too (1+1+2 with
    these cards); otherwise it ends after round 4."""
    s = fresh(players=4)
    left = {b: list(names) for b, names in PRINCES_BY_BELLS.items()}
    for i, b in enumerate(bells):
        name = left[b].pop()
        s["round"] = i + 1
        s = individual_end(s, name, tie=bool(i % 2))
        over = GAME.outcome(s) is not None
        assert over == (i + 1 == rounds), (bells, i)
    words = GAME.renderer().text(GAME.outcome(s)["text"])
    assert ("Philip III has died" if rounds < 4 else "The fourth round is over") in words
    assert s["round"] == rounds


def test_individual_tie_bells_count_for_the_end():
    s = fresh(players=4)
    s["round"] = 2
    s["bells"] = 1
    s = individual_end(s, "Philip, Prince of Asturias", tie=True)
    assert GAME.outcome(s) is not None and s["bells"] == 3
