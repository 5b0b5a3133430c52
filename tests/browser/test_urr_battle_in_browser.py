"""Ultima Ratio Regis' battles in the browser (issue 28 › Combat shown die by die; a card or unit with several uses
opens a small menu): The Rise of Portugal played to its first battle (a subjugation), the battle beside the map
die by die, reopened from its log line; a card of several uses opening its menu by click and by keyboard.
Screenshots in test-artifacts/ at desktop and phone width."""

from __future__ import annotations

import json
import pathlib
import random

import pytest
from playwright.sync_api import expect

from engines.ultima_ratio.bots.heuristic import heuristic_bot
from engines.ultima_ratio.game import GAME
from tests.browser.test_new_order_in_browser import click_action
from tests.browser.test_platform_in_browser import register
from tests.browser.test_table_page_in_browser import DESKTOP, PHONE, new_table, no_horizontal_overflow, shoot

PORTUGAL = {"scenario": "the-rise-of-portugal"}
SEED = 5


def _post(page, base: str, table_url: str, seq: int, verb: str, arg) -> None:
    csrf = page.locator('meta[name="csrf-token"]').get_attribute("content")
    tid = table_url.rsplit("/", 1)[1]
    r = page.request.post(
        f"{base}/api/v1/tables/{tid}/actions",
        data=json.dumps({"seq": seq, "verb": verb, "arg": arg}),
        headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"},
    )
    assert r.ok, r.text()


def to_the_eve_of_the_first_battle(page, base: str, table_url: str) -> tuple[str, object]:
    """The heuristic bot's moves (the table's own game replayed beside it: same seed, same dice) posted through the
    API up to the move that fights the first battle, which is returned to be made on the page."""
    state = GAME.begin(SEED, PORTUGAL).state
    for i in range(120):
        verb, arg = heuristic_bot(GAME, GAME.view(state, "player1"), "player1", random.Random(i))
        after = GAME.play(state, "player1", verb, arg).state
        if "last_battle" in after or any(f["step"] == "combat" for f in after["stack"]):
            return verb, arg
        _post(page, base, table_url, i, verb, arg)
        state = after
    raise AssertionError("no battle in 120 moves")


def to_a_battle_being_resolved(page, base: str, table_url: str) -> dict:
    """The heuristic bot's moves posted through the API until a move leaves a combat waiting for the player's
    decision (a combat_decision step); the state then (the table's own, replayed beside it)."""
    state = GAME.begin(SEED, PORTUGAL).state
    for i in range(200):
        verb, arg = heuristic_bot(GAME, GAME.view(state, "player1"), "player1", random.Random(i))
        state = GAME.play(state, "player1", verb, arg).state
        _post(page, base, table_url, i, verb, arg)
        if state["stack"][-1]["step"] == "combat_decision":
            return state
    raise AssertionError("no combat decision in 200 moves")


def axe_findings(page) -> list[str]:
    """axe-core's critical and serious findings on the page at desktop and phone width (test_accessibility.py's
    audit, here on the battle beside the map and on its page of its own)."""
    axe = pytest.importorskip("axe_playwright_python", reason="axe-playwright-python is not installed")
    found = []
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        if not page.evaluate("typeof window.axe !== 'undefined'"):
            page.add_script_tag(path=str(pathlib.Path(axe.__file__).parent / "axe.min.js"))
        result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
        found += [
            f"{size['width']}px {v['id']}" for v in result["violations"] if v["impact"] in ("critical", "serious")
        ]
    page.set_viewport_size(DESKTOP)
    return found


def test_the_first_battle_beside_the_map_die_by_die_and_again_from_the_log(server, chromium, artifacts):
    # the site's Content-Security-Policy allows scripts from itself only: the audit's script is let in by the test
    page = chromium.new_context(viewport=DESKTOP, bypass_csp=True).new_page()
    register(page, server.url, "alice")
    url = new_table(page, server.url, "ultima-ratio-regis", options=PORTUGAL, seats={"player1": "me"}, seed=SEED)
    verb, arg = to_the_eve_of_the_first_battle(page, server.url, url)
    page.goto(url)
    expect(page.locator('#urr-base[data-inlined="1"]')).to_have_count(1)
    expect(page.locator("#urr-battle")).to_have_count(0)  # no battle yet
    click_action(page, verb, arg)
    battle = page.locator("#urr-battle")
    expect(battle).to_be_visible()
    expect(battle).to_have_attribute("data-key", "battle:1")
    expect(battle.locator(":scope > summary")).to_contain_text("Battle 1: subjugation combat in ")
    dice = battle.locator(".urr-battle-die")
    rolled = dice.count()
    assert rolled >= 2  # the subjugator's die and the opposition's (13.5.4)
    expect(dice.first).to_have_attribute("data-key", "die:1.attacker.1")
    expect(battle.locator(".urr-battle-total").first).to_contain_text("battle point")
    expect(battle.locator(".urr-battle-rule a")).to_have_attribute(
        "href", "/games/ultima-ratio-regis/rules/reference#rule-subjugation"
    )
    box = battle.bounding_box()
    frame = page.locator(".urr-map-frame").bounding_box()
    assert (
        box["x"] >= frame["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"] + 1
    )  # over the map, at its side
    shoot(page, artifacts, "urr-battle")
    assert axe_findings(page) == []
    page.set_viewport_size(PHONE)
    no_horizontal_overflow(page)
    battle.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "urr-battle-phone-at-battle.png"))
    page.set_viewport_size(DESKTOP)
    # the log's line of the battle opens it beside the map again (a past battle replays from the log)
    line = page.locator(".log .log-list li", has_text="Battle 1:")
    expect(line.locator("a[data-entry-view]")).to_be_visible()
    battle.evaluate("el => el.remove()")  # as if another battle had been drawn since
    line.locator("a[data-entry-view]").click()
    again = page.locator("#urr-battle.urr-battle-past")
    expect(again).to_be_visible()
    expect(again).to_have_attribute("data-key", "battle:1")
    # the same dice (counted before the battle was removed: `dice` now finds the battle drawn again)
    expect(again.locator(".urr-battle-die")).to_have_count(rolled)
    assert page.url == url  # shown in place, not a page of its own
    page.screenshot(path=str(artifacts / "urr-battle-from-the-log.png"))
    # closed by its reader, the last battle stays closed when the board is drawn again; the map beneath is read
    page.reload()
    battle = page.locator("#urr-battle")
    expect(battle).to_have_attribute("open", "")
    battle.locator(":scope > summary").click()
    expect(battle).not_to_have_attribute("open", "")
    page.reload()
    expect(page.locator('#urr-base[data-inlined="1"]')).to_have_count(1)
    expect(page.locator("#urr-battle")).not_to_have_attribute("open", "")
    expect(page.locator("#urr-battle > summary")).to_be_visible()
    # without JavaScript's help the line's link is a page of its own
    page.goto(server.url + line.locator("a[data-entry-view]").get_attribute("href"))
    expect(page.locator("details.urr-battle[data-key='battle:1']")).to_be_visible()
    page.screenshot(path=str(artifacts / "urr-battle-entry-page.png"), full_page=True)
    assert axe_findings(page) == []


