"""A battle in the view, die by die (issue 28 › Combat shown die by die; combat/battle_record.py, combatview.py): a
real battle played through the engine — Portugal attacks two Spanish troops in Elmina with combat cards in both
hands — is in every reader's view while it is resolved (forces, cards played, then the dice as rolled) and as the
last battle after, with the dice the log's rolls show; the reroll card a hand holds and the cards not played stay
out of it; its log entry carries the same record, which the presentation draws as the board does."""

from __future__ import annotations

import json
import re
from typing import Any

from engines.core.chance import scripted
from engines.ultima_ratio import combatview, mapview, presentation
from engines.ultima_ratio.game import GAME
from tests.engines.ultima_ratio.support import at_first_impulse
from tests.engines.ultima_ratio.test_cards import battle, play

READERS = ("player1", "player2", None)


def views(s: dict) -> dict:
    return {r: GAME.view(s, r)["public"]["battle"] for r in READERS}


def logged_dice(log: list, power: str) -> list[str]:
    return [d for e in log if e["msg"] == "combat.dice" and e["args"]["side"] == power for d in e["args"]["dice"]]


def as_logged(rows: list) -> list[str]:
    """The view's dice as the log writes them (battles.Combat._finish): "Q2:5→5", "+1" for a leader's bonus."""
    return [f"Q{c}:{roll}→{res}{'+1' if bonus else ''}" for _u, c, roll, res, bonus in rows]


def test_a_battle_is_in_every_view_while_resolved_and_after_with_the_dice_of_the_log():
    s = battle(hand1=["card:flanking", "card:cavalry-charge"], hand2=["card:storm-at-sea"])
    shown = views(s)  # the window of combat cards: the battle is shown from its start, no dice yet
    assert shown["player1"] == shown[None] and shown[None]["sides"]["attacker"]["cards"] == []
    assert shown[None]["dice"] is None and not shown[None]["done"]
    s, _ = play(s, "player1", "card", "card:flanking")
    assert views(s)[None]["sides"]["attacker"]["cards"] == ["card:flanking"]  # as soon as it is played
    s, _ = play(s, "player1", "pass")
    s, _ = play(s, "player2", "pass")
    log: list = []
    seen_rolled = False
    with scripted([1, 5, 3, 6]):  # Portugal Q2 rolls 1, Spain Q2 5 and 3; Portugal's Cavalry charge rerolls: 6
        while s["stack"][-1]["step"] == "combat_decision":
            shown = views(s)
            assert shown["player1"] == shown["player2"] == shown[None]  # one record for everybody
            record = shown[None]
            assert record["number"] == 1 and record["kind"] == "land" and record["where"] == "area:elmina"
            assert not record["done"]
            assert record["sides"]["attacker"]["cards"] == ["card:flanking"]  # played openly (8.2.2)
            assert [u[0] for u in record["sides"]["defender"]["units"]] == [
                "power:spain-troop-1",
                "power:spain-troop-2",
            ]
            text = json.dumps(shown)
            assert "card:cavalry-charge" not in text and "card:storm-at-sea" not in text  # held, not played: hidden
            role = GAME.active_roles(s)[0]
            options = GAME.legal(s, role)
            verb = next(v for v in options if v != "done")
            if verb == "reroll" and not seen_rolled:  # after the roll: the dice as they fell
                assert as_logged(record["dice"]["attacker"]) == ["Q2:1→2"]
                assert as_logged(record["dice"]["defender"]) == ["Q2:5→5", "Q2:3→3"]
                seen_rolled = True
                arg = options[verb][1]  # the die 2: Cavalry charge rolls it again
            elif verb == "reroll":  # asked once per card held (RULINGS C-9): the reroll is in the record at once
                assert as_logged(record["dice"]["attacker"]) == ["Q2:6→6"]
                arg = None
            else:
                arg = False if False in options[verb] else options[verb][0]
            p = GAME.play(s, role, verb, arg)
            s, log = p.state, log + list(p.log)
    assert seen_rolled
    last = views(s)
    assert last["player1"] == last["player2"] == last[None] == s["last_battle"]
    record = last[None]
    assert record["done"]
    assert as_logged(record["dice"]["attacker"]) == logged_dice(log, "power:portugal") == ["Q2:6→6"]
    assert as_logged(record["dice"]["defender"]) == logged_dice(log, "power:spain") == ["Q2:5→5", "Q2:3→3"]
    assert record["points"] == {"attacker": 2, "defender": 3} and record["winner"] == "defender"
    entry = next(e for e in log if e["msg"] == "combat.record")
    assert entry["args"]["record"] == record and entry["to"] == "all"
    assert mapview.entry_keys(GAME, entry)[:2] == ["battle:1", "area:elmina"]


