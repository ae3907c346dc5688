"""FreeCell with real cards, one journey on the tablet: deal game 1, follow ten moves with an
illegal one refused (its rule in words), ask a hint, and replay the solution to the end;
a phone picks the same game up from its link and sees a refusal too."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from referee.core.games.freecell import Position, solve

from .conftest import PHONE, TABLET, assert_touch_targets_and_no_overflow
from .test_accessibility import violations

TARGETS = "main a, main button, main input, main summary"
WORDS = {"cell": "A free cell", "foundation": "The foundation"}


def tap_move(page, card: str, to: str) -> None:
    """A card tapped, then where it goes; the first tap's answer is in view."""
    page.locator("a.fc-card", has_text=card).click()
    where = page.locator(".fc-where-title")
    expect(where).to_contain_text(f"Move {card} to:")
    expect(where).to_be_in_viewport()
    page.locator(".fc-targets button", has_text=WORDS.get(to, to.capitalize())).click()


def test_deal_follow_hint_and_replay_game_one(live_server, open_screen, freecell_solved_once):
    screen = open_screen(TABLET)
    page = screen.page
    page.goto(f"{live_server}/")
    page.get_by_role("link", name="Play FreeCell").click()
    page.locator("summary", has_text="Tap in a layout").click()
    page.get_by_role("link", name="Column 2", exact=True).click()
    page.locator(".fc-pick a", has_text="A♠").click()
    expect(page.get_by_role("status")).to_contain_text(
        "51 cards still to lay; the next goes into column 2.")
    expect(page.locator(".fc-tapped .fc-column").nth(1)).to_contain_text("A♠")
    assert_touch_targets_and_no_overflow(page, TABLET["width"], TARGETS)
    screen.shot("freecell-tablet-tap-in")
    page.get_by_label("Game number").fill("1")
    page.get_by_role("button", name="Deal").click()
    expect(page.locator("h1")).to_have_text("FreeCell game 1")
    columns = page.locator(".fc-column")
    expect(columns).to_have_count(8)
    expect(columns.nth(0).locator(".fc-face")).to_have_text(
        ["J♦", "K♦", "2♠", "4♣", "3♠", "6♦", "6♠"])
    page.get_by_text("Read the layout aloud").click()
    expect(page.locator(".fc-aloud li").first).to_have_text(
        "Column 1, top to bottom: J♦, K♦, 2♠, 4♣, 3♠, 6♦, 6♠.")
    page.locator("summary", has_text="Pick this game up on a phone").click()
    expect(page.locator(".fc-pickup svg")).to_be_visible()
    game_url = page.locator(".fc-address").inner_text()
    assert_touch_targets_and_no_overflow(page, TABLET["width"], TARGETS)
    screen.shot("freecell-tablet-deal")

    phone = open_screen(PHONE)
    phone.page.goto(game_url)
    expect(phone.page.locator(".fc-column")).to_have_count(8)
    assert_touch_targets_and_no_overflow(phone.page, PHONE["width"], TARGETS)
    phone.shot("freecell-phone-deal")
    tap_move(phone.page, "6♣", "column 1")
    refusal = phone.page.get_by_role("alert")
    expect(refusal).to_contain_text("6♣ cannot go on 6♠ in column 1: alternating colours, "
                                    "one lower")
    expect(refusal).to_be_in_viewport()
    phone.shot("freecell-phone-refused")
    phone.page.locator("a.fc-card", has_text="6♣").click()  # chosen, then left while...
    expect(phone.page.locator(".fc-where-title")).to_contain_text("Move 6♣ to:")

    tap_move(page, "6♣", "column 1")
    expect(page.get_by_role("alert")).to_contain_text("alternating colours, one lower")
    assert violations(page) == []
    screen.shot("freecell-tablet-refused")

    for number, move in enumerate(solve(Position.from_game(1)).moves[:10], 1):
        card = move.card.label
        tap_move(page, card, str(move.target))
        expect(page.locator(".fc-share")).to_contain_text(f"Moves so far: {number}.")
        expect(page.get_by_role("status")).to_contain_text(f"Moved {card}")
    # ...the tablet moved on: the phone's move is refused, and it sees the game as it stands.
    phone.page.locator(".fc-targets button", has_text="A free cell").click()
    expect(phone.page.get_by_role("alert")).to_contain_text("Another device moved a card first")
    expect(phone.page.locator(".fc-share")).to_contain_text("Moves so far: 10.")
    page.get_by_role("button", name="Undo").click()
    expect(page.locator(".fc-share")).to_contain_text("Moves so far: 9.")

    page.get_by_role("link", name="Hint").click()
    hint = page.get_by_role("status")
    expect(hint).to_contain_text(re.compile(r"Hint: move \S+ from"))
    expect(page.locator(".fc-hint")).to_have_count(1)
    assert violations(page) == []
    screen.shot("freecell-tablet-hint")

    page.get_by_role("link", name="Solve").click()
    expect(page.locator(".fc-verdict")).to_contain_text("Solvable: a solution in")
    steps = int(re.search(r"in (\d+) moves", page.locator(".fc-verdict").inner_text())[1])
    screen.shot("freecell-tablet-solution")
    for step in range(1, steps + 1):
        page.get_by_role("link", name="Next").click()
        expect(page.locator(".fc-step")).to_contain_text(
            f"Move {step + 1} of {steps}" if step < steps else "every card is home")
    expect(page.locator(".fc-foundations .fc-face")).to_have_text(["K♠", "K♥", "K♦", "K♣"])
    screen.shot("freecell-tablet-solved")
