"""The audit of chapters 8-12 (AUDIT.md › Chapters 8-12): the gaps it found, each with the section it reads."""

from __future__ import annotations

from engines.core.machine import copy_state
from engines.ultima_ratio.actions import construction
from engines.ultima_ratio.cards import card_play
from engines.ultima_ratio.movement import landings, naval, reactions, strategic_movement, troop_paths
from engines.ultima_ratio.state import new_unit
from tests.engines.ultima_ratio import support_war
from tests.engines.ultima_ratio.support import advance, at_first_impulse, ctx, place


def test_a_squadron_that_plundered_acts_no_more_in_that_impulse_but_in_the_next():
    """11.5.1: "Once resolved, the squadron cannot perform any other action, of any kind, during the rest of the
    impulse" — no naval or strategic move, no landing escort; an earlier impulse's piracy does not count."""
    s = at_first_impulse()
    s = place(place(s, "power:portugal-squadron-1", "sea:east-atlantic"), "power:portugal-troop-1", "area:portugal")
    s["units"]["power:portugal-squadron-1"]["pirated"] = s["impulse"]["n"]
    g = ctx(s)
    assert "power:portugal-squadron-1" not in naval.naval_movers(g, "power:portugal")
    assert "power:portugal-squadron-1" not in strategic_movement.movable(g, "power:portugal")
    assert "power:portugal-squadron-1" not in landings.landing_escorts(g, "power:portugal", "power:portugal-troop-1")
    s["impulse"]["n"] += 1  # the next impulse
    g = ctx(s)
    assert "power:portugal-squadron-1" in naval.naval_movers(g, "power:portugal")
    assert "power:portugal-squadron-1" in strategic_movement.movable(g, "power:portugal")
    assert "power:portugal-squadron-1" in landings.landing_escorts(g, "power:portugal", "power:portugal-troop-1")


def test_a_squadron_of_another_player_left_without_base_moves_at_once():
    """11.1.1: "If for any reason a squadron is left without a base within this distance, it must move
    immediately upon the occurrence of this circumstance" — also another player's, after the acting player's
    action that took its port (here: none left, so it is destroyed), not at its own player's next impulse."""
    s = support_war.area(support_war.power(support_war.start(), "power:spain"), "area:calicut", "power:spain")
    s = support_war.unit(s, "power:spain-squadron-1", "squadron", "sea:indian-ocean")
    s["impulse"]["actions"]["power:spain"] = 0
    s["areas"]["area:calicut"]["control"] = "power:portugal"  # the port taken in this impulse
    s["powers"]["power:portugal"]["unrest"] = 1
    s = support_war.moves(s, ("done", None), ("act", ["power:portugal", "lower_unrest"]))
    assert s["units"]["power:spain-squadron-1"]["loc"] == "eliminated"


def test_a_power_card_allows_piracy_against_powers_at_war_or_without_war():
    """11.5.1: "Piracy is only possible if it is expressly allowed in a major power card or by an event card. For
    corsairs, it is necessary that both involved major powers are at war": France's corsairs (privateering) only
    against a power at war with it; the Barbary Coast's pirates (piracy) without a war; nobody else's."""
    s = support_war.power(support_war.start(), "power:spain")
    for name in ("power:france", "power:barbary-coast"):
        s = support_war.power(s, name, seat="player1", war=False)
        new_unit(s, f"{name}-squadron-1", name, "squadron", "E2", "sea:indian-ocean")
    s["merchants"]["center:indian-ocean"] = {"power:spain": 1, "power:portugal": 1}
    g = ctx(s)
    assert card_play.corsair_raids(g, "power:france") == []
    assert card_play.corsair_raids(g, "power:barbary-coast") == [
        ["power:barbary-coast-squadron-1", "power:portugal"],
        ["power:barbary-coast-squadron-1", "power:spain"],
    ]
    assert card_play.corsair_raids(g, "power:portugal") == []  # no card allows Portugal's piracy
    s["wars"].append(["power:france", "power:spain"])
    assert card_play.corsair_raids(ctx(s), "power:france") == [["power:france-squadron-1", "power:spain"]]
    s["forced_peace"] = [["power:barbary-coast", "power:spain"]]
    assert card_play.corsair_raids(ctx(s), "power:barbary-coast") == [
        ["power:barbary-coast-squadron-1", "power:portugal"]
    ]
    s["impulse"]["actions"]["power:france"] = 1
    s = support_war.moves(s, ("done", None))
    assert ["power:france", "piracy"] in support_war.legal(s)["act"]


