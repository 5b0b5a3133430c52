"""The board partial (issue 4, The table): renders every kind of position from the view alone, with the legal
actions placed on the things they concern."""

import pathlib
import random
from typing import Any, cast

import jinja2
import pytest

from app.web import templates
from engines.planet_king import GAME
from tests.engines.planet_king.support import RENDER, fresh

ROOT = pathlib.Path(__file__).resolve().parents[3]
ENV = jinja2.Environment(loader=jinja2.FileSystemLoader(ROOT / "templates"), autoescape=True)
ENV.globals.update(templates.env.globals)  # as app/web.py gives them


class Table:
    id = 7
    seq = 3


def render(state, role="king"):
    view = cast(dict[str, Any], GAME.view(state, role))
    # as the app hands it to the template: the prompt rendered and the actions with their labels
    view["prompt"] = {
        **view["prompt"],
        "text": RENDER.text(view["prompt"]["text"]),
        "actions": GAME.labels(state, role, RENDER),
    }
    return ENV.get_template("games/planet-king/board.html").render(
        game=GAME, view=view, role=role, table=Table(), csrf_token="tok", as_role=role
    )


@pytest.mark.parametrize(
    "scenario,mode",
    [("anni_mirabiles", "solo"), ("anni_horribiles", "cooperative"), ("hothead", "solo"), ("war_only", "solo")],
)
def test_board_renders_through_a_game(scenario, mode):
    s = GAME.setup(5, {"scenario": scenario, "mode": mode})
    rnd = random.Random(5)
    for _ in range(40):
        if GAME.outcome(s):
            break
        role = GAME.active_roles(s)[0]
        html = render(s, role)
        assert 'class="board board-planet-king"' in html and s["rng"] not in html
        verb, arg = GAME.bots["heuristic"](GAME, GAME.view(s, role), role, rnd)
        s = GAME.apply(s, role, verb, arg)


def test_board_shows_wars_court_and_actions_on_the_war():
    s = fresh("anni_mirabiles")
    html = render(s)
    assert "Flanders War" in html and "Nassau" in html and "GASPAR DE GUZMÁN" in html and "Ladies deck" in html
    s["cubes"]["government"] = 1
    from engines.planet_king import actions
    from tests.engines.planet_king.support import pick, run

    run(s, actions.action_round, "card")
    s = pick(s, "Perform a government action")
    s = pick(s, "Military Campaign")
    html = render(s)
    flanders = [a["label"] for a in GAME.labels(s, "king", RENDER) if a["label"].startswith("Campaign in Flanders War")]
    assert flanders == [
        "Campaign in Flanders War — AMBROSIO DE SPINOLA commands — Military 3 · Political 1 · "
        "Government 1 · Prestige 1 · loyal — the campaign costs 2 ducats"
    ]  # line 741


def test_the_board_is_the_control_and_names_every_target():
    """No action buttons on the board (the panel's list is the one place each is posted); every key a legal action
    acts on (the game's presentation says which: issue 28 › A contract) is a thing on the board, and exactly the
    subjects of this seat's actions carry data-verb; units are counted by kind."""
    import re

    from engines.core.game import flat
    from engines.planet_king.presentation import action_keys

    s = fresh("anni_mirabiles")
    rnd = random.Random(5)
    seen = set()
    for _ in range(160):
        if GAME.outcome(s):
            break
        role = GAME.active_roles(s)[0]
        html = render(s, role)
        assert "action-form" not in html and 'name="verb"' not in html
        keys = set(re.findall(r'data-key="([^"]+)"', html))
        keys |= {k for ks in re.findall(r'data-keys="([^"]+)"', html) for k in ks.split()}
        marked: dict[str, set[str]] = {}
        for verb, arg in flat(GAME.legal(s, role)):
            ks = action_keys(verb, arg)
            if ks and ks[0].split(":")[0] in ("territory", "war", "unit", "cube", "office", "court"):
                assert ks[0] in keys, (verb, arg)  # a notable out of play (a displaced noble) may be off the board
            if ks and ks[0] in keys:
                seen.add(ks[0].split(":")[0])
                marked.setdefault(ks[0], set()).add(verb)
        served: dict[str, set[str]] = {}
        for tag in re.findall(r"<[^>]*data-verb=[^>]*>", html):
            one = re.search(r'data-keys?="([^"]+)"', tag)
            verbs = set(re.search(r'data-verb="([^"]+)"', tag).group(1).split())
            for k in one.group(1).split() if one else []:
                if k in marked:
                    served.setdefault(k, set()).update(verbs)
        assert served == marked, (served, marked)
        verb, arg = GAME.bots["heuristic"](GAME, GAME.view(s, role), role, rnd)
        s = GAME.apply(s, role, verb, arg)
    assert {"territory", "war", "unit", "cube"} <= seen
    assert re.search(r"\d+ × [a-zA-Z]", render(fresh("anni_mirabiles")))


