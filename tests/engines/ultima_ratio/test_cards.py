"""Cards: the deck and the deal (8.1.4), card play in the impulse (8.2.2, the l. 388 example), players without
cards (8.2.3), combat cards in combat, events, morale (13.1.8). 9.1 has no cards: the positions are built by hand
from a 9.1 game with two seats (player2 plays Spain) and ``cards.in_play`` set."""

from __future__ import annotations

import pytest

from engines.core.chance import scripted
from engines.core.conformance import check_barrier, check_state
from engines.core.machine import Ctx, copy_state
from engines.ultima_ratio.cards import card_play, deck
from engines.ultima_ratio.end_of_turn import turn_end
from engines.ultima_ratio.game import GAME, UltimaRatioRegis
from engines.ultima_ratio.state import new_unit
from tests.engines.ultima_ratio.support import at_first_impulse, place

TROOP = [("build", "build_troop"), ("grade", "2-3"), ("area", "area:portugal"), ("stop", None)]


class TwoSeats(UltimaRatioRegis):
    """The game whose roles are the hand-built positions' two seats (for the conformance invariants)."""

    def roles(self, options):
        return ["player1", "player2"]


SEATED = TwoSeats()


def add_power(s: dict, seat: str, power: str, unrest: int = 3) -> None:
    s["powers"][power] = {"seat": seat, "unrest": unrest, "interest": ["Af", "WM"], "interest_areas": []}
    s["seats"][seat]["powers"].append(power)


def position(hand1=(), hand2=(), powers1=("power:portugal",), powers2=("power:spain",)) -> dict:
    """The first impulse of player1 in a game with cards (just before its start-of-impulse 'done')."""
    s = at_first_impulse(deploy=TROOP)
    s["seats"]["player2"] = {"powers": [], "vp": 0, "order": 2, "vp_per_turn": 0}
    s["seat_order"] = ["player1", "player2"]
    for p in powers1:
        if p not in s["powers"]:
            add_power(s, "player1", p)
    for p in powers2:
        add_power(s, "player2", p)
    s["cards"].update(in_play=True, active=[], hands={"player1": list(hand1), "player2": list(hand2)})
    card_play.start_impulse(s, "player1")
    return s


def play(s: dict, role: str, verb: str, arg=None, dice=None):
    if dice is None:
        p = GAME.play(s, role, verb, arg)
    else:
        with scripted(list(dice)):
            p = GAME.play(s, role, verb, arg)
    check(p.state, p.log)
    problems: list[str] = []
    check_barrier(SEATED, s, p, role, problems.append)
    assert problems == []
    return p.state, p.log


def check(s: dict, log=()) -> None:
    problems: list[str] = []
    check_state(SEATED, s, problems.append, list(log))
    assert problems == []


def legal(s: dict, role: str = "player1") -> dict:
    return GAME.legal(s, role)


def step(s: dict) -> str:
    return s["stack"][-1]["step"]


# ----- 8.1.4 ------------------------------------------------------------------------------------------------------
def test_the_deck_is_the_turns_historical_events_and_random_generic_ones_dealt_secretly():
    s = position()
    s["seats"]["player3"] = {"powers": [], "vp": 0, "order": 3, "vp_per_turn": 0}
    g = Ctx(GAME, copy_state(s))
    deck.build_deck(g)
    hands = g.s["cards"]["hands"]
    assert {k: len(v) for k, v in hands.items()} == {"player1": 13, "player2": 13, "player3": 13}  # 39 / 3
    dealt = [c for h in hands.values() for c in h]
    in_force = GAME.board.world.scenario("the-rise-of-portugal").active_events  # Tordesillas (RULINGS C-2)
    turn1 = [
        e.id for e in GAME.board.world.events if e.kind == "historical" and e.turns.covers(1) and e.id not in in_force
    ]
    assert set(turn1) <= set(dealt) and len(set(dealt)) == 39 and "card:treaty-of-tordesillas" not in dealt
    assert all(GAME.board.world.event(c).kind == "generic" for c in dealt if c not in turn1)
    assert [(r.roles, sorted(r.ids)) for r in g.shown] == [((k,), sorted(v)) for k, v in hands.items()]
    private = [e for e in g.entries if e["msg"] == "log.hand"]
    assert [e["to"] for e in private] == [["player1"], ["player2"], ["player3"]]
    assert GAME.secrets(g.s)[hands["player2"][0]] == ["player2"]


