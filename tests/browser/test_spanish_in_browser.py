"""Issue 29: a visitor switches the site to Spanish with the header's switch (a form, no script needed), registers
and opens a 15 Días table: the lobby, the account page and the table's chrome read in Spanish, ``<html lang>``
says so, the scripts' words come from the page's Spanish catalogue, and nothing overflows at phone width.
Screenshots in test-artifacts/ (spanish-*.png); the games' own words in Spanish are
tests/browser/test_quince_dias_in_spanish.py's."""

from playwright.sync_api import expect

from tests.browser.test_table_page_in_browser import DESKTOP, PHONE, new_table, no_horizontal_overflow


def test_switching_to_spanish_and_playing_a_table(server, chromium, artifacts):
    page = chromium.new_context(viewport=DESKTOP, locale="en-GB").new_page()
    page.goto(server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("main")).to_contain_text("Open tables")
    page.click("header.site form.language-switch button[value=es]")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("main")).to_contain_text("Mesas abiertas")
    expect(page.locator("header.site")).to_contain_text("Registrarse")
    page.screenshot(path=str(artifacts / "spanish-lobby-desktop.png"), full_page=True)
    page.goto(server.url + "/register")
    page.fill("input[name=username]", "alicia")
    page.fill("input[name=password]", "correct horse")
    page.click("button[type=submit]:has-text('Crear la cuenta')")
    expect(page.locator("header.site")).to_contain_text("alicia")
    expect(page.locator("header.site")).to_contain_text("Mesa nueva")
    page.goto(server.url + "/account")
    expect(page.locator("h2").first).to_have_text("Idioma")
    page.select_option("select[name=lang]", "es")  # kept with the account from now on
    page.click("form[action='/language'] button:has-text('Guardar')")
    expect(page.locator("select[name=lang]")).to_have_value("es")
    page.screenshot(path=str(artifacts / "spanish-account-desktop.png"), full_page=True)
    url = new_table(page, server.url, "15-dias", {"players": 4}, {f"player{i}": "me" for i in range(1, 5)})
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator(".seats h2")).to_have_text("Asientos")
    expect(page.locator(".log h2")).to_contain_text("Historial")
    expect(page.locator(".chat-panel h2")).to_have_text("Charla")
    words = page.evaluate("JSON.parse(document.getElementById('siglo-text').textContent)")
    assert words["board.cancel"] == "Cancelar" and page.evaluate("window.sigloText('clock.up', 'time is up')") == (
        "se acabó el tiempo"
    )
    page.screenshot(path=str(artifacts / "spanish-15-dias-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.reload()
    no_horizontal_overflow(page)
    expect(page.locator(".seats h2")).to_have_text("Asientos")
    page.screenshot(path=str(artifacts / "spanish-15-dias-phone.png"))
    page.screenshot(path=str(artifacts / "spanish-15-dias-phone-full.png"), full_page=True)
    page.goto(server.url + "/")
    no_horizontal_overflow(page)
    page.screenshot(path=str(artifacts / "spanish-lobby-phone.png"), full_page=True)
