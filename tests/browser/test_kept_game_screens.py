"""A 500 Rummy game on the screens, as a table sees it: the board and the standings on a tablet
and a phone (negative totals, a hand where the stock ran out), then the game ended early from
the phone. Screenshots: kept-500-*.png."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import PHONE, TABLET
from .test_entry_shapes_screens import TOTAL
from .test_game_screens import api_game, assert_chart_under_standings
from .test_game_screens import assert_touch_targets_and_no_overflow as assert_fits

PLAYERS = ("Ann", "Bo", "Cy", "Dee")


def melded(went_out, hand, **players) -> dict:
    return {"type": "hand_scored", "hand": hand, "went_out": went_out,
            "players": {name: {"melded": m, "held": h} for name, (m, h) in players.items()}}


HANDS = [  # totals after them: Cy 70, Bo 35, Ann 10, Dee 10
    melded("Ann", 1, Ann=(45, 0), Bo=(20, 32), Cy=(0, 15), Dee=(35, 10)),
    melded(None, 2, Ann=(10, 5), Bo=(0, 8), Cy=(35, 5), Dee=(15, 15)),
    melded("Cy", 3, Ann=(0, 40), Bo=(60, 5), Cy=(55, 0), Dee=(5, 20)),
]


def show_board_and_standings(screen, live_server, width: int, size: str) -> None:
    page = screen.page
    api_game(page, live_server, PLAYERS, ruleset="500", events=HANDS)
    expect(page.locator("#hand-title")).to_have_text("Hand 4")
    expect(page.locator(".hand-panel .hand-kicker")).to_have_text("500 Rummy · first to 500")
    expect(page.locator(".deal-size")).to_have_text("Deal 7 cards each")
    expect(page.locator(".standings-ending")).to_have_text("stock ran out")
    expect(page.locator(".board .ranking-item").first).to_contain_text("Cy 70")
    expect(page.locator(".score-chart .chart-grid--zero")).to_have_count(1)
    assert_fits(page, width)
    if size == "tablet":  # side by side: the hand's panel, the standings and chart beside it
        assert_chart_under_standings(page)
    screen.shot(f"kept-500-board-{size}")
    page.get_by_role("link", name="Standings").click()
    expect(page.locator(".standings-heading")).to_have_text("Standings after 3 hands")
    expect(page.locator(".score-chart .chart-label")).to_have_count(len(PLAYERS))
    expect(page.locator(".ranking-item").last).to_contain_text("Dee 10")
    assert_fits(page, width)
    screen.shot(f"kept-500-standings-{size}")


def test_a_500_game_on_a_tablet_and_a_phone_then_ended_early(live_server, open_screen):
    show_board_and_standings(open_screen(TABLET), live_server, TABLET["width"], "tablet")
    phone = open_screen(PHONE)
    show_board_and_standings(phone, live_server, PHONE["width"], "phone")

    page = phone.page
    page.get_by_role("link", name="Hand", exact=True).click()
    page.get_by_role("link", name="End the game now").click()
    expect(page.locator("h1")).to_have_text("End the game now?")
    assert_fits(page, PHONE["width"])
    phone.shot("kept-500-end-phone")
    page.get_by_role("button", name="End the game").click()
    expect(page.locator(".result-panel .winner")).to_have_text("★ Cy wins")
    expect(page.locator(".result-panel .hand-kicker")).to_contain_text("the table ended it")
    assert_fits(page, PHONE["width"])
    phone.shot("kept-500-over-phone")
    page.get_by_role("button", name="Undo: The table ended the game").click()
    expect(page.locator("#hand-title")).to_have_text("Hand 4")


def test_a_long_history_pages_back_to_the_setup(live_server, open_screen):
    """Fifty steps to a page, the newest first shown; older ones a tap away, and back."""
    corrections = [{**melded("Ann", 1, Ann=(45 + n, 0), Bo=(20, 32), Cy=(0, 15), Dee=(35, 10)),
                    "type": "hand_corrected", "reason": f"Recount number {n}"}
                   for n in range(1, 56)]
    phone = open_screen(PHONE)
    page = phone.page
    game_id = api_game(page, live_server, PLAYERS, ruleset="500",
                       events=[HANDS[0], *corrections])  # 56 steps
    page.goto(f"{live_server}/games/{game_id}/history")
    items = page.locator(".history-item")
    expect(items).to_have_count(50)
    expect(items.last).to_contain_text("Recount number 55")
    expect(page.locator(".history")).not_to_contain_text("Game set up")
    assert_fits(page, PHONE["width"])
    phone.shot("kept-history-newest-phone")

    page.get_by_role("link", name="Older steps").click()
    expect(items).to_have_count(7)  # the setup and the first six steps
    expect(items.first).to_contain_text("Game set up: 500 Rummy")
    expect(items.last).to_contain_text("Recount number 5")
    expect(page.get_by_role("link", name="Older steps")).to_have_count(0)
    assert_fits(page, PHONE["width"])
    phone.shot("kept-history-oldest-phone")
    page.get_by_role("link", name="Newest steps").click()
    expect(items).to_have_count(50)


def test_a_correction_answers_where_the_scorer_is_looking(live_server, open_screen):
    """Saved without its reason, the correction comes back with the reason's box in view and
    the keyboard in it; another device's change meanwhile is said where the scorer is typing."""
    tablet = open_screen(TABLET)
    page = tablet.page
    api_game(page, live_server, PLAYERS, ruleset="500", events=[  # each player not out holds
        melded("Ann", 1, Ann=(45, 0), Bo=(20, 32), Cy=(0, 15), Dee=(35, 10)),
        melded(None, 2, Ann=(10, 5), Bo=(0, 8), Cy=(30, 5), Dee=(15, 15)),
        melded("Cy", 3, Ann=(0, 40), Bo=(60, 5), Cy=(55, 0), Dee=(5, 20))])
    board = page.url
    page.get_by_role("link", name="Correct hand 1").click()
    expect(page.get_by_role("heading", name="Correct hand 1")).to_be_visible()
    page.locator(".entry-row").nth(3).get_by_label(TOTAL).last.fill("20")
    page.get_by_role("button", name="Save the correction").click()
    error = page.locator("#reason-error")
    expect(error).to_have_text("Say why hand 1 is corrected, for the history.")
    expect(error).to_be_in_viewport(ratio=1)  # not at the foot of a page shown from its top
    expect(page.get_by_label("Why is hand 1 corrected?")).to_be_focused()
    tablet.shot("kept-correction-no-reason-tablet")

    other = tablet.context.new_page()  # the same scorer on a second screen
    other.goto(board)
    other.get_by_role("button", name="Undo: Hand 3 scored").click()
    expect(other.locator("#hand-title")).to_have_text("Hand 3")
    other.close()
    page.keyboard.type("Dee held 20")
    notice = page.locator("#notice .stale-message")
    expect(notice).to_contain_text("Another device changed this game while this form was open")
    expect(notice).to_have_attribute("role", "status")
    expect(notice).to_be_in_viewport(ratio=1)  # over the form, while the reason is typed
    expect(page.get_by_label("Why is hand 1 corrected?")).to_have_value("Dee held 20")
    assert_fits(page, TABLET["width"])
    tablet.shot("kept-correction-changed-meanwhile-tablet")
