"""The board is the control (static/js/board.js), through the real pages: a 15 Días Common Action played by
clicking card, ability, target; a Planet King decision played by clicking the board; the players' names on the
board. Screenshots of each table state at desktop (1280) and phone (390) width land in test-artifacts/."""

import json
import re
from typing import Any

from playwright.sync_api import expect

from tests.browser.test_platform_in_browser import register
from tests.browser.test_table_page_in_browser import bots_done


def new_table(page, server, game, options, seats):
    csrf = page.locator('meta[name="csrf-token"]').get_attribute("content")  # bound to the session
    r = page.request.post(
        server.url + "/api/v1/tables",
        data=json.dumps({"game": game, "options": options, "seats": seats, "seed": 11}),
        headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"},
    )
    assert r.ok, r.text()
    return f"{server.url}/tables/{r.json()['id']}"


def seq_of(page) -> int:
    return int(page.locator("#table-live").get_attribute("data-seq"))


def shoot(page, artifacts, name):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(artifacts / f"board-{name}-1280.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / f"board-{name}-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def my_turn(page, tries=60) -> bool:
    """Whether a decision of mine comes up, the bots done with theirs (bots_done): what the caller reads of the page
    then is not swapped under it by a bot's move (at 15 Días's face-down choices the bots choose with me)."""
    for _ in range(tries):
        bots_done(page)
        if page.locator(".prompt form.action-form").count():
            return True
        page.wait_for_timeout(250)
        page.reload()
    return False


def played(page, before):
    # a move's answer, or the news of it, on a loaded machine (CI: two workers on two cores)
    expect(page.locator("#table-live")).not_to_have_attribute("data-seq", str(before), timeout=20_000)


def any_move(page):
    """One move as a player would make it: a listed button, else a highlighted thing on the board (and its first
    ability and target)."""
    bots_done(page)  # else a bot's move may change the seq read here, and played() would not wait for mine
    page.wait_for_timeout(300)  # a swap just settled: let the board script filter the list
    before = seq_of(page)
    visible = page.locator(".prompt button.action:visible")
    if visible.count():
        visible.first.click()
    else:
        page.locator("[data-board] .pickable").first.click()
        choose_on(page)
    played(page, before)


def choose_on(page):
    """After a board thing is clicked: either its one action was posted, or the panel offers its choices."""
    page.wait_for_timeout(200)
    if not page.locator("[data-board] .picked").count():
        return
    if page.locator(".board-menu .board-verb").count():
        page.locator(".board-menu .board-verb").first.click()
    if page.locator("[data-board] .target").count():
        page.locator("[data-board] .target").first.click()
    else:
        page.locator(".prompt button.action:visible").first.click()


def test_a_common_action_by_card_ability_target(server, chromium, artifacts):
    page = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
    register(page, server.url, "alice")
    url = new_table(
        page,
        server,
        "15-dias",
        {"players": 4, "conspirators": False},
        {"player1": "me", "player2": "bot:random", "player3": "bot:random", "player4": "bot:random"},
    )
    page.goto(url)
    board = page.locator("[data-board]")
    expect(board.locator(".player .seat-name").first).to_contain_text("alice")
    expect(board).to_contain_text("(you)")
    args = []
    for _ in range(40):
        assert my_turn(page), "the bots never handed alice the turn"
        page.wait_for_timeout(300)
        args = [
            json.loads(f.get_attribute("value"))
            for f in page.locator(".prompt form:has(input[name=verb][value=court]) input[name=arg]").all()
        ]
        cards = [card for card, _ in args]
        if any(cards.count(c) >= 2 for c in cards):  # a card with a choice of targets
            break
        any_move(page)
    shoot(page, artifacts, "15-dias-common-action")
    by_card: dict[str, Any] = {}
    for card, target in args:
        by_card.setdefault(card, []).append(target)
    card, targets = max(by_card.items(), key=lambda kv: len(kv[1]))
    # the list is filtered: nothing on the board is listed before a card is picked
    expect(page.locator(".prompt form:has(input[name=verb][value=court]):visible")).to_have_count(0)
    mine = page.locator(f".my-hand [data-key='card:{card}']")
    expect(mine).to_have_attribute("data-verb", re.compile("court"))  # the server marks what this seat may use
    mine.click()
    expect(mine).to_have_class(re.compile("picked"))
    # a picked card stays reachable by the keyboard (issue 30 › Accessible): Enter puts it down and picks it again
    expect(mine).to_have_attribute("tabindex", "0")
    expect(mine).to_have_attribute("aria-pressed", "true")
    mine.focus()
    page.keyboard.press("Enter")
    expect(mine).not_to_have_class(re.compile("picked"))
    expect(mine).to_be_focused()
    page.keyboard.press("Enter")
    expect(mine).to_have_class(re.compile("picked"))
    expect(mine).to_be_focused()
    assert len(targets) > 1, "no card with a choice of targets came up"
    ability = mine.get_attribute("data-verb-court")
    verb = page.locator(".board-menu .board-verb", has_text=ability)
    if verb.count():  # else the card's one ability with targets is chosen already
        verb.click()
    for t in targets:
        expect(board.locator(f".player[data-key='seat:{t}']")).to_have_class(re.compile("target"))
    expect(page.locator(".board-menu")).to_contain_text(ability)
    shoot(page, artifacts, "15-dias-targets")
    before = seq_of(page)
    board.locator(f".player[data-key='seat:{targets[0]}']").click()
    played(page, before)
    expect(page.locator(".log")).to_contain_text("alice")
    shoot(page, artifacts, "15-dias-after")


def test_a_planet_king_decision_on_the_board(server, chromium, artifacts):
    page = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
    register(page, server.url, "bea")
    url = new_table(page, server, "planet-king", {"scenario": "anni_mirabiles"}, {"king": "me"})
    page.goto(url)
    assert my_turn(page)
    shoot(page, artifacts, "planet-king-setup")
    expect(page.locator("[data-board] .legend")).to_contain_text("Military, Political and Government")
    pickable = page.locator("[data-board] .pickable")
    for _ in range(40):
        if pickable.count() and page.locator(".board-menu").count():
            break
        any_move(page)
    shoot(page, artifacts, "planet-king-on-board")
    name = pickable.first.get_attribute("data-name")
    before = seq_of(page)
    pickable.first.click()
    choose_on(page)
    played(page, before)
    assert name
    costs = []
    for _ in range(40):
        page.wait_for_timeout(200)
        costs = page.locator(".prompt form:has(input[name=verb][value=type]) button").all_text_contents()
        if costs:
            break
        any_move(page)
    shoot(page, artifacts, "planet-king-action-types")
    # each type says its cube (none in the Organisation phase, line 242; none for a simple action)
    assert costs and all(" — " in c and "cube" in c for c in costs), costs
