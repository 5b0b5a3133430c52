"""Browser tests: Playwright driving Debian's Chromium (SIGLO_TEST_CHROMIUM), headless, against a live server."""

import os
import pathlib

import pytest

from app.migrate import upgrade
from tests.app.live_server import LiveServer

CHROMIUM = os.environ.get("SIGLO_TEST_CHROMIUM")
ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts"
pytestmark = pytest.mark.browser


@pytest.fixture
def server(tmp_path):
    url = f"sqlite:///{tmp_path}/browser.db"
    upgrade(url)
    s = LiveServer(url, tmp_path / "secret")
    yield s
    s.stop()


@pytest.fixture
def chromium():
    if not CHROMIUM or not os.path.exists(CHROMIUM):
        pytest.skip("SIGLO_TEST_CHROMIUM does not name a Chromium binary: browser tests need one")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    # an assertion's default wait, 5 s, is too short for a move's answer or its news and refetch on a loaded machine
    # (CI: two workers on two cores): 15 s for every expect(...) without a timeout of its own (a failure only takes
    # longer to say so)
    sync_api.expect.set_options(timeout=15_000)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
