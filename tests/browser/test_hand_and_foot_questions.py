"""Hand and Foot's questions at the table, in a browser: the checker names the pile, "Can we
open?" weighs the melds tapped in against the hand's minimum, "Can we go out?" ticks its
checklist; on a tablet and on a phone."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import PHONE, TABLET, assert_touch_targets_and_no_overflow
from .test_rummy_check_screen import tap_into

TARGETS = (".rank, .suit-face, .into span, .deck-choice span, .picked-card, .button, "
           ".typed input, .step-count")


def tap(page, *ranks: str) -> None:
    """Tap ranks as fast as a player can: melds go by rank alone, so no suit is asked."""
    for rank in ranks:
        page.get_by_role("button", name=rank, exact=True).click()


def test_a_wild_pile_tapped_into_the_checker(live_server, open_screen):
    screen = open_screen(TABLET)
    page = screen.page
    page.goto(f"{live_server}/check/hand-and-foot")
    expect(page.locator(".suits")).to_have_count(0)
    tap(page, "2", "2", "Joker", "Joker", "2", "2", "Joker")
    answer = page.locator("#verdict")
    expect(answer).to_contain_text("A wild pile (7 wild cards), worth 230.")
    screen.shot("hand-and-foot-tablet-checker-wild-pile")

    page.locator("label.deck-choice:has(input[name=short_meld_wilds][value='2'])").click()
    page.get_by_role("button", name="Clear").click()
    tap(page, "K", "K", "2", "Joker")
    expect(answer).to_contain_text("A meld of kings (4 cards, 2 wild), worth 90")
    expect(page).to_have_url(re.compile(r"short_meld_wilds=2"))


def test_melds_tapped_into_can_we_open(live_server, open_screen):
    screen = open_screen(TABLET)
    page = screen.page
    page.goto(f"{live_server}/opening/hand-and-foot")
    page.locator("label.deck-choice:has(input[name=hand][value='2'])").click()
    expect(page.locator(".hands")).to_contain_text("Hand 2 needs 90 to open.")
    tap(page, "K", "K", "K")
    tap_into(page, "new")
    tap(page, "A", "A", "Joker")
    answer = page.locator("#verdict")
    expect(answer).to_contain_text("Worth 120; hand 2 needs 90: you may open")
    expect(page.locator(".pile-row").nth(1)).to_contain_text("Worth 90")
    screen.shot("hand-and-foot-tablet-opening")

    page.locator("label.deck-choice:has(input[name=hand][value='4'])").click()
    expect(answer).to_contain_text("Worth 120; hand 4 needs 150: 30 more needed")
    page.get_by_role("button", name="Remove K♥ from meld 1").click()
    expect(answer).to_contain_text("Not yet")
    expect(page.locator(".pile-row").nth(0)).to_contain_text("needs at least 3 cards")
    screen.shot("hand-and-foot-tablet-opening-illegal")


def test_the_going_out_checklist(live_server, open_screen):
    screen = open_screen(TABLET)
    page = screen.page
    page.goto(f"{live_server}/going-out/hand-and-foot")
    answer = page.locator("#verdict")
    expect(answer).to_contain_text("Not yet")
    for name in ("clean", "dirty", "clean", "dirty", "wild"):
        page.get_by_role("button", name=f"One more: {name} piles").click()
    expect(page.locator("#wild_piles")).to_have_value("1")
    for partner in (1, 2):
        page.locator(f"label.deck-choice:has(input[name=partner{partner}][value=yes])").click()
    expect(answer).to_contain_text("still missing the partner's yes.")
    page.locator("label.deck-choice:has(input[name=asked][value=yes])").click()
    page.locator("label.deck-choice:has(input[name=answer][value=no])").click()
    expect(answer).to_contain_text("Going out anyway after the partner said no costs the team 100.")
    screen.shot("hand-and-foot-tablet-going-out-said-no")
    page.locator("label.deck-choice:has(input[name=answer][value=yes])").click()
    expect(answer).to_contain_text("Yes: the team has its piles")
    # The last answer is tapped at the checklist's foot: the verdict is in view there too.
    expect(answer).to_be_in_viewport(ratio=1)
    expect(answer).to_have_attribute("aria-live", "polite")
    expect(page.locator(".checklist")).not_to_contain_text("not met")
    screen.shot("hand-and-foot-tablet-going-out-yes")


def test_on_a_phone_every_screen_reads_and_every_target_is_big_enough(live_server, open_screen):
    screen = open_screen(PHONE)
    page = screen.page
    page.goto(f"{live_server}/check/hand-and-foot?cards=9S+9H+9D+9C+9S+JK+2H")
    expect(page.locator("#verdict")).to_contain_text("A dirty pile of nines")
    screen.shot("hand-and-foot-phone-checker")
    assert_touch_targets_and_no_overflow(page, PHONE["width"], TARGETS)

    page.goto(f"{live_server}/opening/hand-and-foot?hand=3&table=KS+KH+KD+/+AS+AH+JK")
    expect(page.locator("#verdict")).to_contain_text("Worth 120; hand 3 needs 120: you may open")
    screen.shot("hand-and-foot-phone-opening")
    assert_touch_targets_and_no_overflow(page, PHONE["width"], TARGETS)

    page.goto(f"{live_server}/going-out/hand-and-foot?clean_piles=2&dirty_piles=1&asked=yes")
    expect(page.locator("#verdict")).to_contain_text("1 more dirty pile")
    screen.shot("hand-and-foot-phone-going-out")
    assert_touch_targets_and_no_overflow(page, PHONE["width"], TARGETS)


def test_the_home_page_leads_to_both_questions(live_server, open_screen):
    page = open_screen(PHONE).page
    page.goto(live_server)
    page.get_by_role("link", name="Can we open? in Hand and Foot").click()
    expect(page.get_by_role("heading", name=re.compile("can we open"))).to_be_visible()
    page.goto(live_server)
    page.get_by_role("link", name="Can we go out? in Hand and Foot").click()
    expect(page.get_by_role("heading", name=re.compile("can we go out"))).to_be_visible()


def test_a_going_out_count_stops_at_its_most(live_server, open_screen):
    page = open_screen(TABLET).page
    page.goto(f"{live_server}/going-out/hand-and-foot")
    page.locator("#clean_piles").fill("19")
    page.locator("#clean_piles").press("Tab")
    expect(page.locator("#verdict")).not_to_contain_text("1 more clean pile")
    for _ in range(2):
        page.get_by_role("button", name="One more: clean piles").click()
    expect(page.locator("#clean_piles")).to_have_value("20")
    expect(page.locator(".field-error")).to_have_count(0)
