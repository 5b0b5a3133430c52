"""Contents and Content Overview (quince_dias/content.py, data/*.yaml): counts, the values the rulebook states,
the reconstruction principles and the owner's override (SIGLO_CONTENT_DIR)."""
from __future__ import annotations

from collections import Counter

import pytest
import yaml

from engines.quince_dias import GAME
from engines.quince_dias.content import DATA, Content, content

STATED = {
    "Cardinal": {"clerical": 8},
    "Visionary Nun": {"clerical": 6},
    "Successful Playwright": {"clerical": 4},
    "The King's Grand Huntsman": {"society": 1},
    "The King's Grand Master of the Hunt": {"society": 6},
    "English Ambassador": {"society": 0, "government": 8},
    "Grand Upholder": {"initiative": 15},
    "Grand Chaplain": {"initiative": 7},
    "Constable of Castile": {"initiative": 1},
    "Apostolic Nuncio": {"government": 6},
    "Lord High Steward": {"government": 7},
    "Grand Commissioner for Oaths": {"government": 5},
    "Secretary of the Treasury": {"court_ability": "replace"},
}
RANGES = {("Constable of Castile", "clerical"): [3, 7], ("Apostolic Nuncio", "government"): [5, 9],
          ("Secretary of the Treasury", "government"): [4, 8]}


def test_counts():
    """Contents: 65 Characters, 12 Special Situations, 8 Prince cards, 20 Conspirators."""
    data = GAME.content()
    assert {k: len(v) for k, v in data.items()} == {"characters": 65, "special_situations": 12, "princes": 8,
                                                     "conspirators": 20}
    for items in data.values():
        for item in items:
            assert item["id"] and item["name"] and item["source"] in ("rulebook", "reconstructed")


def test_values_stated_by_the_rulebook_are_kept():
    by_name = {c["name"]: c for c in GAME.content()["characters"]}
    for name, values in STATED.items():
        assert by_name[name]["source"] == "rulebook"
        for field, value in values.items():
            assert by_name[name][field] == value, (name, field)
    for (name, power), rng in RANGES.items():
        assert list(by_name[name]["influence_range"][power]) == rng
    assert sum(c["source"] == "rulebook" for c in by_name.values()) == 13


def test_reconstruction_principles():
    chars = GAME.content()["characters"]
    assert Counter(c["court_ability"] for c in chars) == {"cancel": 17, "replace": 16, "attract": 16, "manipulate": 16}
    assert Counter(c["administrative_ability"] for c in chars) == {"reinforce": 17, "invest": 16, "spy": 16,
                                                                   "enhance": 16}
    for c in chars:
        assert 1 <= c["initiative"] <= 15
        for low, high in c["influence_range"].values():
            assert high - low == 4
    assert Counter(s["kind"] for s in GAME.content()["special_situations"]) == {
        k: 2 for k in ("grandee_of_spain", "loyal_to_the_cause", "bureaucratic_incompetent", "double_agent",
                       "safe_in_position", "charged_and_accused")}


def test_prince_bells_allow_the_end_of_game_diagram():
    """Victory Check diagram: cards with 0, 1 and 2 Bells; at least three with 1 and two with 2."""
    bells = Counter(p["bells"] for p in GAME.content()["princes"])
    assert bells[0] >= 1 and bells[1] >= 3 and bells[2] >= 2 and max(bells) <= 2
    assert all(p["family_points"] == 5 for p in GAME.content()["princes"])


def test_no_card_id_contains_another():
    ids = sorted(content().cards)
    assert all(not b.startswith(a) for a, b in zip(ids, ids[1:]))


def test_owner_can_replace_a_data_file(tmp_path, monkeypatch):
    data = yaml.safe_load((DATA / "princes.yaml").read_text(encoding="utf-8"))
    data["princes"][0]["name"] = "Prince of the Owner"
    (tmp_path / "princes.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    monkeypatch.setenv("SIGLO_CONTENT_DIR", str(tmp_path))
    assert any(p["name"] == "Prince of the Owner" for p in Content().princes)
    assert any(p["name"] == "Prince of the Owner" for p in GAME.content()["princes"])


def test_an_invalid_owner_file_is_refused(tmp_path, monkeypatch):
    (tmp_path / "princes.yaml").write_text("princes:\n- {id: bad, name: X}\n", encoding="utf-8")
    monkeypatch.setenv("SIGLO_CONTENT_DIR", str(tmp_path))
    with pytest.raises(ValueError):
        Content()
