"""A night of Tonk for stakes on the screens, as the table sees it: four players, five hands
(a tonk out, a caught drop, a drop that wins, the stock run out, a tonk on the deal) made
through the API, then the standings, the history with each hand's payments, and the night
ended from the board, settled in the fewest transfers. On a tablet and a phone.
Screenshots: tonk-ledger-*.png."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import PHONE, TABLET
from .test_game_screens import api_game
from .test_game_screens import assert_touch_targets_and_no_overflow as assert_fits

PLAYERS = ("Ann", "Bob", "Cy", "Dee")


def hand(number: int, ending: str, **fields) -> dict:
    return {"type": "hand_scored", "hand": number, "ending": ending, **fields}


NIGHT = [  # nets after them: Ann +6, Dee +1, Bob −3, Cy −4 (stakes)
    hand(1, "tonk_out", player="Ann"),
    hand(2, "drop", player="Cy", counts={"Ann": 5, "Bob": 9, "Cy": 7, "Dee": 12}),
    hand(3, "drop", player="Bob", counts={"Ann": 20, "Bob": 4, "Cy": 15, "Dee": 9}),
    hand(4, "stock_out", counts={"Ann": 12, "Bob": 6, "Cy": 3, "Dee": 8}),
    hand(5, "tonk_on_deal", tonks=["Dee"]),
]


def night_on(screen, live_server, size: str) -> None:
    page, width = screen.page, (TABLET if size == "tablet" else PHONE)["width"]
    api_game(page, live_server, PLAYERS, ruleset="tonk", events=NIGHT, stake="0.25")
    expect(page.locator(".hand-panel .hand-kicker")).to_have_text("Tonk · until the table ends it · 0.25 a stake")
    expect(page.locator(".standings-ending").nth(1)).to_have_text("drop by Cy, caught")
    expect(page.locator(".board .ranking-item").first).to_contain_text("Ann +6 stakes · 1.50")
    assert_fits(page, width)
    screen.shot(f"tonk-ledger-board-{size}")

    page.get_by_role("link", name="Standings").click()
    expect(page.locator(".settle-up-item")).to_have_count(3)
    expect(page.locator(".ranking-item").last).to_contain_text("Cy −4 stakes · −1.00")
    assert_fits(page, width)
    screen.shot(f"tonk-ledger-standings-{size}")

    page.get_by_role("link", name="History").click()
    caught = page.locator(".history-item", has_text="Hand 2: drop by Cy")
    expect(caught.locator(".history-reason")).to_contain_text("Cy is caught")
    expect(caught.locator(".history-payments li")).to_have_text(
        ["Bob pays Ann 1 stake (0.25)", "Cy pays Ann 2 stakes (0.50)",
         "Dee pays Ann 1 stake (0.25)"])
    assert_fits(page, width)
    screen.shot(f"tonk-ledger-history-{size}")

    page.get_by_role("link", name="Hand", exact=True).click()
    page.get_by_role("link", name="End the night now").click()
    expect(page.locator("h1")).to_have_text("End the night now?")
    page.get_by_role("button", name="End the night").click()
    expect(page.locator(".result-panel .hand-kicker")).to_have_text("Tonk · Night over after 5 hands")
    expect(page.locator(".result-panel .settle-up-item")).to_have_text(
        ["Bob pays Ann 0.75", "Cy pays Ann 0.75", "Cy pays Dee 0.25"])
    assert_fits(page, width)
    screen.shot(f"tonk-ledger-over-{size}")
    page.get_by_role("button", name="Undo: The table ended the night").click()
    expect(page.locator("#hand-title")).to_have_text("Hand 6")


def test_a_night_for_stakes_on_a_tablet(live_server, open_screen):
    night_on(open_screen(TABLET), live_server, "tablet")


def test_a_night_for_stakes_on_a_phone(live_server, open_screen):
    night_on(open_screen(PHONE), live_server, "phone")
