"""23. End of turn: veterans, disbanding and degrading, social agitation, dynastic changes."""

from __future__ import annotations

from engines.ultima_ratio import mapview
from engines.ultima_ratio.board import board_of
from engines.ultima_ratio.end_of_turn import turn_end
from tests.engines.ultima_ratio.support import GAME, advance, at_first_impulse, ctx, legal, play, step


def test_half_the_veterans_rounded_up_turn_regular():
    """23.1.2 (l. 1839): "Spain throughout the turn managed to veteranize 3 troops ... Half of the veterans
    rounding up (2 troops) are turned to their regular side."""
    s = at_first_impulse()
    for n in (1, 2, 3):
        s["units"][f"power:portugal-troop-{n}"].update(loc="area:portugal", veteran=True)
    s = advance(s, "flip_veterans")
    assert s["stack"][-1]["count"] == 2
    s, _ = play(s, "unit", "power:portugal-troop-1")
    s, _ = play(s, "unit", "power:portugal-troop-3")
    assert [s["units"][f"power:portugal-troop-{n}"]["veteran"] for n in (1, 2, 3)] == [False, True, False]
    assert step(s) == "disband_units"


def test_units_may_be_eliminated_or_degraded():
    s = at_first_impulse()
    s["units"]["power:portugal-squadron-4"].update(loc="area:portugal")  # an E3
    s = advance(s, "disband_units")
    assert legal(s)["degrade"] == ["power:portugal-squadron-4"]
    s, _ = play(s, "degrade", "power:portugal-squadron-4")
    assert s["units"]["power:portugal-squadron-4"]["loc"] == "available"
    assert s["units"]["power:portugal-squadron-1"]["loc"] == "area:portugal"  # an E2 took its place
    s, _ = play(s, "eliminate", "power:portugal-squadron-1")
    assert s["units"]["power:portugal-squadron-1"]["loc"] == "available"


def test_a_degraded_unit_keeps_its_leader_its_side_and_its_fleet():
    """23.1.2 with 17.1 ("The leader follows this unit"): a degraded unit is the same unit on a worse counter, so
    its leader goes with it instead of staying on the counter back in the reserve; a veteran stays veteran
    (RULINGS E-2) and a squadron stays in its kept fleet (11.2)."""
    s = at_first_impulse()
    s["units"]["power:portugal-troop-4"].update(loc="area:portugal")  # a 3-4
    s["units"]["power:portugal-squadron-4"].update(loc="area:portugal")  # an E3
    s["units"]["power:portugal-squadron-5"].update(loc="area:portugal")
    s = advance(s, "disband_units")
    s["units"]["power:portugal-troop-4"]["veteran"] = True
    for lid, unit in (
        ("leader:tactical-1", "power:portugal-troop-4"),
        ("leader:tactical-2", "power:portugal-squadron-4"),
    ):
        s["leader_pool"].remove(lid)
        s["leaders"][lid] = {"power": "power:portugal", "unit": unit, "extraordinary": False}
    s["fleets"] = [["power:portugal-squadron-4", "power:portugal-squadron-5"]]
    s, _ = play(s, "degrade", "power:portugal-troop-4")
    s, _ = play(s, "degrade", "power:portugal-squadron-4")
    troop = next(u for u, i in s["units"].items() if i["loc"] == "area:portugal" and i["kind"] == "troop")
    squadron = next(u for u in s["fleets"][0] if u != "power:portugal-squadron-5")
    assert s["units"][troop]["grade"] == "2-3" and s["units"][troop]["veteran"]
    assert s["units"][squadron]["grade"] == "E2" and s["units"][squadron]["loc"] == "area:portugal"
    assert s["leaders"]["leader:tactical-1"]["unit"] == troop
    assert s["leaders"]["leader:tactical-2"]["unit"] == squadron
    assert all(s["units"][i["unit"]]["loc"] != "available" for i in s["leaders"].values())


