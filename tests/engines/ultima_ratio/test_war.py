"""9. / 21.3.3 the declaration of war as an action, 21.5.4 forced peace, 8.1.2 the entry of new major powers and
the card-change substitution. 9.1 has one player and no war: the positions are built by hand (``support_war``:
Spain seated with player 2, not at war with Portugal unless said)."""

from __future__ import annotations

from engines.ultima_ratio import state as st
from engines.ultima_ratio.cards import card_play, deck
from engines.ultima_ratio.diplomacy import war
from engines.ultima_ratio.preparation import deployment
from engines.ultima_ratio.preparation.deployment import add_card_units
from engines.ultima_ratio.sequence import new_powers
from engines.ultima_ratio.state import new_unit
from tests.engines.ultima_ratio.support import GAME, PASSIVE, ctx, place
from tests.engines.ultima_ratio.support_war import SQUADRON, TROOP, area, legal, moves, play, power, start, step


def passive(s: dict, until) -> tuple[dict, list]:
    """The passive choice of whichever seat the flow asks, until ``until(state)``; the state and the log."""
    log: list = []
    while not until(s):
        role = GAME.active_roles(s)[0]
        options = GAME.legal(s, role)
        verb = next(v for v in PASSIVE if v in options)
        played = GAME.play(s, role, verb, options[verb][0])
        s, log = played.state, log + list(played.log)
    return s, log


def at_peace_with_spain(cb: bool = False) -> dict:
    """Portugal's power actions (2 points), Spain with player 2 at peace; ``cb``: each holds a CB on the other."""
    s = power(start(), "power:spain", war=False)
    if cb:
        s["casus_belli"] += [["power:portugal", "power:spain"], ["power:spain", "power:portugal"]]
    return moves(s, ("done", None))


def two_neighbours() -> dict:
    """Portugal's impulse start; Spain (a CB against each other) and England with player 2, at peace with it; a
    Spanish troop in Andalusia (made active), beside Alentejo (for the walks, test_war_walks.py)."""
    s = power(power(start(TROOP), "power:spain", war=False), "power:england", war=False)
    s["casus_belli"] += [["power:portugal", "power:spain"], ["power:spain", "power:portugal"]]
    area(s, "area:andalusia", "power:spain")
    new_unit(s, "power:spain-troop-1", "power:spain", "troop", "2-3", "area:andalusia")
    return s


# ----- 21.3.3 Declarations of war --------------------------------------------------------------------------------
def test_a_declaration_with_a_cb_starts_the_war_and_the_cbs_disappear():
    """21.3.3 with a CB, at any action point; 21.3.2 "CBs disappear if the war breaks out"; no morale given."""
    s = at_peace_with_spain(cb=True)
    s["casus_belli"].append(["power:spain", "power:france"])
    assert s["impulse"]["actions"]["power:portugal"] == 2 and legal(s)["declare_war"] == [
        ["power:portugal", "power:spain"]
    ]
    s, log = play(s, "declare_war", ["power:portugal", "power:spain"])
    assert ["power:portugal", "power:spain"] in s["wars"] and s["casus_belli"] == [["power:spain", "power:france"]]
    assert s["impulse"]["actions"]["power:portugal"] == 1 and s.get("morale", {}) == {}
    entry = next(e for e in log if e["msg"] == "log.war_declared")
    assert entry["rule"] == "declarations_of_war" and entry["args"] == {
        "power": "power:portugal",
        "target": "power:spain",
    }
    assert "declare_war" not in legal(s)  # at war now
    assert step(s) == "power_actions" and ["power:portugal", "tactical_move"] in legal(s)["act"]


def test_without_a_cb_only_with_the_last_action_point_and_a_morale_point_to_the_enemy():
    """21.3.3: "if done without a CB, the major power must immediately give one morale point to the enemy, and this
    declaration must be done with the last action point of the impulse"."""
    s = at_peace_with_spain()
    assert "declare_war" not in legal(s)  # 2 points left
    s, _ = play(s, "act", ["power:portugal", "lower_unrest"])
    assert legal(s)["declare_war"] == [["power:portugal", "power:spain"]]
    s, log = play(s, "declare_war", ["power:portugal", "power:spain"])
    assert ["power:portugal", "power:spain"] in s["wars"] and s["impulse"]["actions"]["power:portugal"] == 0
    assert (
        s["morale"] == {"power:portugal": {"power:spain": 1}}
        and deck.war_status(s, "power:spain", "power:portugal") == 1
    )
    assert [e["msg"] for e in log][:2] == ["log.war_declared_without_cb", "log.morale"]
    assert legal(s) == {"end_impulse": [None]}


