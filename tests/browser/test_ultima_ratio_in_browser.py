"""Ultima Ratio Regis in a browser: The Rise of Portugal at a table, on its board in words, played by clicking
the board (an area row, a counter group) and by the plain list. Screenshots in test-artifacts/."""

from playwright.sync_api import expect

from tests.browser.test_platform_in_browser import register
from tests.browser.test_table_page_in_browser import DESKTOP, new_table, no_horizontal_overflow, shoot


def test_the_rise_of_portugal_at_a_table(server, chromium, artifacts):
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "alice")
    url = new_table(
        page, server.url, "ultima-ratio-regis", options={"scenario": "the-rise-of-portugal"}, seats={"player1": "me"}
    )
    page.goto(url)
    board = page.locator(".board-urr")
    expect(board).to_contain_text("The rise of Portugal (1490-1564) — turn 1 (1–5)")
    expect(board.locator("tr[data-key=aden]")).to_contain_text("Emirates")
    shoot(page, artifacts, "urr-deploy")
    page.set_viewport_size(DESKTOP)
    # deployment: the plain list offers what the 6 points buy; take the first until the deployment is over
    for _ in range(8):
        before = page.locator("#table-live").get_attribute("data-seq")
        page.locator(".prompt button.action:visible").first.click()
        expect(page.locator("#table-live")).not_to_have_attribute("data-seq", before)
    expect(page.locator(".log-list")).to_be_visible()
    shoot(page, artifacts, "urr-after-moves")
    no_horizontal_overflow(page)
