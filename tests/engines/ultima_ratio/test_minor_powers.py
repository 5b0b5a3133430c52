"""20. Diplomacy with minor powers (``diplomacy/alliance_auction.py``, ``minor_status.py``, ``minor_conquest.py``,
``minor_powers.py``). 9.1 has one minor (the Emirates, an automaton), so the positions are built by hand from a 9.1
game with cards and two seats (``test_cards.position``: player1 Portugal and France, player2 Spain) with Genoa (CM:
Genoa, a key area and port with its fortress, and Corsica, of WM) or Savoy (Savoy and Piedmont, no key area) in
play; 9.2's allies at the start are played from its set-up. Line numbers are shared/rules/ultima-ratio-regis.txt's."""

from __future__ import annotations

from engines.core.machine import Ctx, copy_state
from engines.ultima_ratio.diplomacy import minor_conquest, minor_powers
from engines.ultima_ratio.economy import auction
from engines.ultima_ratio.game import GAME
from engines.ultima_ratio.movement import land_areas, troop_paths
from engines.ultima_ratio.preparation import deployment
from engines.ultima_ratio.state import new_unit
from tests.engines.ultima_ratio.test_cards import check, event_position, legal, play, position, step

GENOA = ("area:genoa", "area:corsica")
SAVOY = ("area:savoy", "area:piedmont")


def area(s: dict, name: str, owner: str | None, control: str | None = None, marker: str | None = None) -> None:
    base = {"fortress": None, "siege": None, "interrupted": False}
    s["areas"][name] = {**base, "owner": owner, "control": owner if control is None else control, "marker": marker}


def with_minor(s: dict, minor: str, ally: str | None = None) -> dict:
    """The minor in play (``minor_powers.enter_play``: its areas, card fortresses, units on its card), allied with
    ``ally``; France (player1) and Spain (player2) have interest in CM, Portugal has not."""
    card = GAME.board.minor(minor)
    for name in card.areas:
        area(s, name, None)
    minor_powers.enter_play(s, card)
    s["minors"][minor]["ally"] = ally
    for p in ("power:france", "power:spain"):
        s["powers"][p]["interest"] = ["CM", "WM", "WE", "Af"]
    return s


def auction_for(minor: str = "minor:genoa", ally: str | None = None, card: str = "card:alliance-genoa", **kw) -> dict:
    s = event_position(card, powers1=("power:portugal", "power:france"), **kw)
    with_minor(s, minor, ally)
    s, _ = play(s, "player1", "event", card)
    return s


def at_war_with_spain(s: dict) -> dict:
    s["wars"].append(["power:france", "power:spain"])
    return s


def spain_wins(s: dict, amount: int = 1):
    """Player1 passes, Spain bids, player1 passes again (19.3.1: the auction ends when the others pass in a row)."""
    s, _ = play(s, "player1", "pass")
    s, log = play(s, "player2", "bid", ["power:spain", amount])
    s, more = play(s, "player1", "pass")
    return s, [*log, *more]


def msgs(log) -> list[str]:
    return [e["msg"] for e in log]


# ----- 20.3.1 the alliance auction --------------------------------------------------------------------------------
def test_only_the_powers_with_interest_in_the_minors_theater_bid_and_the_winner_pays_in_unrest():
    """20.3.1 (l. 1505): "Only the major powers with interest in the theater where the minor power is located can
    participate"; the limit as in 19.3.1 (vitality less the unrest above it)."""
    s = auction_for()
    assert step(s) == "alliance_auction" and GAME.active_roles(s) == ["player1"]
    limit = auction.bid_limit(s, GAME.board, "power:france")
    assert legal(s)["bid"] == [["power:france", n] for n in range(1, limit + 1)]  # Portugal has no interest in CM
    s, _ = play(s, "player1", "bid", ["power:france", 1])
    assert legal(s, "player2")["bid"][0] == ["power:spain", 2]
    spain = s["powers"]["power:spain"]["unrest"]
    s, log = play(s, "player2", "bid", ["power:spain", 2])
    s, log = play(s, "player1", "pass")
    assert s["powers"]["power:spain"]["unrest"] == spain + 2
    assert s["minors"]["minor:genoa"]["ally"] == "power:spain" and "log.alliance_won" in msgs(log)


def test_a_player_without_a_power_of_interest_is_not_asked():
    s = event_position("card:alliance-genoa", powers1=("power:portugal", "power:france"))
    with_minor(s, "minor:genoa")
    s["powers"]["power:spain"]["interest"] = ["Af"]
    s, _ = play(s, "player1", "event", "card:alliance-genoa")
    assert s["stack"][-1]["order"] == ["player1"]
    s, _ = play(s, "player1", "bid", ["power:france", 1])  # the only bidder: the auction ends at once
    assert s["minors"]["minor:genoa"]["ally"] == "power:france" and step(s) == "minor_reinforcements"


def test_the_bets_are_open_as_in_the_technology_auction():
    """20.3.1: "identical to the technology auction", whose bets are made in turn, each surpassing the last (19.3.1,
    RULINGS MP-3): the other player sees the bet he must surpass, in his prompt and in the log."""
    s = auction_for()
    s, log = play(s, "player1", "bid", ["power:france", 2])
    assert [e["args"] for e in log if e["msg"] == "log.alliance_bid"] == [{"power": "power:france", "amount": 2}]
    view = GAME.view(s, "player2")
    assert view["prompt"]["text"]["args"]["amount"] == 2 and legal(s, "player2")["bid"][0] == ["power:spain", 3]


