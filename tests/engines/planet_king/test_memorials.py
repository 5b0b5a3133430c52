"""Secret Memorials (Secret Memorial; Cooperative Game) — the TE DEUM example and the hidden information."""

from engines.planet_king import GAME, memorials, victory
from tests.engines.planet_king.support import RENDER, fresh, pick, run, seen_secrets


def memorial_game(hm: str, council: str, scenario="anni_mirabiles", mode="cooperative"):
    s = fresh(scenario, mode=mode)
    s["memorials"].update(hm=hm, council=council)
    return s


def test_example_te_deum_short_scenario():
    """TE DEUM: a war won against the Ottomans or Barbary. Not won: −1 VP; won in a short scenario: +2; in the
    campaign: +1."""
    s = memorial_game("pk:memorial:te-deum", "pk:memorial:spanish-road")
    s["flags"]["valtellina_closed"] = True
    s["vp"] = {"king": 5, "valido": 5}
    run(s, victory.finish)
    assert s["vp"]["king"] == 4 and "no Secret Memorial task" in RENDER.text(s["outcome"]["text"])
    s = memorial_game("pk:memorial:te-deum", "pk:memorial:spanish-road")
    s["war_results"].append(["pk:war:barbary", "win", 2, 1])
    run(s, victory.finish)
    assert s["vp"]["king"] == 2 and "no Secret Memorial task" not in RENDER.text(s["outcome"]["text"])
    s = memorial_game("pk:memorial:te-deum", "pk:memorial:spanish-road", scenario="planet_king")
    s["war_results"].append(["pk:war:ottoman-empire", "win", 2, 1])
    run(s, victory.finish)
    assert s["vp"]["king"] == 1


def test_memorials_unseen_until_turn_two_then_only_by_their_holder():
    s = memorial_game("pk:memorial:te-deum", "pk:memorial:reputation")
    assert seen_secrets(s, "king") == set() and seen_secrets(s, "valido") == set()
    assert "te-deum" not in str(GAME.view(s, "king"))
    s["turn"] = 2
    run(s, memorials.org_memorials)
    assert seen_secrets(s, "king") == {"pk:memorial:te-deum"}
    assert seen_secrets(s, "valido") == {"pk:memorial:reputation"}
    assert "pk:memorial:te-deum" in str(GAME.view(s, "king"))
    assert "pk:memorial:te-deum" not in str(GAME.view(s, "valido"))


def test_solo_reads_one_memorial_on_turn_2_and_the_other_on_turn_3():
    s = memorial_game("pk:memorial:te-deum", "pk:memorial:reputation", mode="solo")
    s["options"]["secret_memorial"] = True
    s["turn"] = 2
    run(s, memorials.org_memorials)
    s = pick(s, "memorial of the Council")
    assert s["memorials"]["read"] == ["pk:memorial:reputation"]
    s["turn"] = 3
    run(s, memorials.org_memorials)
    assert len(s["memorials"]["read"]) == 2


def test_immediate_memorial_claimed_at_the_end_of_the_turn():
    s = memorial_game("pk:memorial:carpe-diem", "pk:memorial:reputation")
    s["memorials"]["read"] = ["pk:memorial:reputation"]
    s["last_scores"] = {"prestige": 8}
    run(s, memorials.eot_memorials)
    assert s["vp"]["valido"] == 2 and "pk:memorial:reputation" in s["memorials"]["claimed"]
    assert seen_secrets(s, "valido") == set()
