"""A table page kept by partial answers (app/live_parts.py; issue 26 › Performance, issue 28 › Speed): a seat's page
of 15 Días plays its own moves by its buttons and follows the other seats' moves by its news; after each, every
section and board part it shows reads as the same page loaded afresh, and most answers were partial (the head and
the changed sections). So does a seat's page of Ultima Ratio Regis whose units are moved by clicks on the map: each
place of the overlay a part of its own, swapped in as SVG (issue 28 › Speed)."""

import json
import re

from playwright.sync_api import expect

from engines import registry
from tests.browser.test_platform_in_browser import register
from tests.browser.test_table_page_in_browser import DESKTOP, PHONE, new_table

SECTIONS = """() => Object.fromEntries([...document.querySelectorAll("#table-live [data-live]")].map(el => [
  el.dataset.live, {fp: el.dataset.fp, text: el.dataset.live === "log" ? "" : (el.innerText ?? el.textContent).replace(/\\s+/g, " ")}]))"""
TINTS = """() => [...document.querySelectorAll("#urr-base svg .urr-tinted")].map(el =>
  `${el.dataset.key}=${el.style.getPropertyValue("--urr-tint")}`).sort()"""
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
        expect(page.locator("#table-live")).not_to_have_attribute("data-seq", str(seq), timeout=20_000)
        page.wait_for_function(
            "n => document.getElementById('live-head').dataset.seq === n",
            arg=page.locator("#table-live").get_attribute("data-seq"),
            polling=200,
        )
        fresh.goto(url)
        kept, new = page.evaluate(SECTIONS), fresh.evaluate(SECTIONS)
        assert kept == new, f"after move {seq + 1}"
        kept_log, new_log = page.evaluate(LOG), fresh.evaluate(LOG)
        assert kept_log[: len(new_log)] == new_log  # a fresh page's newest entries; the kept page's log grows
    assert mine >= 2, "the seat's page made too few moves of its own"
    assert answers["parts"] >= 6 and answers["parts"] > answers["whole"], answers
    page.screenshot(path=str(artifacts / "live-parts-15-dias.png"), full_page=True)


def test_an_urr_page_whose_units_move_by_clicks_reads_as_a_fresh_page(server, chromium, artifacts):
    """The Rise of Portugal played by clicks (on the map's highlighted areas and seas when there are any, else the
    first listed choice): after each move the page, kept by partial answers that redraw only the places that
    changed, reads place by place as a fresh load, and its map's overlay has the counters a fresh load draws."""
    ctx = chromium.new_context(viewport=DESKTOP)
    page, fresh = ctx.new_page(), ctx.new_page()
    register(page, server.url, "alice")
    url = new_table(
        page, server.url, "ultima-ratio-regis", options={"scenario": "the-rise-of-portugal"}, seats={"player1": "me"}
    )
    places = {"sent": 0}

    def count(response):
        if re.search(r"/tables/\d+/act", response.url) and response.request.headers.get("hx-request"):
            places["sent"] += len(re.findall(r'<template><svg[^>]*><g[^>]* data-live="part-map__', response.text()))

    page.on("response", count)
    page.goto(url)
    expect(page.locator('#urr-base[data-inlined="1"]')).to_have_count(1)
    by_map = 0
    for _ in range(12):
        seq = page.locator("#table-live").get_attribute("data-seq")
        spots = page.locator("#urr-base svg polygon.pickable, #urr-base svg circle.pickable")
        if spots.count():
            # a click on the area or sea itself (where a pointer's click lands, under the overlay's counters, is
            # test_ultima_ratio_in_browser.py's)
            spots.first.dispatch_event("click")
            by_map += 1
        else:
            if not page.locator(".prompt button.action:visible").count():
                page.locator(".board-all").click()
            page.locator(".prompt button.action:visible").first.click()
        expect(page.locator("#table-live")).not_to_have_attribute("data-seq", seq, timeout=20_000)
        page.wait_for_function(
            "n => document.getElementById('live-head').dataset.seq === n",
            arg=page.locator("#table-live").get_attribute("data-seq"),
            polling=200,
        )
        fresh.goto(url)
        page.mouse.move(0, 0)  # the pointer off the map: its tip (an area's name at the pointer) hidden
        kept, new = page.evaluate(SECTIONS), fresh.evaluate(SECTIONS)
        assert kept.keys() == new.keys()
        for name in new:
            assert kept[name] == new[name], f"{name} after move {seq}"
        counters = "() => [...document.querySelectorAll('.urr-overlay .urr-counter')].map(c => c.dataset.keys).sort()"
        assert page.evaluate(counters) == fresh.evaluate(counters)
        # the possessors' colours on the base map's areas follow the places (static/js/urr-map-tint.js)
        expect(fresh.locator('#urr-base[data-inlined="1"]')).to_have_count(1)
        assert page.evaluate(TINTS) == fresh.evaluate(TINTS) and "area:oporto=#1f8f3a" in page.evaluate(TINTS)
        assert page.locator(".urr-overlay svg").count() == 0  # each place swapped into the overlay, no wrapper left
    assert by_map >= 2 and places["sent"] >= 2, (by_map, places)
    for size, suffix in ((DESKTOP, ""), (PHONE, "-phone")):
        page.set_viewport_size(size)
        page.screenshot(path=str(artifacts / f"live-parts-urr{suffix}.png"), full_page=True)