def test_the_last_point_with_cards_is_one_the_power_cannot_add_to():
    """8.2.2: a power receives the points of one card per impulse; until it has (and while the hand holds cards)
    its one point is not the impulse's last (RULINGS W-4)."""
    s = at_peace_with_spain()
    s["cards"].update(in_play=True, hands={"player1": ["card:cb-france-spain"], "player2": []})
    s["impulse"].update(actions={"power:portugal": 1}, card_of={}, played=0, must_play=True, events_due=[], extra=0)
    assert not war.last_point(s, "power:portugal")
    s["impulse"]["card_of"]["power:portugal"] = "card:cb-france-spain"
    assert war.last_point(s, "power:portugal")
    s["impulse"]["card_of"] = {}
    s["cards"]["hands"]["player1"] = []
    assert war.last_point(s, "power:portugal")


def test_no_declaration_between_powers_of_one_player_at_war_or_in_forced_peace():
    """l. 1627 (one player), 21.5.4: "allies, or major powers that have just ended a war, are in forced peace.
    These major powers cannot declare war ... one against the other"."""
    s = at_peace_with_spain(cb=True)
    s["forced_peace"] = [["power:portugal", "power:spain"]]
    assert "declare_war" not in legal(s)
    s["forced_peace"], s["alliances"] = [], [["power:portugal", "power:spain"]]
    assert "declare_war" not in legal(s)
    s["alliances"] = []
    s["powers"]["power:spain"]["seat"] = "player1"
    assert "declare_war" not in legal(s)


def test_an_independent_minor_power_is_a_target_the_emirates_of_9_1_are_not():
    """20.5: "major powers may declare war to these minor powers as if they were any major power"; 9.1: "Portugal
    does not need CB to attack the minor power" — it may attack already, so it declares no war (RULINGS W-1)."""
    s = moves(start(), ("done", None), ("act", ["power:portugal", "lower_unrest"]))
    assert "declare_war" not in legal(s) and s["minors"] == {"minor:emirates": {"ally": None}}
    s["free_attacks"] = []
    assert legal(s)["declare_war"] == [["power:portugal", "minor:emirates"]]
    s, log = play(s, "declare_war", ["power:portugal", "minor:emirates"])
    assert ["minor:emirates", "power:portugal"] in s["wars"] and s.get(
        "morale", {}
    ) == {}  # a minor holds no morale (W-3)
    assert any(e["msg"] == "log.war_declared_without_cb" for e in log)


# ----- 21.5.4 Forced peace -------------------------------------------------------------------------------------
def test_the_wars_end_at_the_turn_end_in_forced_peace_until_the_next_turn():
    """23 / 21.4: all wars end at the end of the turn; 21.5.4: forced peace "lasts until the end of the turn"."""
    s, log = passive(power(start(), "power:spain"), lambda s: s["turn"] == 2)
    assert s["wars"] == [] and s["forced_peace"] == []
    ended = [e for e in log if e["msg"] == "log.war_ended"]
    assert [e["args"] for e in ended] == [{"powers": ["power:portugal", "power:spain"]}] and ended[0][
        "rule"
    ] == "forced_peace"


def test_ending_a_war_puts_its_powers_in_forced_peace_and_a_war_event_ends_it():
    g = ctx(power(start(), "power:spain"))
    war.end_war(g, ["power:portugal", "power:spain"])
    assert g.s["wars"] == [] and st.in_forced_peace(g.s, "power:spain", "power:portugal")
    war.war_by_event(g.s, ["power:portugal", "power:spain"])
    assert not st.in_forced_peace(g.s, "power:portugal", "power:spain")


def test_no_piracy_against_a_power_in_forced_peace():
    """21.5.4: powers in forced peace "cannot ... perpetrate piracy one against the other" (a corsair's raid)."""
    s = power(start(TROOP + SQUADRON), "power:spain", war=False)
    s = place(s, "power:portugal-squadron-4", "sea:east-atlantic")
    s["merchants"]["center:east-atlantic"] = {"power:spain": 1}
    s["cards"]["corsairs"], s["casus_belli"] = ["power:portugal"], [["power:portugal", "power:spain"]]
    s = moves(s, ("done", None))
    assert card_play.corsair_raids(ctx(s), "power:portugal") == [["power:portugal-squadron-4", "power:spain"]]
    assert ["power:portugal", "piracy"] in legal(s)["act"]
    s["forced_peace"] = [["power:portugal", "power:spain"]]
    assert card_play.corsair_raids(ctx(s), "power:portugal") == []
    assert ["power:portugal", "piracy"] not in legal(s)["act"]


