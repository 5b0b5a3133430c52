"""15 Días on a phone (issue 12 › phone width): one's hand comes before the round's and the families' stats, the
decision stays in the bar at the bottom of the screen, nothing overflows; at desktop width the board keeps its
order. Screenshots land in test-artifacts/ (15-dias-phone-*.png)."""

from playwright.sync_api import expect

from tests.browser.test_platform_in_browser import register
from tests.browser.test_table_page_in_browser import DESKTOP, PHONE, act, new_table, no_horizontal_overflow


def top(page, selector: str) -> float:
    return page.locator(selector).first.bounding_box()["y"]


def test_the_hand_comes_before_the_stats_on_a_phone(server, chromium, artifacts):
    alice = chromium.new_context(viewport=PHONE).new_page()
    register(alice, server.url, "alice")
    url = new_table(
        alice,
        server.url,
        "15-dias",
        {"players": 4},
        {"player1": "me", "player2": "me", "player3": "me", "player4": "me"},
    )
    alice.goto(url)
    tid = url.rsplit("/", 1)[1]
    while True:  # the Election of Powers and every face-down choice: Main Characters on the table
        to_play = alice.request.get(f"{server.url}/api/v1/tables/{tid}").json()["active_roles"][0]
        view = alice.request.get(f"{server.url}/api/v1/tables/{tid}?as={to_play}").json()
        if view["view"]["prompt"]["step"] == "turn":
            break
        act(alice, server.url, url, view["actions"][0]["verb"], to_play)
    alice.goto(f"{url}?as={to_play}")
    no_horizontal_overflow(alice)
    hand, stats, families = (
        top(alice, ".board-15-dias .my-hand"),
        top(alice, ".board-15-dias .state"),
        top(alice, ".board-15-dias .families"),
    )
    assert hand < stats and hand < families, (hand, stats, families)
    assert hand < PHONE["height"] / 2  # the hand starts on the first screen
    bar = alice.locator("#decision")
    expect(bar).to_be_in_viewport()
    assert bar.bounding_box()["y"] + bar.bounding_box()["height"] <= PHONE["height"] + 1  # sticky at the bottom
    alice.screenshot(path=str(artifacts / "15-dias-phone-first-screen.png"))
    alice.screenshot(path=str(artifacts / "15-dias-phone-full.png"), full_page=True)
    alice.set_viewport_size(DESKTOP)
    assert top(alice, ".board-15-dias .state") < top(alice, ".board-15-dias .my-hand")  # the desktop order stays
    alice.screenshot(path=str(artifacts / "15-dias-desktop-turn.png"), full_page=True)