def test_a_power_card_that_regroups_at_the_start_of_each_impulse():
    """8.2.2 "Under certain circumstances, some major powers may regroup a troop" (Crimea's card: one dispersed
    troop at the start of each impulse, at no cost); with 8.2.3's free action of a power at war (a player without
    cards) it makes two (RULINGS AU-2)."""
    s = support_war.power(support_war.start(), "power:crimea", seat="player1", war=False)
    for name in ("area:crimea", "area:perekop", "area:kuban"):
        s = support_war.area(s, name, "power:crimea")
    for n in (1, 2):
        s = support_war.unit(s, f"power:crimea-troop-{n}", "troop", "box:dispersed-ee")
    s["impulse"]["actions"]["power:crimea"] = 1
    assert support_war.legal(s)["free"] == [["power:crimea", "regroup_troop"]]
    s, log = support_war.play(s, "free", ["power:crimea", "regroup_troop"])
    assert any(e["msg"] == "log.free_regroup_card" for e in log)
    s = support_war.moves(s, ("unit", "power:crimea-troop-1"), ("area", "area:crimea"), ("stop", None))
    assert s["units"]["power:crimea-troop-1"]["loc"] == "area:crimea" and "free" not in support_war.legal(s)
    s["wars"].append(["power:crimea", "power:portugal"])
    free = [a for a in support_war.legal(s)["free"] if a[0] == "power:crimea"]
    assert free == [["power:crimea", "regroup_troop"], ["power:crimea", "strategic_move"]]


def test_a_leader_who_moved_in_the_impulse_cannot_land_with_another_troop():
    """12.3.1: "troops (or leaders) that have already moved or made other amphibious landings in the impulse, cannot
    conduct an amphibious landing" — a leader who marched with one troop and went to another (17.1) does not land
    with it; the troop alone still could, and a leader who did not move lands."""
    base = support_war.start(support_war.TROOP + support_war.TROOP + support_war.SQUADRON)
    base = place(base, "power:portugal-troop-1", "area:alentejo")
    s = support_war.leader(copy_state(base), "leader:tactical-1", "power:portugal-troop-1")
    s = support_war.moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:portugal"),
        ("stop", None),
    )
    assert landings.landers(ctx(s), "power:portugal") == ["power:portugal-troop-2"]  # without the leader
    s = support_war.moves(s, ("attach_leader", ["leader:tactical-1", "power:portugal-troop-2"]))
    assert s["impulse"]["leaders_moved"] == ["leader:tactical-1"]
    assert landings.landers(ctx(s), "power:portugal") == []
    s = support_war.moves(s, ("end_impulse", None), ("done", None))
    s = advance(s, until="start_of_impulse")
    assert "leaders_moved" not in s["impulse"]  # the next impulse
    still = support_war.leader(copy_state(base), "leader:tactical-1", "power:portugal-troop-1")
    still = support_war.moves(
        place(still, "power:portugal-troop-1", "area:portugal"),
        ("done", None),
        ("attach_leader", ["leader:tactical-1", "power:portugal-troop-2"]),
    )
    assert landings.landers(ctx(still), "power:portugal") == ["power:portugal-troop-1", "power:portugal-troop-2"]


def siege_of_algarve() -> dict:
    """Portugal's troop 1 besieges Spain's fortress in Algarve, Spain's troop 1 inside; Spain holds Tangier."""
    s = support_war.power(support_war.start(), "power:spain")
    support_war.area(
        s,
        "area:algarve",
        "power:spain",
        fortress={"power": "power:spain", "built": True, "since": 0},
        siege={"besieger": "power:portugal", "casualties": 0},
    )
    support_war.area(s, "area:tangier", "power:spain")
    support_war.area(s, "area:alentejo", "power:portugal")
    support_war.unit(s, "power:spain-troop-1", "troop", "area:algarve")
    return place(s, "power:portugal-troop-1", "area:algarve")


