"""The events audit (EVENTS_AUDIT.md): every combat card and every event of part 1 played through the flow as its
text says (data/events.yaml), dice scripted; the part-2 effects logged as not played yet, and an event mixing both
playing its part-1 effects. Positions: test_cards.py's two seats (Portugal for player1, Spain for player2)."""

from __future__ import annotations

import pytest

from engines.core.machine import Ctx, copy_state
from engines.ultima_ratio.cards import events
from engines.ultima_ratio.combat import combat_cards
from engines.ultima_ratio.diplomacy.religion import religion_of
from engines.ultima_ratio.game import GAME
from engines.ultima_ratio.state import new_unit
from tests.engines.ultima_ratio.support import place
from tests.engines.ultima_ratio.test_cards import (
    answer,
    battle,
    combat_frame,
    event_position,
    legal,
    play,
    position,
    step,
)

# the effects the engine plays (events.py, combat_cards.py, technology.py); the others are part 2 (events.NOT_YET)
PLAYED = {
    "unrest",
    "vp",
    "rebellion",
    "interest",
    "trade_capacity",
    "leader",
    "piracy",
    "naval_distance",
    "open_mediterranean",
    "possession",
    "fortune",
    "war",
    "casus_belli",
    "technology_auction",
    "combat",
    "no_casus_belli",
    "peace",
    "alliance",
    "alliance_auction",  # 20.3.1, test_minor_powers.py
    "minor_appears",
    "minor_disappears",
    "activate",
    "deactivate",
    "election_vp",  # read by the Imperial election's auction, test_new_order_rules.py (RULINGS IV-2)
    "religion",  # diplomacy/religion.py, test_new_order_rules.py (RULINGS RE-1)
    "alliance_ends",  # 20.4.1 by the Scottish Reformation, test_new_order_rules.py (RULINGS RE-1)
}


def area(s: dict, area_id: str, owner: str) -> None:
    """An area of another theater made active and possessed (the 9.1 state holds only its active areas)."""
    s["areas"][area_id] = {
        "owner": owner,
        "control": owner,
        "marker": None,
        "fortress": None,
        "siege": None,
        "interrupted": False,
    }


def apply(card: str, powers2=("spain",), setup=None, dice=None):
    """player1 plays ``card`` and applies its event at once; returns (state, log)."""
    s = event_position(card, powers2=powers2)
    if setup:
        setup(s)
    return play(s, "player1", "event", card, dice=dice)


# ----- combat cards -----------------------------------------------------------------------------------------------
def naval_attack(hand: list[str]) -> dict:
    """Portugal's E3 squadron attacks the Emirates' E2 squadron in the Indian Ocean (test_naval.py), cards held."""
    s = position(hand1=hand)
    s["areas"]["goa"].update(owner="portugal", control="portugal", marker=None)
    s = place(s, "portugal-squadron-4", "sea:indian-ocean")
    for verb, arg in (
        ("done", None),
        ("act", ["portugal", "naval_move"]),
        ("unit", "portugal-squadron-4"),
        ("sea", "indian-ocean"),
        ("attack", "emirates-squadron-1"),
    ):
        s, _ = play(s, "player1", verb, arg)
    return s


def dice_of(log: list, power: str) -> list[str]:
    return next(e["args"]["dice"] for e in log if e["msg"] == "combat.dice" and e["args"]["side"] == power)


def test_storm_at_sea_gives_the_enemy_fleet_a_disadvantage():
    s = naval_attack(["storm-at-sea"])
    assert step(s) == "combat_cards" and legal(s) == {"pass": [None], "card": ["storm-at-sea"]}
    s, log = play(s, "player1", "card", "storm-at-sea", dice=[3, 4])  # his last card: the combat follows
    # the Emirates' E2 throws Q1 (4 -> 3: one point) instead of Q2; Portugal's E3 Q3 (3 -> 3: one point)
    assert dice_of(log, "emirates") == ["Q1:4→3"] and dice_of(log, "portugal") == ["Q3:3→3"]
    assert s["cards"]["discard"] == ["storm-at-sea"]


