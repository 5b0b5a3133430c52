"""What a game shows beyond its table (engines/core/presentation.py) and the registry's loading of it: pages named
as one path segment, once each; a game's presentation imported when first asked for, never by the engine."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from engines import registry
from engines.core.presentation import NONE, Page, Presentation
from tests.support.toy_game import PAGES, Duel, PagedDuel


def body(game, query):
    return ""


@pytest.mark.parametrize("name", ["", "a/b", "Map", "../x", "-x", "x" * 41, "mapa\n"])
def test_a_page_is_named_by_one_plain_path_segment(name):
    with pytest.raises(ValueError, match="one path segment"):
        Page(name, body)


def test_a_page_is_kept_for_no_negative_time_and_named_once():
    with pytest.raises(ValueError, match="max_age"):
        Page("map.svg", body, max_age=-1)
    with pytest.raises(ValueError, match="two pages of one name"):
        Presentation(pages=(Page("map", body), Page("map", body, link="the map")))
    shown = Presentation(pages=(Page("map", body, template="map.html", link="the map"), Page("map.svg", body)))
    assert shown.page("map.svg").max_age == 0 and shown.page("nope") is None
    assert [p.name for p in shown.links()] == ["map"]


def test_the_registry_imports_a_declared_presentation_once():
    assert registry.presentation(Duel()) is NONE  # declares none
    assert registry.presentation(PagedDuel()) is PAGES
    assert registry.presentation(PagedDuel()) is PAGES


def test_a_presentation_that_is_not_one_is_refused_by_name():
    class Wrong(Duel):
        id = "toy-wrong"
        presentation = "tests.support.toy_game:echo"

    with pytest.raises(TypeError, match=re.escape("toy-wrong: presentation 'tests.support.toy_game:echo' is not")):
        registry.presentation(Wrong())


def test_the_engines_never_load_a_presentation_themselves():
    """Building and playing the shipped games imports no presentation module (nor anything of the app): a bot, a
    replay or the conformance suite loads only the rules."""
    code = (
        "import sys\n"
        "from engines import registry\n"
        "for g in registry.configure(None):\n"
        "    g.setup(1, {})\n"
        "print(sorted(m for m in sys.modules if m.endswith('.presentation') or m.split('.')[0] == 'app'))\n"
    )
    root = Path(__file__).resolve().parents[3]  # this checkout's engines, not an installed copy
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    assert out.stdout.strip() == "['engines.core.presentation']"
