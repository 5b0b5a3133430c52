"""Playbook 9.2 New Order at 3 to 6 players: its initial position against the playbook (seat tables l. 1958-1965
and the tail 2645-2658; "Deployment: see turn 1", l. 1969, and Turn 1's table, l. 2130-2180) and the major power
auction that hands out its groups (7.1.1). ``NewOrderTable`` is the game with 9.2 as its only scenario, so that
these tests name the players alone."""

from __future__ import annotations

import random
from typing import Literal

import pytest
from pydantic import BaseModel, Field

from engines.core.conformance import ConformanceError, check_secret_choice, check_state
from engines.ultima_ratio import state as st
from engines.ultima_ratio.game import UltimaRatioRegis
from engines.ultima_ratio.preparation.start_of_scenario import MAX_BET

POWERS = {
    "power:spain",
    "power:poland",
    "power:austria",
    "power:hungary",
    "power:mamluks",
    "power:ottomans",
    "power:france",
    "power:crimea",
    "power:barbary-coast",
    "power:venice",
    "power:russia",
    "power:england",
    "power:persia",
}
# the playbook's groups (powers, starting VP) for each number of players
GROUPS = {
    3: [({"power:spain", "power:poland", "power:austria", "power:hungary", "power:mamluks"}, 0), ({"power:ottomans", "power:france", "power:crimea", "power:barbary-coast"}, 4),
        ({"power:venice", "power:russia", "power:england", "power:persia"}, 2)],
    4: [({"power:spain", "power:austria"}, 3), ({"power:ottomans", "power:england", "power:crimea", "power:barbary-coast"}, 0),
        ({"power:venice", "power:russia", "power:persia"}, 2), ({"power:france", "power:poland", "power:hungary", "power:mamluks"}, 4)],
    5: [({"power:spain", "power:austria"}, 0), ({"power:ottomans", "power:crimea", "power:barbary-coast"}, 2), ({"power:venice", "power:poland", "power:mamluks"}, 3),
        ({"power:france", "power:persia"}, 4), ({"power:russia", "power:england", "power:hungary"}, 2)],
    6: [({"power:spain", "power:mamluks"}, 1), ({"power:ottomans", "power:crimea", "power:barbary-coast"}, 0), ({"power:venice", "power:poland"}, 2),
        ({"power:france", "power:hungary"}, 4), ({"power:russia", "power:england"}, 2), ({"power:austria", "power:persia"}, 3)],
}  # fmt: skip


class NewOrderOptions(BaseModel):
    scenario: Literal["new-order"] = "new-order"
    players: int = Field(3, ge=3, le=6)


class NewOrderTable(UltimaRatioRegis):
    """The game with 9.2 as its only scenario (its tests name the players alone)."""

    Options = NewOrderOptions

    def option_sets(self):
        return [{"players": n} for n in range(3, 7)]


GAME = NewOrderTable()


def begin(players: int, seed: int = 7) -> dict:
    return GAME.begin(seed, {"players": players}).state


def auction(state: dict, bets: dict[str, int], choices: list[int] | None = None) -> dict:
    """Every player bets; then, in game order, each chooses the first group left (or the next of ``choices``)."""
    for role, bet in bets.items():
        state = GAME.apply(state, role, "bet", bet)
    picks = iter(choices or [])
    while GAME.view(state, None)["prompt"]["step"] == "choose_group":
        role = GAME.active_roles(state)[0]
        state = GAME.apply(state, role, "group", next(picks, GAME.legal(state, role)["group"][0]))
    return state


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_player_bets_at_once_before_the_first_turn(players):
    state = begin(players)
    roles = [f"player{n}" for n in range(1, players + 1)]
    assert GAME.roles(GAME.parse_options({"players": players})) == roles
    assert GAME.active_roles(state) == roles
    assert GAME.view(state, "player1")["prompt"]["step"] == "major_power_auction"
    assert GAME.legal(state, "player2") == {"bet": list(range(MAX_BET + 1))}
    assert state["turn"] == 1 and state["last_turn"] == 3


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_groups_powers_and_starting_vp_are_the_playbooks(players):
    """Every power of 9.2 in play once, in the groups of the seat table for this number of players; each player's
    VP marker: the group's starting VP plus the highest bet less his own (7.1.1)."""
    state = begin(players)
    roles = [f"player{n}" for n in range(1, players + 1)]
    bets = {role: n for n, role in enumerate(roles)}  # player1 bets 0 ... the last bets the most
    state = auction(state, bets)
    assert set(state["powers"]) == POWERS
    top = max(bets.values())
    groups = GROUPS[players]
    seen = []
    for role in roles:
        seat = state["seats"][role]
        powers, starting = groups[seat["group"] - 1]
        assert set(seat["powers"]) == powers
        assert seat["vp"] == starting + top - bets[role]
        assert all(state["powers"][p]["seat"] == role for p in powers)
        seen.append(seat["group"])
    assert sorted(seen) == list(range(1, players + 1))
    # the game order by bet, highest first; each chose the first group left, in that order
    order = sorted(roles, key=lambda r: state["seats"][r]["order"])
    assert order == list(reversed(roles))
    assert [state["seats"][r]["group"] for r in order] == list(range(1, players + 1))
    assert state["seat_order"] == order
    assert "auction" not in state


def test_a_player_chooses_his_group_in_game_order():
    state = begin(4)
    state = GAME.apply(state, "player1", "bet", 2)
    state = GAME.apply(state, "player2", "bet", 5)
    state = GAME.apply(state, "player3", "bet", 0)
    state = GAME.apply(state, "player4", "bet", 1)
    assert GAME.active_roles(state) == ["player2"]
    state = GAME.apply(state, "player2", "group", 4)  # France, Poland, Hungary, Mamluks: 4 VP
    assert GAME.active_roles(state) == ["player1"]
    assert GAME.legal(state, "player1") == {"group": [1, 2, 3]}
    label = GAME.labels(state, "player1", GAME.renderer())[0]["label"]
    assert label.startswith("Lead ") and "starting VP 3" in label
    state = auction(state, {}, [2, 1, 3])
    seats = state["seats"]
    assert {r: seats[r]["group"] for r in seats} == {"player2": 4, "player1": 2, "player4": 1, "player3": 3}
    assert {r: seats[r]["order"] for r in seats} == {"player2": 1, "player1": 2, "player4": 3, "player3": 4}
    assert {r: seats[r]["vp"] for r in seats} == {"player2": 4, "player1": 3, "player4": 3 + 4, "player3": 2 + 5}


def test_tied_bets_are_ordered_at_random_and_logged():
    orders = set()
    for seed in range(12):
        played = GAME.begin(seed, {"players": 3})
        state = played.state
        for role in ("player1", "player2"):
            state = GAME.apply(state, role, "bet", 3)
        last = GAME.play(state, "player3", "bet", 3)
        assert last.barrier  # the bets are shown: none can be taken back
        texts = [GAME.renderer().text(e) for e in last.log]
        assert any("bet 3 VP each: their order is drawn at random" in t for t in texts)
        orders.add(tuple(last.state["auction"]["order"]))
        assert GAME.begin(seed, {"players": 3}).state == played.state  # the draw is the seed's
    assert len(orders) > 1


def test_a_bet_is_secret_until_all_are_revealed():
    """Nobody else sees a bet, nor learns anything from it, before the last bet reveals them all."""
    state = begin(5)

    def fail(problem):
        raise ConformanceError(GAME, 7, {"players": 5}, 0, problem)

    for n, role in enumerate(["player1", "player2", "player3", "player4"]):
        played = GAME.play(state, role, "bet", 11 + n)
        assert not played.barrier
        check_secret_choice(GAME, state, role, "bet", 11 + n, played, fail)
        for other in ["player5", None]:
            view = GAME.view(played.state, other)
            assert view["public"]["auction"]["have_bet"] == sorted(
                ["player1", "player2", "player3", "player4"][: n + 1]
            )
            assert view["public"]["auction"]["bets"] is None and "my_bet" not in view["private"]
            assert all("VP" not in GAME.renderer().text(e) for e in played.log if GAME.may_read(e, other))
        assert GAME.view(played.state, role)["private"]["my_bet"] == 11 + n
        mine = [GAME.renderer().text(e) for e in played.log if e["to"] == [role]]
        assert mine == [f"You bet {11 + n} VP."]
        state = played.state
    last = GAME.play(state, "player5", "bet", 0)
    revealed = [GAME.renderer().text(e) for e in last.log if GAME.may_read(e, None)]
    assert "Player 1 bet 11 VP." in revealed and "Player 5 bet 0 VP." in revealed
    assert GAME.view(last.state, None)["public"]["auction"]["bets"]["player4"] == 14


