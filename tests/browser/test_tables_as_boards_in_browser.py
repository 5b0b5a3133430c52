"""The Planet King and 15 Días played by clicking their boards (issue 30 › The boards, › Proof): the elements the
server marks (data-verb) are the ones that look clickable and take the keyboard, clicking one acts, and on desktop
the decision stays in view after a click on the board. Screenshots at desktop (1280) and phone (390) width in
test-artifacts/."""

import re

from playwright.sync_api import expect

from tests.browser.test_boards_in_browser import choose_on, my_turn, new_table, played, seq_of, shoot
from tests.browser.test_platform_in_browser import register
from tests.browser.test_table_page_in_browser import bots_done, steady_box


def click_the_board(page, clicks: int) -> list[str]:
    """Play ``clicks`` decisions by clicking a marked element of the board (a listed button where the decision has
    nothing on the board); the names of what was clicked."""
    clicked: list[str] = []
    for _ in range(60):
        if len(clicked) >= clicks:
            break
        assert my_turn(page)
        page.wait_for_timeout(300)
        before = seq_of(page)
        marked = page.locator("[data-board] [data-verb].pickable")
        if marked.count():
            first = marked.first
            # clickable: focusable, a button to assistive technology, with a name
            expect(first).to_have_attribute("tabindex", "0")
            expect(first).to_have_attribute("role", "button")
            name = first.get_attribute("data-name")
            assert name
            first.scroll_into_view_if_needed()
            first.click()
            choose_on(page)
            clicked.append(name)
            played(page, before)
            # the bots may still be moving (no decision of mine yet): their moves in, the box is read of a page that
            # no bot's news swaps meanwhile
            bots_done(page)
            expect(page.locator("#decision")).to_be_visible(timeout=20000)
            box = steady_box(page.locator("#decision"))  # the decision in view beside the board (sticky)
            assert box and box["height"] > 0, box
            seen = min(box["y"] + box["height"], 900) - max(box["y"], 0)
            assert seen >= min(box["height"], 500), box
        else:
            page.locator(".prompt button.action:visible").first.click()
            played(page, before)
    return clicked


def test_the_planet_king_played_by_clicking_its_board(server, chromium, artifacts):
    page = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
    register(page, server.url, "bea")
    options = {"scenario": "anni_mirabiles", "secret_memorial": True}
    url = new_table(page, server, "planet-king", options, {"king": "me"})
    page.goto(url)
    assert my_turn(page)
    board = page.locator("[data-board]")
    for track in ("track:turn", "track:treasury", "track:prestige", "track:happiness", "track:enlightenment"):
        expect(board.locator(f"[data-key='{track}'][role=meter]")).to_have_count(1)
    expect(board.locator("[data-key='track:vp:king']")).to_have_attribute("aria-valuetext", re.compile("victory point"))
    expect(board.locator("[data-key='seat:king']")).to_contain_text("Takes every decision")
    expect(board.locator("[data-key='memorial:hm']")).to_contain_text("sealed")
    clicked = click_the_board(page, 3)
    assert len(clicked) == 3, clicked
    shoot(page, artifacts, "planet-king-clicked")
    # choosing the type of action on the Council of State: its cubes are the control
    for _ in range(40):
        if board.locator("[data-key^='cube:'][data-verb~='type']").count():
            break
        click_the_board(page, 1)
    cube = board.locator("[data-key^='cube:'][data-verb~='type']").first
    expect(cube).to_have_class(re.compile("pickable"))
    shoot(page, artifacts, "planet-king-cubes")
    before = seq_of(page)
    cube.focus()  # by the keyboard: a marked element takes the focus and Enter acts
    page.keyboard.press("Enter")
    choose_on(page)
    played(page, before)


def test_fifteen_days_played_by_clicking_its_cards(server, chromium, artifacts):
    page = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
    register(page, server.url, "carmen")
    url = new_table(
        page,
        server,
        "15-dias",
        {"players": 4, "conspirators": False},
        {"player1": "me", "player2": "bot:random", "player3": "bot:random", "player4": "bot:random"},
    )
    page.goto(url)
    board = page.locator("[data-board]")
    for key in ("power:government", "power:society", "power:clerical", "card:control", "card:princes"):
        expect(board.locator(f"[data-key='{key}']")).to_have_count(1)
    clicked = click_the_board(page, 3)
    assert len(clicked) == 3, clicked
    shoot(page, artifacts, "15-dias-clicked")


def test_the_king_and_his_valido_each_see_their_seat_and_the_memorials_sealed(server, chromium, artifacts):
    """Cooperative: the King and the Valido, what each manages, each Secret Memorial's state and never its task."""
    page = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
    register(page, server.url, "felipe")
    options = {"scenario": "anni_mirabiles", "mode": "cooperative"}
    url = new_table(page, server, "planet-king", options, {"king": "me", "valido": "bot:heuristic"})
    page.goto(url)
    board = page.locator("[data-board]")
    expect(board.locator("[data-key='seat:king']")).to_contain_text("Chooses the types of action")
    expect(board.locator("[data-key='seat:valido']")).to_contain_text("political, government and simple actions")
    for owner in ("hm", "council"):
        expect(board.locator(f"[data-key='memorial:{owner}']")).to_contain_text("sealed")
    expect(board.locator("[data-key='track:vp:valido']")).to_have_count(1)
    expect(board.locator(".memorials")).to_have_count(0)  # no task is shown before a memorial is read
    shoot(page, artifacts, "planet-king-cooperative")
    page.set_viewport_size({"width": 390, "height": 844})  # the phone's first screen: the seats and the tracks
    page.screenshot(path=str(artifacts / "board-planet-king-cooperative-390-top.png"))
    page.mouse.wheel(0, 700)
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "board-planet-king-cooperative-390-tracks.png"))