def test_renewing_an_alliance_costs_one_unrest_less():
    """20.3.1 (l. 1507): "any major powers that win the auction to ally with a minor power with which they were
    previously allied reduce the unrest increase by one point"."""
    s = auction_for(ally="power:spain")
    spain = s["powers"]["power:spain"]["unrest"]
    s, log = spain_wins(s, 2)
    assert s["powers"]["power:spain"]["unrest"] == spain + 1 and "log.alliance_renewed" in msgs(log)
    assert s["minors"]["minor:genoa"]["ally"] == "power:spain"


def test_nobody_bids_and_an_allied_minor_becomes_neutral():
    """20.4.1 (l. 1533-1537): "if no major power bets in the auction": its troops are removed (eliminated ones too)
    and available; rebellions in its areas end; the major powers' units there stay unless their player repatriates
    them."""
    s = event_position("card:alliance-genoa", powers1=("power:portugal", "power:france"))
    with_minor(s, "minor:genoa", ally="power:spain")
    s["units"]["minor:genoa-troop-1"]["loc"] = "area:genoa"
    s["units"]["minor:genoa-squadron-1"]["loc"] = "eliminated"
    s["areas"]["area:corsica"].update(marker="R2", control=None)
    new_unit(s, "power:spain-troop-1", "power:spain", "troop", "2-3", "area:genoa")
    s, _ = play(s, "player1", "event", "card:alliance-genoa")
    s, _ = play(s, "player1", "pass")
    s, log = play(s, "player2", "pass")
    assert s["minors"]["minor:genoa"]["ally"] is None and "log.alliance_nobody" in msgs(log)
    assert {s["units"][u]["loc"] for u in ("minor:genoa-troop-1", "minor:genoa-squadron-1")} == {"available"}
    assert s["areas"]["area:corsica"]["marker"] is None and s["areas"]["area:corsica"]["control"] == "minor:genoa"
    assert step(s) == "minor_repatriation_choice" and GAME.active_roles(s) == ["player2"]
    s, _ = play(s, "player2", "stay")
    assert s["units"]["power:spain-troop-1"]["loc"] == "area:genoa" and step(s) == "card_play"


def test_a_regional_card_lets_its_player_choose_the_minor():
    """ "Alliance auction for one minor power (chosen by the player)" of the card's theaters."""
    s = event_position("card:continental-ally", powers1=("power:portugal", "power:france"))
    with_minor(s, "minor:genoa")
    with_minor(s, "minor:savoy")
    s, _ = play(s, "player1", "event", "card:continental-ally")
    assert step(s) == "event_choice" and legal(s) == {"choose": ["minor:genoa", "minor:savoy"]}
    s, _ = play(s, "player1", "choose", "minor:savoy")
    assert step(s) == "alliance_auction" and s["stack"][-1]["minor"] == "minor:savoy"


def test_a_mercenary_minor_enters_play_with_its_card_and_any_power_may_bid():
    """20.6: no home territory — every major power may bid (RULINGS MP-2); "they enter the game as the major
    power's own reinforcements" (9.1: a 3-4 troop in the theater with most of its home areas)."""
    s = event_position("card:alliance-german-mercenaries", powers1=("power:portugal", "power:france"))
    assert "minor:german-mercenaries" not in s["minors"]
    s, _ = play(s, "player1", "event", "card:alliance-german-mercenaries")
    assert s["minors"]["minor:german-mercenaries"] == {"ally": None}
    assert {b[0] for b in legal(s)["bid"]} == {"power:portugal", "power:france"}
    s, _ = play(s, "player1", "bid", ["power:portugal", 1])
    s, _ = play(s, "player2", "pass")
    assert step(s) == "minor_reinforcements"
    places = {a for _, a in legal(s)["place"]}
    assert places and all(s["areas"][a]["owner"] == "power:portugal" for a in places)


# ----- 20.3.2 reinforcements, 20.4.2 other powers' units ----------------------------------------------------------
def test_the_new_ally_places_the_units_in_the_minors_controlled_areas_and_its_fortress_is_rebuilt():
    """20.3.2 (l. 1515): the units not destroyed "even if they are besieged" are placed as reinforcements (9.1:
    "the troops of minor powers are built in the controlled areas of the minor power"; squadrons in its ports);
    the card's destroyed fortresses are rebuilt."""
    s = auction_for()
    s["areas"]["area:genoa"]["fortress"] = None
    s["units"]["minor:genoa-troop-1"]["loc"] = "area:genoa"
    s, log = spain_wins(s)
    assert s["areas"]["area:genoa"]["fortress"]["power"] == "minor:genoa" and "log.minor_fortress_rebuilt" in msgs(log)
    assert step(s) == "minor_reinforcements" and GAME.active_roles(s) == ["player2"]
    assert legal(s, "player2")["place"] == [
        ["minor:genoa-squadron-1", "area:genoa"],
        ["minor:genoa-troop-1", "area:genoa"],
    ]  # not Corsica (WM)
    s, _ = play(s, "player2", "place", ["minor:genoa-troop-1", "area:genoa"])
    s, _ = play(s, "player2", "place", ["minor:genoa-squadron-1", "area:genoa"])
    assert (
        s["units"]["minor:genoa-squadron-1"]["loc"] == "area:genoa"
        and not s["units"]["minor:genoa-squadron-1"]["repair"]
    )
    assert step(s) == "card_play"


def test_a_destroyed_unit_is_not_a_reinforcement():
    s = auction_for()
    s["units"]["minor:genoa-squadron-1"]["loc"] = "eliminated"
    s, _ = spain_wins(s)
    assert legal(s, "player2")["place"] == [["minor:genoa-troop-1", "area:genoa"]]