# ----- 8.1.2 Entry of new major powers ---------------------------------------------------------------------------
def italian_wars(turn: int) -> dict:
    """A 9.1 position read as 9.3 The Italian Wars for three players at the start of ``turn``."""
    s = start()
    s["scenario"], s["turn"] = "the-italian-wars", turn
    for n in (2, 3):
        s["seats"][f"player{n}"] = {"powers": [], "vp": 0, "order": n, "group": n, "vp_per_turn": 0}
    return s


def test_the_schmalkaldic_league_enters_in_turn_4_with_its_player_and_points():
    """8.1.2 / 24. (Turn 4, l. 2240): seat 2 of the 3-player table; unrest at its vitality, its card's troops
    available, its home areas marked ("any rebellions in these areas are eliminated"), 4 points to deploy."""
    s = area(italian_wars(4), "area:saxony", None, marker="R2")
    g = ctx(s)
    new_powers.enter_powers(g)
    league = g.s["powers"]["power:schmalkaldic-league"]
    card = GAME.board.power("power:schmalkaldic-league")
    assert league["seat"] == "player2" and "power:schmalkaldic-league" in g.s["seats"]["player2"]["powers"]
    assert league["unrest"] == card.vitality and league["to_deploy"] == {"points": 4, "revolts": 0}
    assert league["interest"] == card.interest(4)
    assert g.s["areas"]["area:saxony"] == {
        **s["areas"]["area:saxony"],
        "owner": "power:schmalkaldic-league",
        "control": "power:schmalkaldic-league",
        "marker": None,
    }
    troops = [u for u, i in g.s["units"].items() if i["power"] == "power:schmalkaldic-league" and i["kind"] == "troop"]
    assert len(troops) == card.troops.q2_3 + card.troops.q3_4
    assert "power:sweden" not in g.s["powers"]  # Turn 5
    new_powers.enter_powers(g)
    assert g.s["seats"]["player2"]["powers"].count("power:schmalkaldic-league") == 1


def test_turn_5_brings_sweden_and_denmark_and_adds_gdansk_to_poland():
    s = area(area(italian_wars(5), "area:gdansk", None), "area:stockholm", None)
    power(s, "power:poland", seat="player1", war=False)
    g = ctx(s)
    new_powers.enter_powers(g)
    assert g.s["powers"]["power:sweden"]["seat"] == "player2" and g.s["powers"]["power:denmark"]["seat"] == "player1"
    assert (
        g.s["areas"]["area:gdansk"]["owner"] == "power:poland"
        and g.s["areas"]["area:stockholm"]["owner"] == "power:sweden"
    )
    assert "power:russia" not in g.s["powers"]  # "adds" only to a power in play


def test_a_power_not_of_the_scenario_does_not_enter():
    g = ctx(start())
    g.s["turn"] = 4  # 9.1: the Schmalkaldic League is in no seat
    new_powers.enter_powers(g)
    assert set(g.s["powers"]) == {"power:portugal"}


def test_a_new_power_is_deployed_at_the_turns_start():
    """8.1.2 then 24.: the turn's ``deploy`` phase asks the entering power's player for its points."""
    s = italian_wars(3)
    s["last_turn"] = 5
    s, log = passive(s, lambda s: s["stack"][-1]["step"] == "deploy")
    assert any(e["msg"] == "log.power_enters" and e["rule"] == "entry_of_new_powers" for e in log)
    assert s["turn"] == 4 and deployment.deploying(s, "player2") == "power:schmalkaldic-league"
    assert GAME.active_roles(s) == ["player2"]
    # none of its areas is active in this position: its 4 points can only lower its unrest
    assert GAME.legal(s, "player2") == {"build": ["lower_unrest"], "done": [None]}
    s = GAME.play(s, "player2", "build", "lower_unrest").state
    assert (
        s["powers"]["power:schmalkaldic-league"]["unrest"] == GAME.board.power("power:schmalkaldic-league").vitality - 1
    )


