"""Display preferences in the browser (issue 28): the header's theme switch turns every page dark (and back), the
table's side panel folds to a strip and opens again by mouse and keyboard, its state kept across pages, the strip
saying when the decision is mine; without scripts it is always open. Screenshots of each game's table, light and
dark, folded and open, at desktop and phone width in test-artifacts/ (display-*.png)."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_platform_in_browser import register
from tests.browser.test_table_page_in_browser import DESKTOP, PHONE, bots_done, new_table

TABLES = {
    "planet-king": ({}, {"king": "me"}),
    "15-dias": (
        {"players": 4, "conspirators": False},
        {"player1": "me", **{f"player{i}": "bot:random" for i in (2, 3, 4)}},
    ),
    "ultima-ratio-regis": ({}, {"player1": "me"}),
}


def choose_theme(page, theme):
    page.select_option("header.site select[name=theme]", theme)  # submits itself: the page comes back
    expect(page.locator("html")).to_have_attribute("data-theme", theme)
    expect(page.locator("header.site select[name=theme]")).to_have_value(theme)


def settled(page, game):
    expect(page.locator("#decision")).to_be_attached()
    if game == "ultima-ratio-regis":
        expect(page.locator("#urr-base svg")).to_be_attached()  # the base map made inline by board.js
    page.wait_for_timeout(200)


def fold_or_open(page, press=None):
    """Press the side panel's button (a click, or a key on the focused button) and wait until the choice is kept."""
    with page.expect_response(lambda r: r.url.endswith("/account/display") and r.request.method == "POST"):
        if press:
            page.keyboard.press(press)
        else:
            page.locator("[data-side-toggle]").click()


def background_luminance(page, selector) -> float:
    """The relative luminance (WCAG) of an element's computed background colour."""
    rgb = page.eval_on_selector(
        selector, "e => getComputedStyle(e).backgroundColor.match(/[\\d.]+/g).slice(0, 3).map(Number)"
    )
    lin = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


@pytest.mark.parametrize("game", TABLES)
def test_a_table_light_and_dark_and_its_side_panel_folded(server, chromium, artifacts, game):
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, f"reader-{game[:5]}")
    options, seats = TABLES[game]
    url = new_table(page, server.url, game, options, seats)
    page.goto(url)
    # 15 Días's bots: their moves in, nothing swaps the live part while its boxes are read (the reader never moves)
    bots_done(page)
    settled(page, game)
    assert page.locator("html").get_attribute("data-theme") == "system"
    for theme in ("light", "dark"):
        choose_theme(page, theme)
        settled(page, game)
        panel = background_luminance(page, ".table-side .panel.seats")
        assert (panel > 0.8) if theme == "light" else (panel < 0.05), (theme, panel)
        for size in (DESKTOP, PHONE):
            page.set_viewport_size(size)
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(150)
            page.screenshot(path=str(artifacts / f"display-{game}-{theme}-{size['width']}.png"))
        page.set_viewport_size(DESKTOP)

    # the side panel: open, a button at the column's top; folded, a strip beside a wider board
    toggle = page.locator("[data-side-toggle]")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    board_open = page.locator(".table-live .board-panel").bounding_box()["width"]
    fold_or_open(page)
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#decision")).to_be_hidden()
    strip = toggle.bounding_box()
    assert strip["width"] < 50 and strip["x"] > board_open, strip
    assert page.locator(".table-live .board-panel").bounding_box()["width"] > board_open + 250
    if page.locator(".prompt.deciding").count():  # my decision: the strip says so
        expect(page.locator("[data-side-toggle] .side-your-turn")).to_be_visible()
    page.screenshot(path=str(artifacts / f"display-{game}-folded-dark-1280.png"))
    # kept: the next page of the table comes folded
    page.reload()
    settled(page, game)
    expect(page.locator("html")).to_have_attribute("data-side-panel", "collapsed")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#decision")).to_be_hidden()
    # on a phone there is no column to fold: the decision is the bar at the bottom, the button is not shown
    page.set_viewport_size(PHONE)
    expect(toggle).to_be_hidden()
    expect(page.locator("#decision")).to_be_visible()
    page.set_viewport_size(DESKTOP)
    # the keyboard opens it again: the button is reached by Tab and pressed with Enter
    toggle.focus()
    fold_or_open(page, "Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#decision")).to_be_visible()
    fold_or_open(page, " ")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    fold_or_open(page, "Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-side-panel", "open")
    choose_theme(page, "light")
    fold_or_open(page)
    page.wait_for_timeout(150)
    page.screenshot(path=str(artifacts / f"display-{game}-folded-light-1280.png"))


