"""The audit of chapters 13-23 (AUDIT.md): the gaps it found, each with the rule it reads."""
from __future__ import annotations

from engines.ultima_ratio import end_of_turn
from engines.ultima_ratio import state as st
from tests.engines.ultima_ratio.support import advance, at_first_impulse, ctx, legal, play
from tests.engines.ultima_ratio.support_war import area, leader, power, unit


def test_a_dynastic_change_eliminates_fortresses_and_leaders_and_ends_its_sieges():
    """23.3 "All the military units of the major power are eliminated": fortresses too, and the leaders on them go
    back to the pool with their last unit (13.1.7, 17.1); a siege it made is over (13.4.5)."""
    s = at_first_impulse()
    s["units"]["portugal-troop-1"]["loc"] = "area:portugal"
    s["units"]["portugal-troop-2"]["loc"] = "area:tangier"
    s["areas"]["oporto"]["fortress"] = {"power": "portugal", "built": True, "since": 0}
    pool = list(s["leader_pool"])
    leader(s, pool[0], "portugal-troop-1")
    leader(s, pool[1], "fortress:oporto")
    power(s, "spain", war=True)
    area(s, "tangier", "spain", fortress={"power": "spain", "built": True, "since": 0},
         siege={"besieger": "portugal", "casualties": 1})
    unit(s, "spain-troop-1", "troop", "area:tangier")
    g = ctx(s)
    end_of_turn.dynastic_change(g, "portugal", collapse=False)
    assert g.s["leaders"] == {} and set(pool[:2]) <= set(g.s["leader_pool"])
    assert g.s["areas"]["oporto"]["fortress"] is None
    assert g.s["areas"]["tangier"]["siege"] is None and g.s["areas"]["tangier"]["fortress"]["power"] == "spain"
    assert all(info["loc"] == "available" for info in g.s["units"].values() if info["power"] == "portugal")


def test_rebellions_in_all_its_territory_collapse_the_power_without_new_revolts():
    """23.2 "or that have rebellions in all its territory": revolts placed before this phase count too."""
    s = at_first_impulse()
    for name in st.possessions(s, "portugal"):
        s["areas"][name].update(marker="R2", control=None)
    s = advance(s, "social_agitation")
    assert s["powers"]["portugal"]["unrest"] < 20 and s["stack"][-1]["revolts"] <= 0
    assert legal(s) == {"dynastic_change": ["collapse"]}
    vp = s["seats"]["player1"]["vp"]
    s, _ = play(s, "dynastic_change", "collapse")
    assert s["seats"]["player1"]["vp"] == vp - 8                # twice the vitality
