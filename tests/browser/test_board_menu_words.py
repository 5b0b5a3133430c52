"""15 Días wording (issue 30 › Faults to fix): the board's menu counts the moves it lists with the plural the count
asks for — "List the 1 move", never "List all 1 moves" — in English and in Spanish (static/js/board.js, the
words from app/i18n.py's SCRIPT_TEXT)."""

import json
import random

from playwright.sync_api import expect

from engines import registry
from engines.core.game import flat
from engines.quince_dias.presentation import action_keys
from tests.browser.test_platform_in_browser import register

SEED, OPTIONS = 10, {"players": 2, "conspirators": False}


def moves_to_one_action() -> tuple[list[tuple[str, str, object]], str]:
    """Random legal moves of the seeded game up to a decision with one legal action, on the board (the seat to make
    it)."""
    game = registry.get_game("15-dias")
    moves: list[tuple[str, str, object]] = []
    state, rnd = game.setup(SEED, OPTIONS), random.Random(SEED)
    for _ in range(300):
        role = game.active_roles(state)[0]
        legal = flat(game.legal(state, role))
        if len(legal) == 1 and moves and action_keys(*legal[0]):
            return moves, role
        verb, arg = rnd.choice(legal)
        moves.append((role, verb, arg))
        state = game.apply(state, role, verb, arg)
    raise AssertionError("no decision with one action")


def test_the_board_menu_says_the_1_move_and_all_n_moves(server, chromium):
    page = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
    register(page, server.url, "luisa")
    csrf = page.locator('meta[name="csrf-token"]').get_attribute("content")
    headers = {"X-CSRF-Token": csrf, "Content-Type": "application/json"}
    body = {"game": "15-dias", "options": OPTIONS, "seats": {"player1": "me", "player2": "me"}, "seed": SEED}
    r = page.request.post(server.url + "/api/v1/tables", data=json.dumps(body), headers=headers)
    assert r.ok, r.text()
    table = r.json()["id"]
    moves, role = moves_to_one_action()
    page.goto(f"{server.url}/tables/{table}?as={moves[0][0]}")
    offered = page.locator(".prompt form.action-form").count()
    assert offered > 1
    expect(page.locator(".board-menu .board-all")).to_have_text(f"List all {offered} moves")
    for seq, (who, verb, arg) in enumerate(moves):
        act = {"seq": seq, "verb": verb, "arg": arg, "role": who}
        r = page.request.post(f"{server.url}/api/v1/tables/{table}/actions", data=json.dumps(act), headers=headers)
        assert r.ok, r.text()
    page.goto(f"{server.url}/tables/{table}?as={role}")
    expect(page.locator(".prompt form.action-form")).to_have_count(1)
    expect(page.locator(".board-menu .board-all")).to_have_text("List the 1 move")
    page.click("header.site form.language-switch button[value=es]")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator(".board-menu .board-all")).to_have_text("Ver la única jugada")
