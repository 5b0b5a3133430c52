"""The scenario seam (``scenarios/base.py``, ENGINE.md › Scenarios): the registry, a scenario without a module, and
the generic rules asking the state's scenario at their moments — never 9.1 by name."""

from __future__ import annotations

import pytest

from engines.ultima_ratio.movement import land_areas, naval_interception
from engines.ultima_ratio.scenarios.base import NO_RULES_OF_ITS_OWN, Scenario, scenario_of
from engines.ultima_ratio.scenarios.new_order import NewOrder
from engines.ultima_ratio.scenarios.registry import PLAYABLE, SCENARIOS
from engines.ultima_ratio.scenarios.rise_of_portugal import RiseOfPortugal
from tests.engines.ultima_ratio.support import GAME, at_first_impulse, ctx


def test_the_registry_offers_the_playable_scenarios():
    assert PLAYABLE == ("the-rise-of-portugal", "new-order")
    assert isinstance(SCENARIOS["the-rise-of-portugal"], RiseOfPortugal) and isinstance(
        SCENARIOS["new-order"], NewOrder
    )
    assert GAME.option_sets() == [{"scenario": "the-rise-of-portugal"}]  # 9.2's playouts: test_new_order_bots
    assert "emirates" in GAME.steps and "emirates" in GAME.steps["half_turn"].goes_to


def test_a_scenario_without_a_module_has_no_rules_of_its_own():
    s = at_first_impulse()
    s["scenario"] = "the-italian-wars"
    g = ctx(s)
    rules = scenario_of(g)
    assert rules is NO_RULES_OF_ITS_OWN
    assert rules.impulses_per_turn(s) is None and rules.actions_per_impulse(s, "player1") is None
    assert rules.interceptors(g, "power:portugal", "sea:indian-ocean", "area:aden") == []  # the Emirates are 9.1's
    assert rules.supporters(g, "area:aden") == [] and not rules.acts_after_impulse(s, "minor:emirates")
    with pytest.raises(TypeError, match="set_up"):
        rules.set_up(g, GAME.board)
    with pytest.raises(TypeError, match="game_end"):
        rules.game_end(g)


class Recording(Scenario):
    """A scenario that notes the moments the generic rules ask it about."""

    id = "recording"

    def __init__(self):
        self.seen: list[tuple] = []

    def on_control(self, g, power, area, before):
        self.seen.append(("on_control", power, area, before))

    def interceptors(self, g, power, sea, target):
        self.seen.append(("interceptors", power, sea, target))
        return []

    def supporters(self, g, area):
        self.seen.append(("supporters", area))
        return []


def test_the_generic_rules_ask_the_states_scenario(monkeypatch):
    recording = Recording()
    monkeypatch.setitem(SCENARIOS, recording.id, recording)
    s = at_first_impulse()
    s["scenario"] = recording.id
    g = ctx(s)
    land_areas.take_control(
        g, "power:portugal", "area:aden"
    )  # 18.2.2: 9.1 would score nothing here but remove the Emirates
    assert recording.seen == [("on_control", "power:portugal", "area:aden", "minor:emirates")]
    assert "minor:emirates" in g.s["minors"]  # 9.1's rule did not run: the state's scenario is another
    naval_interception.strategic_interceptors(g, "power:portugal", "sea:indian-ocean", "area:aden")
    assert recording.seen[-1] == ("interceptors", "power:portugal", "sea:indian-ocean", "area:aden")
