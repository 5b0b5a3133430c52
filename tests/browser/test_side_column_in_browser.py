"""The table page's right column on desktop (issue 30 › The boards: "the prompt panel stays in view"): the decision,
the seats and the log are one sticky column, so after scrolling down a long board the decision is still in view
and covers neither the seats nor the log (it used to stick alone and slide over them). The phone keeps its bar at
the bottom. Screenshots at 1280 and 390 in test-artifacts/."""

from playwright.sync_api import expect

from tests.browser.test_boards_in_browser import my_turn, new_table
from tests.browser.test_platform_in_browser import register

PANELS = ("#decision", ".table-live .since", ".table-live .outcome", ".table-live .seats", ".table-live .log")


def boxes(page) -> dict[str, dict]:
    found = {}
    for selector in PANELS:
        loc = page.locator(selector)
        if loc.count() and loc.first.is_visible():
            found[selector] = loc.first.bounding_box()
    return found


def overlap(a: dict, b: dict) -> float:
    """The height two boxes share on screen (0 when they do not meet)."""
    return max(0.0, min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"]))


def assert_apart(page):
    found = boxes(page)
    assert "#decision" in found and ".table-live .seats" in found, found
    names = list(found)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert overlap(found[a], found[b]) < 1, (a, b, found[a], found[b])


def scroll_down_the_board(page, artifacts, name):
    page.set_viewport_size({"width": 1280, "height": 700})
    page.evaluate("window.scrollTo(0, 0)")
    assert_apart(page)
    board = page.locator(".table-live .board-panel").bounding_box()
    bottom = int(board["y"] + board["height"]) - 700  # the last scroll at which the board fills the screen
    assert bottom > 500, "the board is not long enough to scroll"
    for y in (400, bottom // 2, bottom):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(150)
        assert_apart(page)
        box = page.locator("#decision").bounding_box()
        assert box["y"] >= -1 and box["y"] < 700, box  # the decision is still on screen
        page.screenshot(path=str(artifacts / f"side-column-{name}-1280-{y}.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(150)
    bar = page.locator("#decision")
    box = bar.bounding_box()
    assert box["y"] + box["height"] <= 845, box  # the phone's bar at the bottom of the screen, as before
    page.screenshot(path=str(artifacts / f"side-column-{name}-390.png"))


def test_the_planet_kings_decision_covers_neither_seats_nor_log(server, chromium, artifacts):
    page = chromium.new_context(viewport={"width": 1280, "height": 700}).new_page()
    register(page, server.url, "ines")
    page.goto(new_table(page, server, "planet-king", {"scenario": "anni_mirabiles"}, {"king": "me"}))
    assert my_turn(page)
    expect(page.locator(".table-side #decision")).to_have_count(1)
    scroll_down_the_board(page, artifacts, "planet-king")


def test_fifteen_days_decision_covers_neither_seats_nor_log(server, chromium, artifacts):
    page = chromium.new_context(viewport={"width": 1280, "height": 700}).new_page()
    register(page, server.url, "lope")
    seats = {"player1": "me", "player2": "bot:random", "player3": "bot:random", "player4": "bot:random"}
    page.goto(new_table(page, server, "15-dias", {"players": 4, "conspirators": False}, seats))
    assert my_turn(page)
    scroll_down_the_board(page, artifacts, "15-dias")
