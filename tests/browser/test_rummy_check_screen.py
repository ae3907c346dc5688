"""Can anyone call rummy? (500): a player taps in the discard pile and the table and reads the
answer, on a tablet and on a phone."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import PHONE, TABLET, assert_touch_targets_and_no_overflow
from .test_checker_screen import pick


def tap_into(page, place: str) -> None:
    """Choose where the next cards go: ``pile``, ``new`` or a meld's index."""
    page.locator(f"label.into:has(input[value='{place}'])").click()


def tap_in_pile_and_table(page) -> None:
    """The pile 7♥ 2♣ 9♠ (bottom to top) and a sequence 4♥ 5♥ 6♥ on the table."""
    for suit, rank in (("H", "7"), ("C", "2"), ("S", "9")):
        pick(page, suit, rank)
    tap_into(page, "new")
    pick(page, "H", "4", "5", "6")


def test_tapping_a_pile_and_a_table_in_on_a_tablet(live_server, open_screen):
    screen = open_screen(TABLET)
    page = screen.page
    page.goto(f"{live_server}/rummy/500")
    answer = page.locator("#verdict")
    expect(answer).to_contain_text("Tap in the pile and the table")
    page.evaluate("window.sameDocument = true")

    tap_in_pile_and_table(page)
    expect(answer).to_contain_text("Rummy!")
    expect(answer).to_contain_text("Take from the 3rd card down: the 7♥")
    expect(answer).to_contain_text("lays off on the sequence 4♥ 5♥ 6♥")
    expect(page.locator(".pile-row").nth(0).locator(".picked-card")).to_have_count(3)
    expect(page.locator(".pile-row").nth(1).locator(".picked-card")).to_have_count(3)
    screen.shot("rummy500-tablet-rummy")

    # htmx swapped the screen in place, and the address holds what was tapped.
    assert page.evaluate("window.sameDocument") is True
    expect(page).to_have_url(re.compile(r"pile=7H\+2C\+9S&table=4H\+5H\+6H"))

    # Only the latest discard counts at this table: the buried 7♥ no longer does.
    page.locator("label.deck-choice:has(input[value='top_card'])").click()
    expect(answer).to_contain_text("No rummy")
    expect(answer).to_contain_text("only the top card may be called")
    screen.shot("rummy500-tablet-top-card-only")

    # Taking the 9♠ and the 2♣ back leaves the 7♥ on top: a call again.
    page.get_by_role("button", name="Remove 9♠ from the pile").click()
    page.get_by_role("button", name="Remove 2♣ from the pile").click()
    expect(answer).to_contain_text("Take the top card: the 7♥")

    # Enter in a box checks what was typed; it takes no card back.
    page.get_by_label("Or type the discard pile, bottom card first").fill("7H 2C 9S 3H")
    page.get_by_label("Or type the discard pile, bottom card first").press("Enter")
    expect(answer).to_contain_text("Take the top card: the 3♥")
    expect(page.locator(".pile-row").nth(0).locator(".picked-card")).to_have_count(4)


def test_a_phone_shows_the_answer_and_every_target_is_big_enough(live_server, open_screen):
    screen = open_screen(PHONE)
    page = screen.page
    page.goto(f"{live_server}/rummy/500")
    for suit, rank in (("D", "8"), ("S", "5"), ("H", "5"), ("D", "5")):
        pick(page, suit, rank)
    answer = page.locator("#verdict")
    expect(answer).to_contain_text("Take from the 3rd card down: the 5♠")
    expect(answer).to_contain_text("a group of fives")
    screen.shot("rummy500-phone-pile-meld")

    tap_into(page, "new")
    pick(page, "C", "9", "10")
    expect(page.locator(".pile-row").nth(1)).to_contain_text("needs 3 cards")
    screen.shot("rummy500-phone-meld-being-tapped")
    assert_touch_targets_and_no_overflow(
        page, PHONE["width"], ".rank, .suit-face, .into span, .deck-choice span, .picked-card, "
                              ".button, .typed input")


def test_works_without_javascript(live_server, open_screen):
    page = open_screen(TABLET, javascript=False).page
    page.goto(f"{live_server}/rummy/500?table=4H+5H+6H")
    pick(page, "H", "3")
    answer = page.locator("#verdict")
    expect(answer).to_contain_text("Take the top card: the 3♥")
    page.get_by_label("Or type the discard pile, bottom card first").fill("3H 9S")
    page.get_by_role("button", name="Check").click()
    expect(answer).to_contain_text("Take from the 2nd card down: the 3♥")


def test_the_home_page_leads_there(live_server, open_screen):
    page = open_screen(PHONE).page
    page.goto(live_server)
    page.get_by_role("link", name="Can anyone call rummy?").click()
    expect(page.get_by_role("heading", name=re.compile("can anyone call"))).to_be_visible()
