"""The meld checker as a player uses it: tapping cards on a tablet or a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import MIN_TAP, PHONE, TABLET, visible_boxes


def pick(page, suit: str, *ranks: str) -> None:
    """Tap a suit, then ranks, as fast as a player can: no waiting between taps."""
    page.locator(f"label.suit:has(input[value='{suit}'])").click()
    for rank in ranks:
        page.get_by_role("button", name=rank, exact=True).click()


def press_enter_in(page, label: str, typed: str) -> None:
    """Type into a text box and press Enter, which presses the form's first submit button."""
    box = page.get_by_label(label)
    box.fill(typed)
    box.press("Enter")


def expect_picked(page, count: int, first: str) -> None:
    """``count`` cards picked, the first of them still ``first``: none was taken back.

    Ask once the page shows the answer Enter brings: until then the old page shows its cards.
    """
    expect(page.locator(".picked-card")).to_have_count(count)
    expect(page.locator(".picked-card").first).to_have_attribute("aria-label", f"Remove {first}")


def test_tapping_a_run_then_a_repeated_card(live_server, open_screen):
    screen = open_screen(TABLET)
    page = screen.page
    page.goto(f"{live_server}/check/eversol")
    expect(page.get_by_role("radio", name="2")).to_be_checked()  # a table of 4-5 uses 2 decks
    page.evaluate("window.sameDocument = true")

    pick(page, "D", "7", "8", "9", "10")
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Legal run")
    expect(page.locator(".picked-card")).to_have_count(4)
    screen.shot("checker-tablet-legal-run")

    page.get_by_role("button", name="9", exact=True).click()
    expect(verdict).to_contain_text("Not a legal meld")
    expect(verdict).to_contain_text("cannot hold the same card twice (9♦)")
    screen.shot("checker-tablet-repeated-nine")

    # htmx swapped the checker in place: the page was never reloaded.
    assert page.evaluate("window.sameDocument") is True
    expect(page).to_have_url(re.compile(r"cards=7D\+8D\+9D\+10D\+9D"))

    # Tapping a picked card takes it back out.
    page.get_by_role("button", name="Remove 9♦").last.click()
    expect(verdict).to_contain_text("Legal run")


def test_phone_size_run_and_touch_targets(live_server, open_screen):
    screen = open_screen(PHONE)
    page = screen.page
    page.goto(f"{live_server}/check/eversol")
    pick(page, "D", "7", "8", "9", "10")
    expect(page.locator("#verdict")).to_contain_text("Legal run")
    screen.shot("checker-phone-legal-run")
    page.get_by_role("button", name="9", exact=True).click()
    expect(page.locator("#verdict")).to_contain_text("Not a legal meld")
    screen.shot("checker-phone-repeated-nine")

    targets = page.locator(".rank, .suit-face, .deck-choice span, .picked-card, .button, .typed input")
    boxes = visible_boxes(targets)
    assert len(boxes) == targets.count()  # every one of them is on the screen
    for box in boxes:
        assert box["width"] >= MIN_TAP and box["height"] >= MIN_TAP, box
    # Nothing sticks out sideways on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_joker_shows_what_it_stands_for(live_server, open_screen):
    page = open_screen(TABLET).page
    page.goto(f"{live_server}/check/eversol?decks=2")
    pick(page, "H", "5", "6")
    page.get_by_role("button", name="Joker").click()
    pick(page, "H", "8")
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Legal run")
    expect(verdict).to_contain_text("Joker stands for 7♥")


def test_typed_garbage_is_flagged_beside_the_box(live_server, open_screen):
    page = open_screen(TABLET).page
    page.goto(f"{live_server}/check/500")
    page.get_by_label("Or type the cards").fill("9H 10H ZZ")
    page.get_by_role("button", name="Check").click()
    error = page.locator("#cards-error")
    expect(error).to_contain_text("'ZZ'")
    expect(page.get_by_label("Or type the cards")).to_have_attribute("aria-invalid", "true")
    page.get_by_label("Or type the cards").fill("9H 10H JK")
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#verdict")).to_contain_text("Legal sequence")
    expect(error).to_have_count(0)


def test_works_without_javascript(live_server, open_screen):
    page = open_screen(TABLET, javascript=False).page
    page.goto(f"{live_server}/check/basic")
    pick(page, "H", "Q", "K", "A")
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Not a legal meld")
    expect(verdict).to_contain_text("ace is low only")
    page.get_by_role("group", name=re.compile("May an ace be high")).get_by_text(
        "Yes", exact=True).click()
    page.get_by_role("button", name="Check").click()
    expect(verdict).to_contain_text("Legal sequence")


def test_home_lists_every_game(live_server, open_screen):
    screen = open_screen(PHONE)
    page = screen.page
    page.goto(live_server)
    for title in ("Eversol Rummy", "500 Rummy", "Basic Rummy", "Base Rules Rummy"):
        expect(page.get_by_role("heading", name=title)).to_be_visible()
    screen.shot("home-phone")
    page.get_by_role("link", name="Check a meld").first.click()
    expect(page.get_by_role("heading", name=re.compile("Eversol Rummy"))).to_be_visible()


@pytest.mark.parametrize("javascript", [True, False], ids=["htmx", "no-javascript"])
def test_enter_in_the_box_reads_the_typed_cards_and_takes_none_back(
        live_server, open_screen, javascript):
    page = open_screen(TABLET, javascript=javascript).page
    page.goto(f"{live_server}/check/eversol?decks=2")
    pick(page, "D", "7", "8")
    expect_picked(page, 2, "7♦")

    press_enter_in(page, "Or type the cards", "7D 8D 9D 10D")
    expect(page.locator("#verdict")).to_contain_text("Legal run")
    expect_picked(page, 4, "7♦")
    expect(page).to_have_url(re.compile(r"cards=7D\+8D\+9D\+10D"))
