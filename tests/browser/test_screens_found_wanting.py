"""Screens found wanting on a user walk, as a player sees them on a tablet and a phone: the
checker's first look, progress toward a contract, the players' page, a double tap on "Start
the game", deleting a game, the app's 404 page, the exports at the game's end, and the
standings and chart of many players."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, TABLET
from .conftest import assert_touch_targets_and_no_overflow as assert_fits
from .test_game_screens import add_players, api_game, assert_chart_under_standings, start_game

TARGETS = ("main .button, main .chip, main .chip-choice span, main .icon-button, main summary, "
           "main .rank, main .suit-face, main .deck-choice span, main .picked-card, "
           "main input[type=text], main input[type=file], .game-tabs a, .topbar-link, .brand")
SIZES = [("tablet", TABLET), ("phone", PHONE)]


def forgive_404(screen) -> None:
    """The browser logs the 404 of a page we asked for on purpose; only that is forgiven."""
    screen.errors[:] = [e for e in screen.errors if "status of 404" not in e]


# --- 1. The meld checker opens neutral ------------------------------------------------------

@pytest.mark.parametrize("size, viewport", SIZES)
def test_the_checker_opens_with_an_invitation(live_server, open_screen, size, viewport):
    screen = open_screen(viewport)
    page = screen.page
    page.goto(f"{live_server}/check/eversol")
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Tap cards to check a meld")
    expect(verdict).to_have_class(re.compile(r"\bverdict--none\b"))
    expect(page.locator(".verdict--no")).to_have_count(0)
    assert_fits(page, viewport["width"], TARGETS)
    screen.shot(f"found-checker-empty-{size}")

    page.get_by_role("button", name="7", exact=True).click()  # one card: now a verdict
    expect(verdict).to_contain_text("Not a legal meld")
    page.get_by_role("button", name="Clear").click()
    expect(verdict).to_contain_text("Tap cards to check a meld")
    expect(page.locator(".verdict--no")).to_have_count(0)


# --- 2. Can I go down? shows progress toward the contract -----------------------------------

@pytest.mark.parametrize("size, viewport", SIZES)
def test_not_yet_shows_the_melds_made_and_what_is_missing(live_server, open_screen, size,
                                                          viewport):
    screen = open_screen(viewport)
    page = screen.page
    page.goto(f"{live_server}/arrange/eversol?hand=2&decks=2&cards=5H+5S+9C+KD")
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Still missing: the whole contract")
    page.locator("label.suit:has(input[value='D'])").click()
    page.get_by_role("button", name="5", exact=True).click()  # the third five: a book
    progress = verdict.locator(".progress")
    expect(progress).to_contain_text("Made so far")
    expect(progress).to_contain_text("Still missing: one run")
    expect(progress.locator(".meld-row .card")).to_have_count(3)
    expect(verdict.locator(".leftover")).to_contain_text("15 points")  # K♦ and 9♣ left
    assert_fits(page, viewport["width"], TARGETS)
    screen.shot(f"found-arranger-progress-{size}")


# --- 3. The players' page ---------------------------------------------------------------------

@pytest.mark.parametrize("size, viewport", SIZES)
def test_the_players_page_from_home(live_server, open_screen, size, viewport):
    screen = open_screen(viewport)
    page = screen.page
    api_game(page, live_server, ("Rosalind", "Bartholomew", "Ike"), hands=2)
    page.goto(live_server)
    page.get_by_role("link", name="Players", exact=True).click()
    expect(page.get_by_role("heading", name="Players")).to_be_visible()
    rows = page.locator(".players-table tbody tr")
    expect(rows.filter(has_text="Bartholomew")).to_have_count(1)
    header = page.locator(".players-table thead th").first
    assert header.evaluate("e => getComputedStyle(e).backgroundColor") != "rgba(0, 0, 0, 0)"
    assert_fits(page, viewport["width"], TARGETS)
    screen.shot(f"found-players-{size}")


# --- 4. A table typed in at the speed of typing; a double tap on "Start the game" makes one game

def type_players(page, names) -> None:
    """Each name typed where the cursor is, then Enter, or a tap on Add, in turn: either way
    the cursor stays in the name box for the next name (without JavaScript each Add posts
    the form, and the page that comes back puts the cursor there)."""
    box = page.get_by_label("Type a name")
    box.click()
    for seat, name in enumerate(names):
        page.keyboard.type(name)
        if seat % 2:
            page.get_by_role("button", name="Add", exact=True).click()
        else:
            page.keyboard.press("Enter")
        expect(page.locator(".seat-name").nth(seat)).to_have_value(name)
        expect(box).to_be_focused()
        expect(box).to_have_value("")


@pytest.mark.parametrize("javascript", [True, False])
def test_a_double_tap_on_start_makes_one_game(live_server, open_screen, javascript):
    names = ("Dabby", "Tappy", "Quick", "Typer") if javascript else ("Nojo", "Scripto", "Plain")
    screen = open_screen(TABLET, javascript=javascript)
    page = screen.page
    page.goto(f"{live_server}/games/new/eversol")
    type_players(page, names)
    screen.shot(f"setup-typed-{'js' if javascript else 'plain'}-tablet")
    page.get_by_role("button", name="Start the game").dblclick()
    # Without JavaScript the second post cuts the first one's page load short: wait for where
    # the page ends up, not for one load to finish.
    expect(page).to_have_url(re.compile(r"/games/(?!new)[\w-]+$"))
    expect(page.get_by_role("link", name="Score hand 1")).to_be_visible()  # it may score
    page.goto(f"{live_server}/games")
    expect(page.locator(".game-item", has_text=", ".join(names))).to_have_count(1)


def test_the_start_button_is_disabled_while_the_game_is_made(live_server, open_screen):
    page = open_screen(TABLET).page
    page.goto(f"{live_server}/games/new/eversol")
    add_players(page, ("Slow", "Poke"))
    held = []  # the post of "Start the game", held back until the button is seen disabled
    page.route("**/games/new/eversol", lambda route: held.append(route))
    start = page.get_by_role("button", name="Start the game")
    start.click()
    expect(start).to_be_disabled()
    for _ in range(1000):  # the post reaches the route's handler between two calls to the page
        if held:
            break
        page.evaluate("0")
    held[0].continue_()
    page.wait_for_url(re.compile(r"/games/(?!new)[\w-]+$"))


# --- 5. Deleting a game with no hand scored --------------------------------------------------

@pytest.mark.parametrize("size, viewport", SIZES)
def test_deleting_a_game_set_up_wrongly(live_server, open_screen, size, viewport):
    screen = open_screen(viewport)
    page = screen.page
    names = ("Wrong", "Seats", size.capitalize())
    start_game(page, live_server, names=names, dealer="Wrong")
    if size == "tablet":  # the hand's panel, with its buttons, the taller column: no band
        assert_chart_under_standings(page)
    screen.shot(f"found-game-with-delete-{size}")
    page.get_by_role("link", name="Delete this game").click()
    expect(page.get_by_role("heading", name="Delete this game?")).to_be_visible()
    expect(page.locator("main")).to_contain_text(", ".join(names))
    assert_fits(page, viewport["width"], TARGETS)
    screen.shot(f"found-delete-confirm-{size}")
    page.get_by_role("link", name="Keep it").click()
    expect(page.locator("#hand-title")).to_have_text("Hand 1 of 6")  # nothing happened

    page.goto(f"{live_server}/games")
    item = page.locator(".game-item", has_text=", ".join(names))
    assert_fits(page, viewport["width"], TARGETS)
    screen.shot(f"found-games-list-with-delete-{size}")
    item.get_by_role("link", name=re.compile("^Delete")).click()
    page.get_by_role("button", name="Delete the game").click()
    expect(page.locator(".flash")).to_contain_text(f"Deleted the game of {', '.join(names)}")
    expect(page.locator(".game-item", has_text=", ".join(names))).to_have_count(0)
    assert_fits(page, viewport["width"], TARGETS)
    screen.shot(f"found-games-list-after-delete-{size}")


# --- 6. The app's own 404 page ----------------------------------------------------------------

@pytest.mark.parametrize("size, viewport", SIZES)
def test_the_apps_own_404_pages(live_server, open_screen, size, viewport):
    screen = open_screen(viewport)
    page = screen.page
    answer = page.goto(f"{live_server}/check/gin")
    assert answer.status == 404
    expect(page.get_by_role("heading", name="No such card game")).to_be_visible()
    assert_fits(page, viewport["width"], TARGETS)
    screen.shot(f"found-404-card-game-{size}")
    page.get_by_role("link", name="500 Rummy").click()
    expect(page).to_have_url(re.compile(r"/check/500$"))
    expect(page.locator("#verdict")).to_contain_text("Tap cards to check a meld")

    assert page.goto(f"{live_server}/no/such/page").status == 404
    expect(page.get_by_role("heading", name="Nothing here")).to_be_visible()
    assert_fits(page, viewport["width"], TARGETS)
    screen.shot(f"found-404-{size}")
    forgive_404(screen)


# --- 7. The game-over screen offers the exports ---------------------------------------------

@pytest.mark.parametrize("size, viewport", SIZES)
def test_the_game_over_screen_offers_the_exports(live_server, open_screen, size, viewport):
    screen = open_screen(viewport)
    page = screen.page
    api_game(page, live_server, ("Ann", "Bo", "Cy", "Di"), hands=6)
    result = page.locator(".result-panel")
    expect(result).to_contain_text("Game over")
    exports = result.get_by_role("navigation", name="Take this game away")
    for name in ("Score sheet to print", "Scores for a spreadsheet", "Save a copy of this game"):
        expect(exports.get_by_role("link", name=name)).to_be_visible()
    assert_fits(page, viewport["width"], TARGETS)
    screen.shot(f"found-game-over-{size}")
    with page.expect_download() as download:
        exports.get_by_role("link", name="Scores for a spreadsheet").click()
    assert download.value.suggested_filename.endswith(".csv")


# --- 8. Many players: every column reachable on a tablet, chart labels apart ------------------

NAMES = ["Abigail", "Bartholomew", "Cy", "Dorothea", "Eli", "Fran", "Gus", "Hattie", "Ike",
         "Juniper", "Kit", "Lou", "Maximilian", "Ned", "Olive", "Pip", "Quinn", "Rosalind",
         "Sol", "Tess"]


def assert_labels_apart(page) -> None:
    boxes = page.locator(".score-chart .chart-label").evaluate_all(
        "labels => labels.map(l => { const r = l.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom, l.textContent]; })")
    ticks = page.locator(".score-chart .chart-tick").evaluate_all(
        "ticks => ticks.map(t => { const r = t.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom, t.textContent]; })")
    svg = page.locator(".score-chart").bounding_box()
    for i, a in enumerate(boxes):
        assert svg["x"] <= a[0] and a[2] <= svg["x"] + svg["width"] + 0.5, (a, svg)
        for b in boxes[i + 1:] + ticks:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (a, b)


def assert_every_column_reachable(page, where: str, players: int, fits: bool) -> None:
    """Every player's column is in view, or the cue says to scroll and the hand column stays
    put while the table scrolls to the last player."""
    table = page.locator(f"{where} .standings-scroll")
    hint = page.locator(f"{where} .swipe-hint--many")
    last = table.locator(".standings thead th").last
    expect(last).to_have_text(NAMES[players - 1])
    assert table.evaluate("box => box.scrollWidth <= box.clientWidth + 1") is fits
    if fits:
        expect(hint).to_be_hidden()
        box, shown = last.bounding_box(), table.bounding_box()
        assert box["x"] + box["width"] <= shown["x"] + shown["width"] + 1
        return
    expect(hint).to_be_visible()
    expect(hint).to_contain_text(f"{players} players")
    corner = table.locator(".standings-corner")
    before = corner.bounding_box()["x"]
    table.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
    box, shown = last.bounding_box(), table.bounding_box()
    assert shown["x"] <= box["x"] and box["x"] + box["width"] <= shown["x"] + shown["width"] + 1
    assert corner.bounding_box()["x"] == before


@pytest.mark.parametrize("players, fits", [(9, True), (20, False)])
def test_many_players_on_the_tablet(live_server, open_screen, players, fits):
    screen = open_screen(TABLET)
    page = screen.page
    api_game(page, live_server, NAMES[:players], hands=3, spread=4)  # close totals
    assert_every_column_reachable(page, ".standings-block", players, fits)
    assert_labels_apart(page)
    assert_fits(page, TABLET["width"], TARGETS)
    screen.shot(f"found-standings-{players}-players-tablet")

    page.get_by_role("link", name="Standings").click()
    expect(page.get_by_role("link", name="Standings")).to_have_attribute("aria-current", "page")
    expect(page.locator(".score-chart .chart-label")).to_have_count(players)
    assert_every_column_reachable(page, ".standings-poll", players, fits)
    assert_labels_apart(page)
    assert_fits(page, TABLET["width"], TARGETS)
    screen.shot(f"found-standings-page-{players}-players-tablet")


def test_without_javascript_the_cue_is_always_there(live_server, open_screen):
    page = open_screen(TABLET, javascript=False).page
    api_game(page, live_server, NAMES[:9], hands=1)
    expect(page.locator(".swipe-hint--many")).to_be_visible()


def test_twenty_players_on_a_phone(live_server, open_screen):
    screen = open_screen(PHONE)
    page = screen.page
    api_game(page, live_server, NAMES, hands=3, spread=4)
    assert_every_column_reachable(page, ".standings-block", 20, fits=False)
    screen.shot("found-standings-20-players-phone")
    page.get_by_role("link", name="Standings").click()
    # Measured on the standings page once it is there, not on the game page it replaces.
    expect(page.get_by_role("link", name="Standings")).to_have_attribute("aria-current", "page")
    assert_every_column_reachable(page, ".standings-poll", 20, fits=False)
    assert_labels_apart(page)
    assert_fits(page, PHONE["width"], TARGETS)
    screen.shot("found-standings-page-20-players-phone")
