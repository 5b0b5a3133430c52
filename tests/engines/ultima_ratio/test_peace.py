"""21.4 Peace and 21.5 Peace negotiations in the flow (``diplomacy/peace.py``, ``peace_conditions.py``): 9.1 has no
war between major powers, so positions are built by hand (``support_war.py``: Spain, player 2, at war with
Portugal, player 1). The pure adjustments and the rulebook's worked examples: test_peace_negotiations.py. Line
numbers are those of shared/rules/ultima-ratio-regis.txt."""

from __future__ import annotations

from engines.core.machine import Ctx, copy_state
from engines.ultima_ratio.bots.heuristic import heuristic_bot
from engines.ultima_ratio.diplomacy import peace, peace_conditions
from tests.engines.ultima_ratio import test_cards
from tests.engines.ultima_ratio.support import GAME
from tests.engines.ultima_ratio.support_war import area, legal, moves, play, power, seat, start, step, unit

SPANISH = ("area:galicia", "area:leon", "area:extremadura", "area:castile", "area:andalusia")


def at_war(given_by_portugal: int = 0, given_by_spain: int = 0) -> dict:
    """Portugal (vitality 4) at war with Spain (vitality 6, interest WM and Af), at the start of Portugal's impulse;
    the morale points each gave the other."""
    s = start()
    power(s, "power:spain")
    for name in SPANISH:
        area(s, name, "power:spain")
    morale = {}
    if given_by_portugal:
        morale["power:portugal"] = {"power:spain": given_by_portugal}
    if given_by_spain:
        morale["power:spain"] = {"power:portugal": given_by_spain}
    s["morale"] = morale
    return s


def losing_with_troops_abroad() -> dict:
    """Portugal lost 2 morale (half) to Spain, which controls Tangier and Alentejo with a troop; a Portuguese troop
    stands in Leon (the walks of test_war_walks.py)."""
    s = at_war(given_by_portugal=2)
    area(s, "area:tangier", "power:portugal", control="power:spain")
    area(s, "area:alentejo", "power:portugal", control="power:spain")
    unit(s, "power:spain-troop-1", "troop", "area:alentejo")
    s["units"]["power:portugal-troop-1"]["loc"] = s["impulse"]["start_locs"]["power:portugal-troop-1"] = "area:leon"
    return s


def one_morale_left() -> dict:
    """Portugal (1 morale left, 3 with Spain), at its power actions, may declare war on France without a CB with its
    last point (21.4.2)."""
    s = at_war(given_by_portugal=3)
    power(s, "power:france", war=False)
    s = moves(s, ("done", None))
    s["impulse"]["actions"]["power:portugal"] = 1
    return s


def msgs(log) -> list[str]:
    return [e["msg"] for e in log]


def run(s: dict, frame: dict) -> dict:
    """The state after ``frame`` is pushed over the current step and the automatic steps run."""
    g = Ctx(GAME, copy_state(s))
    g.s["stack"].append(frame)
    GAME._run_auto(g)
    return g.s


# ----- 21.4.1 voluntary ---------------------------------------------------------------------------------------------
def test_a_power_that_lost_half_its_morale_may_open_negotiations_at_the_start_of_its_impulse():
    """21.4.1 (l. 1692-1693): "It must have lost at least half of its morale points at the hands of the major powers
    it is at war with" and "It must be done at the beginning of the major power's impulse"."""
    assert "open_peace" not in legal(at_war(given_by_portugal=1))  # 1 of 4: less than half
    s = at_war(given_by_portugal=2)
    assert step(s) == "start_of_impulse" and legal(s)["open_peace"] == [["power:portugal", "power:spain"]]
    s = moves(s, ("done", None))
    assert step(s) == "power_actions" and "open_peace" not in legal(s)


