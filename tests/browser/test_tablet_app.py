"""The tablet app in the browser: the screen kept on while a game or a question screen is
open (a wake lock where the page is a secure context, a looping muted video on plain http),
the switch that stops it, and the service worker's offline page.

Plain http over the home network: browsers treat only https, localhost and 127.0.0.1 as
secure. A browser of this test's own maps the made-up name awake.test to 127.0.0.1
(--host-resolver-rules), so the live server is reached at an address that is not secure on
any machine, whatever its network interfaces. Chromium plays a muted video at once; a
browser that wants a tap first (Safari in Low Power Mode) is played by a page whose play()
refuses until the user taps, so the test shows the first tap starting the video.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import CHROMIUM, CHROMIUM_ARGS, MIN_TAP, PHONE, TABLET, Screen, visible_boxes
from .test_game_screens import api_game

PLAIN_HTTP_NAME = "awake.test"
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


@pytest.fixture
def plain_http_browser(browser):
    """A browser in which ``http://awake.test:<port>`` is the live server: not a secure
    context, so no wake lock and no service worker; media play only after a tap."""
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
    screen = open_plain_http(plain_http_browser, live_server, f"/games/{game_id}/watch", False)
    try:
        page = screen.page
        assert_video_plays(page)
        switch(page).click()
        assert_switch(page, on=False, keeping="off")
        expect(page.locator("video.awake-video")).to_have_js_property("paused", True)
        page.reload()
        assert_switch(page, on=False, keeping="off")
        switch(page).click()
        assert_video_plays(page)
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