def test_two_players_get_ten_cards_each_and_the_turns_removed_cards_stay_out():
    s = position()
    s["turn"] = 2  # Turn 2 removes the Papacy's alliance card (l. 2202)
    g = Ctx(GAME, copy_state(s))
    assert deck.deck_size(g.s, GAME.board) == 20
    assert "card:alliance-papacy" in deck.removed(g.s, GAME.board)
    deck.build_deck(g)
    assert sorted(len(h) for h in g.s["cards"]["hands"].values()) == [10, 10]
    assert "card:alliance-papacy" not in [c for h in g.s["cards"]["hands"].values() for c in h]


def test_last_turns_card_of_an_impulse_is_not_named_once_dealt_again():
    """Issue 27's leak: the last impulse of a turn kept ``impulse.card_of`` (the card whose points a power took) in the
    public view; dealt again next turn (8.1.4), that card would be named to every seat while in one hand. The deal
    clears the impulse's card play."""
    s = position()
    in_force = GAME.board.world.scenario("the-rise-of-portugal").active_events
    card = next(
        e.id for e in GAME.board.world.events if e.kind == "historical" and e.turns.covers(1) and e.id not in in_force
    )
    s["impulse"].update(card_of={"power:portugal": card}, events_due=[card], played=1)
    g = Ctx(GAME, copy_state(s))
    deck.build_deck(g)
    assert any(card in hand for hand in g.s["cards"]["hands"].values())  # a historical card of the turn is dealt
    check(g.s, g.entries)  # the conformance leak check: no hand's card in another seat's view
    assert not {"card_of", "events_due"} & set(g.s["impulse"])


def test_the_half_turn_ends_when_no_player_has_cards():
    s = position(hand1=["card:plague"], hand2=[])
    before = s["powers"]["power:portugal"]["unrest"]
    s, _ = play(s, "player1", "done")
    s, _ = play(s, "player1", "play_card", "card:plague")
    s, _ = play(s, "player1", "event", "card:plague")  # each power of the player: +1 unrest
    assert s["powers"]["power:portugal"]["unrest"] == before + 1
    s, _ = play(s, "player1", "done")  # card_play ends (the point to Portugal was not taken)
    s, _ = play(s, "player1", "end_impulse")
    s, _ = play(s, "player1", "done")  # end of impulse: no cards anywhere, the turn ends
    assert s["stack"][0]["step"] in turn_end.TURN_END_STEPS  # 8.3: the half turn went on to the turn end


# ----- 8.2.2 ------------------------------------------------------------------------------------------------------
def test_the_example_of_line_388_three_powers_two_cards():
    """l. 388: the intrinsic action of the first power; a three-action card, two to the first power and one to the
    second; a two-action card, both to the third (the other two already received card actions); then the
    intrinsic actions of the second and third."""
    s = position(
        hand1=["card:vasco-de-gama", "card:luther"],
        powers1=("power:portugal", "power:spain", "power:france"),
        powers2=("power:england",),
    )
    s, _ = play(s, "player1", "done")
    assert "end_impulse" not in legal(s)  # at least one card
    s, _ = play(s, "player1", "act", ["power:portugal", "lower_unrest"])
    assert s["impulse"]["actions"] == {"power:portugal": 0, "power:spain": 1, "power:france": 1}
    s, _ = play(s, "player1", "play_card", "card:vasco-de-gama")
    assert legal(s)["assign"] == ["power:portugal", "power:spain", "power:france"]
    for power in ("power:portugal", "power:portugal", "power:spain"):
        s, _ = play(s, "player1", "assign", power)
    assert "assign" not in legal(s)  # three points, all given
    s, _ = play(s, "player1", "event", "card:vasco-de-gama")  # event after assigning: now
    assert step(s) == "power_actions"
    assert "In" in s["powers"]["power:portugal"]["interest"]
    s, _ = play(s, "player1", "play_card", "card:luther")
    assert legal(s)["assign"] == ["power:france"]  # one card's points per power
    s, _ = play(s, "player1", "assign", "power:france")
    s, _ = play(s, "player1", "assign", "power:france")
    s, _ = play(s, "player1", "done")  # Luther's event kept for later
    assert s["impulse"]["actions"] == {"power:portugal": 2, "power:spain": 2, "power:france": 3}
    assert s["impulse"]["card_of"] == {
        "power:portugal": "card:vasco-de-gama",
        "power:spain": "card:vasco-de-gama",
        "power:france": "card:luther",
    }
    assert legal(s)["event"] == ["card:luther"] and "end_impulse" not in legal(s)
    s, _ = play(s, "player1", "event", "card:luther")
    assert s["powers"]["power:spain"]["unrest"] == 4 and "end_impulse" in legal(s)


