"""8. Game sequence: turn start, impulses (start, actions, end), the first-player choice (8.2.1)."""

from __future__ import annotations

from engines.ultima_ratio.sequence.turn import FirstPlayer
from tests.engines.ultima_ratio.support import GAME, at_first_impulse, ctx, legal, moves, place, play, step


def test_start_of_impulse_puts_squadrons_out_to_sea():
    s = at_first_impulse(deploy=[("build", "build_squadron"), ("grade", "E3"), ("area", "area:portugal")])
    assert legal(s) == {"to_sea": [["power:portugal-squadron-4", "sea:east-atlantic"]], "done": [None]}
    s, _ = play(s, "to_sea", ["power:portugal-squadron-4", "sea:east-atlantic"])
    assert s["units"]["power:portugal-squadron-4"]["loc"] == "sea:east-atlantic" and legal(s) == {"done": [None]}


def test_a_squadron_under_repair_stays_in_port():
    s = at_first_impulse()
    s = place(s, "power:portugal-squadron-1", "area:portugal", repair=True)
    assert legal(s) == {"done": [None]}


def test_actions_are_spent_one_by_one_then_the_impulse_ends():
    s = moves(at_first_impulse(), ("done", None))
    assert step(s) == "power_actions"
    s, _ = play(s, "act", ["power:portugal", "lower_unrest"])
    assert s["impulse"]["actions"] == {"power:portugal": 1}
    s, _ = play(s, "act", ["power:portugal", "lower_unrest"])
    assert legal(s) == {"end_impulse": [None]}
    s, _ = play(s, "end_impulse")
    assert step(s) == "end_of_impulse"


def test_end_of_impulse_brings_one_troop_home_per_power():
    s = at_first_impulse(
        deploy=[
            ("build", "build_troop"),
            ("grade", "2-3"),
            ("area", "area:oporto"),
            ("stop", None),
            ("build", "build_troop"),
            ("grade", "2-3"),
            ("area", "area:oporto"),
            ("stop", None),
        ]
    )
    s = moves(s, ("done", None), ("end_impulse", None))
    assert legal(s)["bring_home"] == [
        ["power:portugal", "power:portugal-troop-1"],
        ["power:portugal", "power:portugal-troop-2"],
    ]
    s, _ = play(s, "bring_home", ["power:portugal", "power:portugal-troop-1"])
    assert s["units"]["power:portugal-troop-1"]["loc"] == "box:dispersed-wm"  # the theater with more home areas
    assert legal(s) == {"done": [None]}


def test_first_player_is_chosen_by_the_fewest_vp_ties_to_the_lower_number():
    """8.2.1 (l. 362): "In case of a tie, the player with a lower player number will choose (for example, player
    2 before 4)."""
    g = ctx(at_first_impulse())
    g.s["seats"] = {
        "player2": {"vp": 3, "order": 2, "powers": []},
        "player4": {"vp": 3, "order": 4, "powers": []},
        "player1": {"vp": 5, "order": 1, "powers": []},
    }
    assert FirstPlayer()._chooser(g) == "player2"
    g.s["seats"]["player4"]["vp"] = 2
    assert FirstPlayer()._chooser(g) == "player4"
    g.s["stack"].append({"step": "first_player"})
    FirstPlayer().on_start(g, "player4", ["player2", "counterclockwise"])
    assert g.s["seat_order"] == ["player2", "player1", "player4"]


def test_the_half_turn_goes_round_the_table_not_by_game_order():
    """8.2.1: "the direction in which the turn is to be played (clockwise or counter clockwise)" is the order the
    players sit in (7.1.1: decided before the auction and kept), whatever their places in the game order."""
    g = ctx(at_first_impulse())
    g.s["seats"] = {
        "player1": {"vp": 5, "order": 3, "powers": []},
        "player2": {"vp": 1, "order": 1, "powers": []},
        "player3": {"vp": 4, "order": 4, "powers": []},
        "player4": {"vp": 3, "order": 2, "powers": []},
    }
    g.s["stack"].append({"step": "first_player"})
    FirstPlayer().on_start(g, "player2", ["player3", "clockwise"])
    assert g.s["seat_order"] == ["player3", "player4", "player1", "player2"]
    g.s["stack"].append({"step": "first_player"})
    FirstPlayer().on_start(g, "player2", ["player3", "counterclockwise"])
    assert g.s["seat_order"] == ["player3", "player2", "player1", "player4"]


def test_the_choice_of_the_first_player_names_the_order_it_makes():
    """8.2.1: "clockwise or counter clockwise" goes round the sitting order, which no page shows: each choice reads
    the impulse order it gives ("Bot 2 starts, clockwise" said nothing of who comes next)."""
    g = ctx(at_first_impulse())
    g.s["seats"] = {f"player{n}": {"vp": n, "order": n, "powers": []} for n in (1, 2, 3)}
    g.s["stack"].append({"step": "first_player"})
    names = {"player1": "alice", "player2": "Bot 2", "player3": "Bot 3"}
    said = [
        GAME.renderer("en", names).text(FirstPlayer().label(g, "player1", "start", ["player2", way]))
        for way in ("clockwise", "counterclockwise")
    ]
    assert said == [
        "Bot 2 starts, clockwise: Bot 2, Bot 3 and alice",
        "Bot 2 starts, counterclockwise: Bot 2, alice and Bot 3",
    ]
    spanish = GAME.renderer("es", names).text(FirstPlayer().label(g, "player1", "start", ["player2", "clockwise"]))
    assert spanish == "Empieza Bot 2, en el sentido de las agujas del reloj: Bot 2, Bot 3 y alice"
    FirstPlayer().on_start(g, "player1", ["player2", "counterclockwise"])
    assert g.s["seat_order"] == ["player2", "player1", "player3"]  # as the choice said


def test_a_power_at_war_of_a_player_without_cards_has_a_free_regroup_or_redeployment():
    """8.2.3 (l. 411). 9.1 has no war between major powers (RULINGS.md › 9.1, 9.): a war is set by hand."""
    s = at_first_impulse(deploy=[("build", "build_troop"), ("grade", "2-3"), ("area", "area:oporto"), ("stop", None)])
    assert "free" not in legal(s)
    s["wars"] = [["power:portugal", "power:spain"]]
    s = place(s, "power:portugal-troop-2", "box:dispersed-wm")
    assert legal(s)["free"] == [["power:portugal", "regroup_troop"], ["power:portugal", "strategic_move"]]
    s = moves(
        s,
        ("free", ["power:portugal", "regroup_troop"]),
        ("unit", "power:portugal-troop-2"),
        ("area", "area:algarve"),
        ("stop", None),
    )
    assert step(s) == "start_of_impulse" and "free" not in legal(s)
    assert s["impulse"]["actions"] == {"power:portugal": 2}  # no action spent
