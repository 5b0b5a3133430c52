"""12.4 Reactions to land tactical movement. 9.1 has no enemy major power: a Spanish power at war with Portugal
is set up by hand (seated with player 1, who then answers for it)."""

from __future__ import annotations

from engines.ultima_ratio.state import new_unit
from tests.engines.ultima_ratio.support import at_first_impulse, legal, moves, place, play, step, through_combat

TROOP = [("build", "build_troop"), ("grade", "2-3"), ("area", "portugal"), ("stop", None)]


def with_spain(s: dict, spanish: dict[str, str]) -> dict:
    s["powers"]["spain"] = {"seat": "player1", "unrest": 0, "interest": ["Af"], "interest_areas": []}
    s["seats"]["player1"]["powers"].append("spain")
    s["wars"] = [["portugal", "spain"]]
    for n, (area, _) in enumerate(spanish.items(), 1):
        new_unit(s, f"spain-troop-{n}", "spain", "troop", "2-3", f"area:{area}")
    for area, owner in spanish.items():
        s["areas"][area].update(owner=owner, control=owner, marker=None)
    return s


def start(spanish: dict[str, str]) -> dict:
    s = at_first_impulse(deploy=TROOP)
    s["areas"]["guinea"].update(owner="portugal", control="portugal", marker=None)
    s = place(s, "portugal-troop-1", "area:guinea")
    s = with_spain(s, spanish)
    s["impulse"]["actions"] = {"portugal": 2, "spain": 0}
    return moves(s, ("done", None), ("act", ["portugal", "tactical_move"]), ("unit", "portugal-troop-1"))


def test_the_defender_may_retreat_before_the_move():
    s = start({"mali": "spain", "hausa": "spain"})
    s, _ = play(s, "area", "mali")
    assert step(s) == "land_reaction"
    # Hausa, a Spanish domain, stacks 2 (15.1, RULINGS S-1); Guinea is where the attack comes from
    assert legal(s) == {
        "intercept": ["spain-troop-2"],
        "disperse": ["spain-troop-1"],
        "retreat": [["spain-troop-1", "hausa"]],
        "done": [None],
    }
    s, _ = play(s, "disperse", "spain-troop-1")
    assert s["units"]["spain-troop-1"]["loc"] == "box:dispersed-af"
    s, _ = play(s, "done")
    # no defenders left; a mini-map area must still be subjugated (13.5.7): A2 for a domain
    assert s["units"]["portugal-troop-1"]["loc"] == "area:mali" and "subjugate" in legal(s)
    assert s["areas"]["mali"]["control"] == "spain"


def test_a_single_troop_intercepts_from_an_adjacent_area():
    s = start({"mali": "spain", "senegal": "spain"})
    s["units"]["spain-troop-1"]["loc"] = "box:dispersed-af"  # Mali empty, a Spanish troop in Senegal
    s, _ = play(s, "area", "mali")
    assert legal(s)["intercept"] == ["spain-troop-2"]
    s, _ = play(s, "intercept", "spain-troop-2")
    assert "intercept" not in legal(s)  # one area, one troop
    assert s["units"]["spain-troop-2"]["loc"] == "area:mali"
    s, log = through_combat(s, "done", None, dice=[6, 1])  # then the land battle (Spain decides too)
    assert any(e["msg"] == "combat.won" and e["args"]["side"] == "portugal" for e in log)


def test_no_reaction_where_the_enemy_does_not_control():
    s = start({"senegal": "spain"})
    s, _ = play(s, "area", "mali")  # Mali is independent (A2)
    assert step(s) == "tactical_second_area"


def test_a_defeated_player_retreats_to_an_adjacent_controlled_area():
    """13.3.6: the surviving defenders retreat to adjacent controlled areas, not where the attacker came from."""
    s = start({"elmina": "spain", "hausa": "spain"})
    s["units"]["spain-troop-2"]["loc"] = "area:elmina"  # two Spanish troops in Elmina (stacks 2)
    s, _ = play(s, "area", "elmina")
    assert legal(s)["retreat"] == [["spain-troop-1", "hausa"], ["spain-troop-2", "hausa"]]  # not Guinea
    # no reaction; Portugal Q2 5 (2 points) against Q2 3 (1) and 1 (0): one disband, one Spaniard survives
    s, _log = through_combat(s, "done", None, dice=[5, 3, 1])
    assert step(s) == "defeated_retreat"
    survivor = legal(s)["retreat"][0][0]
    assert legal(s) == {"retreat": [[survivor, "hausa"]]}
    s, _ = play(s, "retreat", [survivor, "hausa"])
    assert s["units"][survivor]["loc"] == "area:hausa"
    assert s["units"]["portugal-troop-1"]["loc"] == "area:elmina" and step(s) == "tactical_control"


def main_map_start() -> dict:
    """Spain holds Alentejo (empty) and Algarve (a troop); the Portuguese troop in Portugal moves in."""
    s = at_first_impulse(deploy=TROOP)
    s = with_spain(s, {"algarve": "spain"})
    s["areas"]["alentejo"].update(owner="spain", control="spain")
    s["impulse"]["actions"] = {"portugal": 2, "spain": 0}
    s = moves(
        s,
        ("done", None),
        ("act", ["portugal", "tactical_move"]),
        ("unit", "portugal-troop-1"),
        ("area", "alentejo"),
        ("done", None),
    )  # Spain does not react
    assert legal(s) == {"area": ["algarve"], "stop": [None], "subjugate": ["alentejo"]}
    return play(s, "subjugate", "alentejo")[0]


def test_control_without_opposition():
    s = main_map_start()
    assert step(s) == "oppose_subjugation"
    assert legal(s) == {"oppose": [["troops", "algarve"]], "no_opposition": [None]}
    s, _ = play(s, "no_opposition")
    assert s["areas"]["alentejo"]["control"] == "portugal"
    assert s["areas"]["alentejo"]["owner"] == "spain"  # possession stays with Spain (Glossary "Control")


def test_opposed_subjugation():
    """13.5.4: Q3 against Q2; the troop moved into the area: a disadvantage (13.5.3)."""
    s = main_map_start()
    # Q3 - 1 = Q2 6 (2 points + C) against Q2 6 (2 + C): a tie; each odd casualty is one disband result,
    # which disperses the Portuguese troop (no leader, 13.5.5): nothing left to disperse for control
    s, _log = play(s, "oppose", ["troops", "algarve"], dice=[6, 6])
    assert s["areas"]["alentejo"]["control"] == "spain"
    assert s["units"]["portugal-troop-1"]["loc"] == "box:dispersed-wm" and step(s) == "power_actions"