def test_voluntary_negotiations_lost_by_the_requester_the_winner_chooses_the_conditions():
    """21.5: Portugal gave Spain 2 morale; Spain controls Tangier (a domain) and Alentejo (a home area), two non-key
    areas: one more point (21.5.1, l. 1722), and Portugal, who asked, another (l. 1724): 0-4, within its vitality
    4. Unrest (21.5.2): Portugal +4, Spain 0. Spain chooses 4 conditions (21.5.3): Tangier ceded (1), 1 VP (2),
    then the last one; Alentejo, a home area, is never ceded ("They cannot be lost as a consequence of a war")
    but returned, and the Spanish troop there repatriated (14.)."""
    s = at_war(given_by_portugal=2)
    area(s, "area:tangier", "power:portugal", control="power:spain")
    area(s, "area:alentejo", "power:portugal", control="power:spain")
    unit(s, "power:spain-troop-1", "troop", "area:alentejo")
    unrest = s["powers"]["power:portugal"]["unrest"]
    s, log = play(s, "open_peace", ["power:portugal", "power:spain"])
    assert msgs(log)[:4] == [
        "log.peace_opened.voluntary",
        "log.peace_morale.given",
        "log.peace_morale.given",
        "log.war_status",
    ]
    status = next(e for e in log if e["msg"] == "log.war_status")["args"]
    assert (status["a"], status["taken_a"], status["b"], status["taken_b"]) == ("power:portugal", 0, "power:spain", 4)
    assert s["powers"]["power:portugal"]["unrest"] == unrest + 4 and s["powers"]["power:spain"]["unrest"] == 0
    assert step(s) == "peace_conditions" and seat(s) == "player2"
    options = legal(s)["condition"]
    assert ["cede_conquered", "area:tangier"] in options and ["vp", None] in options and ["unrest", None] in options
    assert ["loot_port", "area:portugal"] in options
    assert not [o for o in options if o[1] == "area:alentejo"]
    s, log = play(s, "condition", ["cede_conquered", "area:tangier"])
    assert s["areas"]["area:tangier"]["owner"] == "power:spain" and msgs(log) == ["log.peace_condition.cede_conquered"]
    s, _ = play(s, "condition", ["vp", None])
    assert s["seats"]["player2"]["vp"] == 1 and s["stack"][-1]["left"] == 1
    s, log = play(s, "condition", ["unrest", None])  # the last condition: the peace goes on at once
    assert "log.peace_returned" in msgs(log) and s["areas"]["area:alentejo"]["control"] == "power:portugal"
    assert step(s) == "repatriate_troop" and seat(s) == "player2"
    s, log = play(s, "tactical", legal(s)["tactical"][0])
    assert s["wars"] == [] and s["forced_peace"] == [["power:portugal", "power:spain"]]
    assert (
        "power:spain" not in s["morale"]["power:portugal"]
    )  # 21.3.4: "With peace, major powers recover all lost morale"
    assert "log.peace_signed" in msgs(log) and step(s) == "start_of_impulse"


def test_a_draw_has_no_conditions_and_the_war_ends():
    """21.5 (l. 1716): "In case of a tie, neither wins"; 21.5.2: both add the morale they lost."""
    s = at_war(given_by_portugal=2, given_by_spain=3)  # 3-2 for Portugal, then the requester's own point: 3-3
    s, log = play(s, "open_peace", ["power:portugal", "power:spain"])
    assert "log.peace_draw" in msgs(log) and s["wars"] == [] and step(s) == "start_of_impulse"
    assert s["powers"]["power:spain"]["unrest"] == 3 and "power:spain" not in s["morale"]["power:portugal"]


# ----- 21.4.2 forced ------------------------------------------------------------------------------------------------
def test_the_last_morale_point_forces_negotiations_with_an_enemy_of_the_power_s_choice():
    """21.4.2 (l. 1697-1701): Portugal (1 morale left, 3 with Spain) declares war on France without a CB and gives
    it its last point: the game stops, Portugal chooses Spain ("not mandatory ... with the major power that has
    received the last point"), then its impulse goes on."""
    s = one_morale_left()  # its last action point (21.3.3)
    s, log = play(s, "declare_war", ["power:portugal", "power:france"])
    assert step(s) == "forced_negotiations" and seat(s) == "player1"
    assert legal(s) == {"negotiate": [["power:portugal", "power:france"], ["power:portugal", "power:spain"]]}
    s, log = play(s, "negotiate", ["power:portugal", "power:spain"])
    # 0-3, and the requester's point: nothing to give or return, counted (l. 1726): 0-4, Spain chooses
    assert [e["args"]["taken_b"] for e in log if e["msg"] == "log.war_status"] == [4]
    assert step(s) == "peace_conditions"
    s, _ = play(s, "done")
    assert s["wars"] == [["power:france", "power:portugal"]] and step(s) == "power_actions" and seat(s) == "player1"
    assert s["morale"]["power:portugal"] == {"power:france": 1}


