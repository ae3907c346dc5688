"""A night of Tonk kept for stakes, through the screens (issue 14): the setup with the money a
stake is worth, then hands entered as the table tells them: a drop caught by a lower count (the
counts typed), a tonk on the deal by two players, a tonk out, and a drop saved without a count,
refused beside the count and fixed; then an undo, and a correction on the form as entered.
The standings show each player's net stakes.
Screenshots: tonk-*.png at tablet size and on a phone."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from referee.web.kept.numbers import signed

from .conftest import PHONE, TABLET
from .test_game_screens import add_players
from .test_game_screens import assert_touch_targets_and_no_overflow as assert_fits

PLAYERS = ("Ann", "Bob", "Cy")


def start_tonk(page, live_server, seated: bool = False) -> None:
    """Set up and start a night; ``seated``: this device seated the players already (the
    setup keeps them until the game starts)."""
    page.goto(f"{live_server}/games/new/tonk")
    expect(page.get_by_role("heading", name="New Tonk game")).to_be_visible()
    if seated:
        expect(page.locator(".seat-name")).to_have_count(len(PLAYERS))
    else:
        add_players(page, PLAYERS)
    page.locator(".chip-choice", has_text=re.compile("^Ann$")).click()
    page.get_by_role("textbox", name="Money per stake").fill("$0.25")
    page.get_by_role("combobox", name="Currency").select_option("USD")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#hand-title")).to_contain_text("Hand 1")
    expect(page.locator(".hand-kicker")).to_have_text("Tonk · until the table ends it · $0.25 a stake")


def open_entry(page, hand: int) -> None:
    page.get_by_role("link", name=f"Score hand {hand}").click()
    expect(page.get_by_role("heading", name=f"End of hand {hand}")).to_be_visible()


def choose_ending(page, label: str) -> None:
    page.locator(".settle-ending-buttons .ending-choice", has=page.get_by_text(label, exact=True)).click()


def who(page, name: str) -> None:
    page.locator("[data-settle-who=one] .chip-choice", has_text=re.compile(f"^{name}$")).click()


def save(page, hand: int, said: str) -> None:
    page.get_by_role("button", name=f"Save hand {hand}").click()
    expect(page.locator(".flash")).to_have_text(f"Hand {hand} saved: {said}.")


def assert_totals(page, hand: int, totals: dict[str, int]) -> None:
    row = page.locator(".standings tbody tr").nth(hand - 1)
    expect(row.locator(".running")).to_have_text([signed(v) for v in totals.values()])


def test_a_night_of_tonk_for_stakes_on_a_tablet_and_a_phone(live_server, open_screen):
    screen = open_screen(TABLET)
    page = screen.page
    page.goto(f"{live_server}/games/new/tonk")
    add_players(page, PLAYERS)
    page.get_by_role("textbox", name="Money per stake").fill("0.125")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#stake-error")).to_contain_text("two places after the point")
    assert_fits(page, TABLET["width"])
    screen.shot("tonk-new-refused-tablet")
    start_tonk(page, live_server, seated=True)

    # Hand 1: Cy drops with 7, but Ann holds 5: Cy is caught.
    open_entry(page, 1)
    counts = page.locator("[data-settle-counts]")
    expect(counts).to_be_hidden()  # nothing chosen yet: only the endings show
    expect(page.locator("[data-settle-who=one]")).to_be_hidden()
    choose_ending(page, "Drop")
    expect(page.locator("[data-settle-who=one] legend")).to_have_text("Who dropped?")
    expect(page.locator("[data-settle-who=some]")).to_be_hidden()
    expect(counts).to_be_visible()
    who(page, "Cy")
    for name, count in (("Ann", 5), ("Bob", 9), ("Cy", 7)):
        counts.get_by_label(name).fill(str(count))
    assert_fits(page, TABLET["width"])
    screen.shot("tonk-drop-tablet")
    save(page, 1, "drop by Cy")
    assert_totals(page, 1, {"Ann": 3, "Bob": -1, "Cy": -2})

    # Hand 2: Ann and Bob were both dealt a tonk: a draw.
    open_entry(page, 2)
    choose_ending(page, "Tonk on the deal")
    expect(counts).to_be_hidden()
    expect(page.locator("[data-settle-who=one]")).to_be_hidden()
    some = page.locator("[data-settle-who=some]")
    expect(some.locator("legend")).to_have_text("Who was dealt a tonk?")
    for name in ("Ann", "Bob"):
        some.locator(".chip-choice", has_text=re.compile(f"^{name}$")).click()
    screen.shot("tonk-on-deal-tablet")
    save(page, 2, "tonk on deal by Ann and Bob")
    assert_totals(page, 2, {"Ann": 3, "Bob": -1, "Cy": -2})

    # Hand 3: Bob tonks out; on a phone.
    page.set_viewport_size(PHONE)
    open_entry(page, 3)
    choose_ending(page, "Tonk out")
    expect(page.locator("[data-settle-who=one] legend")).to_have_text("Who tonked out?")
    expect(counts).to_be_hidden()
    who(page, "Bob")
    assert_fits(page, PHONE["width"])
    screen.shot("tonk-out-phone")
    save(page, 3, "tonk out by Bob")
    assert_totals(page, 3, {"Ann": 1, "Bob": 3, "Cy": -4})
    assert_fits(page, PHONE["width"])
    screen.shot("tonk-board-phone")

    # Hand 4: Ann drops, but Cy's count is left out: refused beside it, nothing saved.
    open_entry(page, 4)
    choose_ending(page, "Drop")
    who(page, "Ann")
    counts.get_by_label("Ann").fill("3")
    counts.get_by_label("Bob").fill("12")
    page.get_by_role("button", name="Save hand 4").click()
    expect(page.locator("#count2-error")).to_contain_text("Cy")
    expect(counts.get_by_label("Cy")).to_have_attribute("aria-invalid", "true")
    expect(counts.get_by_label("Bob")).to_have_value("12")  # what was typed stays
    expect(page.locator("[data-settle-who=one] legend")).to_have_text("Who dropped?")
    assert_fits(page, PHONE["width"])
    screen.shot("tonk-refused-phone")
    counts.get_by_label("Cy").fill("20")
    save(page, 4, "drop by Ann")
    assert_totals(page, 4, {"Ann": 3, "Bob": 2, "Cy": -5})

    page.set_viewport_size(TABLET)
    assert_fits(page, TABLET["width"])
    screen.shot("tonk-board-tablet")

    # Undo takes the last hand back, as in every game.
    page.get_by_role("button", name=re.compile("^Undo: Hand 4")).click()
    expect(page.locator(".flash")).to_contain_text("Undone: Hand 4")
    expect(page.get_by_role("link", name="Score hand 4")).to_be_visible()
    assert_totals(page, 3, {"Ann": 1, "Bob": 3, "Cy": -4})

    # Hand 1 corrected: Cy held 4, not 7, so the drop stands. The form comes back as entered.
    page.get_by_role("link", name="Correct hand 1").click()
    expect(page.get_by_role("heading", name="Correct hand 1")).to_be_visible()
    expect(page.get_by_role("radio", name=re.compile("^Drop"))).to_be_checked()
    expect(page.locator("[data-settle-who=one] legend")).to_have_text("Who dropped?")
    expect(page.locator("[data-settle-who=one]").get_by_role("radio", name="Cy")).to_be_checked()
    expect(counts.get_by_label("Bob")).to_have_value("9")
    counts.get_by_label("Cy").fill("4")
    page.get_by_label("Why is hand 1 corrected?").fill("Cy held 4, not 7")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".flash")).to_have_text("Hand 1 corrected: drop by Cy.")
    assert_totals(page, 3, {"Ann": -3, "Bob": 3, "Cy": 0})


def test_without_javascript_every_part_shows_and_what_the_ending_needs_is_saved(
        live_server, open_screen):
    screen = open_screen(PHONE, javascript=False)
    page = screen.page
    start_tonk(page, live_server)
    open_entry(page, 1)
    expect(page.locator("[data-settle-counts]")).to_be_visible()
    expect(page.locator("[data-settle-who=one]")).to_be_visible()
    expect(page.locator("[data-settle-who=some]")).to_be_visible()
    choose_ending(page, "Run out")
    who(page, "Cy")
    assert_fits(page, PHONE["width"])
    screen.shot("tonk-entry-no-js-phone")
    page.locator("[data-settle-counts]").get_by_label("Ann").fill("40")  # not needed: ignored
    save(page, 1, "run out by Cy")
    assert_totals(page, 1, {"Ann": -1, "Bob": -1, "Cy": 2})