def test_priority_cards_come_first_and_gradient_ones_at_four_cards_or_fewer():
    hand = [
        "card:vasco-de-gama",
        "card:letters-of-marque",
        "card:surprise-attack",
        "card:bankruptcy",
        "card:royal-marriage",
    ]
    s = position(hand1=hand)
    b = GAME.board
    # five cards: the blue one (Vasco de Gama) is priority; combat cards ignore priorities (l. 403)
    assert deck.playable(s, b, "player1") == ["card:vasco-de-gama", "card:surprise-attack"]
    s["cards"]["hands"]["player1"].remove("card:vasco-de-gama")
    # four cards: the gradient ones (State bankruptcy, Royal marriage) have become priority cards
    assert deck.playable(s, b, "player1") == ["card:surprise-attack", "card:bankruptcy", "card:royal-marriage"]
    s["cards"]["hands"]["player1"] = ["card:letters-of-marque", "card:cavalry-charge"]
    assert deck.playable(s, b, "player1") == ["card:letters-of-marque", "card:cavalry-charge"]


def test_a_combat_card_played_for_its_point_has_no_event():
    s = position(hand1=["card:mutiny", "card:plague"])
    s, _ = play(s, "player1", "done")
    s, _ = play(s, "player1", "play_card", "card:mutiny")
    assert legal(s) == {"assign": ["power:portugal"], "done": [None]}
    s, _ = play(s, "player1", "assign", "power:portugal")
    assert step(s) == "power_actions" and s["impulse"]["actions"]["power:portugal"] == 2
    assert s["cards"]["discard"] == ["card:mutiny"] and "end_impulse" in legal(s)


def test_a_player_without_cards_has_one_extra_action():
    """8.2.3: "they have an extra action but without an event" — one per power and one more for any power."""
    s = position(hand1=[], powers1=("power:portugal", "power:france"))
    assert s["impulse"]["actions"] == {"power:portugal": 1, "power:france": 1} and s["impulse"]["extra"] == 1
    s, _ = play(s, "player1", "done")
    s, _ = play(s, "player1", "act", ["power:portugal", "lower_unrest"])
    s, _ = play(s, "player1", "act", ["power:portugal", "lower_unrest"])  # the extra action
    assert s["impulse"]["extra"] == 0 and ["power:portugal", "lower_unrest"] not in legal(s).get("act", [])
    assert ["power:france", "lower_unrest"] in legal(s)["act"] and "end_impulse" in legal(s)


def test_hands_are_hidden_from_the_other_seat():
    s = position(hand1=["card:plague"], hand2=["card:ambush", "card:mutiny"])
    check(s)
    view = GAME.view(s, "player1")
    assert view["public"]["cards"]["hands"] == {"player1": 1, "player2": 2}
    assert "card:ambush" not in str(view) and "card:ambush" in str(GAME.view(s, "player2"))