def test_the_former_allys_units_must_go_home_and_the_new_allys_control_markers_are_removed():
    """20.4.2 (l. 1545-1549): the units of the former ally (and of other major powers) "must be repatriated" (14.1);
    the new ally's units stay, "but control markers are removed"."""
    s = auction_for(ally="power:france")
    new_unit(s, "power:france-troop-9", "power:france", "troop", "2-3", "area:genoa")
    s["areas"]["area:corsica"]["control"] = "power:spain"
    new_unit(s, "power:spain-troop-9", "power:spain", "troop", "2-3", "area:corsica")
    s, log = spain_wins(s)
    assert [m for m in msgs(log) if m in ("log.minor_alliance_ends", "log.minor_allied.card")] == [
        "log.minor_alliance_ends",
        "log.minor_allied.card",
    ]
    assert (
        s["areas"]["area:corsica"]["control"] == "minor:genoa"
        and s["units"]["power:spain-troop-9"]["loc"] == "area:corsica"
    )
    assert "log.minor_repatriation" in msgs(log) and step(s) == "repatriate_troop"
    assert GAME.active_roles(s) == ["player1"]  # France's troop, not at war with Spain: no choice


def test_at_war_with_the_new_ally_the_repatriation_is_optional():
    """20.4.2: "This repatriation is optional for these major powers if the minor power's new ally is at war with
    them"; the minor's units are placed in its controlled areas only."""
    s = at_war_with_spain(auction_for(ally="power:france"))
    new_unit(s, "power:france-troop-9", "power:france", "troop", "2-3", "area:genoa")
    s["areas"]["area:genoa"]["control"] = "power:france"
    s, _ = spain_wins(s)
    assert step(s) == "minor_repatriation_choice" and legal(s) == {"repatriate": [None], "stay": [None]}
    s, _ = play(s, "player1", "stay")
    assert (
        s["units"]["power:france-troop-9"]["loc"] == "area:genoa"
        and s["areas"]["area:genoa"]["control"] == "power:france"
    )
    assert step(s) == "card_play" and s["units"]["minor:genoa-troop-1"]["loc"] == "available"  # Genoa held by France


# ----- 20.3.3 conquest --------------------------------------------------------------------------------------------
def conquest(minor: str, areas: tuple[str, ...]) -> Ctx:
    """``minor`` allied with France at war with Spain; Spain controls every area but the first."""
    s = at_war_with_spain(position(powers1=("power:portugal", "power:france")))
    with_minor(s, minor, ally="power:france")
    s["units"][f"{minor}-troop-1"]["loc"] = "area:" + areas[0]
    for name in areas[1:]:
        s["areas"][name]["control"] = "power:spain"
    return Ctx(GAME, copy_state(s))


def test_a_minor_completely_occupied_allies_with_its_occupier_and_its_units_are_eliminated():
    """20.3.3 (l. 1519-1523) with a key area (Genoa): no morale for the minor itself (the key area's own point is
    21.3.5's)."""
    g = conquest("minor:genoa", GENOA)  # Spain holds Corsica
    assert (
        minor_conquest.occupier(g.s, "minor:genoa") is None and g.s["areas"]["area:corsica"]["owner"] == "minor:genoa"
    )
    land_areas.take_control(g, "power:spain", "area:genoa")
    s = g.s
    assert s["minors"]["minor:genoa"]["ally"] == "power:spain"
    assert {s["units"][u]["loc"] for u in ("minor:genoa-troop-1", "minor:genoa-squadron-1")} == {"eliminated"}
    assert all(s["areas"][a]["owner"] == "minor:genoa" and s["areas"][a]["control"] == "minor:genoa" for a in GENOA)
    reasons = [e["args"]["reason"] for e in g.entries if e["msg"] == "log.morale"]
    assert reasons == ["key_area"]
    check(s, g.entries)


def test_a_minor_without_key_area_costs_its_ally_a_morale_point():
    """20.3.3: "If the minor power does not have a key area, the major power losing the minor power must give a
    morale to the newly allied major power" (21.3.5, l. 1675)."""
    g = conquest("minor:savoy", SAVOY)
    land_areas.take_control(g, "power:spain", "area:savoy")
    assert g.s["minors"]["minor:savoy"]["ally"] == "power:spain"
    assert g.s["morale"]["power:france"] == {"power:spain": 1}
    assert [e["args"]["reason"] for e in g.entries if e["msg"] == "log.morale"] == ["minor_conquered"]


def test_a_minor_occupied_by_several_enemies_stays_with_its_ally():
    """20.3.3 (l. 1523): "the allied major power continues to be allied with it (and therefore does not lose
    morale)"."""
    g = conquest("minor:savoy", SAVOY)
    g.s["powers"]["power:ottomans"] = {"seat": "player2", "unrest": 0, "interest": ["CM"], "interest_areas": []}
    g.s["seats"]["player2"]["powers"].append("power:ottomans")
    g.s["wars"].append(["power:france", "power:ottomans"])
    land_areas.take_control(g, "power:ottomans", "area:savoy")
    assert g.s["minors"]["minor:savoy"]["ally"] == "power:france" and not g.s.get("morale", {}).get("power:france")


