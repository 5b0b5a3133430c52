"""The board's sections kept by what they are drawn from (board.html's ``kept``, app/fragments.py; issue 30 › Proof:
the page's time): at every position of several games, as each seat and a spectator, in English and in Spanish, the
board drawn with the sections (and the presentation's tracks, notables' cards and words) kept from all the earlier
positions is the board drawn afresh, byte for byte (a section or a piece whose key missed something it reads would
be drawn stale), and a board asked again draws no section."""

import copy
import random
import re
from typing import Any, cast

import pytest

from app import fragments, i18n
from engines.planet_king import GAME, presentation, presentation_council
from tests.engines.planet_king.support import RENDER
from tests.engines.planet_king.test_board import ENV, Table

BOARD = ENV.get_template("games/planet-king/board.html")
# what a board's drawing keeps across renders: the sections, and the presentation's tracks, cards and words
KEPT: tuple[Any, ...] = (  # dicts, and the app's Kept (items, clear, update alike)
    fragments._sections,
    presentation_council._TRACKS,
    presentation._CARDS,
    presentation._SAYERS,
)


def render(state: dict, role: str | None, lang: str) -> str:
    return draw(view_of(state, role), GAME.active_roles(state), role, lang)


def view_of(state: dict, role: str | None) -> dict[str, Any]:
    """The seat's view as the app hands it to the board: its prompt in words."""
    view = cast(dict[str, Any], GAME.view(state, role))
    view["prompt"] = {**view["prompt"], "text": RENDER.text(view["prompt"]["text"])}
    return view


def draw(view: dict[str, Any], active: list[str], role: str | None, lang: str) -> str:
    data = {
        "seats": [{"role": r, "name": f"Player {r}"} for r in view["public"]["roles"]],
        "active_roles": active,
        "outcome": None,
    }
    with i18n.use(lang):
        return BOARD.render(game=GAME, view=view, role=role, data=data, table=Table(), csrf_token="tok", as_role=role)


@pytest.mark.parametrize(
    "options",
    [
        {"scenario": "anni_mirabiles"},
        {"scenario": "planet_king", "mode": "cooperative"},
        {"scenario": "hothead", "secret_memorial": True},
    ],
)
def test_a_kept_section_is_the_section_drawn_afresh(options):
    s = GAME.setup(11, options)
    rnd = random.Random(11)
    roles = GAME.roles(GAME.parse_options(options))
    fragments._sections.clear()
    drawn = 0
    for _ in range(60):
        if GAME.outcome(s):
            break
        for role in [*roles, None]:
            for lang in ("en", "es"):
                kept = render(s, role, lang)  # sections kept from earlier positions, seats and languages
                size = len(fragments._sections)
                assert render(s, role, lang) == kept and len(fragments._sections) == size  # all kept: none drawn
                earlier = [dict(kept_here.items()) for kept_here in KEPT]
                for kept_here in KEPT:
                    kept_here.clear()
                assert render(s, role, lang) == kept  # drawn afresh (the presentation's own kept pieces too)
                drawn += len(fragments._sections)
                for kept_here, was in zip(KEPT, earlier, strict=True):
                    kept_here.update(was)
        role = GAME.active_roles(s)[0]
        verb, arg = GAME.bots["heuristic"](GAME, GAME.view(s, role), role, rnd)
        s = GAME.apply(s, role, verb, arg)
    assert drawn  # the sections were kept


def test_a_kept_council_makes_none_of_its_words(monkeypatch):
    """A board whose Council of State is kept makes none of its words: its seats' memorials, tracks, Treasury line
    and cubes (presentation_council's ``memorials``, ``tracks``, ``treasury_turn`` and ``cubes``, called by the
    section and its pieces when drawn): a page asked again pays for none of it, and a spent cube, what most moves
    change, redraws the council with its cubes alone, its seats, tracks and Treasury line kept; a Treasury change
    redraws that line, the cubes kept."""
    from engines.planet_king import presentation

    made: list[str] = []

    def making(part: str) -> Any:
        made_by = getattr(presentation, part)

        def make(*a: Any) -> Any:
            made.append(part)
            return made_by(*a)

        return make

    for part in ("cubes", "memorials", "tracks", "treasury_turn"):
        monkeypatch.setattr(presentation, part, making(part))
    s = GAME.setup(11, {"scenario": "hothead", "secret_memorial": True})
    fragments._sections.clear()
    first = render(s, "king", "es")
    assert made == ["memorials", "tracks", "treasury_turn", "cubes"]
    assert render(s, "king", "es") == first and made == ["memorials", "tracks", "treasury_turn", "cubes"]
    s["cubes"]["government"] -= 1  # a cube spent: the council drawn again, its other pieces as they were
    render(s, "king", "es")
    assert made == ["memorials", "tracks", "treasury_turn", "cubes", "cubes"]
    s["treasury_turn"].append({"n": 2, "why": {"msg": "why.instability", "args": {}}})  # the Treasury moved: its line
    assert "+2" not in first and "+2" in render(s, "king", "es")
    assert made == ["memorials", "tracks", "treasury_turn", "cubes", "cubes", "treasury_turn"]  # the cubes kept


def test_a_court_row_is_redrawn_when_and_only_when_its_notables_or_their_marks_change():
    """Inside the kept Court each row of cards (the cards drawn, the single positions, the nobles, the geniuses, the
    offices, the exiles, the ladies' deck) is kept by its own notables, their marks and its places in question: a
    change to one genius's card, or a decision that marks one card drawn, redraws the Court around that row and the
    row alone, which shows the change (a row kept without its notables or marks would show the old card)."""
    s = GAME.setup(11, {"scenario": "planet_king", "mode": "cooperative"})
    view = view_of(s, "king")
    fragments._sections.clear()

    def redrawn(changed: dict[str, Any]) -> tuple[str, list[str]]:
        before = set(fragments._sections)
        html = draw(changed, ["king"], "king", "en")
        return html, sorted(k[0] for k in set(fragments._sections) - before if k[0].startswith("planet-king:court"))

    first, rows = redrawn(view)
    assert rows == [
        "planet-king:court",
        "planet-king:court:drawn",
        "planet-king:court:geniuses",
        "planet-king:court:ladies",
        "planet-king:court:nobles",
        "planet-king:court:offices",
        "planet-king:court:seats",
    ]
    assert redrawn(view) == (first, [])  # nothing changed: every row kept

    genius = copy.deepcopy(view)
    card = genius["public"]["court"]["geniuses"][0]
    card["prestige"] = 3
    html, rows = redrawn(genius)
    assert rows == ["planet-king:court", "planet-king:court:geniuses"]
    shown = re.search(f'data-keys="notable:{card["id"]} court:genius:0".*?</div>', html, re.S)
    assert shown and 'class="prestige"' in shown.group() and "+3" in shown.group()
    assert "+3" not in re.search(f'data-keys="notable:{card["id"]} court:genius:0".*?</div>', first, re.S).group()

    marked = copy.deepcopy(view)
    drawn = marked["public"]["drawn"][0]["id"]
    marked["prompt"]["legal"] = {"recruit": [drawn]}  # a decision about one card drawn
    html, rows = redrawn(marked)
    assert rows == ["planet-king:court", "planet-king:court:drawn"]
    assert re.search(f'data-keys="notable:{drawn}" data-verb="recruit"', html)