def test_the_last_battle_is_shown_in_its_turn_only():
    """The deck is made anew each turn (8.1.4): a battlefield card played openly in an earlier turn may be in a
    hand again, so a record of that turn beside the map would name a card another seat holds (found by
    ``siglo simulate ultima-ratio-regis --option scenario=new-order --option players=3 --check --seed 7009``).
    The earlier battles replay from the log."""
    s = battle(hand1=["card:flanking"], hand2=[])
    s, _ = play(s, "player1", "card", "card:flanking")
    with scripted([6, 1, 1, 1, 1, 1]):
        for _ in range(20):  # the window closes, the dice are rolled, the battle is decided
            if "last_battle" in s:
                break
            role = GAME.active_roles(s)[0]
            options = GAME.legal(s, role)
            verb = "pass" if "pass" in options else next(v for v in options if v != "done")
            s, _ = play(s, role, verb, False if False in options[verb] else options[verb][0])
    assert s["last_battle"]["sides"]["attacker"]["cards"] == ["card:flanking"]
    assert views(s)[None] == s["last_battle"]  # shown in the turn it was fought
    s["turn"] += 1  # the next turn's deal (``deck.build_deck``) hands the card to the other player
    s["cards"].update(hands={"player1": ["card:plague"], "player2": ["card:flanking"]}, discard=[])
    assert views(s) == dict.fromkeys(READERS)
    assert "card:flanking" not in json.dumps(GAME.view(s, "player1"))


def test_the_display_reads_each_die_on_the_combat_table_with_the_rule_cited():
    record = {
        "number": 4,
        "kind": "land",
        "type": None,
        "where": "area:elmina",
        "turn": 2,
        "sides": {
            "attacker": {
                "power": "power:portugal",
                "units": [["power:portugal-troop-1", "troop", 3, True]],
                "leaders": [],
                "cards": [],
            },
            "defender": {
                "power": "power:spain",
                "units": [["power:spain-troop-1", "troop", 2, False], ["power:spain-troop-2", "troop", 2, False]],
                "leaders": [["leader:tactical-1", "tactical"]],
                "cards": [],
            },
        },
        "battlefield": 2,
        "fighters": {
            "attacker": ["power:portugal-troop-1"],
            "defender": ["power:spain-troop-1", "power:spain-troop-2"],
        },
        "conscripts": {"attacker": True, "defender": False},
        "advantages": {"attacker": 0, "defender": 1},
        "disadvantages": {"attacker": 1, "defender": 0},
        # 13.1.6's example: a Q4 die rolls 1 (a 4), a Q2 rolls 6; against a Q3's 4 and a Q1's 3 (a 2)
        "dice": {
            "attacker": [["power:portugal-troop-1", 4, 1, 4, False], [None, 2, 6, 6, False]],
            "defender": [["power:spain-troop-1", 3, 4, 4, False], ["power:spain-troop-2", 1, 3, 2, False]],
        },
        "points": {"attacker": 3, "defender": 1},
        "casualties": {"attacker": 2, "defender": 1},
        "winner": "attacker",
        "eliminations": {"attacker": 0, "defender": 1},
        "disbands": {"attacker": 1, "defender": 2},
        "eliminated": {"attacker": [], "defender": ["power:spain-troop-1"]},
        "dispersed": {"attacker": [], "defender": ["power:spain-troop-2"]},
        "leaders_eliminated": {"attacker": [], "defender": ["leader:tactical-1"]},
        "done": True,
    }
    colours = presentation.places(GAME).colours
    shown = combatview.display(GAME, record, presentation._sayer(GAME), colours)
    assert shown["key"] == "battle:4" and shown["heading"] == "Battle 4: land combat in Elmina, turn 2"
    assert shown["outcome"] == "Won by Portugal, 3 battle points to 1 (13.1.6)."
    assert shown["battlefield"] == "Battlefield: at most 2 dice a side (13.1.3)"
    attacker, defender = shown["sides"]
    assert [d["key"] for d in attacker["dice"]] == ["die:4.attacker.1", "die:4.attacker.2"]
    assert [(d["points"], d["casualty"]) for d in attacker["dice"] + defender["dice"]] == [
        (1, True),
        (2, True),
        (1, True),
        (0, False),
    ]
    assert attacker["dice"][1]["label"] == "the conscript: Q2 die, rolled 6, result 6: 2 battle points and a casualty"
    assert "A conscript: one more Q1 die (13.1.9)" in attacker["extras"]
    assert "0 advantages, 1 disadvantage (13.1.2)" in attacker["extras"]
    assert attacker["units"][0]["label"].endswith("quality 3, veteran")
    assert [u["lost"] for u in defender["units"]] == ["eliminated", "dispersed"]
    assert defender["leaders"][0]["label"].endswith("eliminated with the last unit of the stack (13.1.7)")
    assert defender["losses"] == "Suffers 1 elimination and 2 disband results (13.1.7)"
    assert attacker["winner"] and not defender["winner"]
    assert [r["hit"] for r in shown["table"]] == [True, False, True, False, True]  # 1-2, 3, 4, 5, 6
    assert shown["rule_id"] == "land_combat" and shown["rule"] == "Rule: 13.3 Land combats"
    spanish = combatview.display(GAME, record, presentation._sayer(GAME, "es"), colours)
    assert spanish["heading"].startswith("Batalla 4: combate terrestre en ")
    assert re.search(r"Victoria de Portugal", spanish["outcome"])
    # the log's entry of a battle draws the same
    entry = {"msg": "combat.record", "args": {"number": 4, "record": record, "attacker": "power:portugal"}}
    assert presentation.entry_view(GAME, entry) == shown
    assert presentation.entry_view(GAME, {"msg": "combat.won", "args": {"side": "power:portugal"}}) is None