# ----- 20.3.4 other forms -----------------------------------------------------------------------------------------
def test_a_peace_condition_allies_the_minor_with_the_winner_who_places_its_units():
    """21.5.3 / 20.3.4: an alliance "as a condition of peace" is "treated in the same way as those obtained by
    alliance card"; breaking it makes the minor neutral (20.4.1)."""
    s = at_war_with_spain(position(powers1=("power:portugal", "power:france")))
    with_minor(s, "minor:genoa", ally="power:france")
    with_minor(s, "minor:savoy", ally="power:france")
    frame = {
        "step": "peace_conditions",
        "pair": ["power:france", "power:spain"],
        "winner": "power:spain",
        "loser": "power:france",
    }
    s["stack"].append({**frame, "left": 5, "chosen": [], "requester": None})
    s, log = play(s, "player2", "condition", ["ally_minor", "minor:genoa"])
    assert s["minors"]["minor:genoa"]["ally"] == "power:spain" and step(s) == "minor_reinforcements"
    s, _ = play(s, "player2", "done")
    assert step(s) == "peace_conditions"
    s, log = play(s, "player2", "condition", ["break_alliance", "minor:savoy"])
    assert s["minors"]["minor:savoy"]["ally"] is None and "log.minor_neutral" in msgs(log)


def test_9_2_starts_with_its_allies_deployed():
    """20.3.4 (l. 1529): "there are powers that start with allies. These start with all their military units
    deployed" — 9.2's Turn 1: Spain with the Papacy and Florence; the player places them after his points (24.)."""
    from tests.engines.ultima_ratio.test_new_order import GAME as TABLE
    from tests.engines.ultima_ratio.test_new_order import auction as bets
    from tests.engines.ultima_ratio.test_new_order import begin

    s = bets(begin(3), {"player1": 0, "player2": 0, "player3": 0})
    assert {m: i["ally"] for m, i in s["minors"].items() if i["ally"]}["minor:papacy"] == "power:spain"
    spain = s["powers"]["power:spain"]["seat"]
    while deployment.deploying(s, spain) != "power:spain":
        s = TABLE.apply(s, spain, "done", None)
    s = TABLE.apply(s, spain, "done", None)
    assert s["stack"][-1]["step"] == "minor_reinforcements" and s["stack"][-1]["minor"] == "minor:florence"
    places = {a for _, a in TABLE.legal(s, TABLE.active_roles(s)[0])["place"]}
    assert places == {"area:florence", "area:siena"}


def test_a_scenarios_allies_start_with_all_their_units_deployed_none_left_on_the_card():
    """20.3.4 (l. 1529): the allies at a scenario's start "start with all their military units deployed" — the
    player places every unit while a place is left, without the choice to stop that 20.3.2's "can take" gives after
    an alliance by card (RULINGS PA-5, MP-5)."""
    from tests.engines.ultima_ratio.test_new_order import GAME as TABLE
    from tests.engines.ultima_ratio.test_new_order import auction as bets
    from tests.engines.ultima_ratio.test_new_order import begin

    s = bets(begin(3), {"player1": 0, "player2": 0, "player3": 0})
    while s["stack"][-1]["step"] != "minor_reinforcements":
        s = TABLE.apply(s, TABLE.active_roles(s)[0], "done", None)
    f = s["stack"][-1]
    while s["stack"][-1]["step"] == "minor_reinforcements":
        role = TABLE.active_roles(s)[0]
        legal_now = TABLE.legal(s, role)
        assert "done" not in legal_now, legal_now
        s = TABLE.apply(s, role, "place", legal_now["place"][0])
    assert all(s["units"][u]["loc"] != "available" for u in f["todo"])


# ----- events ------------------------------------------------------------------------------------------------------
def run_effect(s: dict, *effects: dict) -> Ctx:
    g = Ctx(GAME, copy_state(s))
    g.s["stack"].append({"step": "event", "card": "test", "seat": "player1", "queue": list(effects)})
    GAME._run_auto(g)
    return g


def test_a_minor_appears_neutral_and_disappears_leaving_independent_areas():
    s = position()
    for name in GENOA:
        area(s, name, None)
    g = run_effect(s, {"op": "minor_appears", "minor": "minor:genoa"})
    assert g.s["minors"]["minor:genoa"] == {"ally": None} and g.s["areas"]["area:genoa"]["owner"] == "minor:genoa"
    assert (
        g.s["units"]["minor:genoa-troop-1"]["loc"] == "available"
        and g.s["areas"]["area:genoa"]["fortress"]["power"] == "minor:genoa"
    )
    g = run_effect(g.s, {"op": "minor_disappears", "minor": "minor:genoa"})
    assert "minor:genoa" not in g.s["minors"] and not [u for u in g.s["units"] if u.startswith("minor:genoa-")]
    assert g.s["areas"]["area:corsica"] == {
        **g.s["areas"]["area:corsica"],
        "owner": None,
        "control": None,
        "marker": "A3",
    }
    g = run_effect(g.s, {"op": "deactivate", "areas": ["area:corsica"]})
    assert "area:corsica" not in g.s["areas"]


def test_an_event_alliance_with_a_minor_is_an_alliance_by_card():
    s = position(powers1=("power:portugal", "power:france"))
    with_minor(s, "minor:savoy")
    g = run_effect(s, {"op": "alliance", "power": "power:france", "with": "minor:savoy"})
    assert g.s["minors"]["minor:savoy"]["ally"] == "power:france" and g.s["stack"][-1]["step"] == "minor_reinforcements"


# ----- 20.1 neutral minors ----------------------------------------------------------------------------------------
def test_a_neutral_minors_areas_are_open_to_tactical_moves_but_not_to_strategic_ones_without_troops():
    """20.1 (l. 1486): "Their areas can only be used to plot strategic movements if they are occupied by troops of
    the major power. Tactical movements in these areas are allowed"."""
    s = position(powers1=("power:portugal", "power:france"))
    with_minor(s, "minor:savoy")
    g = Ctx(GAME, s)
    assert land_areas.enterable(g, "power:france", "area:savoy") and not land_areas.free_control(
        g, "power:france", "area:savoy"
    )
    assert not troop_paths.troop_passable(g, "power:france", "area:savoy")
    new_unit(s, "power:france-troop-9", "power:france", "troop", "2-3", "area:savoy")
    assert troop_paths.troop_passable(g, "power:france", "area:savoy")
    s["minors"]["minor:savoy"]["ally"] = "power:spain"
    assert not land_areas.enterable(g, "power:france", "area:piedmont")  # an ally's area: not without war (12.1)


