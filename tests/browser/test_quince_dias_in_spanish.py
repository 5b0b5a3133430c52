"""Issue 29 › Proof: a 15 Días table played to its end in Spanish, in the browser. A Spanish reader (the header's
switch) plays the four seats of a hot-seat table, move by move through the API, and reads the table at desktop
and phone width along the way and at the end: the page says ``<html lang="es">``, the board's hint and cards speak
Spanish, and no sentence of the game's English catalogue nor an English card name shows. Screenshots in
test-artifacts/ (15-dias-es-*.png)."""

import json
import random
import re

from playwright.sync_api import expect

from tests.browser.test_platform_in_browser import register
from tests.browser.test_table_page_in_browser import DESKTOP, PHONE, new_table, no_horizontal_overflow
from tests.engines.test_words_es import GAMES, english_phrases

MOST = 600  # moves: a 4-player game ends in about 200


def english_left(page, pattern) -> list[str]:
    return sorted(set(pattern.findall(page.locator("main").inner_text())))


def test_a_15_dias_table_played_to_its_end_in_spanish(server, chromium, artifacts):
    pattern = re.compile(
        "|".join(re.escape(p) for p in sorted(english_phrases(GAMES["15-dias"]), key=len, reverse=True))
    )
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "alicia")
    page.click("header.site form.language-switch button[value=es]")  # the header's switch
    expect(page.locator("html")).to_have_attribute("lang", "es")
    url = new_table(page, server.url, "15-dias", {"players": 4}, {f"player{i}": "me" for i in range(1, 5)})
    tid = url.rsplit("/", 1)[1]
    csrf = page.locator('meta[name="csrf-token"]').get_attribute("content")
    rnd = random.Random(29)
    shots = {8: "election", 40: "turn", 120: "later"}
    for move in range(MOST):
        table = page.request.get(f"{server.url}/api/v1/tables/{tid}").json()
        if not table["active_roles"]:
            break
        role = table["active_roles"][0]
        if move in shots:
            page.set_viewport_size(DESKTOP)
            page.goto(f"{url}?as={role}")
            expect(page.locator("html")).to_have_attribute("lang", "es")
            assert english_left(page, pattern) == []
            if page.locator(".board-hint").count():
                expect(page.locator(".board-hint").first).to_contain_text("Pulsa un asiento o carta resaltado")
            page.screenshot(path=str(artifacts / f"15-dias-es-{shots[move]}-desktop.png"), full_page=True)
            page.set_viewport_size(PHONE)
            no_horizontal_overflow(page)
            page.screenshot(path=str(artifacts / f"15-dias-es-{shots[move]}-phone.png"))
        view = page.request.get(f"{server.url}/api/v1/tables/{tid}?as={role}").json()
        action = view["actions"][rnd.randrange(len(view["actions"]))]
        r = page.request.post(
            f"{server.url}/api/v1/tables/{tid}/actions",
            data=json.dumps({"seq": view["seq"], "verb": action["verb"], "arg": action["arg"], "role": role}),
            headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"},
        )
        assert r.ok, r.text()
    else:
        raise AssertionError(f"the game did not end in {MOST} moves")
    page.set_viewport_size(DESKTOP)
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator(".board-15-dias .why h3")).to_have_text("Clasificación final")
    assert "Puntos de Afecto" in page.locator(".board-15-dias .why").inner_text()
    assert english_left(page, pattern) == []
    page.screenshot(path=str(artifacts / "15-dias-es-end-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    no_horizontal_overflow(page)
    page.screenshot(path=str(artifacts / "15-dias-es-end-phone.png"))
    page.screenshot(path=str(artifacts / "15-dias-es-end-phone-full.png"), full_page=True)
