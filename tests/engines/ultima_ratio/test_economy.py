"""19. Economy: merchants in two steps, commercial competition, income and maintenance, trade VP."""

from __future__ import annotations

from engines.core.types import text
from engines.ultima_ratio.economy import commerce
from tests.engines.ultima_ratio.support import GAME, advance, at_first_impulse, ctx, fresh, legal, moves, play


def own(s, *areas):
    for area in areas:
        s["areas"][area].update(owner="power:portugal", control="power:portugal", marker=None)
    return s


def test_merchant_needs_a_coastal_possession_on_the_center_and_interest():
    g = ctx(at_first_impulse())
    assert commerce.merchant_centers(g.s, GAME.board, "power:portugal") == []
    own(g.s, "area:goa")
    assert commerce.merchant_centers(g.s, GAME.board, "power:portugal") == ["center:indian-ocean"]
    own(g.s, "area:elmina")  # Africa: a theater center (RULINGS.md › 19.2.2)
    assert "center:africa" in commerce.merchant_centers(g.s, GAME.board, "power:portugal")
    g.s["merchants_prepared"]["center:indian-ocean"] = {"power:portugal": 1}
    g.s["merchants"]["center:indian-ocean"] = {"power:portugal": 1}
    assert "sea:indian-ocean" not in commerce.merchant_centers(g.s, GAME.board, "power:portugal")  # at most 2


def test_merchants_are_prepared_then_enter_next_turn():
    s = own(at_first_impulse(), "area:goa")
    s = moves(s, ("done", None), ("act", ["power:portugal", "build_merchant"]), ("center", "center:indian-ocean"))
    assert s["merchants_prepared"] == {"center:indian-ocean": {"power:portugal": 1}} and s["merchants"] == {}
    s = advance(s, "merchants_enter")
    assert s["turn"] == 2 and legal(s) == {"enter": ["center:indian-ocean"], "remove": ["center:indian-ocean"]}
    s, _ = play(s, "enter", "center:indian-ocean")
    assert s["merchants"] == {"center:indian-ocean": {"power:portugal": 1}} and s["merchants_prepared"] == {}


def test_one_merchant_enters_and_two_enter_in_english_and_spanish():
    """8.1.3: the log's verb agrees with the number of merchants ("1 merchant of Venice enter" read wrong)."""
    s = own(at_first_impulse(), "area:goa")
    s = moves(s, ("done", None), ("act", ["power:portugal", "build_merchant"]), ("center", "center:indian-ocean"))
    _, log = play(advance(s, "merchants_enter"), "enter", "center:indian-ocean")
    entered = next(e for e in log if e["msg"] == "log.merchant_enters")
    assert GAME.renderer("en").text(entered) == "1 merchant of Portugal enters the Indian Ocean."
    assert GAME.renderer("es").text(entered) == "1 mercader de Portugal entra en el Océano Índico."
    two = text(entered["msg"], **{**entered["args"], "count": 2})
    assert GAME.renderer("en").text(two) == "2 merchants of Portugal enter the Indian Ocean."
    assert GAME.renderer("es").text(two) == "2 mercaderes de Portugal entran en el Océano Índico."


def test_a_merchant_needs_interest_in_a_theater_the_center_includes():
    """19.2.2 with 18.4.1 (l. 1308): no merchants "in maritime trade centers connected with these theaters (unless
    the trade center also includes an area of a theater where the major power does have interest)". In 9.1 the
    East Atlantic (Portugal's own Lisbon, a commercial port, and Tangier, opened by the scenario, all in WM) is no
    center for Portugal, which has no interest in WM (RULINGS 9.1 § 5, § 22); its possessions there do not
    count."""
    s = fresh()
    assert (
        "center:east-atlantic" in {c.id for c in GAME.board.map.trade_centers}
        and s["capacity"]["center:east-atlantic"] == 0
    )
    own(s, "area:tangier", "area:mazagan")
    assert "center:east-atlantic" not in commerce.merchant_centers(s, GAME.board, "power:portugal")
    assert "build_merchant" not in legal(s)["build"]  # 9.1's deployment offers no merchant in Turn 1
    s["powers"]["power:portugal"]["interest"].append("WM")
    assert "center:east-atlantic" in commerce.merchant_centers(s, GAME.board, "power:portugal")


def test_at_deployment_merchants_go_straight_into_the_center():
    s = moves(own(fresh(), "area:goa"), ("build", "build_merchant"), ("center", "center:indian-ocean"))
    assert s["merchants"] == {"center:indian-ocean": {"power:portugal": 1}} and s["casus_belli"] == []


def test_a_merchant_deployed_where_others_are_gives_them_a_cb_except_at_the_start_of_the_game():
    """24. (l. 1879): "If the major power places merchants in commercial areas where there already were other
    merchants in previous turns, this major power gives a Casus Belli (CB) to those major powers. This of course does
    not affect the start-of-game deployment, but rather those in later turns"."""
    for turn, cb in ((1, []), (2, [["power:spain", "power:portugal"]])):
        s = own(fresh(), "area:goa")
        s["turn"] = turn
        s["merchants"] = {"center:indian-ocean": {"power:spain": 1}}
        s = moves(s, ("build", "build_merchant"), ("center", "center:indian-ocean"))
        assert s["merchants"]["center:indian-ocean"] == {"power:spain": 1, "power:portugal": 1}
        assert s["casus_belli"] == cb, turn


def test_entering_merchants_give_a_cb_to_the_powers_present():
    g = ctx(at_first_impulse())
    g.s["merchants"]["center:indian-ocean"] = {"power:spain": 1}
    commerce.enter_merchant(g, "power:portugal", "center:indian-ocean", 1)
    assert g.s["casus_belli"] == [["power:spain", "power:portugal"]]


def test_commercial_competition_cuts_to_the_capacity():
    g = ctx(at_first_impulse())
    own(g.s, "area:goa")
    g.s["merchants"] = {"center:indian-ocean": {"power:portugal": 2}, "center:east-atlantic": {"power:portugal": 1}}
    commerce.commercial_competition(g)
    # Indian Ocean capacity 1: Portugal holds one coastal area there (Goa): 2 -> 1; East Atlantic capacity 0
    assert g.s["merchants"] == {"center:indian-ocean": {"power:portugal": 1}, "center:east-atlantic": {}}


def test_competition_removes_first_the_powers_without_coastal_areas():
    g = ctx(at_first_impulse())
    own(g.s, "area:goa", "area:calicut")
    g.s["powers"]["power:spain"] = {"seat": "player1", "unrest": 0, "interest": [], "interest_areas": []}
    g.s["merchants"] = {"center:indian-ocean": {"power:portugal": 1, "power:spain": 1}}
    commerce.commercial_competition(g)
    assert g.s["merchants"]["center:indian-ocean"] == {"power:portugal": 1}


def test_income_and_expenses():
    """23.1.1: maintenance on the card + 2 / 3 per center with 1 / 2 merchants + 1 per non-home key area;
    troops 1, squadrons 2, fortresses 1, revolts 1."""
    g = ctx(at_first_impulse())
    base = GAME.board.power("power:portugal").base_maintenance
    own(g.s, "area:malacca", "area:goa")  # Goa is a home area; Malacca a key domain
    g.s["merchants"] = {"center:indian-ocean": {"power:portugal": 2}, "center:africa": {"power:portugal": 1}}
    assert commerce.income(g.s, GAME.board, "power:portugal") == base + 3 + 2 + 1
    g.s["units"]["power:portugal-troop-1"]["loc"] = "area:portugal"
    g.s["units"]["power:portugal-troop-2"]["loc"] = "box:dispersed-wm"
    g.s["units"]["power:portugal-squadron-1"]["loc"] = "eliminated"
    g.s["areas"]["area:oporto"]["fortress"] = {"power": "power:portugal", "built": False, "since": 0}
    g.s["areas"]["area:alentejo"]["marker"] = "R2"
    assert commerce.expenses(g.s, GAME.board, "power:portugal") == 1 + 1 + 2 + 1 + 1
    unrest = g.s["powers"]["power:portugal"]["unrest"]
    commerce.economic_phase(g, "power:portugal")
    assert g.s["powers"]["power:portugal"]["unrest"] == max(0, unrest + 6 - (base + 6))


def test_two_merchants_are_a_monopoly_worth_one_vp():
    g = ctx(at_first_impulse())
    g.s["merchants"] = {"center:sea-of-china": {"power:portugal": 2}, "center:africa": {"power:portugal": 1}}
    assert commerce.trade_vp(g.s, "power:portugal") == 1


def test_a_power_without_coastal_areas_loses_its_whole_counter():
    g = ctx(at_first_impulse())
    own(g.s, "area:goa")
    g.s["powers"]["power:spain"] = {"seat": "player1", "unrest": 0, "interest": [], "interest_areas": []}
    g.s["merchants"] = {"center:indian-ocean": {"power:portugal": 1, "power:spain": 2}}  # capacity 1: excess 2
    commerce.commercial_competition(g)
    assert g.s["merchants"]["center:indian-ocean"] == {"power:portugal": 1}