# ----- combat cards -----------------------------------------------------------------------------------------------
def battle(hand1=(), hand2=(), active=(), technologies=None) -> dict:
    """Portugal (player1) attacks two Spanish troops (player2) in Elmina (forest) from Guinea: at war."""
    s = position(hand1=[*list(hand1), "card:plague"], hand2=list(hand2))
    s["cards"]["active"] = list(active)
    if technologies:
        s["cards"]["technologies"] = technologies
    s["areas"]["area:guinea"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = place(s, "power:portugal-troop-1", "area:guinea")
    s["wars"] = [["power:portugal", "power:spain"]]
    for n in (1, 2):
        new_unit(s, f"power:spain-troop-{n}", "power:spain", "troop", "2-3", "area:elmina")
    for area in ("area:elmina", "area:hausa"):
        s["areas"][area].update(owner="power:spain", control="power:spain", marker=None)
    for verb, arg in (
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:elmina"),
    ):
        s, _ = play(s, "player1", verb, arg)
    s, _ = play(s, "player2", "done")  # no reaction
    return s


def combat_frame(s: dict) -> dict:
    return next(f for f in reversed(s["stack"]) if f["step"] == "combat")


def answer(s: dict, dice: list[int], log: list | None = None) -> dict:
    """Every combat decision: the first option (no conscripts; a reroll of the first die), the dice scripted; the
    windows of combat cards passed."""
    with scripted(list(dice)):
        while s["stack"][-1]["step"] in ("combat_decision", "combat_cards"):
            role = GAME.active_roles(s)[0]
            options = GAME.legal(s, role)
            if s["stack"][-1]["step"] == "combat_cards":
                s = GAME.play(s, role, "pass", None).state
                continue
            verb = next(v for v in options if v != "done")
            reroll = verb == "reroll" and len(options[verb]) > 1
            arg = False if False in options[verb] else options[verb][reroll]
            p = GAME.play(s, role, verb, arg)
            s = p.state
            check(s, p.log)
            if log is not None:
                log.extend(p.log)
    return s


def test_combat_cards_are_played_in_the_window_attacker_first_then_as_a_reaction():
    s = battle(
        hand1=["card:surprise-attack", "card:treason"], hand2=["card:ambush", "card:mutiny", "card:storm-at-sea"]
    )
    assert step(s) == "combat_cards" and GAME.active_roles(s) == ["player1"]
    assert legal(s) == {"pass": [None], "card": ["card:surprise-attack"]}  # Treason is for sieges
    s, log = play(s, "player1", "card", "card:surprise-attack")
    assert [e["msg"] for e in log] == ["log.combat_card"]
    assert GAME.active_roles(s) == ["player1"] and legal(s) == {"pass": [None]}  # asked while he has cards (C-9)
    s, _ = play(s, "player1", "pass")
    assert GAME.active_roles(s) == ["player2"]
    assert legal(s, "player2") == {"pass": [None], "card": ["card:ambush", "card:mutiny"]}  # not Storm at sea (naval)
    s, _ = play(s, "player2", "card", "card:ambush")
    s, _ = play(s, "player2", "card", "card:mutiny")
    s, _ = play(s, "player2", "pass")
    record = combat_frame(s)["battle"]
    assert (record["attacker"]["advantages"], record["attacker"]["disadvantages"]) == (1, 1)
    assert record["defender"]["advantages"] == 1
    assert s["cards"]["hands"]["player2"] == ["card:storm-at-sea"]
    assert s["cards"]["discard"] == ["card:surprise-attack", "card:ambush", "card:mutiny"]


def test_flanking_and_bad_weather_change_the_battlefield():
    s = battle(hand1=["card:flanking"], hand2=["card:bad-weather"])
    s, _ = play(s, "player1", "card", "card:flanking")
    s, _ = play(s, "player1", "pass")  # the Plague is left in his hand
    s, _ = play(s, "player2", "card", "card:bad-weather")
    record = combat_frame(s)["battle"]
    assert record["attacker"]["battlefield_cards"] == ["card:flanking"]
    assert record["defender"]["battlefield_cards"] == ["card:bad-weather:-1"]


def test_cavalry_charge_is_played_after_the_dice_by_rerolling():
    s = battle(hand1=["card:cavalry-charge"])
    assert step(s) == "combat_cards" and legal(s) == {"pass": [None]}  # Cavalry charge waits for the dice
    s, _ = play(s, "player1", "pass")
    log: list = []
    # Portugal Q2 rolls 1 (0 points), Spain Q2 5 and 3; Portugal rerolls its die: 6
    s = answer(s, [1, 5, 3, 6], log)
    played = [e for e in log if e["msg"] == "log.combat_card"]
    assert [e["args"]["card"] for e in played] == ["card:cavalry-charge"]
    assert "card:cavalry-charge" in s["cards"]["discard"]


def test_being_asked_for_combat_cards_tells_the_table_nothing_about_a_hand():
    """C-9: every side's player who has cards is asked, before the combat and after its dice, whether a card fits
    or not; without a reroll card the question after the dice offers only "no", asked once."""
    s = battle(hand2=["card:storm-at-sea"])  # Spain holds only a naval card
    assert step(s) == "combat_cards" and legal(s) == {"pass": [None]}  # Portugal (the Plague) is asked too
    s, _ = play(s, "player1", "pass")
    assert GAME.active_roles(s) == ["player2"] and legal(s, "player2") == {"pass": [None]}
    s, _ = play(s, "player2", "pass")
    asked = []
    with scripted([3, 5, 3]):
        while s["stack"][-1]["step"] == "combat_decision":
            role = GAME.active_roles(s)[0]
            options = GAME.legal(s, role)
            if "reroll" in options:
                asked.append((role, options["reroll"]))
            verb = next(v for v in options if v != "done")
            s = GAME.play(s, role, verb, False if False in options[verb] else options[verb][0]).state
    assert asked == [("player1", [None]), ("player2", [None])]  # once each, "no" only


def test_the_loser_of_a_battle_delivers_a_morale_counter_kept_by_the_winner():
    s = battle()
    log: list = []
    s = answer(s, [6, 1, 1], log)  # Spain threw two dice and lost
    assert s["morale"] == {"power:spain": {"power:portugal": 1}}
    assert deck.war_status(s, "power:portugal", "power:spain") == 1
    assert deck.morale_left(s, GAME.board, "power:spain") == GAME.board.power("power:spain").vitality - 1
    assert any(e["msg"] == "log.morale" for e in log)


def test_tercios_in_force_give_spain_an_advantage():
    s = battle(active=["card:tercios"])
    assert combat_frame(s)["battle"]["defender"]["advantages"] == 1  # Spain defends; Portugal has none
    assert combat_frame(s)["battle"]["attacker"]["advantages"] == 0


# ----- events -----------------------------------------------------------------------------------------------------
def event_position(card: str, **kw) -> dict:
    s = position(hand1=[card], **kw)
    s, _ = play(s, "player1", "done")
    s, _ = play(s, "player1", "play_card", card)
    return s


def test_a_historical_leader_enters_with_his_card_on_a_unit_his_player_chooses():
    s = event_position("card:farnesio")
    new_unit(s, "power:spain-troop-1", "power:spain", "troop", "2-3", "area:hausa")
    s["areas"]["area:hausa"].update(owner="power:spain", control="power:spain", marker=None)
    s, _ = play(s, "player1", "event", "card:farnesio")
    assert step(s) == "event_choice" and GAME.active_roles(s) == ["player2"]  # Spain's player places him
    assert legal(s, "player2") == {"choose": ["power:spain-troop-1"]}
    s, _ = play(s, "player2", "choose", "power:spain-troop-1")
    assert s["leaders"]["leader:farnesio"] == {
        "power": "power:spain",
        "unit": "power:spain-troop-1",
        "extraordinary": True,
    }


def test_peasant_revolt_is_placed_by_the_player_to_the_left():
    s = event_position("card:peasant-revolt")
    s, _ = play(s, "player1", "event", "card:peasant-revolt")
    assert GAME.active_roles(s) == ["player2"]
    area = legal(s, "player2")["choose"][0]
    s, _ = play(s, "player2", "choose", area)
    assert s["areas"][area]["marker"] == "R2" and s["areas"][area]["control"] is None


def test_letters_of_marque_make_a_corsair_who_may_plunder_a_cb_enemys_merchants():
    """The raid itself: test_events.py::test_letters_of_marque_let_the_corsair_plunder_a_cb_enemys_merchant."""
    s = event_position("card:letters-of-marque")
    s, _ = play(s, "player1", "event", "card:letters-of-marque")
    assert legal(s) == {"choose": ["power:portugal"]}
    s, _ = play(s, "player1", "choose", "power:portugal")
    assert s["cards"]["corsairs"] == ["power:portugal"]


def test_a_war_event_and_its_casus_belli_between_powers_in_play():
    s = event_position("card:cb-france-spain", powers1=("power:portugal", "power:france"))
    s, _ = play(s, "player1", "event", "card:cb-france-spain")
    assert ["power:france", "power:spain"] in s["casus_belli"] and ["power:spain", "power:france"] in s["casus_belli"]
    s2 = event_position("card:the-italian-wars", powers1=("power:portugal", "power:france"))
    s2, log = play(s2, "player1", "event", "card:the-italian-wars")
    assert ["power:france", "power:spain"] in s2["wars"] and s2["casus_belli"] == []
    # "Milan and South Italy become active" (18.2.1; not possessed by a power of this position: independent A2)
    assert all(
        s2["areas"][a]["marker"] == "A2"
        for a in ("area:milan", "area:naples", "area:calabria", "area:apulia", "area:abruzzi")
    )
    assert [e["args"]["area"] for e in log if e["msg"] == "log.area_activated_independent"] == [
        "area:abruzzi",
        "area:apulia",
        "area:calabria",
        "area:milan",
        "area:naples",
    ]


def test_the_prior_of_crato_rolls_a_die_of_fortune():
    s = event_position("card:antonio-prior-de-crato", powers1=("power:portugal",), powers2=("power:spain",))
    s, _ = play(s, "player1", "event", "card:antonio-prior-de-crato", dice=[2])
    assert s["areas"]["area:portugal"]["owner"] == "power:spain"
    s = event_position("card:antonio-prior-de-crato")
    s, _ = play(s, "player1", "event", "card:antonio-prior-de-crato", dice=[5])
    assert ["power:portugal", "power:spain"] in s["casus_belli"] and s["areas"]["area:portugal"][
        "owner"
    ] == "power:portugal"


# ----- playouts ---------------------------------------------------------------------------------------------------
def dealt(seed: int) -> dict:
    """A two-seat game with a dealt deck (20 cards), Portugal at war with Spain, at player1's first impulse."""
    s = position(powers1=("power:portugal",), powers2=("power:spain",))
    s["wars"] = [["power:portugal", "power:spain"]]
    s["areas"]["area:guinea"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = place(s, "power:portugal-troop-1", "area:guinea")
    for n, area in enumerate(("area:hausa", "area:elmina", "area:elmina"), 1):
        new_unit(s, f"power:spain-troop-{n}", "power:spain", "troop", "2-3", f"{area}")
        s["areas"][area].update(owner="power:spain", control="power:spain", marker=None)
    s["rng"] = GAME.setup(seed, {"scenario": "the-rise-of-portugal"})["rng"]
    g = Ctx(GAME, copy_state(s))
    deck.build_deck(g)
    card_play.start_impulse(g.s, "player1")
    return g.s


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_card_games_play_on_with_the_invariants(bot):
    """The random and heuristic bots play a half turn of a two-seat game with cards; every state and move is
    checked (views, logs, leaks, barriers)."""
    import random

    for seed in (1, 2):
        s, rnd = dealt(seed), random.Random(seed)
        for _ in range(600):
            if any(f["step"] in turn_end.TURN_END_STEPS for f in s["stack"]):
                break  # the hand-built Spain has no home areas to redeploy in
            role = GAME.active_roles(s)[0]
            verb, arg = GAME.bots[bot](GAME, GAME.view(s, role), role, rnd)
            s, _ = play(s, role, verb, arg)
        assert len(s["cards"]["discard"]) == 20 and deck.hands_empty(s)  # the half turn played every card


def test_a_technology_card_starts_an_auction_against_unrest():
    """19.3.1: the player who played it bets first (at most its vitality, less its unrest above it), the others
    outbid in the order of play; the winner raises its unrest by its bet and has the advantage this turn."""
    s = event_position("card:land-technology")
    s, _ = play(s, "player1", "event", "card:land-technology")
    assert step(s) == "technology_auction" and GAME.active_roles(s) == ["player1"]
    limit = GAME.board.power("power:portugal").vitality - max(
        0, s["powers"]["power:portugal"]["unrest"] - GAME.board.power("power:portugal").vitality
    )
    assert legal(s)["bid"] == [["power:portugal", n] for n in range(1, limit + 1)]
    s, _ = play(s, "player1", "bid", ["power:portugal", 1])
    assert GAME.active_roles(s) == ["player2"] and legal(s, "player2")["bid"][0] == ["power:spain", 2]
    spain = s["powers"]["power:spain"]["unrest"]
    s, _ = play(s, "player2", "bid", ["power:spain", 2])
    s, _ = play(s, "player1", "pass")
    assert s["powers"]["power:spain"]["unrest"] == spain + 2
    assert s["cards"]["technologies"] == {"power:spain": ["land"]}
    assert step(s) == "card_play"  # the card's points are still the player's


def test_the_prompts_of_an_auction_and_of_a_card_say_what_is_there():
    """19.3.1: before the first bid the auction names no highest bid (it read "highest bid: None 0"); 8.2.2: a card's
    prompt says what is left of it — points, its event, both or nothing (it read "0 points to assign, and its
    event" when no power could take its points)."""
    en, es = GAME.renderer("en"), GAME.renderer("es")

    def said(s: dict, renderer=en) -> str:
        return renderer.text(GAME.view(s, "player1")["prompt"]["text"])

    s = event_position("card:land-technology")
    assert said(s) == "Land Technology: 2 points to assign, and its event."
    s, _ = play(s, "player1", "event", "card:land-technology")
    assert said(s) == "Land Technology: the technology auction (no bid yet)."
    assert said(s, es) == "Tecnología terrestre: la subasta de tecnología (aún no hay pujas)."
    s, _ = play(s, "player1", "bid", ["power:portugal", 1])
    assert en.text(GAME.view(s, "player2")["prompt"]["text"]).endswith("(highest bid: Portugal, 1 unrest).")
    s, _ = play(s, "player2", "pass")
    assert step(s) == "card_play" and said(s) == "Land Technology: 2 points to assign."
    s, _ = play(s, "player1", "assign", "power:portugal")
    assert said(s) == "Land Technology: 1 point to assign."
    assert said(s, es) == "Tecnología terrestre: 1 punto que asignar."
    s["stack"][-1]["points"] = 0  # its event done, nothing to assign: "done" alone (as when no power may take them)
    assert legal(s) == {"done": [None]}
    assert said(s) == "Land Technology: nothing more to do with it."
    assert said(s, es) == "Tecnología terrestre: nada más que hacer con ella."


def test_nobody_bids_and_the_technology_is_ignored():
    s = event_position("card:naval-technology")
    s, _ = play(s, "player1", "event", "card:naval-technology")
    s, _ = play(s, "player1", "pass")
    s, log = play(s, "player2", "pass")
    assert "technologies" not in s["cards"] and any(e["msg"] == "log.technology_none" for e in log)


def test_land_technology_gives_its_winner_an_advantage_in_land_battles():
    s = battle()
    assert combat_frame(s)["battle"]["defender"]["advantages"] == 0
    s = battle(technologies={"power:spain": ["land"]})
    assert combat_frame(s)["battle"]["defender"]["advantages"] == 1


def test_industrial_technology_makes_troops_and_squadrons_cheaper_to_deploy():
    from engines.ultima_ratio.preparation.deployment import cost

    s = position()
    assert cost(s, "power:portugal", "build_squadron") == 2
    s["cards"]["technologies"] = {"power:portugal": ["industrial"]}
    assert (cost(s, "power:portugal", "build_squadron"), cost(s, "power:portugal", "build_troop")) == (1, 1)
    assert cost(s, "power:portugal", "build_fortress") == 2


def test_siege_land_and_naval_technology_are_lost_at_the_end_of_the_turn():
    """19.3 (l. 1464): "In the first three, this advantage has a duration limited to the rest of the turn for the
    major power that has achieved it. The advantage is lost at the end of the turn" — gone when the next turn's deck
    is dealt; industrial technology, not limited, stays (RULINGS C-6)."""
    s = position()
    s["cards"]["technologies"] = {"power:portugal": ["siege", "industrial"], "power:spain": ["land", "naval"]}
    s["turn"] = 2
    g = Ctx(GAME, copy_state(s))
    deck.build_deck(g)
    assert g.s["cards"]["technologies"] == {"power:portugal": ["industrial"]}


def test_a_historical_card_is_in_the_deck_of_every_turn_of_its_span():
    """RULINGS C-2: War Venice vs Ottoman (turns 1-6) again in Turn 2, though played in Turn 1."""
    s = position()
    s["cards"]["discard"] = ["card:war-venice-vs-ottoman"]
    s["turn"] = 2
    g = Ctx(GAME, copy_state(s))
    deck.build_deck(g)
    dealt_cards = [c for h in g.s["cards"]["hands"].values() for c in h]
    assert "card:war-venice-vs-ottoman" in dealt_cards and "card:treaty-of-tordesillas" not in dealt_cards
    assert g.s["cards"]["discard"] == []
    assert g.s["cards"]["active"] == list(GAME.board.world.turn(2).active_events)


def test_only_a_player_without_cards_has_the_free_action_of_powers_at_war():
    """8.2.3 (l. 411) in a game with cards."""
    s = position(hand1=["card:plague"])
    s["wars"] = [["power:portugal", "power:spain"]]
    s = place(s, "power:portugal-troop-1", "box:dispersed-wm")
    assert "free" not in legal(s)
    s["cards"]["hands"]["player1"] = []
    assert ["power:portugal", "regroup_troop"] in legal(s)["free"]


def test_the_played_cards_and_what_they_left_are_public():
    s = position(hand1=["card:mutiny", "card:plague"], hand2=["card:ambush"])
    s, _ = play(s, "player1", "done")
    s, _ = play(s, "player1", "play_card", "card:mutiny")
    public = GAME.view(s, "player2")["public"]
    assert public["cards"]["discard"] == ["card:mutiny"] and public["cards"]["hands"] == {"player1": 1, "player2": 1}
    assert "card:plague" not in str(GAME.view(s, "player2")) and "card:plague" in str(GAME.view(s, "player1"))


def test_the_technology_auction_goes_round_and_skips_the_highest_bidder():
    from engines.ultima_ratio.economy import auction, technology

    assert auction.bid_limit({"powers": {"power:spain": {"unrest": 8}}}, GAME.board, "power:spain") == 4  # vitality 6
    s = position()
    s["seats"]["player3"] = {"powers": [], "vp": 0, "order": 3, "vp_per_turn": 0}
    add_power(s, "player3", "power:france")
    s["seat_order"] = ["player2", "player3", "player1"]
    s["stack"].append(
        {
            "step": "technology_auction",
            "card": "card:land-technology",
            "technology": "land",
            "order": ["player3", "player1", "player2"],
            "turn": 0,
            "bid": None,
            "passes": 0,
        }
    )
    g = Ctx(GAME, copy_state(s))  # as technology.start would call it for player3
    step_ = technology.TechnologyAuction()
    step_.on_bid(g, "player3", ["power:france", 1])
    assert step_.active(g) == ["player1"]
    step_.on_pass(g, "player1", None)
    step_.on_bid(g, "player2", ["power:spain", 2])
    assert step_.active(g) == ["player3"]  # player1 passed once; the round goes on
    step_.on_pass(g, "player3", None)
    assert step_.active(g) == ["player1"]
    step_.on_pass(g, "player1", None)  # everyone but Spain passed in a row
    assert g.s["cards"]["technologies"] == {"power:spain": ["land"]}


def test_each_combat_card_fits_the_combats_its_text_names():
    """The combat cards' texts (events.yaml): where they are played and by which side (C-9, C-10)."""
    from engines.ultima_ratio.combat.combat_cards import fits, in_window

    b = GAME.board
    forest, open_ = {"terrain": "forest"}, {"terrain": "open"}
    table = {
        card: sorted(
            (kind, side)
            for kind in ("land", "naval", "siege", "subjugation")
            for side in ("attacker", "defender")
            if fits(b, card, kind, forest, side)
        )
        for card in (
            "card:surprise-attack",
            "card:flanking",
            "card:ambush",
            "card:bad-weather",
            "card:storm-at-sea",
            "card:treason",
            "card:mutiny",
            "card:cavalry-charge",
        )
    }
    both = ["attacker", "defender"]
    assert table["card:surprise-attack"] == [("land", "attacker")]
    assert table["card:ambush"] == [("land", "defender")] and not fits(b, "card:ambush", "land", open_, "defender")
    assert table["card:flanking"] == [("land", s) for s in both] == table["card:cavalry-charge"]
    assert table["card:bad-weather"] == sorted((k, s) for k in ("land", "naval", "siege") for s in both)
    assert table["card:storm-at-sea"] == [("naval", s) for s in both]
    assert table["card:treason"] == [("siege", "attacker")]
    assert len(table["card:mutiny"]) == 8
    assert [c for c in table if not in_window(b, c)] == ["card:cavalry-charge"]
    assert not fits(b, "card:plague", "land", forest, "attacker")