def test_social_agitation_places_revolts_or_disperses_troops():
    """23.2: one R2 per unrest level above twice the vitality (Portugal: 4); a troop's factor cancels as many."""
    s = at_first_impulse()
    s["powers"]["power:portugal"]["unrest"] = 17  # after the accounts (troop 1, income 5): 13
    s["units"]["power:portugal-troop-4"].update(loc="area:portugal")
    s = advance(s, "social_agitation")
    unrest = s["powers"]["power:portugal"]["unrest"]
    assert s["stack"][-1]["revolts"] == unrest - 8
    revolts = s["stack"][-1]["revolts"]
    s, _ = play(s, "disperse", "power:portugal-troop-4")  # a 3-4 troop: cancels 3
    assert s["stack"][-1]["revolts"] == revolts - 3
    while s["stack"][-1].get("revolts", 0) > 0:
        s, _ = play(s, "revolt", legal(s)["revolt"][0])
    assert "done" in legal(s)
    assert s["powers"]["power:portugal"]["unrest"] == unrest  # dispersing does not lower unrest


def test_the_choices_of_social_agitation_name_their_power_and_a_dynastic_change_asks_first():
    """23.2 asks each power of the player in turn, and the prompt (once "Social agitation: 0 revolts to place") named
    none: the buttons read "Done" and "Dynastic change (voluntary)". Each now names its power; the voluntary
    dynastic change (23.3: the power's vitality in VP lost) asks before it is made."""
    s = advance(at_first_impulse(), "social_agitation")
    assert legal(s) == {"done": [None], "dynastic_change": ["voluntary"]}
    en, es = GAME.renderer("en"), GAME.renderer("es")
    assert en.text(GAME.label(s, "player1", "done", None)) == "Portugal: done (no dynastic change)"
    change = GAME.label(s, "player1", "dynastic_change", "voluntary")
    assert en.text(change) == "Portugal: a voluntary dynastic change"
    assert es.text(change) == "Portugal: cambio dinástico voluntario"
    question = mapview.confirm(GAME, GAME.view(s, "player1"), "dynastic_change", "voluntary")
    assert "you lose as many VP as its vitality (23.3)" in en.text(question)
    assert "pierdes tantos PV como su vitalidad" in es.text(question)
    prompt = GAME.view(s, "player1")["prompt"]["text"]
    # with no revolt to place, the question left is the dynastic change (it read "0 revolts to place")
    assert en.text(prompt) == (
        "Social agitation in Portugal: no revolt to place. A dynastic change may be made now (23.3)."
    )
    assert es.text(prompt) == (
        "Agitación social en Portugal: ninguna revuelta que colocar. Puede hacerse ahora un cambio dinástico (23.3)."
    )


def test_collapse_is_a_dynastic_change_losing_twice_the_vitality():
    g = ctx(at_first_impulse())
    g.s["units"]["power:portugal-troop-1"]["loc"] = "area:portugal"
    g.s["merchants"]["center:east-atlantic"] = {"power:portugal": 1}
    turn_end.dynastic_change(g, "power:portugal", collapse=True)
    assert g.s["seats"]["player1"]["vp"] == -8
    assert (
        g.s["units"]["power:portugal-troop-1"]["loc"] == "available" and g.s["merchants"]["center:east-atlantic"] == {}
    )
    assert g.s["powers"]["power:portugal"]["unrest"] == 4
    assert g.s["powers"]["power:portugal"]["to_deploy"] == {"points": 5, "revolts": 2}


def test_revolts_avoid_key_areas_commercial_ports_and_units():
    g = ctx(at_first_impulse())
    g.s["units"]["power:portugal-troop-1"]["loc"] = "area:oporto"
    places = turn_end.revolt_places(g.s, board_of(g), "power:portugal")
    assert places == ["area:alentejo", "area:algarve"]  # Portugal (capital, commercial port), Oporto (troop)


