"""12.4 Reactions to land tactical movement. 9.1 has no enemy major power: a Spanish power at war with Portugal
is set up by hand (seated with player 1, who then answers for it)."""

from __future__ import annotations

from engines.core.types import Text, text
from engines.ultima_ratio.state import new_unit
from tests.engines.ultima_ratio.support import GAME, at_first_impulse, legal, moves, place, play, step, through_combat

TROOP = [("build", "build_troop"), ("grade", "2-3"), ("area", "area:portugal"), ("stop", None)]


def with_spain(s: dict, spanish: dict[str, str]) -> dict:
    s["powers"]["power:spain"] = {"seat": "player1", "unrest": 0, "interest": ["Af"], "interest_areas": []}
    s["seats"]["player1"]["powers"].append("power:spain")
    s["wars"] = [["power:portugal", "power:spain"]]
    for n, (area, _) in enumerate(spanish.items(), 1):
        new_unit(s, f"power:spain-troop-{n}", "power:spain", "troop", "2-3", f"{area}")
    for area, owner in spanish.items():
        s["areas"][area].update(owner=owner, control=owner, marker=None)
    return s


def start(spanish: dict[str, str]) -> dict:
    s = at_first_impulse(deploy=TROOP)
    s["areas"]["area:guinea"].update(owner="power:portugal", control="power:portugal", marker=None)
    s = place(s, "power:portugal-troop-1", "area:guinea")
    s = with_spain(s, spanish)
    s["impulse"]["actions"] = {"power:portugal": 2, "power:spain": 0}
    return moves(s, ("done", None), ("act", ["power:portugal", "tactical_move"]), ("unit", "power:portugal-troop-1"))


def test_the_defender_may_retreat_before_the_move():
    s = start({"area:mali": "power:spain", "area:hausa": "power:spain"})
    s, _ = play(s, "area", "area:mali")
    assert step(s) == "land_reaction"
    # Hausa, a Spanish domain, stacks 2 (15.1, RULINGS S-1); Guinea is where the attack comes from
    assert legal(s) == {
        "intercept": ["power:spain-troop-2"],
        "disperse": ["power:spain-troop-1"],
        "retreat": [["power:spain-troop-1", "area:hausa"]],
        "done": [None],
    }
    s, _ = play(s, "disperse", "power:spain-troop-1")
    assert s["units"]["power:spain-troop-1"]["loc"] == "box:dispersed-af"
    s, _ = play(s, "done")
    # no defenders left; a mini-map area must still be subjugated (13.5.7): A2 for a domain
    assert s["units"]["power:portugal-troop-1"]["loc"] == "area:mali" and "subjugate" in legal(s)
    assert s["areas"]["area:mali"]["control"] == "power:spain"


def test_a_single_troop_intercepts_from_an_adjacent_area():
    s = start({"area:mali": "power:spain", "area:senegal": "power:spain"})
    s["units"]["power:spain-troop-1"]["loc"] = "box:dispersed-af"  # Mali empty, a Spanish troop in Senegal
    s, _ = play(s, "area", "area:mali")
    assert legal(s)["intercept"] == ["power:spain-troop-2"]
    s, _ = play(s, "intercept", "power:spain-troop-2")
    assert "intercept" not in legal(s)  # one area, one troop
    assert s["units"]["power:spain-troop-2"]["loc"] == "area:mali"
    s, log = through_combat(s, "done", None, dice=[6, 1])  # then the land battle (Spain decides too)
    assert any(e["msg"] == "combat.won" and e["args"]["side"] == "power:portugal" for e in log)


def test_no_reaction_where_the_enemy_does_not_control():
    s = start({"area:senegal": "power:spain"})
    s, _ = play(s, "area", "area:mali")  # Mali is independent (A2)
    assert step(s) == "tactical_second_area"