def test_losing_the_control_of_the_last_possession_forces_negotiations():
    """21.4.2 (l. 1697): "or when the power loses control of its last possession" — asked after the action."""
    s = at_war()
    for name in ("area:portugal", "area:oporto", "area:alentejo", "area:algarve"):
        area(s, name, "power:portugal", control="power:spain")
    s = moves(s, ("done", None))
    s, _ = play(s, "act", ["power:portugal", "lower_unrest"])
    assert step(s) == "forced_negotiations" and s["stack"][-1]["cause"] == "possessions"
    s, _ = play(s, "negotiate", ["power:portugal", "power:spain"])
    while step(s) == "peace_conditions":
        s, _ = play(s, "done")
    assert all(
        s["areas"][a]["control"] == "power:portugal"
        for a in ("area:portugal", "area:oporto", "area:alentejo", "area:algarve")
    )
    assert s["wars"] == [] and step(s) == "power_actions"


# ----- 21.4 by event, at the end of the turn (21.5.5) --------------------------------------------------------------
def test_a_peace_card_ends_the_wars_between_its_powers_in_their_printed_order():
    """21.4 "By an event card"; 21.5.5 (l. 1772): "if there are several contending powers on the card, the peace
    negotiations are resolved first with those printed first" — Peace of Westphalia (Austria, Sweden, France,
    the Netherlands, Spain): France-Netherlands before France-Spain; no requester's point (RULINGS P-3)."""
    s = test_cards.event_position(
        "card:peace-of-westphalia",
        powers1=("power:portugal", "power:france"),
        powers2=("power:spain", "power:netherlands"),
    )
    s["wars"] = [["power:france", "power:spain"], ["power:france", "power:netherlands"]]
    s, log = test_cards.play(s, "player1", "event", "card:peace-of-westphalia")
    opened = [e["args"] for e in log if e["msg"] == "log.peace_opened.event"]
    assert [(a["power"], a["enemy"]) for a in opened] == [
        ("power:france", "power:netherlands"),
        ("power:france", "power:spain"),
    ]
    assert s["wars"] == [] and sorted(s["forced_peace"]) == [
        ["power:france", "power:netherlands"],
        ["power:france", "power:spain"],
    ]
    assert "log.peace_morale.given" not in msgs(log)


def test_the_truce_at_the_end_of_the_turn_pays_the_war_s_vp_in_21_5_5_s_order():
    """21.4 (l. 1684): the end of the turn is a truce (the requester's point ignored, l. 1712); 21.5.5: the wars by
    card first; 21.5.3 (l. 1746): "The winning major power will also win any special VPs in the war" (the card's
    1 VP, 21.3.1, and a CB card's bonus, 22)."""
    s = at_war(given_by_spain=1)
    power(s, "power:france", war=False)
    s["wars"] = [["power:france", "power:portugal"], ["power:portugal", "power:spain"]]
    s["war_records"] = {
        "power:france|power:portugal": {"order": 1, "card": None, "vp": 0, "border_domains": {}},
        "power:portugal|power:spain": {"order": 2, "card": "card:little-war-in-hungary", "vp": 2, "border_domains": {}},
    }
    assert peace.negotiation_order(s) == [["power:portugal", "power:spain"], ["power:france", "power:portugal"]]
    s = run(s, {"step": "turn_end"})
    assert step(s) == "peace_conditions" and s["stack"][-1]["winner"] == "power:portugal"
    assert s["stack"][-1]["left"] == 1  # 1-0: no point for asking in a truce
    vp = s["seats"]["player1"]["vp"]
    s, log = play(s, "done")
    assert s["seats"]["player1"]["vp"] == vp + 2
    assert [e["args"]["powers"] for e in log if e["msg"] == "log.peace_signed"] == [
        ["power:portugal", "power:spain"],
        ["power:france", "power:portugal"],
    ]


