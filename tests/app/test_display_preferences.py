"""Display preferences kept per reader (issue 28 › What map-game players expect: "Display preferences kept per user:
fit width / fit both / 100 %, collapsible side panel, a dark theme"): the theme and the side panel's state on
``<html>``, kept with a signed-in user's account or in a visitor's cookie, set without JavaScript; the side panel's
button in the markup of every game's table, the panels still in it whatever the state (no script: always open)."""

import re

import pytest

from app import display

TABLES = {
    "planet-king": ({}, {"king": "me"}),
    "15-dias": ({"players": 4}, {"player1": "me", **{f"player{i}": "bot:heuristic" for i in (2, 3, 4)}}),
    "ultima-ratio-regis": ({}, {"player1": "me"}),
}


def html_tag(page: str) -> str:
    return re.search(r"<html [^>]*>", page).group(0)


def side_toggle(page: str) -> str:
    return re.search(r'<button type="button" class="side-toggle"[^>]*>.*?</button>', page, re.S).group(0)


def test_the_page_follows_the_system_and_shows_the_panel_until_told_otherwise(browser):
    visitor = browser()
    tag = html_tag(visitor.c.get("/").text)
    assert 'data-theme="system"' in tag and 'data-side-panel="open"' in tag
    assert 'data-key="ui:theme"' in visitor.c.get("/").text  # the header's switch, for every reader


def test_a_users_theme_and_side_panel_are_kept_with_the_account_and_put_on_every_page(browser):
    alice = browser("alice")
    r = alice.post("/account/display", {"theme": "dark", "next": "/tables/new"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/tables/new"
    for path in ("/", "/account", "/tables/new", "/games/planet-king/rules"):
        assert 'data-theme="dark"' in html_tag(alice.c.get(path).text), path
    account = alice.c.get("/account").text
    assert '<option value="dark" selected>' in account and '<option value="open" selected>' in account
    assert alice.post("/account/display", {"side_panel": "collapsed"}, follow_redirects=False).status_code == 303
    tag = html_tag(alice.c.get("/").text)
    assert 'data-theme="dark"' in tag and 'data-side-panel="collapsed"' in tag  # one changed, the other kept
    assert "siglo_display" not in alice.c.cookies  # a user's are on the server, not in a cookie
    refused = alice.post("/account/display", {"theme": "sepia"}, follow_redirects=False)
    assert refused.status_code == 422 and "That is not a display setting." in refused.text
    # another reader sees the defaults
    assert 'data-theme="system"' in html_tag(browser("bob").c.get("/").text)


def test_a_visitors_choice_is_kept_in_a_cookie(browser):
    visitor = browser()
    r = visitor.post("/account/display", {"theme": "light", "next": "/"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/"
    assert visitor.c.cookies.get("siglo_display") == "theme:light"
    assert visitor.post("/account/display", {"side_panel": "collapsed"}, follow_redirects=False).status_code == 303
    tag = html_tag(visitor.c.get("/").text)
    assert 'data-theme="light"' in tag and 'data-side-panel="collapsed"' in tag
    refused = visitor.post("/account/display", {"side_panel": "gone"}, follow_redirects=False)
    assert refused.status_code == 422
    # a cookie's unknown settings and values are left out
    assert display.from_cookie("theme:dark|side_panel:gone|evil:1|junk") == {"theme": "dark"}
    assert display.from_cookie(display.to_cookie({"theme": "dark", "side_panel": "open"})) == {
        "theme": "dark",
        "side_panel": "open",
    }


@pytest.mark.parametrize("game", TABLES)
def test_every_tables_side_panel_has_its_button_and_keeps_its_panels_when_collapsed(browser, game):
    alice = browser("alice")
    options, seats = TABLES[game]
    table = alice.new_table(game=game, seats=seats, options=options, seed=5)
    page = alice.c.get(f"/tables/{table}").text
    button = side_toggle(page)
    assert 'data-key="ui:side-panel"' in button and 'aria-controls="side-panel"' in button
    assert 'aria-expanded="true"' in button and "Side panel" in button
    assert 'id="side-panel"' in page
    deciding = 'class="panel prompt deciding"' in page  # the seat has a decision to make (the bots may move first)
    assert deciding == ("your turn" in button) == ('data-key="ui:your-turn"' in button)
    assert deciding or game == "15-dias"
    alice.post("/account/display", {"side_panel": "collapsed"}, follow_redirects=False)
    page = alice.c.get(f"/tables/{table}").text
    assert 'aria-expanded="false"' in side_toggle(page)
    assert 'data-side-panel="collapsed"' in html_tag(page)
    # without scripts nothing folds it: the decision, the seats and the log are all still in the page
    assert 'id="decision"' in page and 'class="panel seats"' in page and 'class="panel log"' in page
    # the live partial (a move's answer, another's move) draws the button as it stands too
    live = alice.c.get(f"/tables/{table}/live", headers={"HX-Request": "true"}).text
    assert 'aria-expanded="false"' in side_toggle(live)


def test_a_spectators_page_has_the_button_without_a_your_turn_badge(browser):
    alice = browser("alice")
    table = alice.new_table(game="planet-king", seats={"king": "me"}, seed=5)
    button = side_toggle(browser().c.get(f"/tables/{table}").text)
    assert 'data-key="ui:side-panel"' in button and "your turn" not in button


def test_the_stylesheet_folds_the_panel_only_with_scripts_and_has_a_dark_value_for_every_colour():
    from app.resources import resource

    css = (resource("static") / "css" / "site.css").read_text()
    start = css.index("@media (scripting: enabled) and (min-width: 900px) {")
    block = css[start : css.index("\n}\n", start)]
    assert (
        ':root[data-side-panel="collapsed"] #table-live > .table-side > :not(.side-toggle) { display: none; }' in block
    )
    assert css.count('[data-side-panel="collapsed"]') == block.count('[data-side-panel="collapsed"]')
    assert ':root[data-theme="dark"] { color-scheme: dark; }' in css
    # every colour variable has its light and its dark value
    declared = re.findall(r"(--[\w-]+): ([^;]+);", css[css.index(":root {") : css.index("font-family")])
    assert len(declared) > 30
    assert all(value.startswith("light-dark(") or name == "--button-ink" for name, value in declared), declared


def test_an_error_page_a_table_route_answers_keeps_the_readers_theme(browser):
    """A 404 raised inside a table's route is drawn after the route's session closed: the reader's user, read there
    by the table's seats with only some columns (then the kept login's), must still carry the preferences (it did
    not: the error page answered 500 on ``users.display``)."""
    alice = browser("alice")
    assert alice.post("/account/display", {"theme": "dark"}, follow_redirects=False).status_code == 303
    table = alice.new_table("ultima-ratio-regis", {"player1": "me"})
    for _ in range(2):  # the first login read from the database, then the kept one
        missing = alice.c.get(f"/tables/{table}/log/999999")
        assert missing.status_code == 404, missing.status_code
        assert 'data-theme="dark"' in html_tag(missing.text)
