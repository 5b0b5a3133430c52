"""A table page kept by partial answers (app/live_parts.py; issue 26 › Performance, issue 28 › Speed): a seat's page
of 15 Días plays its own moves by its buttons and follows the other seats' moves by its news; after each, every
section and board part it shows reads as the same page loaded afresh, and most answers were partial (the head and
the changed sections)."""

import json
import re

from playwright.sync_api import expect

from engines import registry
from tests.browser.test_platform_in_browser import register

SECTIONS = """() => Object.fromEntries([...document.querySelectorAll("#table-live [data-live]")].map(el => [
  el.dataset.live, {fp: el.dataset.fp, text: el.dataset.live === "log" ? "" : el.innerText.replace(/\\s+/g, " ")}]))"""
LOG = """() => [...document.querySelectorAll("#live-log-list > li[id^='log-']")].map(li => li.id)"""


def test_a_seat_page_kept_by_partial_answers_reads_as_a_fresh_page(server, chromium, artifacts):
    game = registry.get_game("15-dias")
    roles = game.roles(game.parse_options({}))
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    page, fresh = ctx.new_page(), ctx.new_page()
    register(page, server.url, "alice")
    csrf = page.locator('meta[name="csrf-token"]').get_attribute("content")
    api = {"X-CSRF-Token": csrf, "Content-Type": "application/json"}
    r = page.request.post(
        server.url + "/api/v1/tables",
        data=json.dumps({"game": game.id, "seats": dict.fromkeys(roles, "me"), "seed": 11}),
        headers=api,
    )
    table = r.json()["id"]
    me = roles[0]
    url = f"{server.url}/tables/{table}?as={me}"
    answers = {"parts": 0, "whole": 0}

    def count(response):
        if re.search(r"/tables/\d+/(act|live)", response.url) and response.request.headers.get("hx-request"):
            answers["parts" if response.headers.get("hx-retarget") == "#live-head" else "whole"] += 1

    page.on("response", count)
    page.goto(url)
    mine = 0
    for _ in range(14):
        view = page.request.get(f"{server.url}/api/v1/tables/{table}").json()
        if view["status"] != "active":
            break
        seq = view["seq"]
        if me in view["active_roles"]:
            if page.locator(".board-menu .board-all").count():  # the board filters the list (static/js/board.js)
                page.locator(".board-menu .board-all").click()
            page.locator(".prompt button.action:visible").first.click()
            mine += 1
        else:
            role = view["active_roles"][0]
            seat = page.request.get(f"{server.url}/api/v1/tables/{table}?as={role}").json()
            a = seat["actions"][-1]
            move = {"seq": seq, "verb": a["verb"], "arg": a["arg"], "role": role}
            assert page.request.post(
                f"{server.url}/api/v1/tables/{table}/actions", data=json.dumps(move), headers=api
            ).ok
        expect(page.locator("#table-live")).not_to_have_attribute("data-seq", str(seq), timeout=5000)
        page.wait_for_function(
            "n => document.getElementById('live-head').dataset.seq === n",
            arg=page.locator("#table-live").get_attribute("data-seq"),
        )
        fresh.goto(url)
        kept, new = page.evaluate(SECTIONS), fresh.evaluate(SECTIONS)
        assert kept == new, f"after move {seq + 1}"
        kept_log, new_log = page.evaluate(LOG), fresh.evaluate(LOG)
        assert kept_log[: len(new_log)] == new_log  # a fresh page's newest entries; the kept page's log grows
    assert mine >= 2, "the seat's page made too few moves of its own"
    assert answers["parts"] >= 6 and answers["parts"] > answers["whole"], answers
    page.screenshot(path=str(artifacts / "live-parts-15-dias.png"), full_page=True)
