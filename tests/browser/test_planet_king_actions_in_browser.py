"""The Planet King's decisions in a real browser (issue 12 §1, §5): the types of action and the actions of one type
grouped by the colour of their cube (red government, blue political, yellow royal, green, simple), each with its
cost; every button naming a notable shows his ratings as a visible line, at desktop and phone width; the same
grouped forms work without JavaScript. Screenshots in test-artifacts/."""

from playwright.sync_api import expect

from tests.browser.test_boards_in_browser import any_move, my_turn, new_table, played, seq_of, shoot
from tests.browser.test_platform_in_browser import register

COLOURS = {
    "pk-red": "rgb(192, 57, 43)",
    "pk-blue": "rgb(42, 99, 181)",
    "pk-yellow": "rgb(227, 192, 42)",
    "pk-none": "rgb(138, 138, 138)",
}


def shoot_decision(page, artifacts, name):
    """The decision panel alone, at desktop and phone width (the full pages are shot by ``shoot``)."""
    for width, height in ((1280, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator("#decision").screenshot(path=str(artifacts / f"decision-{name}-{width}.png"))
    page.set_viewport_size({"width": 1280, "height": 900})


def both_shots(page, artifacts, name):
    shoot(page, artifacts, name)
    shoot_decision(page, artifacts, name)


def open_type(page, css):
    """Choose the type of action whose group has the class ``css`` and wait for its actions."""
    before = seq_of(page)
    page.locator(f".prompt .pk-types .{css} button").click()
    played(page, before)


def reach(page, selector, tries=40):
    for _ in range(tries):
        page.wait_for_timeout(250)
        if page.locator(selector).count():
            return True
        any_move(page)
    return False


def test_action_types_and_actions_grouped_by_cube_with_costs_and_ratings(server, chromium, artifacts):
    page = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
    register(page, server.url, "carmen")
    url = new_table(page, server, "planet-king", {"scenario": "anni_mirabiles"}, {"king": "me"})
    page.goto(url)
    assert my_turn(page)
    # the set-up's first decision: the drawn nobles for an office, each button with his ratings on a line of its own
    details = page.locator(".prompt button.action:visible .label-detail")
    expect(details.first).to_contain_text("Military")
    expect(details.first).to_contain_text("Political")
    expect(details.first).to_contain_text("Government")
    both_shots(page, artifacts, "planet-king-ratings-on-buttons")
    page.set_viewport_size({"width": 390, "height": 844})
    box = details.first.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, box  # readable on a phone, no hover
    assert page.evaluate("document.documentElement.scrollWidth") <= 392
    page.set_viewport_size({"width": 1280, "height": 900})

    assert reach(page, ".prompt .pk-types"), "no choice of action type came up"
    groups = page.locator(".prompt .pk-types .pk-group[data-kind]")
    kinds = groups.evaluate_all("els => els.map(e => [e.dataset.kind, e.className])")
    # in the rulebook's order (line 456): royal, government, political, simple
    assert [k for k, _ in kinds] == ["royal", "government", "political", "simple"], kinds
    for css, colour in COLOURS.items():
        group = page.locator(f".prompt .pk-types .{css}")
        if group.count():
            assert group.evaluate("e => getComputedStyle(e).borderLeftColor") == colour
    expect(page.locator(".prompt .pk-types .pk-red")).to_contain_text("Government actions")
    expect(page.locator(".prompt .pk-types .pk-red button")).to_contain_text("no cube in the Organisation phase")
    both_shots(page, artifacts, "planet-king-types-by-cube")

    open_type(page, "pk-blue")
    group = page.locator(".prompt .pk-actions .pk-group.pk-blue")
    expect(group.locator(".pk-group-title")).to_contain_text("Political actions")
    expect(group.locator("button", has_text="Appoint Noble")).to_contain_text("no cube in the Organisation phase")
    both_shots(page, artifacts, "planet-king-political-actions")

    # an ACTION card: the cubes are spent, and each action says its cube and ducats
    for _ in range(80):
        page.wait_for_timeout(200)
        red = page.locator(".prompt .pk-types .pk-red button")
        if red.count() and "costs a red cube" in red.inner_text():
            break
        any_move(page)
    expect(page.locator(".prompt .pk-types .pk-red button")).to_contain_text("costs a red cube")
    both_shots(page, artifacts, "planet-king-types-on-an-action-card")
    open_type(page, "pk-red")
    buttons = page.locator(".prompt .pk-actions .pk-group button.action")
    texts = buttons.all_inner_texts()
    assert texts and all("cube" in t for t in texts), texts
    assert any("1 ducat" in t for t in texts), texts
    both_shots(page, artifacts, "planet-king-government-actions")


def test_the_grouped_actions_work_without_javascript(server, chromium, artifacts):
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = ctx.new_page()
    register(page, server.url, "dolores")
    url = new_table(page, server, "planet-king", {"scenario": "anni_mirabiles"}, {"king": "me"})
    page.goto(url)
    for _ in range(20):
        if page.locator(".prompt .pk-types").count():
            break
        page.locator(".prompt button.action").first.click()  # a plain form post, the page comes back
        page.wait_for_load_state()
    expect(page.locator(".prompt .pk-types .pk-yellow")).to_contain_text("Royal actions")
    both_shots(page, artifacts, "planet-king-types-without-js")
    page.locator(".prompt .pk-types .pk-yellow button").click()
    page.wait_for_load_state()
    expect(page.locator(".prompt .pk-actions .pk-yellow .pk-group-title")).to_contain_text("Royal actions")
    expect(page.locator(".prompt .pk-actions .pk-yellow button", has_text="Hunt")).to_contain_text("once a turn")


def test_a_rule_cited_in_the_log_opens_its_summary(server, chromium, artifacts):
    """Issue 12 §7 for The Planet King: a log entry's rule links to the reference, whose section says what the
    engine does (engines/planet_king/rules_reference.yaml)."""
    page = chromium.new_context(viewport={"width": 390, "height": 844}).new_page()
    register(page, server.url, "elena")
    url = new_table(page, server, "planet-king", {"scenario": "anni_mirabiles"}, {"king": "me"})
    page.goto(url)
    link = page.locator(".log a.rule[href$='#rule-scenarios']").first
    expect(link).to_be_visible()
    link.click()
    section = page.locator("section#rule-scenarios")
    expect(section).to_contain_text("Anni Mirabiles (turns 1–4)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 392
    page.screenshot(path=str(artifacts / "rules-planet-king-reference-390.png"), full_page=False)
    page.goto(server.url + "/games/planet-king/rules/reference#rule-events.raid_events")
    expect(page.locator("section#rule-events\\.raid_events")).to_contain_text("COUNTER-ARMADA on Spain")
    page.screenshot(path=str(artifacts / "rules-planet-king-raids-390.png"), full_page=False)
