"""The audit of chapters 21-23 (part 2a, AUDIT.md › Chapters 21-23): each test is a gap the audit closed, failing on
the code before it. Line numbers are those of shared/rules/ultima-ratio-regis.txt."""

from __future__ import annotations

from engines.ultima_ratio.diplomacy import minor_powers
from tests.engines.ultima_ratio.support import GAME
from tests.engines.ultima_ratio.support_war import area, legal, play, step
from tests.engines.ultima_ratio.test_peace import at_war, msgs


def savoy_allied_with_spain(s: dict) -> dict:
    card = GAME.board.minor("minor:savoy")
    for name in card.areas:
        area(s, name, None)
    minor_powers.enter_play(s, card)
    s["minors"]["minor:savoy"]["ally"] = "power:spain"
    for name in card.areas:
        s["areas"][name].update(owner="minor:savoy", control="minor:savoy")
    return s


# ----- 21.5 / 21.5.3: the conquered territories of the allied minors are returned too --------------------------------
def test_conquered_territories_of_an_allied_minor_are_returned_and_troops_repatriated_at_peace():
    """21.5 (l. 1717): "Conquered territories not included in the peace conditions are returned, and troops are
    repatriated from enemy territories"; 21.5.3 (l. 1748): "both players return the control of any enemy areas they
    still controlled and repatriate their troops". An allied minor counts as an extension of its major power
    (Glossary "Minor"; RULINGS P-16): Piedmont, Savoy's (allied with Spain), controlled by a Portuguese troop, goes
    back to Savoy and the troop is repatriated; Alentejo, Portugal's, controlled by Savoy, goes back to Portugal."""
    s = savoy_allied_with_spain(at_war(given_by_portugal=2, given_by_spain=3))
    s["areas"]["area:piedmont"]["control"] = "power:portugal"
    area(s, "area:alentejo", "power:portugal", control="minor:savoy")
    s["units"]["power:portugal-troop-1"]["loc"] = s["impulse"]["start_locs"]["power:portugal-troop-1"] = "area:piedmont"
    s, log = play(s, "open_peace", ["power:portugal", "power:spain"])  # 3-2, the requester's point: a draw
    assert "log.peace_draw" in msgs(log)
    assert s["areas"]["area:piedmont"]["control"] == "minor:savoy"
    assert s["areas"]["area:alentejo"]["control"] == "power:portugal"
    assert step(s) == "repatriate_troop" and legal(s)


def test_an_allied_minors_troops_in_the_enemys_areas_are_repatriated_at_peace_by_its_allys_player():
    """21.5 (l. 1717): "troops are repatriated from enemy territories"; 21.5.3 (l. 1748); 20.2 (l. 1488: the minor's
    units "are treated as if they were from the major power"). Savoy, allied with Spain, holds Dauphine (Portugal's,
    a border area of Savoy's theater) with a troop: at peace the area goes back to Portugal and the troop goes home,
    moved by Spain's player (RULINGS G4-1) — before, only the two major powers' units were repatriated and the
    Savoyard troop stayed in Portugal's area."""
    from engines.core.machine import Ctx, copy_state
    from engines.ultima_ratio.diplomacy import peace
    from engines.ultima_ratio.game import GAME as TABLE
    from engines.ultima_ratio.movement import strategic_movement

    s = savoy_allied_with_spain(at_war(given_by_portugal=2, given_by_spain=3))
    area(s, "area:dauphine", "power:portugal", control="minor:savoy")
    s["units"]["minor:savoy-troop-1"]["loc"] = s["impulse"]["start_locs"]["minor:savoy-troop-1"] = "area:dauphine"
    s["units"]["minor:savoy-troop-2"]["loc"] = "area:piedmont"  # in its own area: stays
    frame = {"pair": ["power:portugal", "power:spain"], "winner": None, "chosen": []}
    g = Ctx(TABLE, copy_state(s))
    assert peace.to_repatriate(g, frame) == [["minor:savoy", ["minor:savoy-troop-1"]]]
    through = strategic_movement.repatriation_lane(g, "minor:savoy", "area:dauphine").through
    crossed = [a for a in sorted(s["areas"]) if a in through]
    assert crossed == ["area:dauphine", "area:piedmont", "area:savoy"]  # 14.1.1: not Portugal's other areas
    s, log = play(s, "open_peace", ["power:portugal", "power:spain"])  # 3-2, the requester's point: a draw
    assert "log.peace_draw" in msgs(log) and s["areas"]["area:dauphine"]["control"] == "power:portugal"
    assert step(s) == "repatriate_troop" and s["stack"][-1]["unit"] == "minor:savoy-troop-1"
    assert TABLE.active_roles(s) == ["player2"]  # Spain's player acts with Savoy's troops (20.2)
    assert legal(s)["tactical"] == ["area:piedmont", "area:savoy"]
    assert legal(s)["disperse"] == ["box:dispersed-cm"]  # Savoy's theater's box, not Dauphine's (18.5, G4-3)
    s, log = play(s, "tactical", "area:savoy")
    assert s["units"]["minor:savoy-troop-1"]["loc"] == "area:savoy" and "log.peace_signed" in msgs(log)
    assert s["units"]["minor:savoy-troop-2"]["loc"] == "area:piedmont"