def test_the_conquest_module_reads_only_allied_minors():
    s = position(powers1=("power:portugal", "power:france"))
    with_minor(s, "minor:savoy")
    assert minor_conquest.occupier(s, "minor:savoy") is None


# ----- 20.5 independent minors -------------------------------------------------------------------------------------
def test_a_declaration_on_an_allied_independent_minor_drags_its_ally_into_the_war():
    """20.5 (l. 1555, 1561): war may be declared on an independent minor "as long as they are allied with major
    powers with which they are not in forced peace"; "they drag the allied major power with them" — the war is the
    ally's, and without a CB the morale point goes to it (21.3.5, RULINGS MP-10)."""
    from tests.engines.ultima_ratio.support_war import legal as war_legal
    from tests.engines.ultima_ratio.support_war import moves, power, start
    from tests.engines.ultima_ratio.support_war import play as war_play

    s = power(start(), "power:spain", war=False)
    s = moves(s, ("done", None), ("act", ["power:portugal", "lower_unrest"]))
    s["free_attacks"] = []
    s["minors"]["minor:emirates"]["ally"] = "power:spain"  # the Emirates are an independent minor (minors.yaml)
    assert ["power:portugal", "minor:emirates"] in war_legal(s)["declare_war"]
    s["forced_peace"] = [["power:portugal", "power:spain"]]
    assert ["power:portugal", "minor:emirates"] not in war_legal(s).get("declare_war", [])
    s["forced_peace"] = []
    s, log = war_play(s, "declare_war", ["power:portugal", "minor:emirates"])
    assert ["power:portugal", "power:spain"] in s["wars"] and "log.minor_drags_ally" in msgs(log)
    assert s["morale"] == {"power:portugal": {"power:spain": 1}}


# ----- 20.2 consequences of alliance ---------------------------------------------------------------------------------
def allied_genoa() -> dict:
    """Genoa allied with France (player1, in its impulse, 2 actions), Genoa's troop in Genoa; France possesses Milan
    (CM, next to Genoa) and Lyon (WE, not a border area of CM)."""
    s = position(powers1=("power:portugal", "power:france"))
    with_minor(s, "minor:genoa", ally="power:france")
    area(s, "area:milan", "power:france")
    area(s, "area:lyon", "power:france")
    s["units"]["minor:genoa-troop-1"]["loc"] = s["impulse"]["start_locs"]["minor:genoa-troop-1"] = "area:genoa"
    s["impulse"]["actions"]["power:france"] = 2
    s, _ = play(s, "player1", "done")
    return s


def test_the_ally_acts_with_its_minors_units_with_its_own_points():
    """20.2 (l. 1488): "areas and units from allied minor powers are treated as if they were from the major power":
    the ally's player moves them and builds them with its power's actions; the minor's areas count as the ally's
    (its troop moves strategically through Genoa to the French Milan)."""
    s = allied_genoa()
    assert [a for a in legal(s)["act"] if a[0] == "minor:genoa"] == [
        ["minor:genoa", "build_squadron"],
        ["minor:genoa", "strategic_move"],
        ["minor:genoa", "tactical_move"],
    ]
    s, _ = play(s, "player1", "act", ["minor:genoa", "strategic_move"])
    assert s["impulse"]["actions"]["power:france"] == 1
    s, _ = play(s, "player1", "unit", "minor:genoa-troop-1")
    assert legal(s) == {"area": ["area:milan"]}  # 20.2: not Lyon, outside its theater and its border areas


def test_a_minors_units_are_built_in_its_own_areas_only_and_the_majors_not_there():
    """20.2 (l. 1490): "The troops and squadrons of the major power cannot be recruited in the areas of the allied
    minor power, and those of the allied minor power can only be recruited in the areas belonging to that minor
    power" (9.1, 9.2); fortresses may be built there (9.4)."""
    from engines.ultima_ratio.actions import construction

    s = allied_genoa()
    g = Ctx(GAME, s)
    assert construction.squadron_places(g, "minor:genoa") == ["area:genoa"]
    assert "area:genoa" not in construction.troop_places(g, "power:france", "2-3")
    assert "area:genoa" not in construction.squadron_places(g, "power:france")
    s["units"]["minor:genoa-troop-1"]["loc"] = "available"
    assert construction.troop_places(g, "minor:genoa", "2-3") == ["area:genoa"]
    s["areas"]["area:genoa"]["fortress"] = None
    assert "area:genoa" in construction.fortress_places(g, "power:france", False)


def test_the_losers_units_leave_a_minor_given_to_the_winner_at_peace():
    """MP-12: the conditions are chosen while the war stands, but the loser's units in the minor go home without a
    choice (21.5.3, l. 1748)."""
    s = at_war_with_spain(position(powers1=("power:portugal", "power:france")))
    with_minor(s, "minor:genoa", ally="power:france")
    new_unit(s, "power:france-troop-9", "power:france", "troop", "2-3", "area:genoa")
    frame = {
        "step": "peace_conditions",
        "pair": ["power:france", "power:spain"],
        "winner": "power:spain",
        "loser": "power:france",
    }
    s["stack"].append({**frame, "left": 5, "chosen": [], "requester": None})
    s, log = play(s, "player2", "condition", ["ally_minor", "minor:genoa"])
    assert "log.minor_repatriation" in msgs(log) and step(s) == "repatriate_troop"