def test_a_besieger_moves_strategically_and_a_siege_area_belongs_to_it():
    """13.4.7: "for the purposes of strategic movement, the area belongs to the besieger" (10.2): its troops leave
    the siege by strategic movement and cross its area; the besieged power's troops do not cross it by land."""
    s = siege_of_algarve()
    g = ctx(s)
    assert "power:portugal-troop-1" in strategic_movement.movable(g, "power:portugal")
    assert troop_paths.troop_passable(g, "power:portugal", "area:algarve")
    assert not troop_paths.troop_passable(g, "power:spain", "area:algarve")
    s = support_war.moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "strategic_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:alentejo"),
        ("stop", None),
    )
    assert (
        s["units"]["power:portugal-troop-1"]["loc"] == "area:alentejo" and s["areas"]["area:algarve"]["siege"] is None
    )


def test_a_besieged_troop_leaves_or_enters_its_port_by_sea_only_and_alone():
    """10.2: "nor besieged fortresses (other than ports) can be part of these movements" (RULINGS AU-1): from its
    besieged port a troop sails away, never by land, and takes no troops along (10.3: the leader "cannot be
    besieged"); an inland besieged fortress is no part of them."""
    s = siege_of_algarve()
    g = ctx(s)
    assert strategic_movement.movable(g, "power:spain") == ["power:spain-troop-1"]
    steps = strategic_movement.next_places(g, "power:spain", "power:spain-troop-1", ["area:algarve"])
    assert steps == {"area": [], "sea": ["sea:east-atlantic"]}
    assert troop_paths.troop_passable(g, "power:spain", "area:algarve", by_sea=True)
    s["areas"]["area:tangier"]["siege"] = {"besieger": "power:portugal", "casualties": 0}
    s["areas"]["area:algarve"]["siege"] = None
    g = ctx(s)
    assert not troop_paths.troop_passable(g, "power:spain", "area:tangier")
    s2 = siege_of_algarve()
    support_war.leader(s2, "leader:tactical-1", "power:spain-troop-1", "power:spain")
    support_war.unit(s2, "power:spain-troop-2", "troop", "area:tangier")
    g = ctx(s2)
    path = ["area:algarve", "sea:east-atlantic", "area:tangier"]
    g.frame.update(power="power:spain", unit="power:spain-troop-1", path=path, group=["power:spain-troop-1"])
    assert "absorb" not in strategic_movement.StrategicMove().prompt(g, "player2")[1]
    g.frame.update(path=["area:tangier"])  # from a port not besieged: an army
    assert strategic_movement.StrategicMove().prompt(g, "player2")[1]["absorb"] == ["power:spain-troop-2"]


def test_a_strategic_movement_assigns_a_leader_on_the_map_to_any_unit():
    """10.3: "first select the leader chit that is going to perform it (which cannot be besieged), and assign it to
    any troop or squadron on the map" (RULINGS AU-4): the leader leaves his troop for a squadron at sea and leads its
    fleet; a besieged leader is not offered."""
    s = support_war.start(support_war.TROOP + support_war.SQUADRON + support_war.SQUADRON)
    s = place(
        place(s, "power:portugal-squadron-1", "sea:east-atlantic"), "power:portugal-squadron-2", "sea:east-atlantic"
    )
    s = place(s, "power:portugal-troop-1", "area:alentejo")
    s = support_war.leader(s, "leader:tactical-1", "power:portugal-troop-1")
    s = support_war.moves(s, ("done", None), ("act", ["power:portugal", "strategic_move"]))
    assert support_war.legal(s)["leader"] == ["leader:tactical-1"]
    s, log = support_war.play(s, "leader", "leader:tactical-1")
    assert "power:portugal-troop-1" in support_war.legal(s)["unit"]
    s, log = support_war.play(s, "unit", "power:portugal-squadron-1")
    assert s["leaders"]["leader:tactical-1"]["unit"] == "power:portugal-squadron-1"
    assert [e["msg"] for e in log] == ["log.leader_assigned"]
    assert support_war.legal(s)["absorb"] == ["power:portugal-squadron-2"]
    s2 = siege_of_algarve()
    support_war.leader(s2, "leader:tactical-1", "power:portugal-troop-1")
    support_war.leader(s2, "leader:tactical-2", "power:spain-troop-1", "power:spain")
    assert strategic_movement.assignable(ctx(s2), "power:portugal") == ["leader:tactical-1"]
    assert strategic_movement.assignable(ctx(s2), "power:spain") == []  # besieged