# ----- 23.3 / 21.6: an allied minor power becomes neutral as 20.4.1 says --------------------------------------------
def savoy_allied_with_portugal(s: dict) -> dict:
    """Savoy in play, allied with Portugal, its first troop in Piedmont and an R2 revolt in Savoy."""
    savoy_allied_with_spain(s)
    s["minors"]["minor:savoy"]["ally"] = "power:portugal"
    s["units"]["minor:savoy-troop-1"]["loc"] = "area:piedmont"
    s["areas"]["area:savoy"].update(marker="R2", control=None)
    return s


def neutral_as_20_4_1(s: dict) -> None:
    """20.4.1 (l. 1537-1539): "the minor power's troops are removed from the board (including those eliminated)
    and placed as available for future alliances. Rebellions in the minor power's areas are eliminated"."""
    assert s["minors"]["minor:savoy"]["ally"] is None
    assert s["units"]["minor:savoy-troop-1"]["loc"] == "available"
    assert s["areas"]["area:savoy"]["marker"] is None and s["areas"]["area:savoy"]["control"] == "minor:savoy"


def test_a_dynastic_change_makes_the_allied_minor_powers_neutral_their_troops_off_the_board():
    """23.3 (l. 1857): "Any allied minor power becomes neutral" — as 20.4.1 makes a minor neutral: before, only its
    alliance was ended, its troops stayed on the board and its rebellions stayed."""
    from tests.engines.ultima_ratio.support import advance, at_first_impulse
    from tests.engines.ultima_ratio.support import play as play_at

    s = advance(savoy_allied_with_portugal(at_first_impulse()), "social_agitation")
    s, log = play_at(s, "dynastic_change", "voluntary")
    assert "log.dynastic_change" in msgs(log) and "log.minor_neutral" in msgs(log)
    neutral_as_20_4_1(s)
    assert step(s) != "social_agitation"


def test_a_power_resting_in_peace_leaves_its_allied_minor_powers_neutral_their_troops_off_the_board():
    """21.6 (l. 1778): "Any allied minor powers are now neutral" — as 20.4.1 makes a minor neutral."""
    from engines.ultima_ratio.diplomacy import peace
    from tests.engines.ultima_ratio.support import ctx
    from tests.engines.ultima_ratio.test_collapse import collapsing
    from tests.engines.ultima_ratio.test_peace import run

    s = savoy_allied_with_portugal(collapsing())
    s = run(s, {"step": "forced_negotiations", **peace.forced_due(ctx(s))})
    s, _ = play(s, "negotiate", ["power:portugal", "power:spain"])
    s, log = play(s, "done", None)
    s, more = play(s, "negotiate", ["power:portugal", "power:france"])
    log += more
    while step(s) == "peace_conditions":
        s, more = play(s, "done", None)
        log += more
    assert "power:portugal" not in s["powers"] and "log.minor_neutral" in msgs(log)
    neutral_as_20_4_1(s)


# ----- 21.3: two powers of one player never go to war, not even by a card -----------------------------------------
def test_a_war_card_between_two_powers_carried_by_the_same_player_is_ignored():
    """21.3 (l. 1627): "Two powers carried by the same player cannot go to war under any circumstances. If war breaks
    out by card (this only happens in some very long scenarios with few players), the event is ignored"."""
    from tests.engines.ultima_ratio.test_cards import event_position
    from tests.engines.ultima_ratio.test_cards import play as play_card

    s = event_position("card:the-italian-wars", powers1=("power:portugal", "power:france", "power:spain"), powers2=())
    s, _ = play_card(s, "player1", "event", "card:the-italian-wars")
    assert s["wars"] == [] and "war_records" not in s