def test_last_turn_dynastic_change_comes_after_the_end_of_turn_vp():
    """23.4: "After finishing the End of turn, if it corresponds to the last turn ... any major powers with social
    agitation must make a dynastic change": 9.1's count (+12 minus the unrest, l. 1926) reads the unrest of the
    End of turn, then the change loses the vitality (4) in VP (RULINGS E-8). The change reset the unrest to 4
    before the count, which turned this Defeat into a Draw."""
    s = at_first_impulse()
    s["turn"] = 5
    s["powers"]["power:portugal"]["unrest"] = 15
    s["seats"]["player1"]["vp"] = 12
    log: list = []
    s = advance(s, log=log)  # no prompt at 23.2: the change is forced, after the count
    assert s["outcome"] is not None
    keys = [(e["msg"], e["args"].get("reason")) for e in log if e["msg"] in ("log.vp", "log.dynastic_change")]
    assert keys[-4:] == [
        ("log.vp", "turn_5"),
        ("log.vp", "turn_5_unrest"),
        ("log.vp", "dynastic_change"),
        ("log.dynastic_change", None),
    ]
    counted = -next(e["args"]["amount"] for e in log if e["args"].get("reason") == "turn_5_unrest")
    assert counted > 8  # the unrest of the End of turn, not the vitality the change sets
    assert s["seats"]["player1"]["vp"] == 12 + 12 - counted - 4
    assert s["outcome"]["scores"] == {"player1": 20 - counted} and s["outcome"]["winners"] == []
    assert s["powers"]["power:portugal"]["unrest"] == 4  # 23.3: adjusted to the vitality, after the count


def test_taking_a_commercial_port_interrupts_its_trade_until_next_turn():
    from engines.ultima_ratio.movement.land_areas import take_control

    g = ctx(at_first_impulse())
    g.s["areas"]["area:goa"].update(
        owner="minor:emirates",
        control="minor:emirates",
        marker=None,
        fortress={"power": "minor:emirates", "built": False, "since": 0},
    )
    take_control(g, "power:portugal", "area:goa")
    assert g.s["areas"]["area:goa"]["interrupted"] and g.s["areas"]["area:goa"]["fortress"] is None  # 19.2.4, 9.4
    state = advance(g.s, "start_of_impulse")
    state = advance(state, "disband_units")
    state = advance(state, "start_of_impulse")
    assert state["turn"] == 2 and not state["areas"]["area:goa"]["interrupted"]  # 8.1.3


def test_a_groups_extra_bonus_each_turn_is_added_at_the_end_of_the_turn():
    """7.1 (l. 292): a group's correction "can come in the form of a fixed VP bonus at the beginning of the game, or
    also as an extra bonus each turn" — the seat table's VP per turn (e.g. 9.3's 4-player 2nd row, 1 a turn) is
    added to the seat's VP with the end-of-turn VP (23.1.3)."""
    g = ctx(at_first_impulse())
    seat = g.s["seats"]["player1"]
    seat["vp_per_turn"], before = 2, seat["vp"]
    g.s["stack"].append({"step": "turn_end_vp"})
    turn_end.TurnEndVp().auto(g)
    assert seat["vp"] == before + 2
    assert [e["args"]["reason"] for e in g.entries if e["msg"] == "log.vp"] == ["seat_bonus"]


def test_a_change_of_no_unrest_is_not_logged():
    """19.1: a change of 0 (a bid of nothing, an effect of 0) changes nothing and says nothing: the log read "The
    unrest of England changes by 0 to 1"."""
    from engines.ultima_ratio.economy import unrest

    g = ctx(at_first_impulse())
    before = g.s["powers"]["power:portugal"]["unrest"]
    unrest.change_unrest(g, "power:portugal", 0, "test")
    assert g.entries == [] and g.s["powers"]["power:portugal"]["unrest"] == before
    unrest.change_unrest(g, "power:portugal", 2, "test")
    assert [e["msg"] for e in g.entries] == ["log.unrest"] and g.s["powers"]["power:portugal"]["unrest"] == before + 2