def test_a_battle_beside_the_map_while_it_is_resolved(server, chromium, artifacts):
    """The player's decision in a combat (here 13.5.4's forced control after a subjugation's dice): the battle is
    beside the map as far as it has gone, marked as being resolved, with the dice rolled; the prompt asks."""
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "alice")
    url = new_table(page, server.url, "ultima-ratio-regis", options=PORTUGAL, seats={"player1": "me"}, seed=SEED)
    state = to_a_battle_being_resolved(page, server.url, url)
    record = GAME.view(state, "player1")["public"]["battle"]
    page.goto(url)
    battle = page.locator("#urr-battle.urr-battle-live")
    expect(battle).to_be_visible()
    expect(battle).to_have_attribute("data-key", f"battle:{record['number']}")
    expect(battle.locator(".urr-battle-outcome")).to_have_text("Being resolved.")
    rolled = sum(len(rows) for rows in (record["dice"] or {}).values())
    expect(battle.locator(".urr-battle-die")).to_have_count(rolled)
    expect(page.locator(".prompt .prompt-text")).to_be_visible()
    shoot(page, artifacts, "urr-battle-resolving")


def test_a_card_with_several_uses_opens_a_small_menu(server, chromium, artifacts):
    """The menu over the prompt's own forms: two uses of one card (the forms the server writes for play_card and
    event, here put on the page by the test, posting nowhere) — a click opens the menu, the arrows move in it,
    Escape closes it and gives the focus back to the card, Enter opens it again and a use posts its form."""
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "alice")
    url = new_table(page, server.url, "ultima-ratio-regis", options=PORTUGAL, seats={"player1": "me"}, seed=SEED)
    page.goto(url)
    expect(page.locator('#urr-base[data-inlined="1"]')).to_have_count(1)
    page.evaluate(
        """() => {
        const live = document.querySelector('#table-live');
        const board = live.querySelector('[data-board]');
        const hand = document.createElement('section');
        hand.className = 'private urr-hand';
        hand.innerHTML = '<div class="urr-cards"><div class="urr-card" data-key="card:tercios" tabindex="0">' +
          '<strong>Tercios</strong> <span class="muted">3 action points</span></div></div>';
        board.appendChild(hand);
        const list = live.querySelector('.prompt .actions');
        const model = list.querySelector('form.action-form');
        window.posted = [];
        [['play_card', 'Play Tercios (points)'], ['event', 'Tercios: its event']].forEach(([verb, label]) => {
          const form = model.cloneNode(true);
          form.removeAttribute('hx-post'); form.removeAttribute('data-keys');
          form.querySelector('input[name=verb]').value = verb;
          form.querySelector('input[name=arg]').value = '"card:tercios"';
          form.querySelector('button').textContent = label;
          form.addEventListener('submit', (e) => { e.preventDefault(); e.stopImmediatePropagation(); window.posted.push(verb); }, true);
          list.appendChild(form);
        });
    }"""
    )
    card = page.locator('.urr-card[data-key="card:tercios"]')
    card.click()
    menu = page.locator(".urr-card-menu[role=menu]")
    expect(menu).to_be_visible()
    uses = menu.get_by_role("menuitem")
    expect(uses).to_have_text(["Play Tercios (points)", "Tercios: its event"])
    expect(uses.first).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(uses.nth(1)).to_be_focused()
    page.set_viewport_size(PHONE)
    card.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "urr-card-menu-phone.png"))
    page.set_viewport_size(DESKTOP)
    page.keyboard.press("Escape")
    expect(menu).to_have_count(0)
    expect(card).to_be_focused()
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    menu.get_by_role("menuitem", name="Tercios: its event").click()
    expect(menu).to_have_count(0)
    assert page.evaluate("window.posted") == ["event"]