# ----- 21.3.2 / 23.1.2: what the end of the turn clears -------------------------------------------------------------
def test_the_casus_belli_disappear_and_the_eliminated_units_of_minor_powers_are_available_at_the_end_of_the_turn():
    """21.3.2 (l. 1649): "CBs disappear ... at the end of the turn" (23, l. 1814: "as well as some control markers
    (Casus Belli, ...)"); 23.1.2 (l. 1841): "The units eliminated during the turn are also collected as available,
    including those belonging to minor powers"."""
    from tests.engines.ultima_ratio.support import advance, at_first_impulse
    from tests.engines.ultima_ratio.support_war import power

    s = savoy_allied_with_spain(power(at_first_impulse(), "power:spain", seat="player1", war=False))
    s["units"]["minor:savoy-troop-1"]["loc"] = "eliminated"
    s["casus_belli"] = [["power:spain", "power:portugal"]]
    s = advance(s, "disband_units")
    assert s["casus_belli"] == [] and s["units"]["minor:savoy-troop-1"]["loc"] == "eliminated"
    s = advance(s, "social_agitation")
    assert s["units"]["minor:savoy-troop-1"]["loc"] == "available"


# ----- 21.3.1: a later war event between powers already at war adds its VP -----------------------------------------
def test_a_later_war_event_between_powers_already_at_war_increases_the_vp_of_their_war():
    """21.3.1 (l. 1631): "The events that make two major powers go immediately to war provide 1 VP to the winner of
    the war. Some general events, or other later historical events resulting in war between those two major powers,
    may further increase this VP gain." Austria and the Ottomans at war since the Little War in Hungary (1 VP): the
    Long Turkish War makes the winner's gain 2 VP — before, a war card between powers at war was ignored."""
    from tests.engines.ultima_ratio.test_cards import event_position
    from tests.engines.ultima_ratio.test_cards import play as play_card

    s = event_position(
        "card:long-turkish-war", powers1=("power:portugal", "power:austria"), powers2=("power:ottomans",)
    )
    s["wars"] = [["power:austria", "power:ottomans"]]
    s["war_records"] = {
        "power:austria|power:ottomans": {
            "order": 1,
            "card": "card:little-war-in-hungary",
            "vp": 1,
            "border_domains": {"power:austria": [], "power:ottomans": []},
        }
    }
    s, log = play_card(s, "player1", "event", "card:long-turkish-war")
    assert s["wars"] == [["power:austria", "power:ottomans"]]
    record = s["war_records"]["power:austria|power:ottomans"]
    assert (record["card"], record["vp"]) == ("card:little-war-in-hungary", 2)
    assert "log.event_war_vp_more" in msgs(log)


SPAIN = {"seat": "player1", "unrest": 0, "interest": [], "interest_areas": []}


def test_a_merchant_entering_beside_an_allys_gives_it_no_cb():
    """21.1 ¶3 (RULINGS A2-4): allies "cannot perform actions resulting in a CB", nor powers in forced peace
    (21.5.4): a merchant entering a center where the ally has merchants gives it no CB; a third power's still does."""
    from engines.ultima_ratio.economy import commerce
    from tests.engines.ultima_ratio.support import at_first_impulse, ctx

    for bond in ("alliances", "forced_peace"):
        g = ctx(at_first_impulse())
        g.s["powers"]["power:spain"] = dict(SPAIN)
        g.s[bond] = [["power:portugal", "power:spain"]]
        g.s["merchants"]["center:indian-ocean"] = {"power:spain": 1, "power:france": 1}
        commerce.enter_merchant(g, "power:portugal", "center:indian-ocean", 1)
        assert g.s["casus_belli"] == [["power:france", "power:portugal"]], bond


def test_taking_an_allys_area_from_the_common_enemy_gives_no_cb_and_returns_it_at_the_turns_end():
    """21.1 ¶3 (RULINGS A2-4) with 13.3.7: Portugal takes from France an area Spain owns. Allied with Spain, it gives
    Spain no CB, and the control still goes back to Spain at the end of the turn; not allied, Spain gets a CB."""
    from engines.ultima_ratio.combat import land_battles
    from tests.engines.ultima_ratio.support import at_first_impulse, ctx

    for alliances, cbs in (([["power:portugal", "power:spain"]], []), ([], [["power:spain", "power:portugal"]])):
        g = ctx(at_first_impulse())
        g.s["powers"]["power:spain"] = dict(SPAIN)
        g.s["alliances"] = alliances
        g.s["areas"]["area:oporto"].update(owner="power:spain", control="power:portugal")
        land_battles.third_power_casus_belli(g, "power:portugal", "area:oporto", "power:france")
        assert g.s["casus_belli"] == cbs
        assert g.s["controls_to_return"] == [["area:oporto", "power:portugal"]]
