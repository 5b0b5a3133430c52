"""Ultima Ratio Regis' map as a map-game player expects it (issue 28 › Zoom and pan; What map-game players expect):
zoom and pan, the mini-map switcher, names on hover and on a tap, finding an area, stacks that open, counters or
markers hidden, the log linked to the board, irreversible choices behind their question (static/js/urr-map.js).
Screenshots in test-artifacts/ at desktop and phone width."""

import re

from playwright.sync_api import expect

from tests.browser.test_platform_in_browser import register
from tests.browser.test_table_page_in_browser import DESKTOP, PHONE, new_table, no_horizontal_overflow, shoot
from tests.browser.test_ultima_ratio_in_browser import _corner_inside

PORTUGAL = {"scenario": "the-rise-of-portugal"}
W, H = 2330, 2265  # the base map's coordinates


def _table(chromium, server, **context):
    page = chromium.new_context(viewport=DESKTOP, **context).new_page()
    register(page, server.url, "alice")
    url = new_table(page, server.url, "ultima-ratio-regis", options=PORTUGAL, seats={"player1": "me"})
    page.goto(url)
    expect(page.locator('#urr-base[data-inlined="1"]')).to_have_count(1)
    expect(page.locator(".urr-map-tools")).to_be_visible()
    return page


def _width(page):
    return page.locator(".urr-map-sheet").evaluate("el => el.getBoundingClientRect().width")


def _frame(page):
    return page.locator(".urr-map-frame").evaluate(
        "f => ({w: f.clientWidth, h: f.clientHeight, x: f.scrollLeft, y: f.scrollTop})"
    )


def _move(page, locator, **click):
    before = page.locator("#table-live").get_attribute("data-seq")
    locator.click(**click)
    expect(page.locator("#table-live")).not_to_have_attribute("data-seq", before)


def _done(page):
    """The prompt's "Done", behind its question when it asks one (a deployment with points left, 24.)."""
    asked = page.locator('.prompt form.confirmed-action:has(input[name="verb"][value="done"])')
    if asked.count():
        asked.locator("summary").click()
        _move(page, asked.locator("button"))
    else:
        _move(page, page.locator('.prompt form.action-form:has(input[name="verb"][value="done"]) button'))


def test_zoom_pan_the_map_switcher_names_and_finding_an_area(server, chromium, artifacts):
    page = _table(chromium, server)
    tools = page.locator(".urr-map-tools")
    start = _width(page)
    tools.get_by_role("button", name="Zoom in").click()
    assert abs(_width(page) - start * 1.25) < 2
    tools.get_by_role("button", name="Zoom out").click()
    assert abs(_width(page) - start) < 2
    tools.get_by_role("button", name="Fit width").click()
    frame = _frame(page)
    assert abs(_width(page) - frame["w"]) < 2
    tools.get_by_role("button", name="Whole map").click()
    frame = _frame(page)
    assert _width(page) <= frame["w"] + 1 and _width(page) * H / W <= frame["h"] + 2  # all of it in the frame
    tools.get_by_role("button", name="100 %").click()
    assert abs(_width(page) - W) < 2
    # Ctrl + the wheel (a trackpad's pinch) zooms at the pointer; the wheel alone scrolls
    box = page.locator(".urr-map-frame").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.down("Control")
    page.mouse.wheel(0, 300)
    page.keyboard.up("Control")
    assert _width(page) < W - 100
    # the mini-map switcher: Asia (x 1730, y 430, 600 × 659) fills the frame, all of it in sight
    tools.locator("[data-urr-view]").select_option(label="Asia")
    s = _width(page) / W
    f = _frame(page)
    assert f["x"] <= 1730 * s + 1 and f["x"] + f["w"] >= 2330 * s - 1, (f, s)
    assert f["y"] <= 430 * s + 1 and f["y"] + f["h"] >= 1089 * s - 1, (f, s)
    assert f["w"] < 2330 * s - 1  # zoomed in: not the whole sheet
    expect(tools.locator("[data-urr-said]")).to_have_text("Asia")
    shoot(page, artifacts, "urr-tools-asia")
    page.set_viewport_size(DESKTOP)
    # a name on hover
    tools.locator("[data-urr-view]").select_option(label="Main operations map")
    oporto = page.locator('#urr-base svg polygon[data-key="area:oporto"]')
    oporto.hover(position=_corner_inside(oporto))
    expect(page.locator(".urr-tip")).to_have_text("Oporto")
    # find an area by its name (the keyboard's way to any place of the map): it is marked and in sight
    tools.get_by_role("button", name="Fit width").click()
    page.locator("#urr-find").focus()
    page.keyboard.type("Kazan")
    page.keyboard.press("Enter")
    kazan = page.locator('#urr-base svg [data-key="area:kazan"]')
    expect(kazan).to_have_class(re.compile(r"\burr-found\b"))
    assert _width(page) >= 0.6 * W - 2
    expect(kazan).to_be_in_viewport()
    fb, kb = page.locator(".urr-map-frame").bounding_box(), kazan.bounding_box()
    assert fb["x"] <= kb["x"] + kb["width"] / 2 <= fb["x"] + fb["width"], (fb, kb)
    assert fb["y"] <= kb["y"] + kb["height"] / 2 <= fb["y"] + fb["height"], (fb, kb)
    page.locator("#urr-find").fill("Atlantis")
    page.keyboard.press("Enter")
    expect(tools.locator("[data-urr-said]")).to_have_text("No area or sea of that name.")
    # a drag of the mouse pans
    before = _frame(page)
    page.mouse.move(fb["x"] + 200, fb["y"] + 200)
    page.mouse.down()
    page.mouse.move(fb["x"] + 100, fb["y"] + 120, steps=5)
    page.mouse.up()
    after = _frame(page)
    assert after["x"] - before["x"] > 50 and after["y"] - before["y"] > 40, (before, after)
    # the zoom stays through a move (a new live partial)
    zoom = _width(page)
    _move(page, page.locator(".prompt button.action:visible").first)
    assert abs(_width(page) - zoom) < 2
    shoot(page, artifacts, "urr-tools-found")
    no_horizontal_overflow(page)


