"""Readable across the room: light, dark and automatic themes and larger text, chosen from the
top bar on any page and remembered on this device; every visible text in every theme and text
size at least WCAG AA contrast against what is behind it.

The themes are set as the menu leaves them (localStorage, read by static/theme.js before the
first paint) and the device's own preference is fixed, so every run sees the same colours.
The contrast walk loads each page once in the light theme and then chooses the dark one as the
menu's button does, on the page as it stands (switch_theme).
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, TABLET, Screen
from .test_game_screens import SCORER_TARGETS, api_game, assert_fits

THEMES = ("light", "dark")
TEXT_SIZES = ("normal", "large")
TV = {"width": 1920, "height": 1080}
MENU_TARGETS = f"{SCORER_TARGETS}, .display-open, .display-choice"

# Every element with text of its own, its colour against the first backgrounds behind it that
# hide what is further back (semi-transparent ones laid over it), through any opacity on the
# way. Disabled controls are left out, as WCAG leaves them out. Returns the texts that fall short.
CONTRAST_JS = """() => {
  const parse = text => {
    const m = text.match(/rgba?\\(([\\d.]+),? ([\\d.]+),? ([\\d.]+)(?:,? \\/? ?([\\d.]+))?\\)/);
    return m ? [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]] : null;
  };
  const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3]))
    .concat([1]);
  const luminance = c => {
    const [r, g, b] = c.slice(0, 3).map(v => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const behind = element => {
    const layers = [];
    for (let e = element; e; e = e.parentElement) {
      const colour = parse(getComputedStyle(e).backgroundColor);
      if (colour && colour[3] > 0) layers.push(colour);
      if (colour && colour[3] === 1) break;
    }
    return layers.reverse().reduce((under, top) => over(top, under), [255, 255, 255, 1]);
  };
  const opacity = element => {
    let product = 1;
    for (let e = element; e; e = e.parentElement) product *= +getComputedStyle(e).opacity;
    return product;
  };
  const ownText = e => [...e.childNodes].some(
    n => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
  const short = [];
  for (const e of document.querySelectorAll("body *")) {
    const field = e.matches("input:not([type=radio],[type=checkbox],[type=hidden],[type=file])");
    if (!(field ? e.value : ownText(e))) continue;
    if (e.closest(":disabled, [aria-disabled=true], .sr-only, svg title")) continue;
    if (!e.checkVisibility({visibilityProperty: true})) continue;
    const rect = e.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2) continue;
    const style = getComputedStyle(e);
    const background = behind(e);
    const ink = parse(e instanceof SVGElement ? style.fill : style.color);
    if (!ink) continue;
    ink[3] *= opacity(e);
    const text = over(ink, background);
    const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a);
    const ratio = (light + 0.05) / (dark + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && +style.fontWeight >= 700);
    const needed = large ? 3 : 4.5;
    if (ratio < needed) {
      short.push({text: (field ? e.value : e.textContent).trim().slice(0, 40),
                  element: e.outerHTML.slice(0, 80), ratio: Math.round(ratio * 100) / 100,
                  needed, ink: style.color, background: background.map(Math.round).join(",")});
    }
  }
  return short;
}"""


def themed(browser, viewport, theme: str, text: str, **context) -> Screen:
    """A device that chose ``theme`` and ``text`` in the menu, on a system that prefers light."""
    screen = Screen(browser, viewport, **context)
    screen.page.emulate_media(color_scheme="light")
    screen.page.add_init_script(
        f"localStorage.setItem('theme', '{theme}'); localStorage.setItem('textSize', '{text}');")
    return screen


def pages_to_read(page, live_server) -> dict[str, str]:
    """The representative screens, by name: a game being kept, a game over, the questions."""
    over = api_game(page, live_server, ["Ann", "Bob", "Cy"], hands=6)
    kept = api_game(page, live_server, ["Ann", "Bob", "Cy", "Dee"], hands=3)
    return {
        "home": "/",
        "checker-yes": "/check/eversol?decks=2&cards=7D+8D+9D+10D",
        "checker-no": "/check/eversol?decks=2&cards=7D+8D+9D+10D+9D",
        "board": f"/games/{kept}",
        "history": f"/games/{kept}/history",
        "entry": f"/games/{kept}/hands/4",
        "lowest": "/lowest/tonk?players=3&name0=Ann&name1=Bob&name2=Cy&count0=5&count1=9"
                  "&count2=7&ending=drop&who=2",
        "over": f"/games/{over}",
        "rules": "/rules/eversol",
        "watch": f"/games/{kept}/watch",
    }


def switch_theme(page, theme: str) -> None:
    """Choose ``theme`` as the menu's button does (static/theme.js), on the page as it stands:
    its colours change in place (static/app.css has no transitions). A page without the menu
    (the TV's) gets the root's mark that theme.js would set as the page loads in ``theme``."""
    choice = page.locator(f"[data-theme-choice={theme}]")
    if choice.count():
        choice.evaluate("button => button.click()")
    else:
        page.evaluate("theme => document.documentElement.setAttribute('data-theme', theme)", theme)
    expect(page.locator("html")).to_have_attribute("data-theme", theme)


def resize(page, viewport) -> None:
    """``page`` laid out at ``viewport``, its resize listeners run (they come before a frame)."""
    page.set_viewport_size(viewport)
    page.evaluate("() => new Promise(requestAnimationFrame)")


@pytest.mark.parametrize("text", TEXT_SIZES)
def test_every_text_reads_against_its_background_in_every_theme(live_server, browser, text):
    screen = themed(browser, TABLET, "light", text)
    page = screen.page
    try:
        paths = pages_to_read(page, live_server)
        short = {}
        # Each page loaded once, then read in each theme at each size: the theme chosen and the
        # page resized in place, in an order that changes one of them at a time.
        walk = [("light", "tablet", TABLET), ("light", "phone", PHONE),
                ("dark", "phone", PHONE), ("dark", "tablet", TABLET)]
        for name, path in paths.items():
            page.goto(live_server + path)
            expect(page.locator("html")).to_have_attribute("data-theme", "light")
            for theme, size, viewport in walk:
                if page.viewport_size != viewport:
                    resize(page, viewport)
                if page.locator("html").get_attribute("data-theme") != theme:
                    switch_theme(page, theme)
                assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == (
                    "24px" if text == "large" else "20px")
                if found := page.evaluate(CONTRAST_JS):
                    short[f"{name} in {theme} at {size}"] = found
                assert_fits(page, viewport["width"], MENU_TARGETS)
                screen.shot(f"theme-{theme}-{text}-{name}-{size}")
            switch_theme(page, "light")
            resize(page, TABLET)
        assert short == {}
        assert not screen.errors, screen.errors
    finally:
        screen.close()


@pytest.mark.parametrize("theme", THEMES)
def test_the_tv_reads_in_every_theme(live_server, browser, theme):
    screen = themed(browser, TV, theme, "normal")
    try:
        game = api_game(screen.page, live_server, ["Ann", "Bob", "Cy", "Dee"], hands=3)
        screen.page.goto(f"{live_server}/games/{game}/watch")
        expect(screen.page.locator(".last-ruling")).to_be_visible()
        assert screen.page.evaluate(CONTRAST_JS) == []
        screen.shot(f"theme-{theme}-tv")
    finally:
        screen.close()


def page_colours(page) -> tuple[str, str]:
    return tuple(page.evaluate("[getComputedStyle(document.body).backgroundColor,"
                               " getComputedStyle(document.body).color]"))


LIGHT_PAGE = ("rgb(246, 243, 236)", "rgb(27, 27, 27)")
DARK_PAGE = ("rgb(18, 22, 20)", "rgb(236, 235, 230)")


@pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["tablet", "phone"])
def test_the_top_bar_menu_chooses_a_theme_and_text_size_this_device_remembers(
        live_server, open_screen, viewport):
    screen = open_screen(viewport)
    page = screen.page
    page.emulate_media(color_scheme="light")
    page.goto(f"{live_server}/check/eversol")
    assert page_colours(page) == LIGHT_PAGE
    menu = page.get_by_label("Theme and text size")
    menu.click()
    theme = page.get_by_role("group", name="Theme")
    expect(theme.get_by_role("button", name="Automatic")).to_have_attribute("aria-pressed", "true")
    assert_fits(page, viewport["width"], MENU_TARGETS)
    screen.shot(f"theme-menu-{'tablet' if viewport is TABLET else 'phone'}")
    theme.get_by_role("button", name="Dark").click()
    page.get_by_role("group", name="Text").get_by_role("button", name="Larger").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page_colours(page) == DARK_PAGE
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "24px"
    page.keyboard.press("Escape")
    expect(page.locator("#display-settings")).not_to_have_attribute("open", "")

    # Another page on this device: dark and large from its first paint, the menu saying so.
    page.goto(f"{live_server}/games")
    assert page_colours(page) == DARK_PAGE
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "24px"
    menu.click()
    expect(theme.get_by_role("button", name="Dark")).to_have_attribute("aria-pressed", "true")
    theme.get_by_role("button", name="Automatic").click()
    expect(page.locator("html")).not_to_have_attribute("data-theme", "dark")
    assert page_colours(page) == LIGHT_PAGE  # the device prefers light
    page.emulate_media(color_scheme="dark")
    assert page_colours(page) == DARK_PAGE  # and now dark: automatic follows it


def test_without_javascript_the_theme_follows_the_device(live_server, open_screen):
    page = open_screen(PHONE, javascript=False).page
    page.emulate_media(color_scheme="dark")
    page.goto(live_server)
    assert page_colours(page) == DARK_PAGE
    expect(page.locator("#display-settings")).to_be_hidden()  # it needs JavaScript to work
    page.emulate_media(color_scheme="light")
    assert page_colours(page) == LIGHT_PAGE


def test_a_chosen_light_theme_holds_on_a_device_that_prefers_dark(live_server, browser):
    screen = themed(browser, PHONE, "light", "normal")
    try:
        screen.page.emulate_media(color_scheme="dark")
        screen.page.goto(live_server)
        assert page_colours(screen.page) == LIGHT_PAGE
    finally:
        screen.close()


def test_the_printed_score_sheet_stays_light_in_the_dark_theme(live_server, browser):
    # A table far east of the server: the sheet's time is theirs (14 hours on), not UTC.
    screen = themed(browser, TABLET, "dark", "normal", timezone_id="Pacific/Kiritimati",
                    locale="en-GB")
    try:
        page = screen.page
        game = api_game(page, live_server, ["Ann", "Bob"], hands=2)
        page.goto(f"{live_server}/games/{game}/sheet")
        started = page.locator("time[data-local-moment]")
        there = datetime.fromisoformat(started.get_attribute("datetime").rstrip("Z")) + timedelta(
            hours=14)
        expect(started).to_have_text(f"{there.day} {there:%b %Y}, {there:%H:%M}")
        expect(page.get_by_role("button", name="Print")).to_be_visible()
        expect(page.get_by_role("link", name="Back to the game")).to_be_visible()
        assert page_colours(page) == DARK_PAGE
        screen.shot("sheet-tablet-dark")
        page.emulate_media(media="print")
        assert page_colours(page) == LIGHT_PAGE
        expect(page.get_by_role("button", name="Print")).to_be_hidden()  # not on the paper
        page.emulate_media(media="screen")
        page.get_by_role("link", name="Back to the game").click()
        expect(page).to_have_url(f"{live_server}/games/{game}")
    finally:
        screen.close()


# --- Larger text at the table: every player's total in view, the top bar one row -----------

NAMES = ["Ann", "Bartholomew", "Cy", "Dee", "Eli", "Fran", "Gus", "Hattie", "Ike", "Juniper",
         "Kit", "Lou", "Maximilian", "Ned", "Olive", "Pip", "Quinn", "Rosalind", "Sol", "Tess"]


def five_hundred_hands(names, hands: int) -> list[dict]:
    """500 Rummy hands leaving three-digit totals, each player out in turn."""
    events = []
    for hand in range(1, hands + 1):
        out = names[hand % len(names)]
        events.append({"type": "hand_scored", "hand": hand, "went_out": out, "players": {
            name: {"melded": 150 + 5 * hand, "held": 0} if name == out else
            {"melded": 5 * ((i * 3 + hand) % 4), "held": 5 * ((i * 5 + hand) % 3) + 5}
            for i, name in enumerate(names)}})
    return events


def assert_every_total_in_view_or_the_cue(page) -> None:
    """Each standings table shows every player's latest total inside its box, or the cue to
    scroll it is there; no name is broken inside a word."""
    for table in page.locator(".standings-scroll").all():
        fits = table.evaluate("box => box.scrollWidth <= box.clientWidth + 1")
        if not fits:
            expect(table.locator("xpath=following-sibling::p[1]")).to_be_visible()
            expect(table.locator("xpath=following-sibling::p[1]")).to_contain_text("sideways")
            continue
        shown = table.bounding_box()
        for total in table.locator("tbody tr:has(.running) >> nth=-1").locator(".running").all():
            box = total.bounding_box()
            assert shown["x"] <= box["x"] and box["x"] + box["width"] <= shown["x"] + shown["width"] + 1
    # A name of one word on one line: never "Barthol / omew", in the table or the places.
    broken = page.locator(".standings-name, .ranking-name").evaluate_all(
        "names => names.filter(n => !/\\s/.test(n.textContent.trim()) && n.offsetParent &&"
        " n.getBoundingClientRect().height > 2.2 * parseFloat(getComputedStyle(n).fontSize))"
        ".map(n => n.textContent)")
    assert not broken, broken


@pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["tablet", "phone"])
def test_with_larger_text_every_players_total_is_in_view_or_the_cue_says_scroll(
        live_server, browser, viewport):
    size = "tablet" if viewport is TABLET else "phone"
    screen = themed(browser, viewport, "light", "large")
    page = screen.page
    try:
        for players in (4, 9, 20):
            names = NAMES[:players]
            if players <= 8:  # 500 Rummy seats up to 8
                api_game(page, live_server, names, ruleset="500",
                         events=five_hundred_hands(names, 3))
            else:
                api_game(page, live_server, names, hands=3)
            expect(page.locator(".standings .running").first).to_be_visible()
            assert_every_total_in_view_or_the_cue(page)
            if players == 4 and viewport is TABLET:  # the case seen cut: Dee's column whole
                assert page.locator(".standings-scroll").evaluate(
                    "box => box.scrollWidth <= box.clientWidth + 1")
                expect(page.locator(".swipe-hint")).to_be_hidden()
            screen.shot(f"large-text-standings-{players}-players-{size}")
            page.get_by_role("link", name="Standings").click()
            expect(page.get_by_role("link", name="Standings")).to_have_attribute(
                "aria-current", "page")
            assert_every_total_in_view_or_the_cue(page)
        assert_fits(page, viewport["width"], MENU_TARGETS)
    finally:
        screen.close()


@pytest.mark.parametrize("text", TEXT_SIZES)
def test_a_games_top_bar_is_one_row_on_the_tablet_and_compact_on_a_phone(
        live_server, browser, text):
    screen = themed(browser, TABLET, "light", text)
    page = screen.page
    try:
        api_game(page, live_server, NAMES[:4], hands=2)
        expect(page.locator("#keep-awake")).to_be_visible()
        expect(page.locator("#display-settings")).to_be_visible()
        tops = page.locator(".topbar > :not([hidden])").evaluate_all(
            "items => items.map(i => Math.round(i.getBoundingClientRect().top))")
        assert len(set(tops)) == 1, tops  # "Aa" on the row of the tabs, not one of its own
        expect(page.get_by_role("link", name="Rummy Referee")).to_be_visible()  # named for all
        screen.shot(f"top-bar-{text}-tablet")
        page.set_viewport_size(PHONE)
        height = page.locator(".topbar").bounding_box()["height"]
        # Two rows of taps: the brand, "Keep screen on" and the menu; then the game's tabs
        # (with larger text, a third).
        rows = 2 if text == "normal" else 3
        assert height <= rows * page.evaluate(
            "parseFloat(getComputedStyle(document.documentElement).fontSize)") * 3.6, height
        assert_fits(page, PHONE["width"], MENU_TARGETS)
        screen.shot(f"top-bar-{text}-phone")
        # A question screen's bar, with its games' tabs and "Keep score", in one row too.
        page.set_viewport_size(TABLET)
        page.goto(f"{live_server}/check/eversol")
        expect(page.locator("#keep-awake")).to_be_visible()
        tops = page.locator(".topbar > :not([hidden])").evaluate_all(
            "items => items.map(i => Math.round(i.getBoundingClientRect().top))")
        assert len(set(tops)) == 1, tops
        assert_fits(page, TABLET["width"], MENU_TARGETS)
        screen.shot(f"top-bar-{text}-question-tablet")
    finally:
        screen.close()


# --- Larger text on a phone: nothing wider than the screen, the bar compact, Save in reach ----

def test_with_larger_text_on_a_phone_no_screen_is_wider_than_it(live_server, browser):
    screen = themed(browser, PHONE, "light", "large")
    page = screen.page
    try:
        kept = api_game(page, live_server, NAMES[:4], ruleset="basic")
        # A hand's entry with every way of counting opened: the steppers one under another.
        page.goto(f"{live_server}/games/{kept}/hands/1")
        for section in page.locator("main summary").all():
            section.click()
        expect(page.locator(".count-by-value[open]")).to_have_count(4)
        expect(page.get_by_role("button", name="Save hand 1")).to_be_in_viewport()
        screens = {"entry": None, "home": "/", "setup": "/games/new/basic",
                   "best-melds": "/arrange/base", "meld": "/check/basic", "rules": "/rules/base",
                   "escoba": "/escoba/what-can-i-take"}
        for name, path in screens.items():
            if path:
                page.goto(live_server + path)
                page.wait_for_load_state("load")
            assert page.evaluate(
                "document.documentElement.scrollWidth <= innerWidth"), f"{name} scrolls sideways"
            if name in ("best-melds", "meld", "escoba"):  # a question's bar: two short rows
                assert page.locator(".topbar").bounding_box()["height"] <= 120, name
            if name in ("best-melds", "meld"):  # the games in one row that scrolls, not three
                expect(page.locator(".game-tabs [aria-current=page]")).to_be_in_viewport()
            screen.shot(f"large-text-phone-{name}")
        page.goto(f"{live_server}/games/new/basic")
        expect(page.get_by_role("button", name="Start the game")).to_be_in_viewport()
    finally:
        screen.close()
