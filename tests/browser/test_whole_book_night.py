"""A whole Authors night on the tablet in children's mode (issue 30): three games, each told
as every player's books with the big + and − (or typed), the books not yet given said as they
change, a count that does not add up refused beside it, a tie sharing the second game, then
the night's games won and its winner. Screenshots: books-children-entry-tablet,
books-children-entry-phone, books-refused-tablet, books-children-board-tablet, books-night-over-tablet."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import PHONE, TABLET
from .test_accessibility import violations
from .test_game_screens import add_players
from .test_game_screens import assert_touch_targets_and_no_overflow as assert_fits


def row(page, name: str):
    return page.locator(".books-row", has=page.locator(".books-name", has_text=re.compile(f"^{name}$")))


def tap_books(page, name: str, count: int) -> None:
    more = page.get_by_role("button", name=f"One book more for {name}")
    for _ in range(count):
        more.click()
    expect(row(page, name).locator("input")).to_have_value(str(count))


def test_an_authors_night_of_three_games_in_childrens_mode(live_server, open_screen):
    screen = open_screen(TABLET)
    page = screen.page
    page.goto(f"{live_server}/games/new/authors")
    add_players(page, ("Ann", "Bo", "Cy"))
    page.locator(".chip-choice", has_text=re.compile("^Ann$")).click()
    page.get_by_role("group", name=re.compile("children's mode")).get_by_text(
        "Yes", exact=True).click()
    page.get_by_label(re.compile("^How many games make the night")).fill("3")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".hand-kicker")).to_have_text("Authors · 3 games")

    # Game 1, tapped: each + draws one more book and says how many are still to give.
    page.get_by_role("link", name="Score game 1").click()
    left = page.locator("#books-left")
    expect(left).to_have_text("13 books not yet given")
    tap_books(page, "Ann", 6)
    tap_books(page, "Bo", 4)
    expect(left).to_have_text("3 books not yet given")
    page.get_by_role("button", name="One book more for Bo").click()
    page.get_by_role("button", name="One book fewer for Bo").click()
    tap_books(page, "Cy", 3)
    expect(left).to_have_text("All 13 books given")
    expect(row(page, "Ann").get_by_role("img", name="Ann: 6 books")
           .locator(".book-picture")).to_have_count(6)
    assert violations(page) == []
    assert_fits(page, TABLET["width"])
    screen.shot("books-children-entry-tablet")
    page.set_viewport_size(PHONE)  # a phone scoring too: the big buttons still fit
    assert_fits(page, PHONE["width"])
    screen.shot("books-children-entry-phone")
    page.set_viewport_size(TABLET)
    page.get_by_role("button", name="Save game 1").click()
    expect(page.locator(".flash")).to_have_text(
        "Game 1 saved: Ann 6 books, Bo 4 books, Cy 3 books.")

    # Game 2, typed: a book short is refused beside the count; then a tie at the top.
    page.get_by_role("link", name="Score game 2").click()
    for name, count in (("Ann", 5), ("Bo", 4), ("Cy", 3)):
        row(page, name).locator("input").fill(str(count))
    expect(left).to_have_text("1 book not yet given")
    page.get_by_role("button", name="Save game 2").click()
    expect(page.locator("#books-error")).to_have_text(
        "The books add up to 12; the deck holds 13, all made by the end.")
    screen.shot("books-refused-tablet")
    row(page, "Bo").locator("input").fill("5")
    page.get_by_role("button", name="Save game 2").click()
    piles = page.locator(".book-piles")
    expect(piles.locator(".book-piles-row.is-winner .book-piles-name")).to_have_text(
        ["Ann won", "Bo won"])
    expect(piles.get_by_role("img", name="Cy: 3 books").locator(".book-picture")).to_have_count(3)
    expect(page.locator(".standings tbody tr").nth(1).locator(".running")).to_have_text(
        ["2", "1", "0"])
    assert violations(page) == []
    assert_fits(page, TABLET["width"])
    screen.shot("books-children-board-tablet")

    # Game 3: Cy's; the night is over after three games, Ann ahead on games won.
    page.get_by_role("link", name="Score game 3").click()
    for name, count in (("Ann", 2), ("Bo", 3), ("Cy", 8)):
        row(page, name).locator("input").fill(str(count))
    page.get_by_role("button", name="Save game 3").click()
    panel = page.locator(".result-panel")
    expect(panel.locator(".hand-kicker")).to_have_text("Authors · Night over after 3 games")
    expect(panel.locator(".winner")).to_have_text("★ Ann wins")
    expect(panel.locator(".winner-total")).to_have_text("with 2 games won")
    expect(panel.locator(".ranking-item")).to_have_text(["1st Ann 2", "tied 2nd Bo 1", "tied 2nd Cy 1"])
    assert violations(page) == []
    assert_fits(page, TABLET["width"])
    screen.shot("books-night-over-tablet")