def test_in_piracy_storm_at_sea_is_played_but_no_card_changes_the_battlefield():
    """13.2.4: the battlefield of piracy "is always one die and cannot be modified" (RULINGS EV-2)."""
    s = position(hand1=["storm-at-sea", "bad-weather"])
    s["areas"]["goa"].update(owner="portugal", control="portugal", marker=None)
    s = place(s, "portugal-squadron-4", "area:goa")
    s["merchants"]["indian-ocean"] = {"portugal": 2}
    s["impulse"]["must_play"] = False
    for verb, arg in (("done", None), ("end_impulse", None), ("done", None)):
        s, _ = play(s, "player1", verb, arg)
    assert step(s) == "piracy"  # the Emirates plunder the Indian Ocean (9.1)
    s, _ = play(s, "player1", "intercept", "portugal-squadron-4")
    assert legal(s) == {"pass": [None], "card": ["storm-at-sea"]}
    s, log = play(s, "player1", "card", "storm-at-sea")
    s, log = play(s, "player1", "pass", dice=[5, 5])
    # the pirate's E2 drops to Q1 (5 -> 4: one point); Portugal's E3 in port is Q2 (13.2.3: 5 -> 5, two points)
    assert dice_of(log, "emirates") == ["Q1:5→4"] and dice_of(log, "portugal") == ["Q2:5→5"]


def test_surprise_attack_and_ambush_raise_a_die_of_their_side():
    """Portugal attacks two Spanish troops in Elmina (forest) with Surprise attack; Spain answers with Ambush."""
    s = battle(hand1=["surprise-attack"], hand2=["ambush"])
    s, _ = play(s, "player1", "card", "surprise-attack")
    s, _ = play(s, "player1", "pass")  # the Plague stays in his hand
    s, _ = play(s, "player2", "card", "ambush")
    log: list = []
    answer(s, [3, 3, 3], log)
    assert dice_of(log, "portugal") == ["Q3:3→3"]  # his Q2 troop, one category up
    assert dice_of(log, "spain") == ["Q3:3→3", "Q2:3→3"]  # one of the two Q2 troops up


def test_mutiny_in_any_battle_lowers_an_independent_areas_die_in_a_subjugation():
    s = position(hand1=["mutiny"])
    s = place(s, "portugal-troop-1", "area:guinea")
    s["areas"]["sao-tome"].update(owner="portugal", control="portugal", marker=None)
    for verb, arg in (
        ("done", None),
        ("act", ["portugal", "tactical_move"]),
        ("unit", "portugal-troop-1"),
        ("subjugate", "guinea"),
    ):
        s, _ = play(s, "player1", verb, arg)
    assert legal(s) == {"pass": [None], "card": ["mutiny"]}
    s, log = play(s, "player1", "card", "mutiny", dice=[3, 3])
    # the A2 marker's die drops to Q1 (3 -> 2: no point); the subjugator's Q3, Q2 in the forest (3 -> 3: a point)
    assert dice_of(log, "independent") == ["Q1:3→2"] and dice_of(log, "portugal") == ["Q2:3→3"]
    assert s["areas"]["guinea"]["owner"] == "portugal"


def siege_of_aden(hand: list[str], technologies=None) -> dict:
    """Portugal besieges Aden (the Emirates troop inside with the fortress; their fleet in port under repair) and
    assaults it."""
    s = position(hand1=hand)
    if technologies:
        s["cards"]["technologies"] = technologies
    s = place(s, "portugal-troop-1", "area:aden")
    s = place(s, "emirates-squadron-1", "area:aden", repair=True)
    s["areas"]["aden"]["siege"] = {"besieger": "portugal", "casualties": 0}
    for verb, arg in (
        ("done", None),
        ("act", ["portugal", "tactical_move"]),
        ("unit", "portugal-troop-1"),
        ("assault", "aden"),
    ):
        s, _ = play(s, "player1", verb, arg)
    return s


