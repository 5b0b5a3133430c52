"""The rest of the table beside the map (``panels.py``, issue 28): the players in impulse order with the one whose
impulse it is, each power's unrest against its vitality and actions left, the wars with the morale given (21.3.4),
the alliances and Casus Belli, from the view alone and under namespaced keys."""

from __future__ import annotations

from typing import Any, cast

from engines.ultima_ratio.game import GAME
from engines.ultima_ratio.presentation import table_board
from tests.engines.ultima_ratio.test_new_order_bots import options, play_until


def board(state: dict, role: str | None) -> dict[str, Any]:
    """The board the seat's page draws (``table_board`` over its view)."""
    made = table_board(GAME, cast(dict[str, Any], GAME.view(state, role)))
    assert made is not None
    return made


def test_the_panel_of_a_9_2_impulse():
    s = play_until(GAME.setup(3, options(4)), "deploy")
    order = ["player3", "player1", "player4", "player2"]
    s["seat_order"] = order
    spain_seat = s["powers"]["power:spain"]["seat"]
    s["impulse"] = {"number": 2, "seat": spain_seat, "actions": {"power:spain": 1}}
    s["wars"], s["morale"] = [["power:england", "power:france"]], {"power:england": {"power:france": 2}}
    s["alliances"], s["casus_belli"] = [["power:austria", "power:venice"]], [["power:ottomans", "power:persia"]]
    spectator = board(s, None)["panel"]
    assert [x["key"] for x in spectator["seats"]] == [f"seat:{r}" for r in order]
    assert [x["current"] for x in spectator["seats"]] == [r == spain_seat for r in order]
    assert spectator["heading"] == f"Impulse 2: {GAME.seat_label(s, spain_seat)}"
    spain_row = next(x for x in spectator["seats"] if x["current"])
    spain = next(p for p in spain_row["powers"] if p["key"] == "power:spain")
    unrest = s["powers"]["power:spain"]["unrest"]
    assert spain["words"][0] == f"unrest {unrest} / vitality {GAME.board.power('power:spain').vitality}"
    assert spain["words"][-1] == "1 action left"
    assert spain["interest"][0] == {"id": "WM", "name": "Western Mediterranean"}
    assert spectator["wars"] == [
        {"key": "war:power:england|power:france", "label": "England – France (England has given 2 morale points)"}
    ]
    assert spectator["alliances"] == [{"key": "alliance:power:austria|power:venice", "label": "Austria – Venice"}]
    assert spectator["casus_belli"] == [
        {"key": "cb:power:ottomans|power:persia", "label": "The Ottomans against Persia"}
    ]
    assert board(s, "player1")["panel"] == spectator  # public: the same for every seat


def test_while_the_turn_ends_or_the_next_begins_the_heading_reads_the_turn_not_the_last_impulse():
    """23 / 8.1: the last impulse's record stays in the state through the end of the turn; the panel's heading then
    reads the turn, and no seat is marked as having the impulse (a walk of 9.2 read "Impulse 38: Spain" while the
    units were disbanded and the merchants entered the next turn)."""
    s = play_until(GAME.setup(3, options(4)), "deploy")
    spain_seat = s["powers"]["power:spain"]["seat"]
    s["impulse"] = {"number": 38, "seat": spain_seat, "actions": {}}
    view = cast(dict[str, Any], GAME.view(s, None))
    for step, heading in (("disband_units", "End of turn"), ("merchants_enter", "Turn"), ("deploy", "Impulse 38")):
        view["prompt"]["step"] = step
        made = table_board(GAME, view)
        assert made is not None
        panel = made["panel"]
        assert panel["heading"].startswith(heading), (step, panel["heading"])
        assert any(x["current"] for x in panel["seats"]) == (step == "deploy"), step
    view["prompt"]["step"] = "social_agitation"
    made = table_board(GAME, view, "es")
    assert made is not None
    assert made["panel"]["heading"] == f"Fin del turno {s['turn']}"


