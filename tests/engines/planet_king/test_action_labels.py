"""The buttons say what an action costs and whom it uses (issue 12 §1, §5): each type of action its cube (Action
Cubes, line 159; green cubes, line 193; none in the Organisation phase, line 242), each action its cube, ducats
(line 458: the asterisk actions) and the once-a-turn limit (line 573), and every button that names a notable his
ratings, in words (no hover needed)."""

import random

from engines.planet_king import GAME, actions
from tests.engines.planet_king.support import RENDER, fresh, labels, pick, run

NOTABLE = ("pk:noble:", "pk:genius:", "pk:lady:")


def names_notable(arg) -> bool:
    return any(isinstance(a, str) and a.startswith(NOTABLE) for a in (arg if isinstance(arg, list) else [arg]))


def test_a_type_says_its_cube_and_none_in_the_organisation_phase():
    s = fresh("anni_mirabiles")
    s["cubes"].update(government=2, political=0, green=1)
    run(s, actions.action_round, "card")
    got = labels(s)
    assert "Perform a government action — costs a red cube (2 left, or 1 green cube)" in got
    assert "Perform a political action — costs a blue cube (0 left, or 1 green cube)" in got
    assert "Perform a simple action — no cube needed" in got
    s = fresh("anni_mirabiles")
    run(s, actions.action_round, "org")
    assert "Perform a royal action — no cube in the Organisation phase" in labels(s)


def test_an_action_says_its_cube_ducats_and_once_a_turn():
    s = fresh("anni_mirabiles")
    s["cubes"].update(political=0, green=1)
    run(s, actions.action_round, "card")
    s = pick(s, "Perform a political action")
    got = labels(s)
    # no blue cube left: the green one is spent (ruling R-GREEN); the Embassy costs a ducat, once a turn (502, 506)
    assert "Embassy — a green cube, 1 ducat, once a turn" in got and "Appoint Noble — a green cube" in got
    s = fresh("anni_mirabiles")
    run(s, actions.action_round, "card")
    s = pick(s, "Perform a simple action")
    got = labels(s)
    assert "Asiento — no cube, gains 2 ducats (1 once Portugal is independent)" in got
    assert any(g.startswith("Build a Fortification — no cube, 1 ducat, +1 prestige, once a turn") for g in got)
    s = fresh("anni_mirabiles")
    run(s, actions.action_round, "org")
    s = pick(s, "Perform a royal action")
    assert "Hunt — no cube in the Organisation phase, once a turn" in labels(s)


def test_every_button_naming_a_notable_shows_his_ratings():
    """Random games of three scenarios: each offered action whose argument names a noble, genius or lady reads his
    ratings on the button (a noble's Military, Political, Government; a genius's Enlightenment; a lady's
    Happiness and Fertility)."""
    seen = set()
    for i, options in enumerate(
        [
            {"scenario": "anni_mirabiles"},
            {"scenario": "planet_king", "mode": "cooperative"},
            {"scenario": "anni_horribiles"},
        ]
    ):
        rnd = random.Random(i)
        s = GAME.begin(i, options).state
        for _ in range(1500):
            if GAME.outcome(s) is not None:
                break
            roles = GAME.active_roles(s)
            role = roles[rnd.randrange(len(roles))]
            for a in GAME.labels(s, role, RENDER):
                if names_notable(a["arg"]):
                    seen.add((s["stack"][-1]["step"], a["verb"]))
                    assert "Military " in a["label"] or "Enlightenment " in a["label"] or "Fertility " in a["label"], a[
                        "label"
                    ]
            verb, arg = GAME.bots["random"](GAME, GAME.view(s, role), role, rnd)
            s = GAME.play(s, role, verb, arg).state
    assert len(seen) >= 12  # the notable decisions of a game: offices, commands, ladies, geniuses, the Valido...


def test_an_untested_question_mark_rating_shows_as_a_question_mark():
    from engines.planet_king.game import notable_ratings
    from tests.engines.planet_king.support import nb

    s = fresh("anni_horribiles")
    juan = nb("JUAN JOSÉ OF AUSTRIA")
    assert RENDER.text(notable_ratings(s, juan)).startswith(" — Military ? · Political")
    s["ratings"][f"{juan}:military"] = 3
    assert RENDER.text(notable_ratings(s, juan)).startswith(" — Military 3 · Political")
