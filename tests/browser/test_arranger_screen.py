"""'Can I go down?' as a player uses it in Eversol's last hand."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, TABLET
from .test_checker_screen import expect_picked, pick, press_enter_in


def test_hand_six_that_fits_and_one_that_does_not(live_server, open_screen):
    screen = open_screen(TABLET)
    page = screen.page
    page.goto(f"{live_server}/arrange/eversol")
    page.locator("label.deck-choice:has(input[name=hand][value='6'])").click()
    contract = page.locator(".contract")
    expect(contract).to_contain_text("one book and two runs")
    expect(contract).to_contain_text("no discard")

    pick(page, "H", "3", "4", "5", "6")
    pick(page, "S", "9", "10", "J")
    page.get_by_role("button", name="Joker").click()
    pick(page, "D", "K")
    pick(page, "C", "K")
    pick(page, "H", "K")
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Yes, you can go down: every card fits")
    expect(verdict).to_contain_text("JK= Q♠")
    expect(verdict).to_contain_text("Nothing left in hand")
    expect(verdict.locator(".meld-row")).to_have_count(3)
    screen.shot("arranger-tablet-hand6-fits")

    pick(page, "C", "2")
    expect(verdict).to_contain_text("Not yet: 1 card would be left")
    expect(verdict.locator(".leftover")).to_contain_text("5 points")
    screen.shot("arranger-tablet-hand6-one-over")


def test_split_melds_name_the_part_that_breaks_the_contract(live_server, open_screen):
    screen = open_screen(PHONE)
    page = screen.page
    page.goto(f"{live_server}/arrange/eversol?hand=2&decks=2")
    page.get_by_label("Already split them?").fill("3H 3S 3D / 7D 8D 9D")
    page.get_by_role("button", name="Check melds").click()
    split = page.locator("#split-verdict")
    expect(split).to_contain_text("Meld 2 is not legal")
    expect(split).to_contain_text("at least 4 cards")
    expect(split.locator(".meld-row--broken")).to_contain_text("9")
    screen.shot("arranger-phone-split-melds")
    page.get_by_label("Already split them?").fill("3H 3S 3D / 7D 8D 9D 10D")
    page.get_by_role("button", name="Check melds").click()
    expect(split).to_contain_text("These melds meet hand 2")


@pytest.mark.parametrize("javascript", [True, False], ids=["htmx", "no-javascript"])
def test_enter_in_a_box_reads_what_was_typed_and_takes_no_card_back(
        live_server, open_screen, javascript):
    page = open_screen(TABLET, javascript=javascript).page
    page.goto(f"{live_server}/arrange/eversol?hand=1&decks=2")
    pick(page, "H", "3")
    pick(page, "S", "3")
    expect_picked(page, 2, "3♥")

    press_enter_in(page, "Or type the cards", "3H 3S 3D 7C 7D 7S")
    expect(page.locator("#verdict")).to_contain_text("Yes, you can go down")
    expect_picked(page, 6, "3♥")
    expect(page).to_have_url(re.compile(r"cards=3H\+3S\+3D\+7C\+7D\+7S"))

    # Enter in the melds box checks the split, and the hand stays as it was.
    press_enter_in(page, "Already split them?", "3H 3S 3D / 7C 7D 7S")
    expect(page.locator("#split-verdict")).to_contain_text("These melds meet hand 1")
    expect_picked(page, 6, "3♥")


def test_hand_and_foot_best_melds_toward_the_chosen_hands_opening(live_server, open_screen):
    screen = open_screen(PHONE)
    page = screen.page
    page.goto(f"{live_server}/arrange/hand-and-foot")
    page.locator("label.deck-choice:has(input[name=hand][value='4'])").click()
    expect(page.locator(".contract")).to_contain_text("Hand 4 of 4 · to open, the first melds "
                                                      "must be worth 150 or more")
    pick(page, "S", "9", "K", "3")
    pick(page, "H", "9", "K", "3")
    pick(page, "D", "9", "2")
    page.get_by_role("button", name="Joker").click()
    verdict = page.locator("#verdict")
    expect(verdict.locator(".meld-row")).to_have_count(2)
    expect(verdict).to_contain_text("hand 4 needs 150 to open: 30 more")
    expect(verdict.locator(".laid-aside")).to_contain_text("3♥")
    expect(verdict.locator(".leftover").first).to_contain_text("5 points")
    screen.shot("arranger-phone-hand-and-foot")
    page.locator("label.deck-choice:has(input[name=hand][value='2'])").click()
    expect(verdict).to_contain_text("Worth 120: enough to open hand 2, which needs 90.")


# Every button of the picker (a rank's, a suit's) where it stands in the viewport, by what it
# picks: the place a finger aims at.
PICKER_BOXES_JS = """buttons => Object.fromEntries(buttons.map(b => {
  const r = b.getBoundingClientRect();
  return [b.value || b.querySelector("input").value, [r.x, r.y, r.width, r.height]];
}))"""
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def test_on_a_phone_no_button_of_the_picker_moves_as_cards_are_picked(live_server, open_screen):
    screen = open_screen(PHONE)
    page = screen.page
    page.goto(f"{live_server}/arrange/basic")
    # A compact bar: the games in one row, not three, so the picker starts high on the screen.
    assert page.locator(".topbar").bounding_box()["height"] <= 120
    buttons = page.locator(".picker .rank, .picker .suit")
    where = buttons.evaluate_all(PICKER_BOXES_JS)
    picked = page.locator(".picked-card")
    hand = [("S", "7"), ("S", "8"), ("S", "9"), ("H", "K"), ("D", "K"), ("C", "K"), ("C", "2")]
    for count, (suit, rank) in enumerate(hand, start=1):
        # Each tap lands where its button stood when the screen was first drawn, as a finger
        # that learned the picker would tap: the right card is picked only if nothing moved.
        x, y, width, height = where[suit]
        page.mouse.click(x + width / 2, y + height / 2)
        expect(page.locator(f"input[name=suit][value={suit}]")).to_be_checked()
        # A king of one suit picked leaves the king of the next to pick once the page has it.
        expect(page.get_by_role("button", name=rank, exact=True)).to_be_enabled()
        x, y, width, height = where[rank]
        page.mouse.click(x + width / 2, y + height / 2)
        expect(picked).to_have_count(count)
        expect(picked.nth(count - 1)).to_have_attribute(
            "aria-label", f"Remove {rank}{SUITS[suit]}")
        assert buttons.evaluate_all(PICKER_BOXES_JS) == where, f"moved after card {count}"
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Best melds")
    expect(verdict.locator(".meld-row")).to_have_count(2)
    expect(verdict.locator(".verdict-head")).to_be_in_viewport()
    screen.shot("arranger-phone-basic-seven-cards")
