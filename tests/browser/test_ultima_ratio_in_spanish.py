"""Issue 29: Ultima Ratio Regis read in Spanish in a browser. A visitor whose browser asks for Spanish opens The Rise
of Portugal and a 9.2 New Order table: the map sheet under the overlay is the Spanish one (its names, e.g. Nápoles),
the areas' table, the prompt and the seats read in Spanish, nothing overflows at phone width. Screenshots in
test-artifacts/ (urr-es-*.png)."""

from playwright.sync_api import expect

from tests.browser.test_table_page_in_browser import DESKTOP, PHONE, act, new_table, no_horizontal_overflow, shoot


def test_the_rise_of_portugal_and_new_order_in_spanish(server, chromium, artifacts):
    page = chromium.new_context(viewport=DESKTOP, locale="es-ES").new_page()
    page.goto(server.url + "/register")
    page.fill("input[name=username]", "alicia")
    page.fill("input[name=password]", "correct horse")
    page.click("button[type=submit]:has-text('Crear la cuenta')")
    expect(page.locator("header.site")).to_contain_text("alicia")
    url = new_table(
        page, server.url, "ultima-ratio-regis", options={"scenario": "the-rise-of-portugal"}, seats={"player1": "me"}
    )
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    board = page.locator(".board-urr")
    expect(page.locator('#urr-base[data-inlined="1"]')).to_have_count(1)
    base = board.locator("#urr-base svg")
    expect(base).to_contain_text("Nápoles")  # the Spanish sheet (the English one says Naples)
    assert "Naples" not in base.text_content()
    expect(board.locator('tr[data-key="area:aden"]')).to_contain_text("Emiratos")
    expect(page.locator(".seats h2")).to_have_text("Asientos")
    shoot(page, artifacts, "urr-es-portugal")
    page.set_viewport_size(PHONE)
    page.reload()
    no_horizontal_overflow(page)
    page.screenshot(path=str(artifacts / "urr-es-portugal-phone.png"))
    page.set_viewport_size(DESKTOP)
    seats = {"player1": "me", "player2": "me", "player3": "me"}
    url = new_table(
        page, server.url, "ultima-ratio-regis", options={"scenario": "new-order", "players": 3}, seats=seats
    )
    page.goto(url)
    expect(page.locator(".board-urr #urr-base svg")).to_contain_text("Nápoles")
    expect(page.locator(".prompt")).not_to_contain_text("bet")
    shoot(page, artifacts, "urr-es-new-order-auction")
    # the bets and the groups made, every seat deploys at once (7.2): each seat's line is its group's long name,
    # and its "le toca" badge stays one piece beside it (it was split over two lines, "le" / "toca")
    for role in seats:
        act(page, server.url, url, "bet", role=role)
    tid = url.rsplit("/", 1)[1]
    while (view := page.request.get(f"{server.url}/api/v1/tables/{tid}").json())["view"]["prompt"]["step"] != "deploy":
        act(page, server.url, url, "group", role=view["active_roles"][0])
    page.goto(url)
    badges = page.locator(".seats .badge")
    expect(badges).to_have_count(3)
    expect(page.locator(".seats")).to_contain_text("España, Polonia, Austria, Hungría y los mamelucos")
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        lines = badges.evaluate_all("els => els.map(e => e.getClientRects().length)")
        assert lines == [1, 1, 1], (size, lines)
    page.set_viewport_size(DESKTOP)
    shoot(page, artifacts, "urr-es-new-order-deploy")