def test_the_panel_shows_the_cards_of_the_wars_their_vp_and_the_forced_peace():
    """21.3.1 (l. 1633): the war cards "visible on the side of the map as a reminder" — the war's card and the VP its
    winner will score (the CB cards' bonus too, 22); 21.5.4 (l. 1766): "Forced peace can be indicated by placing a
    control marker of one major power over the other in the alliance box"."""
    s = play_until(GAME.setup(3, options(4)), "deploy")
    s["wars"] = [["power:austria", "power:ottomans"], ["power:england", "power:france"]]
    s["war_records"] = {
        "power:austria|power:ottomans": {"order": 1, "card": "card:little-war-in-hungary", "vp": 1},
        "power:england|power:france": {"order": 2, "card": None, "vp": 1},
    }
    s["forced_peace"] = [["power:france", "power:spain"]]
    en, es = board(s, None)["panel"], table_board(GAME, cast(dict[str, Any], GAME.view(s, None)), "es")
    assert [w["label"] for w in en["wars"]] == [
        "Austria – the Ottomans (Little War in Hungary: 1 VP to its winner)",
        "England – France (1 VP to its winner)",
    ]
    assert en["forced_peace"] == [{"key": "forced_peace:power:france|power:spain", "label": "France – Spain"}]
    assert en["words"]["forced_peace"] == "Forced peace" and es["panel"]["words"]["forced_peace"] == "Paz forzosa"
    assert es["panel"]["wars"][1]["label"] == "Inglaterra – Francia (1 PV para su vencedor)"


def test_while_the_auction_runs_the_groups_and_who_has_bet_not_how_much():
    """7.1.1: the bets are secret until all are in; then each one with its place in the game order."""
    s = GAME.apply(GAME.setup(3, options(3)), "player2", "bet", 7)
    panel = board(s, "player1")["panel"]
    assert panel["heading"] == "Before the first impulse" and panel["seats"] == []
    groups = panel["auction"]["groups"]
    assert [g["key"] for g in groups] == ["group:1", "group:2", "group:3"]
    assert groups[0]["label"] == "Group 1: Spain, Poland, Austria, Hungary and the Mamluks (starting VP 0)"
    assert [b["label"] for b in panel["auction"]["bets"]] == [
        "Player 1: no bet yet",
        "Player 2: a secret bet placed",
        "Player 3: no bet yet",
    ]
    assert "7" not in repr(panel["auction"]["bets"])
    s = GAME.apply(GAME.apply(s, "player1", "bet", 2), "player3", "bet", 0)
    bets = board(s, None)["panel"]["auction"]["bets"]
    assert bets[1]["label"] == "Player 2: bet 7 VP, number 1 in the game order"


def test_the_hand_is_the_seats_own_with_each_cards_points_priority_and_text():
    """8.1.4 / 8.2.2: the seat's own cards beside the map, keyed card:<id>; nobody else's, a spectator none."""
    s = play_until(GAME.setup(3, options(3)), "deploy")
    s["cards"]["hands"] = {"player1": ["card:regional-ally"], "player2": ["card:cavalry-charge"], "player3": []}
    mine = board(s, "player1")["hand"]
    event = GAME.board.world.event("card:regional-ally")
    assert mine == [
        {
            "key": "card:regional-ally",
            "name": "Regional ally",
            "words": [f"{event.action_points} action points"]
            + (["priority card"] if event.priority == "always" else [])
            + (["priority at 4 cards or fewer"] if event.priority == "four_or_fewer" else []),
            "text": event.text,
        }
    ]
    assert board(s, None)["hand"] == []
    assert "card:cavalry-charge" not in repr(board(s, "player1"))


def test_the_solitaire_has_no_cards_nor_impulse_order():
    """9.1 "is played without cards" (l. 1920) and has one player: no hand count, deck or impulse order."""
    s = GAME.setup(1, {"scenario": "the-rise-of-portugal"})
    panel = board(s, "player1")["panel"]
    assert panel["deck"] is None and panel["order_label"] is None
    assert [(x["label"], x["cards"]) for x in panel["seats"]] == [("Portugal", None)]


def test_none_reads_right_for_every_list_in_spanish():
    """The board's "none" stands for no wars, no alliances, no Casus Belli and no allied minor powers: the Spanish
    word agreed with the feminine lists only ("Casus belli: ninguna")."""
    s = play_until(GAME.setup(3, options(3)), "deploy")
    made = table_board(GAME, cast(dict[str, Any], GAME.view(s, None)), "es")
    assert made is not None and made["panel"]["words"]["none"] == "no hay"