def test_a_defeated_player_retreats_to_an_adjacent_controlled_area():
    """13.3.6: the surviving defenders retreat to adjacent controlled areas, not where the attacker came from."""
    s = start({"area:elmina": "power:spain", "area:hausa": "power:spain"})
    s["units"]["power:spain-troop-2"]["loc"] = "area:elmina"  # two Spanish troops in Elmina (stacks 2)
    s, _ = play(s, "area", "area:elmina")
    assert legal(s)["retreat"] == [
        ["power:spain-troop-1", "area:hausa"],
        ["power:spain-troop-2", "area:hausa"],
    ]  # not Guinea
    # no reaction; Portugal Q2 5 (2 points) against Q2 3 (1) and 1 (0): one disband, one Spaniard survives
    s, _log = through_combat(s, "done", None, dice=[5, 3, 1])
    assert step(s) == "defeated_retreat"
    survivor = legal(s)["retreat"][0][0]
    assert legal(s) == {"retreat": [[survivor, "area:hausa"]]}
    s, _ = play(s, "retreat", [survivor, "area:hausa"])
    assert s["units"][survivor]["loc"] == "area:hausa"
    assert s["units"]["power:portugal-troop-1"]["loc"] == "area:elmina" and step(s) == "tactical_control"


def main_map_start() -> dict:
    """Spain holds Alentejo (empty) and Algarve (a troop); the Portuguese troop in Portugal moves in."""
    s = at_first_impulse(deploy=TROOP)
    s = with_spain(s, {"area:algarve": "power:spain"})
    s["areas"]["area:alentejo"].update(owner="power:spain", control="power:spain")
    s["impulse"]["actions"] = {"power:portugal": 2, "power:spain": 0}
    s = moves(
        s,
        ("done", None),
        ("act", ["power:portugal", "tactical_move"]),
        ("unit", "power:portugal-troop-1"),
        ("area", "area:alentejo"),
        ("done", None),
    )  # Spain does not react
    assert legal(s) == {"area": ["area:algarve"], "stop": [None], "subjugate": ["area:alentejo"]}
    return play(s, "subjugate", "area:alentejo")[0]


def test_control_without_opposition():
    s = main_map_start()
    assert step(s) == "oppose_subjugation"
    assert legal(s) == {"oppose": [["troops", "area:algarve"]], "no_opposition": [None]}
    s, _ = play(s, "no_opposition")
    assert s["areas"]["area:alentejo"]["control"] == "power:portugal"
    assert s["areas"]["area:alentejo"]["owner"] == "power:spain"  # possession stays with Spain (Glossary "Control")


def test_opposed_subjugation():
    """13.5.4: Q3 against Q2; the troop moved into the area: a disadvantage (13.5.3)."""
    s = main_map_start()
    # Q3 - 1 = Q2 6 (2 points + C) against Q2 6 (2 + C): a tie; each odd casualty is one disband result,
    # which disperses the Portuguese troop (no leader, 13.5.5): nothing left to disperse for control
    s, _log = play(s, "oppose", ["troops", "area:algarve"], dice=[6, 6])
    assert s["areas"]["area:alentejo"]["control"] == "power:spain"
    assert s["units"]["power:portugal-troop-1"]["loc"] == "box:dispersed-wm" and step(s) == "power_actions"


def test_the_log_says_where_the_opposition_comes_from_in_words():
    """13.5.2: the opposing power names its troops or its fortress and the area they oppose from; the log said "(with
    its troops)" in Spanish too ("con su troops") and "with its the fortress of {area}" for a fortress."""
    s = main_map_start()
    _, log = play(s, "oppose", ["troops", "area:algarve"], dice=[6, 6])
    opposes = next(e for e in log if e["msg"].startswith("log.opposes"))
    assert GAME.renderer("en").text(opposes) == "Spain opposes the control of Alentejo with the troops of the Algarve."
    assert GAME.renderer("es").text(opposes) == "España se opone al control de Alentejo con las tropas del Algarve."
    fortress = text("log.opposes_fortress", **opposes["args"])
    assert (
        GAME.renderer("en").text(fortress) == "Spain opposes the control of Alentejo with the fortress of the Algarve."
    )
    old: Text = text("log.opposes", power="power:spain", area="area:alentejo", kind="fortress")
    assert GAME.renderer("es").text(old) == "España se opone al control de Alentejo."  # a log kept before