# ----- 8.1.2 A major power card that changes -------------------------------------------------------------------
def english_forces(s: dict) -> dict:
    for n, (grade, loc) in enumerate(
        (("3-4", "area:portugal"), ("3-4", "area:oporto"), ("2-3", "area:portugal"), ("2-3", "box:dispersed-wm")), 1
    ):
        new_unit(s, f"power:england-troop-{n}", "power:england", "troop", grade, loc)
    new_unit(s, "power:england-troop-9", "power:england", "troop", "2-3")  # on the card: not on the map
    for n in (1, 2):
        new_unit(s, f"power:england-squadron-{n}", "power:england", "squadron", "E3", "sea:east-atlantic")
    s["units"]["power:england-troop-1"]["veteran"] = True
    return s


def test_the_new_card_substitutes_worse_units_of_the_same_type_or_eliminates_them():
    """8.1.2: "the same types of units can be substituted, provided they are worse (... I3 units to I2 units). If
    this is not possible, the units are eliminated" — the Royalists' card: 4 2-3 troops, one 3-4, one E2 squadron."""
    s = english_forces(power(start(), "power:england", war=False))
    s["leaders"]["leader:tactical-1"] = {
        "power": "power:england",
        "unit": "power:england-troop-2",
        "extraordinary": False,
    }
    s["leader_pool"].remove("leader:tactical-1")
    add_card_units(s, GAME.board, "power:royalists")
    g = ctx(s)
    new_powers.substitute(g, "power:england", "power:royalists")
    u = g.s["units"]
    assert not [x for x in u if x.startswith("power:england-")]
    royal = {
        x: (i["grade"], i["loc"], i["veteran"])
        for x, i in u.items()
        if i["power"] == "power:royalists" and i["loc"] != "available"
    }
    assert sorted(royal.values()) == sorted(
        [
            ("3-4", "area:portugal", True),
            ("2-3", "area:oporto", False),
            ("2-3", "area:portugal", False),
            ("2-3", "box:dispersed-wm", False),
            ("E2", "sea:east-atlantic", False),
        ]
    )
    on_oporto = next(x for x, v in royal.items() if v[1] == "area:oporto")
    assert g.s["leaders"]["leader:tactical-1"] == {
        "power": "power:royalists",
        "unit": on_oporto,
        "extraordinary": False,
    }
    assert len([x for x, i in u.items() if i["power"] == "power:royalists" and i["loc"] == "available"]) == 1
    assert [e["msg"] for e in g.entries].count("log.unit_not_substituted") == 1  # the second E3 squadron


def test_the_parliamentarians_inherit_englands_seat_and_counters_in_turn_11():
    """Turn 11 (l. 2549): "Parliamentarians inherit England's counters"; their card (5 2-3, 2 3-4 troops; 3 E2, 2
    E3 squadrons) takes every English unit on the map."""
    s = english_forces(power(start(), "power:england", seat="player3", war=False))
    s["scenario"], s["turn"], s["first_turn"] = "the-thirty-years-war", 11, 9
    for n in (2, 4):
        s["seats"][f"player{n}"] = {"powers": [], "vp": 0, "order": n, "group": n, "vp_per_turn": 0}
    g = ctx(s)
    new_powers.enter_powers(g)  # 9.8 for four players: England on seat 3
    assert g.s["powers"]["power:parliamentarians"]["seat"] == "player3"
    assert g.s["powers"]["power:royalists"]["seat"] == "player1"
    grades = sorted(
        i["grade"] for i in g.s["units"].values() if i["power"] == "power:parliamentarians" and i["loc"] != "available"
    )
    assert grades == ["2-3", "2-3", "3-4", "3-4", "E3", "E3"]
    assert not [x for x in g.s["units"] if x.startswith("power:england-")]


def test_the_reason_of_a_morale_counter_reads_in_words_in_english_and_spanish():
    """21.3.5: the log says why a morale counter changes hands in the reader's words, never the engine's id
    (``war_without_cb``, ``key_area``, ``minor_conquered``)."""
    s = at_peace_with_spain()
    s, _ = play(s, "act", ["power:portugal", "lower_unrest"])
    s, log = play(s, "declare_war", ["power:portugal", "power:spain"])
    morale = next(e for e in log if e["msg"] == "log.morale")
    assert GAME.renderer("en").text(morale) == (
        "Portugal delivers a morale counter to Spain (war declared without a Casus Belli); 3 left."
    )
    assert "guerra declarada sin Casus Belli" in GAME.renderer("es").text(morale)
    for reason in ("key_area", "minor_conquered"):
        for lang in ("en", "es"):
            said = GAME.renderer(lang).text({"msg": "log.morale", "args": {**morale["args"], "reason": reason}})
            assert reason not in said, said