def test_the_board_is_turn_1s():
    """7.2 with "Deployment: see turn 1": Turn 1's inactive theaters, provinces and areas are out of play (Tabriz,
    Yereban and Shirvan in, l. 2175), its markers placed (Sarajevo R2 over the Ottoman domain), its special rules'
    possession (the Palatinate to the German States, l. 2176), its merchants (Danish and Dutch in the North Sea,
    l. 2167) and its naval operation distance."""
    state = begin(3)
    areas = state["areas"]
    for gone in (
        "area:milan",
        "area:georgia",
        "area:kabul",
        "area:naples",
        "area:calabria",
        "power:portugal",
        "area:algarve",
        "area:stockholm",
    ):
        assert gone not in areas, gone
    for kept in (
        "area:tabriz",
        "area:yereban",
        "area:shirvan",
        "area:castile",
        "area:constantinople",
        "area:moscow",
        "area:palatinate",
    ):
        assert kept in areas, kept
    assert areas["area:sarajevo"]["marker"] == "R2" and areas["area:sarajevo"]["owner"] == "power:ottomans"
    assert areas["area:sarajevo"]["control"] is None
    assert areas["area:palatinate"]["owner"] == "minor:german-states"
    assert state["merchants"]["center:north-sea"] == {"power:denmark": 1, "power:netherlands": 1}
    assert state["naval_distance"] == {"mediterranean": 2, "elsewhere": 1}
    assert state["powers"]["power:hungary"]["unrest"] == 6 and state["powers"]["power:mamluks"]["unrest"] == 6
    assert state["powers"]["power:spain"]["to_deploy"]["points"] == 14
    assert set(state["powers"]["power:venice"]["interest"]) == {"CM", "EM", "TE", "SEE"}


@pytest.mark.parametrize("players", [3, 6])
def test_after_the_auction_the_first_turn_deploys_the_powers(players):
    """The auction ends in Turn 1's start: the powers spend their deployment points (24.), each asked of the player
    who chose its group, every player at once (7.2 ¶2: "The deployment is done simultaneously"), his powers one
    after another; the checks of the conformance suite hold at every move of a random auction."""
    rnd = random.Random(players)
    played = GAME.begin(players, {"players": players})
    state = played.state

    def fail(problem):
        raise ConformanceError(GAME, players, {"players": players}, 0, problem)

    while GAME.view(state, None)["prompt"]["step"] in ("major_power_auction", "choose_group"):
        check_state(GAME, state, fail, played.log)
        role = GAME.active_roles(state)[0]
        legal = GAME.legal(state, role)
        verb = next(iter(legal))
        arg = rnd.choice(legal[verb])
        before, played = state, GAME.play(state, role, verb, arg)
        check_secret_choice(GAME, before, role, verb, arg, played, fail)
        state = played.state
    check_state(GAME, state, fail, played.log)
    assert GAME.view(state, None)["prompt"]["step"] == "deploy"
    deploying = {info["seat"] for info in state["powers"].values() if "to_deploy" in info}
    assert len(deploying) == players and GAME.active_roles(state) == st.game_order(state)
    for role in GAME.active_roles(state):
        first = next(p for p, i in state["powers"].items() if i["seat"] == role and "to_deploy" in i)
        assert GAME.view(state, role)["prompt"]["text"]["args"]["power"] == first