# ----- playouts ---------------------------------------------------------------------------------------------------
def test_random_half_turns_with_alliance_cards_keep_the_invariants():
    """The random bot plays a half turn whose hands hold the alliance cards of Genoa, Savoy and the mercenaries and a
    regional card, with Genoa allied with Spain (at war with France) and Savoy neutral; every state and move is
    checked (views, logs, leaks, barriers: ``test_cards.play``)."""
    import random

    cards = ["card:alliance-genoa", "card:alliance-savoy", "card:alliance-german-mercenaries", "card:continental-ally"]
    union: set[str] = set()
    for seed in (1, 2, 3):
        s = at_war_with_spain(position(hand1=cards[:2], hand2=cards[2:], powers1=("power:portugal", "power:france")))
        with_minor(s, "minor:genoa", ally="power:spain")
        with_minor(s, "minor:savoy")
        s["units"]["minor:genoa-troop-1"]["loc"] = "area:genoa"
        new_unit(s, "power:france-troop-9", "power:france", "troop", "2-3", "area:corsica")
        rnd, seen = random.Random(seed), set()
        for _ in range(300):
            if not s["cards"]["hands"]["player1"] and not s["cards"]["hands"]["player2"] and step(s) == "card_play":
                break
            role = GAME.active_roles(s)[0]
            options = legal(s, role)
            verb = rnd.choice(sorted(options))
            s, _ = play(s, role, verb, rnd.choice(options[verb]))
            seen.add(step(s))
        union |= seen
    assert {"alliance_auction", "event_choice", "minor_reinforcements", "minor_repatriation_choice"} <= union


def test_an_allied_minors_squadron_that_loses_its_port_goes_to_the_nearest_base():
    """11.1.1 / 20.2: the squadrons of an allied minor are checked with the others after each action."""
    from engines.ultima_ratio.sequence import impulse

    s = allied_genoa()
    s["units"]["minor:genoa-squadron-1"].update(loc="area:genoa", galley=True)  # built in the Mediterranean (18.6.1)
    area(s, "area:florence", "power:france")
    s["areas"]["area:genoa"]["control"] = "power:spain"
    s["wars"].append(["power:france", "power:spain"])
    g = Ctx(GAME, copy_state(s))
    assert impulse.rebase_due(g, "player1") is None
    assert g.s["units"]["minor:genoa-squadron-1"]["loc"] == "area:florence"  # the ally's port in the theater


def test_an_allied_minors_fleet_uses_no_naval_base_outside_its_theater_its_troops_may_enter_the_border():
    """20.2 (l. 1492): the minor's troops "cannot leave the theater of operations to which the minor power belongs
    (except for border areas of the theater); and its fleets cannot use naval bases outside this theater"; 18.5
    (l. 1321) still lets its troops into the border areas (RULINGS G4-2). France, Genoa's ally, holds Venice (CM, a
    border area of Genoa's own theater) and Constantine (WM, bordering CM), both on the Central Mediterranean:
    Genoa's squadron that lost its port goes to Venice — before, Constantine was a base too, and first on the tie."""
    from engines.ultima_ratio.movement import naval_bases
    from engines.ultima_ratio.sequence import impulse
    from engines.ultima_ratio.state import interest_ok

    s = allied_genoa()
    s["units"]["minor:genoa-squadron-1"].update(loc="area:genoa", galley=True)  # built in the Mediterranean (18.6.1)
    area(s, "area:constantine", "power:france")
    area(s, "area:venice", "power:france")
    s["areas"]["area:genoa"]["control"] = "power:spain"
    s["wars"].append(["power:france", "power:spain"])
    board = GAME.board
    assert naval_bases.own_ports(s, board, "minor:genoa", "sea:central-mediterranean") == ["area:venice"]
    assert naval_bases.own_ports(s, board, "power:france", "sea:central-mediterranean") == [
        "area:corsica",  # Genoa's (WM), France's bases by its interest (18.4.1)
        "area:constantine",
        "area:venice",
    ]
    assert interest_ok(s, board, "minor:genoa", "area:constantine")  # 18.5: its troops may go there
    g = Ctx(GAME, copy_state(s))
    assert impulse.rebase_due(g, "player1") is None
    assert g.s["units"]["minor:genoa-squadron-1"]["loc"] == "area:venice"


def test_an_allied_minor_builds_no_squadron_in_its_own_port_outside_its_theater():
    """20.2 (l. 1492), RULINGS G4-2: the Barbary Coast (WM) possesses Tunis, of CM and bordering WM: its troops are
    built there (18.5), its squadrons only in its ports of WM — before, Tunis took squadrons too."""
    from engines.ultima_ratio.actions import construction

    s = with_minor(position(powers1=("power:portugal", "power:france")), "minor:barbary-coast-minor", "power:france")
    g = Ctx(GAME, s)
    squadrons = construction.squadron_places(g, "minor:barbary-coast-minor")
    assert "area:algiers" in squadrons and "area:tunis" not in squadrons
    assert construction.troop_fits(s, GAME.board, "minor:barbary-coast-minor", "area:tunis")


