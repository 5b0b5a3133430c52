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


def apply(card: str, powers2=("power:spain",), setup=None, dice=None):
    """player1 plays ``card`` and applies its event at once; returns (state, log)."""
    s = event_position(card, powers2=powers2)
    if setup:
        setup(s)
    return play(s, "player1", "event", card, dice=dice)


# ----- combat cards -----------------------------------------------------------------------------------------------
def naval_attack(hand: list[str]) -> dict:
    """Portugal's E3 squadron attacks the Emirates' E2 squadron in the Indian Ocean (test_naval.py), cards held."""
    s = position(hand1=hand)
    s["areas"]["area:goa"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = place(s, "power:portugal-squadron-4", "sea:indian-ocean")
    for verb, arg in (
        ("done", None),
        ("act", ["power:portugal", "naval_move"]),
        ("unit", "power:portugal-squadron-4"),
        ("sea", "sea:indian-ocean"),
        ("attack", "minor:emirates-squadron-1"),
    ):
        s, _ = play(s, "player1", verb, arg)
    return s


def dice_of(log: list, power: str) -> list[str]:
    return next(e["args"]["dice"] for e in log if e["msg"] == "combat.dice" and e["args"]["side"] == power)


def test_storm_at_sea_gives_the_enemy_fleet_a_disadvantage():
    s = naval_attack(["card:storm-at-sea"])
    assert step(s) == "combat_cards" and legal(s) == {"pass": [None], "card": ["card:storm-at-sea"]}
    s, log = play(s, "player1", "card", "card:storm-at-sea", dice=[3, 4])  # his last card: the combat follows
    # the Emirates' E2 throws Q1 (4 -> 3: one point) instead of Q2; Portugal's E3 Q3 (3 -> 3: one point)
    assert dice_of(log, "minor:emirates") == ["Q1:4→3"] and dice_of(log, "power:portugal") == ["Q3:3→3"]
    assert s["cards"]["discard"] == ["card:storm-at-sea"]


def test_in_piracy_storm_at_sea_is_played_but_no_card_changes_the_battlefield():
    """13.2.4: the battlefield of piracy "is always one die and cannot be modified" (RULINGS EV-2)."""
    s = position(hand1=["card:storm-at-sea", "card:bad-weather"])
    s["areas"]["area:goa"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = place(s, "power:portugal-squadron-4", "area:goa")
    s["merchants"]["center:indian-ocean"] = {"power:portugal": 2}
    s["impulse"]["must_play"] = False
    for verb, arg in (("done", None), ("end_impulse", None), ("done", None)):
        s, _ = play(s, "player1", verb, arg)
    assert step(s) == "piracy"  # the Emirates plunder the Indian Ocean (9.1)
    s, _ = play(s, "player1", "intercept", "power:portugal-squadron-4")
    assert legal(s) == {"pass": [None], "card": ["card:storm-at-sea"]}
    s, log = play(s, "player1", "card", "card:storm-at-sea")
    s, log = play(s, "player1", "pass", dice=[5, 5])
    # the pirate's E2 drops to Q1 (5 -> 4: one point); Portugal's E3 in port is Q2 (13.2.3: 5 -> 5, two points)
    assert dice_of(log, "minor:emirates") == ["Q1:5→4"] and dice_of(log, "power:portugal") == ["Q2:5→5"]


def test_surprise_attack_and_ambush_raise_a_die_of_their_side():
    """Portugal attacks two Spanish troops in Elmina (forest) with Surprise attack; Spain answers with Ambush."""
    s = battle(hand1=["card:surprise-attack"], hand2=["card:ambush"])
    s, _ = play(s, "player1", "card", "card:surprise-attack")
    s, _ = play(s, "player1", "pass")  # the Plague stays in his hand
    s, _ = play(s, "player2", "card", "card:ambush")
    log: list = []
    answer(s, [3, 3, 3], log)
    assert dice_of(log, "power:portugal") == ["Q3:3→3"]  # his Q2 troop, one category up
    assert dice_of(log, "power:spain") == ["Q3:3→3", "Q2:3→3"]  # one of the two Q2 troops up


def test_mutiny_in_any_battle_lowers_an_independent_areas_die_in_a_subjugation():
    s = position(hand1=["card:mutiny"])
    s = place(s, "power:portugal-troop-1", "area:guinea")
    s["areas"]["area:sao-tome"].update(owner="power:portugal", control="power:portugal", marker=None)
    for verb, arg in (
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("subjugate", "area:guinea"),
    ):
        s, _ = play(s, "player1", verb, arg)
    assert legal(s) == {"pass": [None], "card": ["card:mutiny"]}
    s, log = play(s, "player1", "card", "card:mutiny", dice=[3, 3])
    # the A2 marker's die drops to Q1 (3 -> 2: no point); the subjugator's Q3, Q2 in the forest (3 -> 3: a point)
    assert dice_of(log, "independent") == ["Q1:3→2"] and dice_of(log, "power:portugal") == ["Q2:3→3"]
    assert s["areas"]["area:guinea"]["owner"] == "power:portugal"


def siege_of_aden(hand: list[str], technologies=None) -> dict:
    """Portugal besieges Aden (the Emirates troop inside with the fortress; their fleet in port under repair) and
    assaults it."""
    s = position(hand1=hand)
    if technologies:
        s["cards"]["technologies"] = technologies
    s = place(s, "power:portugal-troop-1", "area:aden")
    s = place(s, "minor:emirates-squadron-1", "area:aden", repair=True)
    s["areas"]["area:aden"]["siege"] = {"besieger": "power:portugal", "casualties": 0}
    for verb, arg in (
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("assault", "area:aden"),
    ):
        s, _ = play(s, "player1", verb, arg)
    return s


def test_treason_gives_the_besieger_an_advantage_and_the_besieged_a_siege_casualty():
    s = siege_of_aden(["card:treason", "card:plague"])
    assert legal(s) == {"pass": [None], "card": ["card:treason"]}
    s, _ = play(s, "player1", "card", "card:treason")
    s, _ = play(s, "player1", "pass")
    record = combat_frame(s)["battle"]
    assert record["besieger"]["advantages"] == 1 and record["siege_casualties"] == 1
    s, log = play(s, "player1", "conscript", False, dice=[1, 1, 1])
    # Portugal's Q2 troop throws Q3 (1 -> 3: one point); the casualty lowers the besieged troop to Q1: a draw
    assert dice_of(log, "power:portugal") == ["Q3:1→3"] and dice_of(log, "minor:emirates") == ["Q1:1→1", "Q3:1→3"]
    assert s["areas"]["area:aden"]["siege"] == {"besieger": "power:portugal", "casualties": 1}  # the casualty stays


def test_siege_technology_is_the_besiegers_advantage():
    s = siege_of_aden([], technologies={"power:portugal": ["siege"], "power:spain": ["land"]})
    record = combat_frame(s)["battle"]
    assert (record["besieger"]["advantages"], record["besieged"]["advantages"]) == (1, 0)


def test_naval_technology_gives_an_advantage_at_sea():
    s = position(hand1=[])
    s["cards"]["technologies"] = {"power:portugal": ["naval"]}
    s["areas"]["area:goa"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = place(s, "power:portugal-squadron-4", "sea:indian-ocean")
    for verb, arg in (
        ("done", None),
        ("act", ["power:portugal", "naval_move"]),
        ("unit", "power:portugal-squadron-4"),
        ("sea", "sea:indian-ocean"),
    ):
        s, _ = play(s, "player1", verb, arg)
    s, log = play(s, "player1", "attack", "minor:emirates-squadron-1", dice=[3, 3])
    assert dice_of(log, "power:portugal") == ["Q4:3→4"] and dice_of(log, "minor:emirates") == ["Q2:3→3"]


def test_events_in_force_give_their_advantage_only_to_the_powers_they_name():
    """Modern Army: Sweden and the Netherlands in land battles; Tercios: Spain; not in a siege."""
    s = position(powers2=("power:spain", "power:sweden"))
    s["cards"]["active"] = ["card:modern-army", "card:tercios"]
    g = Ctx(GAME, copy_state(s))

    def record():
        return {"attacker": {"advantages": 0}, "defender": {"advantages": 0}}

    land = record()
    combat_cards.lasting(g, "land", land, {"attacker": "power:sweden", "defender": "power:portugal"})
    assert (land["attacker"]["advantages"], land["defender"]["advantages"]) == (1, 0)
    land = record()
    combat_cards.lasting(g, "land", land, {"attacker": "power:portugal", "defender": "power:spain"})
    assert (land["attacker"]["advantages"], land["defender"]["advantages"]) == (0, 1)
    siege = {"besieger": {"advantages": 0}, "besieged": {"advantages": 0}}
    combat_cards.lasting(g, "siege", siege, {"attacker": "power:sweden", "defender": "power:spain"})
    assert siege == {"besieger": {"advantages": 0}, "besieged": {"advantages": 0}}


# ----- unrest, revolts, VP ------------------------------------------------------------------------------------------
def test_state_bankruptcy_strikes_the_power_with_most_troops_and_every_tied_one():
    def spain_troops(n):
        def setup(s):
            for i in range(1, n + 1):
                new_unit(s, f"power:spain-troop-{i}", "power:spain", "troop", "2-3", "area:elmina")

        return setup

    s0 = event_position("card:bankruptcy")
    portugal, spain = s0["powers"]["power:portugal"]["unrest"], s0["powers"]["power:spain"]["unrest"]
    s, _ = apply("card:bankruptcy", setup=spain_troops(2))  # Portugal has one troop on the map
    assert (s["powers"]["power:portugal"]["unrest"], s["powers"]["power:spain"]["unrest"]) == (portugal, spain + 2)
    s, _ = apply("card:bankruptcy", setup=spain_troops(1))  # a tie: both (RULINGS C-8)
    assert (s["powers"]["power:portugal"]["unrest"], s["powers"]["power:spain"]["unrest"]) == (portugal + 2, spain + 2)


def test_a_revolt_named_by_the_card_and_its_unrest():
    """Oprichnina: Russia +2 unrest and an R2 revolt in Novgorod, whatever 18.3 says (C-13)."""

    def setup(s):
        area(s, "area:novgorod", "power:russia")
        new_unit(s, "power:russia-troop-1", "power:russia", "troop", "2-3", "area:novgorod")

    s0 = event_position("card:oprichnina", powers2=("power:russia",))
    s, _ = apply("card:oprichnina", powers2=("power:russia",), setup=setup)
    assert s["powers"]["power:russia"]["unrest"] == s0["powers"]["power:russia"]["unrest"] + 2
    assert (s["areas"]["area:novgorod"]["marker"], s["areas"]["area:novgorod"]["control"]) == ("R2", None)


def test_revolts_go_only_where_the_area_is_active_and_a_power_in_play_possesses_it():
    """Jelali Revolt: R3 in Ankara and Konya (Konya inactive here, so none there), the Ottomans +1 unrest."""
    s0 = event_position("card:jelali-revolt", powers2=("power:ottomans",))
    s, _ = apply(
        "card:jelali-revolt", powers2=("power:ottomans",), setup=lambda s: area(s, "area:ankara", "power:ottomans")
    )
    assert s["areas"]["area:ankara"]["marker"] == "R3" and "area:konya" not in s["areas"]
    assert s["powers"]["power:ottomans"]["unrest"] == s0["powers"]["power:ottomans"]["unrest"] + 1
    s, _ = apply(
        "card:shah-kulu-rebellion", powers2=("power:spain",), setup=lambda s: area(s, "area:konya", "ottomans-gone")
    )
    assert s["areas"]["area:konya"]["marker"] is None  # no power in play possesses it


def test_the_vp_of_a_card_and_its_peace_without_a_war_to_end():
    """Peace of Westphalia: the Netherlands score 1 VP; no war between its powers: the peace ends none (21.4; the
    peace of wars by card: test_peace.py)."""
    s, log = apply("card:peace-of-westphalia", powers2=("power:netherlands",))
    assert s["seats"]["player2"]["vp"] == 1
    assert [e["msg"] for e in log if e["msg"] in ("log.event_not_yet", "log.event_no_war")] == ["log.event_no_war"]


# ----- leaders, interest, possessions, commerce, the seas ---------------------------------------------------------
def test_shah_abbas_joins_persia_and_its_unrest_falls_by_two():
    def setup(s):
        area(s, "area:tabriz", "power:persia")
        new_unit(s, "power:persia-troop-1", "power:persia", "troop", "2-3", "area:tabriz")

    s0 = event_position("card:shah-abbas", powers2=("power:persia",))
    s, _ = apply("card:shah-abbas", powers2=("power:persia",), setup=setup)
    assert GAME.active_roles(s) == ["player2"] and legal(s, "player2") == {"choose": ["power:persia-troop-1"]}
    s, _ = play(s, "player2", "choose", "power:persia-troop-1")
    assert s["leaders"]["leader:shah-abbas"] == {
        "power": "power:persia",
        "unit": "power:persia-troop-1",
        "extraordinary": True,
    }
    assert s["powers"]["power:persia"]["unrest"] == s0["powers"]["power:persia"]["unrest"] - 2
    assert step(s) == "card_play"


def test_a_historical_leader_without_a_unit_to_join_and_the_rest_of_his_card():
    """Gustavus Adolphus: no Swedish unit on the map, so no leader; Sweden still gains interest in CE."""
    s, log = apply("card:gustavus-adolphus", powers2=("power:sweden",))
    assert "card:gustavus-adolphus" not in s["leaders"] and any(e["msg"] == "log.event_nothing" for e in log)
    assert "CE" in s["powers"]["power:sweden"]["interest"] and step(s) == "card_play"


@pytest.mark.parametrize("card", ["card:hawkins", "card:farnesio", "card:godunov", "card:wallenstein"])
def test_each_leader_card_brings_its_leader_without_unrest(card):
    """17.3.1: "there are no consequences as far as unrest is concerned"; his player places him (C-16)."""
    power, leader = next((x.power, x.leader) for x in GAME.board.world.event(card).effects if x.op == "leader")
    kind = "squadron" if card == "card:hawkins" else "troop"
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
    assert leader == card.replace("card:", "leader:")  # the card brings the leader of its name
    assert s["leaders"][leader] == {"power": power, "unit": f"{power}-{kind}-1", "extraordinary": True}
    assert s["powers"][power]["unrest"] == unrest


def test_the_historical_leaders_have_the_ability_and_power_their_cards_name():
    b = GAME.board
    for event in b.world.events:
        for eff in event.effects:
            if eff.op == "leader":
                leader = b.leaders.historical_for_event(event.id)
                assert (leader.id, leader.ability, leader.power) == (eff.leader, eff.ability, eff.power)


def test_the_treaty_of_zaragoza_gives_spain_asia_and_portugal_the_moluccas():
    s, _ = apply(
        "card:treaty-of-zaragoza",
        setup=lambda s: s["areas"]["area:moluccas"].update(owner="power:spain", control="power:spain"),
    )
    assert "As" in s["powers"]["power:spain"]["interest"]
    assert (s["areas"]["area:moluccas"]["owner"], s["areas"]["area:moluccas"]["control"]) == (
        "power:portugal",
        "power:portugal",
    )


def levant(s: dict) -> None:
    """The capacities Turn 1 prints for the Levant's centers (l. 2164-2165; 0 in 9.1, where they are inactive)."""
    s["capacity"].update({"center:eastern-mediterranean": 4, "center:persian-gulf-red-sea": 3})


def test_trade_capacities_and_interest_by_event():
    cap = event_position("card:vasco-de-gama")["capacity"]
    s, _ = apply("card:vasco-de-gama")
    assert s["capacity"]["center:indian-ocean"] == cap["center:indian-ocean"] + 1 and {"In", "Af"} <= set(
        s["powers"]["power:portugal"]["interest"]
    )
    s, _ = apply("card:portugal-reaches-china", setup=levant)
    assert (s["capacity"]["center:eastern-mediterranean"], s["capacity"]["center:sea-of-china"]) == (
        3,
        cap["center:sea-of-china"] + 1,
    )
    assert "As" in s["powers"]["power:portugal"]["interest"]


def test_nautical_astrolabe_and_galleon_change_the_seas():
    def turn6(s):
        levant(s)
        s["naval_distance"]["elsewhere"] = 1  # as Turn 6 prints it (l. 2341)

    s, _ = apply("card:nautical-astrolabe", setup=turn6)
    assert s["naval_distance"] == {"mediterranean": 2, "elsewhere": 2}
    assert (s["capacity"]["center:eastern-mediterranean"], s["capacity"]["center:persian-gulf-red-sea"]) == (3, 2)
    s, _ = apply("card:galleon", setup=turn6)
    assert s["naval_distance"]["elsewhere"] == 3 and s["mediterranean_open"]


def test_letters_of_marque_let_the_corsair_plunder_a_cb_enemys_merchant():
    """11.5.1 (C-15): the squadron at sea since the impulse began raids Spain's merchant in the Indian Ocean."""
    s = event_position("card:letters-of-marque")
    s["areas"]["area:goa"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = place(s, "power:portugal-squadron-4", "sea:indian-ocean")
    s["casus_belli"] = [["power:portugal", "power:spain"]]
    s["merchants"]["center:indian-ocean"] = {"power:spain": 1}
    s, _ = play(s, "player1", "event", "card:letters-of-marque")
    s, _ = play(s, "player1", "choose", "power:portugal")
    s, _ = play(s, "player1", "done")
    assert ["power:portugal", "piracy"] in legal(s)["act"]
    s, _ = play(s, "player1", "act", ["power:portugal", "piracy"])
    assert legal(s) == {"raid": [["power:portugal-squadron-4", "power:spain"]]}
    s, _ = play(s, "player1", "raid", ["power:portugal-squadron-4", "power:spain"])
    spain = s["powers"]["power:spain"]["unrest"]
    s, log = play(s, "player2", "no_interception", None, dice=[5])
    assert any(e["msg"] == "log.piracy_won" for e in log) and s["powers"]["power:spain"]["unrest"] == spain + 1


def test_no_corsair_without_the_card_or_against_a_power_without_cb():
    s = position()
    s["areas"]["area:goa"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = place(s, "power:portugal-squadron-4", "sea:indian-ocean")
    s["merchants"]["center:indian-ocean"] = {"power:spain": 1}
    s["cards"]["corsairs"] = ["power:portugal"]
    from engines.ultima_ratio.cards import card_play

    assert card_play.corsair_raids(Ctx(GAME, copy_state(s)), "power:portugal") == []  # no CB with Spain
    s["casus_belli"] = [["power:portugal", "power:spain"]]
    assert card_play.corsair_raids(Ctx(GAME, copy_state(s)), "power:portugal") == [
        ["power:portugal-squadron-4", "power:spain"]
    ]
    s["cards"]["corsairs"] = []
    assert card_play.corsair_raids(Ctx(GAME, copy_state(s)), "power:portugal") == []


# ----- Casus Belli and wars -----------------------------------------------------------------------------------------
def test_acts_of_supremacy_plays_its_cb_and_makes_england_protestant():
    s, log = apply("card:acts-of-supremacy", powers2=("power:spain", "power:england"))
    assert s["casus_belli"] == []  # England and Spain are one player's: no CB between them
    s = event_position("card:acts-of-supremacy", powers1=("power:portugal", "power:england"))
    s, log = play(s, "player1", "event", "card:acts-of-supremacy")
    assert s["casus_belli"] == [["power:spain", "power:england"]]
    assert not [e for e in log if e["msg"] == "log.event_not_yet"]
    assert s.get("religions", {}).get("power:england") is None  # Protestant, as its card (RULINGS RE-1)


def test_a_cb_card_between_powers_at_war_or_allied():
    s = event_position("card:cb-france-spain", powers1=("power:portugal", "power:france"))
    s["wars"] = [["power:france", "power:spain"]]
    s, log = play(s, "player1", "event", "card:cb-france-spain")
    assert s["casus_belli"] == []  # at war: the 1 VP bonus is kept for the winner at peace (21.4, 22)
    assert [e["msg"] for e in log].count("log.event_cb_bonus") == 1  # once for the war (RULINGS P-13)
    assert s["war_records"]["power:france|power:spain"]["vp"] == 1
    s = event_position("card:cb-france-spain", powers1=("power:portugal", "power:france"))
    s["alliances"] = [["power:france", "power:spain"]]
    s, _ = play(s, "player1", "event", "card:cb-france-spain")
    assert s["casus_belli"] == []  # l. 1585: allies ignore the CBs of event cards


def test_a_war_by_event_keeps_its_vp_for_the_winner_at_peace():
    """21.3.1 (l. 1631): "The events that make two major powers go immediately to war provide 1 VP to the winner of
    the war" — kept in the war's record (paid at peace: test_peace.py)."""
    s = event_position(
        "card:little-war-in-hungary", powers1=("power:portugal", "power:austria"), powers2=("power:ottomans",)
    )
    s, log = play(s, "player1", "event", "card:little-war-in-hungary")
    assert s["wars"] == [["power:austria", "power:ottomans"]]
    assert [e["args"]["vp"] for e in log if e["msg"] == "log.event_war_vp"] == [1]
    record = s["war_records"]["power:austria|power:ottomans"]
    assert (record["card"], record["vp"], record["order"]) == ("card:little-war-in-hungary", 1, 1)


def test_the_treaty_of_tordesillas_bars_the_cbs_between_spain_and_portugal_overseas():
    """ "No CB between them for overseas areas" (RULINGS EV-5): the control of a Spanish area taken by Portugal from
    a third power (France) gives Spain a CB (13.3.7) in Europe, not in the New World, while the treaty is in
    force."""
    from engines.ultima_ratio.combat import land_battles

    s, log = apply("card:treaty-of-tordesillas")
    assert any(e["msg"] == "log.event_no_cb" for e in log)
    assert "Ca" in s["powers"]["power:spain"]["interest"] and "Sa" in s["powers"]["power:portugal"]["interest"]
    assert s["cards"]["active"] == ["card:treaty-of-tordesillas"]
    for where in ("area:brazil", "area:oporto"):
        s["areas"][where].update(owner="power:spain", control="power:portugal")
    g = Ctx(GAME, copy_state(s))
    land_battles.third_power_casus_belli(g, "power:portugal", "area:brazil", "power:france")  # South America
    assert g.s["casus_belli"] == [] and g.s["controls_to_return"] == [["area:brazil", "power:portugal"]]
    land_battles.third_power_casus_belli(g, "power:portugal", "area:oporto", "power:france")  # Europe
    assert g.s["casus_belli"] == [["power:spain", "power:portugal"]]
    g.s["cards"]["active"], g.s["casus_belli"] = [], []
    land_battles.third_power_casus_belli(g, "power:portugal", "area:brazil", "power:france")  # not in force
    assert g.s["casus_belli"] == [["power:spain", "power:portugal"]]


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
        card, powers1=("power:portugal", *named[0::2]), powers2=tuple(p for p in named[1::2] if p != "power:portugal")
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