def test_the_north_sea_merchants_of_turn_1_cannot_be_removed_until_their_powers_enter():
    """Turn 1, l. 2167: "Place a Danish and a Dutch merchant in the North Sea trade center. These merchants can not be
    removed until these powers are activated": commercial competition (19.2.4) passes them by, and a power that
    enters (8.1.2) has its merchant treated in the usual way."""
    from engines.core.machine import Ctx
    from engines.ultima_ratio.economy import commerce

    state = auction(begin(3), {"player1": 0, "player2": 0, "player3": 0})
    assert state["fixed_merchants"] == [
        ["center:north-sea", "power:denmark"],
        ["center:north-sea", "power:netherlands"],
    ]
    state["capacity"]["center:north-sea"] = 1
    state["merchants"]["center:north-sea"]["power:england"] = 1
    g = Ctx(GAME, state)
    commerce.commercial_competition(g)
    assert state["merchants"]["center:north-sea"] == {
        "power:denmark": 1,
        "power:netherlands": 1,
    }  # England's went; theirs stay
    state["fixed_merchants"].remove(["center:north-sea", "power:netherlands"])  # as when the Netherlands enter
    commerce.commercial_competition(g)
    assert state["merchants"]["center:north-sea"] == {"power:denmark": 1}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_of_9_2_keep_the_platforms_invariants(players):
    """The conformance suite's checks (views, leaks, face-down bets, barriers, illegal actions, replay) through
    random games of 9.2 from the auction to the winner, with the rules written so far."""
    from engines.core.conformance import playout

    for seed in (1, 2):
        result = playout(GAME, seed, {"players": players}, check=True, every=3)
        outcome = result["outcome"]
        assert len(outcome["ranking"]) == players and outcome["winners"] == outcome["ranking"][:1]


def test_the_winner_has_the_most_vp_ties_going_by_game_order():
    """22: the most VP wins; a tie is broken by the game order (7.1.1: "used to solve many tie breaks")."""
    from engines.core.machine import Ctx
    from engines.ultima_ratio.scenarios.new_order import winner

    state = auction(begin(3), {"player1": 1, "player2": 5, "player3": 3})
    for role, vp in (("player1", 9), ("player2", 12), ("player3", 12)):
        state["seats"][role]["vp"] = vp
    g = Ctx(GAME, state)
    winner(g)
    assert state["outcome"]["ranking"] == ["player2", "player3", "player1"]  # player2 bet most: 1st in game order
    assert GAME.renderer().text(state["outcome"]["text"]) == "Player 2 wins with 12 VP."
    tb = state["outcome"]["tiebreak"]  # which tie-break decided, as data (issue 30 › Outcomes explained)
    assert tb["rule"] == "major_power_auction" and tb["applied"] == "game_order" and tb["winners"] == ["player2"]
    assert tb["tied"] == [{"roles": ["player2", "player3"], "points": 12}]
    assert GAME.renderer().text(tb["text"]) == (
        "Player 2 and Player 3 tied on 12 VP: the game order breaks the tie (7.1.1), where Player 2 is player 1, "
        "ahead of the others, so Player 2 wins."
    )
    assert "orden de juego" in GAME.renderer("es").text(tb["text"])
    state["seats"]["player3"]["vp"] = 11
    winner(Ctx(GAME, state))
    assert state["outcome"]["winners"] == ["player2"] and state["outcome"]["tiebreak"] is None


def test_the_power_cards_objectives_score_at_the_end_of_the_turn():
    """22 "Major power card objectives (end of turn)": Spain's card scores Granada when Spain controls it (Turn 1
    sets it up independent A3: l. 2165); a revolt there leaves it possessed, not controlled, and scores nothing
    (RULINGS VP-1). 9.1 scores no card objectives (RULINGS 9.1 VP sources)."""
    from engines.core.machine import Ctx
    from engines.ultima_ratio.end_of_turn.turn_end import active_board_index, card_objectives_vp

    state = auction(begin(3), {"player1": 2, "player2": 1, "player3": 0})
    assert state["areas"]["area:granada"]["marker"] == "A3" and state["areas"]["area:granada"]["owner"] is None
    seat = state["powers"]["power:spain"]["seat"]
    before = state["seats"][seat]["vp"]
    g = Ctx(GAME, state)
    card_objectives_vp(g, seat, "power:spain", active_board_index(g))
    assert state["seats"][seat]["vp"] == before  # nothing met yet (Milan, South Italy... are not Spain's)
    state["areas"]["area:granada"].update(owner="power:spain", control="power:spain", marker=None)
    g = Ctx(GAME, state)
    card_objectives_vp(g, seat, "power:spain", active_board_index(g))
    assert state["seats"][seat]["vp"] == before + 1
    assert [GAME.renderer().text(e) for e in g.entries][-1].startswith(
        f"Player {seat[-1]} scores 1 VP for objective 2 of the card of Spain"
    )
    state["areas"]["area:granada"].update(marker="R2", control=None)
    g = Ctx(GAME, state)
    card_objectives_vp(g, seat, "power:spain", active_board_index(g))
    assert state["seats"][seat]["vp"] == before + 1
    assert not GAME.scenario("the-rise-of-portugal").card_objectives and GAME.scenario("new-order").card_objectives


