"""The tablet app in the browser: the screen kept on while a game or a question screen is
open (a wake lock where the page is a secure context, taken again when a hidden page is seen
again; a looping muted video on plain http), the switch that stops it, and the service
worker's offline page.

Plain http over the home network: browsers treat only https, localhost and 127.0.0.1 as
secure. A browser of this test's own maps the made-up name awake.test to 127.0.0.1
(--host-resolver-rules), so the live server is reached at an address that is not secure on
any machine, whatever its network interfaces. Chromium plays a muted video at once; a
browser that wants a tap first (Safari in Low Power Mode) is played by a page whose play()
refuses until the user taps, so the test shows the first tap starting the video.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import (CHROMIUM, CHROMIUM_ARGS, MIN_TAP, PHONE, PLAIN_HTTP_NAME, TABLET, Screen,
                       visible_boxes)
from tests.server_process import ServerProcess
from tests.test_durability import free_port

from .test_game_screens import api_game

ROOT = Path(__file__).resolve().parents[2]


def switch(page):
    return page.get_by_role("switch", name="Keep screen on")


def assert_switch(page, on: bool, keeping: str) -> None:
    toggle = switch(page)
    expect(toggle).to_have_attribute("data-keeping", keeping)
    expect(toggle).to_have_attribute("aria-checked", "true" if on else "false")
    expect(toggle.locator(".awake-state")).to_have_text("On" if on else "Off")


def test_a_game_keeps_the_screen_on_with_a_wake_lock_until_the_switch_says_not(
        live_server, open_screen):
    page = open_screen(TABLET).page
    game_id = api_game(page, live_server, ["Ann", "Bob", "Cy"], hands=1)
    assert page.evaluate("window.isSecureContext")  # http://127.0.0.1 counts as secure
    assert_switch(page, on=True, keeping="wake-lock")
    box = visible_boxes(switch(page))[0]
    assert box["width"] >= MIN_TAP and box["height"] >= MIN_TAP

    switch(page).click()
    assert_switch(page, on=False, keeping="off")
    # Remembered on this device: every game screen opens with the screen let go.
    page.goto(f"{live_server}/games/{game_id}/standings")
    assert_switch(page, on=False, keeping="off")
    switch(page).click()
    assert_switch(page, on=True, keeping="wake-lock")
    page.goto(f"{live_server}/games/{game_id}/hands/2")
    assert_switch(page, on=True, keeping="wake-lock")


# The page's wake lock requests still go to the browser, which grants and releases the locks;
# each lock granted is also kept in window.grantedLocks, so the test can let one go as the
# browser does when the page is hidden (headless chromium never hides a page).
KEEP_GRANTED_LOCKS = """
window.grantedLocks = [];
const request = WakeLock.prototype.request;
WakeLock.prototype.request = function (type) {
  return request.call(this, type).then(lock => { window.grantedLocks.push(lock); return lock; });
};
"""

SEEN = "document.dispatchEvent(new Event('visibilitychange'))"


def test_a_wake_lock_let_go_while_hidden_is_taken_again_when_the_page_is_seen(
        live_server, open_screen):
    page = open_screen(TABLET).page
    page.add_init_script(KEEP_GRANTED_LOCKS)
    api_game(page, live_server, ["Ann", "Bob", "Cy"], hands=1)
    assert_switch(page, on=True, keeping="wake-lock")

    # Hidden: the browser lets the lock go, and nothing is asked of it until the page is seen.
    page.evaluate("Object.defineProperty(document, 'visibilityState',"
                  " {value: 'hidden', configurable: true})")
    page.evaluate("window.grantedLocks[0].release().then(() => " + SEEN + ")")
    assert_switch(page, on=True, keeping="waiting")
    assert page.evaluate("window.grantedLocks.length") == 1

    page.evaluate("delete document.visibilityState; " + SEEN)  # seen again
    assert_switch(page, on=True, keeping="wake-lock")
    assert page.evaluate("window.grantedLocks.map(lock => lock.released)") == [True, False]


@pytest.fixture
def plain_http_browser(browser):
    """A browser in which ``http://awake.test:<port>`` is the live server: not a secure
    context, so no wake lock and no service worker."""
    plain = browser.browser_type.launch(
        executable_path=str(CHROMIUM), headless=True,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {PLAIN_HTTP_NAME} 127.0.0.1"])
    yield plain
    plain.close()


# As a browser that plays media only after a tap does: play() refused without one.
PLAY_ONLY_AFTER_A_TAP = """
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () {
  return navigator.userActivation.isActive ? play.call(this)
    : Promise.reject(new DOMException("play() needs a tap first", "NotAllowedError"));
};
"""


def open_plain_http(browser, live_server, path: str, tap_first: bool) -> Screen:
    screen = Screen(browser, TABLET)
    if tap_first:
        screen.page.add_init_script(PLAY_ONLY_AFTER_A_TAP)
    screen.page.goto(live_server.replace("127.0.0.1", PLAIN_HTTP_NAME) + path)
    assert not screen.page.evaluate("window.isSecureContext")
    assert not screen.page.evaluate("'serviceWorker' in navigator")
    return screen


def assert_video_plays(page) -> None:
    assert_switch(page, on=True, keeping="video")
    video = page.locator("video.awake-video")
    expect(video).to_have_js_property("muted", True)
    expect(video).to_have_js_property("loop", True)
    expect(video).to_have_js_property("paused", False)
    # Played to its end (it is under a second long) and playing still: it loops.
    page.wait_for_function(
        "v => v.duration < 1 && v.played.length > 0 && !v.paused && !v.ended"
        " && v.played.end(v.played.length - 1) >= v.duration - 0.15",
        arg=video.element_handle())


def test_on_plain_http_a_muted_looping_video_keeps_a_game_screen_on(live_server, plain_http_browser):
    with_a_game = Screen(plain_http_browser, TABLET)
    game_id = api_game(with_a_game.page, live_server, ["Ann", "Bob"], hands=1)
    with_a_game.close()
    screen = open_plain_http(plain_http_browser, live_server, f"/games/{game_id}/standings", False)
    try:
        page = screen.page
        assert_video_plays(page)
        switch(page).click()
        assert_switch(page, on=False, keeping="off")
        expect(page.locator("video.awake-video")).to_have_js_property("paused", True)
        # A watching screen has no switch (nothing to tap): it follows this device's choice.
        page.goto(page.url.replace("/standings", "/watch"))
        expect(page.locator("html")).to_have_attribute("data-keeping-screen", "off")
        expect(switch(page)).to_have_count(0)
        page.goto(page.url.replace("/watch", "/standings"))
        assert_switch(page, on=False, keeping="off")
        switch(page).click()
        assert_video_plays(page)
        page.goto(page.url.replace("/standings", "/watch"))
        expect(page.locator("html")).to_have_attribute("data-keeping-screen", "video")
        assert not screen.errors, screen.errors
    finally:
        screen.close()


def test_on_plain_http_where_video_waits_for_a_tap_the_first_tap_starts_it(
        live_server, plain_http_browser):
    screen = open_plain_http(plain_http_browser, live_server, "/going-out/hand-and-foot", True)
    try:
        page = screen.page
        assert_switch(page, on=True, keeping="waiting")
        page.get_by_role("heading").first.click()
        assert_video_plays(page)
        assert not screen.errors, screen.errors
    finally:
        screen.close()


@pytest.mark.parametrize("size, viewport", [("tablet", TABLET), ("phone", PHONE)])
def test_the_switch_in_the_top_bar_at_tablet_and_phone_size(
        live_server, open_screen, size, viewport):
    screen = open_screen(viewport)
    page = screen.page
    api_game(page, live_server, ["Ann", "Bob", "Cy", "Dee"], hands=2)
    assert_switch(page, on=True, keeping="wake-lock")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    box = visible_boxes(switch(page))[0]
    assert box["width"] >= MIN_TAP and box["height"] >= MIN_TAP
    screen.shot(f"keep-screen-on-{size}")
    switch(page).click()
    assert_switch(page, on=False, keeping="off")
    screen.shot(f"keep-screen-off-{size}")
    # A question screen's top bar also holds the games' tabs: the switch must still fit.
    page.goto(f"{live_server}/check/eversol")
    assert_switch(page, on=False, keeping="off")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screen.shot(f"keep-screen-checker-{size}")


def offline_server(folder: Path) -> ServerProcess:
    """``referee run`` at one port, in a process that can be stopped (which drops every
    connection it holds, as switching off the computer that serves the table does) and started
    again at the same port. It keeps its games in an instance folder of its own: what it shows
    here needs no game."""
    port = free_port()
    return ServerProcess(
        [sys.executable, "-m", "referee.cli", "run", "--host", "127.0.0.1", "--port", str(port),
         "--threads", "2"], port, folder / "server.log", ROOT,
        {**os.environ, "REFEREE_INSTANCE_PATH": str(folder),
         "DATABASE_URL": f"sqlite:///{folder / 'offline.sqlite3'}", "SECRET_KEY": "offline-test"})


@pytest.fixture
def server_process(tmp_path):
    server = offline_server(tmp_path)
    server.start()
    yield server
    server.stop()


UNREACHABLE = "ERR_CONNECTION_REFUSED"  # the offline page's own tries, logged by the browser

KEPT_ADDRESSES = """async () => {
  const kept = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) {
      kept.push(new URL(request.url).pathname);
    }
  }
  return kept;
}"""


def test_with_the_server_gone_the_offline_page_shows_and_brings_the_page_back(
        server_process, open_screen):
    screen = open_screen(TABLET)
    page = screen.page
    page.goto(f"{server_process.url}/check/eversol")
    checker = page.get_by_role("heading", level=1)
    expect(checker).to_contain_text("meld")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")

    server_process.stop()
    page.reload()
    expect(page.get_by_role("heading", name="The scorekeeper cannot be reached")).to_be_visible()
    expect(page.locator("#offline-retrying")).to_contain_text("Trying again")
    screen.shot("offline-tablet")

    server_process.start()
    expect(checker).to_contain_text("meld")  # back by itself, at the page that was asked for
    assert page.url == f"{server_process.url}/check/eversol"
    # Only the shell was kept: static files and the offline page, never a screen.
    kept = page.evaluate(KEPT_ADDRESSES)
    assert "/offline" in kept and "/static/app.css" in kept
    assert all(path == "/offline" or path.startswith("/static/") for path in kept), kept
    screen.errors[:] = [e for e in screen.errors if UNREACHABLE not in e]


def test_the_browser_reads_the_manifest_and_draws_its_icons(live_server, open_screen):
    """What "Add to Home Screen" reads: the page's manifest, as the browser fetches it, and
    each icon it names drawn at the size it says."""
    page = open_screen(TABLET).page
    page.goto(live_server)
    manifest = page.evaluate("""async () => {
        const link = document.querySelector('link[rel=manifest]');
        const answer = await fetch(link.href);
        return {type: answer.headers.get('content-type'), body: await answer.json(),
                base: link.href};
    }""")
    assert manifest["type"].startswith("application/manifest+json")
    body = manifest["body"]
    assert (body["display"], body["start_url"]) == ("standalone", "/")
    sizes = page.evaluate("""async ({icons, base}) => Promise.all(icons.map(icon =>
        new Promise((done, failed) => {
            const image = new Image();
            image.onload = () => done([icon.sizes, image.naturalWidth, image.naturalHeight]);
            image.onerror = () => failed(new Error('no icon at ' + icon.src));
            image.src = new URL(icon.src, base).href;
        })))""", {"icons": body["icons"], "base": manifest["base"]})
    assert {"192x192", "512x512"} <= {size for size, _, _ in sizes}
    assert all(size == f"{width}x{height}" for size, width, height in sizes)