def test_slots_are_labelled_and_ratings_and_cubes_explained():
    s = fresh("anni_mirabiles")
    s["offices"][next(iter(s["offices"]))] = None
    html = render(s)
    assert "Valido" in html and "Royal Mistress" in html and "Noble at Court, space 1" in html
    office = GAME.name_of(next(iter(s["offices"])), "en")
    assert f'<span class="slot-label">{office}</span>vacant' in html
    assert "Military, Political and Government ratings" in html and "Happiness and Fertility" in html
    assert "red: government" in html and "yellow: royal" in html


def test_action_types_say_their_cube_cost():
    s = fresh("anni_mirabiles")
    from engines.planet_king import actions
    from tests.engines.planet_king.support import labels, run

    run(s, actions.action_round, "card")
    words = labels(s)
    assert any(w.startswith("Perform a government action — costs a red cube") for w in words), words
    assert "Perform a simple action — no cube needed" in words


def test_an_automatic_defeat_names_its_cause():
    from engines.core.types import text
    from engines.planet_king import victory
    from tests.engines.planet_king.support import run

    s = fresh("anni_mirabiles")
    s["defeat"] = [text("defeat.prestige", n=-3)]
    run(s, victory.finish)
    outcome = GAME.outcome(s)
    assert RENDER.text(outcome["text"]).startswith("Defeat")
    assert (
        RENDER.text(outcome["reason"])
        == "Automatic defeat at the End of Turn: prestige -3 (Victory › Automatic Defeat)."
    )
    html = ENV.get_template("games/planet-king/board.html").render(
        game=GAME,
        view=GAME.view(s, "king"),
        role="king",
        table=Table(),
        csrf_token="tok",
        as_role="king",
        data={"outcome": outcome, "seats": []},
    )
    assert "prestige -3" in html


def test_the_seat_holders_name_is_on_the_board():
    html = ENV.get_template("games/planet-king/board.html").render(
        game=GAME,
        view=GAME.view(fresh("anni_mirabiles"), "king"),
        role="king",
        table=Table(),
        csrf_token="t",
        as_role="king",
        data={"seats": [{"role": "king", "player": "bea", "bot": None, "name": "bea"}], "outcome": None},
    )
    assert '<strong>The King</strong>: <span class="seat-name">bea</span> <span class="you">(you)</span>' in html
    assert 'data-key="seat:king"' in html


def test_war_tracks_are_meters_a_screen_reader_reads():
    """Issue 30: each war's progression track reads as a value ("1 on the red side"), not as a row of numbers."""
    import re

    s = fresh("anni_mirabiles")
    war = next(w for w, v in s["wars"].items() if v["status"] == "war")
    s["wars"][war]["pos"] = -1
    html = render(s)
    meter = re.search(rf'<div class="track" role="meter"[^>]*data-key="track:{re.escape(war)}">', html)
    assert meter, html
    tag = meter.group(0)
    assert 'aria-valuenow="-1"' in tag and 'aria-valuetext="1 on the red side (the enemy&#39;s)"' in tag, tag
    assert re.search(r'aria-valuemin="-\d+"', tag) and re.search(r'aria-valuemax="\d+"', tag)


def test_the_office_an_appointment_fills_is_in_question_beside_the_candidates_ratings():
    """Issue 30: "the appointment prompt shows each candidate's ratings where the choice is made": the set-up's
    office is marked on the board while each candidate's button says his ratings."""
    import re

    s = GAME.setup(4, {"scenario": "anni_mirabiles"})
    html = render(s)
    slot = re.search(r'<div class="card [^"]*in-question"[^>]*>', html)
    assert slot and "office:viceroy_of_the_indies" in slot.group(0), html
    words = [a["label"] for a in GAME.labels(s, "king", RENDER)]
    assert words and all(all(r in w for r in ("Military", "Political", "Government")) for w in words), words


def test_every_track_of_the_council_of_state_and_the_treasurys_changes_this_turn():
    """Issue 30 › The boards: every track the rulebook names (turn, Treasury, Prestige, Happiness, Enlightenment, the
    victory points, exploration, the Events phase's ACTION cards; Components › The Council of State) is a meter a
    screen reader reads, and the Treasury's changes this turn are listed beside it, their sum first."""
    import re

    s = fresh("anni_mirabiles")
    html = render(s)
    for key in ("turn", "treasury", "prestige", "happiness", "enlightenment", "vp:king", "exploration", "action_cards"):
        tag = re.search(rf'<div class="pk-track" data-key="track:{key}" role="meter"[^>]*>', html)
        assert tag and re.search(r'aria-valuetext="[^"]+"', tag.group(0)), key
    assert "Treasury this turn: no change yet" in html
    rnd = random.Random(2)
    for _ in range(200):
        if s["treasury_turn"]:
            break
        role = GAME.active_roles(s)[0]
        verb, arg = GAME.bots["heuristic"](GAME, GAME.view(s, role), role, rnd)
        s = GAME.apply(s, role, verb, arg)
    changes = s["treasury_turn"]
    assert changes, "no ducat moved in 200 moves"
    said = re.search(r'data-key="treasury:turn">([^<]*)<', render(s, GAME.active_roles(s)[0]))
    assert said and said.group(1).startswith(f"Treasury this turn: {sum(c['n'] for c in changes):+d} — "), said
    assert f"{changes[0]['n']:+d} " in said.group(1)
