"""The table page as a person sees it: the whole log paged, the phone layout (board and hand first, the decision
in a bar), 'since your last move', rules links from the log, a replay stepped through, the rules and import pages.
Screenshots of every state at desktop (1280) and phone (390) width land in test-artifacts/."""

import json
import re

from playwright.sync_api import expect

from tests.browser.test_platform_in_browser import register

DESKTOP, PHONE = {"width": 1280, "height": 900}, {"width": 390, "height": 844}


def new_table(page, base, game, options=None, seats=None, seed=5) -> str:
    csrf = page.locator('meta[name="csrf-token"]').get_attribute("content")  # bound to the session
    r = page.request.post(
        base + "/api/v1/tables",
        data=json.dumps({"game": game, "options": options or {}, "seats": seats, "seed": seed}),
        headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"},
    )
    assert r.ok, r.text()
    return f"{base}/tables/{r.json()['id']}"


def act(page, base, table_url, verb, role=None, *, bots_may_move=False):
    """Post one offered action through the API (quick moves to fill the log).

    With ``bots_may_move`` a 409 (a bot moved between the view and the post, as it may at a simultaneous step) is
    answered as a player would: read the table again and post the action if it is still offered."""
    csrf = page.locator('meta[name="csrf-token"]').get_attribute("content")  # bound to the session
    tid = table_url.rsplit("/", 1)[1]
    r = view = None
    for _ in range(20 if bots_may_move else 1):
        view = page.request.get(f"{base}/api/v1/tables/{tid}" + (f"?as={role}" if role else "")).json()
        action = next((a for a in view["actions"] if a["verb"] == verb), None)
        if action is None and bots_may_move:
            return view["seq"]  # the bots' moves took the decision elsewhere: nothing of mine to post now
        assert action is not None, f"{verb} is not offered: {view['actions']}"
        r = page.request.post(
            f"{base}/api/v1/tables/{tid}/actions",
            data=json.dumps(
                {"seq": view["seq"], "verb": verb, "arg": action["arg"], **({"role": role} if role else {})}
            ),
            headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"},
        )
        if r.status != 409:
            break
        page.wait_for_timeout(100)
    assert r is not None and view is not None and r.ok, r and r.text()
    return view["seq"] + 1


def undo(page, base, table_url, seq, role):
    csrf = page.locator('meta[name="csrf-token"]').get_attribute("content")  # bound to the session
    r = page.request.post(f"{table_url}/undo", form={"seq": str(seq), "role": role, "csrf_token": csrf})
    assert r.ok, r.text()


def shoot(page, artifacts, name):
    for size, suffix in ((DESKTOP, ""), (PHONE, "-phone")):
        page.set_viewport_size(size)
        page.screenshot(path=str(artifacts / f"{name}{suffix}.png"), full_page=True)
    page.screenshot(path=str(artifacts / f"{name}-phone-screen.png"))  # the first screen, as a phone shows it


def steady_box(locator, timeout_ms=10_000):
    """The locator's bounding box, read again while it is None: the live part of a table with bots is swapped
    whole when a bot moves (htmx, outerHTML), and an element read during that swap has no box for a moment."""
    page, waited = locator.page, 0
    while (box := locator.bounding_box()) is None and waited < timeout_ms:
        page.wait_for_timeout(100)
        waited += 100
    return box


def bots_done(page, timeout_ms=30_000) -> dict:
    """Wait until no bot seat of the page's table is to act and the page shows the table's newest move; the table's
    API view then. Until a person moves again nothing swaps the page's live part, so what is read of it (a box, a
    count, a text) is of one page (a bot's move swaps it as its news comes in; at a simultaneous step, 9.2's auction
    or 15 Días's face-down choice of a Main Character, the bots choose while the person's prompt is up)."""
    base, tid = re.match(r"(https?://[^/]+)/tables/(\d+)", page.url).groups()
    waited, view = 0, {}
    while waited < timeout_ms:
        view = page.request.get(f"{base}/api/v1/tables/{tid}").json()
        bots = {s["role"] for s in view["seats"] if s["bot"]}
        shown = page.locator("#table-live").get_attribute("data-seq")
        if not bots & set(view["active_roles"]) and shown == str(view["seq"]):
            return view
        page.wait_for_timeout(100)
        waited += 100
    raise AssertionError(f"the bots were still moving after {timeout_ms} ms, or the page never showed it: {view}")


def no_horizontal_overflow(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] + 1, f"the page is {width}px wide"


def test_the_whole_log_pages_and_cites_its_rules(server, chromium, artifacts):
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "alice")
    url = new_table(page, server.url, "toy-duel", seats={"north": "me", "south": "me"})
    for _ in range(55):  # each raise taken back leaves an entry: more than a page of log
        seq = act(page, server.url, url, "raise", "north")
        undo(page, server.url, url, seq, "north")
    act(page, server.url, url, "raise", "north")
    page.goto(url + "/log?as=north")
    entries = page.locator(".log-list > li[id^=log-]")
    expect(entries).to_have_count(50)
    page.click("li.more a")  # HTMX loads the next page in place
    expect(entries).to_have_count(57)
    expect(page.locator("li.more")).to_have_count(0)
    shoot(page, artifacts, "log-full")
    page.set_viewport_size(DESKTOP)
    page.goto(url + "?as=north")
    page.locator(".log-list a.rule").first.click()
    expect(page).to_have_url(f"{server.url}/games/toy-duel/rules/reference#rule-stake")
    expect(page.locator("#rule-stake h3")).to_be_visible()


def test_the_phone_layout_puts_board_and_hand_first(server, chromium, artifacts):
    alice = chromium.new_context(viewport=PHONE).new_page()
    register(alice, server.url, "alice")
    url = new_table(alice, server.url, "15-dias", {"players": 2}, {"player1": "me", "player2": "me"})
    alice.goto(url)  # the first visit opens how to play above the board (issue 30), with the decision at the bottom
    expect(alice.locator("#how-to-play")).to_have_attribute("open", "")
    alice.goto(url)  # later visits fold it: the board comes first
    expect(alice.locator("#how-to-play")).not_to_have_attribute("open", "")
    no_horizontal_overflow(alice)
    bar = alice.locator("#decision")
    expect(bar).to_be_visible()
    hand = alice.locator(".my-hand, .board-panel").first
    assert hand.bounding_box()["y"] < bar.bounding_box()["y"]
    assert bar.bounding_box()["y"] + bar.bounding_box()["height"] <= PHONE["height"] + 1  # on screen: sticky
    expect(alice.locator(".chat-jump")).to_be_in_viewport()
    # the chat button floats over the red header: it must not be drawn in the header's own red (light or dark)
    fill = "e => getComputedStyle(e).backgroundColor"
    assert alice.locator(".chat-jump").evaluate(fill) != alice.locator("header.site").evaluate(fill)
    shoot(alice, artifacts, "15-dias-table")


def test_planet_king_table_and_since_my_last_move(server, chromium, artifacts):
    alice = chromium.new_context(viewport=DESKTOP).new_page()
    register(alice, server.url, "alice")
    url = new_table(alice, server.url, "planet-king", {"mode": "cooperative"}, {"king": "me", "valido": "me"})
    alice.goto(url)
    shoot(alice, artifacts, "planet-king-table")
    alice.set_viewport_size(PHONE)
    no_horizontal_overflow(alice)


def test_after_a_move_by_keyboard_the_focus_is_on_the_prompt(server, chromium, artifacts):
    """Issue 30: after a move the focus went to the page's body (~20 Tabs to the next decision); it goes to the
    prompt, and one Tab reaches the next action."""
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "alice")
    url = new_table(page, server.url, "toy-duel", {"rounds": 1}, {"north": "me", "south": "me"})
    page.goto(url + "?as=north")
    seq = page.locator("#table-live").get_attribute("data-seq")
    page.locator("#decision button.action").first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#table-live")).not_to_have_attribute("data-seq", seq)
    expect(page.locator("#decision")).to_be_focused()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#decision') !== null")
    assert page.evaluate("document.activeElement.matches('button')")


def test_a_replay_is_stepped_through(server, chromium, artifacts):
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "alice")
    url = new_table(page, server.url, "toy-duel", {"rounds": 1}, {"north": "me", "south": "me"})
    act(page, server.url, url, "raise", "north")
    act(page, server.url, url, "done", "north")
    act(page, server.url, url, "choose", "north")
    act(page, server.url, url, "choose", "south")
    page.goto(url)
    expect(page.locator(".outcome")).to_be_visible()
    page.click("a:has-text('replay')")
    expect(page.locator(".replay-nav .current")).to_contain_text("Move 4 of 4")
    page.click("a:has-text('First')")
    expect(page.locator(".replay-nav .current")).to_contain_text("The setup")
    shoot(page, artifacts, "replay-setup")
    page.set_viewport_size(DESKTOP)
    page.click("a:has-text('Forward')")
    expect(page.locator(".replay-nav .current")).to_contain_text("Move 1 of 4")
    expect(page.locator(".log-list")).to_contain_text("raises the stake to 2")
    page.click("a:has-text('Forward')")
    page.click("a:has-text('Back')")
    expect(page.locator(".replay-nav .current")).to_contain_text("Move 1 of 4")
    page.click("a:has-text('Last')")
    expect(page.locator(".replay-nav .current")).to_contain_text("Move 4 of 4")
    shoot(page, artifacts, "replay-last")
    page.set_viewport_size(DESKTOP)
    page.goto(url + "/log")
    page.locator(".log-list a.replay-link").last.click()  # the setup's entry: jump there
    expect(page.locator(".replay-nav .current")).to_contain_text("The setup")
    # the keys (issue 30): → forward, End the last move, ← back, Home the setup; the slider goes to a move
    page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-nav .current")).to_contain_text("Move 1 of 4")
    page.keyboard.press("End")
    expect(page.locator(".replay-nav .current")).to_contain_text("Move 4 of 4")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".replay-nav .current")).to_contain_text("Move 3 of 4")
    page.keyboard.press("Home")
    expect(page.locator(".replay-nav .current")).to_contain_text("The setup")
    page.locator(".replay-slider input[type=range]").fill("2")
    expect(page.locator(".replay-nav .current")).to_contain_text("Move 2 of 4")
    shoot(page, artifacts, "replay-slider")