def test_a_squadron_is_built_in_a_port_free_of_enemies_not_of_every_foreign_troop():
    """9.2: "placed in a possession of the major power (controlled and free of enemies) that is a coastal area":
    a troop of a power not at war with it does not stop it, an enemy's does."""
    s = support_war.power(support_war.start(), "power:spain", war=False)
    support_war.unit(s, "power:spain-troop-1", "troop", "area:portugal")
    assert "area:portugal" in construction.squadron_places(ctx(s), "power:portugal")
    s["wars"].append(["power:portugal", "power:spain"])
    assert "power:portugal" not in construction.squadron_places(ctx(s), "power:portugal")


def test_interceptions_on_the_mini_maps_are_single_troops_from_adjacent_areas():
    """12.4.1 "Interception in mini-maps. Interceptions to or from mini-maps may only be made with a single troop
    (with or without leader) and only from an adjacent area": Spain's troops in Elmina may intercept a move into
    Guinea one by one, its army there may not, nor the troop two areas away in Hausa."""
    s = support_war.power(support_war.start(), "power:spain")
    for name in ("area:guinea", "area:elmina", "area:hausa"):
        support_war.area(s, name, "power:spain")
    for uid, where in (
        ("power:spain-troop-1", "area:elmina"),
        ("power:spain-troop-2", "area:elmina"),
        ("power:spain-troop-3", "area:hausa"),
    ):
        support_war.unit(s, uid, "troop", f"{where}")
    support_war.leader(s, "leader:tactical-1", "power:spain-troop-1", "power:spain")
    g = ctx(s)
    assert reactions.interceptors(g, "power:spain", "area:guinea", "power:portugal") == [
        "power:spain-troop-1",
        "power:spain-troop-2",
    ]
    assert reactions.army_interceptions(g, "power:spain", "area:guinea") == []


def landing_from_portugal(target: str, spain_at: str | None) -> dict:
    """Portugal's troop 1 and an E3 squadron in Portugal; Spain (at war, based in Galicia) with a squadron at
    ``spain_at``; the landing on ``target`` announced, up to the escort."""
    s = support_war.area(
        support_war.power(support_war.start(support_war.TROOP + support_war.SQUADRON), "power:spain"),
        "area:galicia",
        "power:spain",
    )
    s["powers"]["power:portugal"]["interest"].append("Sa")
    if spain_at:
        support_war.unit(s, "power:spain-squadron-1", "squadron", spain_at)
    s = support_war.moves(
        s, ("done", None), ("act", ["power:portugal", "landing"]), ("unit", "power:portugal-troop-1"), ("area", target)
    )
    return s


def test_a_landings_crossing_is_intercepted_in_the_departure_ports_sea_too():
    """12.3.2: "the troop or army must first carry out a movement identical to strategic movement from the
    departure port to the target port ... thus it can be intercepted": a Spanish fleet in the East Atlantic, the
    sea the crossing from Portugal to Guinea sails first (not a sea of Guinea), may intercept it (AU-7)."""
    s = landing_from_portugal("area:guinea", "sea:east-atlantic")
    escort = support_war.legal(s)["escort"][0]
    s = support_war.moves(s, ("escort", escort))
    assert support_war.step(s) == "sea_interception" and s["stack"][-1]["sea"] == "sea:east-atlantic"
    assert support_war.seat(s) == "player2" and support_war.legal(s)["intercept"] == ["power:spain-squadron-1"]
    s = support_war.moves(s, ("no_interception", None))
    assert s["units"]["power:portugal-troop-1"]["loc"] == "area:guinea"


def test_the_player_states_the_seas_of_a_landings_crossing_when_several_are_possible():
    """12.3.2 / 10.1 "the succession of seas that it crosses is stated": from Portugal to Guiana through the East
    Atlantic, then the Caribbean or the South Atlantic (Guiana's two seas); a Spanish fleet in the Caribbean
    intercepts only the crossing through it."""
    s = landing_from_portugal("area:guiana", "sea:caribbean-sea")
    s = support_war.moves(s, ("escort", support_war.legal(s)["escort"][0]))
    assert support_war.legal(s) == {
        "route": [["sea:east-atlantic", "sea:caribbean-sea"], ["sea:east-atlantic", "sea:south-atlantic"]]
    }
    south = support_war.moves(s, ("route", ["sea:east-atlantic", "sea:south-atlantic"]))
    assert south["units"]["power:portugal-troop-1"]["loc"] == "area:guiana"
    west = support_war.moves(s, ("route", ["sea:east-atlantic", "sea:caribbean-sea"]))
    assert support_war.step(west) == "sea_interception" and west["stack"][-1]["sea"] == "sea:caribbean-sea"