def test_treason_gives_the_besieger_an_advantage_and_the_besieged_a_siege_casualty():
    s = siege_of_aden(["treason", "plague"])
    assert legal(s) == {"pass": [None], "card": ["treason"]}
    s, _ = play(s, "player1", "card", "treason")
    s, _ = play(s, "player1", "pass")
    record = combat_frame(s)["battle"]
    assert record["besieger"]["advantages"] == 1 and record["siege_casualties"] == 1
    s, log = play(s, "player1", "conscript", False, dice=[1, 1, 1])
    # Portugal's Q2 troop throws Q3 (1 -> 3: one point); the casualty lowers the besieged troop to Q1: a draw
    assert dice_of(log, "portugal") == ["Q3:1→3"] and dice_of(log, "emirates") == ["Q1:1→1", "Q3:1→3"]
    assert s["areas"]["aden"]["siege"] == {"besieger": "portugal", "casualties": 1}  # the casualty stays


def test_siege_technology_is_the_besiegers_advantage():
    s = siege_of_aden([], technologies={"portugal": ["siege"], "spain": ["land"]})
    record = combat_frame(s)["battle"]
    assert (record["besieger"]["advantages"], record["besieged"]["advantages"]) == (1, 0)


def test_naval_technology_gives_an_advantage_at_sea():
    s = position(hand1=[])
    s["cards"]["technologies"] = {"portugal": ["naval"]}
    s["areas"]["goa"].update(owner="portugal", control="portugal", marker=None)
    s = place(s, "portugal-squadron-4", "sea:indian-ocean")
    for verb, arg in (
        ("done", None),
        ("act", ["portugal", "naval_move"]),
        ("unit", "portugal-squadron-4"),
        ("sea", "indian-ocean"),
    ):
        s, _ = play(s, "player1", verb, arg)
    s, log = play(s, "player1", "attack", "emirates-squadron-1", dice=[3, 3])
    assert dice_of(log, "portugal") == ["Q4:3→4"] and dice_of(log, "emirates") == ["Q2:3→3"]


def test_events_in_force_give_their_advantage_only_to_the_powers_they_name():
    """Modern Army: Sweden and the Netherlands in land battles; Tercios: Spain; not in a siege."""
    s = position(powers2=("spain", "sweden"))
    s["cards"]["active"] = ["modern-army", "tercios"]
    g = Ctx(GAME, copy_state(s))

    def record():
        return {"attacker": {"advantages": 0}, "defender": {"advantages": 0}}

    land = record()
    combat_cards.lasting(g, "land", land, {"attacker": "sweden", "defender": "portugal"})
    assert (land["attacker"]["advantages"], land["defender"]["advantages"]) == (1, 0)
    land = record()
    combat_cards.lasting(g, "land", land, {"attacker": "portugal", "defender": "spain"})
    assert (land["attacker"]["advantages"], land["defender"]["advantages"]) == (0, 1)
    siege = {"besieger": {"advantages": 0}, "besieged": {"advantages": 0}}
    combat_cards.lasting(g, "siege", siege, {"attacker": "sweden", "defender": "spain"})
    assert siege == {"besieger": {"advantages": 0}, "besieged": {"advantages": 0}}


# ----- unrest, revolts, VP ------------------------------------------------------------------------------------------
def test_state_bankruptcy_strikes_the_power_with_most_troops_and_every_tied_one():
    def spain_troops(n):
        def setup(s):
            for i in range(1, n + 1):
                new_unit(s, f"spain-troop-{i}", "spain", "troop", "2-3", "area:elmina")

        return setup

    s0 = event_position("bankruptcy")
    portugal, spain = s0["powers"]["portugal"]["unrest"], s0["powers"]["spain"]["unrest"]
    s, _ = apply("bankruptcy", setup=spain_troops(2))  # Portugal has one troop on the map
    assert (s["powers"]["portugal"]["unrest"], s["powers"]["spain"]["unrest"]) == (portugal, spain + 2)
    s, _ = apply("bankruptcy", setup=spain_troops(1))  # a tie: both (RULINGS C-8)
    assert (s["powers"]["portugal"]["unrest"], s["powers"]["spain"]["unrest"]) == (portugal + 2, spain + 2)