def test_a_minors_troop_dispersed_in_a_border_area_of_another_theater_goes_to_its_own_theaters_box():
    """18.5 (l. 1321): minor powers "can operate in areas bordering theaters where they can operate normally, but
    cannot go further, and cannot disperse outside the theaters where they normally operate" (RULINGS G4-3): a
    Savoyard troop (CM) dispersed in Dauphine (WE, bordering CM) goes to the box of Central Mediterranean, with no
    choice of box — before, to Western Europe's. France's own troop there may pick either (BX-1)."""
    from engines.ultima_ratio.combat import battles

    s = with_minor(position(powers1=("power:portugal", "power:france")), "minor:savoy", "power:france")
    area(s, "area:dauphine", "power:france")
    s["units"]["minor:savoy-troop-1"]["loc"] = "area:dauphine"
    new_unit(s, "power:france-troop-9", "power:france", "troop", "2-3", "area:dauphine")
    g = Ctx(GAME, s)
    for uid in ("minor:savoy-troop-1", "power:france-troop-9"):
        battles.disperse(g, uid, "area:dauphine")
    assert g.s["units"]["minor:savoy-troop-1"]["loc"] == "box:dispersed-cm"
    assert g.s["box_choices"] == {"power:france-troop-9": ["box:dispersed-we-continent", "box:dispersed-cm"]}


def test_the_ally_of_an_independent_minor_announces_whether_it_enters_a_new_war():
    """20.5 (l. 1557-1559): "When a major power that controls one of these minor powers enters a war, it must
    immediately announce which allied independent minor powers enter the war with it"; one that stays out is treated
    "as if it is neutral until the end of the war" (its units back on its card, 20.4.1; RULINGS MP-13)."""
    from engines.ultima_ratio.diplomacy import war
    from engines.ultima_ratio.state import hostile
    from tests.engines.ultima_ratio.support_war import moves, power, start
    from tests.engines.ultima_ratio.support_war import play as war_play

    s = power(start(), "power:spain", war=False)
    s = moves(s, ("done", None), ("act", ["power:portugal", "lower_unrest"]))
    s["free_attacks"] = []
    s["minors"]["minor:emirates"]["ally"] = "power:spain"
    s["units"]["minor:emirates-troop-1"]["loc"] = "area:aden"
    s, log = war_play(s, "declare_war", ["power:portugal", "power:spain"])
    assert step(s) == "minor_war_entry" and GAME.active_roles(s) == ["player2"]
    entered, _ = war_play(s, "enter")
    assert hostile(entered, "power:portugal", "minor:emirates") and entered["minors"]["minor:emirates"]["wars"] == {
        "power:portugal|power:spain": True
    }
    s, log = war_play(s, "stay_out")
    assert not hostile(s, "power:portugal", "minor:emirates") and hostile(s, "power:portugal", "power:spain")
    assert s["units"]["minor:emirates-troop-1"]["loc"] == "available" and "log.minor_stays_out" in msgs(log)
    g = Ctx(GAME, copy_state(s))
    war.end_war(g, ["power:portugal", "power:spain"])
    assert g.s["minors"]["minor:emirates"] == {"ally": "power:spain", "wars": {}}


def test_9_2s_later_turns_play_their_special_rules_the_palatinate_appears_in_turn_3():
    """Turn 3 (l. 2227-2230), as it starts in a played game: "The minor power Palatinate appears (it is no longer
    part of the German States)"; South America and Asia, out of 9.2's theaters (the main map), stay out (7.2,
    MP-14). Turn 2's Granada: ``test_new_order.py``."""
    from tests.engines.ultima_ratio.test_new_order import GAME as TABLE
    from tests.engines.ultima_ratio.test_new_order import end_of_turn

    before, last = end_of_turn(2)
    assert "minor:palatinate" not in before["minors"]
    s = TABLE.apply(before, *last)
    assert s["turn"] == 3 and s["minors"]["minor:palatinate"]["ally"] is None
    assert s["areas"]["area:palatinate"]["owner"] == "minor:palatinate"
    board = TABLE.board
    assert not [a for a in s["areas"] if board.areas[a].theater in ("Sa", "As")]


def ottomans_win_genoa(turn: int):
    """Genoa (Catholic) auctioned in ``turn``; the Ottomans (Sunni, player2) bid 2, player1 passes."""
    s = event_position(
        "card:alliance-genoa", powers1=("power:portugal", "power:france"), powers2=("power:spain", "power:ottomans")
    )
    with_minor(s, "minor:genoa")
    s["turn"] = turn
    s["powers"]["power:ottomans"]["interest"] = ["CM", "EM"]
    s, _ = play(s, "player1", "event", "card:alliance-genoa")
    s, _ = play(s, "player1", "pass")
    limit = auction.bid_limit(s, GAME.board, "power:ottomans")
    assert [n for p, n in legal(s, "player2")["bid"] if p == "power:ottomans"] == list(range(1, limit + 1))  # unchanged
    before = s["powers"]["power:ottomans"]["unrest"]
    s, log = play(s, "player2", "bid", ["power:ottomans", 2])
    s, more = play(s, "player1", "pass")
    assert s["minors"]["minor:genoa"]["ally"] == "power:ottomans"
    return s["powers"]["power:ottomans"]["unrest"] - before, msgs([*log, *more])


def test_turn_1_makes_diplomacy_between_christians_and_muslims_cost_one_more_unrest_not_the_maximum_bet():
    """Turn 1 (l. 2180, ``turns.yaml`` christian-muslim-diplomacy: ``diplomacy_cost``): "The cost of diplomacy between
    Christians and Muslims is increased by 1 (not the maximum bet)" — the Ottomans win Catholic Genoa for a bet of 2
    and pay 3 unrest; Turn 2 has no such rule: 2 (RULINGS TS-3). A Christian power's bet for Genoa is unchanged
    (``test_only_the_powers_with_interest_in_the_minors_theater_bid_and_the_winner_pays_in_unrest``)."""
    paid, log = ottomans_win_genoa(1)
    assert paid == 3 and "log.diplomacy_cost" in log
    paid, log = ottomans_win_genoa(2)
    assert paid == 2 and "log.diplomacy_cost" not in log


