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
        expect(carol.locator("#table-live")).not_to_have_attribute("data-seq", str(before), timeout=5000)
        expect(other.locator("#table-live")).not_to_have_attribute("data-seq", str(before), timeout=5000)
        moves += 1
        if not undone and mover.locator("button.undo").count():
            after_move = seq_of(carol)
            mover.click("button.undo")
            expect(mover.locator(".notice")).to_contain_text("Move taken back")
            expect(carol.locator("#table-live")).not_to_have_attribute("data-seq", str(after_move), timeout=5000)
            undone = True
    assert moves >= 3, f"only {moves} moves were offered to the two players"
    assert undone, "no move of the two players could be taken back"

    alice.fill("#chat-text", "¡Suerte a todos!")
    alice.click("#chat button[type=submit]")
    expect(bob.locator("#chat-log")).to_contain_text("¡Suerte a todos!", timeout=5000)
    expect(carol.locator("#chat-log")).to_contain_text("¡Suerte a todos!", timeout=5000)

    alice.screenshot(path=str(artifacts / f"{game.id}-player.png"), full_page=True)
    carol.screenshot(path=str(artifacts / f"{game.id}-spectator.png"), full_page=True)
    bob.set_viewport_size({"width": 390, "height": 844})
    bob.screenshot(path=str(artifacts / f"{game.id}-phone.png"), full_page=True)
