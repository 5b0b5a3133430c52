"""Contents and Content Overview (quince_dias/content.py, data/*.yaml): counts, the values the rulebook states,
the reconstruction principles, the owner's files (<content_dir>/15-dias/) and content that setup never changes."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import orjson
import pytest
import yaml

from engines.core.types import ContentError
from engines.quince_dias import GAME, QuinceDias
from engines.quince_dias.content import DATA

STATED: dict[str, dict[str, Any]] = {
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
RANGES = {
    ("Constable of Castile", "clerical"): [3, 7],
    ("Apostolic Nuncio", "government"): [5, 9],
    ("Secretary of the Treasury", "government"): [4, 8],
}


def test_counts():
    """Contents: 65 Characters, 12 Special Situations, 8 Prince cards, 20 Conspirators."""
    data = GAME.content()
    assert {k: len(v) for k, v in data.items()} == {
        "characters": 65,
        "special_situations": 12,
        "princes": 8,
        "conspirators": 20,
    }
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
    assert Counter(c["administrative_ability"] for c in chars) == {
        "reinforce": 17,
        "invest": 16,
        "spy": 16,
        "enhance": 16,
    }
    for c in chars:
        assert 1 <= c["initiative"] <= 15
        for low, high in c["influence_range"].values():
            assert high - low == 4
    assert Counter(s["kind"] for s in GAME.content()["special_situations"]) == dict.fromkeys(
        (
            "grandee_of_spain",
            "loyal_to_the_cause",
            "bureaucratic_incompetent",
            "double_agent",
            "safe_in_position",
            "charged_and_accused",
        ),
        2,
    )


def test_prince_bells_make_every_sum_of_the_end_of_game_diagram_possible():
    """Victory Check diagram (line 154): "2+1=3; 1+1+1=3; 0+1+2=3; 2+2>3". Each addend is one Prince card's
    individual side, so every sum must be drawable from distinct cards: 2+2 needs two 2-Bell cards, 1+1+1 three
    1-Bell cards, 0+1+2 a card without Bells. The deck holds the smallest such set, 0/0/0/1/1/1/2/2 (only "certain"
    cards show Bells, lines 62, 133: three do not)."""
    bells = Counter(p["bells"] for p in GAME.content()["princes"])
    for addends in ([2, 1], [1, 1, 1], [0, 1, 2], [2, 2]):
        assert all(bells[b] >= n for b, n in Counter(addends).items()), addends
    assert sorted(bells.elements()) == [0, 0, 0, 1, 1, 1, 2, 2]
    assert all(p["family_points"] == 5 for p in GAME.content()["princes"])


def test_game_length_over_every_order_of_the_shown_cards():
    """One individual side is shown a round (2 Prince cards a round, lines 119, 133); the third Bell ends the game
    (line 146), otherwise it ends after round 4 (line 84). Over every order of the 4 sides a game shows, the share
    of games ending after rounds 2, 3 and 4 is the one README › How long a game lasts states."""
    from itertools import permutations

    bells = [p["bells"] for p in GAME.content()["princes"]]
    ends: Counter[int] = Counter()
    for order in permutations(range(len(bells)), 4):
        shown = [bells[i] for i in order]
        ends[next((r for r in (1, 2, 3) if sum(shown[:r]) >= 3), 4)] += 1
    total = sum(ends.values())
    assert {r: round(100 * n / total, 1) for r, n in sorted(ends.items())} == {2: 25.0, 3: 30.4, 4: 44.6}


def test_prince_cards_are_philip_iiis_family_alive_in_march_1621():
    """Line 146: the third Bell "represents the death of Philip III" (31 March 1621): the Prince cards are people
    alive then; Infanta Margarita (died 1617) and Infante Alfonso (died 1612) are not."""
    names = {p["name"] for p in GAME.content()["princes"]}
    assert not names & {"Infanta Margarita", "Infante Alfonso"}
    assert "Queen Isabel of Bourbon" not in names  # queen only from 31 March 1621
    assert all(p["source"] in ("rulebook", "reconstructed") for p in GAME.content()["princes"])


def test_no_card_id_contains_another():
    ids = sorted(GAME.cards)
    assert all(not b.startswith(a) for a, b in itertools.pairwise(ids))


def owner_file(tmp_path, name: str, data) -> None:
    folder = tmp_path / "15-dias"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(data if isinstance(data, str) else yaml.safe_dump(data), encoding="utf-8")


def test_owner_can_replace_a_data_file(tmp_path):
    data = yaml.safe_load((DATA / "princes.yaml").read_text(encoding="utf-8"))
    data["princes"][0]["name"] = "Prince of the Owner"
    owner_file(tmp_path, "princes.yaml", data)
    owned = QuinceDias(tmp_path)
    assert any(p["name"] == "Prince of the Owner" for p in owned.content()["princes"])
    assert owned.content_digest == GAME.content_digest  # a name is no rule: no table is flagged (issue 29)
    data["princes"][0]["individual_points"] += 1
    owner_file(tmp_path, "princes.yaml", data)
    assert QuinceDias(tmp_path).content_digest != GAME.content_digest
    assert not any(p["name"] == "Prince of the Owner" for p in GAME.content()["princes"])  # on the instance
    state = owned.setup(1, {})
    assert state["content"] == owned.content_digest


def test_an_invalid_owner_file_is_refused_naming_the_file_and_the_item(tmp_path):
    data = yaml.safe_load((DATA / "characters.yaml").read_text(encoding="utf-8"))
    data["characters"][3]["court_ability"] = "Cancel"  # the ability's id is "cancel", not its English name
    owner_file(tmp_path, "characters.yaml", data)
    with pytest.raises(ContentError) as err:
        QuinceDias(tmp_path)
    assert "characters.yaml" in str(err.value) and data["characters"][3]["id"] in str(err.value)


def test_duplicate_ids_are_refused_naming_the_file_and_the_item(tmp_path):
    sits = yaml.safe_load((DATA / "special_situations.yaml").read_text(encoding="utf-8"))
    sits["special_situations"][1]["id"] = sits["special_situations"][0]["id"]
    owner_file(tmp_path, "special_situations.yaml", sits)
    with pytest.raises(ContentError) as err:
        QuinceDias(tmp_path)
    assert "special_situations.yaml" in str(err.value) and sits["special_situations"][0]["id"] in str(err.value)


def test_an_id_that_begins_another_is_refused(tmp_path):
    chars = yaml.safe_load((DATA / "characters.yaml").read_text(encoding="utf-8"))
    chars["characters"][1]["id"] = chars["characters"][0]["id"] + "-elder"
    owner_file(tmp_path, "characters.yaml", chars)
    with pytest.raises(ContentError) as err:
        QuinceDias(tmp_path)
    assert "characters.yaml" in str(err.value) and chars["characters"][1]["id"] in str(err.value)


def test_too_few_prince_cards_are_refused(tmp_path):
    data = yaml.safe_load((DATA / "princes.yaml").read_text(encoding="utf-8"))
    data["princes"] = data["princes"][:7]
    owner_file(tmp_path, "princes.yaml", data)
    with pytest.raises(ContentError) as err:
        QuinceDias(tmp_path)
    assert "princes.yaml" in str(err.value)


def test_setup_and_play_never_change_the_content():
    before = orjson.dumps(GAME.content(), option=orjson.OPT_SORT_KEYS)
    cards = orjson.dumps(GAME.cards, option=orjson.OPT_SORT_KEYS)
    from engines.core.conformance import playout

    playout(GAME, 3, {"players": 4, "conspirators": True}, check=False)
    assert orjson.dumps(GAME.content(), option=orjson.OPT_SORT_KEYS) == before
    assert orjson.dumps(GAME.cards, option=orjson.OPT_SORT_KEYS) == cards