def test_the_former_allys_fortress_is_destroyed_even_when_its_units_may_stay():
    """20.2 (l. 1490): a major power can build fortresses in the areas of the allied minor power "(although they will
    be destroyed as soon as the alliance ends)" — also when, at war with the new ally, its other units may stay
    (20.4.2, l. 1547; RULINGS PA-3)."""
    s = at_war_with_spain(auction_for(ally="power:france"))
    new_unit(s, "power:france-troop-9", "power:france", "troop", "2-3", "area:genoa")
    s["areas"]["area:genoa"]["control"] = "power:france"
    s["areas"]["area:corsica"]["fortress"] = {"power": "power:france", "built": True, "since": 0}
    s, log = spain_wins(s)
    assert s["areas"]["area:corsica"]["fortress"] is None and "log.minor_repatriation" in msgs(log)
    assert step(s) == "minor_repatriation_choice" and legal(s) == {"repatriate": [None], "stay": [None]}
    s, _ = play(s, "player1", "stay")
    assert s["units"]["power:france-troop-9"]["loc"] == "area:genoa" and s["areas"]["area:corsica"]["fortress"] is None


def test_mercenaries_without_home_territory_move_where_their_ally_may():
    """20.6 (l. 1565): the mercenaries "function as a minor power" but "do not have a home territory" and "enter the
    game as the major power's own reinforcements": no theater of their own holds them (20.2's "cannot leave the
    theater of operations to which the minor power belongs"), so they go where their ally has interest (18.4.1;
    RULINGS PA-4). Before, no area was theirs to use: once placed they could never move."""
    s = event_position("card:alliance-german-mercenaries", powers1=("power:portugal", "power:france"))
    s, _ = play(s, "player1", "event", "card:alliance-german-mercenaries")
    s, _ = play(s, "player1", "bid", ["power:portugal", 1])
    s, _ = play(s, "player2", "pass")
    s, _ = play(s, "player1", "place", ["minor:german-mercenaries-troop-1", "area:alentejo"])
    g = Ctx(GAME, copy_state(s))
    assert land_areas.troops_that_move(g, "minor:german-mercenaries") == ["minor:german-mercenaries-troop-1"]
    assert land_areas.enterable(g, "minor:german-mercenaries", "area:algarve")
    g.s["minors"]["minor:german-mercenaries"]["ally"] = None
    assert not land_areas.enterable(g, "minor:german-mercenaries", "area:algarve")


def test_an_allied_minors_areas_give_no_income_and_its_units_cost_no_maintenance():
    """20.2 (l. 1491): "Although the areas of the allied minor power do not contribute anything to the economy of the
    major power, the units of the allied minor power do not have to be maintained (see 23.1.1)" — Genoa (a key
    area with its fortress) allied with Spain, its troop and squadron on the map."""
    from engines.ultima_ratio.economy import commerce

    s = position(powers1=("power:portugal", "power:france"))
    before = commerce.income(s, GAME.board, "power:spain"), commerce.expenses(s, GAME.board, "power:spain")
    with_minor(s, "minor:genoa", ally="power:spain")
    s["units"]["minor:genoa-troop-1"]["loc"] = "area:genoa"
    s["units"]["minor:genoa-squadron-1"]["loc"] = "area:genoa"
    assert GAME.board.areas["area:genoa"].key_area and s["areas"]["area:genoa"]["fortress"]
    assert (commerce.income(s, GAME.board, "power:spain"), commerce.expenses(s, GAME.board, "power:spain")) == before


def test_a_mercenarys_destroyed_units_are_rebuilt_at_a_new_alliance():
    """20.6 (l. 1565): "in the case of a new alliance, the units are immediately rebuilt if any had been destroyed" —
    unlike another minor's destroyed units (20.3.2, ``test_a_destroyed_unit_is_not_a_reinforcement``)."""
    s = event_position("card:alliance-german-mercenaries", powers1=("power:portugal", "power:france"))
    s, _ = play(s, "player1", "event", "card:alliance-german-mercenaries")
    s["units"]["minor:german-mercenaries-troop-2"]["loc"] = "eliminated"
    s, _ = play(s, "player1", "bid", ["power:portugal", 1])
    s, _ = play(s, "player2", "pass")
    assert step(s) == "minor_reinforcements" and "minor:german-mercenaries-troop-2" in s["stack"][-1]["todo"]
    assert s["units"]["minor:german-mercenaries-troop-2"]["loc"] == "available"


def test_an_independent_minor_allied_during_a_war_is_announced_right_after_the_alliance():
    """20.5 (l. 1559): "For major powers that are at war and later become allied with one of these minor powers, it
    is right after the alliance when it must be declared if the minor power enters the war or not" — Scotland won
    by Spain, at war with France: once its units are placed and the card is done, before any action of the impulse,
    Spain's player answers (RULINGS MP-13); staying out, Scotland's units go back to its card (20.4.1)."""
    s = at_war_with_spain(auction_for(minor="minor:scotland", card="card:alliance-scotland"))
    s, _ = spain_wins(s)
    while step(s) == "minor_reinforcements":
        s, _ = play(s, "player2", "place", legal(s, "player2")["place"][0])
    while step(s) == "card_play":
        s, _ = play(s, "player1", "done")
    assert step(s) == "minor_war_entry" and GAME.active_roles(s) == ["player2"]
    assert s["stack"][-1]["minor"] == "minor:scotland" and s["stack"][-1]["war"] == ["power:france", "power:spain"]
    s, _ = play(s, "player2", "stay_out")
    assert all(i["loc"] == "available" for u, i in s["units"].items() if i["power"] == "minor:scotland")
    assert s["minors"]["minor:scotland"]["wars"] == {"power:france|power:spain": False}
