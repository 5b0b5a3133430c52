"""A running clock counts down in the browser (static/js/clocks.js) on the table page and in the lobby; a paused one
stands still; at zero it says "time is up" and the checker's time-out reaches the page by its live news
(screenshots of each). The server's time is real here: the test puts a clock under an hour in the database."""

import re
import time
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect
from sqlalchemy import create_engine

from app.migrate import upgrade
from app.models import SeatClock, table_of
from tests.app.live_server import LiveServer
from tests.browser.test_platform_in_browser import register

SECONDS = re.compile(r"^· (\d+) min (\d\d) s left$")


@pytest.fixture
def ticking(tmp_path, monkeypatch):
    """A live server whose clock checker looks every second, and the database to set its clocks."""
    monkeypatch.setenv("SIGLO_CLOCK_CHECK_SECONDS", "1")
    url = f"sqlite:///{tmp_path}/browser.db"
    upgrade(url)
    server = LiveServer(url, tmp_path / "secret")
    engine = create_engine(url)
    yield server, engine
    engine.dispose()
    server.stop()


def set_clock(engine, table_id: int, role: str, seconds: int) -> None:
    """The seat's clock starts now with ``seconds`` left (as sync would start it)."""
    now = datetime.now(UTC)
    with engine.begin() as conn:
        conn.execute(
            table_of(SeatClock)
            .update()
            .where(SeatClock.table_id == table_id, SeatClock.role == role)
            .values(
                remaining=seconds,
                since=now,
                deadline=now + timedelta(seconds=seconds),
                remind_at=None,
                reminded=True,
                version=SeatClock.version + 1,
            )
        )


def seconds_shown(locator) -> int:
    text = locator.inner_text().strip()
    m = SECONDS.match(text)
    assert m, text
    return int(m.group(1)) * 60 + int(m.group(2))


def test_a_running_clock_counts_down_stands_still_when_paused_and_says_time_is_up(ticking, chromium, artifacts):
    server, engine = ticking
    alice_ctx, bob_ctx = chromium.new_context(), chromium.new_context()
    alice, bob = alice_ctx.new_page(), bob_ctx.new_page()
    for page in (alice, bob):
        page.set_viewport_size({"width": 1280, "height": 900})
    register(alice, server.url, "alice")
    alice.goto(server.url + "/tables/new?game=toy-duel")
    alice.fill("input[name=name]", "Duel against the clock")
    alice.select_option("select[name=seat_south]", "open")
    alice.select_option("select[name=clock]", "1")
    alice.click("button:has-text('Create the table')")
    expect(alice.locator("h1")).to_contain_text("Duel against the clock")
    table_url = alice.url
    table_id = int(table_url.rsplit("/", 1)[1])
    register(bob, server.url, "bob")
    bob.goto(server.url + "/")
    bob.click("li.table-row:has-text('Duel against the clock') button:has-text('Join')")
    expect(bob.locator(".seat-list")).to_contain_text("bob")

    # a day per move: the days and hours do not move in a few seconds, but the figure is the script's
    alice.goto(table_url)
    north = alice.locator(".seat-list li:has-text('alice') .clock.running")
    expect(north).to_have_text(re.compile(r"^· 23 h 59 min left$|^· 1 d 0 h left$"))
    expect(alice.locator(".seat-list li:has-text('bob') .clock")).to_have_text("· 1 d 0 h left")  # not running

    # under an hour the seconds show, and they go down
    set_clock(engine, table_id, "north", 45 * 60)
    alice.reload()
    expect(north).to_have_text(SECONDS)
    first = seconds_shown(north)
    time.sleep(3)
    second = seconds_shown(north)
    assert 2 <= first - second <= 5, (first, second)
    alice.screenshot(path=str(artifacts / "clock-countdown-table.png"), full_page=True)

    # the lobby's row counts down too
    alice.goto(server.url + "/")
    row = alice.locator("section:has(h2:has-text('My tables')) li.table-row:has-text('Duel against the clock') .clock")
    expect(row).to_have_text(SECONDS)
    first = seconds_shown(row)
    time.sleep(3)
    second = seconds_shown(row)
    assert 2 <= first - second <= 5, (first, second)
    alice.screenshot(path=str(artifacts / "clock-countdown-lobby.png"), full_page=True)

    # on vacation the clock is paused: it says so and does not count
    alice.goto(server.url + "/vacation")
    alice.click("button:has-text('Go on vacation')")
    alice.goto(table_url)
    expect(north).to_contain_text("(paused: on vacation)")
    paused = north.inner_text()
    time.sleep(2.5)
    assert north.inner_text() == paused and "s left" not in paused
    alice.screenshot(path=str(artifacts / "clock-countdown-paused.png"), full_page=True)
    alice.goto(server.url + "/vacation")
    alice.click("button:has-text('I am back')")

    # at zero: "time is up", then the checker gives the seat to a bot and the page hears of it by itself. Said by
    # the script's count, or by the table the time-out's news brings when the checker comes first (its clock stopped,
    # no longer .running): on a loaded machine the page loads late and its count ends after the server's deadline.
    # The script's own "time is up" is test_a_running_clock_says_time_is_up_at_zero's.
    bob.goto(table_url)
    set_clock(engine, table_id, "north", 4)
    alice.goto(table_url)
    expect(alice.locator(".seat-list li:has-text('alice') .clock")).to_have_text("· time is up", timeout=15_000)
    alice.screenshot(path=str(artifacts / "clock-countdown-time-is-up.png"), full_page=True)
    expect(alice.locator(".seat-list li:has-text('alice')")).to_contain_text("a bot plays for them", timeout=15000)
    expect(alice.locator("button:has-text('I am back')")).to_be_visible()
    expect(bob.locator(".log-list")).to_contain_text("alice ran out of time", timeout=10000)
    alice.screenshot(path=str(artifacts / "clock-countdown-stand-in.png"), full_page=True)


