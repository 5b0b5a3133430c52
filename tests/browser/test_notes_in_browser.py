"""A seat's private notepad in the browser (issue 28): typed, saved as one types (HTMX), there after a reload."""

from playwright.sync_api import expect

from tests.browser.test_platform_in_browser import register
from tests.browser.test_table_page_in_browser import DESKTOP, PHONE, new_table


def test_my_notes_save_as_i_type_and_stay(server, chromium, artifacts):
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "alice")
    url = new_table(page, server.url, "toy-duel", {"rounds": 1}, {"north": "me", "south": "open"})
    page.goto(url)
    page.locator("#notes summary").click()
    page.fill("#notes-text", "South bluffs: keep the 9 for the last round.")
    expect(page.locator("#notes-status")).to_have_text("Saved.", timeout=15_000)
    page.reload()
    expect(page.locator("#notes-text")).to_have_value("South bluffs: keep the 9 for the last round.")
    expect(page.locator("#notes")).to_have_attribute("open", "")
    page.locator("#notes").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "notes.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(artifacts / "notes-phone.png"), full_page=True)
