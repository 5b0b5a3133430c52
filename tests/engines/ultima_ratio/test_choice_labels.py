"""The buttons of a choice say what they choose (a player's-eye review of 9.2): a unit's grade reads as the map's
quality ("Quality 2-3", the map's "England troop 1, quality 2-3"), not a bare "2-3" beside nothing; a leader's side
reads as a sentence ("His ordinary side"), as the prompt asks it (17.2)."""

from __future__ import annotations

from tests.engines.ultima_ratio.support import GAME, ROLE, at_first_impulse, fresh, moves, play, step

TROOP = [("build", "build_troop"), ("grade", "2-3"), ("area", "area:portugal"), ("stop", None)]


def labels(state: dict, lang: str = "en") -> list[str]:
    return [a["label"] for a in GAME.labels(state, ROLE, GAME.renderer(lang))]


def test_a_grade_reads_as_the_quality_of_the_unit_built():
    """9.1-9.2: the troop's and the squadron's grades are their qualities, in both languages."""
    troop = moves(fresh(), ("build", "build_troop"))
    assert step(troop) == "build_troop"
    assert labels(troop) == ["Quality 2-3", "Quality 3-4"]
    assert labels(troop, "es") == ["Calidad 2-3", "Calidad 3-4"]
    squadron = moves(fresh(), ("build", "build_squadron"))
    assert step(squadron) == "build_squadron"
    assert labels(squadron) == ["Quality E2", "Quality E3"]


def test_a_leader_s_side_reads_as_a_sentence():
    """17.2: "his ordinary side, or his extraordinary side" — the buttons say it the same way."""
    s = moves(at_first_impulse(deploy=TROOP), ("done", None))
    s, _ = play(s, "act", ["power:portugal", "build_leader"], dice=[1])
    assert step(s) == "build_leader"
    assert labels(s) == ["His ordinary side", "His extraordinary side"]
    assert labels(s, "es") == ["Cara ordinaria", "Cara extraordinaria"]


def test_a_deployment_s_costs_say_they_are_points():
    """24.: the deployment spends points ("Deployment of England: 12 points to spend."); each build's button says
    its cost in them, not a bare "(1)"."""
    assert GAME.renderer().text(GAME.view(fresh(), ROLE)["prompt"]["text"]).endswith("points to spend.")
    assert labels(fresh()) == [
        "Build a troop (1 point)",
        "Build a squadron (2 points)",
        "Build a fortress (2 points)",
        "Lower unrest (1 point)",
        "Done",
    ]
    assert labels(fresh(), "es")[:2] == ["Construir una tropa (1 punto)", "Construir una escuadra (2 puntos)"]


def test_an_auction_s_bids_say_they_are_unrest():
    """19.3.1: a technology (or alliance, 20.3.1) auction is bid in unrest, as its log says ("Portugal bids 1
    unrest."); its buttons and its highest bid said a bare number ("Portugal bids 1", "highest bid: Portugal 1")."""
    from tests.engines.ultima_ratio.test_cards import event_position
    from tests.engines.ultima_ratio.test_cards import play as play_as

    s, _ = play_as(event_position("card:land-technology"), "player1", "event", "card:land-technology")
    assert labels(s)[0] == "Portugal bids 1 unrest"
    assert labels(s, "es")[0] == "Portugal puja 1 de malestar"
    s, _ = play_as(s, "player1", "bid", ["power:portugal", 1])
    prompt = GAME.view(s, "player2")["prompt"]["text"]
    assert GAME.renderer().text(prompt).endswith("(highest bid: Portugal, 1 unrest).")
    assert GAME.renderer("es").text(prompt).endswith("(puja más alta: Portugal, 1 de malestar).")