def test_no_battle_before_the_first_and_no_display_of_none():
    s = at_first_impulse()
    assert "last_battle" not in s and GAME.view(s, None)["public"]["battle"] is None
    assert combatview.display(GAME, None, presentation._sayer(GAME), {}) is None


def test_the_forced_control_question_names_the_troops_it_costs():
    """13.5.4: after a tie the subjugator may disperse one troop (two after a defeat) to gain control anyway; the
    prompt says how many (it read a count the combat does not give, and said 0)."""
    from engines.core.machine import Ctx

    s = at_first_impulse()
    frame: dict[str, Any] = {
        "step": "combat_decision",
        "power": "power:portugal",
        "key": "force_control",
        "side": "attacker",
    }
    frame |= {"kind": "force_control", "options": [False, True], "pick": None, "info": {"troops": 1}, "chosen": []}
    s["stack"].append(frame)
    prompt, _legal = GAME.steps["combat_decision"].prompt(Ctx(GAME, s), "player1")
    assert GAME.renderer().text(prompt) == "Subjugation: disperse 1 troop to gain control anyway?"


def test_a_combat_s_question_says_where_the_battle_is():
    """A combat's decisions name the battle's place (the combat's ``where``): on a phone the battle beside the map is
    below the first screen, and "Combat: roll one of your dice again?" said nothing of which battle."""
    from engines.core.machine import Ctx

    s = at_first_impulse()
    s["stack"].append({"step": "combat", "number": 3, "where": "area:alentejo"})
    frame: dict[str, Any] = {"step": "combat_decision", "power": "power:portugal", "key": "reroll", "side": "attacker"}
    frame |= {"kind": "reroll", "options": [0, 1], "pick": None, "info": {}, "chosen": []}
    s["stack"].append(frame)
    prompt, _legal = GAME.steps["combat_decision"].prompt(Ctx(GAME, s), "player1")
    assert GAME.renderer().text(prompt) == "Combat: roll one of your dice again? (Alentejo)"
    assert GAME.renderer("es").text(prompt).endswith("(Alentejo)")


def test_a_combat_card_of_the_window_is_a_card_of_the_hand_on_the_board():
    """8.2.2: in a combat's window of cards the card that fits is played by a click on it in the hand: the verb
    ``card`` names the hand's ``card:<id>`` (VERB_KEYS), as ``play_card`` does in the impulse."""
    s = battle(hand1=["card:surprise-attack", "card:treason"])
    legal = GAME.legal(s, "player1")
    assert legal["card"] == ["card:surprise-attack"]
    board = presentation.table_board(GAME, dict(GAME.view(s, "player1")))
    assert board is not None
    keys = [c["key"] for c in board["hand"]]
    assert presentation.VERB_KEYS["card"] == ["id"] and "card:surprise-attack" in keys
    assert board["battle"]["key"] == "battle:1" and board["battle"]["outcome"] == "Being resolved."


def test_a_subjugation_s_single_dice_are_not_called_conscripts():
    """13.5.4: "each side rolls a single die" — a die of no unit where no conscript was raised (13.1.9) is the
    side's own; the display called both dice of a subjugation "the conscript"."""
    record = {
        "number": 1,
        "kind": "subjugation",
        "type": "independent",
        "where": "area:granada",
        "turn": 1,
        "sides": {
            "attacker": {"power": "power:spain", "units": [["power:spain-troop-1", "troop", 2, False]]},
            "defender": {"power": None, "units": []},
        },
        "battlefield": 1,
        "advantages": {"attacker": 0, "defender": 0},
        "disadvantages": {"attacker": 2, "defender": 0},
        "dice": {"attacker": [[None, 1, 4, 3, False]], "defender": [[None, 3, 2, 3, False]]},
        "done": False,
    }
    colours = presentation.places(GAME).colours
    for lang, words in (("en", "the side's single die: Q1 die"), ("es", "el dado único del bando: dado Q1")):
        attacker, defender = combatview.display(GAME, record, presentation._sayer(GAME, lang), colours)["sides"]
        assert attacker["dice"][0]["label"].startswith(words)
        assert "conscript" not in defender["dice"][0]["label"] and "quinto" not in defender["dice"][0]["label"]
