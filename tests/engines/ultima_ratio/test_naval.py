"""11. Naval actions: bases and the operation distance, galleys, squadrons without base, tactical movement,
piracy and its interception."""

from __future__ import annotations

from typing import Any

from engines.ultima_ratio.movement import naval_bases, without_base
from tests.engines.ultima_ratio.support import GAME, at_first_impulse, ctx, legal, moves, place, play, step


def area_state(owner):
    return {"owner": owner, "control": owner, "marker": None, "fortress": None, "siege": None, "interrupted": False}


def test_swedish_fleet_from_stockholm_off_north_america():
    """11.1.3 (l. 586): "if the naval operation distance is 2, a Swedish fleet based in Stockholm could operate
    off the coast of North America" — the Baltic, North Sea and East Atlantic count as one sea."""
    s: dict[str, Any] = {
        "areas": {"area:stockholm": area_state("power:sweden")},
        "minors": {},
        "mediterranean_open": False,
        "powers": {"power:sweden": {"interest": ["BT"], "interest_areas": []}},
        "naval_distance": {"mediterranean": 2, "elsewhere": 2},
    }
    board = GAME.board
    assert naval_bases.has_base(s, board, "power:sweden", "sea:north-atlantic", False)
    assert naval_bases.has_base(s, board, "power:sweden", "sea:caribbean-sea", False)  # linked to the East Atlantic too
    assert not naval_bases.has_base(s, board, "power:sweden", "sea:pacific-ocean", False)  # one more sea: out of reach
    assert naval_bases.has_base(s, board, "power:sweden", "sea:north-sea", False)
    s["naval_distance"]["elsewhere"] = 1
    assert not naval_bases.has_base(s, board, "power:sweden", "sea:north-atlantic", False)
    assert not naval_bases.has_base(
        s, board, "power:sweden", "sea:north-sea", False
    )  # on the main map the seas stay apart


def test_galleys_stay_in_the_mediterranean():
    g = ctx(at_first_impulse())
    g.s["units"]["power:portugal-squadron-1"].update(loc="sea:east-atlantic")
    g.s["seas_active"].append("sea:western-mediterranean")
    assert not naval_bases.may_sail(g.s, GAME.board, "power:portugal-squadron-1", "sea:western-mediterranean")
    g.s["units"]["power:portugal-squadron-1"]["galley"] = True
    assert naval_bases.may_sail(g.s, GAME.board, "power:portugal-squadron-1", "sea:western-mediterranean")
    assert not naval_bases.may_sail(g.s, GAME.board, "power:portugal-squadron-1", "sea:east-atlantic")
    g.s["mediterranean_open"] = True
    assert naval_bases.may_sail(g.s, GAME.board, "power:portugal-squadron-1", "sea:east-atlantic")


def test_a_squadron_without_base_goes_to_the_nearest_port_or_is_destroyed():
    """11.1.1 / 11.6 (l. 681): squadrons in a lost port move at once to the nearest port."""
    g = ctx(at_first_impulse())
    g.s["areas"]["area:goa"].update(owner="power:portugal", control="power:portugal", marker=None)
    g.s["units"]["power:portugal-squadron-1"].update(loc="sea:indian-ocean")
    assert without_base.check_bases(g, "power:portugal") is None
    g.s["areas"]["area:goa"].update(control=None, marker="R2")  # a revolt: Goa is no longer controlled
    # the three Iberian ports are as near: the player chooses (a "rebase" decision)
    assert without_base.check_bases(g, "power:portugal") == {
        "unit": "power:portugal-squadron-1",
        "ports": ["area:algarve", "area:oporto", "area:portugal"],
    }
    without_base.send_to_base(g, "power:portugal-squadron-1", "area:algarve")
    assert g.s["units"]["power:portugal-squadron-1"]["loc"] == "area:algarve"
    for area in ("area:portugal", "area:oporto", "area:algarve", "area:alentejo"):
        g.s["areas"][area]["control"] = None
    g.s["units"]["power:portugal-squadron-2"].update(loc="sea:east-atlantic")
    without_base.check_bases(g, "power:portugal")
    assert g.s["units"]["power:portugal-squadron-2"]["loc"] == "eliminated"