def test_a_revolt_named_by_the_card_and_its_unrest():
    """Oprichnina: Russia +2 unrest and an R2 revolt in Novgorod, whatever 18.3 says (C-13)."""

    def setup(s):
        area(s, "novgorod", "russia")
        new_unit(s, "russia-troop-1", "russia", "troop", "2-3", "area:novgorod")

    s0 = event_position("oprichnina", powers2=("russia",))
    s, _ = apply("oprichnina", powers2=("russia",), setup=setup)
    assert s["powers"]["russia"]["unrest"] == s0["powers"]["russia"]["unrest"] + 2
    assert (s["areas"]["novgorod"]["marker"], s["areas"]["novgorod"]["control"]) == ("R2", None)


def test_revolts_go_only_where_the_area_is_active_and_a_power_in_play_possesses_it():
    """Jelali Revolt: R3 in Ankara and Konya (Konya inactive here, so none there), the Ottomans +1 unrest."""
    s0 = event_position("jelali-revolt", powers2=("ottomans",))
    s, _ = apply("jelali-revolt", powers2=("ottomans",), setup=lambda s: area(s, "ankara", "ottomans"))
    assert s["areas"]["ankara"]["marker"] == "R3" and "konya" not in s["areas"]
    assert s["powers"]["ottomans"]["unrest"] == s0["powers"]["ottomans"]["unrest"] + 1
    s, _ = apply("shah-kulu-rebellion", powers2=("spain",), setup=lambda s: area(s, "konya", "ottomans-gone"))
    assert s["areas"]["konya"]["marker"] is None  # no power in play possesses it


def test_the_vp_of_a_card_and_its_peace_without_a_war_to_end():
    """Peace of Westphalia: the Netherlands score 1 VP; no war between its powers: the peace ends none (21.4; the
    peace of wars by card: test_peace.py)."""
    s, log = apply("peace-of-westphalia", powers2=("netherlands",))
    assert s["seats"]["player2"]["vp"] == 1
    assert [e["msg"] for e in log if e["msg"] in ("log.event_not_yet", "log.event_no_war")] == ["log.event_no_war"]


# ----- leaders, interest, possessions, commerce, the seas ---------------------------------------------------------
def test_shah_abbas_joins_persia_and_its_unrest_falls_by_two():
    def setup(s):
        area(s, "tabriz", "persia")
        new_unit(s, "persia-troop-1", "persia", "troop", "2-3", "area:tabriz")

    s0 = event_position("shah-abbas", powers2=("persia",))
    s, _ = apply("shah-abbas", powers2=("persia",), setup=setup)
    assert GAME.active_roles(s) == ["player2"] and legal(s, "player2") == {"choose": ["persia-troop-1"]}
    s, _ = play(s, "player2", "choose", "persia-troop-1")
    assert s["leaders"]["shah-abbas"] == {"power": "persia", "unit": "persia-troop-1", "extraordinary": True}
    assert s["powers"]["persia"]["unrest"] == s0["powers"]["persia"]["unrest"] - 2
    assert step(s) == "card_play"


def test_a_historical_leader_without_a_unit_to_join_and_the_rest_of_his_card():
    """Gustavus Adolphus: no Swedish unit on the map, so no leader; Sweden still gains interest in CE."""
    s, log = apply("gustavus-adolphus", powers2=("sweden",))
    assert "gustavus-adolphus" not in s["leaders"] and any(e["msg"] == "log.event_nothing" for e in log)
    assert "CE" in s["powers"]["sweden"]["interest"] and step(s) == "card_play"


@pytest.mark.parametrize("card", ["hawkins", "farnesio", "godunov", "wallenstein"])
def test_each_leader_card_brings_its_leader_without_unrest(card):
    """17.3.1: "there are no consequences as far as unrest is concerned"; his player places him (C-16)."""
    power = next(x.power for x in GAME.board.world.event(card).effects if x.op == "leader")
    kind = "squadron" if card == "hawkins" else "troop"
    s = event_position(card, powers2=(power,))
    new_unit(
        s,
        f"{power}-{kind}-1",
        power,
        kind,
        *(("E2", "sea:gulf-of-guinea") if kind == "squadron" else ("2-3", "area:hausa")),
    )
    unrest = s["powers"][power]["unrest"]
    s, _ = play(s, "player1", "event", card)
    assert legal(s, "player2") == {"choose": [f"{power}-{kind}-1"]}
    s, _ = play(s, "player2", "choose", f"{power}-{kind}-1")
    assert s["leaders"][card] == {"power": power, "unit": f"{power}-{kind}-1", "extraordinary": True}
    assert s["powers"][power]["unrest"] == unrest