def test_each_turn_brings_its_interest_table_and_keeps_what_events_gave():
    """8.1.1 and 18.4.1: the Interest table of Turn 2 (l. 2184-2199) gives Spain the Caribbean (Ca) and leaves the
    Mamluks the Eastern Mediterranean only (Turn 1's EM, TE, l. 2152; Turn 2's EM, l. 2195); a theater an event gave
    a power stays (RULINGS TS-1). The scenario's first turn is its set-up's: nothing changes then."""
    from engines.core.machine import Ctx
    from engines.ultima_ratio.sequence.turn_special_rules import game_book_turn

    state = auction(begin(3), {"player1": 2, "player2": 1, "player3": 0})
    assert state["powers"]["power:spain"]["interest"] == ["WM", "CM", "CE"]
    assert state["powers"]["power:mamluks"]["interest"] == ["EM", "TE"]
    state["powers"]["power:england"]["interest"].append("Na")  # as an event would (events.py, op interest)
    g = Ctx(GAME, state)
    game_book_turn(g)
    assert not g.entries  # Turn 1: the set-up's
    state["turn"] = 2
    g = Ctx(GAME, state)
    game_book_turn(g)
    assert state["powers"]["power:spain"]["interest"] == ["WM", "CM", "CE", "Ca"]
    assert state["powers"]["power:mamluks"]["interest"] == ["EM"]
    assert state["powers"]["power:england"]["interest"] == ["WE", "Na"]
    assert [GAME.renderer().text(e) for e in g.entries] == [
        "The Mamluks: no more interest in the East (the turn's Interest table).",
        "Spain gains interest in Central America.",
    ]


def test_a_played_game_reaches_turn_2_with_turn_2s_interest():
    """The turn's start applies 8.1.1 in the flow: a random game of 9.2 entering Turn 2 has Turn 2's tables."""
    import random as rnd

    state = auction(begin(3, seed=3), {"player1": 2, "player2": 1, "player3": 0})
    pick = rnd.Random(5)
    for _ in range(20000):
        if state["turn"] == 2 or state.get("outcome"):
            break
        role = GAME.active_roles(state)[0]
        verb, args = pick.choice(sorted(GAME.legal(state, role).items()))
        state = GAME.apply(state, role, verb, pick.choice(args))
    assert state["turn"] == 2
    assert (
        "Ca" in state["powers"]["power:spain"]["interest"] and "TE" not in state["powers"]["power:mamluks"]["interest"]
    )


def end_of_turn(turn: int, seed: int = 3) -> tuple[dict, tuple[str, str, object]]:
    """A random 9.2 game at 3 players played to the last move of ``turn``: that position and that move."""
    import random as rnd

    state = auction(begin(3, seed=seed), {"player1": 2, "player2": 1, "player3": 0})
    pick = rnd.Random(5)
    for _ in range(40000):
        role = GAME.active_roles(state)[0]
        verb, args = pick.choice(sorted(GAME.legal(state, role).items()))
        move = (role, verb, pick.choice(args))
        after = GAME.apply(state, *move)
        if after["turn"] == turn + 1:
            return state, move
        state = after
    raise AssertionError(f"Turn {turn + 1} never came")


def test_turn_2s_special_rules_apply_as_it_starts_grenada_to_the_barbary_coast():
    """8.1.1 with Turn 2's special rules (l. 2202-2203): "If Grenada remains independent, it becomes a Barbary Coast
    domain" (``turns.yaml`` granada-to-barbary; its condition read from the position, ``cards/conditions.py``), in
    the flow as Turn 2 starts (the step ``turn_special_rules``); taken by Spain, Granada stays Spain's. The Papacy's
    alliance card is out of that turn's deck (8.1.4 reads ``remove_card`` itself)."""
    import copy

    from engines.ultima_ratio.cards.deck import removed

    before, last = end_of_turn(1)
    independent, spanish = copy.deepcopy(before), copy.deepcopy(before)
    independent["areas"]["area:granada"].update(owner=None, control=None, marker="A3")
    spanish["areas"]["area:granada"].update(owner="power:spain", control="power:spain", marker=None)
    played = GAME.play(independent, *last)
    assert played.state["turn"] == 2
    assert played.state["areas"]["area:granada"] == {
        **independent["areas"]["area:granada"],
        "owner": "power:barbary-coast",
    } | {
        "control": "power:barbary-coast",
        "marker": None,
    }
    said = [GAME.renderer().text(e) for e in played.log]
    assert "Turn 2 (1505): its special rules (8.1.1)." in said
    assert "Granada passes to the Barbary Coast." in said
    passes = next(e for e in played.log if e["msg"] == "log.event_possession")
    assert passes["rule"] == "turn_special_rules"  # the turn's rule (8.1.1) is cited, not a card's play (8.2.2)
    played = GAME.play(spanish, *last)
    assert played.state["areas"]["area:granada"]["owner"] == "power:spain"
    assert "Turn 2 (1505): the condition of its possession effect does not hold; it does nothing." in [
        GAME.renderer().text(e) for e in played.log
    ]
    assert "card:alliance-papacy" in removed(played.state, GAME.board)