def test_nearest_bases_ties_are_the_players_choice():
    g = ctx(at_first_impulse())
    g.s["units"]["power:portugal-squadron-1"].update(loc="sea:south-atlantic")
    for area in ("area:portugal", "area:oporto", "area:algarve", "area:alentejo"):
        g.s["areas"][area]["control"] = None
    g.s["areas"]["area:angola"].update(owner="power:portugal", control=None, marker="R2")
    for area in ("area:brazil", "area:bahia"):
        g.s["areas"][area].update(owner="power:portugal", control="power:portugal", marker=None)
    g.s["powers"]["power:portugal"]["interest"].append("Sa")
    g.s["naval_distance"]["elsewhere"] = 1
    g.s["areas"]["area:brazil"]["control"] = g.s["areas"]["area:bahia"]["control"] = "power:portugal"
    assert naval_bases.nearest_bases(g.s, GAME.board, "power:portugal", "power:portugal-squadron-1") == [
        "area:bahia",
        "area:brazil",
    ]


def test_naval_attack_on_the_emirates_fleet():
    s = at_first_impulse()
    s["areas"]["area:goa"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = place(s, "power:portugal-squadron-4", "sea:indian-ocean")
    s = moves(s, ("done", None), ("act", ["power:portugal", "naval_move"]), ("unit", "power:portugal-squadron-4"))
    assert "sea:indian-ocean" in legal(s)["sea"]
    s, _ = play(s, "sea", "sea:indian-ocean")
    assert legal(s) == {"attack": ["minor:emirates-squadron-1"], "stop": [None]}
    # two dice at most each (13.2.4): E3 6 (2+C) against E2 3 (1): the Emirates lose, disband 1 + odd casualty 1
    s, _log = play(s, "attack", "minor:emirates-squadron-1", dice=[6, 3])
    assert s["units"]["minor:emirates-squadron-1"]["loc"] == "area:aden"
    assert s["units"]["minor:emirates-squadron-1"]["repair"]  # two disband results: damaged
    assert legal(s) == {"stop": [None]}  # 11.3: the winner may go on naming enemy fleets (none left)


def test_piracy_intercepted_from_port_has_a_disadvantage():
    """11.4.3: a squadron in port may intercept, with a disadvantage (13.2.3)."""
    s = at_first_impulse()
    s["areas"]["area:goa"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = place(s, "power:portugal-squadron-4", "area:goa")
    s["merchants"]["center:indian-ocean"] = {"power:portugal": 2}
    s = moves(s, ("done", None), ("end_impulse", None), ("done", None))
    assert step(s) == "piracy" and legal(s)["intercept"] == ["power:portugal-squadron-4"]
    unrest = s["powers"]["power:portugal"]["unrest"]
    # E2 pirate rolls 5 (2 points); the E3 interceptor in port is a Q2 die: 1 -> 2, no point: the pirate wins
    s, _ = play(s, "intercept", "power:portugal-squadron-4", dice=[5, 1])
    assert s["powers"]["power:portugal"]["unrest"] == unrest + 2  # as many as Portugal's merchants there
    s, _ = play(s, "keep")
    assert s["merchants"]["center:indian-ocean"] == {"power:portugal": 2}


def test_a_players_attacked_squadron_may_withdraw_to_its_base():
    """11.3: the attacked fleet engages or withdraws; the attacker may then name other fleets."""
    from engines.ultima_ratio.state import new_unit

    s = at_first_impulse()
    s["areas"]["area:goa"].update(owner="power:portugal", control="power:portugal", marker=None)
    s["areas"]["area:calicut"].update(owner="power:spain", control="power:spain", marker=None)
    s["powers"]["power:spain"] = {"seat": "player1", "unrest": 0, "interest": ["In"], "interest_areas": []}
    s["seats"]["player1"]["powers"].append("power:spain")
    s["wars"] = [["power:portugal", "power:spain"]]
    new_unit(s, "power:spain-squadron-1", "power:spain", "squadron", "E2", "sea:indian-ocean")
    s["impulse"]["actions"] = {"power:portugal": 2, "power:spain": 0}
    s = place(s, "power:portugal-squadron-4", "sea:indian-ocean")
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "naval_move"]),
        ("unit", "power:portugal-squadron-4"),
        ("sea", "sea:indian-ocean"),
    )
    assert legal(s)["attack"] == ["minor:emirates-squadron-1", "power:spain-squadron-1"]
    s, _ = play(s, "attack", "power:spain-squadron-1")
    assert step(s) == "naval_response" and legal(s) == {"fight": [None], "withdraw": [None]}
    s, _ = play(s, "withdraw")
    assert s["units"]["power:spain-squadron-1"]["loc"] == "area:calicut"
    assert legal(s) == {"attack": ["minor:emirates-squadron-1"], "stop": [None]}
