"""Every shipped game played for a while through the real pages by two people in two browsers, with a
spectator: each move appears on the other pages without reload, a move is taken back, chat reaches everyone.
Screenshots land in test-artifacts/."""

import json

import pytest
from playwright.sync_api import expect

from engines import registry
from tests.browser.test_platform_in_browser import register

SHIPPED = [g for g in registry.all_games() if not g.id.startswith("toy-")]


def two_seat_options(game):
    for options in game.option_sets():
        if len(game.roles(game.parse_options(options))) >= 2:
            return options
    pytest.skip(f"{game.title} has no option set with two seats")


def seq_of(page) -> int:
    return int(page.locator("#table-live").get_attribute("data-seq"))


def all_show_the_newest(pages, base: str, table_url: str) -> None:
    """Every page shows the table's newest move (its answer or its news): the next mover is then read from pages
    that are not a move behind (a page a move behind offers buttons whose post is stale)."""
    seq = pages[0].request.get(f"{base}/api/v1/tables/{table_url.rsplit('/', 1)[1]}").json()["seq"]
    for page in pages:  # a move's answer or news and the refetch, on a loaded machine (CI: two workers, two cores)
        expect(page.locator("#table-live")).to_have_attribute("data-seq", str(seq), timeout=20_000)


@pytest.mark.parametrize("game", SHIPPED, ids=lambda g: g.id)
def test_a_short_game_through_the_pages(server, chromium, artifacts, game):
    options = two_seat_options(game)
    roles = game.roles(game.parse_options(options))
    seats = dict.fromkeys(roles[2:], "bot:random")
    seats.update({roles[0]: "me", roles[1]: "open"})
    pages = {}
    for name in ("alice", "bob", "carol"):
        pages[name] = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
        register(pages[name], server.url, name)
    alice, bob, carol = pages["alice"], pages["bob"], pages["carol"]

    csrf = alice.locator('meta[name="csrf-token"]').get_attribute("content")  # bound to alice's session
    r = alice.request.post(
        server.url + "/api/v1/tables",
        data=json.dumps({"game": game.id, "options": options, "seats": seats, "seed": 11}),
        headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"},
    )
    assert r.status, r.text()
    table_url = f"{server.url}/tables/{r.json()['id']}"
    bob.goto(table_url)
    bob.click(f"form:has(input[name=role][value='{roles[1]}']) button:has-text('Take this seat')")
    for page in (alice, carol):
        page.goto(table_url)
    expect(carol.locator(".prompt h2")).to_contain_text("Spectator")

    moves, undone = 0, False
    for _ in range(80):
        if moves >= 8 and undone:
            break
        mover = next((p for p in (alice, bob) if p.locator(".prompt button.action").count()), None)
        if mover is None:
            carol.wait_for_timeout(300)  # bots are playing
            for p in (alice, bob):
                p.reload()
            continue
        before = seq_of(carol)
        if mover.locator(".board-menu .board-all").count():  # the board filters the list (static/js/board.js)
            mover.locator(".board-menu .board-all").click()
        mover.locator(".prompt button.action:visible").first.click()
        other = bob if mover is alice else alice
        expect(carol.locator("#table-live")).not_to_have_attribute("data-seq", str(before), timeout=20_000)
        expect(other.locator("#table-live")).not_to_have_attribute("data-seq", str(before), timeout=20_000)
        all_show_the_newest([alice, bob, carol], server.url, table_url)
        moves += 1
        if not undone and mover.locator("button.undo").count():
            after_move = seq_of(carol)
            mover.click("button.undo")
            expect(mover.locator(".notice")).to_contain_text("Move taken back")
            expect(carol.locator("#table-live")).not_to_have_attribute("data-seq", str(after_move), timeout=20_000)
            all_show_the_newest([alice, bob, carol], server.url, table_url)
            undone = True
    assert moves >= 3, f"only {moves} moves were offered to the two players"
    assert undone, "no move of the two players could be taken back"

    alice.fill("#chat-text", "¡Suerte a todos!")
    alice.click("#chat button[type=submit]")
    expect(bob.locator("#chat-log")).to_contain_text("¡Suerte a todos!", timeout=15_000)
    expect(carol.locator("#chat-log")).to_contain_text("¡Suerte a todos!", timeout=15_000)

    alice.screenshot(path=str(artifacts / f"{game.id}-player.png"), full_page=True)
    carol.screenshot(path=str(artifacts / f"{game.id}-spectator.png"), full_page=True)
    bob.set_viewport_size({"width": 390, "height": 844})
    bob.screenshot(path=str(artifacts / f"{game.id}-phone.png"), full_page=True)
