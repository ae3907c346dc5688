"""A whole Bourré night kept on a tablet through the screens (issue 30): four players, an ante
typed "0,25" in a French browser (the setup offers euros), four hands told to the entry form by taps (who played, each player's tricks): a
bourré, a tie that carries the pot (2-2-1), a pot won, and the dealer alone on a turned ace;
then the table ends the night and the game-over screen settles it in the fewest transfers,
the standing pot given back; each player's net the same on the standings, the chart, the
page that asks before ending and the end (issue 37). Screenshots: whole-bourre-*.png."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import TABLET
from .test_accessibility import violations
from .test_game_screens import add_players
from .test_game_screens import assert_touch_targets_and_no_overflow as assert_fits
from .test_tonk_entry import open_entry

PLAYERS = ("Ann", "Bob", "Cy", "Dee")


def tell(page, played, tricks=None, ace=False) -> None:
    """Tap who played and each one's tricks (none tapped: 0), and the trump ace."""
    for name in played:
        page.get_by_role("group", name="Who played?").locator(
            ".chip-choice", has_text=re.compile(f"^{name}$")).click()
    for name, count in (tricks or {}).items():
        page.get_by_role("group", name=name, exact=True).locator(
            ".pot-trick", has_text=re.compile(f"^{count}$")).click()
    if ace:
        page.get_by_role("group", name="Was the turned card an ace?").locator(
            ".chip-choice", has_text="Yes, an ace").click()


def save(page, hand: int, said: str, pot: str) -> None:
    page.get_by_role("button", name=f"Save hand {hand}").click()
    expect(page.locator(".flash")).to_have_text(f"Hand {hand} saved: {said}.")
    expect(page.locator(".pot-now")).to_have_text(f"Pot now {pot}")


def test_a_four_hand_night_with_a_bourre_and_a_carried_pot_ends_settled(live_server,
                                                                         open_screen):
    screen = open_screen(TABLET, locale="fr-FR")
    page = screen.page
    page.goto(f"{live_server}/games/new/bourre")
    add_players(page, PLAYERS)
    page.locator(".chip-choice", has_text=re.compile("^Ann$")).click()
    page.get_by_role("textbox", name="The ante").fill("0,25")
    expect(page.get_by_role("combobox", name="Currency")).to_have_value("EUR")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".hand-kicker")).to_have_text(
        "Bourré · until the table ends it · 0,25 € an ante")

    # 1: everyone plays; Ann 3, Bob 1, Cy 1: Ann takes the 4 antes, Dee went bourré.
    # Cy's trick forgotten first: refused, said beside the tricks, the taps kept.
    open_entry(page, 1)
    tell(page, PLAYERS, {"Ann": 3, "Bob": 1})
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#tricks-error")).to_have_text("The tricks add up to 4; a hand has 5.")
    expect(page.locator("#tricks-error")).to_be_in_viewport()
    assert not violations(page)
    screen.shot("whole-bourre-refused-tablet")
    tell(page, (), {"Cy": 1})
    assert_fits(page, TABLET["width"])
    assert not violations(page)
    screen.shot("whole-bourre-entry-tablet")
    save(page, 1, "Ann takes the pot of 4 antes; Dee went bourré and matches it; everyone "
                  "antes for the next hand", "8 antes · 2,00 €")

    # 2: Dee passes; Ann 2, Bob 2, Cy 1: a tie, the pot is carried and only Cy and Dee ante.
    open_entry(page, 2)
    tell(page, ("Ann", "Bob", "Cy"), {"Ann": 2, "Bob": 2, "Cy": 1})
    save(page, 2, "A tie for the most tricks: the pot of 8 antes is carried; Cy and Dee ante "
                  "for the next hand", "10 antes · 2,50 €")
    expect(page.locator(".standings tbody tr").nth(1)).to_contain_text("pot carried")
    assert_fits(page, TABLET["width"])
    assert not violations(page)
    screen.shot("whole-bourre-carried-tablet")

    # 3: Ann and Bob play; Bob takes the 10 with three tricks.
    open_entry(page, 3)
    tell(page, ("Ann", "Bob"), {"Ann": 2, "Bob": 3})
    save(page, 3, "Bob takes the pot of 10 antes; everyone antes for the next hand",
         "4 antes · 1,00 €")

    # 4: an ace turned, Dee (the dealer) plays and everyone else passes: Dee takes it.
    open_entry(page, 4)
    expect(page.locator("#entry-form")).to_contain_text("If it was, Dee, the dealer, had to play.")
    tell(page, ("Dee",), ace=True)
    save(page, 4, "Dee takes the pot of 4 antes; everyone antes for the next hand",
         "4 antes · 1,00 €")

    # Each net counts a player's ante in the pot standing as still theirs, so the standings,
    # the chart's last point, the page that asks first and the end all say the same.
    shown = ["+7 antes · 1,75 €", "+1 ante · 0,25 €", "−4 antes · −1,00 €", "−4 antes · −1,00 €"]
    expect(page.locator(".ranking .ranking-total")).to_have_text(shown)
    expect(page.locator(".chart-label")).to_have_text(
        ["Ann 1", "★ Bob 7", "Cy −4", "Dee −4"])
    page.get_by_role("link", name="End the night now").click()
    expect(page.locator(".ranking-total")).to_have_text(shown)
    page.get_by_role("button", name="End the night").click()
    panel = page.locator(".result-panel")
    expect(panel.locator(".hand-kicker")).to_have_text("Bourré · Night over after 4 hands")
    expect(panel).to_contain_text("Bob wins")
    expect(panel.locator(".ranking-total")).to_have_text(shown)
    expect(panel.locator(".settle-up-item")).to_have_text(
        ["Cy pays Ann 0,25 €", "Cy pays Bob 0,75 €", "Dee pays Bob 1,00 €"])
    # Who pays whom, what the table waits for, is in view as the night ends: no scrolling.
    expect(panel.locator(".settle-up")).to_be_in_viewport(ratio=1)
    screen.shot("whole-bourre-over-seen-tablet", full_page=False)
    expect(panel).to_contain_text(
        "The pot standing, 4 antes · 1,00 €, goes back to those who put it in: each net "
        "counts a player's part of it as still theirs.")
    assert_fits(page, TABLET["width"])
    assert not violations(page)
    screen.shot("whole-bourre-over-tablet")
