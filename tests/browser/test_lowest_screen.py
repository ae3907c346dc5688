"""Who's lowest? (Tonk): a table settling a hand taps one player's cards in, types the others'
counts, taps how the hand ended and who ended it, and reads the ruling: tablet and phone."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import PHONE, TABLET, assert_touch_targets_and_no_overflow
from .test_checker_screen import pick

TARGETS = (".rank, .suit-face, .into span, .deck-choice span, .ending-choice span, .picked-card, "
           ".button, .lowest-name input, .lowest-count input")


def seat(page, number: int):
    return page.locator(".lowest-seat").nth(number)


def name_the_players(page, *names: str) -> None:
    for number, name in enumerate(names):
        page.locator(f"input[name=name{number}]").fill(name)


def settle_a_caught_drop(page) -> None:
    """Ann's 5♠ 5♥ 5♦ 2♣ tapped in (the set aside: 2), Bob 2 and Cy 9 typed; Bob dropped."""
    name_the_players(page, "Ann", "Bob", "Cy")
    page.locator("label.into:has(input[value='0'])").click()
    pick(page, "S", "5")
    pick(page, "H", "5")
    pick(page, "D", "5")
    pick(page, "C", "2")
    expect(seat(page, 0).locator(".picked-card")).to_have_count(4)
    expect(seat(page, 0).locator(".lowest-count")).to_have_text(re.compile(r"Count\s*2"))
    page.locator("input[name=count1]").fill("2")
    page.locator("input[name=count2]").fill("9")
    page.locator("label.ending-choice:has(input[value='drop'])").click()
    expect(page.locator(".lowest-whom legend")).to_contain_text("Who dropped?")
    page.locator(".lowest-whom label.deck-choice", has_text="Bob").click()


def test_a_caught_drop_on_a_tablet(live_server, open_screen):
    screen = open_screen(TABLET)
    page = screen.page
    page.goto(f"{live_server}/lowest/tonk")
    answer = page.locator("#verdict")
    expect(answer).to_contain_text("Tap in each hand, or type its count")
    screen.shot("lowest-tablet-empty")
    page.evaluate("window.sameDocument = true")

    settle_a_caught_drop(page)
    expect(answer).to_contain_text("Bob dropped with 2, but Ann has 2: Bob is caught")
    expect(answer.locator(".lowest-payments li")).to_have_text(
        ["Bob pays Ann 1 stake", "Cy pays Ann 1 stake", "Cy pays Bob 1 stake"])
    expect(answer.locator("tr", has_text="Ann")).to_contain_text("set aside: 5♠ 5♥ 5♦")
    expect(answer.locator("tr", has_text="Cy")).to_contain_text("−2 stakes")
    screen.shot("lowest-tablet-caught-drop")

    # htmx swapped the screen in place, and the address holds the hand as settled.
    assert page.evaluate("window.sameDocument") is True
    expect(page).to_have_url(re.compile(r"ending=drop&who=1"))

    # Taking Ann's 2♣ back leaves her 0: the drop is caught by her alone.
    seat(page, 0).get_by_role("button", name="Remove 2♣ from Ann’s cards").click()
    expect(answer).to_contain_text("Bob dropped with 2, but Ann has 0")


def test_a_phone_settles_it_and_every_target_is_big_enough(live_server, open_screen):
    screen = open_screen(PHONE)
    page = screen.page
    page.goto(f"{live_server}/lowest/tonk")
    settle_a_caught_drop(page)
    answer = page.locator("#verdict")
    expect(answer).to_contain_text("Bob is caught and pays Ann 1 stake")
    screen.shot("lowest-phone-caught-drop")
    assert_touch_targets_and_no_overflow(page, PHONE["width"], TARGETS)

    # A count left out of a drop is asked for beside the player.
    page.locator("input[name=count2]").fill("")
    page.locator("input[name=count2]").press("Enter")
    expect(page.locator("#count2-error")).to_contain_text("needs Cy's count too")
    screen.shot("lowest-phone-missing-count")


def test_an_ending_tapped_while_the_page_is_still_starting_is_answered(live_server,
                                                                     open_screen):
    """A busy tablet draws the page before its scripts run: the tap on how the hand ended,
    made then, still brings the question of who ended it."""
    # htmx held back until the tap is made (its fingerprinted file from the network, not the
    # service worker's cache, so that the route sees it).
    screen = open_screen(TABLET, service_workers="block")
    page = screen.page
    held = []
    page.route(re.compile(r"/static/htmx-[\d.]+\.min\.js"), lambda route: held.append(route))
    page.goto(f"{live_server}/lowest/tonk?players=3&name0=Ann&name1=Bob&name2=Cy",
              wait_until="commit")
    page.locator("label.ending-choice:has(input[value='tonk_out'])").click()
    assert held and page.evaluate("window.htmx === undefined")
    held[0].continue_()
    expect(page.locator(".lowest-whom label.deck-choice")).to_have_text(["Ann", "Bob", "Cy"])
    page.locator(".lowest-whom label.deck-choice", has_text="Bob").click()
    expect(page.locator("#verdict .lowest-payments li")).to_have_text(
        ["Ann pays Bob 2 stakes", "Cy pays Bob 2 stakes"])


def test_works_without_javascript(live_server, open_screen):
    page = open_screen(TABLET, javascript=False).page
    page.goto(f"{live_server}/lowest/tonk?players=2&name0=Ann&name1=Bob&count1=12")
    pick(page, "H", "K")
    expect(seat(page, 0).locator(".lowest-count")).to_have_text(re.compile(r"Count\s*10"))
    page.locator("label.ending-choice:has(input[value='stock_out'])").click()
    page.get_by_role("button", name="Show the ruling").click()
    expect(page.locator("#verdict")).to_contain_text("The stock ran out and Ann has the lowest")


def test_the_home_page_leads_there(live_server, open_screen):
    page = open_screen(PHONE).page
    page.goto(live_server)
    page.get_by_role("link", name="Who’s lowest? in Tonk").click()
    expect(page.get_by_role("heading", name=re.compile("who’s lowest"))).to_be_visible()
