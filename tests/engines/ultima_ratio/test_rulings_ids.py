"""RULINGS.md's ids name one ruling each, and every ``RULINGS <id>`` the engine and its tests cite is one of them
(the scenario start's SA-1..SA-5 were once AU-1..AU-5, the names of the 8-12 audit's rulings as well)."""

from __future__ import annotations

import collections
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
ID = r"[A-Z][A-Z0-9]*-[0-9]+(?:\.[0-9]+)?"


def defined() -> list[str]:
    text = (ROOT / "engines/ultima_ratio/RULINGS.md").read_text(encoding="utf-8")
    return re.findall(rf"^- \*\*({ID})\b", text, re.M)


def test_each_ruling_id_names_one_ruling():
    ids = defined()
    assert len(ids) > 150  # the file's rulings are read, not an empty match
    assert [i for i, n in collections.Counter(ids).items() if n > 1] == []


def test_every_ruling_cited_by_the_engine_and_its_tests_exists():
    known = set(defined())
    files = [*ROOT.glob("engines/ultima_ratio/**/*.py"), *ROOT.glob("tests/engines/ultima_ratio/**/*.py")]
    cited = {
        (i, p.relative_to(ROOT).as_posix())
        for p in files
        for m in re.finditer(rf"RULINGS((?:[ ,]+(?:and )?{ID})+)", p.read_text(encoding="utf-8"))
        for i in re.findall(ID, m.group(1))
    }
    assert len(cited) > 100
    assert sorted(c for c in cited if c[0] not in known) == []