def test_without_scripts_the_side_panel_is_always_open(server, chromium, artifacts):
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "nojs")
    url = new_table(page, server.url, "planet-king", {}, {"king": "me"})
    page.goto(url)
    fold_or_open(page)
    expect(page.locator("html")).to_have_attribute("data-side-panel", "collapsed")
    cookies = page.context.cookies()
    plain = chromium.new_context(viewport=DESKTOP, java_script_enabled=False)
    plain.add_cookies(cookies)
    bare = plain.new_page()
    bare.goto(url)
    expect(bare.locator("html")).to_have_attribute("data-side-panel", "collapsed")  # the choice is kept ...
    expect(bare.locator("#decision")).to_be_visible()  # ... and without scripts nothing folds the column
    expect(bare.locator(".table-live .seats")).to_be_visible()
    expect(bare.locator("[data-side-toggle]")).to_be_hidden()
    # the header's switch works without scripts too: its button submits the form
    bare.select_option("header.site select[name=theme]", "dark")
    bare.locator("header.site .theme-switch button[type=submit]").click()
    expect(bare.locator("html")).to_have_attribute("data-theme", "dark")
    bare.screenshot(path=str(artifacts / "display-no-script-dark-1280.png"))


def test_a_visitors_side_panel_and_theme_are_kept_in_a_cookie(server, chromium):
    owner = chromium.new_context(viewport=DESKTOP).new_page()
    register(owner, server.url, "host")
    url = new_table(owner, server.url, "planet-king", {}, {"king": "me"})
    page = chromium.new_context(viewport=DESKTOP).new_page()
    page.goto(url)
    expect(page.locator("[data-side-toggle] .side-your-turn")).to_have_count(0)  # a spectator decides nothing
    fold_or_open(page)
    choose_theme(page, "dark")  # a whole page again: the panel's state came back with it
    expect(page.locator("html")).to_have_attribute("data-side-panel", "collapsed")
    expect(page.locator("#decision")).to_be_hidden()
    assert any(c["name"] == "siglo_display" for c in page.context.cookies())


def test_every_page_goes_dark(server, chromium, artifacts):
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "owl")
    url = new_table(page, server.url, "planet-king", {}, {"king": "me"})
    choose_theme(page, "dark")
    paths = ["/", "/account", "/tables/new", "/notices", "/users/owl", "/games/planet-king/rules"]
    paths += [url.removeprefix(server.url) + "/replay", url.removeprefix(server.url) + "/log"]
    paths += ["/games/ultima-ratio-regis/map"]
    for path in paths:
        page.goto(server.url + path)
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
        assert background_luminance(page, "html") < 0.02, path
        assert background_luminance(page, "header.site") < 0.05, path
        name = path.strip("/").replace("/", "-") or "lobby"
        page.screenshot(path=str(artifacts / f"display-page-{name}-dark-1280.png"))


def test_a_map_piece_picked_with_the_side_panel_folded_shows_its_choices(server, chromium, artifacts):
    """Issue 28: a piece of the map whose choices are listed in the side column (static/js/board.js's menu), picked
    while the side panel is folded to its strip, opens the panel for them (for this page: the kept choice stays
    folded), so that the click shows what it may do."""
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "folder")
    url = new_table(page, server.url, "ultima-ratio-regis", {"scenario": "the-rise-of-portugal"}, {"player1": "me"})
    page.goto(url)
    expect(page.locator('#urr-base[data-inlined="1"]')).to_have_count(1)
    # a piece of the map with several choices (a click on it lists them): the list's forms that name it
    several = """() => [...document.querySelectorAll('.urr-map .pickable')].map(el => el.dataset.hit).find(hit => {
      // a key is its content's id (area:lisboa), or a counter's unit:<its id> (unit:power:portugal-troop-1)
      const ids = hit.split(' ').map(k => { const rest = k.slice(k.indexOf(':') + 1);
        return JSON.stringify(rest.includes(':') ? rest : k); });
      return [...document.querySelectorAll('.prompt form.action-form input[name=arg]')]
        .filter(i => ids.some(id => i.value.includes(id))).length > 1; })"""
    key = None
    for _ in range(60):  # moves by the list until there is one
        key = page.evaluate(several)
        if key:
            break
        seq = page.locator("#table-live").get_attribute("data-seq")
        if not page.locator(".prompt button.action:visible").count():
            page.locator(".board-all").click()
        page.locator(".prompt button.action:visible").first.click()
        expect(page.locator("#table-live")).not_to_have_attribute("data-seq", seq)
    assert key, "no piece of the map with several choices"
    piece = page.locator(f'.urr-map .pickable[data-hit="{key}"]')
    fold_or_open(page)
    expect(page.locator("html")).to_have_attribute("data-side-panel", "collapsed")
    expect(page.locator(".board-menu")).to_be_hidden()
    page.screenshot(path=str(artifacts / "display-urr-folded-before-pick.png"))
    piece.first.dispatch_event("click")
    menu = page.locator(".board-menu")
    expect(menu).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-side-panel", "open")
    expect(page.locator("[data-side-toggle]")).to_have_attribute("aria-expanded", "true")
    expect(menu.locator("button").first).to_be_visible()  # its choices, or the way back to the whole list
    page.screenshot(path=str(artifacts / "display-urr-folded-picked.png"))
    page.set_viewport_size(PHONE)
    expect(menu).to_be_visible()
    page.screenshot(path=str(artifacts / "display-urr-folded-picked-phone.png"), full_page=True)
    # the reader's kept choice is still the folded panel
    page.set_viewport_size(DESKTOP)
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-side-panel", "collapsed")
