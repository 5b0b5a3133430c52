"""Clocks in days in a real browser: choose a pace on the new-table form, see the clocks on the table page and
in the lobby (screenshots of both)."""

from playwright.sync_api import expect

from tests.browser.test_platform_in_browser import register


def test_a_table_with_a_clock_shows_it_on_the_page_and_in_the_lobby(server, chromium, artifacts):
    alice_ctx, bob_ctx = chromium.new_context(), chromium.new_context()
    alice, bob = alice_ctx.new_page(), bob_ctx.new_page()
    register(alice, server.url, "alice")
    alice.goto(server.url + "/tables/new?game=toy-duel")
    alice.fill("input[name=name]", "Duel by the day")
    alice.select_option("select[name=seat_south]", "open")
    alice.select_option("select[name=clock]", "3")
    alice.check("input[name=clock_weekends]")
    alice.select_option("select[name=clock_timeout]", "forfeit")
    alice.click("button:has-text('Create the table')")
    expect(alice.locator("h1")).to_contain_text("Duel by the day")
    expect(alice.locator(".clock-pace")).to_contain_text(
        "3 days per move · weekends paused · on time-out the seat forfeits the game"
    )
    table_url = alice.url

    register(bob, server.url, "bob")
    bob.goto(server.url + "/")
    bob.click("li.table-row:has-text('Duel by the day') button:has-text('Join')")
    expect(bob.locator(".seat-list")).to_contain_text("bob")
    # north (alice) is to act: her clock runs; south's waits, full
    expect(bob.locator(".seat-list li:has-text('alice') .clock.running")).to_contain_text(" left")
    expect(bob.locator(".seat-list li:has-text('bob') .clock")).to_contain_text("3 d 0 h left")

    alice.goto(table_url)
    alice.click("button.action:has-text('Play for 1')")
    expect(bob.locator(".seat-list li:has-text('bob') .clock.running")).to_contain_text(" left", timeout=15_000)
    bob.set_viewport_size({"width": 1280, "height": 900})
    bob.screenshot(path=str(artifacts / "clocks-table.png"), full_page=True)

    alice.goto(server.url + "/")
    expect(
        alice.locator("section:has(h2:has-text('My tables')) li.table-row:has-text('Duel by the day') .clock")
    ).to_contain_text(" left")
    alice.set_viewport_size({"width": 1280, "height": 700})
    alice.screenshot(path=str(artifacts / "clocks-lobby.png"), full_page=True)


def test_the_clock_settings_show_only_for_the_pace_that_uses_them(server, chromium, artifacts):
    """Issue 30: under "No clock" the form showed the bank, increment, weekend and time-out fields. They show once
    a pace is chosen; the bank's fields only for a bank of days (CSS, so without JavaScript too)."""
    page = chromium.new_context().new_page()
    register(page, server.url, "alice")
    page.goto(server.url + "/tables/new?game=toy-duel")
    bank, timeout = page.locator("input[name=clock_bank_days]"), page.locator("select[name=clock_timeout]")
    expect(bank).to_be_hidden()
    expect(timeout).to_be_hidden()
    page.select_option("select[name=clock]", "3")
    expect(timeout).to_be_visible()
    expect(bank).to_be_hidden()
    page.select_option("select[name=clock]", "bank")
    expect(bank).to_be_visible()
    expect(page.locator("input[name=clock_cap_days]")).to_be_visible()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(artifacts / "new-table-clock-bank.png"), full_page=True)
    page.select_option("select[name=clock]", "none")
    expect(timeout).to_be_hidden()