def test_a_declaration_on_a_minor_power_alone_offers_no_morale_point():
    """RULINGS W-3: a minor power holds no morale, so a declaration on one no major power is allied with gives none;
    the offer said "(a morale point, the last action)" as it does for a major power."""
    s = moves(start(), ("done", None), ("act", ["power:portugal", "lower_unrest"]))
    s["free_attacks"] = []
    offered = GAME.label(s, "player1", "declare_war", ["power:portugal", "minor:emirates"])
    assert offered["msg"] == "act.declare_war_on_minor"
    assert "no morale point" in GAME.renderer("en").text(offered)
    assert "no recibe punto de moral" in GAME.renderer("es").text(offered)
    _, log = play(s, "declare_war", ["power:portugal", "minor:emirates"])
    assert not any(e["msg"] == "log.morale" for e in log)  # as offered
    s = at_peace_with_spain()
    s, _ = play(s, "act", ["power:portugal", "lower_unrest"])
    major = GAME.label(s, "player1", "declare_war", ["power:portugal", "power:spain"])
    assert major["msg"] == "act.declare_war_without_cb"


def test_the_menu_says_why_a_declaration_without_a_cb_waits_for_the_last_point():
    """21.3.3: a declaration without a CB is offered only with the power's last action point; before it the menu
    offered nothing and said nothing. The prompt says so while the power has more points; at its last point the
    offer says what it costs (21.3.5) and whose last point it is. The legal list is unchanged."""
    s = at_peace_with_spain()
    assert "declare_war" not in legal(s)
    prompt = GAME.view(s, "player1")["prompt"]["text"]
    assert prompt["msg"] == "prompt.power_actions.without_cb"
    assert GAME.renderer("en").text(prompt) == (
        "Choose an action (2 actions left). Without a Casus Belli, Portugal may declare war only with its last"
        " action point of the impulse (21.3.3); such a declaration gives a morale point to the enemy major power"
        " (21.3.5)."
    )
    assert GAME.renderer("es").text(prompt) == (
        "Elige una acción (2 acciones por hacer). Sin Casus Belli, Portugal solo puede declarar la guerra con su"
        " último punto de acción del impulso (21.3.3); esa declaración da un punto de moral a la potencia mayor"
        " enemiga (21.3.5)."
    )
    s, _ = play(s, "act", ["power:portugal", "lower_unrest"])
    assert ["power:portugal", "power:spain"] in legal(s)["declare_war"]
    assert GAME.view(s, "player1")["prompt"]["text"]["msg"] == "prompt.power_actions"
    offered = GAME.label(s, "player1", "declare_war", ["power:portugal", "power:spain"])
    assert GAME.renderer("en").text(offered) == (
        "Portugal: declare war on Spain without a Casus Belli (a morale point to Spain; the last action point of"
        " Portugal, 21.3.3)"
    )
    assert GAME.renderer("es").text(offered) == (
        "Portugal: declarar la guerra a España sin Casus Belli (un punto de moral para España; el último punto de"
        " acción de Portugal, 21.3.3)"
    )


def test_a_seat_whose_powers_wait_for_their_last_point_reads_the_rule_not_a_list_of_them():
    """21.3.3 in 9.2: a seat of several powers, most of them able to declare war only without a CB, reads the rule
    once ("a power may declare war only with its last action point"), not every power's name in every prompt."""
    from engines.core.machine import Ctx
    from tests.engines.ultima_ratio.test_new_order import GAME as TABLE
    from tests.engines.ultima_ratio.test_new_order_bots import play_until

    s = play_until(TABLE.setup(4, {"players": 3}), "power_actions")
    seat = TABLE.active_roles(s)[0]
    with st.reading(s):
        waiting = war.waiting_for_last_point(Ctx(TABLE, s), seat)
    prompt = TABLE.view(s, seat)["prompt"]["text"]
    assert len(waiting) > 1 and prompt["msg"] == "prompt.power_actions.without_cb_any"
    assert (
        TABLE.renderer("en")
        .text(prompt)
        .endswith(
            "Without a Casus Belli, a power may declare war only with its last action point of the impulse (21.3.3);"
            " such a declaration gives a morale point to the enemy major power (21.3.5)."
        )
    )
