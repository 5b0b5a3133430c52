"""Every engine's package reads bottom-up: no module imports another that imports it back, directly or through
others, counting the imports made inside functions and those for types alone (the game's class is reached through
a protocol its rules modules name, ``flow.FlowGame``, ``cards.CardsGame``). Ultima Ratio Regis's own layout rules
(its scenarios) are in ``tests/engines/ultima_ratio/test_layout.py``, whose graph this test reads with."""

from __future__ import annotations

import pathlib

import pytest

import engines
from tests.engines.ultima_ratio.test_layout import circles, module_graph

ROOT = pathlib.Path(engines.__file__).parent
PACKAGES = sorted(p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file())


def test_every_engine_package_is_read():
    assert {"core", "planet_king", "quince_dias", "ultima_ratio"} <= set(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_of_an_engine_imports_another_that_imports_it_back(package):
    assert circles(module_graph(ROOT / package, f"engines.{package}")) == []
