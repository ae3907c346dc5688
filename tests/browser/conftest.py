"""Browser tests: the real app under waitress, driven by Playwright in Debian's chromium.

They skip on a machine without /usr/bin/chromium, except in CI (CI=true), where
a missing browser is a failure.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from waitress.server import create_server

from referee import create_app

from ..conftest import dispose_engines, empty_database

CHROMIUM = Path("/usr/bin/chromium")
# A name on the home network (not localhost, so not a secure context) that test_tablet_app's
# browser maps to the live server: an operator would list it in REFEREE_HOSTS.
PLAIN_HTTP_NAME = "awake.test"
SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
EXPECT_WITHIN_MS = 20_000
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory, test_database):
    """The app served by waitress on a free loopback port, for the whole session.

    Its database is the suite's choice (tests/conftest.py): a new SQLite file, or
    a schema of its own in the PostgreSQL test database, emptied and migrated.
    """
    data = tmp_path_factory.mktemp("live")
    app = create_app({"SECRET_KEY": "browser-tests", "HOSTS": [PLAIN_HTTP_NAME],
                      "SQLALCHEMY_DATABASE_URI": empty_database(test_database, data, "live")})
    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}"
    server.close()
    dispose_engines(app)


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        if os.environ.get("CI") == "true":
            pytest.fail("CI must run the browser tests, but /usr/bin/chromium is missing")
        pytest.skip("Debian's chromium is not installed (python3 dev.py test installs it)")
    from playwright.sync_api import expect, sync_playwright

    # What the page must come to show, it may take this long to show on a machine whose cores
    # are busy with other work; a test that passes waits no longer than the page needs.
    expect.set_options(timeout=EXPECT_WITHIN_MS)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class Screen:
    """A page at one size that fails the test on any console error (a CSP breach shows there)."""

    def __init__(self, browser, viewport, javascript=True, **context):
        """``context``: more of the device (a ``timezone_id``, a ``locale``)."""
        self.context = browser.new_context(viewport=viewport, java_script_enabled=javascript,
                                           **context)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    # The browser reports every 4xx it fetches: a 422 is the app flagging bad input, a 409
    # a tap another device overtook (the page says why); htmx logs the request a newer tap
    # cancels (hx-sync replace) on purpose.
    EXPECTED = ("status of 422", "status of 409", "htmx:sendAbort", "htmx:afterRequest")

    def _console(self, message) -> None:
        if message.type == "error" and not any(e in message.text for e in self.EXPECTED):
            self.errors.append(message.text)

    def shot(self, name: str, full_page: bool = True) -> Path:
        """``full_page=False``: only what is in view, as the eyes see it."""
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        image = self._capture(full_page)
        # Written whole, then renamed: the SQLite and PostgreSQL runs save the same names at once.
        partial = path.with_name(f".{name}-{os.getpid()}.png")
        partial.write_bytes(image)
        partial.replace(path)
        return path

    # Headless chromium now and then refuses a capture on a loaded machine ("Unable to capture
    # screenshot", chromium issue 714058); the page is unchanged, so asking again is sound.
    CAPTURE_ATTEMPTS = 3

    def _capture(self, full_page: bool) -> bytes:
        for attempt in range(1, self.CAPTURE_ATTEMPTS + 1):
            try:
                # caret="initial": hiding the caret injects a style element, which our CSP
                # rightly blocks.
                return self.page.screenshot(full_page=full_page, caret="initial")
            except PlaywrightError as error:
                if "Unable to capture screenshot" not in str(error) or (
                        attempt == self.CAPTURE_ATTEMPTS):
                    raise
        raise AssertionError("unreachable")

    def close(self):
        self.context.close()


@pytest.fixture
def open_screen(browser):
    screens: list[Screen] = []

    def open_(viewport=TABLET, javascript=True, **context) -> Screen:
        screen = Screen(browser, viewport, javascript, **context)
        screens.append(screen)
        return screen

    yield open_
    for screen in screens:
        assert not screen.errors, f"console errors: {screen.errors}"
        screen.close()


MIN_TAP = 44  # px, the smallest touch target we allow


# What Playwright's is_visible() and bounding_box() say of each element, asked of the page in
# one call rather than two round trips per element (a screen of 20 players has hundreds).
VISIBLE_BOXES_JS = """elements => {
  const visible = e => {
    const style = getComputedStyle(e);
    if (style.display === "contents") {
      return [...e.childNodes].some(child => child.nodeType === Node.ELEMENT_NODE
        ? visible(child) : child.nodeType === Node.TEXT_NODE && child.textContent.trim());
    }
    if (!e.checkVisibility() || style.visibility !== "visible") return false;
    const rect = e.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  };
  return elements.filter(visible).map(e => {
    const rect = e.getBoundingClientRect();
    return {html: e.outerHTML.slice(0, 90), width: rect.width, height: rect.height};
  });
}"""


def visible_boxes(locator) -> list[dict]:
    """The size (and the start of the HTML) of every visible element ``locator`` matches."""
    return locator.evaluate_all(VISIBLE_BOXES_JS)


def assert_touch_targets_and_no_overflow(page, width: int, targets: str) -> None:
    """Every visible element ``targets`` selects is at least MIN_TAP square, and the page
    never scrolls sideways at ``width``."""
    # A tap on a link can return with the next page's elements there but its stylesheet not
    # yet applied (they would measure as bare text): measure the page once it has loaded.
    page.wait_for_load_state("load")
    for box in visible_boxes(page.locator(targets)):
        assert box["width"] >= MIN_TAP and box["height"] >= MIN_TAP, box
    assert page.evaluate("document.documentElement.scrollWidth") <= width