# ----- 21.5.3 the reparations table --------------------------------------------------------------------------------
def test_the_reparations_of_minors_merchants_and_border_domains():
    """21.5.3 (l. 1750-1762): breaking a minor's alliance (+1 for an independent minor), with or without allying it
    to the winner; a merchant eliminated where the winner has merchants (2) or exchanged (3); a non conquered
    domain that started the war as a border area (2); 1 VP for 1 condition with "military victory" against the
    loser (Spain against the Netherlands, l. 1744)."""
    s = at_war()
    s["powers"]["power:spain"]["interest"] = ["WM", "Af", "TE"]
    s["minors"]["minor:emirates"]["ally"] = "power:portugal"
    s["merchants"] = {
        "center:east-atlantic": {"power:portugal": 1, "power:spain": 1},
        "center:western-mediterranean": {"power:portugal": 2},
    }
    border = next(
        a for a, info in GAME.board.areas.items() if info.border_area and info.theater == "WM" and a not in s["areas"]
    )
    area(s, border, "power:portugal")
    g = Ctx(GAME, copy_state(s))
    offers = {
        tuple(a): c
        for a, c in peace_conditions.offers(g, "power:spain", "power:portugal", 9, ["power:portugal", "power:spain"])
    }
    assert offers[("vp", None)] == 2
    assert offers[("break_alliance", "minor:emirates")] == 2 and offers[("ally_minor", "minor:emirates")] == 3
    assert offers[("eliminate_merchant", "center:east-atlantic")] == 2
    assert offers[("exchange_merchant", "center:east-atlantic")] == 3
    assert ("eliminate_merchant", "center:western-mediterranean") not in offers
    assert offers[("exchange_merchant", "center:western-mediterranean")] == 3
    assert offers[("cede_border", border)] == 2
    assert peace_conditions.military_victory(GAME.board, "power:spain", "power:netherlands")
    peace_conditions.apply_condition(g, "power:spain", "power:portugal", ["exchange_merchant", "center:east-atlantic"])
    assert g.s["merchants"]["center:east-atlantic"] == {"power:portugal": 0, "power:spain": 2}
    cheap = [
        a for a, _ in peace_conditions.offers(g, "power:spain", "power:portugal", 1, ["power:portugal", "power:spain"])
    ]
    assert cheap == [["unrest", None], ["loot_port", "area:portugal"]]


# ----- the bot -------------------------------------------------------------------------------------------------------
def test_the_heuristic_bot_opens_peace_when_losing_and_picks_land_first():
    import random

    s = at_war(given_by_portugal=2)
    area(s, "area:tangier", "power:portugal", control="power:spain")
    view = GAME.view(s, "player1")
    assert heuristic_bot(GAME, view, "player1", random.Random(0)) == ("open_peace", ["power:portugal", "power:spain"])
    s, _ = play(s, "open_peace", ["power:portugal", "power:spain"])
    view = GAME.view(s, "player2")
    assert heuristic_bot(GAME, view, "player2", random.Random(0)) == ("condition", ["cede_conquered", "area:tangier"])


def test_the_heuristic_bot_negotiates_a_forced_peace_with_the_enemy_holding_most_morale():
    import random

    s, _ = play(one_morale_left(), "declare_war", ["power:portugal", "power:france"])
    view = GAME.view(s, "player1")
    assert heuristic_bot(GAME, view, "player1", random.Random(0)) == ("negotiate", ["power:portugal", "power:spain"])


def test_a_key_area_lost_to_an_enemy_at_war_gives_a_morale_point():
    """21.3.5 (l. 1674): "Each time a major power ... loses a key area at the hands of an enemy at war. Specific areas
    that appear as objectives for one of the contenders count as key areas (in wars between them)" — Portugal (a
    key area) and Granada (Spain's objective) give a point, Leon none; the 21.5.1 differential leaves them out."""
    from engines.ultima_ratio.movement import land_areas

    s = at_war()
    area(s, "area:granada", "power:spain")
    g = Ctx(GAME, copy_state(s))
    land_areas.take_control(g, "power:portugal", "area:granada")
    land_areas.take_control(g, "power:portugal", "area:leon")
    land_areas.take_control(g, "power:spain", "area:portugal")
    assert g.s["morale"] == {"power:spain": {"power:portugal": 1}, "power:portugal": {"power:spain": 1}}
    assert [e["args"]["reason"] for e in g.entries if e["msg"] == "log.morale"] == ["key_area", "key_area"]
    assert peace.taken_areas(g.s, GAME.board, "power:spain", "power:portugal") == (1, 0)  # Leon only
    # 18.3 (l. 1286): a key area lost to a revolt costs no morale "unless the area is controlled later by an enemy"
    s = at_war()
    area(s, "area:granada", "power:spain", control=None)
    s["areas"]["area:granada"]["marker"] = "R2"
    g = Ctx(GAME, copy_state(s))
    land_areas.take_control(g, "power:portugal", "area:granada")
    assert g.s["morale"] == {"power:spain": {"power:portugal": 1}}
