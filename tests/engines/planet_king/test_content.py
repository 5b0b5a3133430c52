"""The Planet King content (issue 4, Content): counts, rulebook-stated values, references, overrides."""
from __future__ import annotations

from collections import Counter

import pytest

from engines.planet_king import content


@pytest.fixture(scope="module")
def c():
    return content.load()


def test_counts_of_the_components(c):
    """Components: 76 Notable cards, 68 Event cards, 14 Secret Memorial cards."""
    assert len(c.notables) == 76
    assert len(c.events) == 68
    assert len(c.memorials) == 14


def test_fortune_symbols_match_the_printed_percentages(c):
    """Events Phase › Overview: eagle 41 %, pigeon 19 %, crow 40 % -> 28 / 13 / 27 of 68."""
    counts = Counter(e.fortune for e in c.events)
    assert counts == {"eagle": 28, "pigeon": 13, "crow": 27}
    for symbol, percent in {"eagle": 41, "pigeon": 19, "crow": 40}.items():
        assert round(100 * counts[symbol] / 68) == percent == c.tables.fortune[symbol]["percent"]


def test_export_gives_id_name_kind_source(c):
    out = content.export()
    for key in ("notables", "events", "memorials", "leaders", "wars", "territories", "powers", "scenarios"):
        assert out[key], key
        for item in out[key]:
            assert {"id", "name", "kind", "source"} <= item.keys()
            assert item["source"] in ("rulebook", "reconstructed")
    assert out["tables"]["battle_names"]["picardy"][4][5] == "Aire-sur-la-Lys"