def test_the_conditions_the_position_answers():
    """``cards/conditions.py``: the effects' conditions read from the position (turns' special rules and events)."""
    from engines.ultima_ratio.cards.conditions import met
    from engines.ultima_ratio.world_effects import Condition

    state = auction(begin(4), {"player1": 2, "player2": 1, "player3": 0, "player4": 3})
    assert met(state, Condition(kind="players", players=4)) and not met(state, Condition(kind="players", players=3))
    assert met(state, Condition(kind="in_play", power="power:spain"))
    assert not met(state, Condition(kind="in_play", power="power:schmalkaldic-league"))  # Turn 4's (l. 2250)
    assert met(state, Condition(kind="from_turn", turn=1)) and not met(state, Condition(kind="from_turn", turn=2))
    free = sorted(a for a, info in state["areas"].items() if info["marker"] in ("A2", "A3"))
    assert "area:granada" in free and met(state, Condition(kind="independent", areas=free))
    assert not met(state, Condition(kind="independent", areas=["area:granada", "area:castile"]))
    owned = sorted(a for a, info in state["areas"].items() if info["owner"] == "power:spain")[:3]
    assert met(state, Condition(kind="possesses", power="power:spain", areas=owned))
    assert not met(state, Condition(kind="possesses", power="power:spain", areas=[*owned, "area:granada"]))
    minor = next(iter(state["minors"]))
    state["minors"][minor]["ally"] = "power:spain"
    assert not met(state, Condition(kind="not_allied", minor=minor))
    assert met(state, Condition(kind="not_allied", minor=minor, powers=["power:austria"]))
    assert not met(state, Condition(kind="not_allied", minor=minor, powers=["power:spain", "power:austria"]))


