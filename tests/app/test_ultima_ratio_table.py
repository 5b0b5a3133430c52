"""Ultima Ratio Regis at a table: The Rise of Portugal created, seen and played through the pages and the API,
on its board in words (templates/games/ultima-ratio-regis/board.html)."""

import re

SCENARIO = {"scenario": "the-rise-of-portugal"}


def test_the_rise_of_portugal_is_in_the_lobby_and_plays(browser):
    alice = browser("alice")
    games = {g["id"]: g for g in alice.api("GET", "/api/v1/games").json()}
    assert games["ultima-ratio-regis"]["roles"] == ["player1"]
    table = alice.new_table(game="ultima-ratio-regis", seats={"player1": "me"}, options=SCENARIO, seed=5)
    page = alice.c.get(f"/tables/{table}").text
    assert "The rise of Portugal (1490-1564) — turn 1 (1–5)" in page
    # the board names things and carries their ids for the board's clicks
    assert re.search(r'<tr [^>]*data-key="area:aden"><th scope="row">Aden', page)  # a row: a part of its own
    assert "Emirates" in page and "On the power card" in page
    assert "unrest 4" in page
    for _ in range(12):  # the deployment and the first actions, by the page's own legal list
        v = alice.view(table)
        a = v["actions"][0]
        r = alice.act(table, a["verb"], a["arg"], seq=v["seq"])
        assert r.status_code == 200, r.text
    page = alice.c.get(f"/tables/{table}").text
    assert "Impulse" in page or "Before the first impulse" in page


def test_the_board_shows_units_by_place_as_counts(browser):
    alice = browser("alice")
    table = alice.new_table(game="ultima-ratio-regis", seats={"player1": "me"}, options=SCENARIO, seed=5)
    view = alice.view(table)["view"]["public"]
    on_card = [
        u for u, x in view["units"].items() if x["loc"] == "available" and x["kind"] == "troop" and x["grade"] == "2-3"
    ]
    page = alice.c.get(f"/tables/{table}").text
    assert f"{len(on_card)} × troop 2-3" in page and "Portugal:" in page
    keys = " ".join(f"unit:{u}" for u in sorted(on_card))
    assert f'data-keys="{keys}"' in page


def test_simulate_prints_the_verdict_distribution():
    from click.testing import CliRunner

    from app.cli import main

    r = CliRunner().invoke(
        main,
        [
            "simulate",
            "ultima-ratio-regis",
            "--games",
            "3",
            "--option",
            "scenario=the-rise-of-portugal",
            "--bot",
            "heuristic",
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    import json

    summary = json.loads(r.output.strip().splitlines()[-1])
    assert sum(summary["verdicts"].values()) == 3
    assert set(summary["verdicts"]) <= {"outcome.defeat", "outcome.draw", "outcome.victory", "outcome.epic"}


def test_a_prompt_in_spanish_begins_with_a_capital_letter(browser):
    """A prompt is a sentence (the game's ``render_prompt``): the strategic movement of a troop just built read
    "tropa 1 de Portugal está en Portugal: ¿adónde ahora?" on a Spanish page, its unit written small."""
    alice = browser("alice")
    table = alice.new_table(game="ultima-ratio-regis", seats={"player1": "me"}, options=SCENARIO, seed=5)
    for verb, arg in (("build", "build_troop"), ("grade", "2-3"), ("area", "area:portugal")):
        r = alice.act(table, verb, arg, seq=alice.view(table)["seq"])
        assert r.status_code == 200, r.text
    alice.c.cookies.set("siglo_lang", "es")
    page = alice.c.get(f"/tables/{table}").text
    assert "Tropa 1 de Portugal está en Portugal: ¿adónde ahora?" in page
    assert "tropa 1 de Portugal está en Portugal" not in page
