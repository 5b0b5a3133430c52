"""The major power auction (7.1.1) on a phone (issue 28): its 21 bets do not fill the bar at the bottom of the screen;
they are one select of the same legal bets and one submit (a plain form: no script needed), while a desktop keeps
the buttons. Screenshot in test-artifacts/ (urr-92-bet-phone*.png)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_platform_in_browser import register
from tests.browser.test_table_page_in_browser import (
    DESKTOP,
    PHONE,
    bots_done,
    new_table,
    no_horizontal_overflow,
    steady_box,
)


def test_a_bet_is_one_select_and_one_submit_on_a_phone(server, chromium, artifacts):
    page = chromium.new_context(viewport=PHONE).new_page()
    register(page, server.url, "alice")
    seats = {"player1": "me", "player2": "bot:heuristic", "player3": "bot:heuristic"}
    url = new_table(page, server.url, "ultima-ratio-regis", {"scenario": "new-order", "players": 3}, seats)
    page.goto(f"{url}?as=player1")
    # the bots bet at the same time (a simultaneous step): each bet's news swaps the live part of the page, and a
    # box or a count read during a swap is of no element (CI, a loaded machine: the bar's box was None). Their bets
    # in, nothing moves until alice bets.
    bots_done(page)
    prompt = page.locator(".prompt")
    choice = prompt.locator("form.action-choice")
    expect(choice.locator("select[name=arg] option")).to_have_count(21)  # 0..20 VP: the same finite list
    expect(choice.locator("select[name=arg]")).to_be_visible()
    buttons = prompt.locator(".actions form.action-form button")
    expect(buttons).to_have_count(21)  # the buttons are there (a desktop's), none of them shown on a phone
    expect(prompt.locator(".actions form.action-form button:visible")).to_have_count(0)
    bar = steady_box(prompt)
    assert bar is not None and bar["height"] < PHONE["height"] * 0.3, bar  # a small bar, not a wall of buttons
    no_horizontal_overflow(page)
    page.screenshot(path=str(artifacts / "urr-92-bet-phone-screen.png"))
    page.set_viewport_size(DESKTOP)  # a desktop keeps the buttons
    expect(choice).to_be_hidden()
    expect(buttons.first).to_be_visible()
    page.set_viewport_size(PHONE)
    choice.locator("select[name=arg]").select_option("17")
    choice.locator("button").click()
    expect(prompt.locator("form.action-choice")).to_have_count(0)  # the bet is made: no more bets offered
    tid = url.rsplit("/", 1)[1]
    log = page.request.get(f"{server.url}/api/v1/tables/{tid}/log?as=player1").text()
    assert "alice bet 17 VP." in log, log[:2000]  # the bots bet at once: the bets are revealed
