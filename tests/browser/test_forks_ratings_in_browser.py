"""A finished game forked from its replay, the fork's page saying where it came from, and the ratings on a profile
and in the lobby; screenshots in test-artifacts/."""

import json

from playwright.sync_api import expect

from tests.browser.test_platform_in_browser import register
from tests.browser.test_table_page_in_browser import DESKTOP, PHONE, new_table


def play_out(pages, base, tid):
    """Each page takes its last offered action until the game is over (through the API)."""
    while True:
        for page in pages:
            view = page.request.get(f"{base}/api/v1/tables/{tid}").json()
            if view["outcome"]:
                return view["outcome"]
            if view["actions"]:
                a = view["actions"][-1]
                csrf = page.locator('meta[name="csrf-token"]').get_attribute("content")
                r = page.request.post(
                    f"{base}/api/v1/tables/{tid}/actions",
                    data=json.dumps({"seq": view["seq"], "verb": a["verb"], "arg": a["arg"]}),
                    headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"},
                )
                assert r.ok, r.text()


def test_fork_a_finished_game_and_see_ratings(server, chromium, artifacts):
    alice, bob = chromium.new_context().new_page(), chromium.new_context().new_page()
    register(alice, server.url, "alice")
    register(bob, server.url, "bob")
    table_url = new_table(alice, server.url, "toy-duel", seats={"north": "me", "south": "open"}, seed=3)
    tid = table_url.rsplit("/", 1)[1]
    bob.goto(table_url)
    bob.request.post(
        f"{server.url}/api/v1/tables/{tid}/join",
        data="{}",
        headers={
            "X-CSRF-Token": bob.locator('meta[name="csrf-token"]').get_attribute("content"),
            "Content-Type": "application/json",
        },
    )
    alice.goto(table_url)
    play_out([alice, bob], server.url, tid)

    alice.set_viewport_size(DESKTOP)
    alice.goto(f"{table_url}/replay?step=3")
    alice.click("a:has-text('Fork the game from this move')")
    expect(alice.locator("h1")).to_contain_text("Fork")
    alice.select_option("select[name=seat_north]", "me")
    alice.select_option("select[name=seat_south]", "open")
    alice.fill("input[name=name]", "What if South had raised")
    alice.screenshot(path=str(artifacts / "fork-form.png"), full_page=True)
    alice.click("button:has-text('Fork the game here')")
    expect(alice.locator("h1")).to_contain_text("What if South had raised")
    expect(alice.locator("#origin")).to_contain_text("Forked from")
    expect(alice.locator("#origin")).to_contain_text("at move 3")
    alice.screenshot(path=str(artifacts / "fork-table.png"), full_page=True)

    bob.set_viewport_size(DESKTOP)
    bob.goto(server.url + "/users/bob")
    expect(bob.locator("table.ratings")).to_contain_text("Duel (test game)")
    expect(bob.locator(".rating-change")).to_be_visible()
    bob.screenshot(path=str(artifacts / "profile-ratings.png"), full_page=True)
    bob.goto(server.url + "/")
    expect(bob.locator("#leaders-h")).to_contain_text("Ratings")
    bob.screenshot(path=str(artifacts / "lobby-ratings.png"), full_page=True)
    bob.set_viewport_size(PHONE)
    bob.goto(server.url + "/users/alice")
    bob.screenshot(path=str(artifacts / "profile-ratings-phone.png"), full_page=True)


def test_analyse_a_running_game_from_ones_own_seat(server, chromium, artifacts):
    """15 Días in progress: "Analyse from here" opens a private table of the position as alice's seat sees it —
    her hand the same, the other hands dealt again (issue "Play-by-web life" §4)."""
    from tests.browser.test_boards_in_browser import my_turn

    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "alice")
    url = new_table(
        page,
        server.url,
        "15-dias",
        {"players": 4, "conspirators": False},
        {"player1": "me", "player2": "bot:random", "player3": "bot:random", "player4": "bot:random"},
    )
    page.goto(url)
    assert my_turn(page), "the bots never handed alice the turn"  # the bots wait for her now: the hand stays put
    hand = page.locator(".my-hand").inner_text()
    page.click("button:has-text('Analyse from here')")
    expect(page.locator("#origin")).to_contain_text("A private analysis of")
    expect(page.locator("#origin")).to_contain_text("dealt again at random")
    assert page.url != url
    assert page.locator(".my-hand").inner_text() == hand
    page.screenshot(path=str(artifacts / "analysis-fork-15-dias.png"), full_page=True)
    other = chromium.new_context().new_page()
    register(other, server.url, "bob")
    assert other.goto(page.url).status == 403  # private to alice