def test_the_historical_leaders_have_the_ability_and_power_their_cards_name():
    b = GAME.board
    for event in b.world.events:
        for eff in event.effects:
            if eff.op == "leader":
                leader = b.leaders.historical_for_event(event.id)
                assert (leader.id, leader.ability, leader.power) == (eff.leader, eff.ability, eff.power)


def test_the_treaty_of_zaragoza_gives_spain_asia_and_portugal_the_moluccas():
    s, _ = apply("treaty-of-zaragoza", setup=lambda s: s["areas"]["moluccas"].update(owner="spain", control="spain"))
    assert "As" in s["powers"]["spain"]["interest"]
    assert (s["areas"]["moluccas"]["owner"], s["areas"]["moluccas"]["control"]) == ("portugal", "portugal")


def levant(s: dict) -> None:
    """The capacities Turn 1 prints for the Levant's centers (l. 2164-2165; 0 in 9.1, where they are inactive)."""
    s["capacity"].update({"eastern-mediterranean": 4, "persian-gulf-red-sea": 3})


def test_trade_capacities_and_interest_by_event():
    cap = event_position("vasco-de-gama")["capacity"]
    s, _ = apply("vasco-de-gama")
    assert s["capacity"]["indian-ocean"] == cap["indian-ocean"] + 1 and {"In", "Af"} <= set(
        s["powers"]["portugal"]["interest"]
    )
    s, _ = apply("portugal-reaches-china", setup=levant)
    assert (s["capacity"]["eastern-mediterranean"], s["capacity"]["sea-of-china"]) == (3, cap["sea-of-china"] + 1)
    assert "As" in s["powers"]["portugal"]["interest"]


def test_nautical_astrolabe_and_galleon_change_the_seas():
    def turn6(s):
        levant(s)
        s["naval_distance"]["elsewhere"] = 1  # as Turn 6 prints it (l. 2341)

    s, _ = apply("nautical-astrolabe", setup=turn6)
    assert s["naval_distance"] == {"mediterranean": 2, "elsewhere": 2}
    assert (s["capacity"]["eastern-mediterranean"], s["capacity"]["persian-gulf-red-sea"]) == (3, 2)
    s, _ = apply("galleon", setup=turn6)
    assert s["naval_distance"]["elsewhere"] == 3 and s["mediterranean_open"]


def test_letters_of_marque_let_the_corsair_plunder_a_cb_enemys_merchant():
    """11.5.1 (C-15): the squadron at sea since the impulse began raids Spain's merchant in the Indian Ocean."""
    s = event_position("letters-of-marque")
    s["areas"]["goa"].update(owner="portugal", control="portugal", marker=None)
    s = place(s, "portugal-squadron-4", "sea:indian-ocean")
    s["casus_belli"] = [["portugal", "spain"]]
    s["merchants"]["indian-ocean"] = {"spain": 1}
    s, _ = play(s, "player1", "event", "letters-of-marque")
    s, _ = play(s, "player1", "choose", "portugal")
    s, _ = play(s, "player1", "done")
    assert ["portugal", "piracy"] in legal(s)["act"]
    s, _ = play(s, "player1", "act", ["portugal", "piracy"])
    assert legal(s) == {"raid": [["portugal-squadron-4", "spain"]]}
    s, _ = play(s, "player1", "raid", ["portugal-squadron-4", "spain"])
    spain = s["powers"]["spain"]["unrest"]
    s, log = play(s, "player2", "no_interception", None, dice=[5])
    assert any(e["msg"] == "log.piracy_won" for e in log) and s["powers"]["spain"]["unrest"] == spain + 1


