"""A finished 15 Días table decided by the Victory Check's tie rule (l. 150: the tied drop out, the next one down
wins), seen in the browser: the tally's "Tie-break applied" is there at desktop and phone width, its rule links to
the rules reference, and the finished page passes axe-core with no critical or serious violation (issue 30 ›
Outcomes explained, › Accessible to every player). Screenshots in test-artifacts/."""

from typing import cast

import orjson
from playwright.sync_api import expect
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from app.models import GameTable, Snapshot
from engines import registry
from engines.core.machine import Ctx, StepGame
from tests.app.test_tiebreak_pages import tiebreak_of
from tests.browser.test_accessibility import violations
from tests.browser.test_boards_in_browser import new_table
from tests.browser.test_platform_in_browser import register
from tests.browser.test_table_page_in_browser import DESKTOP, PHONE

ROLES = ["player1", "player2", "player3", "player4"]


def finish_with_a_tie(database: str, table: int) -> None:
    """Round 4 over with no Prince card won: 5, 5, 4 and 1 Affection Points; one seq later, so no cache keeps the
    running position."""
    game = cast(StepGame, registry.get_game("15-dias"))
    engine = create_engine(database)
    with Session(engine) as db:
        row, snap = db.get(GameTable, table), db.get(Snapshot, table)
        state = orjson.loads(snap.state)
        state.update(round=4, estate={r: [] for r in ROLES}, stack=[{"step": "victory_check"}])
        state["ducats"] = {"player1": 10, "player2": 11, "player3": 8, "player4": 2}
        game._run_auto(Ctx(game, state))
        assert game.outcome(state) is not None
        row.seq, row.status, row.active_roles = row.seq + 1, "finished", []
        snap.seq, snap.state, snap.base_seq, snap.base_state = row.seq, orjson.dumps(state).decode(), row.seq, None
        db.commit()
    engine.dispose()


def test_a_tie_broken_by_the_victory_check_is_shown_and_passes_axe(server, chromium, tmp_path, artifacts):
    page = chromium.new_context(bypass_csp=True, viewport=DESKTOP).new_page()  # the audit's script is let in
    register(page, server.url, "tomas")
    url = new_table(page, server, "15-dias", {"players": 4}, dict.fromkeys(ROLES, "me"))
    finish_with_a_tie(f"sqlite:///{tmp_path}/browser.db", int(url.rsplit("/", 1)[1]))
    page.goto(url)
    said = page.locator("[data-key='tally:tiebreak']")
    expect(said).to_be_visible()
    expect(said).to_contain_text("Tie-break applied")
    expect(said).to_contain_text("the next one down with 4 Affection Points, wins")
    assert "tied on 5 Affection Points" in tiebreak_of(page.content())
    expect(said.locator("a.rule")).to_have_attribute("href", "/games/15-dias/rules/reference#rule-victory_check")
    page.screenshot(path=str(artifacts / "tally-tiebreak-1280.png"), full_page=True)
    said.screenshot(path=str(artifacts / "tally-tiebreak-said-1280.png"))
    page.set_viewport_size(PHONE)
    expect(said).to_be_visible()
    page.screenshot(path=str(artifacts / "tally-tiebreak-390.png"), full_page=True)
    assert not violations(page)