def dealt(players: int, seed: int = 3) -> dict:
    """A random 9.2 game played until Turn 1's deck is dealt (8.1.4)."""
    bets = {f"player{n}": n % 3 for n in range(1, players + 1)}
    state = auction(begin(players, seed=seed), bets)
    pick = random.Random(seed)
    for _ in range(5000):
        if any(state["cards"]["hands"].values()):
            return state
        role = GAME.active_roles(state)[0]
        verb, args = pick.choice(sorted(GAME.legal(state, role).items()))
        state = GAME.apply(state, role, verb, pick.choice(args))
    raise AssertionError("Turn 1's deck was never dealt")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_new_order_is_played_with_cards_dealt_secretly_in_game_order(players):
    """9.2 is played with cards (only 9.1 is not, l. 1920): 8.1.4's deck of Turn 1 — its historical cards (l. 2180
    removes none; the events in force are not dealt, RULINGS C-2) and generic ones up to the table's size (39, 40,
    40, 42) — dealt one at a time in game order, each hand its seat's only."""
    state = dealt(players)
    world = GAME.board.world
    assert state["cards"]["in_play"] is True
    assert "in_play" not in UltimaRatioRegis().begin(1, {"scenario": "the-rise-of-portugal"}).state["cards"]
    hands = state["cards"]["hands"]
    cards = [c for hand in hands.values() for c in hand]
    size = {3: 39, 4: 40, 5: 40, 6: 42}[players]
    assert len(cards) == len(set(cards)) == size
    in_force = set(world.scenario("new-order").active_events) | set(world.turn(1).active_events)
    historical = {e.id for e in world.events if e.kind == "historical" and e.turns and e.turns.covers(1)}
    assert historical - in_force <= set(cards) and not in_force & set(cards)
    order = sorted(hands, key=lambda k: state["seats"][k]["order"])
    assert [len(hands[k]) for k in order] == [size // players + (i < size % players) for i in range(players)]
    for role in hands:
        view = GAME.view(state, role)
        assert view["private"]["hand"] == hands[role]
        assert view["public"]["cards"]["hands"] == {k: len(v) for k, v in hands.items()}


# Turn 1's deployment (l. 2135-2139 and the tail 2817-2825): points and allied minors of each power
POINTS = {"power:spain": 14, "power:france": 12, "power:england": 12, "power:austria": 6, "power:venice": 20, "power:poland": 8, "power:hungary": 6,
          "power:ottomans": 14, "power:mamluks": 8, "power:persia": 6, "power:russia": 6, "power:crimea": 4, "power:barbary-coast": 5}  # fmt: skip
ALLIES = {"minor:papacy": "power:spain", "minor:florence": "power:spain", "minor:savoy": "power:france", "minor:scotland": "power:france", "minor:switzerland": "power:france",
          "minor:holy-roman-empire": "power:austria", "minor:german-mercenaries": "power:venice", "minor:cossacks": "power:poland",
          "minor:wallachia-moldavia": "power:ottomans"}  # fmt: skip


def deployment_points(state: dict) -> dict[str, int]:
    """Each power's deployment points left to spend."""
    return {p: info["to_deploy"]["points"] for p, info in state["powers"].items() if "to_deploy" in info}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_initial_position_at_each_table_size_is_turn_1s(players):
    """9.2 at 3, 4, 5 and 6 players starts from the same position, Turn 1's ("Special rules: See turn 1. Deployment:
    See turn 1.", l. 1967-1969): its seat table has no VP-per-turn column (l. 1958), so no seat gains VP each turn;
    every power deploys the points of Turn 1's table with its allies (the Emirates, Venice's, only where its areas
    are active: they are not in 9.2, RULINGS 9.1-3's reading of 7.2); the markers (l. 2170-2177: Granada A3,
    Sarajevo R2, the three Persian areas Persia's without a marker, Kandahar out of play); Hungary and the Mamluks
    at unrest 6 (l. 2178); the minors of inactive theaters out, none allied but by the table; no card removed
    (l. 2180; the deck itself: ``test_new_order_is_played_with_cards_dealt_secretly_in_game_order``)."""
    bets = {f"player{n}": 0 for n in range(1, players + 1)}
    state = auction(begin(players), bets)
    assert GAME.view(state, None)["prompt"]["step"] == "deploy"
    assert [state["seats"][r]["vp_per_turn"] for r in bets] == [0] * players
    assert deployment_points(state) == POINTS
    assert {m: info["ally"] for m, info in state["minors"].items() if info["ally"]} == ALLIES
    assert set(state["minors"]) - set(ALLIES) == {
        "minor:genoa", "minor:bohemia", "minor:german-states", "minor:brandenburg", "minor:bavaria", "minor:hospitallers"
    }  # fmt: skip
    assert "minor:emirates" not in state["minors"]
    markers = {a: info["marker"] for a, info in state["areas"].items() if info["marker"]}
    assert markers == {"area:granada": "A3", "area:sarajevo": "R2"}
    for name in ("area:tabriz", "area:yereban", "area:shirvan"):
        assert state["areas"][name]["owner"] == state["areas"][name]["control"] == "power:persia"
    assert "area:kandahar" not in state["areas"] and "area:isfahan" not in state["areas"]
    assert state["powers"]["power:hungary"]["unrest"] == state["powers"]["power:mamluks"]["unrest"] == 6
    world = GAME.board.world
    for row in world.turn(1).deployment:
        for name in (*row.home_areas, *row.domains):
            if name in state["areas"] and name != "area:granada":  # independent A3 by the special rules (l. 2171)
                assert state["areas"][name]["owner"] == row.power, (name, row.power)
    assert state["cards"]["discard"] == [] and not any(state["cards"]["hands"].values())
    # the same board at every table size: only the seats differ
    three = auction(begin(3), {"player1": 0, "player2": 0, "player3": 0})
    assert state["areas"] == three["areas"] and state["minors"] == three["minors"]
    assert state["merchants"] == three["merchants"] and state["capacity"] == three["capacity"]