def test_no_corsair_without_the_card_or_against_a_power_without_cb():
    s = position()
    s["areas"]["goa"].update(owner="portugal", control="portugal", marker=None)
    s = place(s, "portugal-squadron-4", "sea:indian-ocean")
    s["merchants"]["indian-ocean"] = {"spain": 1}
    s["cards"]["corsairs"] = ["portugal"]
    from engines.ultima_ratio.cards import card_play

    assert card_play.corsair_raids(Ctx(GAME, copy_state(s)), "portugal") == []  # no CB with Spain
    s["casus_belli"] = [["portugal", "spain"]]
    assert card_play.corsair_raids(Ctx(GAME, copy_state(s)), "portugal") == [["portugal-squadron-4", "spain"]]
    s["cards"]["corsairs"] = []
    assert card_play.corsair_raids(Ctx(GAME, copy_state(s)), "portugal") == []


# ----- Casus Belli and wars -----------------------------------------------------------------------------------------
def test_acts_of_supremacy_plays_its_cb_and_makes_england_protestant():
    s, log = apply("acts-of-supremacy", powers2=("spain", "england"))
    assert s["casus_belli"] == []  # England and Spain are one player's: no CB between them
    s = event_position("acts-of-supremacy", powers1=("portugal", "england"))
    s, log = play(s, "player1", "event", "acts-of-supremacy")
    assert s["casus_belli"] == [["spain", "england"]]
    assert not [e for e in log if e["msg"] == "log.event_not_yet"]
    assert s.get("religions", {}).get("england") is None  # Protestant, as its card (RULINGS RE-1)


def test_a_cb_card_between_powers_at_war_or_allied():
    s = event_position("cb-france-spain", powers1=("portugal", "france"))
    s["wars"] = [["france", "spain"]]
    s, log = play(s, "player1", "event", "cb-france-spain")
    assert s["casus_belli"] == []  # at war: the 1 VP bonus is kept for the winner at peace (21.4, 22)
    assert [e["msg"] for e in log].count("log.event_cb_bonus") == 1  # once for the war (RULINGS P-13)
    assert s["war_records"]["france|spain"]["vp"] == 1
    s = event_position("cb-france-spain", powers1=("portugal", "france"))
    s["alliances"] = [["france", "spain"]]
    s, _ = play(s, "player1", "event", "cb-france-spain")
    assert s["casus_belli"] == []  # l. 1585: allies ignore the CBs of event cards


def test_a_war_by_event_keeps_its_vp_for_the_winner_at_peace():
    """21.3.1 (l. 1631): "The events that make two major powers go immediately to war provide 1 VP to the winner of
    the war" — kept in the war's record (paid at peace: test_peace.py)."""
    s = event_position("little-war-in-hungary", powers1=("portugal", "austria"), powers2=("ottomans",))
    s, log = play(s, "player1", "event", "little-war-in-hungary")
    assert s["wars"] == [["austria", "ottomans"]]
    assert [e["args"]["vp"] for e in log if e["msg"] == "log.event_war_vp"] == [1]
    record = s["war_records"]["austria|ottomans"]
    assert (record["card"], record["vp"], record["order"]) == ("little-war-in-hungary", 1, 1)


def test_the_treaty_of_tordesillas_bars_the_cbs_between_spain_and_portugal_overseas():
    """ "No CB between them for overseas areas" (RULINGS EV-5): the control of a Spanish area taken by Portugal from
    a third power (France) gives Spain a CB (13.3.7) in Europe, not in the New World, while the treaty is in
    force."""
    from engines.ultima_ratio.combat import land_battles

    s, log = apply("treaty-of-tordesillas")
    assert any(e["msg"] == "log.event_no_cb" for e in log)
    assert "Ca" in s["powers"]["spain"]["interest"] and "Sa" in s["powers"]["portugal"]["interest"]
    assert s["cards"]["active"] == ["treaty-of-tordesillas"]
    for where in ("brazil", "oporto"):
        s["areas"][where].update(owner="spain", control="portugal")
    g = Ctx(GAME, copy_state(s))
    land_battles.third_power_casus_belli(g, "portugal", "brazil", "france")  # South America
    assert g.s["casus_belli"] == [] and g.s["controls_to_return"] == [["brazil", "portugal"]]
    land_battles.third_power_casus_belli(g, "portugal", "oporto", "france")  # Europe
    assert g.s["casus_belli"] == [["spain", "portugal"]]
    g.s["cards"]["active"], g.s["casus_belli"] = [], []
    land_battles.third_power_casus_belli(g, "portugal", "brazil", "france")  # not in force
    assert g.s["casus_belli"] == [["spain", "portugal"]]