def test_on_a_phone_a_tap_names_the_place_and_the_map_zooms(server, chromium, artifacts):
    page = _table(chromium, server, has_touch=True, is_mobile=True)
    page.set_viewport_size(PHONE)
    tools = page.locator(".urr-map-tools")
    tools.get_by_role("button", name="Fit width").click()
    assert abs(_width(page) - _frame(page)["w"]) < 2
    tools.locator("[data-urr-view]").select_option(label="Indian Ocean")
    page.locator("#urr-find").fill("Goa")
    page.keyboard.press("Enter")
    goa = page.locator('#urr-base svg [data-key="area:goa"]')
    expect(goa).to_be_in_viewport()
    goa.tap(position=_corner_inside(goa))
    expect(page.locator(".urr-tip")).to_have_text("Goa")
    expect(page.locator(".urr-tip")).to_be_visible()
    page.screenshot(path=str(artifacts / "urr-tools-phone-tap.png"))
    # a long press on a counter magnifies it (and chooses nothing)
    page.locator("#urr-find").fill("Aden")
    page.keyboard.press("Enter")
    counter = page.locator('.urr-place[data-key="area:aden"] .urr-counter')
    expect(counter).to_be_in_viewport()
    box = counter.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    touch = page.context.new_cdp_session(page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(800)
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(page.locator(".urr-lens")).to_be_visible()
    expect(page.locator(".urr-lens")).to_contain_text("Emirates: 1 troop")
    page.screenshot(path=str(artifacts / "urr-counter-magnified-phone.png"))
    no_horizontal_overflow(page)


def test_a_stack_opens_counters_hide_and_the_log_lights_the_map(server, chromium, artifacts):
    page = _table(chromium, server)
    for by_keyboard in (False, True):
        for _ in range(2):
            if not page.locator(".prompt button.action:visible").count():
                page.locator(".board-all").click()
            _move(page, page.locator(".prompt button.action:visible").first)
        oporto = page.locator('#urr-base svg polygon[data-key="area:oporto"]')
        before = page.locator("#table-live").get_attribute("data-seq")
        if by_keyboard:  # the arrow keys go from one highlighted area to the next; Enter chooses
            page.locator("#urr-base svg .pickable").first.focus()
            for _ in range(6):
                if page.evaluate("document.activeElement.getAttribute('data-key')") == "area:oporto":
                    break
                page.keyboard.press("ArrowRight")
            assert page.evaluate("document.activeElement.getAttribute('data-key')") == "area:oporto"
            page.keyboard.press("Enter")
        else:
            oporto.click(position=_corner_inside(oporto))
        expect(page.locator("#table-live")).not_to_have_attribute("data-seq", before)
        _move(page, page.locator('.prompt form.action-form:has(input[name="verb"][value="stop"]) button'))  # it stays
    overlay = page.locator(".urr-overlay")
    stack = overlay.locator('.urr-place[data-key="area:oporto"] .urr-counter')
    expect(stack).to_contain_text("2")
    fan = overlay.locator('.urr-place[data-key="area:oporto"] .urr-fan')
    expect(fan).to_be_hidden()
    page.locator(".urr-map-tools").get_by_role("button", name="100 %").click()
    stack.scroll_into_view_if_needed()
    stack.click()
    expect(fan).to_be_visible()
    expect(stack).to_have_attribute("aria-expanded", "true")
    units = fan.locator(".urr-fan-unit")
    expect(units).to_have_count(2)
    expect(units.first).to_have_attribute("data-key", re.compile(r"^unit:power:portugal-troop-\d+$"))
    expect(units.first.locator("title")).to_have_text(re.compile(r"^Portugal troop \d+, quality 2-3$"))
    first, second = units.nth(0).bounding_box(), units.nth(1).bounding_box()
    assert second["y"] > first["y"] + first["height"] - 2 and abs(second["x"] - first["x"]) < 2  # downwards
    page.locator(".urr-map-tools").get_by_label("Stacks open").select_option("horizontal")
    first, second = units.nth(0).bounding_box(), units.nth(1).bounding_box()
    assert second["x"] > first["x"] + first["width"] - 2 and abs(second["y"] - first["y"]) < 2  # sideways
    page.locator("section.urr-map").screenshot(path=str(artifacts / "urr-stack-open.png"))
    # Shift over a counter magnifies it, with all its words
    stack.hover()
    page.keyboard.down("Shift")
    lens = page.locator(".urr-lens")
    expect(lens).to_be_visible()
    expect(lens).to_contain_text("Portugal: 2 troops")
    assert lens.locator("svg").bounding_box()["width"] > 3 * stack.bounding_box()["width"]
    page.locator("section.urr-map").screenshot(path=str(artifacts / "urr-counter-magnified.png"))
    page.keyboard.up("Shift")
    expect(lens).to_be_hidden()
    # by keyboard: the counter is a button that opens and closes
    stack.focus()
    page.keyboard.press("Enter")
    expect(fan).to_be_hidden()
    # hide the counters, then the markers, to read the map beneath
    hide = page.locator(".urr-map-tools").get_by_role("button", name="Hide counters")
    hide.click()
    expect(hide).to_have_attribute("aria-pressed", "true")
    expect(stack).to_be_hidden()
    markers = page.locator(".urr-map-tools").get_by_role("button", name="Hide markers")
    markers.click()
    expect(overlay.locator('.urr-place[data-key="area:agra"] .urr-marker')).to_be_hidden()
    page.locator("section.urr-map").screenshot(path=str(artifacts / "urr-hidden-counters-markers.png"))
    hide.click()
    markers.click()
    expect(stack).to_be_visible()
    # the eliminated box is on the map (empty at the start)
    expect(overlay.locator('[data-key="box:eliminated"]')).to_contain_text("Eliminated this turn")
    # the log names Oporto and the troop: hovering the entry lights them on the map; a click shows them
    entry = page.locator(".log-list li[data-keys~='area:oporto']").first
    expect(entry).to_have_attribute("data-keys", re.compile(r"unit:power:portugal-troop-\d+"))
    page.locator(".urr-map-tools").get_by_role("button", name="Whole map").click()
    entry.locator(".entry-text").hover()
    expect(page.locator('#urr-base svg polygon[data-key="area:oporto"]')).to_have_class(re.compile(r"\burr-lit\b"))
    page.locator(".log-list").screenshot(path=str(artifacts / "urr-log-linked.png"))
    entry.locator(".entry-text").click()
    found = page.locator('#urr-base svg polygon[data-key="area:oporto"]')
    expect(found).to_have_class(re.compile(r"\burr-found\b"))
    assert _width(page) >= 0.6 * W - 2
    expect(found).to_be_in_viewport()
    shoot(page, artifacts, "urr-log-to-map")


def test_ending_the_actions_with_actions_left_and_resigning_ask_first(server, chromium, artifacts):
    """With JavaScript and without: the irreversible button sits behind its question."""
    for scripts in (True, False):
        page = chromium.new_context(viewport=DESKTOP, java_script_enabled=scripts).new_page()
        register(page, server.url, "bob" if scripts else "carol")
        url = new_table(page, server.url, "ultima-ratio-regis", options=PORTUGAL, seats={"player1": "me"})
        page.goto(url)
        for _ in range(2):  # the deployment done (its points left: asked first), the first impulse, two actions left
            _done(page)
        end = page.locator(".prompt form.confirmed-action")
        expect(end.locator("summary")).to_have_text("End the actions")
        expect(end.locator("button")).to_be_hidden()
        end.locator("summary").click()
        expect(end.locator(".confirm-question")).to_have_text(
            "2 actions are left: end the actions of this impulse anyway?"
        )
        if scripts:
            shoot(page, artifacts, "urr-confirm-end-impulse")
            page.set_viewport_size(DESKTOP)
        seq = page.locator("#table-live").get_attribute("data-seq")
        end.locator("button").click()
        expect(page.locator("#table-live")).not_to_have_attribute("data-seq", seq)
        if not scripts:
            continue  # without JavaScript the table has no endings panel (it is loaded by htmx)
        resign = page.locator("#endings .confirm-action")
        expect(resign.locator("button")).to_be_hidden()
        resign.locator("summary").click()
        expect(resign.locator(".confirm-question")).to_have_text("Resign this game?")
        resign.locator("button").click()
        page.goto(url)
        expect(page.locator("#endings")).not_to_contain_text("Resign")


def test_a_combats_rolls_in_the_log_are_drawn_die_by_die(server, chromium, artifacts):
    """The engine's words of a roll (combat.dice, as battles.py logs it) read as dice: quality, face, reading."""
    from engines import registry
    from engines.core.types import text

    game = registry.get_game("ultima-ratio-regis")
    words = game.renderer("en").text(
        text("combat.dice", side="power:portugal", dice=["Q2:5→1+1", "Q3:4→0", "Q1:6→2"], points=3, casualties=1)
    )
    page = _table(chromium, server)
    page.evaluate(
        """(words) => {
            const li = document.createElement("li");
            li.innerHTML = '<a class="anchor" href="#">#9</a> <span class="entry-text"></span>';
            li.querySelector(".entry-text").textContent = words;
            document.querySelector(".log-list").prepend(li);
            document.dispatchEvent(new Event("htmx:afterSettle"));
        }""",
        words,
    )
    entry = page.locator(".log-list li").first
    dice = entry.locator(".urr-die")
    expect(dice).to_have_count(3)
    expect(dice.nth(0).locator(".urr-die-face")).to_have_text("5")
    expect(dice.nth(0).locator(".urr-die-read")).to_have_text("1+1")
    expect(dice.nth(1).locator(".urr-die-q")).to_have_text("Q3")
    expect(dice.nth(2).locator(".sr-only")).to_have_text("Q1:6→2")  # the words stay for a screen reader
    expect(entry).to_contain_text("3 battle points, 1 casualty.")
    entry.screenshot(path=str(artifacts / "urr-combat-dice.png"))


def test_the_map_tools_an_open_stack_and_a_question_pass_axe(server, chromium):
    """axe-core, no critical or serious violation at both widths, with the tools shown, a stack open and the question
    of ending the actions open (tests/browser/test_accessibility.py's audit)."""
    from tests.browser.test_accessibility import violations

    page = _table(chromium, server, bypass_csp=True)
    for _ in range(2):
        for _ in range(2):
            if not page.locator(".prompt button.action:visible").count():
                page.locator(".board-all").click()
            _move(page, page.locator(".prompt button.action:visible").first)
        oporto = page.locator('#urr-base svg polygon[data-key="area:oporto"]')
        _move(page, oporto, position=_corner_inside(oporto))
        _move(page, page.locator('.prompt form.action-form:has(input[name="verb"][value="stop"]) button'))
    page.locator(".urr-map-tools").get_by_role("button", name="100 %").click()
    stack = page.locator('.urr-place[data-key="area:oporto"] .urr-counter')
    stack.scroll_into_view_if_needed()
    stack.click()
    expect(page.locator('.urr-place[data-key="area:oporto"] .urr-fan')).to_be_visible()
    for _ in range(2):  # the deployment done (its points left: asked first): the first impulse
        _done(page)
    page.locator(".prompt form.confirmed-action summary").click()
    assert violations(page) == []


def test_the_map_opens_as_the_user_last_zoomed_it_and_stacks_open_their_way(server, chromium):
    """Display preferences kept on the server as the tools are used (issue 28): another page load, its local storage
    emptied, shows the whole map and opens stacks diagonally."""
    page = _table(chromium, server)
    tools = page.locator(".urr-map-tools")
    with page.expect_response(lambda r: r.url.endswith("/account/display")):
        tools.get_by_role("button", name="Whole map").click()
    with page.expect_response(lambda r: r.url.endswith("/account/display")):
        tools.locator("[data-urr-fan]").select_option("diagonal")
    url = page.url
    page.evaluate("localStorage.clear()")
    page.goto("about:blank")
    page.goto(url)
    expect(tools).to_be_visible()
    frame = _frame(page)
    assert _width(page) <= frame["w"] + 1 and _width(page) * H / W <= frame["h"] + 2
    expect(tools.locator("[data-urr-fan]")).to_have_value("diagonal")
    page.goto(url.split("/tables/")[0] + "/account")
    expect(page.locator('select[name="map_zoom"]')).to_have_value("both")