def test_a_running_clock_says_time_is_up_at_zero(server, chromium):
    """The script's count to zero, on a clock of the page (no server's time-out to come first): "time is up"."""
    page = chromium.new_page()
    page.goto(server.url + "/")
    page.evaluate("""() => {
        const el = document.createElement("span");
        el.className = "clock running"; el.id = "probe";
        el.dataset.clockLeft = "3";
        el.textContent = "· 0 min 03 s left";
        document.body.append(el);
    }""")
    expect(page.locator("#probe")).to_have_text("· time is up", timeout=6000)  # the page's own count: no server


def test_the_count_stops_where_a_pause_begins(server, chromium):
    """A weekend or a vacation that begins before the clock runs out: the count stops there and says "paused",
    and goes on when the pause is over."""
    page = chromium.new_page()
    page.goto(server.url + "/")
    page.evaluate("""() => {
        const el = document.createElement("span");
        el.className = "clock running"; el.id = "probe";
        el.dataset.clockLeft = "100"; el.dataset.clockPauseIn = "2"; el.dataset.clockPauseFor = "4";
        el.textContent = "· 1 min left";
        document.body.append(el);
    }""")
    probe = page.locator("#probe")
    expect(probe).to_have_text(re.compile(r"^· 1 min (40|39|38) s left$"), timeout=3000)
    expect(probe).to_have_text("· 1 min 38 s left (paused)", timeout=4000)
    time.sleep(1.5)
    assert probe.inner_text() == "· 1 min 38 s left (paused)"
    expect(probe).to_have_text(re.compile(r"^· 1 min 3[0-8] s left$"), timeout=6000)  # the pause is over


def test_a_vacation_scheduled_ahead_is_on_the_profile_and_cancelled_there(server, chromium, artifacts):
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    register(page, server.url, "alice")
    first = datetime.now(UTC).date() + timedelta(days=10)
    page.goto(server.url + "/vacation")
    page.fill("input[name=first_day]", first.isoformat())
    page.fill("input[name=last_day]", (first + timedelta(days=4)).isoformat())
    page.click("button:has-text('Schedule it')")
    expect(page.locator(".vacation-list")).to_contain_text("5 days · scheduled")
    page.goto(server.url + "/users/alice")
    expect(page.locator(".vacation-left")).to_have_text(
        "16 of 21 days left this year" if first.year == datetime.now(UTC).year else "21 of 21 days left this year"
    )
    expect(page.locator(".vacation-list")).to_contain_text(f"{first.isoformat()} 00:00 to")
    page.screenshot(path=str(artifacts / "vacation-scheduled-profile.png"), full_page=True)
    page.click(".vacation-list button:has-text('Cancel it')")
    expect(page).to_have_url(server.url + "/users/alice")
    expect(page.locator(".vacation-left")).to_have_text("21 of 21 days left this year")
    expect(page.locator(".vacation-list")).to_have_count(0)