def test_rules_cards_import_and_map_pages(server, chromium, artifacts):
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "alice")
    for path, name in (
        ("/games/planet-king/rules", "planet-king-game"),
        ("/games/15-dias/rules/reference", "15-dias-rules"),
        ("/games/15-dias/cards/qd:char:cardinal", "15-dias-card"),
        ("/records/import", "import"),
        ("/tables/new?game=planet-king", "new-table"),
        ("/games/ultima-ratio-regis/map?scenario=&turn=", "urr-map"),
    ):
        page.set_viewport_size(DESKTOP)
        page.goto(server.url + path)
        expect(page.locator("header.site")).to_contain_text("alice")
        shoot(page, artifacts, name)
        no_horizontal_overflow(page)
    page.set_viewport_size(DESKTOP)
    page.goto(server.url + "/tables/new?game=planet-king")
    page.fill("input[name=name]", "Olivares' last stand")
    page.select_option("select[name=game]", "15-dias")
    expect(page.locator("select[name=opt_players]")).to_be_visible()
    expect(page.locator("input[name=name]")).to_have_value("Olivares' last stand")


# Slows the undo's answer the page receives by 1.5 s (never the server): the move's news (SSE) reaches the page while
# the undo's answer is still on its way.
SLOW_ANSWERS = """
(() => {
  const open = XMLHttpRequest.prototype.open, send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) { this._url = String(url); return open.call(this, method, url, ...rest); };
  XMLHttpRequest.prototype.send = function (...args) {
    const delay = /\\/undo$/.test(this._url) ? 1500 : 0;
    if (delay && this.onload) { const onload = this.onload; this.onload = (e) => setTimeout(() => onload.call(this, e), delay); }
    return send.apply(this, args);
  };
})();
"""


def raised_with_a_slow_undo(server, chromium):
    """A hot-seat Duel where North has just raised (an undo is offered), the undo's answer slowed (SLOW_ANSWERS)."""
    page = chromium.new_context(viewport=DESKTOP).new_page()
    register(page, server.url, "alice")
    url = new_table(page, server.url, "toy-duel", {"rounds": 1}, {"north": "me", "south": "me"})
    page.goto(url + "?as=north")
    seq = page.locator("#table-live").get_attribute("data-seq")
    page.locator("#decision button.action:has-text('Raise')").first.click()
    expect(page.locator("#table-live")).not_to_have_attribute("data-seq", seq)
    page.evaluate(SLOW_ANSWERS)
    return page, url


def test_the_news_of_my_own_undo_does_not_drop_its_answer(server, chromium, artifacts):
    """The undo's own answer (with its notice) is still on its way when the news of it (SSE) reaches the page: the
    page does not refetch the table meanwhile — a refetch answered first would replace the element the undo's
    answer is for, and that answer (and its notice) would be dropped. Seen in CI under load."""
    page, _ = raised_with_a_slow_undo(server, chromium)
    news = []
    page.on("console", lambda m: news.append(m.text) if m.text.startswith("sse:") else None)
    page.evaluate("document.body.addEventListener('htmx:sseMessage', (e) => console.log('sse:' + e.detail.type))")
    page.click("button.undo")
    expect(page.locator(".notice")).to_contain_text("Move taken back", timeout=10_000)
    assert "sse:move" in news, "the undo's news did not arrive while its answer was on its way: nothing was tested"
    expect(page.locator(".notice")).to_contain_text("Move taken back")


def test_news_newer_than_my_own_answer_is_fetched_once_it_is_in(server, chromium, artifacts):
    """While the undo's answer is on its way, another move is made (here through the API): its news waits for the
    undo's answer, then the page fetches the newer table (the news is never lost)."""
    page, url = raised_with_a_slow_undo(server, chromium)
    raised = int(page.locator("#table-live").get_attribute("data-seq"))
    page.click("button.undo")
    # the undo made on the server (its answer is 1.5 s away from the page once it is sent): asked of the server, not
    # guessed by a fixed wait, which a loaded machine may outlast
    tid = url.rsplit("/", 1)[1]
    for _ in range(200):
        if page.request.get(f"{server.url}/api/v1/tables/{tid}").json()["seq"] != raised:
            break
        page.wait_for_timeout(50)
    newest = act(page, server.url, url, "raise", "north")
    expect(page.locator("#table-live")).to_have_attribute("data-seq", str(newest), timeout=20_000)
