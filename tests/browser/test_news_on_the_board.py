"""Another player's move shows on my board (issue 28 › Live: "other players' moves highlight on my board"):
static/js/news.js rings every board thing (data-key) that reads differently after the live table is refetched
because of news — never because of my own move's answer."""

from playwright.sync_api import expect

from tests.browser.test_platform_in_browser import register
from tests.browser.test_table_page_in_browser import DESKTOP, bots_done, new_table

# my own move, as a click on the board or the list posts it (the form's htmx request)
OWN_MOVE = "() => document.querySelector('#table-live form.action-form').requestSubmit()"
REFETCH = """() => {
    const live = document.getElementById("table-live");
    htmx.trigger(document.querySelector("[hx-trigger*='sse:move']"), "sse:move", {data: String(Number(live.dataset.seq) + 1)});
}"""


def test_the_bots_moves_ring_what_they_changed_on_my_board(server, chromium, artifacts):
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "alice")
    seats = {"player1": "me", **{f"player{i}": "bot:heuristic" for i in (2, 3, 4)}}
    url = new_table(page, server.url, "15-dias", {"players": 4}, seats)
    page.goto(url)
    expect(page.locator("#table-live form.action-form").first).to_be_attached(timeout=15000)
    # the bots' first moves in: a form posted while their news is on its way would be of a stale seq (a 409, no move)
    bots_done(page)
    page.evaluate(OWN_MOVE)  # the bots answer; their news reach my page
    # three bots' moves, each news a refetch of the table, on a loaded machine: 20 s, as the refetch below
    expect(page.locator("[data-board] .news").first).to_be_attached(timeout=20_000)
    page.screenshot(path=str(artifacts / "news-on-the-board.png"), full_page=True)


def test_only_what_reads_differently_is_ringed_and_my_own_move_rings_nothing(server, chromium):
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "alice")
    url = new_table(page, server.url, "15-dias", {"players": 4}, {f"player{i}": "me" for i in (1, 2, 3, 4)})
    page.goto(url)
    expect(page.locator("#table-live form.action-form").first).to_be_attached()
    assert page.locator("[data-board] .news").count() == 0  # a page as loaded has no news
    key = page.locator("#table-live [data-board] [data-key]").first.get_attribute("data-key")
    # that thing read differently before the news: it alone is ringed after the (otherwise unchanged) table comes
    # (whole: a page that says it is of another frame gets the whole table, app/live_parts.py; a page that says what
    # it holds would get nothing, the server's table being unchanged)
    page.evaluate(
        "(key) => document.querySelector(`#table-live [data-board] [data-key='${key}']`).setAttribute('data-state', 'before')",
        key,
    )
    page.evaluate("() => { document.getElementById('table-live').dataset.frame = 'another'; }")
    page.evaluate(REFETCH)
    # the whole table's answer on a loaded machine (CI's two workers) took more than 5 s once: 20 s, as other waits
    expect(page.locator("[data-board] .news").first).to_be_attached(timeout=20_000)
    assert {e.get_attribute("data-key") for e in page.locator("[data-board] .news").all()} == {key}
    # my own move: its answer replaces the table; nothing is ringed (the news of it fetch nothing: the page has it)
    seq = page.locator("#table-live").get_attribute("data-seq")
    page.evaluate(OWN_MOVE)
    expect(page.locator("#table-live")).not_to_have_attribute("data-seq", seq)
    page.wait_for_timeout(500)
    assert page.locator("[data-board] .news").count() == 0
