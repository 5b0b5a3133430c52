"""The content files cross-checked: what a power card, a scenario and a turn say of the areas against the map
(data/areas.yaml), so a slip in one file — Celebes left without Portugal's colour while powers.yaml, 9.1's markers
and VP list, turns.yaml and the rulebook (l. 2815) count it — fails here instead of silently dropping an area from
play. The map's colours against the cards, the other way, is ``test_world.py::
test_map_colours_agree_with_the_power_cards``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engines.ultima_ratio.game import GAME
from engines.ultima_ratio.scenarios import rise_of_portugal

BOARD = GAME.board
WORLD = BOARD.world
AREA_LISTS = {"areas", "home_areas", "domains", "inactive_areas", "active_areas", "except_areas"}

# Domains of a (reconstructed) power card that the map does not paint in the power's colour, each with why. A new
# entry needs a reason; an entry that no longer differs fails (the list stays exact).
CARD_ONLY_DOMAINS = {
    ("power:austria", "area:kosice"): "a Hungarian home area on the map; the reconstructed card claims Royal Hungary",
    (
        "power:austria",
        "area:pressburg",
    ): "a Hungarian home area on the map; the reconstructed card claims Royal Hungary",
    ("power:austria", "area:zagreb"): "a Hungarian home area on the map; the reconstructed card claims Royal Hungary",
    ("power:russia", "area:kazan"): "unpainted; the reconstructed card's later conquests",
    ("power:russia", "area:golden-horde"): "unpainted; the reconstructed card's later conquests",
    ("power:russia", "area:astrakhan"): "unpainted; the reconstructed card's later conquests",
    ("power:russia", "area:kazakhstan"): "unpainted; the reconstructed card's later conquests",
    ("power:russia", "area:siberian-khanate"): "unpainted; the reconstructed card's later conquests",
    ("power:barbary-coast", "area:granada"): "a Spanish home area on the map; the reconstructed card's claim",
}


def area_lists(data: Any, where: str) -> Iterator[tuple[str, str]]:
    """Every (place, area id) named by an area list anywhere in a scenario's or turn's data."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in AREA_LISTS and isinstance(value, list):
                yield from ((f"{where}.{key}", v) for v in value if isinstance(v, str))
            yield from area_lists(value, f"{where}.{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from area_lists(value, f"{where}[{i}]")


def test_every_domain_of_a_power_card_is_painted_in_its_colour():
    """Glossary: a domain is an area printed (grated) in the power's colour; powers.yaml's ``domains`` and
    areas.yaml's ``domain_of`` say the same, but for the listed reconstructed claims."""
    differ = set()
    for power in WORLD.powers:
        for area in power.domains:
            if power.id not in BOARD.areas[area].domain_of:
                differ.add((power.id, area))
                assert (power.id, area) in CARD_ONLY_DOMAINS, f"{area} is a domain of {power.id} unpainted on the map"
                assert power.source == "reconstructed", (power.id, area)
    assert differ == set(CARD_ONLY_DOMAINS)


def test_every_area_list_of_the_scenarios_and_turns_names_an_area_of_the_map():
    named = [*(p for s in WORLD.scenarios for p in area_lists(s.model_dump(), s.id))]
    named += [p for t in WORLD.turns for p in area_lists(t.model_dump(), f"turn-{t.number}")]
    assert len(named) > 1000
    assert [(where, a) for where, a in named if a not in BOARD.areas] == []


@pytest.mark.parametrize("options", GAME.option_sets(), ids=lambda o: o["scenario"])
def test_a_playable_scenario_sets_up_its_areas_as_it_says(options):
    """7.2 / 24.: after the set-up every area a deployment row names is in play and the row's power possesses it,
    and every area the scenario marks is in play with its marker (an area it names cannot drop out of play)."""
    s = GAME.begin(1, options).state
    scenario = WORLD.scenario(options["scenario"])
    for row in scenario.deployment:
        for area in [*row.home_areas, *row.domains]:
            assert s["areas"].get(area, {}).get("owner") == row.power, (row.power, area)
    for marker in scenario.markers:
        for area in marker.areas:
            assert area in s["areas"], f"{area}, marked by {scenario.id}, is not in play"
            assert s["areas"][area]["marker"] == f"A{marker.level}", area


def test_9_1_scores_the_31_areas_painted_portuguese_and_all_are_in_play():
    """9.1 (l. 1925): "Each area marked on the map as Portuguese that becomes owned provides 1 VP": the
    scenario's VP list is what the map paints Portuguese (home areas and domains, RULINGS 9.1 § 7: 31 in all),
    each in play, and Portugal's card names the same domains the map paints (Celebes among them, l. 2815)."""
    scenario = WORLD.scenario(rise_of_portugal.SCENARIO)
    rule = next(r for r in scenario.special_rules if r.id == "vp-per-portuguese-area")
    (effect,) = rule.effects
    painted = rise_of_portugal.portuguese_areas(BOARD)
    assert sorted(effect.condition.areas) == sorted(painted) and len(painted) == 31
    s = GAME.begin(1, {"scenario": rise_of_portugal.SCENARIO}).state
    assert [a for a in painted if a not in s["areas"]] == []
    card = WORLD.power("power:portugal")
    assert sorted(card.domains) == sorted(a.id for a in BOARD.map.areas if "power:portugal" in a.domain_of)
    assert "area:celebes" in card.domains
