"""Ultima Ratio Regis in a browser: The Rise of Portugal at a table, on its map (the base map made inline, the overlay
from the view) and in words, played by clicking the map and by the plain list. Screenshots in test-artifacts/."""

import re

from playwright.sync_api import expect

from tests.browser.test_platform_in_browser import register
from tests.browser.test_table_page_in_browser import DESKTOP, new_table, no_horizontal_overflow, shoot


def test_the_rise_of_portugal_at_a_table(server, chromium, artifacts):
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "alice")
    url = new_table(
        page, server.url, "ultima-ratio-regis", options={"scenario": "the-rise-of-portugal"}, seats={"player1": "me"}
    )
    page.goto(url)
    board = page.locator(".board-urr")
    expect(board).to_contain_text("The rise of Portugal (1490-1564) — turn 1 (1–5)")
    expect(board.locator('tr[data-key="area:aden"]')).to_contain_text("Emirates")
    shoot(page, artifacts, "urr-deploy")
    page.set_viewport_size(DESKTOP)
    expect(page.locator('#urr-base[data-inlined="1"]')).to_have_count(1)
    # deployment: the plain list offers what the 6 points buy; take the first until the deployment is over (the
    # choices made on the map are listed by "List all moves")
    for _ in range(8):
        before = page.locator("#table-live").get_attribute("data-seq")
        if not page.locator(".prompt button.action:visible").count():
            page.locator(".board-all").click()
        page.locator(".prompt button.action:visible").first.click()
        expect(page.locator("#table-live")).not_to_have_attribute("data-seq", before)
    expect(page.locator(".log-list")).to_be_visible()
    shoot(page, artifacts, "urr-after-moves")
    no_horizontal_overflow(page)


def test_the_rise_of_portugal_on_its_map(server, chromium, artifacts):
    """Issue 28: the table is the map. The base map comes once and is made inline; the overlay drawn from the view
    shows the possessions, the independent markers and the counters; the legal areas of a deployment are highlighted
    on the map and clicking one of them makes the move."""
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "alice")
    url = new_table(
        page, server.url, "ultima-ratio-regis", options={"scenario": "the-rise-of-portugal"}, seats={"player1": "me"}
    )
    base_requests = []
    page.on("request", lambda r: base_requests.append(r.url) if "/base.svg" in r.url else None)
    page.goto(url)
    board = page.locator(".board-urr")
    overlay = board.locator(".urr-overlay")
    expect(overlay.locator('.urr-place[data-key="area:agra"] .urr-marker')).to_contain_text("A2")
    expect(overlay.locator('.urr-place[data-key="area:oporto"] .urr-possession')).to_have_count(1)
    expect(overlay.locator('.urr-counter[data-keys="unit:minor:emirates-squadron-1"]')).to_contain_text("1")
    expect(overlay.locator('.urr-place[data-key="area:aden"] .urr-fortress')).to_have_count(1)
    # the trade centers: the turn's capacity over the printed one (the Baltic's is closed in 9.1)
    expect(overlay.locator('.urr-center[data-key="center:baltic-sea"] .urr-capacity')).to_have_text("0")
    expect(board.locator('#urr-base svg [data-key="area:oporto"]')).to_have_count(1)  # the base map, made inline
    expect(board.locator('#urr-base svg [data-key="sea:east-atlantic"]').first).to_be_attached()
    # deployment: build a troop and choose its grade in the list (nothing of the map), then where: on the map
    for _ in range(2):
        before = page.locator("#table-live").get_attribute("data-seq")
        page.locator(".prompt button.action:visible").first.click()
        expect(page.locator("#table-live")).not_to_have_attribute("data-seq", before)
    oporto = board.locator('#urr-base svg polygon[data-key="area:oporto"]')
    expect(oporto).to_have_class(re.compile(r"\bpickable\b"))
    expect(oporto).to_have_attribute("data-verb", "area")
    expect(board.locator("#urr-base svg .pickable")).to_have_count(4)  # Alentejo, Algarve, Oporto, Portugal
    expect(board.locator('#urr-base svg polygon[data-key="area:castile"]')).not_to_have_class(
        re.compile(r"\bpickable\b")
    )
    shoot(page, artifacts, "urr-map-deploy")
    page.set_viewport_size(DESKTOP)
    board.locator(".urr-map-frame").screenshot(path=str(artifacts / "urr-map-deploy-frame.png"))
    before = page.locator("#table-live").get_attribute("data-seq")
    oporto.click(position=_corner_inside(oporto))
    expect(page.locator("#table-live")).not_to_have_attribute("data-seq", before)
    built = overlay.locator('.urr-place[data-key="area:oporto"] .urr-counter')
    expect(built).to_contain_text("1")
    expect(built).to_have_attribute("data-keys", re.compile(r"^unit:power:portugal-troop-\d+$"))
    # where next: a sea is picked on the map too (its spot on the World Map of the seas)
    east_atlantic = board.locator('#urr-base svg circle[data-key="sea:east-atlantic"]')
    expect(east_atlantic).to_have_attribute("data-verb", "sea")
    shoot(page, artifacts, "urr-map-after-move")
    page.set_viewport_size(DESKTOP)
    board.locator(".urr-map-frame").screenshot(path=str(artifacts / "urr-map-after-move-frame.png"))
    before = page.locator("#table-live").get_attribute("data-seq")
    east_atlantic.click()
    expect(page.locator("#table-live")).not_to_have_attribute("data-seq", before)
    assert len(base_requests) == 1, base_requests  # fetched once; a swap moves it into the new board
    expect(board.locator('#urr-base svg [data-key="area:oporto"]')).to_have_count(1)
    board.locator(".urr-map-frame").screenshot(path=str(artifacts / "urr-map-at-sea-frame.png"))
    no_horizontal_overflow(page)


def _corner_inside(locator):
    """A point of the area's polygon away from its site, where the overlay's counters sit (a click there is the
    area's own)."""
    box = locator.bounding_box()
    points = locator.evaluate(
        "el => { const m = el.getScreenCTM(); return Array.from(el.points).map(p => "
        "{ const q = p.matrixTransform(m); return [q.x, q.y]; }); }"
    )
    for fx, fy in ((0.5, 0.8), (0.3, 0.7), (0.7, 0.3), (0.5, 0.2), (0.2, 0.5), (0.8, 0.5)):
        x, y = box["x"] + box["width"] * fx, box["y"] + box["height"] * fy
        if _inside((x, y), points):
            return {"x": box["width"] * fx, "y": box["height"] * fy}
    return None


def _inside(p, poly):
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside
