"""A newcomer's path (issue 30 › Proof): register, create a Planet King solo game by the new-table form, read the
goal on the table's first visit, make the first three decisions by clicking the board, and play the first turn to
its end (Iupiter Hispano is one turn: the end of the game, its tally explained). Screenshots at desktop (1280) and
phone (390) width in test-artifacts/."""

from playwright.sync_api import expect

from tests.browser.test_boards_in_browser import any_move, choose_on, my_turn, played, seq_of
from tests.browser.test_platform_in_browser import register

PHONE = {"width": 390, "height": 844}


def shots(page, artifacts, name):
    page.screenshot(path=str(artifacts / f"newcomer-{name}-1280.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(artifacts / f"newcomer-{name}-390.png"))
    page.set_viewport_size({"width": 1280, "height": 900})


def test_a_newcomer_learns_and_plays_the_first_turn_of_the_planet_king(server, chromium, artifacts):
    page = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
    register(page, server.url, "nuria")
    page.goto(server.url + "/tables/new?game=planet-king")
    page.select_option("select[name=opt_scenario]", "iupiter_hispano")
    page.fill("input[name=name]", "My first reign")
    page.click("button:has-text('Create the table')")
    expect(page.locator("h1")).to_contain_text("My first reign")
    assert page.evaluate("window.scrollY") == 0  # the new table from its top, not where the form was scrolled to
    # the goal, the thresholds, one turn and the first decisions, open on this first visit
    lesson = page.locator("#how-to-play")
    expect(lesson).to_have_attribute("open", "")
    expect(lesson.locator("[data-key='learn:goal']")).to_contain_text("One turn, 1621–1626")
    expect(lesson.locator("[data-key='learn:victory']")).to_contain_text("7 VP or more: Major Victory")
    expect(lesson.locator("[data-key='learn:turn']")).to_contain_text("Organisation")
    expect(lesson.locator("[data-key^='learn:decision:']")).to_have_count(3)
    expect(lesson.locator("[data-key='learn:decision:1']")).to_contain_text("Appoint the offices")
    expect(page.locator("#decision")).to_be_in_viewport()  # the decision beside the lesson
    shots(page, artifacts, "lesson")
    # the first three decisions, each by clicking the board: the three offices of the set-up
    for office in ("Viceroy of the Indies", "Viceroy of Italy", "Ambassador in Austria"):
        assert my_turn(page)
        expect(page.locator(".prompt .prompt-text")).to_contain_text(office)
        marked = page.locator("[data-board] [data-verb].pickable")
        assert marked.count() > 0, f"nothing to click on the board for the {office}"
        before = seq_of(page)
        marked.first.scroll_into_view_if_needed()
        marked.first.click()
        choose_on(page)
        played(page, before)
        if office == "Viceroy of the Indies":
            page.locator("[data-board] .drawn").scroll_into_view_if_needed()
            shots(page, artifacts, "after-the-first-appointment")
    expect(page.locator(".log")).to_contain_text("Viceroy of the Indies")
    # the rest of the first turn, to its End of Turn: the end of this one-turn game
    for _ in range(200):
        if page.locator(".table-live .outcome").count():
            break
        if page.locator(".prompt form.action-form").count():
            any_move(page)
        else:
            page.wait_for_timeout(250)
            page.reload()
    outcome = page.locator(".table-live .outcome")
    expect(outcome).to_be_visible()
    expect(outcome.locator("[data-key='tally:king']")).to_be_visible()  # how the score was reached
    expect(outcome.locator("[data-key='tally:thresholds']")).to_contain_text("7 VP or more: Major Victory")
    outcome.scroll_into_view_if_needed()
    shots(page, artifacts, "the-end")