SIMPLE = ("unrest", "rebellion", "war", "casus_belli", "interest", "vp", "activate", "religion", "election_vp")


def simple(event) -> bool:
    """Events whose effects are named powers and areas only (no choice, no condition, no die)."""
    return all(
        x.op in SIMPLE and x.power != "any" and x.condition is None and (x.op != "rebellion" or x.areas)
        for x in event.effects
    ) and any(x.op not in events.NOT_YET for x in event.effects)


@pytest.mark.parametrize("card", [e.id for e in GAME.board.world.events if simple(e)])
def test_each_event_of_named_powers_and_areas_does_what_its_data_says(card):
    """The powers the card names alternate between the two seats in order of appearance (so that its wars and CBs
    are between players); the areas it names are active and possessed by the power whose card lists them."""
    b = GAME.board
    event = b.world.event(card)
    named = []
    for x in event.effects:
        for p in (x.power, *x.powers, *x.against):
            if p and p not in named:
                named.append(p)
    s = event_position(
        card, powers1=("portugal", *named[0::2]), powers2=tuple(p for p in named[1::2] if p != "portugal")
    )
    for x in event.effects:
        for a in x.areas if x.op == "rebellion" else ():
            area(s, a, next(p.id for p in b.world.powers if a in p.home_areas + p.domains))
    before = copy_state(s)
    s, log = play(s, "player1", "event", card)
    unrest: dict[str, int] = {}
    for x in event.effects:
        if x.op == "unrest":
            for p in x.powers or [x.power]:
                unrest[p] = unrest.get(p, 0) + x.amount
        elif x.op == "rebellion":
            assert all(s["areas"][a]["marker"] == f"R{x.level}" and s["areas"][a]["control"] is None for a in x.areas)
        elif x.op == "war":
            assert sorted(x.powers) in s["wars"]
        elif x.op == "casus_belli":
            assert all([x.power, a] in s["casus_belli"] or sorted((x.power, a)) in s["wars"] for a in x.against)
        elif x.op == "interest":
            assert set(x.theaters) <= set(s["powers"][x.power]["interest"])
        elif x.op == "peace":
            assert not [pair for pair in s["wars"] if set(pair) <= set(x.powers)]
        elif x.op == "activate":
            assert all(a in s["areas"] for a in x.areas)
        elif x.op == "vp":
            seat = s["powers"][x.power]["seat"]
            assert s["seats"][seat]["vp"] == before["seats"][seat]["vp"] + x.amount
        elif x.op == "religion":
            assert religion_of(s, b, x.power) == x.religion
        elif x.op == "election_vp":  # read by a later Imperial election (RULINGS IV-2): no VP now
            assert all(s["seats"][k]["vp"] == before["seats"][k]["vp"] for k in s["seats"])
        else:
            assert any(e["msg"] == "log.event_not_yet" and e["args"]["op"] == x.op for e in log)
    for p, amount in unrest.items():
        assert s["powers"][p]["unrest"] == max(0, before["powers"][p]["unrest"] + amount), p


# ----- part 2 ------------------------------------------------------------------------------------------------------
def test_every_effect_of_the_cards_is_played_or_left_to_part_2():
    for event in GAME.board.world.events:
        for eff in event.effects:
            for sub in eff.walk():
                assert sub.op in PLAYED or sub.op in events.NOT_YET, (event.id, sub.op)
                cond = sub.condition
                assert cond is None or cond.kind in events.READ or sub.op not in ("combat", "piracy"), event.id


PART_2 = [
    e.id
    for e in GAME.board.world.events
    if all(x.op in events.NOT_YET or (x.condition and x.condition.kind not in events.READ) for x in e.effects)
]


def test_no_event_is_left_to_part_2():
    """Chapter 20's events are played (test_minor_powers.py), 21.1's alliances of major powers (test_alliances.py),
    the Fall of the Hospitallers' VP, the religions of Calvin and the Acts of Supremacy and the Scottish Reformation's
    alliance under a condition of religion (test_new_order_rules.py, RULINGS HO-1, RE-1): no card is only logged as
    not played any more."""
    assert PART_2 == []
